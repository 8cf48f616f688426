//! T003: home seats holding other tiles, or not equidistant from the centre.

use deckplan_schema::ti4::hex::Hex;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::{Place, ti4::Ti4Place};

use super::Galaxy;
use crate::check::Finding;
use crate::ti4::adjacency::Node;

declare_check! {
    /// ## What it checks
    /// Every home seat holds a home system or is open (`0`, a seat still to be
    /// drafted), and every seat is as far from the centre as the first.
    ///
    /// ## Why it matters
    /// A seat holding an ordinary system or a hyperlane has no home for its player,
    /// and a seat closer to Mecatol Rex than the others gives that player a head start.
    ///
    /// ## Example
    /// `[[homes]] seat = 2, position = 8` when the other seats are in ring 3.
    ///
    /// ## How to fix
    /// Put the seat's home system (or `0`) on its position, and move seats to the
    /// same ring.
    code: "T003",
    name: "seat-placement",
    severity: Error,
}

/// Reports each misplaced seat at its `[[homes]]` entry.
pub fn run(galaxy: &Galaxy<'_>, out: &mut Vec<Finding>) {
    let Some(first) = galaxy.file.homes.first() else {
        return;
    };
    let ring = Hex::from_index(first.position).ring();
    for home in &galaxy.file.homes {
        let node = Node::Board(home.position);
        let problem = match galaxy.file.tiles.get(&home.position).map(|p| p.slot) {
            Some(Slot::System(number)) if !galaxy.system(node).is_some_and(|s| s.home) => {
                Some(format!(
                    "seat {} at position {} holds tile {number}, which is not a home system",
                    home.seat, home.position
                ))
            }
            Some(Slot::Hyperlane { number, .. }) => Some(format!(
                "seat {} at position {} holds hyperlane {number}, not a home system",
                home.seat, home.position
            )),
            _ => None,
        };
        let distance = Hex::from_index(home.position).ring();
        let unequal = (distance != ring).then(|| {
            format!(
                "seat {} at position {} is {distance} systems from the centre, seat {} is {ring}",
                home.seat, home.position, first.seat
            )
        });
        for message in problem.into_iter().chain(unequal) {
            let mut finding = galaxy.finding(node, message);
            finding.span = Some(home.span);
            finding.place = Some(Place::Ti4(Ti4Place::Seat {
                seat: home.seat,
                position: home.position,
            }));
            finding.help = Some("seats hold a home system or `0`, all in one ring".into());
            out.push(finding);
        }
    }
}
