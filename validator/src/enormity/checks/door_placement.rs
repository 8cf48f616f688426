//! X001: doors that are not between two board spaces.

use deckplan_schema::enormity::{Axis, Direction, EdgeKind, LocationPlace, Page, Space, SpaceKind};

use super::Finding;
use crate::enormity::board::spacer::crossings;
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// A door stands on the line between two board spaces. On either side there must be
    /// a board space (an obstacle space is one): not an out-of-bounds space, and not the
    /// page outline where no page is joined. A door on a joined page edge is fine when
    /// board spaces lie across it — every space across it, when a misaligned join puts
    /// two there.
    ///
    /// ## Why it matters
    /// A door that leads out of bounds or off the board opens onto nothing: a console
    /// or keycard that opens it does nothing, and it is usually drawn one line off.
    ///
    /// ## Example
    /// `doors = [{ number = 2, at = "B6 north" }]` where C6 is `#` in the grid.
    ///
    /// ## How to fix
    /// Move the door onto the line between the two spaces it should connect, make the
    /// space beside it a board space, or join a page on that edge.
    code: "X001",
    name: "door-placement",
    severity: Error,
}

/// What lies on one side of a door: one space on its own page, one or two
/// across a join.
enum Side {
    /// Board spaces (as it should be).
    Board(Vec<String>),
    /// Out-of-bounds spaces.
    OutOfBounds(Vec<String>),
    /// The page outline, with no page joined.
    Unjoined,
}

impl Side {
    fn describe(&self) -> String {
        let named = |what: &str, names: &[String]| {
            let s = if names.len() == 1 { "" } else { "s" };
            format!("{what} space{s} {}", names.join(" and "))
        };
        match self {
            Self::Board(names) => named("board", names),
            Self::OutOfBounds(names) => named("out-of-bounds", names),
            Self::Unjoined => "the page edge (no page is joined there)".to_string(),
        }
    }
}

/// Reports every door with something other than a board space beside it.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        for (&edge, feature) in &page.edges {
            let EdgeKind::Door(number) = feature.kind else {
                continue;
            };
            let (low, high) = edge.spaces(page.size);
            // The direction from the low (south or west) side to the high side.
            let up = match edge.axis {
                Axis::Horizontal => Direction::North,
                Axis::Vertical => Direction::East,
            };
            let sides = match (low, high) {
                (Some(a), Some(b)) => [on_page(page, a), on_page(page, b)],
                (None, Some(b)) => [across(board, page, b, up.opposite()), on_page(page, b)],
                (Some(a), None) => [on_page(page, a), across(board, page, a, up)],
                (None, None) => continue,
            };
            if sides.iter().all(|s| matches!(s, Side::Board(_))) {
                continue;
            }
            let message = format!(
                "{} has {} on one side and {} on the other; a door must be between two \
                 board spaces",
                edge.door_place(number, edge.on_outline(page.size)),
                sides[0].describe(),
                sides[1].describe()
            );
            let help = if sides.iter().any(|s| matches!(s, Side::Unjoined)) {
                "move the door onto a line between two board spaces, or join a page on that \
                 edge in pack.toml"
                    .to_string()
            } else {
                "move the door onto a line between two board spaces, or make the spaces beside \
                 it board spaces (`.` in the grid)"
                    .to_string()
            };
            let place = LocationPlace::door(page, number, edge);
            out.push(super::on_page(page, feature.span, place, message).help(help));
        }
    }
}

/// A space of the door's own page.
fn on_page(page: &Page, space: Space) -> Side {
    match page.kind(space) {
        Some(SpaceKind::OutOfBounds) | None => Side::OutOfBounds(vec![space.to_string()]),
        Some(_) => Side::Board(vec![space.to_string()]),
    }
}

/// What lies across the page outline from `inner`, looking `direction`.
fn across(board: &Board<'_>, page: &Page, inner: Space, direction: Direction) -> Side {
    let from = PageSpace {
        page: page.id,
        space: inner,
    };
    let ways = crossings(board.pack, &board.layout, from, direction);
    if ways.is_empty() {
        return Side::Unjoined;
    }
    let names: Vec<String> = ways.iter().map(|w| w.to.to_string()).collect();
    let out_of_bounds: Vec<String> = ways
        .iter()
        .filter(|w| {
            board
                .pack
                .pages
                .get(&w.to.page)
                .and_then(|p| p.kind(w.to.space))
                .is_none_or(|k| k == SpaceKind::OutOfBounds)
        })
        .map(|w| w.to.to_string())
        .collect();
    if out_of_bounds.is_empty() {
        Side::Board(names)
    } else {
        Side::OutOfBounds(out_of_bounds)
    }
}
