//! T002: a wormhole type that appears exactly once.

use std::collections::BTreeMap;

use deckplan_schema::ti4::write::wormhole_name;

use super::Galaxy;
use crate::check::Finding;

declare_check! {
    /// ## What it checks
    /// Each wormhole type (alpha, beta, gamma, delta) appears on no system or on at
    /// least two, counting systems beside the board (the Creuss home, the Wormhole
    /// Nexus).
    ///
    /// ## Why it matters
    /// A wormhole is adjacent only to wormholes of its own type: a lone one leads
    /// nowhere, which usually means a tile was left out or swapped by mistake.
    ///
    /// ## Example
    /// `26` (Lodor, alpha) is on the board and no other alpha wormhole is.
    ///
    /// ## How to fix
    /// Place a second system with that wormhole type, or replace the lone one.
    code: "T002",
    name: "lone-wormhole",
    severity: Warning,
}

/// Reports the one system of each lone type.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    let mut holders = BTreeMap::new();
    for node in galaxy.adjacency.nodes() {
        for wormhole in galaxy
            .system(node)
            .map(|s| s.wormholes.clone())
            .unwrap_or_default()
        {
            holders.entry(wormhole).or_insert_with(Vec::new).push(node);
        }
    }
    for (wormhole, nodes) in holders {
        if let [node] = nodes.as_slice() {
            let name = wormhole_name(wormhole);
            let mut finding = galaxy.finding(
                *node,
                format!("the only {name} wormhole of the galaxy is at {node}, so it leads nowhere"),
            );
            finding.help = Some(format!(
                "place a second {name} wormhole, or replace this one"
            ));
            out.push(finding);
        }
    }
}
