//! Where a character can end its move actions, with the cheapest way there.
//!
//! The search is over the ship's movement graph, but a square alone is not
//! enough state: the same square reached in the first move action or the
//! second, with MagBoots on or off, before or after the action's first
//! square (the one-square minimum), allows different moves on. So a search
//! state is the square with those three, and its cost is the points spent in
//! the current action: within one state fewer points spent is never worse,
//! which is what lets Dijkstra's search keep one cost per state. Results are
//! ranked by [`Label`] — move action, points spent in it, whether it has
//! moved — the order a player would: fewer move actions first. A brute-force
//! search over every state checks the search in the tests.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};

use super::{Character, PlayState, jet};
use crate::battlestations::grid::{Cell, Region, ShipGrid, Step};

/// One move of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// A step to an orthogonal square (inside, along the hull, or through a door).
    Step(Cell, Step),
    /// A jet move, with the squares its line passes through.
    Jet(Cell, u32),
    /// Switching MagBoots on.
    BootsOn,
    /// Ending one move action and starting the next.
    NextAction,
}

/// How far into the phase a character is: the move action (from 0), the
/// points spent in it, and whether it has moved a square in it yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Label {
    /// The move action, from 0.
    pub action: u8,
    /// Points spent in it.
    pub spent: u32,
    /// Whether it has moved a square (the one-square minimum is used up).
    pub moved: bool,
}

/// A search state: where the character stands and whether its boots are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct At {
    /// The square.
    pub cell: Cell,
    /// Whether MagBoots are on.
    pub boots: bool,
}

/// One move of a path with what it cost and in which move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// The move.
    pub mv: Move,
    /// Points it spent.
    pub points: u32,
    /// The move action it was made in, from 0.
    pub action: u8,
}

/// A square the character can end on. Its way there is walked back from
/// the search on demand ([`Reach::path`]): a big ship has tens of thousands
/// of destinations, and holding every path at once cost gigabytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The square.
    pub to: Cell,
    /// How far into the phase the cheapest way ends.
    pub label: Label,
    /// Points spent over all move actions on the way.
    pub points: u32,
    /// The search state the cheapest way ends in.
    end: Key,
}

/// A peek: the move ends in `into`, the character also still in `stay`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peek {
    /// The square peeked from (the one before the last).
    pub stay: Cell,
    /// The last square.
    pub into: Cell,
    /// How far into the phase the cheapest way ends.
    pub label: Label,
    /// Points spent over all move actions on the way.
    pub points: u32,
    /// The state before the last step, and the last step.
    before: Key,
    last: PathStep,
}

/// Everything a character can do with its move actions from one square.
#[derive(Default)]
pub struct Reach {
    /// Every square it can end on (the start left out), in level and reading order.
    pub destinations: Vec<Destination>,
    /// Every peek, cheapest way each, in order of the two squares.
    pub peeks: Vec<Peek>,
    search: Search,
}

impl Reach {
    /// The cheapest way to a destination, from the start.
    pub fn path(&self, destination: &Destination) -> Vec<PathStep> {
        self.search.path_to(destination.end)
    }

    /// The cheapest way to a peek, from the start; its last move enters `into`.
    pub fn peek_path(&self, peek: &Peek) -> Vec<PathStep> {
        let mut path = self.search.path_to(peek.before);
        path.push(peek.last);
        path
    }

    /// How many search states the search settled: the measure of its work
    /// and memory, bounded by squares × 2 (boots) × 3 (actions) × 2.
    pub fn states(&self) -> usize {
        self.search.settled.len()
    }
}

/// Why a move cannot be searched.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The start is not a square a character can stand on.
    #[error("the moving character's square is not one a character can stand on")]
    BadStart(Cell),
    /// A value out of range.
    #[error("{0}")]
    OutOfRange(String),
}

/// The rules of one character's move on one ship in one play state.
pub struct Rules<'a> {
    /// The ship.
    pub grid: &'a ShipGrid<'a>,
    /// Who stands where.
    pub state: &'a PlayState,
    /// The moving character.
    pub who: Character,
    budgets: Vec<u32>,
    /// Jet targets by square: they depend only on the square, not on how far
    /// into the phase the character is, and a line is costly to trace. Kept
    /// as offsets of a few bytes: a big ship has tens of thousands of squares,
    /// each with up to 440 targets.
    jets: RefCell<HashMap<Cell, Vec<JetTarget>>>,
}

