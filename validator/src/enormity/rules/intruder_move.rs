//! Intruder movement (resolving-ai-protocols.md, "Intruder Movement", and its
//! picture `img/intruder-movement-example.png`): every route an Intruder may
//! take toward its target, and where a push past the board edge slides it.
//!
//! An Intruder moves "as close to the Target as possible, up to its Speed
//! value, stopping only when it becomes adjacent to the Target", "along the
//! shortest possible path", "one space at a time, in cardinal directions",
//! "through any other game components", not through walls. When the target is
//! not in a straight line it "zigzags": it switches axis after every space
//! until it is in line with the target, then goes straight. The players choose
//! the first axis and break ties between equally short routes, so
//! [`intruder_moves`] returns **every** route rather than picking one.
//!
//! How the rules combine here: a breadth-first search outward from the spaces
//! where the Intruder would stop gives every space its distance to the nearest
//! of them; a step is allowed only if it brings the Intruder one space closer
//! (so every route is a shortest one), and among the allowed steps the zigzag
//! decides — straight toward the target when in line with it, otherwise the
//! other axis than the last step. When the zigzag's step is not among the
//! shortest ones, every shortest step remains open to the players.
//!
//! # Interpretations
//!
//! - **Red lines** block Intruders. The rules say walls stop them and that red
//!   lines block adjacency and Spacer movement, but not whether Intruders cross
//!   red lines; since a step is a move to an adjacent space, and red lines block
//!   adjacency, they block Intruder steps too.
//! - **Doors**: closed and welded doors block Intruders like walls (a closed
//!   door is a standee on the wall line); open doors do not. An Intruder that
//!   moves adjacent to a welded door stops there (other-rules.md, Welding
//!   Doors). An Intruder that *starts* adjacent to a welded door destroys it
//!   ("removing it from play") before it moves: the door — every edge of that
//!   number on the page — is gone, so it neither stops nor bars this move, and
//!   the answer lists it in [`IntruderMoves::destroyed`]. A disabled door
//!   "cannot be opened or destroyed", so it stays.
//! - **Obstacles** stop baseline Intruders ("Spacers and baseline Intruders
//!   cannot move through Obstacles"); a Boss may cross them and, the rules being
//!   silent, also end on one.
//! - **In range**: range 1 means adjacent in the rules' sense
//!   ([`adjacent_spaces`]: not across a wall, red line or closed door). A longer
//!   range counts spaces orthogonally ([`manhattan`], the rulebook's distance);
//!   line of sight is not checked here.
//! - **Where it ends**: it moves through figures but does not end on one: the
//!   spaces it aims for are the unoccupied ones in range, and a route cut short
//!   by its Speed on an occupied space stops on the last free space before it.
//! - **No way to the target** (closed doors, walls): "as close to the Target as
//!   possible" is read with the rulebook's distance — it heads for the
//!   reachable free spaces nearest the target by [`manhattan`], and does not
//!   move if it already stands on one.
//! - **Facing**: turning to face the target is left to the caller.
//! - **Pushed past the board edge** ([`push`]): the "board edge" is a step out
//!   of the board — onto an out-of-bounds space, off a page with nothing joined,
//!   or through a wall, red line or shut door. Obstacles, terrain and figures do
//!   not stop a push (knocked-back Intruders "move through any Terrain tiles and
//!   miniatures"); crashing into them is left to the caller.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap, VecDeque};

use deckplan_schema::enormity::{Axis, Direction};

use super::distance::{
    MoveError, adjacent_spaces, centre, check_on_board, kind, manhattan, shut, walkable,
};
use super::{DoorState, PlayState, movement_axis};
use crate::enormity::board::spacer::{DoorRef, crossings};
use crate::enormity::board::{Board, PageSpace};

/// The most routes [`intruder_moves`] lists; past it the answer says it was cut.
/// Zigzag leaves at most two routes in open rooms; only mazes of equal detours
/// branch further, and their players need no more choices than this.
pub const MAX_ROUTES: usize = 64;

