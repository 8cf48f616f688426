//! N007: a section with no escape pod.

use deckplan_schema::nemesis::{NemesisPlace, Section};

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// Both escape-pod sections, A and B, must hold at least one escape pod.
    ///
    /// ## Why it matters
    /// Escape pods are placed alternately in sections A and B (2, 3 or 4 of
    /// them for 1–2, 3–4 or 5 players), so even the smallest game puts one in
    /// each section.
    ///
    /// ## Example
    /// Two `[[escape_pods]]`, both with `section = "A"`.
    ///
    /// ## How to fix
    /// Add an `[[escape_pods]]` table for the empty section.
    code: "N007",
    name: "escape-pod-sections",
    severity: Error,
}

/// Reports each section without a pod, at the ship as a whole.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    for section in Section::ALL {
        if graph.ship.escape_pods.iter().any(|p| p.section == section) {
            continue;
        }
        out.push(
            Finding::new(
                None,
                NemesisPlace::Ship,
                format!("escape-pod section {} has no escape pod", section.name()),
            )
            .help(format!(
                "add `[[escape_pods]]` with `section = \"{}\"`",
                section.name()
            )),
        );
    }
}
