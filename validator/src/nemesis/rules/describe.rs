//! Ways and outcomes in words and as JSON, for `deckplan move`, `noise` and
//! `intruder`: one place that names corridors, so the commands agree.

use serde_json::{Value, json};

use super::noise::{CarefulRefusal, Group, IntruderMove, NoiseOutcome};
use super::state::Way;
use crate::nemesis::graph::ShipGraph;

/// `corridor lab–dock (3)`, or `the technical corridors (network ducts)`:
/// the network by its id as the file writes it, never run into a sentence
/// (a network called `technical` would read "of technical").
pub fn way_text(graph: &ShipGraph<'_>, way: Way) -> String {
    match way {
        Way::Corridor(index) => match graph.ship.corridors.get(index) {
            Some(c) => format!("corridor {}–{} ({})", c.rooms[0], c.rooms[1], c.numbers),
            None => format!("corridor #{index}"),
        },
        Way::Technical(network) => format!("the technical corridors (network {network})"),
    }
}

/// `the Intruder in lab`, or `the 2 Intruders in lab`.
fn intruders_in(group: &Group) -> String {
    match group.count {
        1 => format!("the Intruder in {}", group.room),
        n => format!("the {n} Intruders in {}", group.room),
    }
}

/// `moves`, or `move` for several.
fn verb(group: &Group, one: &'static str, many: &'static str) -> &'static str {
    if group.count == 1 { one } else { many }
}

/// Why a Careful Movement cannot be made, as the end of a sentence.
pub fn careful_refusal_text(refusal: CarefulRefusal) -> &'static str {
    match refusal {
        CarefulRefusal::InCombat => {
            "the Character is in Combat (an Intruder is in its room), and Careful Movement is not possible in Combat"
        }
        CarefulRefusal::EveryWayHoldsNoise => {
            "every corridor of the room already holds Noise, so Careful Movement into it is not possible"
        }
    }
}

/// A refusal's kind in JSON.
pub fn careful_refusal_json(refusal: CarefulRefusal) -> &'static str {
    match refusal {
        CarefulRefusal::InCombat => "in-combat",
        CarefulRefusal::EveryWayHoldsNoise => "every-corridor-holds-noise",
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
            in_combat,
        } => {
            let mut parts = Vec::new();
            for group in moved {
                parts.push(format!(
                    "{} {} in through {}",
                    intruders_in(group),
                    verb(group, "moves", "move"),
                    way_text(graph, Way::Corridor(group.corridor))
                ));
            }
            for group in doors_destroyed {
                parts.push(format!(
                    "{} {} the closed door of {} and {}",
                    intruders_in(group),
                    verb(group, "destroys", "destroy"),
                    way_text(graph, Way::Corridor(group.corridor)),
                    verb(group, "stays", "stay")
                ));
            }
            parts.extend(in_combat.iter().map(combat_text));
            format!("Danger: {}", parts.join("; "))
        }
        NoiseOutcome::NoiseEverywhere { ways, in_combat } => {
            let mut parts: Vec<String> = in_combat.iter().map(combat_text).collect();
            parts.push(if ways.is_empty() {
                "no Intruder comes, and every corridor already holds Noise".to_string()
            } else if in_combat.is_empty() {
                format!("no Intruder next door; Noise placed in {}", list(ways))
            } else {
                format!("no Intruder comes; Noise placed in {}", list(ways))
            });
            format!("Danger: {}", parts.join("; "))
        }
        NoiseOutcome::Nothing => "nothing happens".to_string(),
    }
}

/// `the Intruder in lab is in Combat and stays`.
fn combat_text(group: &Group) -> String {
    format!(
        "{} {} in Combat with a Character there and {}",
        intruders_in(group),
        verb(group, "is", "are"),
        verb(group, "stays", "stay")
    )
}

/// A Noise outcome as JSON, with an `outcome` kind.
pub fn outcome_json(graph: &ShipGraph<'_>, outcome: &NoiseOutcome) -> Value {
    let ways = |ways: &[Way]| ways.iter().map(|w| way_json(graph, *w)).collect::<Vec<_>>();
    let groups = |list: &[Group]| {
        list.iter()
            .map(|g| json!({ "from": g.room.as_str(), "intruders": g.count, "corridor": way_json(graph, Way::Corridor(g.corridor)) }))
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
            in_combat,
        } => json!({
            "outcome": "intruders-move-in",
            "moved": groups(moved),
            "doors_destroyed": groups(doors_destroyed),
            "in_combat": groups(in_combat),
        }),
        NoiseOutcome::NoiseEverywhere {
            ways: list,
            in_combat,
        } => json!({
            "outcome": "noise-everywhere",
            "ways": ways(list),
            "in_combat": groups(in_combat),
        }),
        NoiseOutcome::Nothing => json!({ "outcome": "nothing" }),
    }
}

/// What an Intruder's move does, in one sentence.
pub fn intruder_text(graph: &ShipGraph<'_>, result: &IntruderMove) -> String {
    match result {
        IntruderMove::Moves {
            to,
            corridor,
            into_combat,
        } => format!(
            "moves to {to} through {}{}",
            way_text(graph, Way::Corridor(*corridor)),
            if *into_combat {
                ", where a Character is: they are in Combat"
            } else {
                ""
            }
        ),
        IntruderMove::DestroysDoor { corridor } => format!(
            "destroys the closed door of {} and stays",
            way_text(graph, Way::Corridor(*corridor))
        ),
        IntruderMove::Hides { network } => format!(
            "enters {} and hides (leaves the board)",
            way_text(graph, Way::Technical(*network))
        ),
        IntruderMove::Stays => "stays: no corridor of the room has that number".to_string(),
        IntruderMove::InCombat => "stays: it is in Combat with a Character in its room, and an Event card moves only Intruders not in a room with a Character (--retreating moves it anyway)".to_string(),
    }
}

/// An Intruder's move as JSON.
pub fn intruder_json(graph: &ShipGraph<'_>, result: &IntruderMove) -> Value {
    match result {
        IntruderMove::Moves {
            to,
            corridor,
            into_combat,
        } => json!({
            "result": "moves",
            "to": to.as_str(),
            "corridor": way_json(graph, Way::Corridor(*corridor)),
            "into_combat": into_combat,
        }),
        IntruderMove::DestroysDoor { corridor } => json!({
            "result": "destroys-door",
            "corridor": way_json(graph, Way::Corridor(*corridor)),
        }),
        IntruderMove::Hides { network } => {
            json!({ "result": "hides", "network": network.as_str() })
        }
        IntruderMove::Stays => json!({ "result": "stays" }),
        IntruderMove::InCombat => json!({ "result": "in-combat" }),
    }
}
