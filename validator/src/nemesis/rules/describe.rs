//! Ways and outcomes in words and as JSON, for `deckplan move`, `noise` and
//! `intruder`: one place that names corridors, so the commands agree.

use serde_json::{Value, json};

use super::noise::{IntruderMove, NoiseOutcome};
use super::state::Way;
use crate::nemesis::graph::ShipGraph;

/// `corridor lab–dock (3)`, or `the technical corridors of ducts`.
pub fn way_text(graph: &ShipGraph<'_>, way: Way) -> String {
    match way {
        Way::Corridor(index) => match graph.ship.corridors.get(index) {
            Some(c) => format!("corridor {}–{} ({})", c.rooms[0], c.rooms[1], c.numbers),
            None => format!("corridor #{index}"),
        },
        Way::Technical(network) => format!("the technical corridors of {network}"),
    }
}

/// `{"kind": "corridor", "rooms": ["lab", "dock"], "numbers": [3]}` or
/// `{"kind": "technical", "network": "ducts"}`.
pub fn way_json(graph: &ShipGraph<'_>, way: Way) -> Value {
    match way {
        Way::Corridor(index) => match graph.ship.corridors.get(index) {
            Some(c) => json!({
                "kind": "corridor",
                "rooms": [c.rooms[0].as_str(), c.rooms[1].as_str()],
                "numbers": c.numbers.iter().collect::<Vec<u8>>(),
            }),
            None => json!({ "kind": "corridor" }),
        },
        Way::Technical(network) => json!({ "kind": "technical", "network": network.as_str() }),
    }
}

/// What a Noise outcome does, in one sentence.
pub fn outcome_text(graph: &ShipGraph<'_>, outcome: &NoiseOutcome) -> String {
    let list = |ways: &[Way]| {
        ways.iter()
            .map(|w| way_text(graph, *w))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match outcome {
        NoiseOutcome::NoisePlaced(way) => format!("Noise placed in {}", way_text(graph, *way)),
        NoiseOutcome::Encounter { way, removed } => format!(
            "Encounter: {} already holds Noise; Noise removed from {}",
            way_text(graph, *way),
            list(removed)
        ),
        NoiseOutcome::IntrudersMoveIn {
            moved,
            doors_destroyed,
        } => {
            let mut parts = Vec::new();
            for (room, corridor) in moved {
                parts.push(format!(
                    "the Intruders in {room} move in through {}",
                    way_text(graph, Way::Corridor(*corridor))
                ));
            }
            for (room, corridor) in doors_destroyed {
                parts.push(format!(
                    "the Intruders in {room} destroy the closed door of {} and stay",
                    way_text(graph, Way::Corridor(*corridor))
                ));
            }
            format!("Danger: {}", parts.join("; "))
        }
        NoiseOutcome::NoiseEverywhere(ways) if ways.is_empty() => {
            "Danger: no Intruder next door, and every corridor already holds Noise".to_string()
        }
        NoiseOutcome::NoiseEverywhere(ways) => {
            format!(
                "Danger: no Intruder next door; Noise placed in {}",
                list(ways)
            )
        }
        NoiseOutcome::Nothing => "nothing happens".to_string(),
    }
}

/// A Noise outcome as JSON, with an `outcome` kind.
pub fn outcome_json(graph: &ShipGraph<'_>, outcome: &NoiseOutcome) -> Value {
    let ways = |ways: &[Way]| ways.iter().map(|w| way_json(graph, *w)).collect::<Vec<_>>();
    let moves = |list: &[(deckplan_schema::nemesis::Id, usize)]| {
        list.iter()
            .map(|(room, c)| json!({ "from": room.as_str(), "corridor": way_json(graph, Way::Corridor(*c)) }))
            .collect::<Vec<_>>()
    };
    match outcome {
        NoiseOutcome::NoisePlaced(way) => {
            json!({ "outcome": "noise-placed", "way": way_json(graph, *way) })
        }
        NoiseOutcome::Encounter { way, removed } => json!({
            "outcome": "encounter",
            "way": way_json(graph, *way),
            "noise_removed": ways(removed),
        }),
        NoiseOutcome::IntrudersMoveIn {
            moved,
            doors_destroyed,
        } => json!({
            "outcome": "intruders-move-in",
            "moved": moves(moved),
            "doors_destroyed": moves(doors_destroyed),
        }),
        NoiseOutcome::NoiseEverywhere(list) => {
            json!({ "outcome": "noise-everywhere", "ways": ways(list) })
        }
        NoiseOutcome::Nothing => json!({ "outcome": "nothing" }),
    }
}

/// What an Intruder's move does, in one sentence.
pub fn intruder_text(graph: &ShipGraph<'_>, result: &IntruderMove) -> String {
    match result {
        IntruderMove::Moves { to, corridor } => format!(
            "moves to {to} through {}",
            way_text(graph, Way::Corridor(*corridor))
        ),
        IntruderMove::DestroysDoor { corridor } => format!(
            "destroys the closed door of {} and stays",
            way_text(graph, Way::Corridor(*corridor))
        ),
        IntruderMove::Hides { network } => {
            format!("enters the technical corridors of {network} and hides (leaves the board)")
        }
        IntruderMove::Stays => "stays: no corridor of the room has that number".to_string(),
    }
}

/// An Intruder's move as JSON.
pub fn intruder_json(graph: &ShipGraph<'_>, result: &IntruderMove) -> Value {
    match result {
        IntruderMove::Moves { to, corridor } => json!({
            "result": "moves",
            "to": to.as_str(),
            "corridor": way_json(graph, Way::Corridor(*corridor)),
        }),
        IntruderMove::DestroysDoor { corridor } => json!({
            "result": "destroys-door",
            "corridor": way_json(graph, Way::Corridor(*corridor)),
        }),
        IntruderMove::Hides { network } => {
            json!({ "result": "hides", "network": network.as_str() })
        }
        IntruderMove::Stays => json!({ "result": "stays" }),
    }
}
