//! T004: systems that a home seat cannot reach.

use super::Galaxy;
use crate::check::Finding;
use crate::ti4::adjacency::Node;

declare_check! {
    /// ## What it checks
    /// From every home seat, every system of the galaxy can be reached by some chain
    /// of adjacent systems (touching sides, hyperlanes and wormholes; anomalies are not
    /// considered, since ships with the right technology cross them).
    ///
    /// ## Why it matters
    /// A system no path leads to cannot be explored or taken: a hyperlane turned the
    /// wrong way or a missing tile has cut the galaxy in two.
    ///
    /// ## Example
    /// Position 7 holds a system but positions 1, 2 and 18 around it hold nothing.
    ///
    /// ## How to fix
    /// Fill the gap, or turn the hyperlane so that its lanes reach the system.
    code: "T004",
    name: "unreachable-system",
    severity: Error,
}

/// Reports each system unreachable from the first seat that cannot reach it.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    let mut reported = std::collections::BTreeSet::new();
    for home in &galaxy.file.homes {
        let reach = galaxy.adjacency.reachable_from(Node::Board(home.position));
        for node in galaxy.adjacency.nodes() {
            if reach.contains(&node) || !reported.insert(node) {
                continue;
            }
            let mut finding = galaxy.finding(
                node,
                format!(
                    "the system at {node} cannot be reached from seat {} at position {}",
                    home.seat, home.position
                ),
            );
            finding.help = Some("fill the gap around it, or turn a hyperlane to reach it".into());
            out.push(finding);
        }
    }
}
