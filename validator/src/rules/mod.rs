//! The rules engine: the movement rules of the seeds turned into code, over a
//! [`Board`](crate::board::Board) and a separate [`PlayState`].
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
pub mod spacer_move;
pub mod spawn;
#[cfg(test)]
pub(crate) mod testing;

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::{Axis, Direction, PageId};

use crate::board::spacer::DoorRef;
use crate::board::{PageIntersection, PageSpace};

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
