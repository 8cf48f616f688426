//! T007: tiles placed outside the galaxy's rings.

use deckplan_schema::ti4::hex::Hex;

use super::Galaxy;
use crate::check::Finding;
use crate::ti4::adjacency::Node;

declare_check! {
    /// ## What it checks
    /// Every position in `[tiles]` lies within the galaxy's `rings`: a three-ring
    /// galaxy has positions 0 to 36, a four-ring one 0 to 60.
    ///
    /// ## Why it matters
    /// `rings` is the layout the players set up (three rings for six players, four for
    /// seven or eight). A tile beyond it is usually a mistyped position, or a galaxy
    /// that grew without its `rings` being raised; either way the table and the file
    /// disagree about the size of the board.
    ///
    /// ## Example
    /// `rings = 3` and `40 = 25` (position 40 is in ring 4).
    ///
    /// ## How to fix
    /// Correct the position, or raise `rings` to the ring the tile is in.
    code: "T007",
    name: "position-outside-rings",
    severity: Error,
}

/// Reports each tile beyond the last ring at its `[tiles]` line.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    let rings = galaxy.file.rings;
    for &position in galaxy.file.tiles.keys() {
        let ring = Hex::from_index(position).ring();
        if ring <= rings {
            continue;
        }
        let mut finding = galaxy.finding(
            Node::Board(position),
            format!(
                "position {position} is in ring {ring}, outside the galaxy's {}",
                plural_rings(rings)
            ),
        );
        finding.help = Some(format!(
            "correct the position, or raise `rings` to {ring} if the galaxy is that large"
        ));
        out.push(finding);
    }
}

fn plural_rings(rings: u32) -> String {
    if rings == 1 {
        "1 ring".to_string()
    } else {
        format!("{rings} rings")
    }
}
