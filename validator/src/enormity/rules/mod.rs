//! The rules engine: the movement rules of the seeds turned into code, over a
//! [`Board`](crate::enormity::board::Board) and a separate [`PlayState`].
//!
//! The map is what is printed; the play state is what changes during a run
//! (where figures stand, which doors are open or welded). Checks, the CLI's
//! `reach`, `blip` and `los` commands and the editor's play-test mode all ask
//! these functions. Where the rules leave a choice to the players (the first
//! zigzag axis, ties between equally short routes), the engine returns every
//! option instead of picking one.

pub mod blip_move;
pub mod distance;
pub mod intruder_move;
pub mod los;
pub mod place_arg;
pub mod reveal;
pub mod spacer_move;
pub mod spawn;
#[cfg(test)]
pub(crate) mod testing;

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::enormity::{Axis, Direction, PageId};

use crate::enormity::board::spacer::DoorRef;
use crate::enormity::board::{PageIntersection, PageSpace};

/// A door's state during play (doors are closed at setup).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DoorState {
    /// Closed: blocks Spacers and Intruders; Blips pass.
    #[default]
    Closed,
    /// Opened by a console or keycard; stays open for the run.
    Open,
    /// Welded shut (only an open door can be welded): blocks everything, Blips too.
    Welded,
}

/// An Intruder on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Intruder {
    /// Baseline Intruders cannot cross obstacles; Bosses can.
    pub baseline: bool,
    /// A suppressed Intruder is not triggered by Spacers leaving spaces next to it.
    pub suppressed: bool,
    /// Which way it faces.
    pub facing: Direction,
}

/// Everything about a run that is not printed on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    /// Spacers and the way each faces.
    pub spacers: BTreeMap<PageSpace, Direction>,
    /// Intruders.
    pub intruders: BTreeMap<PageSpace, Intruder>,
    /// Blips, on intersections.
    pub blips: BTreeSet<PageIntersection>,
    /// Doors not in their setup state (closed), by page and number.
    pub doors: BTreeMap<(PageId, u16), DoorState>,
    /// Disabled doors: cannot be opened or destroyed.
    pub disabled: BTreeSet<(PageId, u16)>,
}

impl PlayState {
    /// The state of a door.
    pub fn door(&self, page: PageId, number: u16) -> DoorState {
        self.doors.get(&(page, number)).copied().unwrap_or_default()
    }

    /// Whether a door keeps figures out: closed or welded (only an open door
    /// lets Spacers and Intruders through).
    pub fn door_shut(&self, door: DoorRef) -> bool {
        self.door(door.page, door.number) != DoorState::Open
    }

    /// Whether a space holds a figure (Spacer or Intruder).
    pub fn occupied(&self, space: PageSpace) -> bool {
        self.spacers.contains_key(&space) || self.intruders.contains_key(&space)
    }
}

/// The axis a step in this direction moves along: north and south are
/// vertical. (Not the axis of the edge crossed, which lies across the step.)
pub(crate) const fn movement_axis(direction: Direction) -> Axis {
    match direction {
        Direction::North | Direction::South => Axis::Vertical,
        Direction::East | Direction::West => Axis::Horizontal,
    }
}

/// A play state the rules cannot start from: a figure where no figure stands,
/// or one Blip given twice. Each names the place, so the user can mend the
/// question rather than get an answer to a different one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// A Spacer on an out-of-bounds or obstacle space ("You must end your
    /// movement on an empty space", spacer-movement.md).
    #[error(
        "the Spacer on {at} stands on {what}; a Spacer can only stand on a board space without an obstacle"
    )]
    SpacerCannotStand {
        /// The space.
        at: PageSpace,
        /// What the space is: "an out-of-bounds space", "an obstacle", ….
        what: &'static str,
    },
    /// A baseline Intruder on an out-of-bounds or obstacle space.
    #[error(
        "the Intruder on {at} stands on {what}; a baseline Intruder can only stand on a board space without an obstacle"
    )]
    IntruderCannotStand {
        /// The space.
        at: PageSpace,
        /// What the space is.
        what: &'static str,
    },
    /// Two names of one intersection: the lines of two aligned pages meet there.
    #[error(
        "{first} and {second} are the same intersection (the joined pages' lines meet there); give each Blip once"
    )]
    SameBlip {
        /// The name met first.
        first: PageIntersection,
        /// The other name.
        second: PageIntersection,
    },
}

