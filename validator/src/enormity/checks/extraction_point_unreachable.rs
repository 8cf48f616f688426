//! E002: Extraction Points that no reachable space is on or next to.

use std::collections::BTreeSet;

use deckplan_schema::enormity::{Direction, EdgeKind, LocationPlace, Marker};

use super::{Finding, list_some};
use crate::enormity::board::reach::usable;
use crate::enormity::board::spacer::crossings;
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// Extraction is initiated from a space adjacent to the Extraction Point, and the
    /// Spacers leave by ending their move on it. This check finds Extraction Points that
    /// are neither on a space Spacers can reach (with every door open) nor orthogonally
    /// next to one. Red lines block adjacency by the rules. Whether a wall does is not
    /// stated; by the Harsh Space Rule (resolve an ambiguity the way worst for the
    /// players) a wall between the two spaces blocks it too.
    ///
    /// ## Why it matters
    /// Spacers can never initiate extraction there, so the run cannot end through it.
    ///
    /// ## Example
    /// `extraction_points = ["C6"]` on an out-of-bounds space whose only board
    /// neighbour, C5, is behind a wall on `C5 east`.
    ///
    /// ## How to fix
    /// Move the Extraction Point next to a space Spacers reach, or replace the wall or
    /// red line named in the help with a door or a gap.
    code: "E002",
    name: "extraction-point-unreachable",
    severity: Error,
}

/// Reports every Extraction Point Spacers cannot initiate extraction from.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    if board.reach.starts.is_empty() {
        return; // R005 says why; nothing would be reachable.
    }
    let pack = board.pack;
    for page in pack.pages.values() {
        for (space, span) in page.spaces.marked(Marker::ExtractionPoint) {
            let at = PageSpace {
                page: page.id,
                space,
            };
            // The same test as for using a console: on the space, or next to it with
            // no wall or red line between.
            if usable(
                pack,
                &board.layout,
                &board.spacer,
                &board.reach.all_doors,
                at,
            ) {
                continue;
            }
            let message = format!(
                "no space Spacers can reach is on or next to the Extraction Point on {space}"
            );
            // On a page nobody reaches, the page is the problem, not the point.
            if let Some(why) = super::page_cut_off(board, page.id) {
                out.push(
                    super::on_page(page, span, LocationPlace::space(page.id, space), message).help(
                        format!(
                            "{why}: this follows from the page, not the point; open a way \
                             onto {} first (see unreachable-space)",
                            page.id
                        ),
                    ),
                );
                continue;
            }
            let help = separated_by(board, at).unwrap_or_else(|| {
                "extraction is initiated from an adjacent space; move the Extraction Point next to a space Spacers can reach".to_string()
            });
            out.push(
                super::on_page(page, span, LocationPlace::space(page.id, space), message)
                    .help(help),
            );
        }
    }
}

/// Names the walls and red lines between the point and reachable neighbours, if any.
fn separated_by(board: &Board<'_>, at: PageSpace) -> Option<String> {
    let mut lines: BTreeSet<String> = BTreeSet::new();
    let mut beyond: BTreeSet<String> = BTreeSet::new();
    for direction in Direction::ALL {
        for crossing in crossings(board.pack, &board.layout, at, direction) {
            let Some(mark) = crossing.blocker() else {
                continue;
            };
            if !board.reach.reaches(&board.spacer, crossing.to) {
                continue;
            }
            let what = if mark.kind == EdgeKind::Wall {
                "the wall"
            } else {
                "the red line"
            };
            lines.insert(if mark.page == at.page {
                format!("{what} on {}", mark.edge)
            } else {
                format!("{what} on {} {}", mark.page, mark.edge)
            });
            beyond.insert(if crossing.to.page == at.page {
                crossing.to.space.to_string()
            } else {
                crossing.to.to_string()
            });
        }
    }
    if lines.is_empty() {
        return None;
    }
    let (cut, them) = if lines.len() == 1 {
        ("cuts", "it")
    } else {
        ("cut", "them")
    };
    let lines: Vec<String> = lines.into_iter().collect();
    let beyond: Vec<String> = beyond.into_iter().collect();
    Some(format!(
        "{} {cut} it off from {}, which Spacers reach (the rulebook: red lines and obstacles block adjacency; a wall blocking it is this project's reading, docs/rules/enormity.md); replace {them} with a door or a gap, or move the Extraction Point",
        list_some(&lines, 3),
        list_some(&beyond, 3)
    ))
}