/// How an Intruder moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntruderMoveOptions {
    /// Its Speed; `None` when it has none (it moves as far as needed).
    pub speed: Option<u32>,
    /// Stop within this many spaces of the target; 1 is adjacent (melee).
    pub range: u32,
    /// A baseline Intruder (cannot cross obstacles); false for a Boss.
    pub baseline: bool,
}

impl Default for IntruderMoveOptions {
    /// A baseline Intruder without Speed that stops adjacent to its target.
    fn default() -> Self {
        Self {
            speed: None,
            range: 1,
            baseline: true,
        }
    }
}

/// One route the players may choose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntruderRoute {
    /// The spaces entered, in order (empty when it does not move).
    pub path: Vec<PageSpace>,
    /// The axis of its first step.
    pub first_axis: Option<Axis>,
    /// Whether it ends in range of the target.
    pub in_range: bool,
    /// The welded door it stopped beside, if that is why it stopped (it may
    /// then have stopped short of it, when a figure held that space).
    pub welded_stop: Option<DoorRef>,
}

impl IntruderRoute {
    /// Where the Intruder ends, given where it started.
    pub fn end(&self, from: PageSpace) -> PageSpace {
        self.path.last().copied().unwrap_or(from)
    }
}

/// Every route open to an Intruder, from [`intruder_moves`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntruderMoves {
    /// The routes, distinct, in a fixed order.
    pub routes: Vec<IntruderRoute>,
    /// Whether more routes exist than [`MAX_ROUTES`].
    pub truncated: bool,
    /// Whether it can get into range at all (else it only gets as close as it can).
    pub can_reach: bool,
    /// Steps of the shortest route to where it is heading, ignoring Speed.
    pub steps_needed: u32,
    /// Welded doors it started beside and destroyed before moving (one
    /// entry per door, named by the edge it stood at).
    pub destroyed: Vec<DoorRef>,
}

/// Whether an Intruder can stand on a space: a board space, and for a baseline
/// Intruder one without an obstacle.
fn can_stand(board: &Board<'_>, at: PageSpace, baseline: bool) -> bool {
    if baseline {
        walkable(board, at)
    } else {
        kind(board, at).is_some_and(|k| k.is_board())
    }
}

/// The spaces an Intruder can step to from a space, with the direction of the
/// step: through figures and terrain, not through walls, red lines or shut doors.
pub fn intruder_steps(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    baseline: bool,
) -> Vec<(Direction, PageSpace)> {
    let mut steps = Vec::new();
    for direction in Direction::ALL {
        for crossing in crossings(board.pack, &board.layout, from, direction) {
            if !shut(&crossing, state) && can_stand(board, crossing.to, baseline) {
                steps.push((direction, crossing.to));
            }
        }
    }
    steps
}

/// Whether a space is in range of the target (see the module docs).
pub fn in_range(
    board: &Board<'_>,
    state: &PlayState,
    at: PageSpace,
    target: PageSpace,
    range: u32,
) -> bool {
    if range <= 1 {
        adjacent_spaces(board, state, at).contains(&target)
    } else {
        manhattan(board, at, target).is_some_and(|d| d <= range)
    }
}

/// The welded door on a side of the space, if any.
fn welded_beside(board: &Board<'_>, state: &PlayState, at: PageSpace) -> Option<DoorRef> {
    Direction::ALL
        .into_iter()
        .flat_map(|d| crossings(board.pack, &board.layout, at, d))
        .flat_map(|c| c.doors().collect::<Vec<_>>())
        .find(|d| state.door(d.page, d.number) == DoorState::Welded)
}

/// The welded doors on the sides of a space that an Intruder starting there
/// destroys (disabled doors cannot be destroyed), one per door number.
fn destroyed_beside(board: &Board<'_>, state: &PlayState, at: PageSpace) -> Vec<DoorRef> {
    let mut doors: Vec<DoorRef> = Vec::new();
    for door in Direction::ALL
        .into_iter()
        .flat_map(|d| crossings(board.pack, &board.layout, at, d))
        .flat_map(|c| c.doors().collect::<Vec<_>>())
    {
        let key = (door.page, door.number);
        if state.door(door.page, door.number) == DoorState::Welded
            && !state.disabled.contains(&key)
            && !doors.iter().any(|d| (d.page, d.number) == key)
        {
            doors.push(door);
        }
    }
    doors
}

