//! A Movement action: the neighbouring rooms, and what entering one does.

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::Numbers;

use super::state::{DoorState, PlayState, Way};
use crate::nemesis::graph::ShipGraph;

/// A room a Movement action can reach, and the corridor it goes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Neighbour {
    /// The room.
    pub room: Id,
    /// The corridor, by its index in the ship file.
    pub corridor: usize,
    /// The corridor's numbers at the room moved from.
    pub numbers: Numbers,
    /// Its door (open or destroyed; closed doors are not passed).
    pub door: DoorState,
}

/// Every room one corridor away from `from` whose door is not closed, in
/// corridor order (a room joined by two corridors appears once per corridor).
pub fn neighbours(graph: &ShipGraph<'_>, state: &PlayState, from: Id) -> Vec<Neighbour> {
    let mut out = Vec::new();
    for (index, corridor) in graph.ship.corridors.iter().enumerate() {
        if !corridor.rooms.contains(&from) {
            continue;
        }
        let room = corridor.other(from);
        let door = state.door(graph, index);
        if room == from || door == DoorState::Closed {
            continue;
        }
        out.push(Neighbour {
            room,
            corridor: index,
            numbers: corridor.numbers_at(from),
            door,
        });
    }
    out
}

/// What entering a room does, before any Noise is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The room tile was face down: turn it over and reveal its Exploration token.
    pub reveal: bool,
    /// The room holds nobody else: make a Noise roll (or, moving carefully,
    /// choose a corridor).
    pub noise_roll: bool,
}

/// Entering `room`: the moving character is not in `state` at `room`.
pub fn enter(graph: &ShipGraph<'_>, state: &PlayState, room: Id) -> Entry {
    Entry {
        reveal: !state.explored(graph, room),
        noise_roll: !state.occupied(room),
    }
}

/// The ways out of a room with their numbers: corridors, then its technical entrance.
pub fn ways(graph: &ShipGraph<'_>, room: Id) -> Vec<(Way, Numbers)> {
    let mut out: Vec<(Way, Numbers)> = graph
        .ship
        .corridors
        .iter()
        .enumerate()
        .filter(|(_, c)| c.rooms.contains(&room))
        .map(|(i, c)| (Way::Corridor(i), c.numbers_at(room)))
        .collect();
    if let Some(entrance) = graph.entrance(room)
        && let Some(network) = entrance.network
    {
        out.push((Way::Technical(network), entrance.numbers()));
    }
    out
}
