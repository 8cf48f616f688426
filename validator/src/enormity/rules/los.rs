//! Line of sight (`line-of-sight.md`, `img/los-example.png`): a straight line
//! from any corner of the attacker's space to any corner of the target's,
//! decided with exact integer geometry in the pack frame (hundredths of a
//! space), so joined pages, even misaligned ones, are one sheet.
//!
//! A [`SightMap`] indexes what blocks sight for one play state, page by page:
//! the spaces that block (obstacles, out-of-bounds spaces, Intruders,
//! obscuring or obstacle terrain) and the edges that block (walls, red lines,
//! closed and welded doors). A line only looks at the cells it passes through
//! or touches, so a query costs its length, not the page's area.
//!
//! # Interpretations
//!
//! - **Spaces that block** (obstacles, Intruders, obscuring and obstacle
//!   terrain, out-of-bounds spaces): the line is interrupted when it shares
//!   more than a point with the closed square — it passes through the space or
//!   runs along one of its sides. Touching only a corner does not interrupt
//!   (the rule's own words). Out-of-bounds spaces block because the map format
//!   draws no walls between rooms and the out-of-bounds area: the room's
//!   outline is where the `#` cells begin.
//! - **Edges that block** (walls, red lines, closed doors, welded doors): the
//!   line is interrupted by any contact with the segment — crossing it,
//!   running along it, or touching one of its ends part-way along the line.
//!   `los-example.png` marks the line to the second Grin as blocked where it
//!   passes the end of the wall beside the open door, so touching a wall's end
//!   counts; "only touches a corner" is read as being about spaces.
//! - **At the line's own ends** a wall may meet the corner the line starts
//!   from or reaches (every space along a wall has such corners). There the
//!   wall interrupts only if it lies between the space and the line: strictly
//!   inside the angle from the space's diagonal (pointing into the space) to
//!   the line's direction, or anywhere at that corner when the line leaves the
//!   space straight through the corner, diagonally away from it. So a line may
//!   leave along the inside of a corridor wall, but not start on the far side
//!   of a wall the space stands against.
//! - **Doors**: a closed door is a standee on the door line and a welded door
//!   a welded standee; both block like walls. An open door is a gap. (The
//!   rulebook lists walls, not doors; the Harsh Space Rule, `cardinal-rules.md`,
//!   settles it against the players, who need sight to attack.)
//! - **Figures**: Intruders block; Spacers and Blips do not (the rule names
//!   Intruders, and Blips are not miniatures). Neither end blocks its own line:
//!   the attacker's and target's spaces, and any terrain tile covering either,
//!   are ignored.
//! - **Off the board**: across pages, a line that leaves every page (through
//!   the gap beside an L-shaped layout) is interrupted.
//! - A corner shared by both spaces is not a line (it has no length); two
//!   neighbours need a real line between other corners, so a wall between
//!   them hides them from each other.
//! - Among the sixteen corner pairs, a visible answer reports the shortest
//!   clear line; a blocked answer reports the candidate with the fewest
//!   blockers (the shortest among equals) and everything on it.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use deckplan_schema::enormity::{Corner, Edge, EdgeKind, Keyword, PageId, Space, SpaceKind};

use super::blip_move::{Point, point_of};
use super::{DoorState, PlayState};
use crate::enormity::board::layout::UNIT;
use crate::enormity::board::{Board, PageIntersection, PageSpace};

/// What interrupts a line of sight.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SightBlocker {
    /// A wall (black line).
    Wall {
        /// Its page.
        page: PageId,
        /// Its edge.
        edge: Edge,
    },
    /// A red line.
    RedLine {
        /// Its page.
        page: PageId,
        /// Its edge.
        edge: Edge,
    },
    /// A closed or welded door.
    Door {
        /// Its page.
        page: PageId,
        /// Its number.
        number: u16,
        /// Its edge.
        edge: Edge,
        /// Closed or welded.
        state: DoorState,
        /// Whether its edge is on the page outline (a door across a join).
        on_outline: bool,
    },
    /// A printed obstacle.
    Obstacle(PageSpace),
    /// An out-of-bounds space.
    OutOfBounds(PageSpace),
    /// An Intruder.
    Intruder(PageSpace),
    /// An obscuring or obstacle terrain tile (reported once, at the first space the line meets).
    Terrain {
        /// Its page.
        page: PageId,
        /// Its index in the page's terrain list.
        tile: usize,
        /// Its printed name.
        name: Option<String>,
        /// A space of the tile on the line.
        space: Space,
    },
    /// The line leaves every page.
    OffBoard,
}

impl fmt::Display for SightBlocker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Wall { page, edge } => write!(f, "wall on {page} {edge}"),
            Self::RedLine { page, edge } => write!(f, "red line on {page} {edge}"),
            Self::Door {
                page,
                number,
                edge,
                state,
                on_outline,
            } => {
                let how = if *state == DoorState::Welded {
                    "welded"
                } else {
                    "closed"
                };
                write!(
                    f,
                    "{page} {} ({how})",
                    edge.door_place(*number, *on_outline)
                )
            }
            Self::Obstacle(at) => write!(f, "obstacle on {at}"),
            Self::OutOfBounds(at) => write!(f, "out-of-bounds space {at}"),
            Self::Intruder(at) => write!(f, "Intruder on {at}"),
            Self::Terrain {
                page, name, space, ..
            } => match name {
                Some(name) => write!(f, "terrain \"{name}\" on {page} {space}"),
                None => write!(f, "terrain on {page} {space}"),
            },
            Self::OffBoard => f.write_str("the gap between pages"),
        }
    }
}

/// A corner-to-corner line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SightLine {
    /// The attacker's space.
    pub from_space: PageSpace,
    /// The corner of the attacker's space.
    pub from: Corner,
    /// The target's space.
    pub to_space: PageSpace,
    /// The corner of the target's space.
    pub to: Corner,
    /// That corner as an intersection.
    pub from_point: PageIntersection,
    /// That corner as an intersection.
    pub to_point: PageIntersection,
}

/// The answer to "can `from` see `to`?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// Whether some corner-to-corner line is clear.
    pub visible: bool,
    /// With sight, the shortest clear line; without, the line with the fewest
    /// blockers. `None` when both ends are the same space.
    pub line: Option<SightLine>,
    /// What interrupts `line` (empty with sight).
    pub blockers: Vec<SightBlocker>,
}

impl Sight {
    /// The answer as JSON: `visible`, `line` (`from` and `to` as a space and
    /// a corner, `L1p1 C3 ne`) or `null`, and `blockers` (text).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "visible": self.visible,
            "line": self.line.map(|l| serde_json::json!({
                "from": format!("{} {}", l.from_space, l.from.name()),
                "to": format!("{} {}", l.to_space, l.to.name()),
            })),
            "blockers": self.blockers.iter().map(ToString::to_string).collect::<Vec<_>>(),
        })
    }
}

/// Why a question about sight could not be answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SightError {
    /// The space is not on a laid-out page.
    #[error("{0} is not a space of the pack")]
    NoSpace(PageSpace),
}