/// Breadth-first distances from a set of spaces over Intruder steps.
fn distances(
    board: &Board<'_>,
    state: &PlayState,
    sources: impl IntoIterator<Item = PageSpace>,
    baseline: bool,
) -> HashMap<PageSpace, u32> {
    let mut seen = HashMap::new();
    let mut queue = VecDeque::new();
    for source in sources {
        if seen.insert(source, 0).is_none() {
            queue.push_back(source);
        }
    }
    while let Some(here) = queue.pop_front() {
        let steps = seen.get(&here).copied().unwrap_or(0) + 1;
        for (_, next) in intruder_steps(board, state, here, baseline) {
            if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(next) {
                slot.insert(steps);
                queue.push_back(next);
            }
        }
    }
    seen
}

/// The straight direction from `here` to `target` when they share a row or a
/// column of the pack frame.
fn in_line(board: &Board<'_>, here: PageSpace, target: PageSpace) -> Option<Direction> {
    let ((hx, hy), (tx, ty)) = (centre(board, here)?, centre(board, target)?);
    match (hx == tx, hy == ty) {
        (true, false) => Some(if ty > hy {
            Direction::North
        } else {
            Direction::South
        }),
        (false, true) => Some(if tx > hx {
            Direction::East
        } else {
            Direction::West
        }),
        _ => None,
    }
}

/// A route being built.
struct Partial {
    path: Vec<PageSpace>,
    last: Option<Axis>,
    first: Option<Axis>,
}

/// Every route an Intruder on `from` may take toward `target` (see the module
/// docs for the rules and their reading).
pub fn intruder_moves(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    target: PageSpace,
    options: IntruderMoveOptions,
) -> Result<IntruderMoves, MoveError> {
    check_on_board(board, from)?;
    check_on_board(board, target)?;
    if !can_stand(board, from, options.baseline) {
        return Err(MoveError::CannotStand(from));
    }
    // Welded doors beside its starting space are destroyed first; the move
    // is then worked out on the board without them.
    let destroyed = destroyed_beside(board, state, from);
    let after;
    let state = if destroyed.is_empty() {
        state
    } else {
        let mut without = state.clone();
        for door in &destroyed {
            without
                .doors
                .insert((door.page, door.number), DoorState::Open);
        }
        after = without;
        &after
    };
    let baseline = options.baseline;
    let occupied = |s: PageSpace| s != from && state.occupied(s);
    let free = |s: &PageSpace| !occupied(*s) && can_stand(board, *s, baseline);

    // Where it could get to, then which of those it heads for.
    let reachable = distances(board, state, [from], baseline);
    let in_reach: Vec<PageSpace> = if options.range <= 1 {
        // Adjacency is symmetric: ask the target, not every reachable space.
        adjacent_spaces(board, state, target)
            .into_iter()
            .filter(|s| reachable.contains_key(s) && free(s))
            .collect()
    } else {
        reachable
            .keys()
            .copied()
            .filter(free)
            .filter(|s| in_range(board, state, *s, target, options.range))
            .collect()
    };
    let can_reach = !in_reach.is_empty();
    let goals = if can_reach {
        in_reach
    } else {
        let nearness = |s: &PageSpace| manhattan(board, *s, target);
        let best = reachable
            .keys()
            .filter(|s| free(s))
            .filter_map(nearness)
            .min();
        reachable
            .keys()
            .copied()
            .filter(free)
            .filter(|s| best.is_some() && nearness(s) == best)
            .collect()
    };
    let to_goal = distances(board, state, goals, baseline);
    let Some(&steps_needed) = to_goal.get(&from) else {
        return Ok(IntruderMoves {
            routes: vec![IntruderRoute {
                path: Vec::new(),
                first_axis: None,
                in_range: in_range(board, state, from, target, options.range),
                welded_stop: None,
            }],
            truncated: false,
            can_reach,
            steps_needed: 0,
            destroyed,
        });
    };
    let limit = options.speed.unwrap_or(u32::MAX);

    let mut finished: BTreeSet<Vec<PageSpace>> = BTreeSet::new();
    let mut routes = Vec::new();
    let mut stack = vec![Partial {
        path: Vec::new(),
        last: None,
        first: None,
    }];
    let mut truncated = false;
    while let Some(partial) = stack.pop() {
        if routes.len() >= MAX_ROUTES {
            truncated = true;
            break;
        }
        let here = partial.path.last().copied().unwrap_or(from);
        let left = to_goal.get(&here).copied().unwrap_or(0);
        let moved = u32::try_from(partial.path.len()).unwrap_or(u32::MAX);
        let welded = if partial.path.is_empty() {
            None
        } else {
            welded_beside(board, state, here)
        };
        let stops = left == 0 || moved >= limit || welded.is_some();
        let mut options_here: Vec<(Direction, PageSpace)> = if stops {
            Vec::new()
        } else {
            intruder_steps(board, state, here, baseline)
                .into_iter()
                .filter(|(_, next)| to_goal.get(next).is_some_and(|d| d + 1 == left))
                .collect()
        };
        options_here = zigzag(board, here, target, partial.last, options_here);
        if options_here.is_empty() {
            let mut path = partial.path;
            // It does not end on a figure: stop on the last free space.
            while path.last().is_some_and(|s| occupied(*s)) {
                path.pop();
            }
            if finished.insert(path.clone()) {
                let end = path.last().copied().unwrap_or(from);
                routes.push(IntruderRoute {
                    in_range: in_range(board, state, end, target, options.range),
                    welded_stop: welded,
                    first_axis: partial.first.filter(|_| !path.is_empty()),
                    path,
                });
            }
            continue;
        }
        // Pushed in reverse so the routes come out in the order of the steps.
        for (direction, next) in options_here.into_iter().rev() {
            let mut path = partial.path.clone();
            path.push(next);
            stack.push(Partial {
                path,
                last: Some(movement_axis(direction)),
                first: partial.first.or(Some(movement_axis(direction))),
            });
        }
    }
    Ok(IntruderMoves {
        routes,
        truncated,
        can_reach,
        steps_needed,
        destroyed,
    })
}

