//! T001: anomalies next to anomalies, and wormholes next to the same type.

use super::{Galaxy, label};
use crate::check::Finding;
use crate::ti4::adjacency::{Node, Via};

declare_check! {
    /// ## What it checks
    /// Two systems whose sides touch (or that a hyperlane joins) where both hold an
    /// anomaly, or both hold a wormhole of the same type.
    ///
    /// ## Why it matters
    /// The galaxy-building rules ask players not to place an anomaly next to another
    /// anomaly, nor a wormhole next to one of its own type, unless no other placement
    /// is possible: clusters of anomalies wall off a seat, and twin wormholes side by
    /// side waste the wormhole's shortcut.
    ///
    /// ## Example
    /// `8 = 41` (a gravity rift) beside `9 = 42` (a nebula).
    ///
    /// ## How to fix
    /// Swap one of the two tiles with a system elsewhere in the same ring. When the
    /// placement was unavoidable, say so by leaving the warning, which does not fail lint.
    code: "T001",
    name: "adjacent-anomalies",
    severity: Warning,
}

/// Reports each pair once, at the later position.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    for node in galaxy.adjacency.nodes() {
        let Node::Board(here) = node else { continue };
        let Some(system) = galaxy.system(node) else {
            continue;
        };
        for (other, via) in galaxy.adjacency.neighbours(node) {
            let Node::Board(there) = other else { continue };
            if there >= here || matches!(via, Via::Wormhole(_)) {
                continue;
            }
            let Some(neighbour) = galaxy.system(other) else {
                continue;
            };
            let what = if !system.anomalies.is_empty() && !neighbour.anomalies.is_empty() {
                "anomaly"
            } else if system
                .wormholes
                .iter()
                .any(|w| neighbour.wormholes.contains(w))
            {
                "wormhole of the same type"
            } else {
                continue;
            };
            let mut finding = galaxy.finding(
                node,
                format!(
                    "tile {} at position {here} is next to tile {} at position {there}, both with an {what}",
                    system.number, neighbour.number
                )
                .replace("an wormhole", "a wormhole"),
            );
            finding.help = Some("swap one of them with a system elsewhere in its ring, unless no other placement is possible".into());
            finding.labels.extend(label(galaxy, other, "the neighbour"));
            out.push(finding);
        }
    }
}
