//! The Spacer movement graph: board spaces of every page, joined where a Spacer
//! may step from one to the next.
//!
//! Directed, because a forced direction arrow leaves only its own direction.
//! Walls, red lines, obstacles and out-of-bounds spaces remove steps; a door is
//! a step that records the door, so a search can decide which doors it may use.

use std::collections::BTreeMap;
use std::fmt;

use deckplan_schema::{Direction, Edge, EdgeKind, Keyword, Pack, Page, PageId, Space, SpaceKind};

use super::layout::{PackLayout, UNIT};
use crate::movement::{MoveGraph, Node, NodeTable};

/// A space on a given page: the node of every board graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageSpace {
    /// The page.
    pub page: PageId,
    /// The space on it.
    pub space: Space,
}

impl fmt::Display for PageSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.page, self.space)
    }
}

/// A door, named by its page and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DoorRef {
    /// The page the door is drawn on.
    pub page: PageId,
    /// Its number on that page.
    pub number: u16,
    /// The edge it closes.
    pub edge: Edge,
    /// Whether that edge is on the page's outline (a door across a join).
    pub on_outline: bool,
}

impl fmt::Display for DoorRef {
    /// `L1p1 door 2 between E6 and F6`, the form every message uses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.page,
            self.edge.door_place(self.number, self.on_outline)
        )
    }
}

/// Something drawn on an edge that a step crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeMark {
    /// The page it is drawn on.
    pub page: PageId,
    /// The edge.
    pub edge: Edge,
    /// Wall, red line or door.
    pub kind: EdgeKind,
    /// Whether the edge is on its page's outline.
    pub on_outline: bool,
}

/// One way out of a space in a direction: the space reached and what lies on
/// the edges crossed (both pages' outlines when the step crosses a join).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crossing {
    /// The space on the far side.
    pub to: PageSpace,
    /// Walls, red lines and doors on the crossed edge.
    pub marks: Vec<EdgeMark>,
}

impl Crossing {
    /// The wall or red line that blocks this step, if any.
    pub fn blocker(&self) -> Option<EdgeMark> {
        self.marks
            .iter()
            .copied()
            .find(|m| matches!(m.kind, EdgeKind::Wall | EdgeKind::RedLine))
    }

    /// The door on this step, if any (and nothing blocks it).
    pub fn door(&self) -> Option<DoorRef> {
        self.marks.iter().find_map(|m| match m.kind {
            EdgeKind::Door(number) => Some(DoorRef {
                page: m.page,
                number,
                edge: m.edge,
                on_outline: m.on_outline,
            }),
            _ => None,
        })
    }
}

/// Every neighbour of a space in one direction: on the same page, or across a
/// join (more than one when the join is misaligned). Empty at an unjoined page edge.
pub fn crossings(
    pack: &Pack,
    layout: &PackLayout,
    from: PageSpace,
    direction: Direction,
) -> Vec<Crossing> {
    let Some(page) = pack.pages.get(&from.page) else {
        return Vec::new();
    };
    let edge = from.space.side(direction);
    let mark = |page: &Page, edge: Edge| {
        page.edge(edge).map(|f| EdgeMark {
            page: page.id,
            edge,
            kind: f.kind,
            on_outline: edge.on_outline(page.size),
        })
    };
    if let Some(next) = from
        .space
        .step(direction)
        .filter(|s| page.size.contains(*s))
    {
        return vec![Crossing {
            to: PageSpace {
                page: from.page,
                space: next,
            },
            marks: mark(page, edge).into_iter().collect(),
        }];
    }
    let Some(here) = layout.placements.get(&from.page) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (_, other_id) in layout.across(from.page, direction) {
        let (Some(other), Some(there)) =
            (pack.pages.get(&other_id), layout.placements.get(&other_id))
        else {
            continue;
        };
        let vertical_line = matches!(direction, Direction::East | Direction::West);
        // The interval this space covers along the shared line, in layout units.
        let (start, origin, count) = if vertical_line {
            (
                here.y + i64::from(from.space.row) * UNIT,
                there.y,
                other.size.rows,
            )
        } else {
            (
                here.x + i64::from(from.space.col) * UNIT,
                there.x,
                other.size.columns,
            )
        };
        let first = (start - origin).div_euclid(UNIT) - 1;
        for index in first..=first + 2 {
            let Ok(index) = u16::try_from(index) else {
                continue;
            };
            if index >= count {
                continue;
            }
            let lo = origin + i64::from(index) * UNIT;
            if lo.max(start) >= (lo + UNIT).min(start + UNIT) {
                continue;
            }
            let space = match direction {
                Direction::East => Space::new(0, index),
                Direction::West => Space::new(other.size.columns - 1, index),
                Direction::North => Space::new(index, 0),
                Direction::South => Space::new(index, other.size.rows - 1),
            };
            let marks = mark(page, edge)
                .into_iter()
                .chain(mark(other, space.side(direction.opposite())))
                .collect();
            found.push(Crossing {
                to: PageSpace {
                    page: other_id,
                    space,
                },
                marks,
            });
        }
    }
    found
}

/// Whether Spacers can stand on a space: a board space without a printed
/// obstacle or an obstacle terrain tile.
pub fn is_walkable(page: &Page, space: Space) -> bool {
    page.kind(space) == Some(SpaceKind::Board)
        && !page
            .spaces
            .terrain
            .iter()
            .any(|tile| tile.keywords.contains(&Keyword::Obstacle) && tile.spaces.contains(&space))
}