/// What blocks sight on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Barrier {
    Wall,
    RedLine,
    Door(u16, DoorState),
}

// Cell flags: what blocks on the space, and which of its sides block (so an
// empty cell, the common case, costs one byte read).
const OBSTACLE: u8 = 1;
const OUT_OF_BOUNDS: u8 = 2;
const INTRUDER: u8 = 4;
const TILE: u8 = 8;
const SQUARE: u8 = OBSTACLE | OUT_OF_BOUNDS | INTRUDER | TILE;
const SOUTH_SIDE: u8 = 16;
const NORTH_SIDE: u8 = 32;
const WEST_SIDE: u8 = 64;
const EAST_SIDE: u8 = 128;
const NO_TILE: u32 = u32::MAX;

/// One page's blockers, in arrays over its cells and edges.
#[derive(Debug)]
struct PageSight {
    id: PageId,
    origin: Point,
    columns: i64,
    rows: i64,
    /// Blocking flags by cell, bottom row first.
    cells: Vec<u8>,
    /// Index of the blocking terrain tile by cell, or [`NO_TILE`].
    tiles: Vec<u32>,
    /// Names of the page's tiles.
    tile_names: Vec<Option<String>>,
    /// Horizontal edges, `(rows + 1) × columns`.
    horizontal: Vec<Option<Barrier>>,
    /// Vertical edges, `rows × (columns + 1)`.
    vertical: Vec<Option<Barrier>>,
}

impl PageSight {
    fn cell(&self, x: i64, y: i64) -> Option<usize> {
        (0..self.columns).contains(&x).then_some(())?;
        (0..self.rows).contains(&y).then_some(())?;
        usize::try_from(y * self.columns + x).ok()
    }

    fn horizontal_at(&self, x: i64, y: i64) -> Option<Barrier> {
        if !(0..self.columns).contains(&x) || !(0..=self.rows).contains(&y) {
            return None;
        }
        let i = usize::try_from(y * self.columns + x).ok()?;
        self.horizontal.get(i).copied().flatten()
    }

    fn vertical_at(&self, x: i64, y: i64) -> Option<Barrier> {
        if !(0..=self.columns).contains(&x) || !(0..self.rows).contains(&y) {
            return None;
        }
        let i = usize::try_from(y * (self.columns + 1) + x).ok()?;
        self.vertical.get(i).copied().flatten()
    }

    fn tile_at(&self, space: Space) -> Option<u32> {
        let cell = self.cell(i64::from(space.col), i64::from(space.row))?;
        self.tiles.get(cell).copied().filter(|t| *t != NO_TILE)
    }
}

/// The blockers of a board in one play state, ready for many questions.
#[derive(Debug)]
pub struct SightMap<'b> {
    board: &'b Board<'b>,
    pages: BTreeMap<PageId, PageSight>,
}

/// A corner of a space: which one, where, and the diagonal into the space.
type CornerAt = (Corner, Point, (i64, i64));

/// A line being judged, in the pack frame.
struct Query {
    a: Point,
    b: Point,
    /// Diagonal from `a` into the attacker's space.
    into_a: (i64, i64),
    /// Diagonal from `b` into the target's space.
    into_b: (i64, i64),
    /// The two spaces that never block their own line.
    own: [PageSpace; 2],
    /// The terrain tiles covering them.
    own_tiles: [Option<(PageId, u32)>; 2],
}

/// Where found blockers go: a quick check stops at the first; a full check
/// lists them, and stops once it has more than `limit` (it cannot beat a
/// better line found before).
enum Found<'v> {
    Any(bool),
    All {
        list: &'v mut Vec<SightBlocker>,
        limit: usize,
    },
}

impl Found<'_> {
    /// A quick check.
    fn any() -> Self {
        Self::Any(false)
    }

    /// Records a blocker; `true` when the search can stop.
    fn add(&mut self, blocker: SightBlocker) -> bool {
        match self {
            Self::Any(hit) => {
                *hit = true;
                true
            }
            Self::All { list, limit } => {
                let duplicate = list.iter().any(|b| match (b, &blocker) {
                    (
                        SightBlocker::Terrain { page, tile, .. },
                        SightBlocker::Terrain {
                            page: p2, tile: t2, ..
                        },
                    ) => page == p2 && tile == t2,
                    (b, blocker) => b == blocker,
                });
                if !duplicate {
                    list.push(blocker);
                }
                list.len() > *limit
            }
        }
    }

    /// Whether the search can stop.
    fn done(&self) -> bool {
        match self {
            Self::Any(hit) => *hit,
            Self::All { list, limit } => list.len() > *limit,
        }
    }
}

impl<'b> SightMap<'b> {
    /// Indexes what blocks sight on every laid-out page of the board, with the
    /// Intruders and door states of `state`.
    pub fn new(board: &'b Board<'b>, state: &PlayState) -> Self {
        let mut pages = BTreeMap::new();
        for page in board.pack.pages.values() {
            let Some(placed) = board.layout.placements.get(&page.id) else {
                continue;
            };
            let columns = i64::from(page.size.columns);
            let rows = i64::from(page.size.rows);
            let area = page.size.area();
            let mut sight = PageSight {
                id: page.id,
                origin: Point {
                    x: placed.x,
                    y: placed.y,
                },
                columns,
                rows,
                cells: vec![0; area],
                tiles: vec![NO_TILE; area],
                tile_names: page.spaces.terrain.iter().map(|t| t.name.clone()).collect(),
                horizontal: vec![
                    None;
                    usize::from(page.size.rows + 1) * usize::from(page.size.columns)
                ],
                vertical: vec![
                    None;
                    usize::from(page.size.rows) * usize::from(page.size.columns + 1)
                ],
            };
            for space in page.size.spaces() {
                let flag = match page.kind(space) {
                    Some(SpaceKind::Obstacle) => OBSTACLE,
                    Some(SpaceKind::OutOfBounds) => OUT_OF_BOUNDS,
                    _ => 0,
                };
                set_flag(&mut sight, space, flag);
            }
            for (index, tile) in page.spaces.terrain.iter().enumerate() {
                let blocks = tile
                    .keywords
                    .iter()
                    .any(|k| matches!(k, Keyword::Obscuring | Keyword::Obstacle));
                let Ok(index) = u32::try_from(index) else {
                    continue;
                };
                if !blocks {
                    continue;
                }
                for &space in &tile.spaces {
                    set_flag(&mut sight, space, TILE);
                    if let Some(slot) = sight
                        .cell(i64::from(space.col), i64::from(space.row))
                        .and_then(|c| sight.tiles.get_mut(c))
                    {
                        *slot = index;
                    }
                }
            }
            for (&edge, feature) in &page.edges {
                let barrier = match feature.kind {
                    EdgeKind::Wall => Barrier::Wall,
                    EdgeKind::RedLine => Barrier::RedLine,
                    EdgeKind::Door(number) => match state.door(page.id, number) {
                        DoorState::Open => continue,
                        closed => Barrier::Door(number, closed),
                    },
                };
                let (x, y) = (i64::from(edge.x), i64::from(edge.y));
                let slot = match edge.axis {
                    deckplan_schema::enormity::Axis::Horizontal => usize::try_from(y * columns + x)
                        .ok()
                        .and_then(|i| sight.horizontal.get_mut(i)),
                    deckplan_schema::enormity::Axis::Vertical => {
                        usize::try_from(y * (columns + 1) + x)
                            .ok()
                            .and_then(|i| sight.vertical.get_mut(i))
                    }
                };
                if let Some(slot) = slot {
                    *slot = Some(barrier);
                }
                // Mark the sides on the cells either side of the edge.
                let (low, high) = match edge.axis {
                    deckplan_schema::enormity::Axis::Horizontal => {
                        ((x, y - 1, NORTH_SIDE), (x, y, SOUTH_SIDE))
                    }
                    deckplan_schema::enormity::Axis::Vertical => {
                        ((x - 1, y, EAST_SIDE), (x, y, WEST_SIDE))
                    }
                };
                for (cx, cy, side) in [low, high] {
                    if let Some(cell) = sight.cell(cx, cy).and_then(|c| sight.cells.get_mut(c)) {
                        *cell |= side;
                    }
                }
            }
            pages.insert(page.id, sight);
        }
        for at in state.intruders.keys() {
            if let Some(sight) = pages.get_mut(&at.page) {
                set_flag(sight, at.space, INTRUDER);
            }
        }
        Self { board, pages }
    }

