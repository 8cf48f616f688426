//! A007: a door drawn by both pages on the same stretch of a join.

use std::collections::BTreeSet;

use deckplan_schema::enormity::{Direction, EdgeKind, LocationPlace};

use super::Finding;
use crate::enormity::board::spacer::{DoorRef, crossings};
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// Where two pages are joined, their touching edges become one line. This check
    /// reports a door that one page draws on its outline where the page across the
    /// join draws a door on the same stretch of that line: two doors, with two numbers
    /// opened separately, where the map shows one doorway.
    ///
    /// ## Why it matters
    /// A Spacer crossing that stretch passes both doors, so it needs both opened: a
    /// console that opens one of them seems to do nothing. One door drawn on each
    /// page's copy of the edge is almost always one door drawn twice.
    ///
    /// ## Example
    /// `L1p1` has `doors = [{ number = 2, at = "C6 east" }]` on its east edge, joined to
    /// `L1p2` west, which has `doors = [{ number = 1, at = "C1 west" }]` on the same stretch.
    ///
    /// ## How to fix
    /// Keep the door on one page and remove it from the other; give the consoles and
    /// keycards that open it that page's door number. When two doors are meant, allow
    /// the check for the page with a reason.
    code: "A007",
    name: "join-door-drawn-twice",
    severity: Warning,
}

/// Reports each pair of doors once, on the first page of the pair.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let mut reported: BTreeSet<(DoorRef, DoorRef)> = BTreeSet::new();
    for page in board.pack.pages.values() {
        for (&edge, feature) in &page.edges {
            let EdgeKind::Door(number) = feature.kind else {
                continue;
            };
            if !edge.on_outline(page.size) {
                continue;
            }
            // The space inside the outline and the way out across it.
            let (inner, direction) = match edge.spaces(page.size) {
                (Some(space), None) => (space, edge_direction(edge, true)),
                (None, Some(space)) => (space, edge_direction(edge, false)),
                _ => continue,
            };
            let from = PageSpace {
                page: page.id,
                space: inner,
            };
            for crossing in crossings(board.pack, &board.layout, from, direction) {
                let mut doors = crossing.doors();
                let (Some(near), Some(far)) = (doors.next(), doors.next()) else {
                    continue;
                };
                let pair = if near < far { (near, far) } else { (far, near) };
                if near.page != page.id || !reported.insert(pair) {
                    continue;
                }
                let message = format!(
                    "{near} and {far} are drawn on the same stretch of the join: a Spacer crossing there passes both, so both must be opened"
                );
                let place = LocationPlace::door(page, number, edge);
                let help = "keep one of the two doors and remove the other, and let the consoles and keycards that opened either open the one kept";
                out.push(super::on_page(page, feature.span, place, message).help(help));
            }
        }
    }
}

/// The direction out of the page across an outline edge: the edge is the
/// high side of the inner space (`high`) or its low side.
fn edge_direction(edge: deckplan_schema::enormity::Edge, high: bool) -> Direction {
    use deckplan_schema::enormity::Axis;
    match (edge.axis, high) {
        (Axis::Horizontal, true) => Direction::North,
        (Axis::Horizontal, false) => Direction::South,
        (Axis::Vertical, true) => Direction::East,
        (Axis::Vertical, false) => Direction::West,
    }
}
