//! N006: a Door token on a technical-corridor entrance.

use deckplan_schema::nemesis::NemesisPlace;

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// No technical-corridor entrance may carry a door (`door = true`).
    ///
    /// ## Why it matters
    /// Door tokens are never placed in technical corridors; an Intruder that
    /// moves into one leaves the board whatever stands there.
    ///
    /// ## Example
    /// `[[technical_entrances]]` with `door = true`.
    ///
    /// ## How to fix
    /// Remove `door = true` from the entrance.
    code: "N006",
    name: "door-in-technical-corridor",
    severity: Error,
}

/// Reports each entrance with a door.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for entrance in graph.ship.entrances.iter().filter(|e| e.door) {
        out.push(
            Finding::new(
                entrance.door_span.or(Some(entrance.span)),
                NemesisPlace::Entrance(entrance.room),
                format!(
                    "the technical entrance in `{}` has a door; technical corridors have none",
                    entrance.room
                ),
            )
            .help("remove `door = true`"),
        );
    }
}
