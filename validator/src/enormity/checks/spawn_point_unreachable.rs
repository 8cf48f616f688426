//! S001: spawn points whose Blips never reach a space Spacers can reach.

use deckplan_schema::enormity::LocationPlace;
use std::collections::BTreeSet;

use super::Finding;
use super::area_without_spawn::reachable_areas;
use crate::enormity::board::{Board, PageIntersection};

declare_check! {
    /// ## What it checks
    /// A Blip moves from its spawn point along grid lines toward a Spacer. This check
    /// finds spawn points from which no grid line leads to a corner of a board space
    /// that Spacers can reach (with every door open). Blips pass everything printed on
    /// a map — only a welded door stops them, and welding is play state — and cross
    /// joined pages, so this fires for spawn points on pages that are not joined,
    /// directly or through other pages, to the start page. (A spawn point off its page's
    /// grid is already refused when the file is read, by F005.)
    ///
    /// ## Why it matters
    /// Spawning picks the spawn point nearest the Spacer; one the Spacers can never be
    /// near is dead weight at best, and a Blip placed there at setup never comes into play.
    ///
    /// ## Example
    /// `spawn_points = ["B2 ne"]` on L1p3, while no `[[joins]]` entry connects L1p3 to
    /// the pages around the start page.
    ///
    /// ## How to fix
    /// Join the page to the others in `pack.toml`, or remove the spawn point.
    code: "S001",
    name: "spawn-point-unreachable",
    severity: Error,
}

/// Reports every spawn point on a part of the lattice without reachable spaces.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    if board.reach.starts.is_empty() {
        return; // R005 says why; no spawn point could reach anything.
    }
    let reached: BTreeSet<usize> = reachable_areas(board, |_| false).into_keys().collect();
    let pack = board.pack;
    for page in pack.pages.values() {
        for (&point, &span) in &page.intersections.spawn_points {
            let at = PageIntersection {
                page: page.id,
                point,
            };
            let Some(component) = board.lattice.component(at) else {
                continue;
            };
            if reached.contains(&component) {
                continue;
            }
            let message =
                format!("Blips from spawn point {point} can never reach a space Spacers can reach");
            // The start page's part of the lattice holds the Spacer starts, so a spawn
            // point cut off from every reachable space lies on pages not joined to it.
            let help = format!(
                "{} is not joined, directly or through other pages, to the start page {}; join it in pack.toml or remove the spawn point",
                page.id, pack.start
            );
            out.push(
                super::on_page(
                    page,
                    span,
                    LocationPlace::Intersection {
                        page: page.id,
                        point,
                    },
                    message,
                )
                .help(help),
            );
        }
    }
}
