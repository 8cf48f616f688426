//! Blip movement on the lattice of intersections: toward a Spacer after a Noise
//! roll (seeds/001, `blip-movement.md`) and along patrol arrows
//! (`blip-patrols.md`).
//!
//! Positions are compared in the pack frame of [`PackLayout`](crate::enormity::board::PackLayout)
//! (hundredths of a space), so a Blip walks across joined pages as if the map
//! were one sheet; the [`BlipLattice`](crate::enormity::board::BlipLattice) says which
//! intersections are linked, and where a misaligned join needs a `Snap`.
//!
//! # Interpretations
//!
//! The rulebook leaves these open; each is the reading the pictures support,
//! or, where they are silent, the one that is worst for the players (the
//! "Harsh Space Rule", `cardinal-rules.md`).
//!
//! - **Aligned.** An intersection *aligns* with a space when it lies on one of
//!   the four grid lines bounding the space, extended across the whole board:
//!   its x is the space's west or east line, or its y the south or north line.
//!   In `example-blip-movement.png` the Blip sits on the line along the top of
//!   the Spacer's space and moves straight; in `example-blip-movement-2.png` one
//!   step down puts it on that line, after which it goes straight.
//! - **Straight** movement follows the aligned line toward the space: a Blip on
//!   a vertical bounding line moves north or south, one on a horizontal
//!   bounding line east or west. It ends on a corner of the space, where it is
//!   adjacent and revealed.
//! - **First step when not aligned**: along the axis on which the Blip is
//!   fewer steps from a bounding line ("closer to potential alignment";
//!   `example-blip-movement-2.png` shows the other axis crossed out). A tie is a
//!   choice left to the players: both options are returned. Afterwards the
//!   Blip alternates axes (zigzag) until it is aligned.
//! - **Adjacent** (`adjacent-intersection.png`): an intersection is adjacent to
//!   the four spaces it is a corner of. A Blip that steps onto a corner of any
//!   Spacer's space is revealed there and stops; a Blip that is about to step
//!   while on such a corner is revealed where it stands
//!   (`sneaking-past-blips.png`, 2 and 3). A Blip given no movement (a quiet die)
//!   is not revealed, however close it stands (1).
//! - **Pushing**: a Blip that ends its move on another Blip's intersection
//!   pushes that Blip one step toward the Spacer, with the same rules (it may be
//!   revealed, and may push a third). A revealed Blip leaves the board when it
//!   is flipped, so it pushes nothing.
//! - **Welded doors** (`other-rules.md`, "Welding Doors"): the intersections
//!   *adjacent* to a door are the ends of its door line. A Blip that steps onto
//!   one stops there, and one whose step would run along a welded door line
//!   stops before it. "Blips starting their turn adjacent to a welded door
//!   ignore it": a Blip that starts its move on an end of a welded door ignores
//!   that door (every edge of the same number) for the whole move — it may run
//!   along its line and pass its other end — while other welded doors still
//!   stop it. A pushed Blip's one-intersection move counts as a move of its own
//!   from where it stands.
//! - **Misaligned joins**: a step across (or along) a join whose intersections
//!   do not line up goes to the nearest intersection on the other page, and
//!   counts as one of the Blip's moves (it is a move to an intersection, like
//!   any other). Equally near intersections are both returned. While a Blip
//!   is on a page whose lines are offset from the Spacer's, it may never align
//!   on the offset axis: once it is level with the space on that axis (between
//!   its bounding lines), it only closes the other axis, snaps across, and
//!   aligns on the Spacer's page.
//! - **Board edge during Noise**: when the way the rules point runs off the
//!   board, a zigzagging Blip tries the other axis; a Blip moving straight
//!   stops ([`Ending::CannotMove`]).
//! - **Patrols**: a patrolling Blip moves straight in its arrow's direction.
//!   When it steps onto an intersection with no line further ahead (the board
//!   edge), it turns 180° and gets one additional move; the rest of its moves
//!   continue in the new direction. A Blip that starts on the edge facing off
//!   the board turns without the additional move (it did not move onto the
//!   edge). At most one additional move per move of its speed, so a one-space
//!   board cannot bounce a Blip forever. Pushes during a patrol go toward the
//!   Priority Target.
//! - **Order**: Blips move nearest first, by orthogonal distance from the
//!   intersection to the nearest corner of the Spacer's space. Blips equally
//!   near are ordered by the players: every order is tried, and outcomes that
//!   leave the Blips in the same places are reported once. A Blip revealed
//!   before its turn (pushed next to a Spacer) does not move.
//! - **Who reveals**: every Spacer of the play state, and the Spacer the Blip
//!   moves toward (or the Priority Target of a patrol) even if the play state
//!   does not list it.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

use deckplan_schema::enormity::{Axis, Direction, EdgeKind, PageId};

use super::{DoorState, PlayState, movement_axis};
use crate::enormity::board::layout::UNIT;
use crate::enormity::board::spacer::DoorRef;
use crate::enormity::board::{Board, PageIntersection, PageSpace, lattice::LatticeStep};
use crate::movement::Node;

/// Most options one move or one Noise roll reports; beyond it the search stops
/// (a Noise roll says so in [`NoiseResult::truncated`]), because ties multiply
/// and a UI cannot show thousands.
pub const MAX_OPTIONS: usize = 256;

/// A point in the pack frame, in hundredths of a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// East from the start page's west edge.
    pub x: i64,
    /// North from the start page's south edge.
    pub y: i64,
}

/// Where an intersection lies in the pack frame; `None` if its page is not laid out.
pub fn point_of(board: &Board<'_>, at: PageIntersection) -> Option<Point> {
    let placed = board.layout.placements.get(&at.page)?;
    Some(Point {
        x: placed.x + i64::from(at.point.x) * UNIT,
        y: placed.y + i64::from(at.point.y) * UNIT,
    })
}

/// A space's square in the pack frame (hundredths of a space).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpaceBox {
    /// West line.
    pub west: i64,
    /// South line.
    pub south: i64,
    /// East line.
    pub east: i64,
    /// North line.
    pub north: i64,
}

impl SpaceBox {
    /// The square of a space; `None` if its page is unknown or not laid out,
    /// or the space is off the page.
    pub fn of(board: &Board<'_>, at: PageSpace) -> Option<Self> {
        let page = board.pack.pages.get(&at.page)?;
        if !page.size.contains(at.space) {
            return None;
        }
        let placed = board.layout.placements.get(&at.page)?;
        let west = placed.x + i64::from(at.space.col) * UNIT;
        let south = placed.y + i64::from(at.space.row) * UNIT;
        Some(Self {
            west,
            south,
            east: west + UNIT,
            north: south + UNIT,
        })
    }

    /// Orthogonal distance from a point to the nearest point of the square:
    /// for an intersection, the number of steps (in hundredths) to its nearest corner.
    pub fn distance(&self, p: Point) -> i64 {
        gap(p.x, self.west, self.east).unwrap_or(0) + gap(p.y, self.south, self.north).unwrap_or(0)
    }

    /// Whether the point is one of the square's four corners.
    pub fn has_corner(&self, p: Point) -> bool {
        (p.x == self.west || p.x == self.east) && (p.y == self.south || p.y == self.north)
    }

    /// The four corners.
    pub fn corners(&self) -> [Point; 4] {
        [
            Point {
                x: self.west,
                y: self.south,
            },
            Point {
                x: self.east,
                y: self.south,
            },
            Point {
                x: self.west,
                y: self.north,
            },
            Point {
                x: self.east,
                y: self.north,
            },
        ]
    }
}

/// How far `v` lies outside `[low, high]`: `Some(0)` on a bound, `None` strictly
/// inside (only possible across a misaligned join, where lines do not meet).
fn gap(v: i64, low: i64, high: i64) -> Option<i64> {
    if v < low {
        Some(low - v)
    } else if v > high {
        Some(v - high)
    } else if v == low || v == high {
        Some(0)
    } else {
        None
    }
}

/// One step of a Blip.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlipStep {
    /// The way the rules sent it.
    pub direction: Direction,
    /// Where it arrived.
    pub to: PageIntersection,
    /// Whether the step snapped across a misaligned join to the nearest intersection.
    pub snap: bool,
    /// How far it really moved, east and north, in hundredths of a space: one
    /// space in `direction` along a line; across a misaligned join, the way to
    /// the nearest intersection, which may run partly or wholly sideways.
    pub moved: (i64, i64),
}

/// A displacement in hundredths of a space as words: `0.5 north`, `1 east
/// and 0.5 south`, `no distance`.
fn displacement(moved: (i64, i64)) -> String {
    let amount = |v: i64| {
        let v = v.abs();
        if v % UNIT == 0 {
            (v / UNIT).to_string()
        } else {
            format!("{}", v as f64 / UNIT as f64)
        }
    };
    let mut parts = Vec::new();
    if moved.0 != 0 {
        let way = if moved.0 > 0 { "east" } else { "west" };
        parts.push(format!("{} {way}", amount(moved.0)));
    }
    if moved.1 != 0 {
        let way = if moved.1 > 0 { "north" } else { "south" };
        parts.push(format!("{} {way}", amount(moved.1)));
    }
    if parts.is_empty() {
        "no distance".to_string()
    } else {
        parts.join(" and ")
    }
}