    /// Whether the miniature on `from` has line of sight to `to`, and what
    /// blocks it when it has not.
    pub fn line_of_sight(&self, from: PageSpace, to: PageSpace) -> Result<Sight, SightError> {
        self.judge(from, to, true)
    }

    /// Whether the miniature on `from` has line of sight to `to`, without
    /// working out what blocks it (faster when the answer is no).
    pub fn can_see(&self, from: PageSpace, to: PageSpace) -> Result<bool, SightError> {
        Ok(self.judge(from, to, false)?.visible)
    }

    /// Tries the corner pairs shortest first; with `explain`, finds the best
    /// blocked line when none is clear.
    fn judge(&self, from: PageSpace, to: PageSpace, explain: bool) -> Result<Sight, SightError> {
        let corners = |at: PageSpace| -> Result<Vec<CornerAt>, SightError> {
            Corner::ALL
                .iter()
                .map(|&corner| {
                    let point = PageIntersection {
                        page: at.page,
                        point: at.space.corner(corner),
                    };
                    let p = point_of(self.board, point).ok_or(SightError::NoSpace(at))?;
                    Ok((corner, p, inward(corner)))
                })
                .collect()
        };
        for at in [from, to] {
            let on_page = self.pages.get(&at.page).is_some_and(|p| {
                p.cell(i64::from(at.space.col), i64::from(at.space.row))
                    .is_some()
            });
            if !on_page {
                return Err(SightError::NoSpace(at));
            }
        }
        if from == to {
            return Ok(Sight {
                visible: true,
                line: None,
                blockers: Vec::new(),
            });
        }
        let (from_corners, to_corners) = (corners(from)?, corners(to)?);
        let tile_of = |at: PageSpace| {
            self.pages
                .get(&at.page)
                .and_then(|p| p.tile_at(at.space))
                .map(|t| (at.page, t))
        };
        let own_tiles = [tile_of(from), tile_of(to)];
        let mut pairs: Vec<(i64, SightLine, Query)> = Vec::with_capacity(16);
        for &(fc, a, into_a) in &from_corners {
            for &(tc, b, into_b) in &to_corners {
                // A corner both spaces share is no line: neighbours see each
                // other along real lines or not at all.
                if a == b {
                    continue;
                }
                let length = (b.x - a.x).pow(2) + (b.y - a.y).pow(2);
                let line = SightLine {
                    from_space: from,
                    from: fc,
                    to_space: to,
                    to: tc,
                    from_point: PageIntersection {
                        page: from.page,
                        point: from.space.corner(fc),
                    },
                    to_point: PageIntersection {
                        page: to.page,
                        point: to.space.corner(tc),
                    },
                };
                let query = Query {
                    a,
                    b,
                    into_a,
                    into_b,
                    own: [from, to],
                    own_tiles,
                };
                pairs.push((length, line, query));
            }
        }
        pairs.sort_by_key(|(length, _, _)| *length);
        let crosses_pages = from.page != to.page;
        for (_, line, query) in &pairs {
            if !self.blocked(query, crosses_pages, &mut Found::any()) {
                return Ok(Sight {
                    visible: true,
                    line: Some(*line),
                    blockers: Vec::new(),
                });
            }
        }
        if !explain {
            return Ok(Sight {
                visible: false,
                line: None,
                blockers: Vec::new(),
            });
        }
        let mut best: Option<(SightLine, Vec<SightBlocker>)> = None;
        for (_, line, query) in &pairs {
            let limit = best
                .as_ref()
                .map_or(usize::MAX, |(_, b)| b.len().saturating_sub(1));
            let mut blockers = Vec::new();
            let mut found = Found::All {
                list: &mut blockers,
                limit,
            };
            self.blocked(query, crosses_pages, &mut found);
            if !found.done() && best.as_ref().is_none_or(|(_, b)| blockers.len() < b.len()) {
                best = Some((*line, blockers));
            }
        }
        Ok(Sight {
            visible: false,
            line: best.as_ref().map(|(line, _)| *line),
            blockers: best.map(|(_, b)| b).unwrap_or_default(),
        })
    }

    /// Whether anything interrupts the line; with [`Found::All`], lists it all.
    fn blocked(&self, query: &Query, crosses_pages: bool, found: &mut Found<'_>) -> bool {
        let mut blocked = false;
        if crosses_pages && !self.on_pages(query.a, query.b) {
            blocked = true;
            if found.add(SightBlocker::OffBoard) {
                return true;
            }
        }
        let (min_x, max_x) = (query.a.x.min(query.b.x), query.a.x.max(query.b.x));
        let (min_y, max_y) = (query.a.y.min(query.b.y), query.a.y.max(query.b.y));
        for page in self.pages.values() {
            let (x0, y0) = (page.origin.x, page.origin.y);
            let (x1, y1) = (x0 + page.columns * UNIT, y0 + page.rows * UNIT);
            if max_x < x0 || min_x > x1 || max_y < y0 || min_y > y1 {
                continue;
            }
            if scan_page(page, query, found) {
                blocked = true;
                if found.done() {
                    return true;
                }
            }
        }
        blocked
    }

