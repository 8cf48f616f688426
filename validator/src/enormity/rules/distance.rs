//! Distance and adjacency between spaces (distance.md, board-spaces….md).
//!
//! The rulebook's Distance box: "Distance in Enormity is always measured in
//! spaces, and always orthogonally (in cardinal directions), never diagonally."
//! Two measures follow from it, and both are here:
//!
//! - [`manhattan`] — the plain orthogonal count, as if the pages were one open
//!   grid. **This is what the rulebook means** by distance (Closest and Furthest
//!   targets, "within N spaces" requirements, ranges): the box speaks of
//!   measuring, says nothing of walls, doors or figures, and its picture
//!   (`img/measuring-distance.png`) counts 2 spaces to the Spacer in the same
//!   row and 4 to the one a row down and three columns over (1, 2, 3 left and
//!   down, then the Spacer) — exactly |Δcolumn| + |Δrow|.
//! - [`walking_distance`] — the number of steps a figure needs under the
//!   movement rules (walls, doors, obstacles, Intruders in the way). Movement
//!   uses this ("the shortest possible path, that is, through the fewest number
//!   of spaces"); the rulebook never calls it distance.
//!
//! In that picture nothing stands in the way, so the two agree; they differ only
//! where walls or closed doors make a detour.
//!
//! [`adjacent_spaces`] is adjacency in the rules' sense, shared by Intruder
//! triggers and Intruder movement.

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::fmt;

use deckplan_schema::enormity::{Direction, PageId, SpaceKind};

use super::PlayState;
use crate::enormity::board::layout::UNIT;
use crate::enormity::board::spacer::{Crossing, crossings, is_walkable};
use crate::enormity::board::{Board, PageSpace};
use crate::movement::Node;

/// Why a movement question cannot be answered at all (as opposed to a space
/// that cannot be reached, which is an answer).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The pack has no such page, or the space lies off the page.
    #[error("{0} is not on the board: the pack has no such page or the page is smaller")]
    NotOnBoard(PageSpace),
    /// The moving figure stands where it cannot stand.
    #[error("{0} is out of bounds or an obstacle; no figure can move from there")]
    CannotStand(PageSpace),
    /// A Spacer is asked to move from a space an Intruder holds.
    #[error("an Intruder stands on {0}, so no Spacer can move from there")]
    IntruderThere(PageSpace),
}

/// Checks that a space lies on a page of the pack.
pub fn check_on_board(board: &Board<'_>, at: PageSpace) -> Result<(), MoveError> {
    match board.pack.pages.get(&at.page) {
        Some(page) if page.size.contains(at.space) => Ok(()),
        _ => Err(MoveError::NotOnBoard(at)),
    }
}

/// What a space is, or `None` off the board.
pub fn kind(board: &Board<'_>, at: PageSpace) -> Option<SpaceKind> {
    board.pack.pages.get(&at.page)?.kind(at.space)
}

/// Whether a figure that respects obstacles can stand on the space: a board
/// space with neither a printed obstacle nor an obstacle terrain tile.
pub fn walkable(board: &Board<'_>, at: PageSpace) -> bool {
    board
        .pack
        .pages
        .get(&at.page)
        .is_some_and(|page| is_walkable(page, at.space))
}

/// The centre of a space in the pack frame, in layout units (hundredths of a
/// space); `None` when its page is not laid out.
pub fn centre(board: &Board<'_>, at: PageSpace) -> Option<(i64, i64)> {
    let placed = board.layout.placements.get(&at.page)?;
    Some((
        placed.x + i64::from(at.space.col) * UNIT + UNIT / 2,
        placed.y + i64::from(at.space.row) * UNIT + UNIT / 2,
    ))
}

/// Whether two pages lie in one frame: the same page, or joined to each other
/// directly or through other pages. Pages in different frames have no
/// distance between them (the layout puts unjoined pages anywhere).
pub fn same_frame(board: &Board<'_>, a: PageId, b: PageId) -> bool {
    if a == b {
        return true;
    }
    let mut seen = BTreeSet::from([a]);
    let mut queue = VecDeque::from([a]);
    while let Some(page) = queue.pop_front() {
        for contact in board.layout.contacts() {
            let other = if contact.low == page {
                contact.high
            } else if contact.high == page {
                contact.low
            } else {
                continue;
            };
            if other == b {
                return true;
            }
            if seen.insert(other) {
                queue.push_back(other);
            }
        }
    }
    false
}

