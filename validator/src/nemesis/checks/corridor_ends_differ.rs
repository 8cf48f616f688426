//! N003: a corridor whose two ends carry different numbers.

use deckplan_schema::nemesis::NemesisPlace;

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// A corridor's number must be the same at both of its ends: a corridor
    /// with `other_end` numbers different from its `numbers` is reported.
    ///
    /// ## Why it matters
    /// A corridor is one corridor for Noise: a Noise marker placed in it from
    /// one room is in it for the other room too. With different numbers at
    /// the ends, a roll in one room and a roll in the other name different
    /// corridors for the same marker; the printed board's corridors carry one
    /// number each.
    ///
    /// ## Example
    /// `numbers = [1]` with `other_end = [3]`.
    ///
    /// ## How to fix
    /// Give both ends the same numbers and drop `other_end`, or allow the
    /// check with a reason for a custom ship that numbers ends apart.
    code: "N003",
    name: "corridor-ends-differ",
    severity: Error,
}

/// Reports each corridor with an `other_end` different from its `numbers`.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for corridor in &graph.ship.corridors {
        let Some(other) = corridor.other_end else {
            continue;
        };
        let [a, b] = corridor.rooms;
        let finding = Finding::new(
            corridor.other_end_span,
            NemesisPlace::Corridor(a, b),
            format!(
                "corridor {a}–{b} is numbered {} at `{a}` but {other} at `{b}`",
                corridor.numbers
            ),
        )
        .label(corridor.numbers_span, "the first end's numbers")
        .help("a corridor carries the same numbers at both ends");
        out.push(finding);
    }
}