impl<'a> Rules<'a> {
    /// The rules for `who` on `grid` in `state`.
    pub fn new(
        grid: &'a ShipGrid<'a>,
        state: &'a PlayState,
        mut who: Character,
    ) -> Result<Self, MoveError> {
        // Boots already on are boots worn.
        who.magboots |= who.boots_on;
        if !(1..=super::MAX_ACTIONS).contains(&who.actions) {
            return Err(MoveError::OutOfRange(format!(
                "a character has 1 to {} move actions in a phase, not {}",
                super::MAX_ACTIONS,
                who.actions
            )));
        }
        if who.move_value > super::MAX_MOVE
            || who.ooc > super::MAX_MOVE
            || who.run > super::MAX_MOVE
        {
            return Err(MoveError::OutOfRange(format!(
                "move values, runs and OOC penalties above {} are not supported",
                super::MAX_MOVE
            )));
        }
        Ok(Self {
            grid,
            state,
            who,
            budgets: who.budgets(),
            jets: RefCell::default(),
        })
    }

    fn budget(&self, action: u8) -> u32 {
        self.budgets.get(usize::from(action)).copied().unwrap_or(0)
    }

    /// What entering a cell costs: 2 when slagged, else 1; one more outside
    /// the hull unless MagBoots are on.
    pub fn entry_cost(&self, to: Cell, boots: bool) -> u32 {
        let base = if self.state.is_slagged(self.grid, to) {
            2
        } else {
            1
        };
        let outside = matches!(self.grid.region(to), Region::Hull);
        base + u32::from(outside && !boots)
    }

    /// Whether the move may end on a cell.
    pub fn may_end(&self, cell: Cell) -> bool {
        !self.state.has_conscious(cell)
    }

    /// Every move from a state, with the state and label it leads to.
    pub fn successors(&self, at: At, label: Label) -> Vec<(Move, At, Label)> {
        let mut next = Vec::new();
        let budget = self.budget(label.action);
        let left = budget.saturating_sub(label.spent);
        if label.action + 1 < self.who.actions {
            let fresh = Label {
                action: label.action + 1,
                spent: 0,
                moved: false,
            };
            next.push((Move::NextAction, at, fresh));
        }
        if self.who.magboots && !at.boots && left >= 1 {
            let on = Label {
                spent: label.spent + 1,
                ..label
            };
            next.push((Move::BootsOn, At { boots: true, ..at }, on));
        }
        let graph = self.grid.graph();
        if let Some(node) = self.grid.node(at.cell) {
            for (to, step) in graph.steps_from(node) {
                let Some(cell) = graph.place(to) else {
                    continue;
                };
                if !self.who.outside && matches!(self.grid.region(cell), Region::Hull) {
                    continue;
                }
                // A locked door opens outward only.
                if *step == Step::Door && self.state.locked_against(self.grid, at.cell, cell) {
                    continue;
                }
                let cost = self.entry_cost(cell, at.boots);
                let spent = if cost <= left {
                    label.spent + cost
                } else if !label.moved {
                    // The one-square minimum: this square spends the rest of the action.
                    budget.max(label.spent)
                } else {
                    continue;
                };
                let after = Label {
                    spent,
                    moved: true,
                    ..label
                };
                next.push((Move::Step(cell, *step), At { cell, ..at }, after));
            }
        }
        if self.who.jet && left >= 1 {
            let mut jets = self.jets.borrow_mut();
            let targets = jets.entry(at.cell).or_insert_with(|| {
                jet::targets(self.grid, self.state, &self.who, at.cell)
                    .into_iter()
                    .filter_map(|(to, squares)| JetTarget::new(at.cell, to, squares))
                    .collect()
            });
            for target in targets.iter() {
                let (cell, squares) = target.at(at.cell);
                let after = Label {
                    spent: label.spent + 1,
                    moved: true,
                    ..label
                };
                next.push((Move::Jet(cell, squares), At { cell, ..at }, after));
            }
        }
        next
    }

    /// Every square the character can end on from `from`, and every peek.
    pub fn reach(&self, from: Cell) -> Result<Reach, MoveError> {
        if self.grid.node(from).is_none() {
            return Err(MoveError::BadStart(from));
        }
        let search = self.search(from);
        Ok(Reach {
            destinations: self.destinations(&search, from),
            peeks: self.peeks(&search),
            search,
        })
    }

    /// Dijkstra's search over every state from `from`, in label order.
    fn search(&self, from: Cell) -> Search {
        let start = At {
            cell: from,
            boots: self.who.boots_on,
        };
        let first = Label {
            action: 0,
            spent: 0,
            moved: false,
        };
        let mut search = Search::default();
        let mut heap = BinaryHeap::new();
        let mut order: u64 = 0;
        search.best.insert(key(start, first), (first, None));
        heap.push(Reverse((first, order, start)));
        let mut done = HashSet::new();
        while let Some(Reverse((label, _, at))) = heap.pop() {
            if !done.insert(key(at, label)) {
                continue;
            }
            search.settled.push((at, label));
            for (mv, to, after) in self.successors(at, label) {
                let better = search
                    .best
                    .get(&key(to, after))
                    .is_none_or(|(old, _)| after < *old);
                if better {
                    let back = (key(at, label), mv, spent_by(label, after));
                    search.best.insert(key(to, after), (after, Some(back)));
                    order += 1;
                    heap.push(Reverse((after, order, to)));
                }
            }
        }
        search
    }