/// Why a Blip stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It used all its moves.
    Completed,
    /// It was revealed: it stepped onto a corner of a Spacer's space, or was
    /// about to step from one.
    Revealed {
        /// The Spacers it is adjacent to.
        spacers: Vec<PageSpace>,
        /// The Extraction space it is adjacent to, on Full Alert, where the
        /// space holds no Spacer (it reveals as a Spacer would).
        extraction: Option<PageSpace>,
        /// Whether it was revealed before stepping (it was already adjacent).
        before_step: bool,
    },
    /// It stepped onto an end of a welded door's line, or its next step would
    /// have run along that line.
    WeldedDoor {
        /// The door.
        door: DoorRef,
    },
    /// No intersection lies further in the direction the rules require.
    CannotMove,
}

/// One Blip's move: the steps, where it stopped and why, and the Blip it pushed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlipMove {
    /// Where it started.
    pub from: PageIntersection,
    /// Each step, in order.
    pub steps: Vec<BlipStep>,
    /// Where it stopped.
    pub end: PageIntersection,
    /// Why it stopped.
    pub ending: Ending,
    /// For a patrol, the way its arrow points afterwards.
    pub facing: Option<Direction>,
    /// The Blip it pushed off its final intersection, and that Blip's move.
    pub pushed: Option<Box<BlipMove>>,
}

impl BlipMove {
    /// Whether this Blip was revealed.
    pub fn revealed(&self) -> bool {
        matches!(self.ending, Ending::Revealed { .. })
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Completed => f.write_str("moved all its steps"),
            Self::Revealed {
                spacers,
                extraction,
                before_step,
            } => {
                let when = if *before_step {
                    "revealed before moving on, adjacent to"
                } else {
                    "revealed on moving adjacent to"
                };
                let mut what = Vec::new();
                if !spacers.is_empty() {
                    let who: Vec<String> = spacers.iter().map(ToString::to_string).collect();
                    what.push(format!("the Spacer on {}", who.join(", ")));
                }
                if let Some(space) = extraction {
                    what.push(format!("the Extraction space {space}"));
                }
                write!(f, "{when} {}", what.join(" and "))
            }
            Self::WeldedDoor { door } => write!(f, "stopped beside welded {door}"),
            Self::CannotMove => f.write_str("stopped: no line goes on the way it must move"),
        }
    }
}

impl BlipMove {
    /// The move as JSON for the command line and tools: `from`, `steps`
    /// (`direction`, `to`, `snap`), `end`, `ending` (`kind` and its details),
    /// `revealed`, `facing` and `pushed` (a nested move or `null`).
    pub fn to_json(&self) -> serde_json::Value {
        let ending = match &self.ending {
            Ending::Completed => serde_json::json!({ "kind": "completed" }),
            Ending::Revealed {
                spacers,
                extraction,
                before_step,
            } => serde_json::json!({
                "kind": "revealed",
                "spacers": spacers.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "extraction": extraction.map(|space| space.to_string()),
                "before_step": before_step,
            }),
            Ending::WeldedDoor { door } => serde_json::json!({
                "kind": "welded_door",
                "page": door.page.to_string(),
                "door": door.number,
                "edge": door.edge.to_string(),
            }),
            Ending::CannotMove => serde_json::json!({ "kind": "cannot_move" }),
        };
        serde_json::json!({
            "from": self.from.to_string(),
            "steps": self.steps.iter().map(|s| serde_json::json!({
                "direction": s.direction.name(),
                "to": s.to.to_string(),
                "snap": s.snap,
                "moved": { "east": s.moved.0 as f64 / UNIT as f64, "north": s.moved.1 as f64 / UNIT as f64 },
            })).collect::<Vec<_>>(),
            "end": self.end.to_string(),
            "ending": ending,
            "revealed": self.revealed(),
            "facing": self.facing.map(Direction::name),
            "pushed": self.pushed.as_deref().map(BlipMove::to_json),
        })
    }

    /// The move as indented lines of text: each step, then how it ended, then
    /// the push it caused.
    pub fn describe(&self, indent: usize) -> Vec<String> {
        let pad = " ".repeat(indent);
        let mut lines: Vec<String> = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let snap = if s.snap {
                    format!(
                        " (across a misaligned join, to the nearest intersection: {})",
                        displacement(s.moved)
                    )
                } else {
                    String::new()
                };
                format!("{pad}{}. {} to {}{snap}", i + 1, s.direction, s.to)
            })
            .collect();
        if self.steps.is_empty() {
            lines.push(format!("{pad}does not move"));
        }
        lines.push(format!("{pad}{} — at {}", self.ending, self.end));
        if let Some(facing) = self.facing {
            lines.push(format!("{pad}patrol arrow now points {facing}"));
        }
        if let Some(pushed) = &self.pushed {
            lines.push(format!("{pad}pushes the Blip on {}:", pushed.from));
            lines.extend(pushed.describe(indent + 2));
        }
        lines
    }
}

/// Why a move could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BlipError {
    /// The intersection is not on a laid-out page of the pack.
    #[error("{0} is not an intersection of the pack")]
    NoIntersection(PageIntersection),
    /// The space is not on a laid-out page of the pack.
    #[error("{0} is not a space of the pack")]
    NoSpace(PageSpace),
    /// A die was assigned to an intersection without a Blip.
    #[error("there is no Blip at {0}")]
    NoBlip(PageIntersection),
    /// The Spacer the Blips move toward (or the Priority Target) stands where
    /// no Spacer can stand.
    #[error(
        "{who} is on {at}, {what}; a Spacer can only stand on a board space without an obstacle"
    )]
    TargetCannotStand {
        /// Whom the Blips move toward: "the Spacer the Blips move toward" or "the Priority Target".
        who: &'static str,
        /// The space.
        at: PageSpace,
        /// What it is ("an out-of-bounds space", "an obstacle", …).
        what: &'static str,
    },
    /// More steps than the rules engine follows (a Blip moves a die roll or its patrol speed).
    #[error("{0} steps is more than the {limit} a Blip can be moved at once", limit = deckplan_schema::enormity::limits::MAX_BLIP_STEPS)]
    TooManySteps(u32),
}

/// Refuses a move longer than [`MAX_BLIP_STEPS`](deckplan_schema::enormity::limits::MAX_BLIP_STEPS):
/// the time a move takes grows with the square of its length.
fn check_steps(steps: u32) -> Result<(), BlipError> {
    if steps > deckplan_schema::enormity::limits::MAX_BLIP_STEPS {
        return Err(BlipError::TooManySteps(steps));
    }
    Ok(())
}

/// Whom a Noise move heads for, in messages.
const TOWARD: &str = "the Spacer the Blips move toward";

/// The square of the space Blips move toward, refusing one no Spacer can
/// stand on (out of bounds, an obstacle): Blips "move towards" a Spacer.
fn target_box(
    board: &Board<'_>,
    toward: PageSpace,
    who: &'static str,
) -> Result<SpaceBox, BlipError> {
    let square = SpaceBox::of(board, toward).ok_or(BlipError::NoSpace(toward))?;
    if let Some(what) = super::cannot_stand(board, toward) {
        return Err(BlipError::TargetCannotStand {
            who,
            at: toward,
            what,
        });
    }
    Ok(square)
}

/// The lattice seen from the rules: each node's position and its neighbour in
/// each direction, built once per question.
struct Lines<'b> {
    board: &'b Board<'b>,
    position: Vec<Option<Point>>,
    line: Vec<[Option<Node>; 4]>,
    snaps: Vec<Vec<Node>>,
}

/// Index of a direction in [`Direction::ALL`] order.
fn slot(direction: Direction) -> usize {
    match direction {
        Direction::North => 0,
        Direction::East => 1,
        Direction::South => 2,
        Direction::West => 3,
    }
}

/// The direction of a step between two points one space apart on a line.
fn direction_between(from: Point, to: Point) -> Option<Direction> {
    match (to.x - from.x, to.y - from.y) {
        (0, UNIT) => Some(Direction::North),
        (UNIT, 0) => Some(Direction::East),
        (0, d) if d == -UNIT => Some(Direction::South),
        (d, 0) if d == -UNIT => Some(Direction::West),
        _ => None,
    }
}

/// The rough direction of any move (the larger component wins; used to name snaps).
fn heading(from: Point, to: Point) -> Direction {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if dx.abs() >= dy.abs() {
        if dx >= 0 {
            Direction::East
        } else {
            Direction::West
        }
    } else if dy > 0 {
        Direction::North
    } else {
        Direction::South
    }
}

impl<'b> Lines<'b> {
    fn new(board: &'b Board<'b>) -> Self {
        let graph = board.lattice.moves();
        let count = graph.len();
        let position: Vec<Option<Point>> = graph
            .nodes()
            .map(|n| graph.place(n).and_then(|w| point_of(board, w)))
            .collect();
        let mut line = vec![[None; 4]; count];
        let mut snaps: Vec<Vec<Node>> = vec![Vec::new(); count];
        for (a, b, step) in graph.steps() {
            let (Some(Some(pa)), Some(Some(pb))) =
                (position.get(a.index()), position.get(b.index()))
            else {
                continue;
            };
            match step {
                LatticeStep::Line => {
                    if let Some(d) = direction_between(*pa, *pb) {
                        if let Some(cell) = line
                            .get_mut(a.index())
                            .and_then(|slots| slots.get_mut(slot(d)))
                        {
                            *cell = Some(b);
                        }
                        if let Some(cell) = line
                            .get_mut(b.index())
                            .and_then(|slots| slots.get_mut(slot(d.opposite())))
                        {
                            *cell = Some(a);
                        }
                    }
                }
                LatticeStep::Snap => {
                    if let Some(list) = snaps.get_mut(a.index()) {
                        list.push(b);
                    }
                    if let Some(list) = snaps.get_mut(b.index()) {
                        list.push(a);
                    }
                }
            }
        }
        // The lattice links a node to every intersection that has it as nearest,
        // and to its own nearest; which of them a step takes depends on its
        // direction (see `step`), so all are kept.
        for list in &mut snaps {
            list.sort();
            list.dedup();
        }
        Self {
            board,
            position,
            line,
            snaps,
        }
    }