    /// Whether the segment lies wholly on laid-out pages.
    fn on_pages(&self, a: Point, b: Point) -> bool {
        let mut spans: Vec<(Frac, Frac)> = self
            .pages
            .values()
            .filter_map(|page| {
                clip(
                    a,
                    b,
                    page.origin.x,
                    page.origin.y,
                    page.origin.x + page.columns * UNIT,
                    page.origin.y + page.rows * UNIT,
                )
            })
            .collect();
        spans.sort_by_key(|span| span.0);
        let mut reached = Frac::ZERO;
        for (low, high) in spans {
            if low > reached {
                return false;
            }
            if high > reached {
                reached = high;
            }
        }
        reached >= Frac::ONE
    }
}

/// Sets a blocking flag on a space of the page (ignored off the page).
fn set_flag(sight: &mut PageSight, space: Space, flag: u8) {
    if flag == 0 {
        return;
    }
    if let Some(cell) = sight
        .cell(i64::from(space.col), i64::from(space.row))
        .and_then(|c| sight.cells.get_mut(c))
    {
        *cell |= flag;
    }
}

/// The diagonal from a corner into its space.
fn inward(corner: Corner) -> (i64, i64) {
    match corner {
        Corner::NorthEast => (-1, -1),
        Corner::NorthWest => (1, -1),
        Corner::SouthEast => (-1, 1),
        Corner::SouthWest => (1, 1),
    }
}

/// Whether the miniature on `from` has line of sight to `to` (builds a
/// [`SightMap`] for one question; build one yourself to ask many).
pub fn line_of_sight(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    to: PageSpace,
) -> Result<Sight, SightError> {
    SightMap::new(board, state).line_of_sight(from, to)
}

/// Checks every cell the line passes through or touches on one page.
fn scan_page(page: &PageSight, query: &Query, found: &mut Found<'_>) -> bool {
    let local = |p: Point| (p.x - page.origin.x, p.y - page.origin.y);
    let (a, b) = (local(query.a), local(query.b));
    let line = Local {
        a,
        b,
        into_a: query.into_a,
        into_b: query.into_b,
    };
    let mut blocked = false;
    let mut visit = |x: i64, y: i64| -> bool {
        if let Some(cell) = page.cell(x, y)
            && check_cell(page, query, &line, x, y, cell, found)
        {
            blocked = true;
            return found.done();
        }
        false
    };
    let ((x0, y0), (x1, y1)) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let (dx, dy) = (x1 - x0, y1 - y0);
    let last_col = (page.columns - 1).max(0);
    let last_row = (page.rows - 1).max(0);
    if dx == 0 {
        let (ylo, yhi) = (y0.min(y1), y0.max(y1));
        for x in low_cell(x0).max(0)..=high_cell(x0).min(last_col) {
            for y in low_cell(ylo).max(0)..=high_cell(yhi).min(last_row) {
                if visit(x, y) {
                    return true;
                }
            }
        }
        return blocked;
    }
    // Column by column: the rows the segment touches within the column's slab.
    let (first, last) = (low_cell(x0).max(0), high_cell(x1).min(last_col));
    if let Some(steps) = Slabs::new(x0, y0, dx, dy, first, last) {
        for (x, (ylo, yhi)) in (first..=last).zip(steps) {
            for y in ylo.max(0)..=yhi.min(last_row) {
                if visit(x, y) {
                    return true;
                }
            }
        }
        return blocked;
    }
    // Coordinates too large for i64 products: the same, in i128, column by column.
    for x in first..=last {
        let slab_lo = x0.max(x * UNIT);
        let slab_hi = x1.min((x + 1) * UNIT);
        if slab_lo > slab_hi {
            continue;
        }
        let at = |sx: i64| i128::from(y0) * i128::from(dx) + i128::from(sx - x0) * i128::from(dy);
        let (n0, n1) = (at(slab_lo), at(slab_hi));
        let ylo = low_cell_frac(n0.min(n1), dx).max(0);
        let yhi = high_cell_frac(n0.max(n1), dx).min(last_row);
        for y in ylo..=yhi {
            if visit(x, y) {
                return true;
            }
        }
    }
    blocked
}

/// The rows a segment from `(x0, y0)` rising `dy` over `dx > 0` touches in
/// each column from `first` to `last`, by additions: its height at each grid
/// line is kept as a quotient and remainder of `y · dx` by `UNIT · dx`, so the
/// loop never divides (a division per column was most of the cost of a line).
struct Slabs {
    x0: i64,
    x1: i64,
    whole: i64,
    start: (i64, i64),
    end: (i64, i64),
    step: (i64, i64),
    line: (i64, i64),
    x: i64,
}

impl Slabs {
    /// `None` when the products would overflow i64.
    fn new(x0: i64, y0: i64, dx: i64, dy: i64, first: i64, last: i64) -> Option<Self> {
        let whole = UNIT.checked_mul(dx)?;
        let height = |x: i64| y0.checked_mul(dx)?.checked_add((x - x0).checked_mul(dy)?);
        let split = |n: i64| (n.div_euclid(whole), n.rem_euclid(whole));
        // Check the far end too, so the running sum cannot overflow.
        height(last.checked_add(1)?.checked_mul(UNIT)?)?;
        Some(Self {
            x0,
            x1: x0 + dx,
            whole,
            start: split(height(x0)?),
            end: split(height(x0 + dx)?),
            step: split(UNIT.checked_mul(dy)?),
            line: split(height(first.checked_mul(UNIT)?)?),
            x: first,
        })
    }
}

impl Iterator for Slabs {
    type Item = (i64, i64);

    /// The first and last row touched in the next column.
    fn next(&mut self) -> Option<(i64, i64)> {
        let mut next = (self.line.0 + self.step.0, self.line.1 + self.step.1);
        if next.1 >= self.whole {
            next = (next.0 + 1, next.1 - self.whole);
        }
        let west = if self.x * UNIT <= self.x0 {
            self.start
        } else {
            self.line
        };
        let east = if (self.x + 1) * UNIT >= self.x1 {
            self.end
        } else {
            next
        };
        // A height exactly on a grid line touches the row below too.
        let rows = |(q, r): (i64, i64)| (q - i64::from(r == 0), q);
        let ((a_low, a_high), (b_low, b_high)) = (rows(west), rows(east));
        self.line = next;
        self.x += 1;
        Some((a_low.min(b_low), a_high.max(b_high)))
    }
}

/// The lowest cell whose closed extent contains `v` (a point on a grid line
/// belongs to the cells on both sides).
fn low_cell(v: i64) -> i64 {
    if v.rem_euclid(UNIT) == 0 {
        v.div_euclid(UNIT) - 1
    } else {
        v.div_euclid(UNIT)
    }
}

/// The highest cell whose closed extent contains `v`.
fn high_cell(v: i64) -> i64 {
    v.div_euclid(UNIT)
}

/// [`low_cell`] of the fraction `n / d` (`d > 0`).
fn low_cell_frac(n: i128, d: i64) -> i64 {
    let whole = i128::from(UNIT) * i128::from(d);
    let q = n.div_euclid(whole);
    let q = if n.rem_euclid(whole) == 0 { q - 1 } else { q };
    i64::try_from(q).unwrap_or(i64::MIN)
}

