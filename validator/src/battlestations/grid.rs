//! The square grid of a ship, built once and shared by every check and the
//! rules engine: which module covers each square of each level, the module
//! grid, and the movement graph of the squares a character can stand on.
//!
//! The movement graph holds every walkable ship square and the **virtual
//! squares outside the hull**: the non-ship squares that touch a ship square
//! on the same level, side or corner (so a hull walk can turn a corner).
//! Steps join orthogonal neighbours: ship to ship (there are no interior
//! doors), outside to outside along the hull, ship to outside only through an
//! external door, and a ladder square to the ladder square at the same place
//! on the level above or below. Outside squares of different levels never
//! join: no one climbs over or under the ship.

use std::collections::{BTreeMap, HashMap, HashSet};

use deckplan_schema::battlestations::{Content, Module, Ship, Side, Square};

use crate::movement::{MoveGraph, Node};

/// A square of the ship's grid on a level, extended past the ship's edges
/// (outside squares left of column A or above row 1 have negative numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// The level, as an index into the ship's levels (0 on a one-level ship).
    pub level: usize,
    /// Row, from 0 at row 1.
    pub row: i32,
    /// Column, from 0 at column A.
    pub column: i32,
}

impl Cell {
    /// The cell of a ship square.
    pub fn of(level: usize, square: Square) -> Self {
        Self {
            level,
            row: i32::from(square.row),
            column: i32::from(square.column),
        }
    }

    /// The ship square at this cell, when it is on the named grid.
    pub fn square(self) -> Option<Square> {
        Some(Square::new(
            u16::try_from(self.column).ok()?,
            u16::try_from(self.row).ok()?,
        ))
    }

    /// The cell `dx` columns and `dy` rows away on the same level.
    pub fn offset(self, dx: i32, dy: i32) -> Self {
        Self {
            level: self.level,
            row: self.row + dy,
            column: self.column + dx,
        }
    }

    /// The orthogonal neighbour toward `side`.
    pub fn toward(self, side: Side) -> Self {
        let (dx, dy) = side.delta();
        self.offset(dx, dy)
    }
}

/// An external door: its level, the ship square inside it and the side of
/// that square it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DoorAt {
    /// The level, as an index into the ship's levels.
    pub level: usize,
    /// The ship square inside the door.
    pub square: Square,
    /// The side of that square.
    pub side: Side,
}

/// How a step between two places of the movement graph is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Between two ship squares.
    Walk,
    /// Along the hull, between two outside squares.
    Hull,
    /// Through an external door, between a ship square and the outside.
    Door,
    /// Up or down a ladder.
    Ladder,
}

/// What a cell of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// A ship square, covered by a module, with what stands on it.
    Ship {
        /// The covering module's index in the ship's modules (the first, where
        /// modules overlap).
        module: usize,
        /// What stands on the square.
        content: Content,
    },
    /// A virtual square outside the hull, touching it.
    Hull,
    /// Open space, out of contact with the ship.
    Space,
}

/// A ship's squares and movement graph.
#[derive(Debug)]
pub struct ShipGrid<'s> {
    /// The ship.
    pub ship: &'s Ship,
    /// Every ship square: the module covering it (the first, where modules
    /// overlap) and what stands on it, looked up on every step of a search.
    squares: HashMap<Cell, (usize, Content)>,
    /// The ship squares in level and reading order.
    ordered: Vec<Cell>,
    /// The virtual squares outside the hull.
    hull: HashSet<Cell>,
    doors: HashSet<(usize, Square, Side)>,
    slots: BTreeMap<(usize, u16, u16), Vec<usize>>,
    graph: MoveGraph<Cell, Step>,
}