/// The rulebook's distance: spaces counted orthogonally, ignoring walls, doors,
/// figures and terrain. `None` when the pages are not joined into one frame.
///
/// Across a misaligned join a space of one page overlaps two of the other, and
/// a step across lands on either: a fraction of a space that still overlaps
/// costs no step, so each axis counts `⌊|Δ| / 1 space⌋`. On one page, and
/// across aligned joins, this is exactly |Δcolumn| + |Δrow|.
pub fn manhattan(board: &Board<'_>, a: PageSpace, b: PageSpace) -> Option<u32> {
    if !same_frame(board, a.page, b.page) {
        return None;
    }
    let ((ax, ay), (bx, by)) = (centre(board, a)?, centre(board, b)?);
    let steps = (ax - bx).abs() / UNIT + (ay - by).abs() / UNIT;
    u32::try_from(steps).ok()
}

/// Whether a step across this crossing is shut: a wall, a red line, or a door
/// that is closed or welded in this play state.
pub fn shut(crossing: &Crossing, state: &PlayState) -> bool {
    crossing.blocker().is_some() || crossing.doors().any(|door| state.door_shut(door))
}

/// The spaces adjacent to a space in the rules' sense: sharing a side, with no
/// wall, red line or closed (or welded) door on it, and neither space holding
/// an obstacle. Empty for an obstacle or out-of-bounds space.
///
/// Interpretations: the rulebook says "Obstacles and red lines block
/// adjacency" and does not mention walls, but its picture
/// (`img/adjacent-spaces.png`) leaves the space across the wall below the
/// Spacer unmarked, so walls block adjacency too. A closed door is drawn as part
/// of the wall (a standee on the door line) and blocks it as well; an open
/// door does not.
pub fn adjacent_spaces(board: &Board<'_>, state: &PlayState, at: PageSpace) -> Vec<PageSpace> {
    if !walkable(board, at) {
        return Vec::new();
    }
    Direction::ALL
        .into_iter()
        .flat_map(|direction| crossings(board.pack, &board.layout, at, direction))
        .filter(|crossing| !shut(crossing, state) && walkable(board, crossing.to))
        .map(|crossing| crossing.to)
        .collect()
}

/// Whether two spaces are adjacent in the rules' sense (see [`adjacent_spaces`]).
pub fn adjacent(board: &Board<'_>, state: &PlayState, a: PageSpace, b: PageSpace) -> bool {
    adjacent_spaces(board, state, a).contains(&b)
}

/// Who walks, for [`walking_distance`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walker {
    /// A Spacer: forced arrows, no Intruders in the way, through other Spacers.
    Spacer,
    /// An Intruder: through every figure and terrain; a baseline Intruder not
    /// through obstacles (see [`super::intruder_move`]).
    Intruder {
        /// A baseline Intruder (false for a Boss).
        baseline: bool,
    },
}

impl fmt::Display for Walker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Spacer => f.write_str("Spacer"),
            Self::Intruder { baseline: true } => f.write_str("baseline Intruder"),
            Self::Intruder { baseline: false } => f.write_str("Boss Intruder"),
        }
    }
}

/// The fewest steps a figure needs from one space to another under the movement
/// rules, or `None` when it cannot get there at all.
///
/// The destination may be occupied (the distance from an Intruder to its
/// target Spacer is wanted too); the rules about where a move may *end* and
/// the Location arrows that *stop* a move are not applied, since a distance is
/// not a move. A Spacer cannot walk onto an obstacle, so there is no
/// walking distance to one.
pub fn walking_distance(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    to: PageSpace,
    walker: Walker,
) -> Result<Option<u32>, MoveError> {
    check_on_board(board, from)?;
    check_on_board(board, to)?;
    if from == to {
        return Ok(Some(0));
    }
    match walker {
        Walker::Spacer => Ok(spacer_walk(board, state, from, to)),
        Walker::Intruder { baseline } => {
            let mut seen = HashMap::from([(from, 0u32)]);
            let mut queue = VecDeque::from([from]);
            while let Some(here) = queue.pop_front() {
                let steps = seen.get(&here).copied().unwrap_or(0) + 1;
                for (_, next) in super::intruder_move::intruder_steps(board, state, here, baseline)
                {
                    if next == to {
                        return Ok(Some(steps));
                    }
                    if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(next) {
                        slot.insert(steps);
                        queue.push_back(next);
                    }
                }
            }
            Ok(None)
        }
    }
}