    fn position(&self, node: Node) -> Option<Point> {
        self.position.get(node.index()).copied().flatten()
    }

    fn node(&self, at: PageIntersection) -> Option<Node> {
        self.board
            .lattice
            .node(at)
            .filter(|n| self.position(*n).is_some())
    }

    /// Where one step in a direction leads: the next intersection along the
    /// line, or the nearest ones across a misaligned join (`snap` true) that
    /// do not lie behind the step — a step along the join line goes on along
    /// it, never back.
    fn step(&self, from: Node, direction: Direction) -> (Vec<Node>, bool) {
        if let Some(next) = self
            .line
            .get(from.index())
            .and_then(|slots| slots.get(slot(direction)).copied().flatten())
        {
            return (vec![next], false);
        }
        let Some(here) = self.position(from) else {
            return (Vec::new(), true);
        };
        let ahead = |q: Point| {
            let (dx, dy) = (q.x - here.x, q.y - here.y);
            match direction {
                Direction::North => dy >= 0,
                Direction::South => dy <= 0,
                Direction::East => dx >= 0,
                Direction::West => dx <= 0,
            }
        };
        (self.nearest_snaps(from, ahead), true)
    }

    /// The snap neighbours of `from` that pass `keep`, nearest first and
    /// only the nearest ("it moves to the nearest intersection instead").
    fn nearest_snaps(&self, from: Node, keep: impl Fn(Point) -> bool) -> Vec<Node> {
        let Some(here) = self.position(from) else {
            return Vec::new();
        };
        let candidates: Vec<(i64, Node)> = self
            .snaps
            .get(from.index())
            .into_iter()
            .flatten()
            .filter_map(|n| self.position(*n).map(|q| (q, *n)))
            .filter(|(q, _)| keep(*q))
            .map(|(q, n)| ((q.x - here.x).abs() + (q.y - here.y).abs(), n))
            .collect();
        let best = candidates.iter().map(|(d, _)| *d).min();
        candidates
            .into_iter()
            .filter(|(d, _)| Some(*d) == best)
            .map(|(_, n)| n)
            .collect()
    }

    /// The name of a node, on `prefer`'s page when the node lies on it (merged
    /// nodes of an aligned join have a name on each page).
    fn name(&self, node: Node, prefer: PageId) -> Option<PageIntersection> {
        let weight = self.board.lattice.moves().place(node)?;
        if weight.page == prefer {
            return Some(weight);
        }
        Some(self.name_on(node, prefer).unwrap_or(weight))
    }

    /// The node's name on a given page, if the node lies on it.
    fn name_on(&self, node: Node, page: PageId) -> Option<PageIntersection> {
        let p = self.position(node)?;
        let placed = self.board.layout.placements.get(&page)?;
        let (dx, dy) = (p.x - placed.x, p.y - placed.y);
        if dx % UNIT != 0 || dy % UNIT != 0 {
            return None;
        }
        let named = PageIntersection {
            page,
            point: deckplan_schema::enormity::Intersection {
                x: u16::try_from(dx / UNIT).ok()?,
                y: u16::try_from(dy / UNIT).ok()?,
            },
        };
        (self.board.lattice.node(named) == Some(node)).then_some(named)
    }
}

/// What the play state means for Blips: who they must not come near, where
/// they must stop.
struct Rules<'b> {
    lines: Lines<'b>,
    spacers_at: HashMap<Point, Vec<PageSpace>>,
    /// The welded doors each intersection is adjacent to (an end of their line).
    welded_ends: HashMap<Node, Vec<DoorRef>>,
    welded_lines: HashMap<(Node, Node), DoorRef>,
    /// The spaces Spacers stand on (not the extra target counted as one).
    spacer_spaces: BTreeSet<PageSpace>,
    /// The Extraction space a Full Alert move heads for.
    extraction: Option<PageSpace>,
}

impl<'b> Rules<'b> {
    fn new(board: &'b Board<'b>, state: &PlayState, extra_spacer: Option<PageSpace>) -> Self {
        let lines = Lines::new(board);
        let mut spacers_at: HashMap<Point, Vec<PageSpace>> = HashMap::new();
        let spacers = state.spacers.keys().copied().chain(extra_spacer);
        for spacer in spacers.collect::<BTreeSet<_>>() {
            if let Some(square) = SpaceBox::of(board, spacer) {
                for corner in square.corners() {
                    spacers_at.entry(corner).or_default().push(spacer);
                }
            }
        }
        let mut welded_ends = HashMap::new();
        let mut welded_lines = HashMap::new();
        for (&(page_id, number), _) in state.doors.iter().filter(|(_, s)| **s == DoorState::Welded)
        {
            let Some(page) = board.pack.pages.get(&page_id) else {
                continue;
            };
            for (&edge, _) in page
                .edges
                .iter()
                .filter(|(_, f)| f.kind == EdgeKind::Door(number))
            {
                let door = DoorRef {
                    page: page_id,
                    number,
                    edge,
                    on_outline: edge.on_outline(page.size),
                };
                let (a, b) = edge.ends();
                let node = |point| {
                    lines.node(PageIntersection {
                        page: page_id,
                        point,
                    })
                };
                if let (Some(a), Some(b)) = (node(a), node(b)) {
                    for end in [a, b] {
                        welded_ends.entry(end).or_insert_with(Vec::new).push(door);
                    }
                    welded_lines.insert((a, b), door);
                    welded_lines.insert((b, a), door);
                }
            }
        }
        Self {
            lines,
            spacers_at,
            welded_ends,
            welded_lines,
            spacer_spaces: state.spacers.keys().copied().collect(),
            extraction: None,
        }
    }

    /// The welded doors (by page and number) a Blip starting on `node`
    /// ignores for its whole move.
    fn ignored_at(&self, node: Node) -> Vec<(PageId, u16)> {
        let mut doors: Vec<(PageId, u16)> = self
            .welded_ends
            .get(&node)
            .into_iter()
            .flatten()
            .map(|d| (d.page, d.number))
            .collect();
        doors.sort();
        doors.dedup();
        doors
    }

    /// The first welded door at `node` that a Blip ignoring `ignored` stops beside.
    fn welded_stop(&self, node: Node, ignored: &[(PageId, u16)]) -> Option<DoorRef> {
        self.welded_ends
            .get(&node)?
            .iter()
            .find(|d| !ignored.contains(&(d.page, d.number)))
            .copied()
    }

    /// The welded door a step from `a` to `b` would run along, unless ignored.
    fn welded_line(&self, a: Node, b: Node, ignored: &[(PageId, u16)]) -> Option<DoorRef> {
        self.welded_lines
            .get(&(a, b))
            .filter(|d| !ignored.contains(&(d.page, d.number)))
            .copied()
    }

    /// The ending for a Blip beside `spaces`: the Extraction space of a
    /// Full Alert move (when no Spacer stands on it) is named as such.
    fn revealed(&self, spaces: &[PageSpace], before_step: bool) -> Ending {
        let extraction = self
            .extraction
            .filter(|space| spaces.contains(space) && !self.spacer_spaces.contains(space));
        Ending::Revealed {
            spacers: spaces
                .iter()
                .copied()
                .filter(|space| Some(*space) != extraction)
                .collect(),
            extraction,
            before_step,
        }
    }

    fn adjacent_spacers(&self, node: Node) -> Option<&Vec<PageSpace>> {
        self.lines
            .position(node)
            .and_then(|p| self.spacers_at.get(&p))
    }
}

/// How a Blip chooses its steps, and where the Blips it pushes go.
#[derive(Clone, Copy, Debug)]
struct Aim {
    /// Toward a space (Noise, pushes) or along a patrol arrow.
    patrol: bool,
    /// The space a Noise move heads for, and pushed Blips with it.
    target: SpaceBox,
}

/// Where every Blip is, by Blip id: its node and the name it goes by; `None`
/// once revealed.
type World = Vec<Option<(Node, PageIntersection)>>;

/// One Blip part-way through its move.
#[derive(Clone, Debug)]
struct Walker {
    id: usize,
    from: PageIntersection,
    at: Node,
    page: PageId,
    remaining: u32,
    steps: Vec<BlipStep>,
    last_axis: Option<Axis>,
    facing: Option<Direction>,
    bonus_left: u32,
    /// Welded doors it started beside, which it ignores for this move.
    ignored: Vec<(PageId, u16)>,
}

impl Walker {
    /// A Blip about to move `moves` times from `at` (named `from`), ignoring
    /// the welded doors it starts beside.
    fn new(rules: &Rules<'_>, id: usize, at: Node, from: PageIntersection, moves: u32) -> Self {
        Self {
            id,
            from,
            at,
            page: from.page,
            remaining: moves,
            steps: Vec::new(),
            last_axis: None,
            facing: None,
            bonus_left: 0,
            ignored: rules.ignored_at(at),
        }
    }
}

