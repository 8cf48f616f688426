//! The Spacer movement graph: board spaces of every page, joined where a Spacer
//! may step from one to the next.
//!
//! Directed, because a forced direction arrow leaves only its own direction.
//! Walls, red lines, obstacles and out-of-bounds spaces remove steps; a door is
//! a step that records the door, so a search can decide which doors it may use.

use std::collections::BTreeMap;
use std::fmt;

use deckplan_schema::enormity::{
    Direction, Edge, EdgeKind, Keyword, Pack, Page, PageId, Space, SpaceKind,
};

use rayon::prelude::*;

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

    /// The doors on this step: none, one, or across a join where both
    /// pages draw a door on the shared stretch, one of each page's (the
    /// page left first). Crossing needs every one of them open.
    pub fn doors(&self) -> impl Iterator<Item = DoorRef> + '_ {
        self.marks.iter().filter_map(|m| match m.kind {
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

/// A step in the graph: its direction and the doors it passes, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Which way the Spacer moves.
    pub direction: Direction,
    /// The door on the way, if any (across a join, the one the page left draws
    /// when it draws one).
    pub door: Option<DoorRef>,
    /// Across a join where both pages draw a door on the shared stretch, the
    /// far page's door. Both must be open to pass.
    pub far_door: Option<DoorRef>,
}

impl Step {
    /// Every door on the step, the near one first.
    pub fn doors(&self) -> impl Iterator<Item = DoorRef> {
        self.door.into_iter().chain(self.far_door)
    }
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

impl SpaceTable {
    /// The node of a space, without building a [`PageSpace`].
    fn node_of(&self, page: PageId, space: Space) -> Option<u32> {
        let page = self.pages.get(&page)?;
        let node = *page.nodes.get(page.slot(space)?)?;
        (node != NO_NODE).then_some(node)
    }
}

/// Which spaces of a page Spacers can stand on, one flag per space
/// (`row * columns + col`); [`is_walkable`] for every space at once, with the
/// obstacle tiles marked first instead of searched for each space.
fn walkable(page: &Page) -> Vec<bool> {
    let mut flags: Vec<bool> = page
        .size
        .spaces()
        .map(|space| page.kind(space) == Some(SpaceKind::Board))
        .collect();
    let columns = usize::from(page.size.columns);
    for tile in &page.spaces.terrain {
        if tile.keywords.contains(&Keyword::Obstacle) {
            for space in tile.spaces.iter().filter(|s| page.size.contains(**s)) {
                let slot = usize::from(space.row) * columns + usize::from(space.col);
                if let Some(flag) = flags.get_mut(slot) {
                    *flag = false;
                }
            }
        }
    }
    flags
}

/// What is drawn on each edge of a page, in two dense tables (edges along
/// rows, edges along columns) instead of a look-up in the page's map per step.
struct PageEdges {
    columns: usize,
    /// The edge on the north side of each space, `row * columns + col`.
    north: Vec<Option<EdgeKind>>,
    /// The edge on the east side of each space, `row * columns + col`.
    east: Vec<Option<EdgeKind>>,
}

impl PageEdges {
    fn new(page: &Page) -> Self {
        let columns = usize::from(page.size.columns);
        let mut edges = Self {
            columns,
            north: vec![None; page.size.area()],
            east: vec![None; page.size.area()],
        };
        for (edge, feature) in &page.edges {
            let (space, side) = edge.canonical_side();
            let slot = usize::from(space.row) * columns + usize::from(space.col);
            let table = match side {
                Direction::North => &mut edges.north,
                Direction::East => &mut edges.east,
                // The page outline's south and west sides are never crossed within the page.
                Direction::South | Direction::West => continue,
            };
            if let Some(kind) = table.get_mut(slot) {
                *kind = Some(feature.kind);
            }
        }
        edges
    }

    /// What is drawn on the side of `space` facing `direction`, when the
    /// step stays on the page.
    fn between(&self, space: Space, direction: Direction) -> Option<EdgeKind> {
        let (space, table) = match direction {
            Direction::North => (Some(space), &self.north),
            Direction::East => (Some(space), &self.east),
            Direction::South => (space.step(Direction::South), &self.north),
            Direction::West => (space.step(Direction::West), &self.east),
        };
        let space = space?;
        let slot = usize::from(space.row) * self.columns + usize::from(space.col);
        table.get(slot).copied().flatten()
    }
}

/// Spaces of the pages whose edge tables are held at once while steps are built.
const CHUNK_SPACES: usize = 1 << 20;

/// Spaces in one band of rows, the unit of parallel work.
const BAND_SPACES: usize = 1 << 16;

/// Bands whose steps are worked out before they are added to the graph.
const BANDS_PER_BATCH: usize = 16;

/// The pages in runs of consecutive pages of about [`CHUNK_SPACES`] spaces.
fn chunks<'p, 'a>(pages: &'p [&'a Page]) -> Vec<&'p [&'a Page]> {
    let mut chunks = Vec::new();
    let (mut start, mut spaces) = (0, 0);
    for (index, page) in pages.iter().enumerate() {
        if spaces > 0 && spaces + page.size.area() > CHUNK_SPACES {
            chunks.extend(pages.get(start..index));
            (start, spaces) = (index, 0);
        }
        spaces += page.size.area();
    }
    chunks.extend(pages.get(start..));
    chunks
}

