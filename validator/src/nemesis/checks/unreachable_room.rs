//! N001: rooms no character can walk to from the Hibernatorium.

use deckplan_schema::nemesis::{NemesisPlace, Special};

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// Every room must be reachable from the Hibernatorium, where the characters
    /// wake, by walking through corridors with every door open. Technical
    /// corridors do not count: characters cannot use them without a special
    /// card or item.
    ///
    /// ## Why it matters
    /// A room nobody can walk to cannot be explored; it is usually a corridor
    /// left out of the file.
    ///
    /// ## Example
    /// A `storage` room whose only way in is its technical-corridor entrance.
    ///
    /// ## How to fix
    /// Add a `[[corridors]]` table joining the room to its neighbours. A ship
    /// without a Hibernatorium is reported by N008 instead.
    code: "N001",
    name: "unreachable-room",
    severity: Error,
}

/// Reports each room the Hibernatorium does not lead to.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    let Some(start) = graph.special(Special::Hibernatorium) else {
        return;
    };
    let reached = graph.reachable(start.id, |_| true);
    for room in graph.rooms().filter(|r| !reached.contains(&r.id)) {
        out.push(
            Finding::new(
                Some(room.id_span),
                NemesisPlace::Room(room.id),
                format!(
                    "room `{}` cannot be reached from the Hibernatorium, even with every door open",
                    room.id
                ),
            )
            .help("join it to a reachable room with a corridor"),
        );
    }
}