/// What a Blip may do next.
enum Choice {
    Step {
        direction: Direction,
        to: Node,
        snap: bool,
    },
    Stop(Ending),
}

impl Rules<'_> {
    /// The steps the Noise rules allow from `at` toward `target`.
    fn toward_choices(
        &self,
        at: Node,
        target: SpaceBox,
        last_axis: Option<Axis>,
        ignored: &[(PageId, u16)],
    ) -> Vec<Choice> {
        let Some(p) = self.lines.position(at) else {
            return vec![Choice::Stop(Ending::CannotMove)];
        };
        let on_x = p.x == target.west || p.x == target.east;
        let on_y = p.y == target.south || p.y == target.north;
        let along_x = if p.x < target.west {
            Direction::East
        } else {
            Direction::West
        };
        let along_y = if p.y < target.south {
            Direction::North
        } else {
            Direction::South
        };
        let (x_gap, y_gap) = (
            gap(p.x, target.west, target.east),
            gap(p.y, target.south, target.north),
        );
        // Each entry: the direction wanted, then a fallback when it runs off the board.
        let wanted: Vec<(Direction, Option<Direction>)> = if on_x && on_y {
            return vec![Choice::Stop(Ending::Completed)];
        } else if on_x {
            match y_gap {
                Some(_) => vec![(along_y, None)],
                // On the space's side between its corners: only a snap reaches a corner.
                None => return self.toward(self.snap_choices(at, p, ignored), target),
            }
        } else if on_y {
            match x_gap {
                Some(_) => vec![(along_x, None)],
                None => return self.toward(self.snap_choices(at, p, ignored), target),
            }
        } else {
            let axes: Vec<Axis> = match (last_axis, x_gap, y_gap) {
                (_, None, None) => Vec::new(),
                (_, Some(_), None) => vec![Axis::Horizontal],
                (_, None, Some(_)) => vec![Axis::Vertical],
                (None, Some(gx), Some(gy)) if gx < gy => vec![Axis::Horizontal],
                (None, Some(gx), Some(gy)) if gy < gx => vec![Axis::Vertical],
                (None, Some(_), Some(_)) => vec![Axis::Horizontal, Axis::Vertical],
                (Some(Axis::Horizontal), _, _) => vec![Axis::Vertical],
                (Some(Axis::Vertical), _, _) => vec![Axis::Horizontal],
            };
            let towards = |axis| match axis {
                Axis::Horizontal => along_x,
                Axis::Vertical => along_y,
            };
            let other = |axis| match axis {
                Axis::Horizontal => Axis::Vertical,
                Axis::Vertical => Axis::Horizontal,
            };
            let has_gap = |axis| match axis {
                Axis::Horizontal => x_gap.is_some(),
                Axis::Vertical => y_gap.is_some(),
            };
            axes.into_iter()
                .map(|a| (towards(a), has_gap(other(a)).then(|| towards(other(a)))))
                .collect()
        };
        let mut choices = Vec::new();
        for (direction, fallback) in wanted {
            let mut found = self.step_choices(at, direction, ignored);
            if let (true, Some(fallback)) = (found.is_empty(), fallback) {
                found = self.step_choices(at, fallback, ignored);
            }
            choices.extend(self.toward(found, target));
        }
        if choices.is_empty() {
            choices.push(Choice::Stop(Ending::CannotMove));
        }
        choices
    }

    /// The steps one move in a direction can take (none at the board edge),
    /// each stopped if it would run along a welded door.
    fn step_choices(
        &self,
        at: Node,
        direction: Direction,
        ignored: &[(PageId, u16)],
    ) -> Vec<Choice> {
        let (targets, snap) = self.lines.step(at, direction);
        targets
            .into_iter()
            .map(|to| match self.welded_line(at, to, ignored) {
                Some(door) => Choice::Stop(Ending::WeldedDoor { door }),
                None => Choice::Step {
                    direction,
                    to,
                    snap,
                },
            })
            .collect()
    }

    /// Of equally near snaps across a misaligned join, the ones that leave the
    /// Blip nearest the Spacer's space: "each Blip will move towards them", so
    /// a tie never sends it away. Steps along a line pass unchanged.
    fn toward(&self, choices: Vec<Choice>, target: SpaceBox) -> Vec<Choice> {
        let distance = |c: &Choice| match c {
            Choice::Step { to, snap: true, .. } => {
                self.lines.position(*to).map(|q| target.distance(q))
            }
            _ => None,
        };
        let best = choices.iter().filter_map(distance).min();
        choices
            .into_iter()
            .filter(|c| distance(c).is_none_or(|d| Some(d) == best))
            .collect()
    }

    /// Snaps to the nearest intersections across a misaligned join, named by
    /// the way they lead.
    fn snap_choices(&self, at: Node, p: Point, ignored: &[(PageId, u16)]) -> Vec<Choice> {
        let snaps = self.lines.nearest_snaps(at, |_| true);
        let choices: Vec<Choice> = snaps
            .into_iter()
            .filter_map(|to| {
                let q = self.lines.position(to)?;
                Some(match self.welded_line(at, to, ignored) {
                    Some(door) => Choice::Stop(Ending::WeldedDoor { door }),
                    None => Choice::Step {
                        direction: heading(p, q),
                        to,
                        snap: true,
                    },
                })
            })
            .collect();
        if choices.is_empty() {
            vec![Choice::Stop(Ending::CannotMove)]
        } else {
            choices
        }
    }

    /// Moves Blip `id` of `world` by `moves` toward the aim's target, with
    /// every option the rules leave open and pushes resolved. Returns each
    /// resulting world with the move that led to it.
    fn run(
        &self,
        world: &World,
        id: usize,
        moves: u32,
        aim: Aim,
        depth: usize,
    ) -> Vec<(World, BlipMove)> {
        let mut out = Vec::new();
        if let Some(Some((at, from))) = world.get(id).copied() {
            let walker = Walker::new(self, id, at, from, moves);
            self.walk(world, walker, aim, depth, &mut out);
        }
        out
    }

    /// Follows a Blip from where `start` stands until every branch has stopped.
    fn walk(
        &self,
        world: &World,
        start: Walker,
        aim: Aim,
        depth: usize,
        out: &mut Vec<(World, BlipMove)>,
    ) {
        let mut stack = vec![start];
        while let Some(mut walker) = stack.pop() {
            // Follow this walker until it stops or the rules branch.
            loop {
                if out.len() >= MAX_OPTIONS {
                    return;
                }
                if walker.remaining == 0 {
                    self.finish(world, walker, Ending::Completed, aim, depth, out);
                    break;
                }
                if let Some(spacers) = self.adjacent_spacers(walker.at) {
                    let ending = self.revealed(spacers, true);
                    self.finish(world, walker, ending, aim, depth, out);
                    break;
                }
                let choices = if aim.patrol {
                    match self.patrol_choices(&mut walker) {
                        Some(choices) => choices,
                        None => continue,
                    }
                } else {
                    self.toward_choices(walker.at, aim.target, walker.last_axis, &walker.ignored)
                };
                let mut continuing = Vec::new();
                for choice in choices {
                    let (direction, to, snap) = match choice {
                        Choice::Stop(ending) => {
                            self.finish(world, walker.clone(), ending, aim, depth, out);
                            continue;
                        }
                        Choice::Step {
                            direction,
                            to,
                            snap,
                        } => (direction, to, snap),
                    };
                    let mut next = walker.clone();
                    self.take_step(&mut next, direction, to, snap, aim);
                    // Arriving next to a Spacer reveals; next to a welded door stops.
                    if let Some(spacers) = self.adjacent_spacers(next.at) {
                        let ending = self.revealed(spacers, false);
                        self.finish(world, next, ending, aim, depth, out);
                    } else if let Some(door) = self.welded_stop(next.at, &next.ignored) {
                        let ending = Ending::WeldedDoor { door };
                        self.finish(world, next, ending, aim, depth, out);
                    } else {
                        continuing.push(next);
                    }
                }
                // Go on with the first branch here; the others wait on the stack.
                let mut continuing = continuing.into_iter();
                match continuing.next() {
                    Some(first) => {
                        stack.extend(continuing.rev());
                        walker = first;
                    }
                    None => break,
                }
            }
        }
    }

    /// The patrol step from here, turning first if the Blip faces off the
    /// board. `None` when it only turned (the caller looks again).
    fn patrol_choices(&self, walker: &mut Walker) -> Option<Vec<Choice>> {
        let facing = walker.facing.unwrap_or(Direction::North);
        let choices = self.step_choices(walker.at, facing, &walker.ignored);
        if !choices.is_empty() {
            return Some(choices);
        }
        if self.lines.step(walker.at, facing.opposite()).0.is_empty() {
            // A lone intersection: nowhere to go either way.
            return Some(vec![Choice::Stop(Ending::CannotMove)]);
        }
        walker.facing = Some(facing.opposite());
        None
    }

    fn take_step(&self, walker: &mut Walker, direction: Direction, to: Node, snap: bool, aim: Aim) {
        let name = self.lines.name(to, walker.page).unwrap_or(walker.from);
        let moved = match (self.lines.position(walker.at), self.lines.position(to)) {
            (Some(a), Some(b)) => (b.x - a.x, b.y - a.y),
            _ => (0, 0),
        };
        walker.steps.push(BlipStep {
            direction,
            to: name,
            snap,
            moved,
        });
        walker.page = name.page;
        walker.at = to;
        walker.remaining = walker.remaining.saturating_sub(1);
        walker.last_axis = Some(movement_axis(direction));
        if let (true, Some(facing)) = (aim.patrol, walker.facing) {
            // Stepped onto the board edge: turn round and move one more time.
            if self.lines.step(to, facing).0.is_empty() {
                walker.facing = Some(facing.opposite());
                if walker.bonus_left > 0 {
                    walker.bonus_left -= 1;
                    walker.remaining += 1;
                }
            }
        }
    }

    /// Records a finished move and resolves the push it causes.
    fn finish(
        &self,
        world: &World,
        walker: Walker,
        ending: Ending,
        aim: Aim,
        depth: usize,
        out: &mut Vec<(World, BlipMove)>,
    ) {
        if out.len() >= MAX_OPTIONS {
            return;
        }
        let revealed = matches!(ending, Ending::Revealed { .. });
        let end = walker.steps.last().map_or(walker.from, |s| s.to);
        let mut after = world.clone();
        if let Some(slot) = after.get_mut(walker.id) {
            *slot = (!revealed).then_some((walker.at, end));
        }
        let done = BlipMove {
            from: walker.from,
            steps: walker.steps,
            end,
            ending,
            facing: walker.facing,
            pushed: None,
        };
        // Only a Blip that moved can end on another; a revealed one leaves the board.
        let other = (!revealed && !done.steps.is_empty() && depth < world.len())
            .then(|| {
                after.iter().enumerate().position(|(i, b)| {
                    i != walker.id && b.is_some_and(|(node, _)| node == walker.at)
                })
            })
            .flatten();
        let Some(other) = other else {
            out.push((after, done));
            return;
        };
        let push = Aim {
            patrol: false,
            target: aim.target,
        };
        for (pushed_world, pushed) in self.run(&after, other, 1, push, depth + 1) {
            let mut with_push = done.clone();
            with_push.pushed = Some(Box::new(pushed));
            out.push((pushed_world, with_push));
        }
    }
}

