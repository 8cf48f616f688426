//! What changes during play on a ship: where the figures are, door states,
//! Noise markers and explored rooms.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use deckplan_schema::id::Id;

use crate::nemesis::graph::ShipGraph;

/// A way out of a room: a corridor (by its place in the ship file) or a
/// technical-corridor network (whose shared space holds its Noise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Way {
    /// The corridor at this index of the ship's `corridors`.
    Corridor(usize),
    /// The technical corridors of this network.
    Technical(Id),
}

/// A door's state; a corridor without a Door token is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DoorState {
    /// No door, or an open one.
    Open,
    /// A standing Door token: blocks Characters and Intruders.
    Closed,
    /// A lying Door token: passable, never closed again.
    Destroyed,
}

impl DoorState {
    /// The state as written on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Closed => "closed",
            Self::Destroyed => "destroyed",
        }
    }
}

impl fmt::Display for DoorState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state of play the rules read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    /// Rooms with Characters, and how many.
    pub characters: BTreeMap<Id, u32>,
    /// Rooms with Intruders, and how many.
    pub intruders: BTreeMap<Id, u32>,
    /// Door states by corridor index; a corridor not listed has its door as
    /// the ship file says (a Door token stands closed) or none (open).
    pub doors: BTreeMap<usize, DoorState>,
    /// Ways holding a Noise marker.
    pub noise: BTreeSet<Way>,
    /// Slot rooms already explored (special rooms always are).
    pub explored: BTreeSet<Id>,
}

impl PlayState {
    /// The state of the door in corridor `index`.
    pub fn door(&self, graph: &ShipGraph<'_>, index: usize) -> DoorState {
        self.doors
            .get(&index)
            .copied()
            .unwrap_or_else(|| match graph.ship.corridors.get(index) {
                Some(c) if c.door => DoorState::Closed,
                _ => DoorState::Open,
            })
    }

    /// Whether a room holds any Character or Intruder.
    pub fn occupied(&self, room: Id) -> bool {
        self.characters_in(room) > 0 || self.intruders_in(room) > 0
    }

    /// How many Characters a room holds.
    pub fn characters_in(&self, room: Id) -> u32 {
        self.characters.get(&room).copied().unwrap_or(0)
    }

    /// How many Intruders a room holds.
    pub fn intruders_in(&self, room: Id) -> u32 {
        self.intruders.get(&room).copied().unwrap_or(0)
    }

    /// Whether the figures in a room are in Combat: it holds a Character and
    /// an Intruder ("A Character is considered to be in Combat if there is
    /// an Intruder in their Room").
    pub fn in_combat(&self, room: Id) -> bool {
        self.characters_in(room) > 0 && self.intruders_in(room) > 0
    }

    /// Whether a room is explored (face up).
    pub fn explored(&self, graph: &ShipGraph<'_>, room: Id) -> bool {
        self.explored.contains(&room) || graph.room(room).is_some_and(|r| r.kind.starts_explored())
    }
}

/// Why a play-state argument cannot be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StateError(pub String);

/// Reads a room id that the ship has, with a suggestion when it has not.
pub fn room_arg(graph: &ShipGraph<'_>, text: &str) -> Result<Id, StateError> {
    let known = || graph.rooms().map(|r| r.id.as_str());
    if let Ok(id) = Id::new(text.trim())
        && graph.room(id).is_some()
    {
        return Ok(id);
    }
    let hint = deckplan_schema::suggest::closest(text.trim(), known())
        .map(|b| format!("; did you mean `{b}`?"))
        .unwrap_or_default();
    Err(StateError(format!(
        "the ship has no room `{}`{hint}",
        text.trim()
    )))
}

/// Reads a way: `ROOM/ROOM` names the (first) corridor between two rooms,
/// anything else a technical-corridor network.
pub fn way_arg(graph: &ShipGraph<'_>, text: &str) -> Result<Way, StateError> {
    match text.split_once('/') {
        Some((a, b)) => corridor_arg(graph, a, b).map(Way::Corridor),
        None => {
            let network = graph
                .ship
                .networks
                .iter()
                .find(|n| n.id.as_str() == text.trim())
                .ok_or_else(|| {
                    StateError(format!(
                        "`{}` is neither a corridor (`ROOM/ROOM`) nor a technical network of the ship",
                        text.trim()
                    ))
                })?;
            Ok(Way::Technical(network.id))
        }
    }
}

/// The index of the first corridor between two rooms.
pub fn corridor_arg(graph: &ShipGraph<'_>, a: &str, b: &str) -> Result<usize, StateError> {
    let (a, b) = (room_arg(graph, a)?, room_arg(graph, b)?);
    graph
        .ship
        .corridors
        .iter()
        .position(|c| c.rooms == [a, b] || c.rooms == [b, a])
        .ok_or_else(|| StateError(format!("no corridor joins {a} and {b}")))
}

/// Reads a door setting, `ROOM/ROOM=open|closed|destroyed`.
pub fn door_arg(graph: &ShipGraph<'_>, text: &str) -> Result<(usize, DoorState), StateError> {
    let (corridor, state) = text.split_once('=').ok_or_else(|| {
        StateError(format!(
            "`{text}`: write a door as `ROOM/ROOM=open`, `=closed` or `=destroyed`"
        ))
    })?;
    let state = match state.trim() {
        "open" => DoorState::Open,
        "closed" => DoorState::Closed,
        "destroyed" => DoorState::Destroyed,
        other => {
            return Err(StateError(format!(
                "`{other}` is not a door state; use `open`, `closed` or `destroyed`"
            )));
        }
    };
    let (a, b) = corridor
        .split_once('/')
        .ok_or_else(|| StateError(format!("`{corridor}`: name a corridor as `ROOM/ROOM`")))?;
    Ok((corridor_arg(graph, a, b)?, state))
}
