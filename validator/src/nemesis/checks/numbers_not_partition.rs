//! N002: the corridor numbers around a room are not exactly 1, 2, 3 and 4.

use deckplan_schema::nemesis::{NemesisPlace, Numbers};

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// The numbers printed at the ends of the corridors that leave a room,
    /// together with the numbers of its technical-corridor entrance, must hold
    /// each of 1, 2, 3 and 4 exactly once.
    ///
    /// ## Why it matters
    /// A Noise roll of 1–4 puts Noise in the corridor with that number, and
    /// Event cards move Intruders through the corridor with the printed
    /// number. A number missing around a room leaves a roll with no corridor;
    /// a number written twice leaves the players no way to choose. On the
    /// printed board every room's numbers split {1, 2, 3, 4} this way.
    ///
    /// ## Example
    /// A room whose two corridors carry `[1, 2]` and `[2]`: 2 is twice, 3 and 4
    /// are missing.
    ///
    /// ## How to fix
    /// Renumber the corridor ends (`numbers`, or `other_end` for the second
    /// room's end) or the technical entrance's `numbers`.
    code: "N002",
    name: "numbers-not-partition",
    severity: Error,
}

/// Reports each room whose numbers miss one or repeat one.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for room in graph.rooms() {
        let mut seen = Numbers::NONE;
        let mut twice = Numbers::NONE;
        for exit in graph.exits(room.id) {
            let numbers = exit.numbers_at(room.id);
            twice = twice.union(seen.intersection(numbers));
            seen = seen.union(numbers);
        }
        let missing = seen.missing();
        if missing.is_empty() && twice.is_empty() {
            continue;
        }
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("no corridor numbered {missing}"));
        }
        if !twice.is_empty() {
            problems.push(format!("more than one corridor numbered {twice}"));
        }
        out.push(
            Finding::new(
                Some(room.id_span),
                NemesisPlace::Room(room.id),
                format!("room `{}` has {}", room.id, problems.join(" and ")),
            )
            .help("the corridor ends around a room carry each of 1, 2, 3 and 4 exactly once"),
        );
    }
}
