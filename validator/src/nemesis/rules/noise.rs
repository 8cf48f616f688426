//! The Noise roll for each die face, Careful Movement, and Intruder movement
//! by corridor number.

use std::collections::BTreeSet;
use std::fmt;

use deckplan_schema::id::Id;

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

/// Intruders in one room next to the room asked about, and the corridor
/// between the two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The room they are in.
    pub room: Id,
    /// The corridor to the room asked about, by its index in the ship file.
    pub corridor: usize,
    /// How many Intruders the room holds.
    pub count: u32,
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
    /// Danger: the Intruders next door that are not in Combat move in; those
    /// behind a closed door destroy it and stay.
    IntrudersMoveIn {
        /// Intruders that move in, each room's through its corridor.
        moved: Vec<Group>,
        /// Intruders behind a closed door: they destroy it and stay.
        doors_destroyed: Vec<Group>,
        /// Intruders next door in Combat with a Character there: they stay.
        in_combat: Vec<Group>,
    },
    /// Danger with no Intruder free to come: Noise in each of these ways
    /// (every way of the room that held none).
    NoiseEverywhere {
        /// The ways that get a Noise marker.
        ways: Vec<Way>,
        /// Intruders next door in Combat with a Character there: they stay.
        in_combat: Vec<Group>,
    },
    /// Silence, or a number no corridor of the room carries.
    Nothing,
}

/// The Character who makes a Noise roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roller {
    /// It carries a Slime marker: Silence counts as Danger.
    pub slimed: bool,
}

impl Face {
    /// The face as it counts for `roller`: Silence is Danger for a slimed
    /// Character; every other face counts as rolled.
    pub fn counted_for(self, roller: Roller) -> Self {
        match self {
            Self::Silence if roller.slimed => Self::Danger,
            face => face,
        }
    }
}

/// Whether a Character in `room` makes no Noise roll at all: an Intruder is
/// there, so the Character is in Combat ("If a player's Character is in
/// Combat with an Intruder, this player does not perform a Noise Roll").
pub fn roller_in_combat(state: &PlayState, room: Id) -> bool {
    state.intruders_in(room) > 0
}

/// A Noise roll in `room` by `roller`. A face 1–4 that two ways carry (a
/// ship that breaks N002) gives one outcome per way; otherwise there is
/// exactly one outcome.
pub fn noise_roll(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    face: Face,
    roller: Roller,
) -> Vec<NoiseOutcome> {
    match face.counted_for(roller) {
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

/// Danger in `room`: the Intruders in neighbouring rooms that are not in
/// Combat move in (or destroy a closed door and stay); with none free to
/// come, Noise in every way of the room without it.
fn danger(graph: &ShipGraph<'_>, state: &PlayState, room: Id) -> NoiseOutcome {
    let mut moved = Vec::new();
    let mut doors_destroyed = Vec::new();
    let mut in_combat = Vec::new();
    for (index, corridor) in graph.ship.corridors.iter().enumerate() {
        if !corridor.rooms.contains(&room) {
            continue;
        }
        let from = corridor.other(room);
        let count = state.intruders_in(from);
        if from == room || count == 0 {
            continue;
        }
        let group = Group {
            room: from,
            corridor: index,
            count,
        };
        if state.in_combat(from) {
            in_combat.push(group);
        } else if state.door(graph, index) == DoorState::Closed {
            doors_destroyed.push(group);
        } else {
            moved.push(group);
        }
    }
    if !moved.is_empty() || !doors_destroyed.is_empty() {
        return NoiseOutcome::IntrudersMoveIn {
            moved,
            doors_destroyed,
            in_combat,
        };
    }
    let mut empty: Vec<Way> = ways(graph, room)
        .into_iter()
        .map(|(w, _)| w)
        .filter(|w| !state.noise.contains(w))
        .collect();
    empty.dedup();
    NoiseOutcome::NoiseEverywhere {
        ways: empty,
        in_combat,
    }
}

/// Why a Careful Movement cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarefulRefusal {
    /// The moving Character is in Combat (an Intruder is in its room).
    InCombat,
    /// Every corridor of the room entered already holds Noise.
    EveryWayHoldsNoise,
}

/// Careful Movement into `room`: the ways the player may choose for the Noise
/// marker (those without Noise; choosing one places Noise there), or why the
/// Careful Movement cannot be made into that room.
pub fn careful_options(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
) -> Result<Vec<Way>, CarefulRefusal> {
    let free: Vec<Way> = ways(graph, room)
        .into_iter()
        .map(|(way, _)| way)
        .filter(|way| !state.noise.contains(way))
        .collect();
    if free.is_empty() {
        Err(CarefulRefusal::EveryWayHoldsNoise)
    } else {
        Ok(free)
    }
}

/// What moves an Intruder through a corridor by its number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IntruderCause {
    /// An Event card: an Intruder in a room with a Character does not move.
    #[default]
    Event,
    /// A retreat from Combat, or an Intruder player's Move card: the
    /// Intruder moves whoever is in its room.
    Retreat,
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
        /// The room entered holds a Character: they are now in Combat.
        into_combat: bool,
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
    /// An Event card moves no Intruder in a room with a Character: it is in
    /// Combat and stays.
    InCombat,
}

/// An Intruder in `room` moved by corridor number: one result, or one per
/// way when two carry the number (a ship that breaks N002).
pub fn intruder_move(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    number: u8,
    cause: IntruderCause,
) -> Vec<IntruderMove> {
    if cause == IntruderCause::Event && state.characters_in(room) > 0 {
        return vec![IntruderMove::InCombat];
    }
    let moves: Vec<IntruderMove> = ways(graph, room)
        .into_iter()
        .filter(|(_, numbers)| numbers.contains(number))
        .map(|(way, _)| match way {
            Way::Technical(network) => IntruderMove::Hides { network },
            Way::Corridor(index) => match graph.ship.corridors.get(index) {
                Some(_) if state.door(graph, index) == DoorState::Closed => {
                    IntruderMove::DestroysDoor { corridor: index }
                }
                Some(c) => {
                    let to = c.other(room);
                    IntruderMove::Moves {
                        to,
                        corridor: index,
                        into_combat: state.characters_in(to) > 0,
                    }
                }
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
