//! Spacer movement (seeds/000, spacer-movement.md): every space a Spacer can
//! end a Move action on, one shortest path to each, and why a given space is
//! out of reach.
//!
//! The search is one breadth-first pass over the [`SpacerGraph`] (walls, red
//! lines, obstacles and out-of-bounds spaces are already missing from it, and a
//! forced arrow leaves only its own direction), applying what the play state
//! adds: doors closed or welded, Intruders in the way, other Spacers that can be
//! passed but not ended on, and Location arrows that end the move. It costs
//! O(spaces + steps) whatever the move value, and keeps one small record per
//! space (steps, parent, Intruders triggered, flags); paths are rebuilt from
//! the parents on request, so a huge move over a huge page never holds a path
//! per destination.
//!
//! A breadth-first search is exact here even though a move may not visit a
//! space twice: a shortest route never repeats a space, and a space holding a
//! Spacer is passed like any other, it just is not a destination. The only
//! spaces that end a route early are Location arrows, and the search does not
//! go on from them.
//!
//! # Interpretations
//!
//! - **Location arrows.** The Move-action list says "stop on that space and
//!   reveal a new Location Map"; the section on revealing new maps ends
//!   "Finally, you can resume your movement." By default the move ends on the
//!   arrow ([`MoveOptions::location_arrows_end_move`]): the Move-action rule is
//!   the one a player reads while moving, and it is the harsher reading (Harsh
//!   Space Rule; docs/rules/enormity.md lists every reading). With the option off, the
//!   arrow is an ordinary space. Either way a Spacer that starts on an arrow
//!   leaves freely, and a Location arrow holding another Spacer cannot be
//!   entered when the move would have to end there.
//! - **Terrain tiles** resolve "when entering the first space of a tile": a path
//!   reports a tile each time it steps onto the tile from outside it, so a tile
//!   left and entered again is reported twice; the starting tile is not.
//! - **Intruder triggers** (resolving-ai-protocols.md, Attacks of Opportunity):
//!   every space the Spacer leaves — its start and every space it passes —
//!   that is adjacent ([`adjacent_spaces`]) to an unsuppressed Intruder; the
//!   space it ends on is not left. One shortest path is reported per
//!   destination: of the shortest ones, one that triggers the fewest Intruders
//!   (ties in a fixed order). A longer route that triggers fewer is legal too;
//!   the engine does not look for it.
//! - **Welded doors** block like closed doors (spacer-movement.md: "considered
//!   closed (or welded)").

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::fmt;

use deckplan_schema::enormity::{Direction, Edge, PageId, SpaceKind};

use super::distance::{MoveError, adjacent_spaces, check_on_board, kind, manhattan};
use super::{DoorState, PlayState};
use crate::enormity::board::spacer::{DoorRef, crossings};
use crate::enormity::board::{Board, PageSpace, SpacerGraph};
use crate::movement::Node;

/// How a Spacer moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOptions {
    /// The Move action's value: the most spaces moved.
    pub move_value: u32,
    /// Whether moving onto a Location arrow ends the move (see the module docs).
    pub location_arrows_end_move: bool,
}

impl MoveOptions {
    /// A Move action of the given value; Location arrows end it.
    pub const fn new(move_value: u32) -> Self {
        Self {
            move_value,
            location_arrows_end_move: true,
        }
    }
}

/// Not reached by the search.
const UNSEEN: u32 = u32::MAX;
/// Node flag: an Intruder stands here.
const INTRUDER: u8 = 1;
/// Node flag: another Spacer stands here.
const SPACER: u8 = 2;
/// Node flag: a Location arrow that ends the move.
const ARROW: u8 = 4;
/// Node flag: next to an unsuppressed Intruder (leaving it triggers one).
const DANGER: u8 = 8;

/// What the search knows of one node. One record per node, rather than one
/// array per field, so a step touches one cache line.
#[derive(Clone, Copy, Debug)]
struct Visit {
    /// Steps from the start, [`UNSEEN`] if not reached.
    steps: u32,
    /// The node it was reached from (by index), [`UNSEEN`] for the start.
    parent: u32,
    /// Intruders triggered on the way, to prefer the quietest shortest path
    /// (saturating: past 65535 triggers the choice hardly matters).
    triggered: u16,
    /// [`INTRUDER`], [`SPACER`], [`ARROW`] and [`DANGER`].
    flags: u8,
}

impl Visit {
    const NEW: Self = Self {
        steps: UNSEEN,
        parent: UNSEEN,
        triggered: 0,
        flags: 0,
    };
}

/// Everywhere one Spacer can move to, computed once by [`reach`].
#[derive(Debug)]
pub struct SpacerReach<'b> {
    board: &'b Board<'b>,
    state: &'b PlayState,
    from: PageSpace,
    options: MoveOptions,
    /// By node index.
    visits: Vec<Visit>,
}

