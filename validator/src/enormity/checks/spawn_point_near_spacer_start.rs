//! S003: spawn points on a corner of a Spacer start.

use std::collections::HashMap;

use deckplan_schema::{
    Span,
    enormity::{Corner, LocationPlace, Marker},
};

use super::{Finding, list_some};
use crate::enormity::board::{Board, PageIntersection, PageSpace};
use crate::movement::Node;

declare_check! {
    /// ## What it checks
    /// A space is adjacent to the four intersections at its corners. This check finds
    /// spawn points on a corner of a Spacer start space, on the same page or on the
    /// shared line of an aligned join.
    ///
    /// ## Why it matters
    /// A Blip that moves, or would move, while adjacent to a Spacer is revealed at once.
    /// A Blip spawned or placed at setup on such a spawn point is next to a Spacer from
    /// the first turn, and its Intruders ambush before the Spacers have moved.
    ///
    /// ## Example
    /// `spacer_starts = ["A1"]` and `spawn_points = ["A1 ne"]`.
    ///
    /// ## How to fix
    /// Move the spawn point at least one intersection away from every Spacer start.
    code: "S003",
    name: "spawn-point-near-spacer-start",
    severity: Warning,
}

/// Reports every spawn point that touches a Spacer start, naming the starts.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    // Keyed by lattice node, so a corner shared across an aligned join counts too.
    let mut starts_at: HashMap<Node, Vec<(PageSpace, Span)>> = HashMap::new();
    for page in board.pack.pages.values() {
        for (space, span) in page.spaces.marked(Marker::SpacerStart) {
            for corner in Corner::ALL {
                let point = PageIntersection {
                    page: page.id,
                    point: space.corner(corner),
                };
                if let Some(node) = board.lattice.node(point) {
                    let start = PageSpace {
                        page: page.id,
                        space,
                    };
                    starts_at.entry(node).or_default().push((start, span));
                }
            }
        }
    }
    for page in board.pack.pages.values() {
        for (&point, &span) in &page.intersections.spawn_points {
            let node = board.lattice.node(PageIntersection {
                page: page.id,
                point,
            });
            let Some(starts) = node.and_then(|n| starts_at.get(&n)) else {
                continue;
            };
            let mut starts = starts.clone();
            starts.sort_by_key(|(s, _)| (s.page, s.space.reading_order()));
            starts.dedup_by_key(|(s, _)| *s);
            let names: Vec<String> = starts
                .iter()
                .map(|(s, _)| {
                    if s.page == page.id {
                        s.space.to_string()
                    } else {
                        s.to_string()
                    }
                })
                .collect();
            let what = if names.len() == 1 {
                "Spacer start"
            } else {
                "Spacer starts"
            };
            let message = format!(
                "spawn point {point} is on a corner of {what} {}: a Blip there is next to a Spacer and revealed at once",
                list_some(&names, 3)
            );
            let mut finding = super::on_page(
                page,
                span,
                LocationPlace::Intersection {
                    page: page.id,
                    point,
                },
                message,
            )
            .help("move the spawn point at least one intersection away from the Spacer starts");
            for (start, start_span) in starts.iter().filter(|(s, _)| s.page == page.id) {
                finding = finding.label(*start_span, format!("Spacer start {}", start.space));
            }
            out.push(finding);
        }
    }
}