/// Every Blip of `state` with its node, plus `moving` (first, id 0) if `state`
/// does not list it.
fn world_with(
    rules: &Rules<'_>,
    state: &PlayState,
    moving: PageIntersection,
) -> Result<World, BlipError> {
    let first = rules
        .lines
        .node(moving)
        .ok_or(BlipError::NoIntersection(moving))?;
    let mut world: World = vec![Some((first, moving))];
    for &blip in &state.blips {
        let node = rules
            .lines
            .node(blip)
            .ok_or(BlipError::NoIntersection(blip))?;
        if node != first {
            world.push(Some((node, blip)));
        }
    }
    Ok(world)
}

/// Moves the Blip at `blip` `steps` intersections toward the Spacer on
/// `toward` after a Noise roll: every option the rules leave open (a tie for
/// the first axis, equally near snaps), with pushes resolved.
///
/// `toward` counts as a Spacer for revealing even when `state` does not list
/// it; the other Blips are `state.blips` (which may or may not list `blip`).
pub fn move_blip(
    board: &Board<'_>,
    state: &PlayState,
    blip: PageIntersection,
    toward: PageSpace,
    steps: u32,
) -> Result<Vec<BlipMove>, BlipError> {
    check_steps(steps)?;
    let target = target_box(board, toward, TOWARD)?;
    let rules = Rules::new(board, state, Some(toward));
    let world = world_with(&rules, state, blip)?;
    let aim = Aim {
        patrol: false,
        target,
    };
    Ok(rules
        .run(&world, 0, steps, aim, 0)
        .into_iter()
        .map(|(_, m)| m)
        .collect())
}

/// Full Alert (blip-patrols.md, initiating-extraction.md): once extraction is
/// initiated, a Blip faces the Extraction space and moves `moves`
/// intersections toward it with the zigzag of a Noise move, and is revealed
/// as soon as it moves adjacent to that space (or to any Spacer of `state`).
///
/// The Extraction space may be printed off the board ("it becomes a board
/// space" once extraction is under way), so it is not refused as a Spacer's
/// space would be; it must lie on a page of the pack.
pub fn full_alert(
    board: &Board<'_>,
    state: &PlayState,
    blip: PageIntersection,
    extraction: PageSpace,
    moves: u32,
) -> Result<Vec<BlipMove>, BlipError> {
    check_steps(moves)?;
    let target = SpaceBox::of(board, extraction).ok_or(BlipError::NoSpace(extraction))?;
    let mut rules = Rules::new(board, state, Some(extraction));
    rules.extraction = Some(extraction);
    let world = world_with(&rules, state, blip)?;
    let aim = Aim {
        patrol: false,
        target,
    };
    Ok(rules
        .run(&world, 0, moves, aim, 0)
        .into_iter()
        .map(|(_, m)| m)
        .collect())
}

/// Moves a patrolling Blip `speed` intersections along its patrol arrow,
/// turning at the board edge; pushes go toward the Priority Target's space
/// (which counts as a Spacer for revealing, like every Spacer of `state`).
pub fn patrol(
    board: &Board<'_>,
    state: &PlayState,
    blip: PageIntersection,
    direction: Direction,
    speed: u32,
    priority_target: PageSpace,
) -> Result<Vec<BlipMove>, BlipError> {
    check_steps(speed)?;
    let target = target_box(board, priority_target, "the Priority Target")?;
    let rules = Rules::new(board, state, Some(priority_target));
    let world = world_with(&rules, state, blip)?;
    let Some(Some((at, from))) = world.first().copied() else {
        return Err(BlipError::NoIntersection(blip));
    };
    let mut walker = Walker::new(&rules, 0, at, from, speed);
    walker.facing = Some(direction);
    walker.bonus_left = speed;
    let aim = Aim {
        patrol: true,
        target,
    };
    let mut out = Vec::new();
    rules.walk(&world, walker, aim, 0, &mut out);
    Ok(out.into_iter().map(|(_, m)| m).collect())
}

/// The Blips of `state` nearest first: each inner list holds Blips equally
/// near the Spacer on `toward`, whose order the players choose.
pub fn noise_order(
    board: &Board<'_>,
    state: &PlayState,
    toward: PageSpace,
) -> Result<Vec<Vec<PageIntersection>>, BlipError> {
    let target = target_box(board, toward, TOWARD)?;
    let mut by_distance: BTreeMap<i64, Vec<PageIntersection>> = BTreeMap::new();
    for &blip in &state.blips {
        let p = point_of(board, blip).ok_or(BlipError::NoIntersection(blip))?;
        by_distance
            .entry(target.distance(p))
            .or_default()
            .push(blip);
    }
    Ok(by_distance.into_values().collect())
}

/// One way a Noise roll can play out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoiseOutcome {
    /// The moves, in the order the Blips moved (Blips given no Noise do not move).
    pub moves: Vec<BlipMove>,
    /// Where the Blips still on the board stand afterwards.
    pub blips: BTreeSet<PageIntersection>,
    /// Where Blips were revealed (they leave the board when flipped).
    pub revealed: Vec<PageIntersection>,
}

/// Every way a Noise roll can play out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoiseResult {
    /// Distinct outcomes (by where the Blips end up), in the order found.
    pub outcomes: Vec<NoiseOutcome>,
    /// Whether the search stopped at [`MAX_OPTIONS`] before trying every option.
    pub truncated: bool,
}

/// Resolves a Noise roll: each Blip of `state` moves toward the Spacer on
/// `toward` by the die assigned to it (`dice`, keyed by where the Blip stands
/// before anything moves), nearest Blip first. Blips without a die, or with a
/// quiet one (0), stay put and are not revealed.
pub fn resolve_noise(
    board: &Board<'_>,
    state: &PlayState,
    toward: PageSpace,
    dice: &BTreeMap<PageIntersection, u32>,
) -> Result<NoiseResult, BlipError> {
    let target = target_box(board, toward, TOWARD)?;
    if let Some(missing) = dice.keys().find(|b| !state.blips.contains(b)) {
        return Err(BlipError::NoBlip(*missing));
    }
    let rules = Rules::new(board, state, Some(toward));
    let blips: Vec<PageIntersection> = state.blips.iter().copied().collect();
    let mut world: World = Vec::with_capacity(blips.len());
    for &blip in &blips {
        let node = rules
            .lines
            .node(blip)
            .ok_or(BlipError::NoIntersection(blip))?;
        world.push(Some((node, blip)));
    }
    let id_of: HashMap<PageIntersection, usize> =
        blips.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let tiers: Vec<Vec<usize>> = noise_order(board, state, toward)?
        .into_iter()
        .map(|tier| {
            tier.iter()
                .filter(|b| dice.get(b).is_some_and(|d| *d > 0))
                .filter_map(|b| id_of.get(b).copied())
                .collect::<Vec<usize>>()
        })
        .filter(|tier| !tier.is_empty())
        .collect();
    let aim = Aim {
        patrol: false,
        target,
    };

    let mut truncated = false;
    let mut seen: BTreeSet<(BTreeSet<PageIntersection>, Vec<PageIntersection>)> = BTreeSet::new();
    let mut outcomes = Vec::new();
    for order in orders(&tiers, MAX_OPTIONS, &mut truncated) {
        let mut partial: Vec<(World, Vec<BlipMove>)> = vec![(world.clone(), Vec::new())];
        for id in order {
            let moves = blips
                .get(id)
                .and_then(|b| dice.get(b))
                .copied()
                .unwrap_or(0);
            let mut next = Vec::new();
            for (w, done) in partial {
                let options = rules.run(&w, id, moves, aim, 0);
                if options.is_empty() {
                    // Revealed and gone before its turn (pushed onto a Spacer).
                    next.push((w, done));
                    continue;
                }
                for (after, mv) in options {
                    let mut done = done.clone();
                    done.push(mv);
                    next.push((after, done));
                }
            }
            if next.len() > MAX_OPTIONS {
                next.truncate(MAX_OPTIONS);
                truncated = true;
            }
            partial = next;
        }
        for (w, moves) in partial {
            let standing: BTreeSet<PageIntersection> =
                w.iter().flatten().map(|(_, name)| *name).collect();
            let mut revealed = Vec::new();
            collect_reveals(&moves, &mut revealed);
            revealed.sort();
            if seen.insert((standing.clone(), revealed.clone())) {
                outcomes.push(NoiseOutcome {
                    moves,
                    blips: standing,
                    revealed,
                });
            }
            if outcomes.len() >= MAX_OPTIONS {
                return Ok(NoiseResult {
                    outcomes,
                    truncated: true,
                });
            }
        }
    }
    Ok(NoiseResult {
        outcomes,
        truncated,
    })
}

