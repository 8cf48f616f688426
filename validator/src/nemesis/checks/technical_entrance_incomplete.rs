//! N005: a technical-corridor entrance without a number or a network.

use deckplan_schema::nemesis::NemesisPlace;

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// Every technical-corridor entrance must carry its corridor `numbers` and
    /// name the `network` it opens on.
    ///
    /// ## Why it matters
    /// The entrance's numbers are among the room's four corridor numbers: a
    /// Noise roll or an Event card with that number sends Noise, or an
    /// Intruder, into the technical corridors. Noise there goes on the
    /// network's one shared space, so an entrance with no network has nowhere
    /// to put it.
    ///
    /// ## Example
    /// `[[technical_entrances]]` with `room = "storage"` and nothing else.
    ///
    /// ## How to fix
    /// Add `numbers = […]` and `network = "…"` (declared under `[[networks]]`).
    code: "N005",
    name: "technical-entrance-incomplete",
    severity: Error,
}

/// Reports each entrance that lacks a number or a network.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for entrance in &graph.ship.entrances {
        let lacks: Vec<&str> = [
            (entrance.numbers.is_none(), "numbers"),
            (entrance.network.is_none(), "network"),
        ]
        .into_iter()
        .filter_map(|(missing, what)| missing.then_some(what))
        .collect();
        if lacks.is_empty() {
            continue;
        }
        out.push(
            Finding::new(
                Some(entrance.room_span),
                NemesisPlace::Entrance(entrance.room),
                format!(
                    "the technical entrance in `{}` has no {}",
                    entrance.room,
                    lacks.join(" and no ")
                ),
            )
            .help("give it `numbers = […]` and `network = \"…\"`"),
        );
    }
}