impl<'s> ShipGrid<'s> {
    /// Lays a ship's modules out on its square grid and builds its movement graph.
    pub fn new(ship: &'s Ship) -> Self {
        let size = ship.module_size;
        let mut squares = HashMap::new();
        let mut slots: BTreeMap<(usize, u16, u16), Vec<usize>> = BTreeMap::new();
        for (index, module) in ship.modules.iter().enumerate() {
            slots
                .entry((module.level, module.at.0, module.at.1))
                .or_default()
                .push(index);
            for (square, content) in module.squares(size) {
                squares
                    .entry(Cell::of(module.level, square))
                    .or_insert((index, content));
            }
        }
        let mut ordered: Vec<Cell> = squares.keys().copied().collect();
        ordered.sort_unstable();
        let hull = ordered
            .iter()
            .flat_map(|cell| {
                (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| cell.offset(dx, dy)))
            })
            .filter(|cell| !squares.contains_key(cell))
            .collect();
        let doors = ship
            .doors
            .iter()
            .map(|d| (d.level, d.square, d.side))
            .collect();
        let mut grid = Self {
            ship,
            squares,
            ordered,
            hull,
            doors,
            slots,
            graph: MoveGraph::default(),
        };
        grid.graph = grid.build_graph();
        grid
    }

    fn build_graph(&self) -> MoveGraph<Cell, Step> {
        let mut graph: MoveGraph<Cell, Step> = MoveGraph::default();
        let mut hull: Vec<Cell> = Vec::new();
        for &cell in &self.ordered {
            if self.walkable(cell) {
                graph.add_place(cell);
            }
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let near = cell.offset(dx, dy);
                    if self.region(near) == Region::Hull && graph.node(&near).is_none() {
                        graph.add_place(near);
                        hull.push(near);
                    }
                }
            }
        }
        let cells: Vec<Cell> = graph.nodes().filter_map(|n| graph.place(n)).collect();
        for &cell in &cells {
            let Some(from) = graph.node(&cell) else {
                continue;
            };
            for side in [Side::East, Side::South] {
                let next = cell.toward(side);
                let Some(to) = graph.node(&next) else {
                    continue;
                };
                let step = match (self.region(cell), self.region(next)) {
                    (Region::Ship { .. }, Region::Ship { .. }) => Some(Step::Walk),
                    (Region::Hull, Region::Hull) => Some(Step::Hull),
                    (Region::Ship { .. }, Region::Hull) => {
                        self.has_door(cell, side).then_some(Step::Door)
                    }
                    (Region::Hull, Region::Ship { .. }) => {
                        self.has_door(next, side.opposite()).then_some(Step::Door)
                    }
                    _ => None,
                };
                if let Some(step) = step {
                    graph.add_step(from, to, step);
                    graph.add_step(to, from, step);
                }
            }
            // A ladder joins the same square on the next level up, when that is a ladder too.
            if self.content(cell) == Some(Content::Ladder) {
                let up = Cell {
                    level: cell.level + 1,
                    ..cell
                };
                if self.content(up) == Some(Content::Ladder)
                    && let Some(to) = graph.node(&up)
                {
                    graph.add_step(from, to, Step::Ladder);
                    graph.add_step(to, from, Step::Ladder);
                }
            }
        }
        graph
    }

    /// Squares along a module's side.
    pub fn module_size(&self) -> u16 {
        self.ship.module_size
    }

    /// The module covering a ship square (the first, where modules overlap).
    pub fn module_at(&self, cell: Cell) -> Option<(usize, &'s Module)> {
        let (index, _) = *self.squares.get(&cell)?;
        Some((index, self.ship.modules.get(index)?))
    }

    /// What stands on a ship square.
    pub fn content(&self, cell: Cell) -> Option<Content> {
        self.squares.get(&cell).map(|(_, content)| *content)
    }

    /// What a cell is.
    pub fn region(&self, cell: Cell) -> Region {
        if let Some(&(module, content)) = self.squares.get(&cell) {
            Region::Ship { module, content }
        } else if self.hull.contains(&cell) {
            Region::Hull
        } else {
            Region::Space
        }
    }

    /// Whether a character may stand on a cell: a ship square that is not
    /// blocked, or a virtual square outside the hull.
    pub fn walkable(&self, cell: Cell) -> bool {
        match self.region(cell) {
            Region::Ship { content, .. } => content.is_walkable(),
            Region::Hull => true,
            Region::Space => false,
        }
    }

    /// Whether an external door is on `side` of a ship square.
    pub fn has_door(&self, cell: Cell, side: Side) -> bool {
        cell.square()
            .is_some_and(|square| self.doors.contains(&(cell.level, square, side)))
    }

    /// The external door between a ship square and its orthogonal neighbour
    /// outside, if there is one.
    pub fn door_between(&self, inside: Cell, outside: Cell) -> Option<DoorAt> {
        let side = Side::ALL
            .into_iter()
            .find(|side| inside.toward(*side) == outside)?;
        let square = inside.square()?;
        self.doors
            .contains(&(inside.level, square, side))
            .then_some(DoorAt {
                level: inside.level,
                square,
                side,
            })
    }

    /// Every external door of the ship, in file order.
    pub fn doors(&self) -> impl Iterator<Item = DoorAt> + '_ {
        self.ship.doors.iter().map(|d| DoorAt {
            level: d.level,
            square: d.square,
            side: d.side,
        })
    }

    /// The modules on a module-grid slot of a level.
    pub fn modules_in_slot(&self, level: usize, column: i32, row: i32) -> &[usize] {
        let (Ok(column), Ok(row)) = (u16::try_from(column), u16::try_from(row)) else {
            return &[];
        };
        self.slots
            .get(&(level, column, row))
            .map_or(&[], Vec::as_slice)
    }

    /// Every module-grid slot that holds more than one module, with their indices.
    pub fn crowded_slots(&self) -> impl Iterator<Item = &[usize]> + '_ {
        self.slots
            .values()
            .filter(|m| m.len() > 1)
            .map(Vec::as_slice)
    }

    /// Whether a module's side is on the hull: no module lies next to it on
    /// that side, on its level.
    pub fn is_exterior(&self, module: &Module, side: Side) -> bool {
        let (dx, dy) = side.delta();
        self.modules_in_slot(
            module.level,
            i32::from(module.at.0) + dx,
            i32::from(module.at.1) + dy,
        )
        .is_empty()
    }

    /// The movement graph.
    pub fn graph(&self) -> &MoveGraph<Cell, Step> {
        &self.graph
    }

    /// The node of a cell in the movement graph.
    pub fn node(&self, cell: Cell) -> Option<Node> {
        self.graph.node(&cell)
    }

    /// Every walkable ship square, in level and reading order.
    pub fn ship_cells(&self) -> Vec<Cell> {
        self.ordered
            .iter()
            .copied()
            .filter(|cell| matches!(self.region(*cell), Region::Ship { content, .. } if content.is_walkable()))
            .collect()
    }

    /// The cells a module covers on its level.
    pub fn module_cells<'m>(&self, module: &'m Module) -> impl Iterator<Item = Cell> + 'm {
        let level = module.level;
        module
            .squares(self.ship.module_size)
            .map(move |(square, _)| Cell::of(level, square))
    }
}

