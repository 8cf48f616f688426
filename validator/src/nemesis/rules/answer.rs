//! The play-test answers in words, line by line: what `deckplan move`,
//! `noise` and `intruder` print, and what the editor's play test shows, so
//! the two can never say different things.

use deckplan_schema::id::Id;

use super::describe::{careful_refusal_text, intruder_text, outcome_text, way_text};
use super::{
    CarefulRefusal, Face, IntruderCause, NoiseOutcome, PlayState, Roller, Way, careful_options,
    enter, intruder_move, neighbours, noise_roll, roller_in_combat,
};
use crate::nemesis::graph::ShipGraph;

/// `1 room`, `2 rooms`.
fn rooms(n: usize) -> String {
    if n == 1 {
        "1 room".to_string()
    } else {
        format!("{n} rooms")
    }
}

/// Where a Movement action (or, with `careful`, a Careful Movement) from
/// `from` leads: a heading, then one line per room, with the corridors the
/// player may choose under each. `state` still holds the moving Character in
/// `from`; `to` keeps one destination. A Careful Movement from a room in
/// Combat is refused with the reason.
pub fn movement(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    from: Id,
    to: Option<Id>,
    careful: bool,
) -> Result<Vec<String>, String> {
    let mut state = state.clone();
    // The moving Character is not in the room it enters.
    if let Some(n) = state.characters.get_mut(&from) {
        *n = n.saturating_sub(1);
    }
    // An Intruder in the room moved from: the Character is in Combat.
    let escape = state.intruders_in(from) > 0;
    if careful && escape {
        return Err(format!(
            "no Careful Movement from {from}: {}",
            careful_refusal_text(CarefulRefusal::InCombat)
        ));
    }
    let found: Vec<_> = neighbours(graph, &state, from)
        .into_iter()
        .filter(|n| to.is_none_or(|t| t == n.room))
        .collect();
    let mut lines = vec![format!(
        "A {} from {from} reaches {}:",
        if careful {
            "Careful Movement"
        } else {
            "Movement action"
        },
        rooms(found.len())
    )];
    if escape {
        lines.push(format!(
            "  (an Intruder is in {from}: the Character is in Combat, so this Movement is an Escape and each Intruder there attacks first)"
        ));
    }
    for n in &found {
        let entry = enter(graph, &state, n.room);
        let options = careful.then(|| careful_options(graph, &state, n.room));
        let mut steps = Vec::new();
        if entry.reveal {
            steps.push("reveal the room and its Exploration token".to_string());
        }
        steps.push(match &options {
            Some(Err(refusal)) => {
                format!("no Careful Movement: {}", careful_refusal_text(*refusal))
            }
            _ if !entry.noise_roll => "someone is there: no Noise roll".to_string(),
            Some(Ok(_)) => "choose a corridor without Noise for the Noise marker".to_string(),
            None => "make a Noise roll".to_string(),
        });
        let door = match n.door.name() {
            "open" => String::new(),
            other => format!(", door {other}"),
        };
        lines.push(format!(
            "  {:<16} through {}{door}: {}",
            n.room.as_str(),
            way_text(graph, Way::Corridor(n.corridor)),
            steps.join(", then ")
        ));
        if let Some(Ok(ways)) = &options
            && entry.noise_roll
        {
            for way in ways {
                lines.push(format!(
                    "      choose {}: {}",
                    way_text(graph, *way),
                    outcome_text(graph, &NoiseOutcome::NoisePlaced(*way))
                ));
            }
        }
    }
    Ok(lines)
}

/// What a Noise roll in `room` does, for each of `faces`: one line per face,
/// or the players' options under it. A Character in Combat rolls no Noise.
pub fn noise(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    faces: &[Face],
    roller: Roller,
) -> Vec<String> {
    if roller_in_combat(state, room) {
        return vec![format!(
            "No Noise roll in {room}: an Intruder is there, so a Character in {room} is in Combat and makes no Noise roll."
        )];
    }
    let mut lines = Vec::new();
    for face in faces {
        let as_counted = face.counted_for(roller);
        let face_text = if as_counted == *face {
            face.to_string()
        } else {
            format!("{face} (slimed: counts as {as_counted})")
        };
        match noise_roll(graph, state, room, *face, roller).as_slice() {
            [one] => lines.push(format!(
                "{face_text} in {room}: {}",
                outcome_text(graph, one)
            )),
            many => {
                lines.push(format!("{face_text} in {room}: the players choose one of"));
                for option in many {
                    lines.push(format!("  - {}", outcome_text(graph, option)));
                }
            }
        }
    }
    lines
}

/// Every face of the Noise die, in the order the answers list them.
pub fn every_face() -> Vec<Face> {
    [1, 2, 3, 4]
        .map(Face::Number)
        .into_iter()
        .chain([Face::Danger, Face::Silence])
        .collect()
}

/// Where the Intruder in `room` goes when moved through the corridor
/// numbered `corridor`, for `cause`.
pub fn intruder(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    room: Id,
    corridor: u8,
    cause: IntruderCause,
) -> Vec<String> {
    intruder_move(graph, state, room, corridor, cause)
        .iter()
        .map(|option| {
            format!(
                "The Intruder in {room}, moved by corridor {corridor}, {}",
                intruder_text(graph, option)
            )
        })
        .collect()
}
