//! T005: one tile placed at two positions.

use std::collections::BTreeMap;

use deckplan_schema::ti4::map_string::Slot;

use super::{Galaxy, label};
use crate::check::Finding;
use crate::ti4::adjacency::Node;

declare_check! {
    /// ## What it checks
    /// Each system or hyperlane tile is placed at most once.
    ///
    /// ## Why it matters
    /// There is one of each tile in the box: a galaxy that uses one twice cannot be
    /// built on the table, and its planets would be counted twice.
    ///
    /// ## Example
    /// `3 = 25` and `12 = 25`.
    ///
    /// ## How to fix
    /// Replace one of them with an unused tile of the same back colour.
    code: "T005",
    name: "tile-used-twice",
    severity: Error,
}

/// Reports each later use of a tile, with a label on the first.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    let mut first: BTreeMap<u16, u32> = BTreeMap::new();
    for (&index, placed) in &galaxy.file.tiles {
        let number = match placed.slot {
            Slot::System(number) | Slot::Hyperlane { number, .. } => number,
            Slot::Open | Slot::Off => continue,
        };
        match first.get(&number) {
            None => {
                first.insert(number, index);
            }
            Some(&earlier) => {
                let mut finding = galaxy.finding(
                    Node::Board(index),
                    format!("tile {number} is at position {earlier} already"),
                );
                finding.help = Some("replace one of them with an unused tile".into());
                finding
                    .labels
                    .extend(label(galaxy, Node::Board(earlier), "first placed here"));
                out.push(finding);
            }
        }
    }
}