/// [`high_cell`] of the fraction `n / d` (`d > 0`).
fn high_cell_frac(n: i128, d: i64) -> i64 {
    let whole = i128::from(UNIT) * i128::from(d);
    i64::try_from(n.div_euclid(whole)).unwrap_or(i64::MAX)
}

/// A line in page-local coordinates.
struct Local {
    a: (i64, i64),
    b: (i64, i64),
    into_a: (i64, i64),
    into_b: (i64, i64),
}

/// Checks one cell's blocking space and its four sides.
fn check_cell(
    page: &PageSight,
    query: &Query,
    line: &Local,
    x: i64,
    y: i64,
    cell: usize,
    found: &mut Found<'_>,
) -> bool {
    let mut blocked = false;
    let flags = page.cells.get(cell).copied().unwrap_or(0);
    if flags == 0 {
        return false;
    }
    if flags & SQUARE != 0 {
        let space = Space::new(cast(x), cast(y));
        let here = PageSpace {
            page: page.id,
            space,
        };
        let tile = page.tiles.get(cell).copied().unwrap_or(NO_TILE);
        let own_space = query.own.contains(&here);
        let own_tile = query.own_tiles.contains(&Some((page.id, tile)));
        let wanted = if own_space {
            0
        } else if own_tile {
            flags & SQUARE & !TILE
        } else {
            flags & SQUARE
        };
        if wanted != 0 && overlaps_square(line.a, line.b, x * UNIT, y * UNIT) {
            blocked = true;
            let index = usize::try_from(tile).unwrap_or(usize::MAX);
            let blockers = [
                (OBSTACLE, SightBlocker::Obstacle(here)),
                (OUT_OF_BOUNDS, SightBlocker::OutOfBounds(here)),
                (INTRUDER, SightBlocker::Intruder(here)),
            ];
            for (flag, blocker) in blockers {
                if wanted & flag != 0 && found.add(blocker) {
                    return true;
                }
            }
            if wanted & TILE != 0
                && found.add(SightBlocker::Terrain {
                    page: page.id,
                    tile: index,
                    name: page.tile_names.get(index).cloned().flatten(),
                    space,
                })
            {
                return true;
            }
        }
    }
    // Each edge belongs to the cells on both sides, and both touch any line
    // that touches it: look at south and west sides, and at north and east
    // ones only on the page's outline, so each edge is judged once.
    let sides = [
        (SOUTH_SIDE, true, x, y, Edge::horizontal(cast(x), cast(y))),
        (WEST_SIDE, true, x, y, Edge::vertical(cast(x), cast(y))),
        (
            NORTH_SIDE,
            y + 1 == page.rows,
            x,
            y + 1,
            Edge::horizontal(cast(x), cast(y + 1)),
        ),
        (
            EAST_SIDE,
            x + 1 == page.columns,
            x + 1,
            y,
            Edge::vertical(cast(x + 1), cast(y)),
        ),
    ];
    for (side, mine, ex, ey, edge) in sides {
        if flags & side == 0 || !mine {
            continue;
        }
        let barrier = match edge.axis {
            deckplan_schema::enormity::Axis::Horizontal => page.horizontal_at(ex, ey),
            deckplan_schema::enormity::Axis::Vertical => page.vertical_at(ex, ey),
        };
        let Some(barrier) = barrier else {
            continue;
        };
        let (start, end) = edge.ends();
        let p = (i64::from(start.x) * UNIT, i64::from(start.y) * UNIT);
        let r = (i64::from(end.x) * UNIT, i64::from(end.y) * UNIT);
        if !edge_blocks(line, p, r) {
            continue;
        }
        blocked = true;
        let blocker = match barrier {
            Barrier::Wall => SightBlocker::Wall {
                page: page.id,
                edge,
            },
            Barrier::RedLine => SightBlocker::RedLine {
                page: page.id,
                edge,
            },
            Barrier::Door(number, state) => SightBlocker::Door {
                page: page.id,
                number,
                edge,
                state,
                on_outline: edge.on_outline(deckplan_schema::enormity::Size {
                    columns: u16::try_from(page.columns).unwrap_or(u16::MAX),
                    rows: u16::try_from(page.rows).unwrap_or(u16::MAX),
                }),
            },
        };
        if found.add(blocker) {
            return true;
        }
    }
    blocked
}

fn cast(v: i64) -> u16 {
    u16::try_from(v).unwrap_or(u16::MAX)
}

fn cross(u: (i64, i64), v: (i64, i64)) -> i128 {
    i128::from(u.0) * i128::from(v.1) - i128::from(u.1) * i128::from(v.0)
}

fn dot(u: (i64, i64), v: (i64, i64)) -> i128 {
    i128::from(u.0) * i128::from(v.0) + i128::from(u.1) * i128::from(v.1)
}

fn minus(u: (i64, i64), v: (i64, i64)) -> (i64, i64) {
    (u.0 - v.0, u.1 - v.1)
}

/// Whether the segment shares more than a point with the closed square of
/// side [`UNIT`] at `(x0, y0)`.
fn overlaps_square(a: (i64, i64), b: (i64, i64), x0: i64, y0: i64) -> bool {
    let lo = Point { x: x0, y: y0 };
    clip(
        Point { x: a.0, y: a.1 },
        Point { x: b.0, y: b.1 },
        lo.x,
        lo.y,
        lo.x + UNIT,
        lo.y + UNIT,
    )
    .is_some_and(|(enter, exit)| enter < exit)
}

/// Where a segment from `a` to `b` is inside the closed box: the parameter
/// range `[enter, exit]` along it (Liang–Barsky, exact), if any.
fn clip(a: Point, b: Point, x0: i64, y0: i64, x1: i64, y1: i64) -> Option<(Frac, Frac)> {
    let mut enter = Frac::ZERO;
    let mut exit = Frac::ONE;
    for (start, delta, low, high) in [(a.x, b.x - a.x, x0, x1), (a.y, b.y - a.y, y0, y1)] {
        if delta == 0 {
            if start < low || start > high {
                return None;
            }
            continue;
        }
        let t_low = Frac::new(i128::from(low - start), i128::from(delta));
        let t_high = Frac::new(i128::from(high - start), i128::from(delta));
        let (near, far) = if t_low <= t_high {
            (t_low, t_high)
        } else {
            (t_high, t_low)
        };
        if near > enter {
            enter = near;
        }
        if far < exit {
            exit = far;
        }
    }
    (enter <= exit).then_some((enter, exit))
}

/// An exact fraction with a positive denominator.
#[derive(Clone, Copy, Debug)]
struct Frac {
    n: i128,
    d: i128,
}

impl Frac {
    const ZERO: Self = Self { n: 0, d: 1 };
    const ONE: Self = Self { n: 1, d: 1 };

    fn new(n: i128, d: i128) -> Self {
        if d < 0 {
            Self { n: -n, d: -d }
        } else {
            Self { n, d }
        }
    }
}

impl PartialEq for Frac {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Frac {}

impl PartialOrd for Frac {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Frac {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.n * other.d).cmp(&(other.n * self.d))
    }
}

