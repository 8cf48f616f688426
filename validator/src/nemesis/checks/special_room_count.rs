//! N008: a special room missing, or there more than once.

use deckplan_schema::nemesis::{NemesisPlace, RoomKind, Special};

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// The special rooms every ship has — the Hibernatorium, the Cockpit and
    /// Engines 1, 2 and 3 — must each be there exactly once. Other special
    /// rooms (`kind = "special"`) may appear any number of times.
    ///
    /// ## Why it matters
    /// The characters start in the Hibernatorium; the Cockpit and the three
    /// Engines are where the ship's course and engines are checked at the end
    /// of the game. Two of one make those rules ambiguous.
    ///
    /// ## Example
    /// A ship with `engine-1` and `engine-2` but no `engine-3`.
    ///
    /// ## How to fix
    /// Add the missing room, or change the `kind` of the second one.
    code: "N008",
    name: "special-room-count",
    severity: Error,
}

/// Reports each required special room that is missing (at the ship) or
/// repeated (at each repeat).
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for special in Special::REQUIRED {
        let kind = RoomKind::Special(special);
        let mut found = graph.rooms().filter(|r| r.kind == kind);
        let Some(first) = found.next() else {
            out.push(
                Finding::new(
                    None,
                    NemesisPlace::Ship,
                    format!("the ship has no `{}` room", kind.name()),
                )
                .help(format!("add a room with `kind = \"{}\"`", kind.name())),
            );
            continue;
        };
        for again in found {
            out.push(
                Finding::new(
                    Some(again.kind_span),
                    NemesisPlace::Room(again.id),
                    format!(
                        "room `{}` is a second `{}`; the ship has one",
                        again.id,
                        kind.name()
                    ),
                )
                .label(first.kind_span, "the first one")
                .help("change its `kind`"),
            );
        }
    }
}