/// Searches every space a Spacer on `from` can reach with a Move action.
pub fn reach<'b>(
    board: &'b Board<'b>,
    state: &'b PlayState,
    from: PageSpace,
    options: MoveOptions,
) -> Result<SpacerReach<'b>, MoveError> {
    check_on_board(board, from)?;
    let graph = &board.spacer;
    let start = graph.node(from).ok_or(MoveError::CannotStand(from))?;
    if state.intruders.contains_key(&from) {
        return Err(MoveError::IntruderThere(from));
    }
    let mut visits = vec![Visit::NEW; graph.len()];
    mark_nodes(board, state, options, &mut visits);
    let danger = danger(board, state);
    for node in danger.keys() {
        if let Some(visit) = visits.get_mut(*node) {
            visit.flags |= DANGER;
        }
    }
    if let Some(visit) = visits.get_mut(start.index()) {
        visit.steps = 0;
    }
    let end_on_arrows = options.location_arrows_end_move;
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let here = node.index();
        let Some(&Visit {
            steps,
            triggered,
            flags,
            ..
        }) = visits.get(here)
        else {
            continue;
        };
        if steps >= options.move_value || (node != start && flags & ARROW != 0) {
            continue;
        }
        let quiet = if flags & DANGER == 0 {
            triggered
        } else {
            let near = danger.get(&here).copied().unwrap_or(0);
            triggered.saturating_add(u16::try_from(near).unwrap_or(u16::MAX))
        };
        let parent = u32::try_from(here).unwrap_or(UNSEEN);
        for (target, step) in graph.moves().steps_from(node) {
            let Some(next) = visits.get_mut(target.index()) else {
                continue;
            };
            let flag = next.flags;
            let must_stop_on_occupied = end_on_arrows && flag & ARROW != 0 && flag & SPACER != 0;
            if flag & INTRUDER != 0
                || must_stop_on_occupied
                || step.doors().any(|d| state.door_shut(d))
            {
                continue;
            }
            if next.steps == UNSEEN {
                next.steps = steps + 1;
                next.parent = parent;
                next.triggered = quiet;
                queue.push_back(target);
            } else if next.steps == steps + 1 && quiet < next.triggered {
                // Just as short and fewer Intruders triggered: a better parent.
                // The whole previous layer is handled before this node is
                // expanded, so its count is final by then.
                next.parent = parent;
                next.triggered = quiet;
            }
        }
    }
    Ok(SpacerReach {
        board,
        state,
        from,
        options,
        visits,
    })
}

fn get(values: &[u32], index: usize) -> u32 {
    values.get(index).copied().unwrap_or(UNSEEN)
}

fn set(values: &mut [u32], index: usize, value: u32) {
    if let Some(slot) = values.get_mut(index) {
        *slot = value;
    }
}

/// How many unsuppressed Intruders each node is adjacent to (leaving it
/// triggers them all), for the few nodes where that is not zero.
fn danger(board: &Board<'_>, state: &PlayState) -> HashMap<usize, u32> {
    let mut danger = HashMap::new();
    for (at, intruder) in &state.intruders {
        if intruder.suppressed {
            continue;
        }
        for near in adjacent_spaces(board, state, *at) {
            if let Some(node) = board.spacer.node(near) {
                *danger.entry(node.index()).or_insert(0) += 1;
            }
        }
    }
    danger
}

/// Flags the few nodes holding figures or move-ending arrows.
fn mark_nodes(board: &Board<'_>, state: &PlayState, options: MoveOptions, visits: &mut [Visit]) {
    let graph = &board.spacer;
    let mut mark = |space: PageSpace, flag: u8| {
        if let Some(visit) = graph.node(space).and_then(|n| visits.get_mut(n.index())) {
            visit.flags |= flag;
        }
    };
    for space in state.intruders.keys() {
        mark(*space, INTRUDER);
    }
    for space in state.spacers.keys() {
        mark(*space, SPACER);
    }
    if options.location_arrows_end_move {
        for page in board.pack.pages.values() {
            for space in page.spaces.location_arrows.keys() {
                mark(
                    PageSpace {
                        page: page.id,
                        space: *space,
                    },
                    ARROW,
                );
            }
        }
    }
}

/// A terrain tile a path steps onto.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileEntry {
    /// The space where the path enters the tile (where its effect resolves).
    pub at: PageSpace,
    /// The tile, by index in its page's `spaces.terrain`.
    pub tile: usize,
}

/// An unsuppressed Intruder activated because the Spacer leaves a space next to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trigger {
    /// The space being left.
    pub leaving: PageSpace,
    /// The Intruder's space.
    pub intruder: PageSpace,
}

/// One shortest legal path to a destination, and what happens along it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePath {
    /// The spaces entered, in order; the last is the destination. The start is
    /// not included, so the length is the number of spaces moved.
    pub spaces: Vec<PageSpace>,
    /// Terrain tiles entered, in order.
    pub terrain: Vec<TileEntry>,
    /// Intruders triggered, in order.
    pub triggers: Vec<Trigger>,
    /// The page revealed when the path ends on a Location arrow.
    pub reveals: Option<PageId>,
}