/// Whether a blocking edge from `p` to `r` interrupts the line.
fn edge_blocks(line: &Local, p: (i64, i64), r: (i64, i64)) -> bool {
    let (a, b) = (line.a, line.b);
    let d = minus(b, a);
    let e = minus(r, p);
    let w = minus(p, a);
    let denom = cross(d, e);
    // The contact's parameter along the line, as (numerator, denominator).
    let (t, whole) = if denom != 0 {
        let (mut t, mut s, mut den) = (cross(w, e), cross(w, d), denom);
        if den < 0 {
            t = -t;
            s = -s;
            den = -den;
        }
        if t < 0 || t > den || s < 0 || s > den {
            return false;
        }
        (t, den)
    } else {
        if cross(w, d) != 0 {
            return false;
        }
        // Collinear: compare the projections on the line.
        let length = dot(d, d);
        let (tp, tr) = (dot(w, d), dot(minus(r, a), d));
        let low = tp.min(tr).max(0);
        let high = tp.max(tr).min(length);
        match low.cmp(&high) {
            Ordering::Less => return true,
            Ordering::Greater => return false,
            Ordering::Equal => (low, length),
        }
    };
    if t == 0 {
        corner_blocks(a, line.into_a, d, p, r)
    } else if t == whole {
        corner_blocks(b, line.into_b, minus(a, b), p, r)
    } else {
        // Crossing, or touching an end part-way along: interrupted.
        true
    }
}