/// Breadth-first search over the Spacer graph: doors as the play state has
/// them, never into an Intruder's space unless it is the destination.
fn spacer_walk(
    board: &Board<'_>,
    state: &PlayState,
    from: PageSpace,
    to: PageSpace,
) -> Option<u32> {
    let graph = &board.spacer;
    let (start, goal) = (graph.node(from)?, graph.node(to)?);
    let mut seen: HashMap<Node, u32> = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let steps = seen.get(&node).copied().unwrap_or(0) + 1;
        for (next, step) in graph.moves().steps_from(node) {
            let door_shut = step.doors().any(|d| state.door_shut(d));
            if door_shut || seen.contains_key(&next) {
                continue;
            }
            if next == goal {
                return Some(steps);
            }
            let intruder = graph
                .space(next)
                .is_some_and(|s| state.intruders.contains_key(&s));
            if !intruder {
                seen.insert(next, steps);
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::rules::DoorState;
    use crate::enormity::rules::testing::{at, board_of, intruder, one_page};

    #[test]
    fn manhattan_counts_rows_and_columns() {
        let pack = one_page("C .....\nB .....\nA .....\n", "");
        let board = board_of(&pack);
        assert_eq!(manhattan(&board, at("A1"), at("C5")), Some(6));
        assert_eq!(manhattan(&board, at("B3"), at("B3")), Some(0));
    }

    #[test]
    fn walls_make_walking_longer_but_not_the_rulebook_distance() {
        // A wall between B2 and B3 from row A to row B: the walk goes round via C.
        let pack = one_page(
            "C .....\nB .....\nA .....\n",
            "[edges]\nwalls = [\"A2-B2 east\"]\n",
        );
        let board = board_of(&pack);
        let state = PlayState::default();
        let (a, b) = (at("A2"), at("A3"));
        assert_eq!(manhattan(&board, a, b), Some(1));
        let spacer = walking_distance(&board, &state, a, b, Walker::Spacer).unwrap();
        assert_eq!(spacer, Some(5), "A2 B2 C2 C3 B3 A3");
        let grin = Walker::Intruder { baseline: true };
        assert_eq!(
            walking_distance(&board, &state, a, b, grin).unwrap(),
            Some(5)
        );
        assert!(!adjacent(&board, &state, a, b), "walls block adjacency");
        assert!(adjacent(&board, &state, a, at("B2")));
    }

    #[test]
    fn closed_doors_and_obstacles_shut_adjacency_open_doors_do_not() {
        let pack = one_page(
            "B O..\nA ...\n",
            "[edges]\ndoors = [{ number = 1, at = \"A1 east\" }]\n",
        );
        let board = board_of(&pack);
        let mut state = PlayState::default();
        assert!(!adjacent(&board, &state, at("A1"), at("A2")));
        assert!(
            !adjacent(&board, &state, at("A1"), at("B1")),
            "B1 is an obstacle"
        );
        state.doors.insert((at("A1").page, 1), DoorState::Open);
        assert!(adjacent(&board, &state, at("A1"), at("A2")));
        state.doors.insert((at("A1").page, 1), DoorState::Welded);
        assert!(!adjacent(&board, &state, at("A1"), at("A2")));
    }

    #[test]
    fn spacers_walk_round_intruders_but_may_measure_to_one() {
        let pack = one_page("B ...\nA ...\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.intruders.insert(at("A2"), intruder());
        let to_intruder = walking_distance(&board, &state, at("A1"), at("A2"), Walker::Spacer);
        assert_eq!(to_intruder.unwrap(), Some(1));
        let past = walking_distance(&board, &state, at("A1"), at("A3"), Walker::Spacer);
        assert_eq!(past.unwrap(), Some(4), "round through row B");
        let boss = Walker::Intruder { baseline: false };
        let through = walking_distance(&board, &state, at("A1"), at("A3"), boss);
        assert_eq!(through.unwrap(), Some(2), "Intruders pass through figures");
    }

    #[test]
    fn measuring_distance_picture() {
        // img/measuring-distance.png: the Grin stands in the middle of a row
        // (C4); one Spacer is two spaces to its right (C6), the other one row
        // down and three columns left (B1). The picture numbers 1 for the
        // space next to the Grin, then the Spacer (2); and 1, 2, 3 to the
        // left and down, then the Spacer (4). The right-hand Spacer is closest.
        let pack = one_page("C ......\nB ......\nA ......\n", "");
        let board = board_of(&pack);
        let grin = at("C4");
        assert_eq!(manhattan(&board, grin, at("C6")), Some(2));
        assert_eq!(manhattan(&board, grin, at("B1")), Some(4));
    }

    #[test]
    fn pages_in_different_frames_have_no_distance() {
        let pack = crate::enormity::rules::testing::two_pages(
            "A ..\n", "A ..\n", None, // not joined
        );
        let board = board_of(&pack);
        let other = PageSpace {
            page: PageId { book: 1, page: 2 },
            space: deckplan_schema::enormity::Space::new(0, 0),
        };
        assert_eq!(manhattan(&board, at("A1"), other), None);
    }

    #[test]
    fn distance_runs_across_an_aligned_join() {
        let pack = crate::enormity::rules::testing::two_pages("A ..\n", "A ..\n", Some(0));
        let board = board_of(&pack);
        let other = PageSpace {
            page: PageId { book: 1, page: 2 },
            space: deckplan_schema::enormity::Space::new(1, 0),
        };
        assert_eq!(manhattan(&board, at("A1"), other), Some(3));
        let state = PlayState::default();
        let walk = walking_distance(&board, &state, at("A1"), other, Walker::Spacer);
        assert_eq!(walk.unwrap(), Some(3));
    }
}