/// Who stands on a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Another Spacer.
    Spacer,
    /// An Intruder.
    Intruder,
}

/// The feature that walls a space off, nearest to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveBlocker {
    /// A black line.
    Wall {
        /// The page it is drawn on.
        page: PageId,
        /// The edge.
        edge: Edge,
    },
    /// A red line.
    RedLine {
        /// The page it is drawn on.
        page: PageId,
        /// The edge.
        edge: Edge,
    },
    /// An obstacle (printed or a terrain tile) on a space.
    Obstacle(PageSpace),
    /// An out-of-bounds space.
    OutOfBounds(PageSpace),
    /// The edge of a page with nothing joined beyond it.
    PageEdge {
        /// The last space before the edge.
        at: PageSpace,
        /// Which side of it.
        side: Direction,
    },
    /// A forced arrow that turns the Spacer away.
    ForcedArrow {
        /// The arrow's space.
        at: PageSpace,
        /// The only way out of it.
        direction: Direction,
    },
}

impl fmt::Display for MoveBlocker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Wall { page, edge } => write!(f, "the wall on {page} {edge}"),
            Self::RedLine { page, edge } => write!(f, "the red line on {page} {edge}"),
            Self::Obstacle(at) => write!(f, "the obstacle on {at}"),
            Self::OutOfBounds(at) => write!(f, "the out-of-bounds space {at}"),
            Self::PageEdge { at, side } => write!(f, "the {side} edge of the page at {at}"),
            Self::ForcedArrow { at, direction } => {
                write!(f, "the forced arrow on {at}, which only leads {direction}")
            }
        }
    }
}

/// Why a Spacer cannot end its move on a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreachable {
    /// It is where the Spacer starts.
    Start,
    /// It is out of bounds.
    OutOfBounds,
    /// It holds an obstacle.
    Obstacle,
    /// A figure stands there (a move must end on an empty space).
    Occupied(Figure),
    /// A legal route exists, but it is longer than the move.
    OutOfRange {
        /// Steps on the shortest legal route.
        distance: u32,
        /// The move value.
        move_value: u32,
    },
    /// The way passes a door that is closed or welded (the first on the best route).
    ClosedDoor {
        /// The door.
        door: DoorRef,
        /// Closed or welded.
        state: DoorState,
        /// Steps on that route were the door open.
        distance: u32,
    },
    /// An Intruder stands in the way (the first on the best route).
    Intruder {
        /// Its space.
        at: PageSpace,
        /// Steps on that route could the Spacer pass it.
        distance: u32,
    },
    /// The way passes a Location arrow, where the move ends.
    LocationArrow {
        /// The arrow's space.
        at: PageSpace,
        /// The page it reveals.
        reveals: PageId,
        /// Steps on that route could the Spacer go on.
        distance: u32,
    },
    /// No route at all, even through doors and figures: walled off.
    Enclosed {
        /// The blocking feature nearest to the space, if any.
        nearest: Option<MoveBlocker>,
    },
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Start => f.write_str("it is where the Spacer starts"),
            Self::OutOfBounds => f.write_str("it is out of bounds"),
            Self::Obstacle => f.write_str("it holds an obstacle, and a move cannot end there"),
            Self::Occupied(Figure::Spacer) => {
                f.write_str("another Spacer stands there (a move must end on an empty space)")
            }
            Self::Occupied(Figure::Intruder) => f.write_str("an Intruder stands there"),
            Self::OutOfRange {
                distance,
                move_value,
            } => write!(
                f,
                "it is {distance} spaces away by the shortest legal route, and the move is {move_value}"
            ),
            Self::ClosedDoor {
                door,
                state,
                distance,
            } => {
                let how = if *state == DoorState::Welded {
                    "welded"
                } else {
                    "closed"
                };
                write!(
                    f,
                    "{door} is {how}; through it the route would be {distance} spaces"
                )
            }
            Self::Intruder { at, distance } => write!(
                f,
                "an Intruder on {at} blocks the way; past it the route would be {distance} spaces"
            ),
            Self::LocationArrow {
                at,
                reveals,
                distance,
            } => write!(
                f,
                "the move ends on the Location arrow on {at} (it reveals {reveals}); beyond it the route would be {distance} spaces"
            ),
            Self::Enclosed { nearest: Some(b) } => {
                write!(f, "no route leads there; nearest in the way is {b}")
            }
            Self::Enclosed { nearest: None } => f.write_str("no route leads there"),
        }
    }
}

impl<'b> SpacerReach<'b> {
    /// Where the Spacer starts.
    pub fn from(&self) -> PageSpace {
        self.from
    }

    /// The options searched with.
    pub fn options(&self) -> MoveOptions {
        self.options
    }

    fn space(&self, node: usize) -> Option<PageSpace> {
        self.board.spacer.space(Node::from_index(node)?)
    }

    fn steps(&self, node: usize) -> u32 {
        self.visits.get(node).map_or(UNSEEN, |v| v.steps)
    }