/// At an end `at` of the line, leaving in direction `out`, whether the edge
/// `p`–`r` through `at` lies between the space (diagonal `into`) and the line.
fn corner_blocks(
    at: (i64, i64),
    into: (i64, i64),
    out: (i64, i64),
    p: (i64, i64),
    r: (i64, i64),
) -> bool {
    let across = cross(into, out);
    if across == 0 {
        // Straight through the corner: away from the space crosses whatever is there.
        return dot(into, out) < 0;
    }
    [p, r].into_iter().filter(|q| *q != at).any(|q| {
        let h = minus(q, at);
        let h = (h.0.signum(), h.1.signum());
        cross(into, h).signum() == across.signum() && cross(h, out).signum() == across.signum()
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use deckplan_schema::enormity::Direction;

    use super::*;
    use crate::enormity::rules::testing::{
        at as space, fixture, intruder, pack_of, single_page_pack,
    };

    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn sees(board: &Board<'_>, state: &PlayState, from: &str, to: &str) -> Sight {
        let forward = line_of_sight(board, state, space(from), space(to)).unwrap();
        let back = line_of_sight(board, state, space(to), space(from)).unwrap();
        assert_eq!(
            forward.visible, back.visible,
            "{from} → {to} is not symmetric"
        );
        forward
    }

    /// The line from a corner of one space of L1p1 to a corner of another, as
    /// the sight map checks it (neither space covered by terrain).
    fn corner_line(
        board: &Board<'_>,
        (from, from_corner): (&str, Corner),
        (to, to_corner): (&str, Corner),
    ) -> Query {
        let point = |name: &str, corner| {
            let point = space(name).space.corner(corner);
            point_of(board, PageIntersection { page: L1P1, point }).unwrap()
        };
        Query {
            a: point(from, from_corner),
            b: point(to, to_corner),
            into_a: inward(from_corner),
            into_b: inward(to_corner),
            own: [space(from), space(to)],
            own_tiles: [None, None],
        }
    }

    /// `img/los-example.png`, fixture `los-example` (5×4): Juliet on `B5`; a
    /// wall along the north side of row C except two open doors over C3 and
    /// C4. (1) The Grin on `D2` is seen through the doors — the picture's line
    /// from B5 nw to D2 ne passes exactly between them. (2) The Grin on `D5`
    /// is not: the wall over C5 stands between, and the picture's line up the
    /// west side of D5 touches the wall's end. (3) The Grin on `B1` is hidden
    /// by the Intruder on `B2`, along whose side the picture's line runs.
    #[test]
    fn los_example() {
        let pack = fixture("los-example");
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(space("B5"), Direction::North);
        for grin in ["D2", "D5", "B1", "B2"] {
            state.intruders.insert(space(grin), intruder());
        }
        state.doors.insert((L1P1, 1), DoorState::Open);
        state.doors.insert((L1P1, 2), DoorState::Open);
        let map = SightMap::new(&board, &state);

        let one = sees(&board, &state, "B5", "D2");
        assert!(one.visible);
        let line = corner_line(&board, ("B5", Corner::NorthWest), ("D2", Corner::NorthEast));
        assert!(
            !map.blocked(&line, false, &mut Found::any()),
            "the pictured line is clear"
        );

        let two = sees(&board, &state, "B5", "D5");
        assert!(!two.visible);
        assert_eq!(
            two.blockers,
            vec![SightBlocker::Wall {
                page: L1P1,
                edge: space("C5").space.side(Direction::North)
            }]
        );
        let pictured = corner_line(&board, ("B5", Corner::NorthWest), ("D5", Corner::NorthWest));
        assert!(
            map.blocked(&pictured, false, &mut Found::any()),
            "the pictured line touches the wall's end"
        );

        let three = sees(&board, &state, "B5", "B1");
        assert!(!three.visible);
        assert_eq!(three.blockers, vec![SightBlocker::Intruder(space("B2"))]);

        // With the doors closed, the first Grin is hidden too.
        let closed = PlayState {
            doors: BTreeMap::new(),
            ..state
        };
        let shut = sees(&board, &closed, "B5", "D2");
        assert!(!shut.visible);
        assert!(
            shut.blockers
                .iter()
                .all(|b| matches!(b, SightBlocker::Door { .. } | SightBlocker::Wall { .. }))
        );
    }

    const ROOM: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
E ######
D ......
C ..O...
B ......
A ......
"""

[spaces]
terrain = [{ spaces = ["B4", "B5"], keywords = ["obscuring"], name = "Smoke" }]
"#;

    #[test]
    fn obstacles_block_through_and_along_but_not_at_a_corner() {
        let pack = single_page_pack(ROOM);
        let board = Board::new(&pack);
        let state = PlayState::default();
        // C1 → C5 and B3 → D3: every line runs through the obstacle on C3 or
        // along one of its sides.
        let across = sees(&board, &state, "C1", "C5");
        assert!(!across.visible);
        assert_eq!(across.blockers, vec![SightBlocker::Obstacle(space("C3"))]);
        assert!(!sees(&board, &state, "B3", "D3").visible);
        // B2 → D4: the lines from B2 nw (1, 2) to D4 nw (3, 4) and from B2 se
        // (2, 1) to D4 se (4, 3) touch only a corner of C3; every other line
        // cuts through it.
        let diagonal = sees(&board, &state, "B2", "D4");
        assert!(diagonal.visible);
        let line = diagonal.line.unwrap();
        assert_eq!((line.from, line.to), (Corner::NorthWest, Corner::NorthWest));
    }

    #[test]
    fn squares_block_on_more_than_a_point() {
        // The line y = x / 2 from (0, 0) to (4, 2) touches the square
        // (2..3, 0..1) at its corner (2, 1) only, and cuts (1..2, 0..1).
        assert!(!overlaps_square((0, 0), (400, 200), 200, 0));
        assert!(overlaps_square((0, 0), (400, 200), 100, 0));
        // Running along a side shares a whole side.
        assert!(overlaps_square((0, 0), (500, 0), 200, 0));
        // Ending at a corner.
        assert!(!overlaps_square((0, 0), (200, 100), 200, 100));
    }

    fn local(a: (i64, i64), into_a: (i64, i64), b: (i64, i64), into_b: (i64, i64)) -> Local {
        Local {
            a,
            b,
            into_a,
            into_b,
        }
    }

    #[test]
    fn edges_block_on_any_contact_along_the_line() {
        let diagonal = local((0, 0), (1, 1), (200, 200), (-1, -1));
        // Crossing the middle of a wall.
        assert!(edge_blocks(&diagonal, (100, 0), (100, 200)));
        // Touching a wall's end part-way along the line.
        assert!(edge_blocks(&diagonal, (100, 100), (200, 100)));
        // Missing it.
        assert!(!edge_blocks(&diagonal, (200, 0), (300, 0)));
        // Running along a wall.
        let flat = local((0, 100), (1, 1), (300, 100), (-1, 1));
        assert!(edge_blocks(&flat, (100, 100), (200, 100)));
    }

    #[test]
    fn at_its_own_corner_a_wall_blocks_only_between_the_space_and_the_line() {
        // The attacker's space lies south-west of (200, 200); a wall runs down
        // its east side from that corner.
        let wall = ((200, 200), (200, 100));
        // Leaving north-west: the wall is behind the space.
        let away = local((200, 200), (-1, -1), (100, 300), (1, -1));
        assert!(!edge_blocks(&away, wall.0, wall.1));
        // Leaving east-south-east: the wall stands between.
        let past = local((200, 200), (-1, -1), (500, 100), (-1, 1));
        assert!(edge_blocks(&past, wall.0, wall.1));
        // Leaving straight through the corner, away from the space: blocked.
        let through = local((200, 200), (-1, -1), (300, 300), (-1, -1));
        assert!(edge_blocks(&through, wall.0, wall.1));
        // The second Grin of los-example.png: the target's space lies north-east
        // of (400, 300) with a wall along its south side; a line arriving from
        // below is on the wrong side of it, one arriving from the north-west is not.
        let grin_wall = ((400, 300), (500, 300));
        let from_below = local((400, 200), (1, 1), (400, 300), (1, 1));
        assert!(edge_blocks(&from_below, grin_wall.0, grin_wall.1));
        let from_above = local((300, 400), (1, -1), (400, 300), (1, 1));
        assert!(!edge_blocks(&from_above, grin_wall.0, grin_wall.1));
    }

    #[test]
    fn terrain_blocks_but_not_sight_to_itself() {
        let pack = single_page_pack(ROOM);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        // The smoke covers B4 and B5. B1 → B6: along y 1 the line runs along
        // the smoke's south side, along y 2 its north side (and C3's south
        // side), and the diagonals cut through it.
        let hidden = sees(&board, &state, "B1", "B6");
        assert!(!hidden.visible);
        assert_eq!(
            hidden.blockers,
            vec![SightBlocker::Terrain {
                page: L1P1,
                tile: 0,
                name: Some("Smoke".to_string()),
                space: Space::parse("B4").unwrap()
            }]
        );
        // B5 is part of the tile: the whole tile does not block sight to it.
        assert!(sees(&board, &state, "B1", "B5").visible);
        // An Intruder in the smoke is seen, and sees out.
        state.intruders.insert(space("B4"), intruder());
        assert!(sees(&board, &state, "B4", "B1").visible);
    }

    #[test]
    fn out_of_bounds_spaces_block_like_walls() {
        let pack = single_page_pack(ROOM);
        let board = Board::new(&pack);
        let state = PlayState::default();
        // Row D lies under the out-of-bounds row E and over C3's obstacle: the
        // straight lines along y 4 and y 5 are interrupted, a diagonal is clear.
        let sight = sees(&board, &state, "D1", "D6");
        assert!(sight.visible);
        let line = sight.line.unwrap();
        assert_ne!(line.from_point.point.y, line.to_point.point.y);
        let gap = single_page_pack(
            "format = 1\nbook = 1\npage = 1\nlocation = \"T\"\ngrid = \"\"\"\nA ..#..\n\"\"\"\n",
        );
        let board = Board::new(&gap);
        let split = sees(&board, &state, "A1", "A5");
        assert!(!split.visible);
        assert_eq!(split.blockers, vec![SightBlocker::OutOfBounds(space("A3"))]);
    }

    const CORRIDOR: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C ......
B ......
A ......
"""

[edges]
walls = ["A1-A6 north", "B1-B6 north"]
red_lines = ["B3 east"]
doors = [{ number = 1, at = "C3 east" }]
"#;

    #[test]
    fn walls_along_a_corridor_leave_the_inside_clear() {
        let pack = single_page_pack(CORRIDOR);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        // Row C is a corridor walled on its south side (B north) with a door
        // across it east of C3. Closed, the door blocks; open, it does not.
        assert!(!sees(&board, &state, "C1", "C6").visible);
        state.doors.insert((L1P1, 1), DoorState::Open);
        let open = sees(&board, &state, "C1", "C6");
        assert!(open.visible, "{open:?}");
        // The line may not run along the wall itself: the clear line is not on y 2.
        let line = open.line.unwrap();
        assert!(line.from_point.point.y == 3 || line.to_point.point.y == 3);
        // Row B is walled on both sides: the red line east of B3 blocks it.
        let red = sees(&board, &state, "B1", "B6");
        assert!(!red.visible);
        assert!(red.blockers.contains(&SightBlocker::RedLine {
            page: L1P1,
            edge: space("B3").space.side(Direction::East)
        }));
        // Across the wall between rows B and C: never.
        assert!(!sees(&board, &state, "B2", "C2").visible);
        // Welded doors block like closed ones.
        state.doors.insert((L1P1, 1), DoorState::Welded);
        let welded = sees(&board, &state, "C1", "C6");
        assert!(welded.blockers.iter().any(|b| matches!(
            b,
            SightBlocker::Door {
                state: DoorState::Welded,
                ..
            }
        )));
    }

    #[test]
    fn a_wall_between_neighbours_hides_them() {
        let page = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C ...
B ...
A ...
"""

[edges]
walls = ["B2 east"]
"#;
        let pack = single_page_pack(page);
        let board = Board::new(&pack);
        let state = PlayState::default();
        // B1 and B3 lie either side of B2, whose east side is a wall: each
        // line reaches B3's west corners from the wrong side of the wall, or
        // crosses it.
        assert!(!sees(&board, &state, "B1", "B3").visible);
        // B2 and B3 share the wall; B2 and C2 above it see each other.
        assert!(!sees(&board, &state, "B2", "B3").visible);
        assert!(sees(&board, &state, "B2", "C2").visible);
    }

    #[test]
    fn sight_crosses_joined_pages_and_not_the_gap_beside_them() {
        let open = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
B ..
A ..
"""
"#;
        let p2 = open.replace("page = 1", "page = 2");
        let p3 = open.replace("page = 1", "page = 3");
        // L1p1 (x 0..2), L1p2 east of it (x 2..4), L1p3 on top of L1p2 shifted
        // one space east (x 3..5, y 2..4): nothing lies over L1p1 and the
        // west column of L1p2.
        let pack = pack_of(
            &[open, &p2, &p3],
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0\n\n[[joins]]\nfrom = \"L1p2 north\"\nto = \"L1p3 south\"\noffset = 1\n",
        );
        let board = Board::new(&pack);
        let state = PlayState::default();
        let on = |page: u16, at: &str| PageSpace {
            page: PageId { book: 1, page },
            space: Space::parse(at).unwrap(),
        };
        let seen = line_of_sight(&board, &state, on(1, "A1"), on(2, "B2")).unwrap();
        assert!(seen.visible);
        // From L1p1 B1 (x 0..1, y 1..2) to L1p3 B1 (x 3..4, y 3..4) every
        // line passes over the empty corner above L1p2's west column.
        let far = line_of_sight(&board, &state, on(1, "B1"), on(3, "B1")).unwrap();
        assert!(!far.visible);
        assert_eq!(far.blockers, vec![SightBlocker::OffBoard]);
        let back = line_of_sight(&board, &state, on(3, "B1"), on(1, "B1")).unwrap();
        assert!(!back.visible);
    }

    #[test]
    fn the_same_space_sees_itself_and_unknown_spaces_are_errors() {
        let pack = single_page_pack(ROOM);
        let board = Board::new(&pack);
        let state = PlayState::default();
        assert!(
            line_of_sight(&board, &state, space("A1"), space("A1"))
                .unwrap()
                .visible
        );
        assert!(line_of_sight(&board, &state, space("A1"), space("Z9")).is_err());
    }
}

#[cfg(test)]
mod proptests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use proptest::prelude::*;

    use super::*;
    use crate::enormity::rules::testing::{intruder, single_page_pack};

    /// A random 6×6 page: each cell `.`, `O` or `#`, random walls and red lines.
    fn page_text(cells: &[u8], walls: &[(u8, u8, bool)], reds: &[(u8, u8, bool)]) -> String {
        let mut grid = String::new();
        for row in (0..6).rev() {
            grid.push(char::from(b'A' + row));
            grid.push(' ');
            for col in 0u8..6 {
                grid.push(match cells[usize::from(row) * 6 + usize::from(col)] % 8 {
                    0 => 'O',
                    1 => '#',
                    _ => '.',
                });
            }
            grid.push('\n');
        }
        let run = |list: &[(u8, u8, bool)]| -> Vec<String> {
            let mut seen = std::collections::BTreeSet::new();
            list.iter()
                .filter(|e| seen.insert((e.0 % 6, e.1 % 6, e.2)))
                .map(|(c, r, north)| {
                    let space = Space::new(u16::from(c % 6), u16::from(r % 6));
                    format!("\"{space} {}\"", if *north { "north" } else { "east" })
                })
                .collect()
        };
        let walls = run(walls);
        let reds: Vec<String> = run(reds)
            .into_iter()
            .filter(|r| !walls.contains(r))
            .collect();
        format!(
            "format = 1\nbook = 1\npage = 1\nlocation = \"T\"\ngrid = \"\"\"\n{grid}\"\"\"\n\n[edges]\nwalls = [{}]\nred_lines = [{}]\n",
            walls.join(", "),
            reds.join(", ")
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn line_of_sight_is_symmetric(
            cells in prop::collection::vec(any::<u8>(), 36),
            walls in prop::collection::vec((0u8..6, 0u8..6, any::<bool>()), 0..8),
            reds in prop::collection::vec((0u8..6, 0u8..6, any::<bool>()), 0..4),
            intruders in prop::collection::vec((0u16..6, 0u16..6), 0..4),
            pairs in prop::collection::vec(((0u16..6, 0u16..6), (0u16..6, 0u16..6)), 48),
        ) {
            let pack = single_page_pack(&page_text(&cells, &walls, &reds));
            let board = Board::new(&pack);
            let mut state = PlayState::default();
            let l1p1 = PageId { book: 1, page: 1 };
            let at = |(c, r): (u16, u16)| PageSpace { page: l1p1, space: Space::new(c, r) };
            for spot in intruders {
                state.intruders.insert(at(spot), intruder());
            }
            let map = SightMap::new(&board, &state);
            for (a, b) in pairs {
                let (a, b) = (at(a), at(b));
                let ab = map.line_of_sight(a, b).unwrap();
                let ba = map.line_of_sight(b, a).unwrap();
                prop_assert_eq!(ab.visible, ba.visible, "{} / {}", a, b);
                prop_assert_eq!(ab.visible, ab.blockers.is_empty());
                prop_assert_eq!(map.can_see(a, b).unwrap(), ab.visible);
            }
        }

        /// Scanning only the cells a line touches finds what checking every
        /// cell of the page finds.
        #[test]
        fn the_scan_sees_what_a_full_search_sees(
            cells in prop::collection::vec(any::<u8>(), 36),
            walls in prop::collection::vec((0u8..6, 0u8..6, any::<bool>()), 0..10),
            lines in prop::collection::vec(((0i64..=6, 0i64..=6), (0i64..=6, 0i64..=6)), 32),
        ) {
            let pack = single_page_pack(&page_text(&cells, &walls, &[]));
            let board = Board::new(&pack);
            let state = PlayState::default();
            let map = SightMap::new(&board, &state);
            let page = map.pages.values().next().unwrap();
            let nowhere = PageSpace { page: PageId { book: 9, page: 9 }, space: Space::new(0, 0) };
            for ((ax, ay), (bx, by)) in lines {
                if (ax, ay) == (bx, by) {
                    continue;
                }
                let query = Query {
                    a: Point { x: ax * UNIT, y: ay * UNIT },
                    b: Point { x: bx * UNIT, y: by * UNIT },
                    into_a: (1, 1),
                    into_b: (-1, -1),
                    own: [nowhere, nowhere],
                    own_tiles: [None, None],
                };
                let local = Local { a: (ax * UNIT, ay * UNIT), b: (bx * UNIT, by * UNIT), into_a: (1, 1), into_b: (-1, -1) };
                let mut everywhere = false;
                for y in 0..6 {
                    for x in 0..6 {
                        let cell = page.cell(x, y).unwrap();
                        everywhere |= check_cell(page, &query, &local, x, y, cell, &mut Found::any());
                    }
                }
                prop_assert_eq!(map.blocked(&query, false, &mut Found::any()), everywhere);
            }
        }
    }
}
