//! A004: Location arrows that are not on the page edge they point across.

use deckplan_schema::enormity::{Direction, LocationPlace, Page, Space};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// A Location arrow stands on a space at the edge of its page and points off the
    /// page, across that edge: one step in its direction leaves the page. A corner space
    /// lies on two edges and may point across either.
    ///
    /// ## Why it matters
    /// The arrow says where the next page is laid. On an inner space, or pointing along
    /// or into the page, it names no edge to lay the page against, and a Spacer moving
    /// onto it stops for nothing.
    ///
    /// ## Example
    /// `location_arrows = [{ at = "H12", direction = "north", target = "L2p1" }]` on a page
    /// 12 columns wide and 10 rows high: H12 is on the east edge, but the arrow points
    /// north, along it.
    ///
    /// ## How to fix
    /// Turn the arrow to the direction the help line names, or move it to the edge space
    /// it points towards.
    code: "A004",
    name: "location-arrow-placement",
    severity: Error,
}

/// Reports every Location arrow that does not point off its page.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        for (&space, arrow) in &page.spaces.location_arrows {
            let direction = arrow.direction;
            if points_off(page, space, direction) {
                continue;
            }
            let edges: Vec<Direction> = Direction::ALL
                .into_iter()
                .filter(|d| points_off(page, space, *d))
                .collect();
            let (message, help) = if edges.is_empty() {
                let edge_space = last_on_page(page, space, direction);
                (
                    format!(
                        "the Location arrow on {space} is not on a page edge: it must stand \
                         on an edge space and point off the page"
                    ),
                    format!(
                        "move it to {edge_space} on the {direction} edge, where it points off \
                         the page"
                    ),
                )
            } else {
                let how = if edges.contains(&direction.opposite()) {
                    "into the page"
                } else {
                    "along the edge"
                };
                let names: Vec<&str> = edges.iter().map(|d| d.name()).collect();
                let plural = if names.len() == 1 { "edge" } else { "edges" };
                (
                    format!(
                        "the Location arrow on {space} points {direction} ({how}), but {space} \
                         is on the {} {plural}: it must point off the page",
                        names.join(" and ")
                    ),
                    format!(
                        "point it {} to lead off the page from {space}",
                        names.join(" or ")
                    ),
                )
            };
            out.push(
                super::on_page(
                    page,
                    arrow.span,
                    LocationPlace::space(page.id, space),
                    message,
                )
                .help(help),
            );
        }
    }
}

/// Whether one step from `space` in `direction` leaves the page.
pub(crate) fn points_off(page: &Page, space: Space, direction: Direction) -> bool {
    space
        .step(direction)
        .is_none_or(|next| !page.size.contains(next))
}

/// The last space of the page from `space` in `direction`: the edge space the arrow
/// points towards.
fn last_on_page(page: &Page, space: Space, direction: Direction) -> Space {
    let last_col = page.size.columns.saturating_sub(1);
    let last_row = page.size.rows.saturating_sub(1);
    match direction {
        Direction::North => Space::new(space.col, last_row),
        Direction::South => Space::new(space.col, 0),
        Direction::East => Space::new(last_col, space.row),
        Direction::West => Space::new(0, space.row),
    }
}