/// The chunk's pages cut into bands of rows of about [`BAND_SPACES`]
/// spaces, in page order, bottom band first: (page index in the chunk, rows).
fn bands(chunk: &[&Page]) -> Vec<(usize, std::ops::Range<u16>)> {
    let mut bands = Vec::new();
    for (index, page) in chunk.iter().enumerate() {
        let columns = usize::from(page.size.columns).max(1);
        let rows = u16::try_from(BAND_SPACES / columns)
            .unwrap_or(u16::MAX)
            .max(1);
        let mut start = 0;
        while start < page.size.rows {
            let end = start.saturating_add(rows).min(page.size.rows);
            bands.push((index, start..end));
            start = end;
        }
    }
    bands
}

/// The steps out of every space of some rows of one page, in the order a
/// single pass adds them: space by space, each in [`Direction::ALL`] order,
/// steps across a join among them. Nodes are numbers from `table`.
fn band_steps(
    pack: &Pack,
    layout: &PackLayout,
    table: &SpaceTable,
    page: &Page,
    edges: &PageEdges,
    rows: std::ops::Range<u16>,
) -> Vec<(u32, u32, Step)> {
    let columns = page.size.columns;
    let spaces = rows.flat_map(|row| (0..columns).map(move |col| Space::new(col, row)));
    let mut steps = Vec::with_capacity(usize::from(columns) * 4);
    // This page's nodes, found once: most steps stay on the page.
    let Some(nodes) = table.pages.get(&page.id) else {
        return steps;
    };
    let node_here = |space: Space| {
        let node = *nodes.nodes.get(nodes.slot(space)?)?;
        (node != NO_NODE).then_some(node)
    };
    for space in spaces {
        let Some(from) = node_here(space) else {
            continue;
        };
        let forced = page.spaces.forced_arrows.get(&space).map(|a| a.direction);
        for direction in Direction::ALL {
            if forced.is_some_and(|only| only != direction) {
                continue;
            }
            // A step within the page needs no `crossings` (which allocates per
            // call): the only mark is whatever is drawn on the shared edge.
            if let Some(next) = space.step(direction).filter(|s| page.size.contains(*s)) {
                let door = match edges.between(space, direction) {
                    Some(EdgeKind::Wall | EdgeKind::RedLine) => continue,
                    Some(EdgeKind::Door(number)) => Some(DoorRef {
                        page: page.id,
                        number,
                        edge: space.side(direction),
                        on_outline: false,
                    }),
                    None => None,
                };
                if let Some(to) = node_here(next) {
                    let far_door = None;
                    steps.push((
                        from,
                        to,
                        Step {
                            direction,
                            door,
                            far_door,
                        },
                    ));
                }
                continue;
            }
            let here = PageSpace {
                page: page.id,
                space,
            };
            for crossing in crossings(pack, layout, here, direction) {
                if crossing.blocker().is_some() {
                    continue;
                }
                if let Some(to) = table.node_of(crossing.to.page, crossing.to.space) {
                    let mut doors = crossing.doors();
                    let (door, far_door) = (doors.next(), doors.next());
                    steps.push((
                        from,
                        to,
                        Step {
                            direction,
                            door,
                            far_door,
                        },
                    ));
                }
            }
        }
    }
    steps
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
    ///
    /// Pages are independent until their steps are added, so each page's
    /// table and steps are worked out in parallel; the steps are then added
    /// page by page, in the order a single pass would add them (space by
    /// space, in [`Direction::ALL`] order), so searches see the same graph on
    /// any number of cores.
    pub fn new(pack: &Pack, layout: &PackLayout) -> Self {
        let pages: Vec<&Page> = pack.pages.values().collect();
        // Which spaces Spacers can stand on, page by page; then number them
        // page after page, so node numbers follow the pages' order.
        let walkable: Vec<Vec<bool>> = pages.par_iter().map(|page| walkable(page)).collect();
        let mut first_node = Vec::with_capacity(pages.len());
        let mut count: usize = 0;
        for flags in &walkable {
            first_node.push(count);
            count += flags.iter().filter(|w| **w).count();
        }
        let tables: Vec<(PageId, PageNodes)> = pages
            .par_iter()
            .zip(walkable)
            .zip(first_node)
            .map(|((page, flags), first)| {
                let mut next = first;
                let nodes = flags
                    .into_iter()
                    .map(|walkable| {
                        if !walkable {
                            return NO_NODE;
                        }
                        let node = u32::try_from(next).unwrap_or(NO_NODE);
                        next += 1;
                        node
                    })
                    .collect();
                let table = PageNodes {
                    columns: page.size.columns,
                    rows: page.size.rows,
                    nodes,
                };
                (page.id, table)
            })
            .collect();
        let table = SpaceTable {
            pages: tables.into_iter().collect(),
        };
        let places = pages.iter().flat_map(|page| {
            let nodes = table.pages.get(&page.id);
            page.size
                .spaces()
                .zip(nodes.map_or(&[][..], |n| n.nodes.as_slice()))
                .filter(|(_, node)| **node != NO_NODE)
                .map(|(space, _)| PageSpace {
                    page: page.id,
                    space,
                })
        });
        let places: Vec<PageSpace> = places.collect();
        // Most spaces have four ways out: reserve up front so the graph is not
        // reallocated (and briefly held twice) while it grows.
        let reserve = places.len() * 4;
        let mut moves = MoveGraph::with_places(table, places, reserve);
        // Steps are worked out a few bands of rows at a time and added before
        // the next, so what waits to be added stays small on any pack.
        for chunk in chunks(&pages) {
            let edges: Vec<PageEdges> = chunk.par_iter().map(|page| PageEdges::new(page)).collect();
            let bands = bands(chunk);
            for batch in bands.chunks(BANDS_PER_BATCH) {
                let steps: Vec<Vec<(u32, u32, Step)>> = batch
                    .par_iter()
                    .filter_map(|(index, rows)| {
                        let (page, edges) = (chunk.get(*index)?, edges.get(*index)?);
                        Some(band_steps(
                            pack,
                            layout,
                            moves.table(),
                            page,
                            edges,
                            rows.clone(),
                        ))
                    })
                    .collect();
                for (from, to, step) in steps.into_iter().flatten() {
                    if let (Some(from), Some(to)) = (
                        Node::from_index(from as usize),
                        Node::from_index(to as usize),
                    ) {
                        moves.add_step(from, to, step);
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