/// A step in the graph: its direction and the door it passes, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Which way the Spacer moves.
    pub direction: Direction,
    /// The closed door on the way, if any.
    pub door: Option<DoorRef>,
}

/// The directed Spacer graph of a whole pack: a [`MoveGraph`] of the spaces
/// Spacers can stand on, found through a dense table per page.
#[derive(Debug, Default)]
pub struct SpacerGraph {
    moves: MoveGraph<PageSpace, Step, SpaceTable>,
}

/// The node of every space of every page: Spacer graph nodes by page.
#[derive(Debug, Default)]
pub struct SpaceTable {
    pages: BTreeMap<PageId, PageNodes>,
}

/// The nodes of one page, one slot per space (`row * columns + col`).
///
/// A dense table instead of a hash map keyed by space: a page can hold
/// millions of spaces, and hashing each lookup dominated building and searching.
#[derive(Debug, Default)]
struct PageNodes {
    columns: u16,
    rows: u16,
    /// Node of each space, `NO_NODE` where Spacers cannot stand.
    nodes: Vec<u32>,
}

const NO_NODE: u32 = u32::MAX;

impl PageNodes {
    fn slot(&self, space: Space) -> Option<usize> {
        (space.col < self.columns && space.row < self.rows)
            .then(|| usize::from(space.row) * usize::from(self.columns) + usize::from(space.col))
    }
}

impl NodeTable<PageSpace> for SpaceTable {
    fn get(&self, key: &PageSpace) -> Option<Node> {
        let page = self.pages.get(&key.page)?;
        let node = *page.nodes.get(page.slot(key.space)?)?;
        (node != NO_NODE).then(|| Node::from_index(node as usize))?
    }

    fn insert(&mut self, key: PageSpace, node: Node) {
        let Some(page) = self.pages.get_mut(&key.page) else {
            return;
        };
        if let Some(slot) = page.slot(key.space).and_then(|at| page.nodes.get_mut(at)) {
            *slot = u32::try_from(node.index()).unwrap_or(NO_NODE);
        }
    }
}

impl SpacerGraph {
    /// Builds the graph over every page of the pack.
    pub fn new(pack: &Pack, layout: &PackLayout) -> Self {
        // Number the spaces Spacers can stand on page by page while filling
        // each page's table, so adding them to the graph needs no look-up.
        let mut table = SpaceTable::default();
        let mut places = Vec::new();
        for page in pack.pages.values() {
            let mut nodes = vec![NO_NODE; page.size.area()];
            for (slot, space) in nodes.iter_mut().zip(page.size.spaces()) {
                if is_walkable(page, space) {
                    *slot = u32::try_from(places.len()).unwrap_or(NO_NODE);
                    places.push(PageSpace {
                        page: page.id,
                        space,
                    });
                }
            }
            table.pages.insert(
                page.id,
                PageNodes {
                    columns: page.size.columns,
                    rows: page.size.rows,
                    nodes,
                },
            );
        }
        // Most spaces have four ways out: reserve up front so the graph is not
        // reallocated (and briefly held twice) while it grows.
        let steps = places.len() * 4;
        let mut moves = MoveGraph::with_places(table, places, steps);
        for from_index in (0..moves.len()).filter_map(Node::from_index) {
            let Some(from) = moves.place(from_index) else {
                continue;
            };
            let Some(page) = pack.pages.get(&from.page) else {
                continue;
            };
            let forced = page
                .spaces
                .forced_arrows
                .get(&from.space)
                .map(|a| a.direction);
            for direction in Direction::ALL {
                if forced.is_some_and(|only| only != direction) {
                    continue;
                }
                // A step within the page needs no `crossings` (which allocates per
                // call): the only mark is whatever is drawn on the shared edge.
                if let Some(next) = from
                    .space
                    .step(direction)
                    .filter(|s| page.size.contains(*s))
                {
                    let edge = from.space.side(direction);
                    let door = match page.edge(edge).map(|f| f.kind) {
                        Some(EdgeKind::Wall | EdgeKind::RedLine) => continue,
                        Some(EdgeKind::Door(number)) => Some(DoorRef {
                            page: page.id,
                            number,
                            edge,
                            on_outline: false,
                        }),
                        _ => None,
                    };
                    let to = PageSpace {
                        page: from.page,
                        space: next,
                    };
                    if let Some(to_index) = moves.node(&to) {
                        moves.add_step(from_index, to_index, Step { direction, door });
                    }
                    continue;
                }
                for crossing in crossings(pack, layout, from, direction) {
                    if crossing.blocker().is_some() {
                        continue;
                    }
                    if let Some(to_index) = moves.node(&crossing.to) {
                        moves.add_step(
                            from_index,
                            to_index,
                            Step {
                                direction,
                                door: crossing.door(),
                            },
                        );
                    }
                }
            }
        }
        Self { moves }
    }

    /// The movement graph itself, for searches (places are [`PageSpace`]s).
    pub fn moves(&self) -> &MoveGraph<PageSpace, Step, SpaceTable> {
        &self.moves
    }

    /// The node of a space, if Spacers can stand on it.
    pub fn node(&self, space: PageSpace) -> Option<Node> {
        self.moves.node(&space)
    }

    /// The space of a node.
    pub fn space(&self, node: Node) -> Option<PageSpace> {
        self.moves.place(node)
    }

    /// Number of spaces Spacers can stand on.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the pack has no such space.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}