    /// The cheapest state to end on for every square but the start.
    fn destinations(&self, search: &Search, from: Cell) -> Vec<Destination> {
        let mut ends: BTreeMap<Cell, (Label, Key)> = BTreeMap::new();
        for &(at, label) in &search.settled {
            if at.cell == from || !self.may_end(at.cell) {
                continue;
            }
            let entry = ends.entry(at.cell).or_insert((label, key(at, label)));
            if label < entry.0 {
                *entry = (label, key(at, label));
            }
        }
        ends.into_iter()
            .map(|(to, (label, end))| Destination {
                to,
                label,
                points: search.points_to(end),
                end,
            })
            .collect()
    }

    /// Every peek: one more walking step (not a ladder or a jet) from a
    /// settled state, both squares free of conscious characters, the
    /// cheapest way for each pair of squares.
    fn peeks(&self, search: &Search) -> Vec<Peek> {
        let mut peeks: BTreeMap<(Cell, Cell), PeekStep> = BTreeMap::new();
        for &(at, label) in &search.settled {
            if !self.may_end(at.cell) {
                continue;
            }
            for (mv, _, after) in self.successors(at, label) {
                let Move::Step(into, step) = mv else { continue };
                if step == Step::Ladder || !self.may_end(into) {
                    continue;
                }
                let pair = if at.cell < into {
                    (at.cell, into)
                } else {
                    (into, at.cell)
                };
                if peeks.get(&pair).is_none_or(|(old, ..)| after < *old) {
                    let points = spent_by(label, after);
                    peeks.insert(pair, (after, key(at, label), mv, into, points));
                }
            }
        }
        peeks
            .into_values()
            .map(|(label, before, mv, into, points)| Peek {
                stay: before.0.cell,
                into,
                label,
                points: search.points_to(before) + points,
                before,
                last: PathStep {
                    mv,
                    points,
                    action: label.action,
                },
            })
            .collect()
    }
}

/// What the search found: the best label of every state with the move that
/// reached it, and the states in the order they were settled.
#[derive(Default)]
struct Search {
    best: HashMap<Key, (Label, Option<Back>)>,
    settled: Vec<(At, Label)>,
}

impl Search {
    /// Points spent over the cheapest way to a state, walked back from it
    /// without building the path.
    fn points_to(&self, end: Key) -> u32 {
        let mut total: u32 = 0;
        let mut here = end;
        let mut steps = 0;
        while let Some((_, Some((back, _, points)))) = self.best.get(&here).copied() {
            total += points;
            here = back;
            steps += 1;
            if steps > self.best.len() {
                break;
            }
        }
        total
    }

    /// The cheapest way to a state, walked back from it.
    fn path_to(&self, end: Key) -> Vec<PathStep> {
        let mut path = Vec::new();
        let mut here = end;
        while let Some((label, Some((back, mv, points)))) = self.best.get(&here).copied() {
            path.push(PathStep {
                mv,
                points,
                action: label.action,
            });
            here = back;
            if path.len() > self.best.len() {
                break;
            }
        }
        path.reverse();
        path
    }
}

/// A search state: where the character is, with boots, in which move action,
/// before or after its first square in it.
type Key = (At, u8, bool);

/// How a state was reached: the state before, the move, the points it spent.
type Back = (Key, Move, u32);

/// The cheapest last step of a peek: the label after it, the state before
/// it, the step, the square it enters and its points.
type PeekStep = (Label, Key, Move, Cell, u32);

fn key(at: At, label: Label) -> Key {
    (at, label.action, label.moved)
}

/// The points a move spent, from the labels before and after it.
fn spent_by(before: Label, after: Label) -> u32 {
    if after.action == before.action {
        after.spent.saturating_sub(before.spent)
    } else {
        0
    }
}

/// A jet target as an offset from the square it is jetted from, and the
/// squares its line passes through (ten at most, so each fits a byte).
#[derive(Clone, Copy, Debug)]
struct JetTarget {
    dx: i8,
    dy: i8,
    squares: u8,
}

impl JetTarget {
    fn new(from: Cell, to: Cell, squares: u32) -> Option<Self> {
        Some(Self {
            dx: i8::try_from(to.column - from.column).ok()?,
            dy: i8::try_from(to.row - from.row).ok()?,
            squares: u8::try_from(squares).ok()?,
        })
    }

    fn at(self, from: Cell) -> (Cell, u32) {
        (
            from.offset(i32::from(self.dx), i32::from(self.dy)),
            u32::from(self.squares),
        )
    }
}