/// Where the moves (and the pushes they caused) revealed Blips.
fn collect_reveals(moves: &[BlipMove], into: &mut Vec<PageIntersection>) {
    for mv in moves {
        let mut current = Some(mv);
        while let Some(m) = current {
            if m.revealed() {
                into.push(m.end);
            }
            current = m.pushed.as_deref();
        }
    }
}

/// Every order that keeps tiers in sequence and permutes each tier, at most `cap`.
fn orders(tiers: &[Vec<usize>], cap: usize, truncated: &mut bool) -> Vec<Vec<usize>> {
    let mut result: Vec<Vec<usize>> = vec![Vec::new()];
    for tier in tiers {
        let perms = permutations(tier);
        let mut next = Vec::new();
        for prefix in &result {
            for perm in &perms {
                if next.len() >= cap {
                    *truncated = true;
                    break;
                }
                let mut order = prefix.clone();
                order.extend(perm);
                next.push(order);
            }
        }
        result = next;
    }
    result
}

/// All orderings of a few items (tiers of equally near Blips are small).
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, first) in items.iter().enumerate() {
        let rest: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, v)| *v)
            .collect();
        for mut tail in permutations(&rest) {
            tail.insert(0, *first);
            all.push(tail);
        }
        if all.len() >= MAX_OPTIONS {
            break;
        }
    }
    all
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use deckplan_schema::enormity::Space;

    use super::*;
    use crate::enormity::rules::testing::{
        at as space, corner as at, fixture, pack_of, single_page_pack,
    };
    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn path(mv: &BlipMove) -> Vec<String> {
        mv.steps.iter().map(|s| s.to.point.to_string()).collect()
    }

    fn only(moves: Vec<BlipMove>) -> BlipMove {
        assert_eq!(moves.len(), 1, "expected one option, got {moves:#?}");
        moves.into_iter().next().unwrap()
    }

    /// `img/example-blip-movement.png`: the Blip stands on the west wall, on
    /// the grid line along the top of the Spacer's space, and moves three
    /// intersections straight east (1, 2, 3), ending on the space's top-left
    /// corner. Fixture `blip-movement` (6×4, row A out of bounds as the dark
    /// strip below the room): Blip `C1 nw`, Spacer `C4`.
    #[test]
    fn example_blip_movement_goes_straight_along_the_shared_line() {
        let pack = fixture("blip-movement");
        let board = Board::new(&pack);
        let state = PlayState::default();
        let mv = only(move_blip(&board, &state, at("C1 nw"), space("C4"), 3).unwrap());
        assert_eq!(path(&mv), ["C1 ne", "C2 ne", "C3 ne"]);
        assert!(mv.steps.iter().all(|s| s.direction == Direction::East));
        // C3 ne is C4's north-west corner: the third move is adjacent.
        assert_eq!(
            mv.ending,
            Ending::Revealed {
                spacers: vec![space("C4")],
                extraction: None,
                before_step: false
            }
        );
    }

    /// `img/example-blip-movement-2.png`: the Blip is one line above and two
    /// lines left of alignment with the Spacer's space; it moves down first
    /// (1, toward the nearer alignment), then straight along the space's top
    /// line (2, 3). Going right first is crossed out. Same fixture: Blip
    /// `C2 ne`, Spacer `B5`.
    #[test]
    fn example_blip_movement_2_aligns_first_then_goes_straight() {
        let pack = fixture("blip-movement");
        let board = Board::new(&pack);
        let mv =
            only(move_blip(&board, &PlayState::default(), at("C2 ne"), space("B5"), 3).unwrap());
        assert_eq!(path(&mv), ["B2 ne", "B3 ne", "B4 ne"]);
        let dirs: Vec<Direction> = mv.steps.iter().map(|s| s.direction).collect();
        assert_eq!(dirs, [Direction::South, Direction::East, Direction::East]);
        assert!(mv.revealed());
    }

    /// `img/blip-movement.png`: a Blip moves along a line from intersection to
    /// intersection (the tick), never into the middle of a space (the cross).
    /// Same fixture: Blip `C1 nw`, Spacer far east on `C6`, two moves.
    #[test]
    fn blip_movement_goes_from_intersection_to_intersection() {
        let pack = fixture("blip-movement");
        let board = Board::new(&pack);
        let mv =
            only(move_blip(&board, &PlayState::default(), at("C1 nw"), space("C6"), 2).unwrap());
        assert_eq!(path(&mv), ["C1 ne", "C2 ne"]);
        assert_eq!(mv.ending, Ending::Completed);
        let mut before = point_of(&board, mv.from).unwrap();
        for step in &mv.steps {
            let now = point_of(&board, step.to).unwrap();
            assert_eq!((now.x - before.x).abs() + (now.y - before.y).abs(), UNIT);
            assert_eq!((now.x % UNIT, now.y % UNIT), (0, 0));
            before = now;
        }
    }

    /// `img/sneaking-past-blips.png`. (1) A Spacer walking past a Blip does
    /// not reveal it: a Blip given a quiet die stays hidden beside a Spacer.
    /// (2) A Blip that moves onto an intersection adjacent to a Spacer is
    /// revealed there, with moves left. (3) A Blip about to move from an
    /// intersection adjacent to a Spacer is revealed where it stands (here a
    /// patrol heading east, away from the Spacer). Same fixture: Spacer `C3`;
    /// Blip (2) on `C1 ne`, Blip (3) on `B3 ne` (the space's south-east corner).
    #[test]
    fn sneaking_past_blips() {
        let pack = fixture("blip-movement");
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(space("C3"), Direction::East);
        state.blips.insert(at("C2 ne"));
        state.blips.insert(at("C1 ne"));
        state.blips.insert(at("B3 ne"));

        // (1): the Blip on C2 ne (a corner of C3) gets no Noise.
        let dice = BTreeMap::from([(at("C1 ne"), 0), (at("C2 ne"), 0)]);
        let quiet = resolve_noise(&board, &state, space("C3"), &dice).unwrap();
        assert_eq!(quiet.outcomes.len(), 1);
        assert!(quiet.outcomes[0].revealed.is_empty());

        // (2): one step east reaches C2 ne = C3 nw; two moves are left unused.
        state.blips.remove(&at("C2 ne"));
        let two = only(move_blip(&board, &state, at("C1 ne"), space("C3"), 3).unwrap());
        assert_eq!(path(&two), ["C2 ne"]);
        assert!(matches!(
            two.ending,
            Ending::Revealed {
                before_step: false,
                ..
            }
        ));

        // (3): the patrolling Blip on B3 ne never leaves.
        let three =
            only(patrol(&board, &state, at("B3 ne"), Direction::East, 2, space("C3")).unwrap());
        assert!(three.steps.is_empty());
        assert_eq!(three.end, at("B3 ne"));
        assert_eq!(
            three.ending,
            Ending::Revealed {
                spacers: vec![space("C3")],
                extraction: None,
                before_step: true
            }
        );
    }

    const OPEN_6X6: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