/// Narrows the shortest steps by the zigzag: straight at the target when in
/// line with it, else the other axis than the last step; when the zigzag's
/// step is not a shortest one, every shortest step stays open.
fn zigzag(
    board: &Board<'_>,
    here: PageSpace,
    target: PageSpace,
    last: Option<Axis>,
    steps: Vec<(Direction, PageSpace)>,
) -> Vec<(Direction, PageSpace)> {
    if let Some(straight) = in_line(board, here, target) {
        let ahead: Vec<_> = steps
            .iter()
            .copied()
            .filter(|(d, _)| *d == straight)
            .collect();
        if !ahead.is_empty() {
            return ahead;
        }
    }
    if let Some(last) = last {
        let turned: Vec<_> = steps
            .iter()
            .copied()
            .filter(|(d, _)| movement_axis(*d) != last)
            .collect();
        if !turned.is_empty() {
            return turned;
        }
    }
    steps
}

/// One way a push can play out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushRoute {
    /// The spaces entered, in order.
    pub path: Vec<PageSpace>,
    /// The direction it slid along the board edge, if it hit one.
    pub slid: Option<Direction>,
}

/// Whether a push may step across this way: onto a board space, not through a
/// wall, red line or shut door.
fn push_step(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    direction: Direction,
) -> Vec<PageSpace> {
    crossings(board.pack, &board.layout, from, direction)
        .into_iter()
        .filter(|c| !shut(c, state) && kind(board, c.to).is_some_and(|k| k.is_board()))
        .map(|c| c.to)
        .collect()
}

/// Spacers lying on each side of a space along an axis: (low side, high side),
/// low being south or west.
fn spacers_either_side(
    board: &Board<'_>,
    state: &PlayState,
    here: PageSpace,
    along: Axis,
) -> (usize, usize) {
    let Some((hx, hy)) = centre(board, here) else {
        return (0, 0);
    };
    let mut sides = (0, 0);
    for spacer in state.spacers.keys() {
        if !super::distance::same_frame(board, here.page, spacer.page) {
            continue;
        }
        let Some((sx, sy)) = centre(board, *spacer) else {
            continue;
        };
        let (mine, theirs) = match along {
            Axis::Horizontal => (hx, sx),
            Axis::Vertical => (hy, sy),
        };
        if theirs < mine {
            sides.0 += 1;
        } else if theirs > mine {
            sides.1 += 1;
        }
    }
    sides
}

