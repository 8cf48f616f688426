//! The Noise roll for each die face, Careful Movement, and Intruder movement
//! by corridor number.

use std::collections::BTreeSet;
use std::fmt;

use deckplan_schema::nemesis::Id;

use super::movement::ways;
use super::state::{DoorState, PlayState, Way};
use crate::nemesis::graph::ShipGraph;

/// A face of the Noise die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// A corridor number, 1–4.
    Number(u8),
    /// Danger.
    Danger,
    /// Silence.
    Silence,
}

impl Face {
    /// Reads `1`–`4`, `danger` or `silence`.
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "danger" => Some(Self::Danger),
            "silence" => Some(Self::Silence),
            other => other
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .map(Self::Number),
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(n) => write!(f, "{n}"),
            Self::Danger => f.write_str("danger"),
            Self::Silence => f.write_str("silence"),
        }
    }
}

/// What a Noise roll (or a Careful Movement choice) does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoiseOutcome {
    /// A Noise marker is placed in this way.
    NoisePlaced(Way),
    /// The way already held Noise: an Encounter; these Noise markers are removed.
    Encounter {
        /// The way rolled.
        way: Way,
        /// Every Noise marker around the room, now removed.
        removed: Vec<Way>,
    },
    /// Danger: these Intruders move in (from each room, through each corridor);
    /// those behind a closed door destroy it and stay.
    IntrudersMoveIn {
        /// Rooms whose Intruders move in, with the corridor.
        moved: Vec<(Id, usize)>,
        /// Corridors whose closed door an Intruder destroys, staying put.
        doors_destroyed: Vec<(Id, usize)>,
    },
    /// Danger with no Intruder next door: Noise in each of these ways (every
    /// way of the room that held none).
    NoiseEverywhere(Vec<Way>),
    /// Silence, or a number no corridor of the room carries.
    Nothing,
}

/// A Noise roll in `room`. A face 1–4 that two ways carry (a ship that breaks
/// N002) gives one outcome per way; otherwise there is exactly one outcome.
pub fn noise_roll(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    face: Face,
) -> Vec<NoiseOutcome> {
    match face {
        Face::Silence => vec![NoiseOutcome::Nothing],
        Face::Number(n) => {
            let matching: Vec<Way> = ways(graph, room)
                .into_iter()
                .filter(|(_, numbers)| numbers.contains(n))
                .map(|(way, _)| way)
                .collect();
            if matching.is_empty() {
                return vec![NoiseOutcome::Nothing];
            }
            matching
                .into_iter()
                .map(|way| noise_in(graph, state, room, way))
                .collect()
        }
        Face::Danger => vec![danger(graph, state, room)],
    }
}

/// Noise put in `way` of `room`: placed, or an Encounter when it holds Noise.
fn noise_in(graph: &ShipGraph<'_>, state: &PlayState, room: Id, way: Way) -> NoiseOutcome {
    if !state.noise.contains(&way) {
        return NoiseOutcome::NoisePlaced(way);
    }
    let removed: BTreeSet<Way> = ways(graph, room)
        .into_iter()
        .map(|(w, _)| w)
        .filter(|w| state.noise.contains(w))
        .collect();
    NoiseOutcome::Encounter {
        way,
        removed: removed.into_iter().collect(),
    }
}

fn danger(graph: &ShipGraph<'_>, state: &PlayState, room: Id) -> NoiseOutcome {
    let mut moved = Vec::new();
    let mut doors_destroyed = Vec::new();
    for (index, corridor) in graph.ship.corridors.iter().enumerate() {
        if !corridor.rooms.contains(&room) {
            continue;
        }
        let from = corridor.other(room);
        if from == room || state.intruders.get(&from).is_none_or(|n| *n == 0) {
            continue;
        }
        if state.door(graph, index) == DoorState::Closed {
            doors_destroyed.push((from, index));
        } else {
            moved.push((from, index));
        }
    }
    if !moved.is_empty() || !doors_destroyed.is_empty() {
        return NoiseOutcome::IntrudersMoveIn {
            moved,
            doors_destroyed,
        };
    }
    let mut empty: Vec<Way> = ways(graph, room)
        .into_iter()
        .map(|(w, _)| w)
        .filter(|w| !state.noise.contains(w))
        .collect();
    empty.dedup();
    NoiseOutcome::NoiseEverywhere(empty)
}

/// Careful Movement into `room`: each way the player may choose, with what it does.
pub fn careful_options(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
) -> Vec<(Way, NoiseOutcome)> {
    ways(graph, room)
        .into_iter()
        .map(|(way, _)| (way, noise_in(graph, state, room, way)))
        .collect()
}

/// Where an Intruder goes when moved through the corridor numbered `number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntruderMove {
    /// Through an open or destroyed door into this room, by this corridor.
    Moves {
        /// The room entered.
        to: Id,
        /// The corridor.
        corridor: usize,
    },
    /// The corridor's door is closed: the Intruder destroys it and stays.
    DestroysDoor {
        /// The corridor.
        corridor: usize,
    },
    /// Into the technical corridors: it hides (leaves the board).
    Hides {
        /// The network.
        network: Id,
    },
    /// No corridor of the room carries the number: it stays.
    Stays,
}

/// An Intruder in `room` moved by corridor number: one result, or one per
/// way when two carry the number (a ship that breaks N002).
pub fn intruder_move(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    number: u8,
) -> Vec<IntruderMove> {
    let moves: Vec<IntruderMove> = ways(graph, room)
        .into_iter()
        .filter(|(_, numbers)| numbers.contains(number))
        .map(|(way, _)| match way {
            Way::Technical(network) => IntruderMove::Hides { network },
            Way::Corridor(index) => match graph.ship.corridors.get(index) {
                Some(_) if state.door(graph, index) == DoorState::Closed => {
                    IntruderMove::DestroysDoor { corridor: index }
                }
                Some(c) => IntruderMove::Moves {
                    to: c.other(room),
                    corridor: index,
                },
                None => IntruderMove::Stays,
            },
        })
        .collect();
    if moves.is_empty() {
        vec![IntruderMove::Stays]
    } else {
        moves
    }
}