F ......
E ......
D ......
C ......
B ......
A ......
"""
"#;

    #[test]
    fn a_tie_for_the_first_axis_returns_both_options() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        // A1 sw is two lines from C3's west line and two from its south line:
        // east or north first, then the other axis (zigzag).
        let moves = move_blip(&board, &PlayState::default(), at("A1 sw"), space("C3"), 2).unwrap();
        let paths: BTreeSet<Vec<String>> = moves.iter().map(path).collect();
        assert_eq!(
            paths,
            BTreeSet::from([
                vec!["A1 se".to_string(), "A1 ne".to_string()],
                vec!["A1 nw".to_string(), "A1 ne".to_string()],
            ])
        );
    }

    #[test]
    fn zigzag_alternates_until_aligned() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        // From A1 sw to F6: three lines to go on each axis before the first
        // bounding line (x 5, y 5); x first or y first, then alternate.
        let moves = move_blip(&board, &PlayState::default(), at("A1 sw"), space("F6"), 6).unwrap();
        assert_eq!(moves.len(), 2);
        for mv in &moves {
            let axes: Vec<Axis> = mv
                .steps
                .iter()
                .map(|s| movement_axis(s.direction))
                .collect();
            for pair in axes.windows(2).take(5) {
                assert_ne!(pair[0], pair[1], "{:?}", path(mv));
            }
        }
    }

    #[test]
    fn a_blip_ending_on_another_pushes_it_toward_the_spacer() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.blips.insert(at("A2 ne"));
        state.blips.insert(at("A4 ne"));
        // Toward F3 (x 2..3, y 5..6) the Blip on A4 ne (x 4, y 1) is one line
        // from F3's east line and four from its south line: one step west.
        let mv = only(move_blip(&board, &state, at("A4 ne"), space("F3"), 1).unwrap());
        assert_eq!(path(&mv), ["A3 ne"]);
        assert!(mv.pushed.is_none());
        // Two moves west end on A2 ne, where the other Blip is pushed north.
        let mv = only(move_blip(&board, &state, at("A4 ne"), space("A1"), 2).unwrap());
        assert_eq!(path(&mv), ["A3 ne", "A2 ne"]);
        let pushed = mv.pushed.as_deref().unwrap();
        assert_eq!(pushed.from, at("A2 ne"));
        // Toward A1 (x 0..1, y 0..1) the pushed Blip is on A1's north line: west.
        assert_eq!(path(pushed), ["A1 ne"]);
        assert!(pushed.revealed(), "A1 ne is a corner of A1");
    }

    #[test]
    fn welded_doors_stop_blips() {
        let page = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C ......
B ......
A ......
"""

[edges]
doors = [{ number = 1, at = "B3 east" }]
"#;
        let pack = single_page_pack(page);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.doors.insert((L1P1, 1), DoorState::Welded);
        // The door line of B3 east runs from A3 ne (x 3, y 1) to B3 ne (x 3, y 2).
        // Moving east along y 2 toward B6, the Blip steps onto B3 ne and stops.
        let mv = only(move_blip(&board, &state, at("B1 ne"), space("B6"), 4).unwrap());
        assert_eq!(path(&mv), ["B2 ne", "B3 ne"]);
        assert!(matches!(mv.ending, Ending::WeldedDoor { door } if door.number == 1));
        // Starting on an end of the door, it leaves freely.
        let away = only(move_blip(&board, &state, at("B3 ne"), space("B6"), 2).unwrap());
        assert_eq!(path(&away), ["B4 ne", "B5 ne"]);
        assert!(away.revealed(), "B5 ne is a corner of B6");
        // Coming down x 3 from C3 ne toward A3, it stops on the door's north end.
        let short = only(move_blip(&board, &state, at("C3 ne"), space("A3"), 3).unwrap());
        assert_eq!(path(&short), ["B3 ne"]);
        assert!(matches!(short.ending, Ending::WeldedDoor { door } if door.number == 1));
        // An open door stops nothing.
        state.doors.insert((L1P1, 1), DoorState::Open);
        let open = only(move_blip(&board, &state, at("B1 ne"), space("B6"), 3).unwrap());
        assert_eq!(path(&open), ["B2 ne", "B3 ne", "B4 ne"]);
        assert_eq!(open.ending, Ending::Completed);
    }

    /// "Blips starting their turn adjacent to a welded door ignore it"
    /// (other-rules.md, "Welding Doors").
    #[test]
    fn a_blip_starting_beside_a_welded_door_ignores_it() {
        let page = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
F ......
E ......
D ......
C ......
B ......
A ......
"""

[edges]
doors = [{ number = 1, at = "B3 east" }, { number = 2, at = "D3 east" }]
"#;
        let pack = single_page_pack(page);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.doors.insert((L1P1, 1), DoorState::Welded);
        state.doors.insert((L1P1, 2), DoorState::Welded);
        // Door 1's line runs x 3 from A3 ne (y 1) to B3 ne (y 2); door 2's
        // from C3 ne (y 3) to D3 ne (y 4). From B3 ne toward A3 (x 2..3,
        // y 0..1) the Blip goes straight south along door 1's own line to
        // A3 ne, a corner of A3: revealed there, not stopped by the door.
        let along = only(move_blip(&board, &state, at("B3 ne"), space("A3"), 2).unwrap());
        assert_eq!(path(&along), ["A3 ne"]);
        assert!(along.revealed(), "{:?}", along.ending);
        // From A3 ne toward F3 it goes north past door 1's other end without
        // stopping, then stops on C3 ne beside door 2, which it did not start beside.
        let up = only(move_blip(&board, &state, at("A3 ne"), space("F3"), 4).unwrap());
        assert_eq!(path(&up), ["B3 ne", "C3 ne"]);
        assert!(matches!(up.ending, Ending::WeldedDoor { door } if door.number == 2));
        // A Blip that did not start beside door 1 stops on its end.
        let below = only(move_blip(&board, &state, at("A3 se"), space("F3"), 4).unwrap());
        assert_eq!(path(&below), ["A3 ne"]);
        assert!(matches!(below.ending, Ending::WeldedDoor { door } if door.number == 1));
    }

    #[test]
    fn patrols_turn_at_the_board_edge_and_move_once_more() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        let state = PlayState::default();
        // From C4 ne (x 4) east with speed 3: x 5, x 6 (edge: turn, one more),
        // then x 5, x 4 — two normal moves plus the extra one after turning.
        let mv =
            only(patrol(&board, &state, at("C4 ne"), Direction::East, 3, space("F1")).unwrap());
        assert_eq!(path(&mv), ["C5 ne", "C6 ne", "C5 ne", "C4 ne"]);
        assert_eq!(mv.facing, Some(Direction::West));
        // Starting on the edge facing off it: turn without the extra move.
        let mv =
            only(patrol(&board, &state, at("C6 ne"), Direction::East, 2, space("F1")).unwrap());
        assert_eq!(path(&mv), ["C5 ne", "C4 ne"]);
    }

    #[test]
    fn patrols_on_a_one_space_wide_board_end() {
        // One column: every step lands on the board edge and turns the Blip.
        let page = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C .
B .
A .
"""
"#;
        let pack = single_page_pack(page);
        let board = Board::new(&pack);
        let state = PlayState::default();
        let mv =
            only(patrol(&board, &state, at("A1 sw"), Direction::East, 3, space("C1")).unwrap());
        // Three moves and at most one extra per move.
        assert_eq!(
            path(&mv),
            ["A1 se", "A1 sw", "A1 se", "A1 sw", "A1 se", "A1 sw"]
        );
        assert_eq!(mv.ending, Ending::Completed);
    }

    const TWO_BY_THREE: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C ...
