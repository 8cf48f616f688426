//! R004: forced arrows that point where no Spacer can go.

use deckplan_schema::enormity::{EdgeKind, LocationPlace, SpaceKind};

use super::Finding;
use crate::enormity::board::spacer::{crossings, is_walkable};
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// A Spacer on a forced direction arrow may only move the way it points. The arrow
    /// must lead somewhere: not into a wall or red line, an obstacle, an out-of-bounds
    /// space, or off the page across an edge where no page is joined.
    ///
    /// ## Why it matters
    /// A Spacer who stops on such an arrow can never move again.
    ///
    /// ## Example
    /// `forced_arrows = [{ at = "B5", direction = "east" }]` with a wall on `B5 east`.
    ///
    /// ## How to fix
    /// Turn the arrow, remove what blocks it, or join a page on that edge.
    code: "R004",
    name: "forced-arrow-blocked",
    severity: Error,
}

/// Reports every arrow with no way on.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        for (&space, arrow) in &page.spaces.forced_arrows {
            let at = PageSpace {
                page: page.id,
                space,
            };
            let ways = crossings(board.pack, &board.layout, at, arrow.direction);
            let problems: Vec<String> = ways
                .iter()
                .filter_map(|way| {
                    if let Some(mark) = way.blocker() {
                        let what = if mark.kind == EdgeKind::Wall {
                            "a wall"
                        } else {
                            "a red line"
                        };
                        return Some(format!("{what} on {}", mark.edge));
                    }
                    let target = board.pack.pages.get(&way.to.page)?;
                    let name = if way.to.page == page.id {
                        way.to.space.to_string()
                    } else {
                        way.to.to_string()
                    };
                    match target.kind(way.to.space) {
                        Some(SpaceKind::OutOfBounds) => Some(format!("out-of-bounds space {name}")),
                        Some(SpaceKind::Obstacle) => Some(format!("the obstacle on {name}")),
                        _ if !is_walkable(target, way.to.space) => {
                            Some(format!("the obstacle tile on {name}"))
                        }
                        _ => None,
                    }
                })
                .collect();
            let message = if ways.is_empty() {
                format!(
                    "the forced arrow on {space} points {} off the page, where no page is joined",
                    arrow.direction
                )
            } else if problems.len() == ways.len() {
                format!(
                    "the forced arrow on {space} points {} into {}",
                    arrow.direction,
                    problems.join(" and ")
                )
            } else {
                continue;
            };
            let help = "turn the arrow, clear the way, or join a page on that edge";
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
