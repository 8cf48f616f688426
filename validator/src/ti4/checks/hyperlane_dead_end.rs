//! T006: hyperlane lanes that lead into nothing.

use deckplan_schema::{Place, ti4::Ti4Place};

use super::Galaxy;
use crate::check::Finding;
use crate::ti4::adjacency::Node;

declare_check! {
    /// ## What it checks
    /// Every lane of a hyperlane tile that a system leads into ends at a system or at
    /// another hyperlane, not at a position without a tile.
    ///
    /// ## Why it matters
    /// A lane into nothing is usually a tile turned the wrong way: the systems it was
    /// meant to join are not adjacent, and ships following it go nowhere.
    ///
    /// ## Example
    /// `1 = "84A1"` with nothing at position 7, north of it.
    ///
    /// ## How to fix
    /// Turn the hyperlane (the last digit, sixths clockwise) or flip it to its other face.
    code: "T006",
    name: "hyperlane-dead-end",
    severity: Warning,
}

/// Reports each dead end at its hyperlane's position and side.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    for dead in galaxy.adjacency.dead_ends() {
        let mut finding = galaxy.finding(
            Node::Board(dead.position),
            format!(
                "a lane of the hyperlane at position {} leaves by its {} side into no tile",
                dead.position, dead.side
            ),
        );
        finding.place = Some(Place::Ti4(Ti4Place::Side {
            position: dead.position,
            side: dead.side,
        }));
        finding.help =
            Some("turn the hyperlane or flip it, so that every lane ends at a system".into());
        out.push(finding);
    }
}
