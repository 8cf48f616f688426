//! X003: walls and red lines that stand where they stop nothing.

use std::collections::BTreeMap;

use deckplan_schema::{
    Span,
    enormity::{Axis, Direction, Edge, EdgeKind, LocationPlace, Page, Space, SpaceKind},
};

use super::Finding;
use crate::enormity::board::spacer::crossings;
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// A wall or red line stops Spacers, Intruders, adjacency and line of sight between
    /// the spaces on its two sides. This check reports lines that have nothing to stop:
    /// a wall or red line with no board space on either side (out-of-bounds spaces, or
    /// the border of the board where no page is joined), and a red line along the border
    /// of the board. A wall along the border is how rooms are printed and is not
    /// reported. Doors in such places are `door-placement`'s findings.
    ///
    /// ## Why it matters
    /// Out-of-bounds spaces and the board's border already stop everything a line
    /// would, and Blips ignore walls and red lines: such a line changes nothing in play.
    /// It is usually drawn one space off, or left over from a room that was moved.
    ///
    /// ## Example
    /// `red_lines = ["A3 south"]` on the bottom row of a page with nothing joined below,
    /// or `walls = ["B1 east"]` where B1 and B2 are both `#`.
    ///
    /// ## How to fix
    /// Move the line to the edge between the board spaces it should part, or remove it;
    /// for a red line on the border, join the page meant to lie across it.
    code: "X003",
    name: "idle-edge-feature",
    severity: Warning,
}

/// What lies on one side of an edge.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    /// At least one board space (obstacles included).
    Board,
    /// Only out-of-bounds spaces.
    OutOfBounds,
    /// The page outline with no page joined: the border of the board.
    Border,
}

/// What lies on one side of `edge`: `space` on the page if it is there, else
/// what lies across the outline from `inner`, looking `direction`.
fn side(
    board: &Board<'_>,
    page: &Page,
    space: Option<Space>,
    inner: Space,
    direction: Direction,
) -> Side {
    if let Some(space) = space {
        return match page.kind(space) {
            Some(SpaceKind::OutOfBounds) | None => Side::OutOfBounds,
            Some(_) => Side::Board,
        };
    }
    let from = PageSpace {
        page: page.id,
        space: inner,
    };
    let ways = crossings(board.pack, &board.layout, from, direction);
    if ways.is_empty() {
        return Side::Border;
    }
    let board_space = ways.iter().any(|w| {
        board
            .pack
            .pages
            .get(&w.to.page)
            .and_then(|p| p.kind(w.to.space))
            .is_some_and(|k| k != SpaceKind::OutOfBounds)
    });
    if board_space {
        Side::Board
    } else {
        Side::OutOfBounds
    }
}

/// Why a line does nothing, as the message ends.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Idle {
    /// No board space on either side.
    NothingBeside,
    /// A red line on the board's border.
    RedLineOnBorder,
}

/// Reports every idle wall or red line, one finding per written run and reason.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        let mut idle: BTreeMap<(Span, bool, Idle), Vec<Edge>> = BTreeMap::new();
        for (&edge, feature) in &page.edges {
            let is_wall = match feature.kind {
                EdgeKind::Wall => true,
                EdgeKind::RedLine => false,
                EdgeKind::Door(_) => continue,
            };
            let (low, high) = edge.spaces(page.size);
            let up = match edge.axis {
                Axis::Horizontal => Direction::North,
                Axis::Vertical => Direction::East,
            };
            let (a, b) = match (low, high) {
                (Some(a), Some(b)) => (
                    side(board, page, Some(a), a, up),
                    side(board, page, Some(b), b, up),
                ),
                (None, Some(b)) => (
                    side(board, page, None, b, up.opposite()),
                    side(board, page, Some(b), b, up),
                ),
                (Some(a), None) => (
                    side(board, page, Some(a), a, up),
                    side(board, page, None, a, up),
                ),
                (None, None) => continue,
            };
            let reason = if a != Side::Board && b != Side::Board {
                Idle::NothingBeside
            } else if !is_wall && (a == Side::Border || b == Side::Border) {
                Idle::RedLineOnBorder
            } else {
                continue;
            };
            idle.entry((feature.span, is_wall, reason))
                .or_default()
                .push(edge);
        }
        for ((span, is_wall, reason), edges) in idle {
            let Some(&first) = edges.first() else {
                continue;
            };
            let what = if is_wall { "wall" } else { "red line" };
            let runs = deckplan_schema::enormity::coord::edge_runs(edges);
            let named = runs.join(", ");
            let (message, help) = match reason {
                Idle::NothingBeside => (
                    format!(
                        "the {what} on {} {named} has no board space on either side: it stops nothing",
                        page.id
                    ),
                    format!(
                        "out-of-bounds spaces and the board's border already stop everything a {what} \
                         does, and Blips ignore it: move it to the edge between the board spaces it \
                         should part, or remove it"
                    ),
                ),
                Idle::RedLineOnBorder => (
                    format!(
                        "the red line on {} {named} runs along the border of the board: nothing lies \
                         beyond it to stop",
                        page.id
                    ),
                    "remove it, or join the page meant to lie across it in pack.toml".to_string(),
                ),
            };
            let place = LocationPlace::Edge {
                page: page.id,
                edge: first,
            };
            out.push(super::on_page(page, span, place, message).help(help));
        }
    }
}
