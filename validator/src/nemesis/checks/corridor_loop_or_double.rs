//! N009: a corridor from a room to itself, or two corridors between one pair of rooms.

use std::collections::BTreeMap;

use deckplan_schema::Span;
use deckplan_schema::id::Id;
use deckplan_schema::nemesis::NemesisPlace;

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// No corridor may lead from a room back to itself, and no two corridors
    /// may join the same two rooms.
    ///
    /// ## Why it matters
    /// Rooms are neighbours when one corridor joins them; a loop or a second
    /// corridor adds nothing to movement but takes a corridor number, so a
    /// Noise roll can land in a corridor that leads nowhere new. Both are
    /// usually a typo in `between`.
    ///
    /// ## Example
    /// `between = ["lab", "lab"]`, or two corridors with
    /// `between = ["lab", "dock"]` and `between = ["dock", "lab"]`.
    ///
    /// ## How to fix
    /// Correct the room ids in `between`, or merge the two corridors.
    code: "N009",
    name: "corridor-loop-or-double",
    severity: Error,
}

/// Reports each loop and each corridor that repeats an earlier one.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    let mut seen: BTreeMap<(Id, Id), Span> = BTreeMap::new();
    for corridor in &graph.ship.corridors {
        let [a, b] = corridor.rooms;
        let place = NemesisPlace::Corridor(a, b);
        if a == b {
            out.push(
                Finding::new(
                    Some(corridor.rooms_span),
                    place,
                    format!("a corridor leads from `{a}` back to itself"),
                )
                .help("name two different rooms in `between`"),
            );
            continue;
        }
        let key = (a.min(b), a.max(b));
        if let Some(&first) = seen.get(&key) {
            out.push(
                Finding::new(
                    Some(corridor.rooms_span),
                    place,
                    format!("a second corridor joins `{a}` and `{b}`"),
                )
                .label(first, "the first corridor")
                .help("rooms are joined by one corridor; remove or correct this one"),
            );
            continue;
        }
        seen.insert(key, corridor.rooms_span);
    }
}