    fn flags(&self, node: usize) -> u8 {
        self.visits.get(node).map_or(0, |v| v.flags)
    }

    fn is_destination_node(&self, node: usize) -> bool {
        let steps = self.steps(node);
        steps != 0 && steps != UNSEEN && self.flags(node) & SPACER == 0
    }

    /// Every legal destination with its number of steps, in no particular order.
    pub fn destinations(&self) -> impl Iterator<Item = (PageSpace, u32)> + '_ {
        (0..self.visits.len())
            .filter(|n| self.is_destination_node(*n))
            .filter_map(|n| Some((self.space(n)?, self.steps(n))))
    }

    /// How many legal destinations there are.
    pub fn len(&self) -> usize {
        (0..self.visits.len())
            .filter(|n| self.is_destination_node(*n))
            .count()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Steps to a space the search reached within the move (a destination or a
    /// Spacer's space passed through); `None` otherwise.
    pub fn steps_to(&self, to: PageSpace) -> Option<u32> {
        let node = self.board.spacer.node(to)?;
        Some(self.steps(node.index())).filter(|d| *d != UNSEEN)
    }

    /// Whether the Spacer can end its move on the space.
    pub fn is_destination(&self, to: PageSpace) -> bool {
        self.board
            .spacer
            .node(to)
            .is_some_and(|n| self.is_destination_node(n.index()))
    }

    /// One shortest legal path to a destination; `None` for any other space.
    pub fn path(&self, to: PageSpace) -> Option<MovePath> {
        let node = self.board.spacer.node(to)?.index();
        if !self.is_destination_node(node) {
            return None;
        }
        let mut spaces = Vec::new();
        let mut at = node;
        while self.steps(at) != 0 {
            spaces.push(self.space(at)?);
            at = usize::try_from(self.visits.get(at)?.parent).ok()?;
        }
        spaces.reverse();
        Some(self.describe(spaces))
    }

    /// Terrain, triggers and the revealed page along a path of spaces.
    fn describe(&self, spaces: Vec<PageSpace>) -> MovePath {
        let pack = self.board.pack;
        let tile_of = |at: PageSpace| {
            let page = pack.pages.get(&at.page)?;
            let index = page
                .spaces
                .terrain
                .iter()
                .position(|t| t.spaces.contains(&at.space))?;
            Some((at.page, index))
        };
        let mut terrain = Vec::new();
        let mut previous = tile_of(self.from);
        for &at in &spaces {
            let tile = tile_of(at);
            if let Some((_, index)) = tile.filter(|t| Some(*t) != previous) {
                terrain.push(TileEntry { at, tile: index });
            }
            previous = tile;
        }
        let left = std::iter::once(self.from).chain(spaces.iter().rev().skip(1).rev().copied());
        let mut triggers = Vec::new();
        for leaving in left {
            for near in adjacent_spaces(self.board, self.state, leaving) {
                if self
                    .state
                    .intruders
                    .get(&near)
                    .is_some_and(|i| !i.suppressed)
                {
                    triggers.push(Trigger {
                        leaving,
                        intruder: near,
                    });
                }
            }
        }
        let reveals = spaces.last().and_then(|end| {
            pack.pages
                .get(&end.page)?
                .spaces
                .location_arrows
                .get(&end.space)
                .map(|a| a.target)
        });
        MovePath {
            spaces,
            terrain,
            triggers,
            reveals,
        }
    }

    /// Why the Spacer cannot end its move on a space; `None` when it can.
    pub fn why_not(&self, to: PageSpace) -> Result<Option<Unreachable>, MoveError> {
        check_on_board(self.board, to)?;
        if to == self.from {
            return Ok(Some(Unreachable::Start));
        }
        if kind(self.board, to) == Some(SpaceKind::OutOfBounds) {
            return Ok(Some(Unreachable::OutOfBounds));
        }
        let Some(goal) = self.board.spacer.node(to) else {
            return Ok(Some(Unreachable::Obstacle));
        };
        if self.state.intruders.contains_key(&to) {
            return Ok(Some(Unreachable::Occupied(Figure::Intruder)));
        }
        if self.state.spacers.contains_key(&to) {
            return Ok(Some(Unreachable::Occupied(Figure::Spacer)));
        }
        if self.is_destination_node(goal.index()) {
            return Ok(None);
        }
        Ok(Some(self.explain(goal)))
    }

    /// A search that may also pass what the play state forbids — shut doors,
    /// Intruders, move-ending arrows — each at a cost, so the route found has
    /// the fewest such hindrances, then the fewest steps. The first hindrance
    /// on it is the reason; with none, the route is merely too long; with no
    /// route at all, the nearest wall-like feature is named.
    fn explain(&self, goal: Node) -> Unreachable {
        let graph: &SpacerGraph = &self.board.spacer;
        let count = graph.len();
        let Some(start) = graph.node(self.from) else {
            return Unreachable::Enclosed { nearest: None };
        };
        let mut best: Vec<(u32, u32)> = vec![(UNSEEN, UNSEEN); count];
        let mut parent: Vec<u32> = vec![UNSEEN; count];
        if let Some(slot) = best.get_mut(start.index()) {
            *slot = (0, 0);
        }
        let mut heap = BinaryHeap::from([Reverse((0u32, 0u32, start.index()))]);
        while let Some(Reverse((hindrances, steps, node))) = heap.pop() {
            if best.get(node).copied() != Some((hindrances, steps)) {
                continue;
            }
            let from_arrow = node != start.index() && self.flags(node) & ARROW != 0;
            let Some(here) = Node::from_index(node) else {
                continue;
            };
            for (target, step) in graph.moves().steps_from(here) {
                let next = target.index();
                let intruder = self.flags(next) & INTRUDER != 0;
                let cost = u32::from(from_arrow)
                    + u32::from(intruder)
                    + u32::from(step.doors().any(|d| self.state.door_shut(d)));
                let candidate = (hindrances + cost, steps + 1);
                if best.get(next).is_some_and(|b| candidate < *b) {
                    if let Some(slot) = best.get_mut(next) {
                        *slot = candidate;
                    }
                    set(&mut parent, next, u32::try_from(node).unwrap_or(UNSEEN));
                    heap.push(Reverse((candidate.0, candidate.1, next)));
                }
            }
        }
        let Some(&(hindrances, distance)) = best.get(goal.index()).filter(|b| b.0 != UNSEEN) else {
            return Unreachable::Enclosed {
                nearest: self.nearest_blocker(&best, goal),
            };
        };
        if hindrances == 0 {
            return Unreachable::OutOfRange {
                distance,
                move_value: self.options.move_value,
            };
        }
        // Walk back to list the route's nodes start first, then find its first hindrance.
        let mut route = vec![goal.index()];
        let mut at = goal.index();
        while at != start.index() {
            let Ok(up) = usize::try_from(get(&parent, at)) else {
                break;
            };
            if up == usize::try_from(UNSEEN).unwrap_or(usize::MAX) {
                break;
            }
            route.push(up);
            at = up;
        }
        route.reverse();
        for pair in route.windows(2) {
            let [here, next] = pair else { continue };
            let (here, next) = (*here, *next);
            let arrow = (here != start.index() && self.flags(here) & ARROW != 0)
                .then(|| self.space(here))
                .flatten()
                .and_then(|at| {
                    let page = self.board.pack.pages.get(&at.page)?;
                    Some((at, page.spaces.location_arrows.get(&at.space)?.target))
                });
            if let Some((at, reveals)) = arrow {
                return Unreachable::LocationArrow {
                    at,
                    reveals,
                    distance,
                };
            }
            // The first shut door of the step: across a join, either page's.
            let door = Node::from_index(here).and_then(|from| {
                graph
                    .moves()
                    .steps_from(from)
                    .filter(|(to, _)| to.index() == next)
                    .find_map(|(_, step)| step.doors().find(|d| self.state.door_shut(*d)))
            });
            if let Some(door) = door {
                return Unreachable::ClosedDoor {
                    door,
                    state: self.state.door(door.page, door.number),
                    distance,
                };
            }
            if let Some(at) = self
                .space(next)
                .filter(|_| self.flags(next) & INTRUDER != 0)
            {
                return Unreachable::Intruder { at, distance };
            }
        }
        Unreachable::OutOfRange {
            distance,
            move_value: self.options.move_value,
        }
    }

    /// The wall-like feature on the border of the area a Spacer could reach
    /// (through doors and figures) that lies nearest to the goal, ties to the
    /// one nearest the start.
    fn nearest_blocker(&self, best: &[(u32, u32)], goal: Node) -> Option<MoveBlocker> {
        let board = self.board;
        let graph = &board.spacer;
        let target = graph.space(goal)?;
        let reached = |space: PageSpace| {
            graph
                .node(space)
                .and_then(|n| best.get(n.index()))
                .is_some_and(|b| b.0 != UNSEEN)
        };
        let mut found: Option<((u32, u32), MoveBlocker)> = None;
        for (node, (hindrances, steps)) in best.iter().enumerate() {
            if *hindrances == UNSEEN {
                continue;
            }
            let Some(here) = self.space(node) else {
                continue;
            };
            let forced = board
                .pack
                .pages
                .get(&here.page)
                .and_then(|p| p.spaces.forced_arrows.get(&here.space))
                .map(|a| a.direction);
            for direction in Direction::ALL {
                let ways = crossings(board.pack, &board.layout, here, direction);
                let mut candidates = Vec::new();
                if ways.is_empty() {
                    candidates.push((
                        here,
                        MoveBlocker::PageEdge {
                            at: here,
                            side: direction,
                        },
                    ));
                }
                for way in ways {
                    if reached(way.to) {
                        continue;
                    }
                    let blocker = if let Some(mark) = way.blocker() {
                        match mark.kind {
                            deckplan_schema::enormity::EdgeKind::RedLine => MoveBlocker::RedLine {
                                page: mark.page,
                                edge: mark.edge,
                            },
                            _ => MoveBlocker::Wall {
                                page: mark.page,
                                edge: mark.edge,
                            },
                        }
                    } else if kind(board, way.to) == Some(SpaceKind::OutOfBounds) {
                        MoveBlocker::OutOfBounds(way.to)
                    } else if graph.node(way.to).is_none() {
                        MoveBlocker::Obstacle(way.to)
                    } else if let Some(only) = forced.filter(|only| *only != direction) {
                        MoveBlocker::ForcedArrow {
                            at: here,
                            direction: only,
                        }
                    } else {
                        continue;
                    };
                    candidates.push((way.to, blocker));
                }
                for (far, blocker) in candidates {
                    let near = manhattan(board, far, target).unwrap_or(u32::MAX);
                    let key = (near, *steps);
                    if found.as_ref().is_none_or(|(k, _)| key < *k) {
                        found = Some((key, blocker));
                    }
                }
            }
        }
        found.map(|(_, blocker)| blocker)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::rules::testing::{at, at2, board_of, intruder, one_page, two_pages_with};
    use deckplan_schema::enormity::Space;

    fn spaces(reach: &SpacerReach<'_>) -> Vec<String> {
        let mut all: Vec<PageSpace> = reach.destinations().map(|(s, _)| s).collect();
        all.sort();
        all.iter().map(|s| s.space.to_string()).collect()
    }

    fn names(path: &MovePath) -> Vec<String> {
        path.spaces.iter().map(|s| s.space.to_string()).collect()
    }

    #[test]
    fn moves_cardinally_up_to_the_move_value() {
        let pack = one_page("C .....\nB .....\nA .....\n", "");
        let board = board_of(&pack);
        let state = PlayState::default();
        let reach = reach(&board, &state, at("B3"), MoveOptions::new(1)).unwrap();
        assert_eq!(spaces(&reach), ["A3", "B2", "B4", "C3"]);
        let reach2 = super::reach(&board, &state, at("B3"), MoveOptions::new(2)).unwrap();
        assert_eq!(reach2.len(), 10, "the diamond of radius 2, cut by the page");
        assert!(reach2.is_destination(at("C4")), "two steps, never diagonal");
        assert_eq!(reach2.steps_to(at("C4")), Some(2));
        assert_eq!(
            reach.why_not(at("C4")).unwrap(),
            Some(Unreachable::OutOfRange {
                distance: 2,
                move_value: 1
            })
        );
    }

    #[test]
    fn a_zero_move_goes_nowhere() {
        let pack = one_page("A ...\n", "");
        let board = board_of(&pack);
        let state = PlayState::default();
        let reach = reach(&board, &state, at("A2"), MoveOptions::new(0)).unwrap();
        assert!(reach.is_empty());
        assert_eq!(reach.why_not(at("A2")).unwrap(), Some(Unreachable::Start));
    }

    #[test]
    fn walls_red_lines_obstacles_and_out_of_bounds_block() {
        let pack = one_page(
            "B #O...\nA .....\n",
            "[edges]\nwalls = [\"A3 east\"]\nred_lines = [\"A3 north\"]\n\
             [spaces]\nterrain = [{ spaces = [\"B4\"], keywords = [\"obstacle\"] }]\n",
        );
        let board = board_of(&pack);
        let state = PlayState::default();
        let reach = reach(&board, &state, at("A3"), MoveOptions::new(9)).unwrap();
        assert_eq!(spaces(&reach), ["A1", "A2"]);
        let why = |name| reach.why_not(at(name)).unwrap();
        assert_eq!(why("B1"), Some(Unreachable::OutOfBounds));
        assert_eq!(why("B2"), Some(Unreachable::Obstacle));
        assert_eq!(why("B4"), Some(Unreachable::Obstacle), "obstacle tile");
        let Some(Unreachable::Enclosed { nearest: Some(b) }) = why("A5") else {
            panic!("{:?}", why("A5"))
        };
        assert_eq!(b.to_string(), "the wall on L1p1 A3 east");
    }

    #[test]
    fn passes_spacers_but_never_ends_on_one_nor_passes_intruders() {
        let pack = one_page("A ......\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A2"), Direction::North);
        state.intruders.insert(at("A5"), intruder());
        let reach = reach(&board, &state, at("A1"), MoveOptions::new(5)).unwrap();
        assert_eq!(spaces(&reach), ["A3", "A4"]);
        assert_eq!(names(&reach.path(at("A3")).unwrap()), ["A2", "A3"]);
        assert_eq!(
            reach.steps_to(at("A2")),
            Some(1),
            "passed, not a destination"
        );
        let why = |name| reach.why_not(at(name)).unwrap();
        assert_eq!(why("A2"), Some(Unreachable::Occupied(Figure::Spacer)));
        assert_eq!(why("A5"), Some(Unreachable::Occupied(Figure::Intruder)));
        assert_eq!(
            why("A6"),
            Some(Unreachable::Intruder {
                at: at("A5"),
                distance: 5
            })
        );
    }

    #[test]
    fn doors_open_only_in_the_play_state() {
        let pack = one_page(
            "A ....\n",
            "[edges]\ndoors = [{ number = 2, at = \"A2 east\" }]\n",
        );
        let board = board_of(&pack);
        let mut state = PlayState::default();
        let closed = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert_eq!(spaces(&closed), ["A2"]);
        let Some(Unreachable::ClosedDoor {
            door,
            state: s,
            distance,
        }) = closed.why_not(at("A4")).unwrap()
        else {
            panic!()
        };
        assert_eq!((door.number, s, distance), (2, DoorState::Closed, 3));
        state.doors.insert((at("A1").page, 2), DoorState::Open);
        let open = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert_eq!(spaces(&open), ["A2", "A3", "A4"]);
        state.doors.insert((at("A1").page, 2), DoorState::Welded);
        let welded = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert_eq!(spaces(&welded), ["A2"]);
        assert!(
            welded
                .why_not(at("A3"))
                .unwrap()
                .unwrap()
                .to_string()
                .contains("welded")
        );
    }

    #[test]
    fn forced_arrows_let_out_only_their_way() {
        // A2 forces east: the Spacer on A1 can enter A2 but not turn north there.
        let pack = one_page(
            "B ...\nA ...\n",
            "[spaces]\nforced_arrows = [{ at = \"A2\", direction = \"east\" }]\n",
        );
        let board = board_of(&pack);
        let state = PlayState::default();
        let reach = reach(&board, &state, at("A2"), MoveOptions::new(1)).unwrap();
        assert_eq!(spaces(&reach), ["A3"], "the start obeys its arrow too");
        let from_a1 = super::reach(&board, &state, at("A1"), MoveOptions::new(2)).unwrap();
        assert_eq!(spaces(&from_a1), ["A2", "A3", "B1", "B2"]);
        assert_eq!(names(&from_a1.path(at("B2")).unwrap()), ["B1", "B2"]);
    }

    #[test]
    fn location_arrows_end_the_move_unless_told_otherwise() {
        // Row B is a corridor ending in a Location arrow on B4 (at the page's
        // east edge); a wall along the top of A1–A3 leaves row A reachable only
        // from B4, beyond the arrow.
        let pack = one_page(
            "B ....\nA ....\n",
            "[edges]\nwalls = [\"A1-A3 north\"]\n\
             [spaces]\nlocation_arrows = [{ at = \"B4\", direction = \"east\", target = \"L2p1\" }]\n",
        );
        let board = board_of(&pack);
        let mut state = PlayState::default();
        let ends = reach(&board, &state, at("B1"), MoveOptions::new(5)).unwrap();
        let path = ends.path(at("B4")).unwrap();
        assert_eq!(path.reveals, Some(PageId { book: 2, page: 1 }));
        assert_eq!(names(&path), ["B2", "B3", "B4"]);
        assert!(
            !ends.is_destination(at("A4")),
            "A4 only lies beyond the arrow"
        );
        let Some(Unreachable::LocationArrow {
            at: arrow,
            reveals,
            distance,
        }) = ends.why_not(at("A4")).unwrap()
        else {
            panic!("{:?}", ends.why_not(at("A4")))
        };
        assert_eq!(
            (arrow, reveals.to_string(), distance),
            (at("B4"), "L2p1".into(), 4)
        );
        // Starting on the arrow, the Spacer leaves freely.
        let leaving = super::reach(&board, &state, at("B4"), MoveOptions::new(1)).unwrap();
        assert_eq!(spaces(&leaving), ["A4", "B3"]);
        // Resuming after the reveal, the arrow is an ordinary space.
        let resume = MoveOptions {
            location_arrows_end_move: false,
            ..MoveOptions::new(5)
        };
        let through = super::reach(&board, &state, at("B1"), resume).unwrap();
        assert_eq!(
            names(&through.path(at("A4")).unwrap()),
            ["B2", "B3", "B4", "A4"]
        );
        assert_eq!(through.path(at("B4")).unwrap().reveals, Some(reveals));
        // An arrow held by another Spacer cannot be entered: the move would end there.
        state.spacers.insert(at("B4"), Direction::North);
        let held = super::reach(&board, &state, at("B1"), MoveOptions::new(9)).unwrap();
        assert_eq!(held.steps_to(at("B4")), None);
        assert_eq!(spaces(&held), ["B2", "B3"]);
    }

    #[test]
    fn reports_terrain_entered_and_intruders_triggered() {
        // A tile over A2 and A3; an Intruder on B1, next to A1 (the start) and B2.
        let pack = one_page(
            "B ....\nA ....\n",
            "[spaces]\nterrain = [{ spaces = [\"A2\", \"A3\"], keywords = [\"cover\"] }]\n",
        );
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.intruders.insert(at("B1"), intruder());
        let reach = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        let path = reach.path(at("A4")).unwrap();
        assert_eq!(names(&path), ["A2", "A3", "A4"]);
        assert_eq!(
            path.terrain,
            [TileEntry {
                at: at("A2"),
                tile: 0
            }]
        );
        assert_eq!(
            path.triggers,
            [Trigger {
                leaving: at("A1"),
                intruder: at("B1")
            }]
        );
        let suppressed = crate::enormity::rules::Intruder {
            suppressed: true,
            ..intruder()
        };
        state.intruders.insert(at("B1"), suppressed);
        let quiet = super::reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert!(quiet.path(at("A4")).unwrap().triggers.is_empty());
    }

    #[test]
    fn of_the_shortest_paths_reports_one_that_triggers_fewest() {
        // The Intruder on C1 is next to B1 and C2. From A1 to B2 both A2-B2
        // and B1-B2 are two steps; only leaving B1 triggers it.
        let pack = one_page("C ...\nB ...\nA ...\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.intruders.insert(at("C1"), intruder());
        let reach = reach(&board, &state, at("A1"), MoveOptions::new(2)).unwrap();
        let path = reach.path(at("B2")).unwrap();
        assert_eq!(names(&path), ["A2", "B2"]);
        assert!(path.triggers.is_empty());
        let forced = reach.path(at("B1")).unwrap();
        assert!(forced.triggers.is_empty(), "B1 is entered, not left");
    }

    #[test]
    fn crosses_joined_pages() {
        let pack = two_pages_with(
            "A ..\n",
            "",
            "A ..\n",
            "[edges]\nwalls = [\"A1 west\"]\n",
            Some(0),
        );
        let board = board_of(&pack);
        let state = PlayState::default();
        let reach = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert!(
            !reach.is_destination(at2("A1")),
            "the wall on L1p2's outline"
        );
        let open = two_pages_with("A ..\n", "", "A ..\n", "", Some(0));
        let board = board_of(&open);
        let reach = super::reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        let path = reach.path(at2("A2")).unwrap();
        assert_eq!(path.spaces, [at("A2"), at2("A1"), at2("A2")]);
    }

    /// Seed 000: "You cannot move through a Door unless it is opened
    /// (removed) from the board by another effect". L1p1 (A1 A2) is joined
    /// at its east edge to L1p2 (A1 A2); each page draws a door on the same
    /// stretch, L1p1 door 1 on A2 east and L1p2 door 1 on A1 west. A Spacer
    /// crossing there passes both, so it needs both opened: with only the
    /// page it leaves opened (either way round) it stays on its page, and
    /// `--why` names the other page's door.
    #[test]
    fn a_join_with_a_door_on_each_page_needs_both_open() {
        let pack = two_pages_with(
            "A ..\n",
            "[edges]\ndoors = [{ number = 1, at = \"A2 east\" }]\n",
            "A ..\n",
            "[edges]\ndoors = [{ number = 1, at = \"A1 west\" }]\n",
            Some(0),
        );
        let board = board_of(&pack);
        let (near, far) = ((at("A1").page, 1), (at2("A1").page, 1));
        let mut state = PlayState::default();
        state.doors.insert(near, DoorState::Open);
        let leaving = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert_eq!(spaces(&leaving), ["A2"], "only L1p1's door is open");
        let Some(Unreachable::ClosedDoor { door, .. }) = leaving.why_not(at2("A1")).unwrap() else {
            panic!("{:?}", leaving.why_not(at2("A1")))
        };
        assert_eq!(door.to_string(), "L1p2 door 1 on the west edge beside A1");
        let back = reach(&board, &state, at2("A2"), MoveOptions::new(3)).unwrap();
        assert!(
            !back.is_destination(at("A2")),
            "L1p2's door is still closed"
        );
        state.doors.insert(near, DoorState::Closed);
        state.doors.insert(far, DoorState::Open);
        let other = reach(&board, &state, at2("A2"), MoveOptions::new(3)).unwrap();
        assert!(!other.is_destination(at("A2")), "only L1p2's door is open");
        state.doors.insert(near, DoorState::Open);
        let both = reach(&board, &state, at("A1"), MoveOptions::new(3)).unwrap();
        assert_eq!(
            both.path(at2("A2")).unwrap().spaces,
            [at("A2"), at2("A1"), at2("A2")]
        );
    }

    #[test]
    fn refuses_impossible_starts() {
        let pack = one_page("A #.O\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        let options = MoveOptions::new(1);
        assert_eq!(
            reach(&board, &state, at("A1"), options).unwrap_err(),
            MoveError::CannotStand(at("A1"))
        );
        assert!(reach(&board, &state, at("A3"), options).is_err());
        let off = PageSpace {
            page: at("A1").page,
            space: Space::new(7, 0),
        };
        assert_eq!(
            reach(&board, &state, off, options).unwrap_err(),
            MoveError::NotOnBoard(off)
        );
        state.intruders.insert(at("A2"), intruder());
        assert_eq!(
            reach(&board, &state, at("A2"), options).unwrap_err(),
            MoveError::IntruderThere(at("A2"))
        );
    }
}