B ...
A ...
"""
"#;

    fn page2(text: &str) -> String {
        text.replace("page = 1", "page = 2")
    }

    #[test]
    fn blips_cross_aligned_joins_as_one_line() {
        let second = page2(TWO_BY_THREE);
        let pack = pack_of(
            &[TWO_BY_THREE, &second],
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0\n",
        );
        let board = Board::new(&pack);
        let target = PageSpace {
            page: PageId { book: 1, page: 2 },
            space: Space::parse("C3").unwrap(),
        };
        // On L1p1's y 3 line (C3's north line), straight east onto L1p2.
        let mv = only(move_blip(&board, &PlayState::default(), at("C1 ne"), target, 3).unwrap());
        let names: Vec<String> = mv.steps.iter().map(|s| s.to.to_string()).collect();
        assert_eq!(names, ["L1p1 C2 ne", "L1p1 C3 ne", "L1p2 C1 ne"]);
        assert!(mv.steps.iter().all(|s| !s.snap));
    }

    #[test]
    fn blips_snap_across_misaligned_joins() {
        let second = page2(TWO_BY_THREE);
        let pack = pack_of(
            &[TWO_BY_THREE, &second],
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0.3\n",
        );
        let board = Board::new(&pack);
        let l1p2 = PageId { book: 1, page: 2 };
        let target = PageSpace {
            page: l1p2,
            space: Space::parse("B3").unwrap(),
        };
        // L1p2's lines sit 0.3 above L1p1's. Its B3 spans x 5..6, y 1.3..2.3
        // in L1p1's spaces. The Blip on L1p1 B2 ne (x 2, y 2) lies inside that
        // row band, where no line of its page can align, so it only closes
        // the x gap: east to the join, a snap to L1p2's nearest intersection
        // (y 2.3, B3's north line), then straight on to B3's corner.
        let moves = move_blip(&board, &PlayState::default(), at("B2 ne"), target, 6).unwrap();
        let mv = only(moves);
        let names: Vec<String> = mv.steps.iter().map(|s| s.to.to_string()).collect();
        assert_eq!(
            names,
            ["L1p1 B3 ne", "L1p2 B1 nw", "L1p2 B1 ne", "L1p2 B2 ne"]
        );
        assert_eq!(mv.steps.iter().filter(|s| s.snap).count(), 1);
        assert!(mv.revealed());

        // At an offset of exactly half a space both neighbours are nearest.
        let tie = pack_of(
            &[TWO_BY_THREE, &second],
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0.5\n",
        );
        let board = Board::new(&tie);
        let target = PageSpace {
            page: l1p2,
            space: Space::parse("A3").unwrap(),
        };
        // L1p1 A3 ne (x 3, y 1) lies inside A3's band (y 0.5..1.5): east, and
        // L1p2's intersections at y 0.5 and 1.5 are equally near.
        let moves = move_blip(&board, &PlayState::default(), at("A3 ne"), target, 1).unwrap();
        assert_eq!(moves.len(), 2, "{moves:#?}");
        assert!(moves.iter().all(|m| m.steps.len() == 1 && m.steps[0].snap));
    }

    /// Readings of seed 001's "it moves to the nearest intersection instead"
    /// across a half-space join (docs/rules/enormity.md, "Misaligned joins").
    #[test]
    fn misaligned_joins_snap_toward_the_spacer_and_never_back() {
        const FIVE_ROWS: &str = "format = 1\nbook = 1\npage = 2\nlocation = \"T\"\n\
                                 grid = \"\"\"\nE ...\nD ...\nC ...\nB ...\nA ...\n\"\"\"\n";
        let pack = pack_of(
            &[TWO_BY_THREE, FIVE_ROWS],
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0.5\n",
        );
        let board = Board::new(&pack);
        let l1p2 = |name: &str| PageSpace {
            page: PageId { book: 1, page: 2 },
            space: Space::parse(name).unwrap(),
        };
        let names =
            |mv: &BlipMove| -> Vec<String> { mv.steps.iter().map(|s| s.to.to_string()).collect() };
        // Along the join line: from L1p1 C3 ne (x 3, y 3), the top of L1p1's
        // east edge, north toward L1p2 E1 (x 3..4, y 4.5..5.5). L1p1's line
        // ends; L1p2's intersections on the same line lie at y 2.5 and 3.5.
        // The step goes on north to y 3.5 — never back south to y 2.5.
        let up =
            only(move_blip(&board, &PlayState::default(), at("C3 ne"), l1p2("E1"), 3).unwrap());
        assert_eq!(names(&up), ["L1p2 C1 nw", "L1p2 D1 nw"]);
        assert!(up.steps.iter().all(|s| s.direction == Direction::North));
        assert!(up.steps[0].snap && !up.steps[1].snap);
        assert_eq!(up.steps[0].moved, (0, UNIT / 2));
        assert!(up.revealed());
        // A tie between two nearest intersections goes toward the Spacer:
        // from L1p1 B3 ne (x 3, y 2) toward L1p2 E3 (x 5..6, y 4.5..5.5) the
        // x gap (2) is the smaller, so east first, across the join; of the
        // equally near y 1.5 and y 2.5, y 2.5 is nearer E3.
        let across =
            only(move_blip(&board, &PlayState::default(), at("B3 ne"), l1p2("E3"), 1).unwrap());
        assert_eq!(names(&across), ["L1p2 B1 nw"]);
        assert_eq!(across.steps[0].direction, Direction::East);
        assert_eq!(across.steps[0].moved, (0, UNIT / 2));
        // The text says how the snap really moved.
        assert_eq!(
            across.describe(0)[0],
            "1. east to L1p2 B1 nw (across a misaligned join, to the nearest intersection: \
             0.5 north)"
        );
    }

    /// Full Alert: toward the Extraction space, even one printed out of
    /// bounds, revealed on moving adjacent to it.
    #[test]
    fn full_alert_moves_toward_the_extraction_space() {
        let pack = fixture("blip-movement");
        let board = Board::new(&pack);
        // A1 is out of bounds in this fixture: no Spacer stands there, but an
        // Extraction Point may be printed there.
        let state = PlayState::default();
        assert!(matches!(
            move_blip(&board, &state, at("C1 ne"), space("A1"), 3),
            Err(BlipError::TargetCannotStand { .. })
        ));
        let mv = only(full_alert(&board, &state, at("C1 ne"), space("A1"), 3).unwrap());
        // C1 ne (x 1, y 3) is on A1's east line: straight south to A1 ne (y 1).
        assert_eq!(path(&mv), ["B1 ne", "A1 ne"]);
        assert_eq!(
            mv.ending,
            Ending::Revealed {
                spacers: Vec::new(),
                extraction: Some(space("A1")),
                before_step: false
            }
        );
        assert_eq!(
            mv.ending.to_string(),
            "revealed on moving adjacent to the Extraction space L1p1 A1"
        );
    }

    #[test]
    fn noise_moves_the_nearest_blip_first_and_tries_every_order_of_a_tie() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(space("C3"), Direction::North);
        state.blips.insert(at("C6 ne")); // x 6, y 3: three from C3's east line
        state.blips.insert(at("C1 nw")); // x 0, y 3: two from C3's west line
        state.blips.insert(at("F3 ne")); // x 3, y 6: three from C3's north line
        let order = noise_order(&board, &state, space("C3")).unwrap();
        assert_eq!(
            order,
            vec![vec![at("C1 nw")], vec![at("F3 ne"), at("C6 ne")]]
        );
        let dice = BTreeMap::from([(at("C6 ne"), 1), (at("C1 nw"), 1), (at("F3 ne"), 1)]);
        let result = resolve_noise(&board, &state, space("C3"), &dice).unwrap();
        assert!(!result.truncated);
        // The tie's two orders end the same: reported once.
        assert_eq!(result.outcomes.len(), 1);
        let outcome = &result.outcomes[0];
        assert_eq!(outcome.moves[0].from, at("C1 nw"));
        assert_eq!(
            outcome.blips,
            BTreeSet::from([at("C1 ne"), at("E3 ne"), at("C5 ne")])
        );
        assert!(matches!(
            resolve_noise(
                &board,
                &state,
                space("C3"),
                &BTreeMap::from([(at("A1 sw"), 1)])
            ),
            Err(BlipError::NoBlip(_))
        ));
    }

    #[test]
    fn a_farther_blip_pushes_a_nearer_one_that_moved_first() {
        let pack = single_page_pack(OPEN_6X6);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        // Both on A1's north line (y 1): A3 ne two lines from A1's east line, A4 ne three.
        state.blips.insert(at("A3 ne"));
        state.blips.insert(at("A4 ne"));
        let dice = BTreeMap::from([(at("A3 ne"), 1), (at("A4 ne"), 2)]);
        let result = resolve_noise(&board, &state, space("A1"), &dice).unwrap();
        // Nearest first: A3 ne to A2 ne; then A4 ne to A2 ne, pushing the
        // first Blip onto A1 ne, a corner of the Spacer's space: revealed.
        assert_eq!(result.outcomes.len(), 1);
        let outcome = &result.outcomes[0];
        assert_eq!(path(&outcome.moves[0]), ["A2 ne"]);
        assert_eq!(path(&outcome.moves[1]), ["A3 ne", "A2 ne"]);
        let pushed = outcome.moves[1].pushed.as_deref().unwrap();
        assert_eq!(path(pushed), ["A1 ne"]);
        assert_eq!(outcome.blips, BTreeSet::from([at("A2 ne")]));
        assert_eq!(outcome.revealed, vec![at("A1 ne")]);
    }
}

#[cfg(test)]
mod proptests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use deckplan_schema::enormity::{Intersection, Space};
    use proptest::prelude::*;

    use super::*;
    use crate::enormity::rules::testing::pack_of;

    fn page(id: u16, columns: u16, rows: u16) -> String {
        let row: String = ".".repeat(usize::from(columns));
        let grid: Vec<String> = (0..rows).map(|_| row.clone()).collect();
        format!(
            "format = 1\nbook = 1\npage = {id}\nlocation = \"T\"\ngrid = \"\"\"\n{}\n\"\"\"\n",
            grid.join("\n")
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every step moves exactly one space along one axis, except snaps
        /// across a misaligned join, which stay on the join line and move less
        /// than a space along it.
        #[test]
        fn every_step_changes_one_coordinate_by_one(
            offset in prop::sample::select(vec!["0", "1", "-2", "0.5", "0.25", "-0.7"]),
            (bx, by) in (0u16..=5, 0u16..=5),
            (page_of_target, tc, tr) in (1u16..=2, 0u16..5, 0u16..5),
            steps in 0u32..12,
            first_direction in prop::sample::select(Direction::ALL.to_vec()),
        ) {
            let pack = pack_of(
                &[&page(1, 5, 5), &page(2, 5, 5)],
                &format!("[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n"),
            );
            let board = Board::new(&pack);
            let blip = PageIntersection { page: PageId { book: 1, page: 1 }, point: Intersection { x: bx, y: by } };
            let target = PageSpace { page: PageId { book: 1, page: page_of_target }, space: Space::new(tc, tr) };
            let mut moves = move_blip(&board, &PlayState::default(), blip, target, steps).unwrap();
            moves.extend(patrol(&board, &PlayState::default(), blip, first_direction, steps, target).unwrap());
            prop_assert!(!moves.is_empty());
            for mv in moves {
                prop_assert!(mv.steps.len() <= 2 * steps as usize);
                let mut before = point_of(&board, mv.from).unwrap();
                for step in &mv.steps {
                    let now = point_of(&board, step.to).unwrap();
                    let (dx, dy) = ((now.x - before.x).abs(), (now.y - before.y).abs());
                    if step.snap {
                        // Along the vertical join line, by less than a space.
                        prop_assert_eq!(dx, 0);
                        prop_assert!(dy > 0 && dy < UNIT, "snap by {}", dy);
                    } else {
                        prop_assert_eq!(dx + dy, UNIT, "step {:?} from {:?}", step, before);
                        prop_assert!(dx == 0 || dy == 0);
                    }
                    before = now;
                }
            }
        }
    }
}