/// The walkable ship squares split into the parts a character can walk and
/// climb between (never leaving the hull).
#[derive(Clone, Debug)]
pub struct Connectivity {
    /// The largest part (the first in reading order, on a tie): "the ship".
    pub main: Vec<Cell>,
    /// Every other part, each in level and reading order, the parts in the
    /// order of their first squares.
    pub others: Vec<Vec<Cell>>,
}

impl Connectivity {
    /// Whether a cell is in the main part.
    pub fn in_main(&self, cell: Cell) -> bool {
        self.main.binary_search(&cell).is_ok()
    }
}

impl ShipGrid<'_> {
    /// The parts of the ship a character can move between inside the hull.
    pub fn connectivity(&self) -> Connectivity {
        let inside = |step: &Step| matches!(step, Step::Walk | Step::Ladder);
        let mut seen = std::collections::BTreeSet::new();
        let mut parts: Vec<Vec<Cell>> = Vec::new();
        for cell in self.ship_cells() {
            if seen.contains(&cell) {
                continue;
            }
            let Some(node) = self.node(cell) else {
                continue;
            };
            let mut part: Vec<Cell> = self
                .graph
                .reachable([node], inside)
                .iter()
                .filter_map(|n| self.graph.place(n))
                .collect();
            part.sort_unstable();
            seen.extend(part.iter().copied());
            parts.push(part);
        }
        let biggest = parts
            .iter()
            .enumerate()
            .max_by_key(|(index, part)| (part.len(), std::cmp::Reverse(*index)))
            .map_or(0, |(index, _)| index);
        let main = if parts.is_empty() {
            Vec::new()
        } else {
            parts.remove(biggest)
        };
        Connectivity {
            main,
            others: parts,
        }
    }
}