/// Why no figure that respects obstacles can stand on a space: `None` when
/// one can, else what the space is.
pub fn cannot_stand(
    board: &crate::enormity::board::Board<'_>,
    at: PageSpace,
) -> Option<&'static str> {
    use deckplan_schema::enormity::SpaceKind;
    match distance::kind(board, at) {
        None => Some("no space of the pack"),
        Some(SpaceKind::OutOfBounds) => Some("an out-of-bounds space"),
        Some(SpaceKind::Obstacle) => Some("an obstacle"),
        Some(SpaceKind::Board) if !distance::walkable(board, at) => {
            Some("a space under an obstacle terrain tile")
        }
        Some(SpaceKind::Board) => None,
    }
}

impl PlayState {
    /// Checks that every figure stands where the rules let it stand and that
    /// no intersection holds two Blips under two names.
    pub fn check(&self, board: &crate::enormity::board::Board<'_>) -> Result<(), StateError> {
        for &at in self.spacers.keys() {
            if let Some(what) = cannot_stand(board, at) {
                return Err(StateError::SpacerCannotStand { at, what });
            }
        }
        for (&at, intruder) in &self.intruders {
            if let Some(what) = cannot_stand(board, at) {
                // A Boss may stand on an obstacle (intruder_move.rs), not out of bounds.
                if intruder.baseline || what != "an obstacle" {
                    return Err(StateError::IntruderCannotStand { at, what });
                }
            }
        }
        let mut seen: BTreeMap<crate::movement::Node, PageIntersection> = BTreeMap::new();
        for &blip in &self.blips {
            if let Some(node) = board.lattice.node(blip) {
                if let Some(&first) = seen.get(&node) {
                    return Err(StateError::SameBlip {
                        first,
                        second: blip,
                    });
                }
                seen.insert(node, blip);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use deckplan_schema::enormity::Direction;

    use super::testing::{at, board_of, corner, intruder, one_page, two_pages};
    use super::{PlayState, StateError};
    use crate::enormity::board::PageIntersection;

    #[test]
    fn figures_must_stand_where_figures_can_stand() {
        let pack = one_page("A .#O\n", "");
        let board = board_of(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(at("A1"), Direction::North);
        assert_eq!(state.check(&board), Ok(()));
        state.spacers.insert(at("A2"), Direction::North);
        assert_eq!(
            state.check(&board).unwrap_err().to_string(),
            "the Spacer on L1p1 A2 stands on an out-of-bounds space; \
             a Spacer can only stand on a board space without an obstacle"
        );
        state.spacers.remove(&at("A2"));
        state.intruders.insert(at("A3"), intruder());
        assert!(matches!(
            state.check(&board),
            Err(StateError::IntruderCannotStand {
                what: "an obstacle",
                ..
            })
        ));
        // A Boss may stand on an obstacle.
        state.intruders.insert(
            at("A3"),
            super::Intruder {
                baseline: false,
                ..intruder()
            },
        );
        assert_eq!(state.check(&board), Ok(()));
    }

    #[test]
    fn one_intersection_under_two_names_is_one_blip() {
        // L1p2 against L1p1's east edge, aligned: L1p1's A2 se is L1p2's A1 sw.
        let pack = two_pages("A ..\n", "A ..\n", Some(0));
        let board = board_of(&pack);
        let mut state = PlayState::default();
        let other = PageIntersection {
            page: deckplan_schema::enormity::PageId { book: 1, page: 2 },
            ..corner("A1 sw")
        };
        state.blips.insert(corner("A2 se"));
        state.blips.insert(other);
        assert_eq!(
            state.check(&board).unwrap_err().to_string(),
            "L1p1 A2 se and L1p2 A1 sw are the same intersection (the joined pages' \
             lines meet there); give each Blip once"
        );
        state.blips.remove(&other);
        state.blips.insert(corner("A2 ne"));
        assert_eq!(state.check(&board), Ok(()));
    }
}