/// Pushes an Intruder `spaces` spaces in a direction. Where the next step would
/// go past the board edge it slides along the edge, first in the direction that
/// leads away from the most Spacers (both when they are even, so the players
/// choose), the other way if that is shut; it goes straight again where the
/// edge ends, and stops in a corner.
pub fn push(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    direction: Direction,
    spaces: u32,
) -> Result<Vec<PushRoute>, MoveError> {
    check_on_board(board, from)?;
    // The sides it may slide to, on the axis across the push.
    let (low, high, across) = match movement_axis(direction) {
        Axis::Horizontal => (Direction::South, Direction::North, Axis::Vertical),
        Axis::Vertical => (Direction::West, Direction::East, Axis::Horizontal),
    };
    let mut done: Vec<PushRoute> = Vec::new();
    let mut stack = vec![(
        from,
        0u32,
        PushRoute {
            path: Vec::new(),
            slid: None,
        },
    )];
    while let Some((here, moved, route)) = stack.pop() {
        if done.len() >= MAX_ROUTES {
            break;
        }
        if moved >= spaces {
            if !done.contains(&route) {
                done.push(route);
            }
            continue;
        }
        let straight = push_step(board, state, here, direction);
        let mut branches: Vec<(PageSpace, Option<Direction>)> = Vec::new();
        if !straight.is_empty() {
            branches.extend(straight.into_iter().map(|n| (n, route.slid)));
        } else if let Some(slide) = route.slid {
            // Already sliding: keep along the edge the same way.
            let next = push_step(board, state, here, slide);
            branches.extend(next.into_iter().map(|n| (n, Some(slide))));
        } else {
            let (low_count, high_count) = spacers_either_side(board, state, here, across);
            // Sliding toward the high side leads away from the Spacers on the low side.
            let (order, even) = match low_count.cmp(&high_count) {
                Ordering::Greater => ([high, low], false),
                Ordering::Less => ([low, high], false),
                Ordering::Equal => ([high, low], true),
            };
            for slide in order {
                let next = push_step(board, state, here, slide);
                branches.extend(next.into_iter().map(|n| (n, Some(slide))));
                // Unless the Spacers are even, the first open way is the only choice.
                if !branches.is_empty() && !even {
                    break;
                }
            }
        }
        if branches.is_empty() {
            if !done.contains(&route) {
                done.push(route);
            }
            continue;
        }
        for (next, slid) in branches.into_iter().rev() {
            let mut path = route.path.clone();
            path.push(next);
            stack.push((next, moved + 1, PushRoute { path, slid }));
        }
    }
    Ok(done)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::rules::testing::{at, board_of, one_page};

    fn names(route: &IntruderRoute) -> Vec<String> {
        route.path.iter().map(|s| s.space.to_string()).collect()
    }

    fn moves(pack_grid: &str, extra: &str, from: &str, to: &str) -> IntruderMoves {
        let pack = one_page(pack_grid, extra);
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at(to), Direction::North);
        intruder_moves(
            &board,
            &state,
            at(from),
            at(to),
            IntruderMoveOptions::default(),
        )
        .unwrap()
    }

    #[test]
    fn goes_straight_when_in_line_and_stops_adjacent() {
        let found = moves("A ......\n", "", "A1", "A6");
        assert_eq!(found.routes.len(), 1);
        assert_eq!(names(&found.routes[0]), ["A2", "A3", "A4", "A5"]);
        assert!(found.routes[0].in_range);
        assert_eq!(found.routes[0].first_axis, Some(Axis::Horizontal));
    }

    #[test]
    fn zigzags_with_either_first_axis() {
        // Target three columns right and three rows up: the zigzag alternates
        // until in line (a diagonal staircase), from either first axis.
        let grid = "D ....\nC ....\nB ....\nA ....\n";
        let found = moves(grid, "", "A1", "D4");
        let mut all: Vec<Vec<String>> = found.routes.iter().map(names).collect();
        all.sort();
        assert_eq!(
            all,
            [
                vec!["A2", "B2", "B3", "C3", "C4"],
                vec!["B1", "B2", "C2", "C3", "D3"],
            ]
        );
        assert!(found.routes.iter().all(|r| r.in_range));
    }

    #[test]
    fn speed_cuts_the_route_and_figures_are_passed_not_ended_on() {
        let pack = one_page("A ......\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A6"), Direction::North);
        state.spacers.insert(at("A3"), Direction::North);
        let options = IntruderMoveOptions {
            speed: Some(2),
            ..IntruderMoveOptions::default()
        };
        let found = intruder_moves(&board, &state, at("A1"), at("A6"), options).unwrap();
        assert_eq!(
            names(&found.routes[0]),
            ["A2"],
            "A3 holds a Spacer: stop before it"
        );
        assert!(!found.routes[0].in_range);
        let options = IntruderMoveOptions {
            speed: Some(3),
            ..options
        };
        let found = intruder_moves(&board, &state, at("A1"), at("A6"), options).unwrap();
        assert_eq!(
            names(&found.routes[0]),
            ["A2", "A3", "A4"],
            "through the Spacer"
        );
    }

    #[test]
    fn walls_red_lines_and_closed_doors_stop_it_obstacles_only_baseline() {
        let grid = "B ...\nA .O.\n";
        let base = moves(grid, "", "A1", "A3");
        assert_eq!(
            names(&base.routes[0]),
            ["B1", "B2", "B3"],
            "round the obstacle"
        );
        let pack = one_page(grid, "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A3"), Direction::North);
        let boss = IntruderMoveOptions {
            baseline: false,
            ..IntruderMoveOptions::default()
        };
        let found = intruder_moves(&board, &state, at("A1"), at("A3"), boss).unwrap();
        // The Boss may cross the obstacle on A2, but an obstacle blocks
        // adjacency, so only B3 is next to the target and every route is 3 long.
        assert!(found.routes.iter().all(|r| r.in_range));
        assert_eq!(found.steps_needed, 3);
        for extra in [
            "[edges]\nred_lines = [\"B2 east\"]\nwalls = [\"A2 east\"]\n",
            "[edges]\nwalls = [\"B2 east\"]\ndoors = [{ number = 1, at = \"A2 east\" }]\n",
        ] {
            let grid = "B ...\nA ...\n";
            let found = moves(grid, extra, "A1", "A3");
            assert!(!found.can_reach, "{extra}");
            // Columns 1–2 are shut off from column 3. As close as it can get:
            // A2, one space from A3 by the count (B2 and A1 are two).
            assert_eq!(names(&found.routes[0]), ["A2"], "{extra}");
        }
    }

    #[test]
    fn a_welded_door_stops_it_beside_and_a_closed_one_only_bars_the_way() {
        // Rows A and B are parted by walls except at column 2 and column 5;
        // door 1 stands between B2 and B3. The Intruder on B1 hunts the Spacer
        // on A5 and must pass B2, beside the door.
        let extra = "[edges]\nwalls = [\"A1 north\", \"A3-A4 north\"]\n\
                     doors = [{ number = 1, at = \"B2 east\" }]\n";
        let pack = one_page("B .....\nA .....\n", extra);
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A5"), Direction::North);
        let run = |state: &PlayState| {
            intruder_moves(
                &board,
                state,
                at("B1"),
                at("A5"),
                IntruderMoveOptions::default(),
            )
            .unwrap()
        };
        let closed = run(&state);
        assert_eq!(closed.routes.len(), 1);
        assert_eq!(names(&closed.routes[0]), ["B2", "A2", "A3", "A4"]);
        assert_eq!(closed.routes[0].welded_stop, None);
        state.doors.insert((at("A1").page, 1), DoorState::Welded);
        let welded = run(&state);
        assert_eq!(welded.routes.len(), 1);
        assert_eq!(names(&welded.routes[0]), ["B2"]);
        assert_eq!(welded.routes[0].welded_stop.map(|d| d.number), Some(1));
        assert!(!welded.routes[0].in_range);
        // Open, both ways are 4 long; the zigzag turns down at B2 and then
        // runs straight along row A.
        state.doors.insert((at("A1").page, 1), DoorState::Open);
        let open = run(&state);
        assert_eq!(open.routes.len(), 1);
        assert_eq!(names(&open.routes[0]), ["B2", "A2", "A3", "A4"]);
        assert!(open.destroyed.is_empty());
    }

    /// "Intruders starting their turn adjacent to a welded door destroy it –
    /// removing it from play!" (other-rules.md, "Welding Doors").
    #[test]
    fn an_intruder_starting_beside_a_welded_door_destroys_it() {
        // The same board; the Intruder now starts on B2, beside door 1, and
        // hunts the Spacer on B5.
        let extra = "[edges]\nwalls = [\"A1 north\", \"A3-A4 north\"]\n\
                     doors = [{ number = 1, at = \"B2 east\" }]\n";
        let pack = one_page("B .....\nA .....\n", extra);
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("B5"), Direction::North);
        state.doors.insert((at("A1").page, 1), DoorState::Welded);
        let run = |state: &PlayState| {
            intruder_moves(
                &board,
                state,
                at("B2"),
                at("B5"),
                IntruderMoveOptions::default(),
            )
            .unwrap()
        };
        // The door is gone before it moves: straight through its line.
        let through = run(&state);
        assert_eq!(through.routes.len(), 1);
        assert_eq!(names(&through.routes[0]), ["B3", "B4"]);
        assert_eq!(through.routes[0].welded_stop, None);
        assert!(through.routes[0].in_range);
        let destroyed: Vec<(u16, String)> = through
            .destroyed
            .iter()
            .map(|d| (d.number, d.edge.to_string()))
            .collect();
        assert_eq!(destroyed, [(1, "B2 east".to_string())]);
        // The caller's play state still holds the welded door.
        assert_eq!(state.door(at("A1").page, 1), DoorState::Welded);
        // A disabled door cannot be destroyed: the long way round row A.
        state.disabled.insert((at("A1").page, 1));
        let disabled = run(&state);
        assert!(disabled.destroyed.is_empty());
        assert_eq!(names(&disabled.routes[0]), ["A2", "A3", "A4", "A5"]);
    }

    #[test]
    fn no_move_when_already_adjacent() {
        let found = moves("A ...\n", "", "A1", "A2");
        assert_eq!(found.routes.len(), 1);
        assert!(found.routes[0].path.is_empty());
        assert!(found.routes[0].in_range);
    }

    #[test]
    fn ranged_intruders_stop_in_range() {
        let pack = one_page("A ........\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A8"), Direction::North);
        let options = IntruderMoveOptions {
            range: 3,
            ..IntruderMoveOptions::default()
        };
        let found = intruder_moves(&board, &state, at("A1"), at("A8"), options).unwrap();
        assert_eq!(names(&found.routes[0]), ["A2", "A3", "A4", "A5"]);
    }

    #[test]
    fn pushed_into_the_edge_it_slides_away_from_the_most_spacers() {
        let pack = one_page("C ....\nB ....\nA ....\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A1"), Direction::North);
        state.spacers.insert(at("A2"), Direction::North);
        state.spacers.insert(at("C1"), Direction::North);
        // Pushed east from B3 by 3: B4, then the edge; two Spacers south, one north: slide north.
        let routes = push(&board, &state, at("B3"), Direction::East, 3).unwrap();
        assert_eq!(routes.len(), 1);
        assert_eq!(routes[0].path, [at("B4"), at("C4")], "stops in the corner");
        assert_eq!(routes[0].slid, Some(Direction::North));
        // Even Spacers: the players choose.
        state.spacers.remove(&at("A2"));
        let routes = push(&board, &state, at("B3"), Direction::East, 2).unwrap();
        let mut ends: Vec<_> = routes.iter().map(|r| r.path[1]).collect();
        ends.sort();
        assert_eq!(ends, [at("A4"), at("C4")]);
        // Not past the edge: straight on.
        let routes = push(&board, &state, at("B1"), Direction::East, 2).unwrap();
        assert_eq!(routes[0].path, [at("B2"), at("B3")]);
    }
}
