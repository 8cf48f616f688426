//! S002: board areas Spacers reach that no spawn point's Blips can reach.

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::enormity::{Corner, LocationPlace, PageId};

use super::{Finding, list_some};
use crate::enormity::board::{Board, PageIntersection, PageSpace};

declare_check! {
    /// ## What it checks
    /// Blips appear on spawn points and move along grid lines toward the Spacers. This
    /// check groups the board spaces Spacers can reach (every door open) by the part of
    /// the Blip lattice their corners lie on, and reports each group that holds no spawn
    /// point. Blips pass walls, doors, obstacles and out-of-bounds spaces, and cross
    /// joined pages, so in practice a group is a set of pages joined to each other.
    ///
    /// ## Why it matters
    /// Spawning needs a spawn point Blips can get from to the Spacers: without one,
    /// nothing threatens the Spacers there and every spawn effect falls through.
    ///
    /// ## Example
    /// A pack whose pages list no `spawn_points` at all.
    ///
    /// ## How to fix
    /// Add a spawn point under `[intersections]` on one of the pages named in the help.
    /// Any intersection of those pages will do; keep it off the corners of Spacer starts.
    code: "S002",
    name: "area-without-spawn",
    severity: Warning,
}

/// Reports each lattice component without a spawn point once, at its first reachable space.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let spawning: BTreeSet<usize> = board
        .pack
        .pages
        .values()
        .flat_map(|page| {
            page.intersections
                .spawn_points
                .keys()
                .map(move |&point| PageIntersection {
                    page: page.id,
                    point,
                })
        })
        .filter_map(|at| board.lattice.component(at))
        .collect();
    for (component, spaces) in reachable_areas(board, |c| !spawning.contains(&c)) {
        if spawning.contains(&component) {
            continue;
        }
        let Some(first) = spaces.first() else {
            continue;
        };
        let anchor = spaces
            .iter()
            .filter(|s| s.page == first.page)
            .min_by_key(|s| s.space.reading_order())
            .copied()
            .unwrap_or(*first);
        let Some(page) = board.pack.pages.get(&anchor.page) else {
            continue;
        };
        let pages: Vec<String> = spaces
            .iter()
            .map(|s| s.page)
            .collect::<BTreeSet<PageId>>()
            .iter()
            .map(PageId::to_string)
            .collect();
        let on = list_some(&pages, 3);
        let message = match spaces.len() {
            1 => format!(
                "no spawn point's Blips can reach {}, the only board space Spacers reach on {on}",
                anchor.space
            ),
            n => format!(
                "no spawn point's Blips can reach {} or any of the {} other board spaces Spacers reach on {on}",
                anchor.space,
                n - 1
            ),
        };
        let help = format!(
            "add a spawn point under `[intersections]` on {}; Blips pass walls and doors, so any intersection there will do",
            pages.join(" or ")
        );
        out.push(
            super::on_page(
                page,
                page.space_span(anchor.space),
                LocationPlace::space(page.id, anchor.space),
                message,
            )
            .help(help),
        );
    }
}

/// The board spaces Spacers can reach (every door open), grouped by the lattice
/// component their corners lie on, each group sorted: every component
/// reached is a key, but only those `listed` get their spaces (a large
/// pack's list of every reachable space is most of what this costs).
pub(super) fn reachable_areas(
    board: &Board<'_>,
    listed: impl Fn(usize) -> bool,
) -> BTreeMap<usize, Vec<PageSpace>> {
    let mut areas: BTreeMap<usize, Vec<PageSpace>> = BTreeMap::new();
    // Neighbouring spaces mostly share a component: the last one's answer.
    let mut last: Option<(usize, bool)> = None;
    // Nodes are numbered page after page: each page's table is found once.
    let mut page = None;
    for node in &board.reach.all_doors {
        let Some(at) = board.spacer.space(node) else {
            continue;
        };
        let components = match page {
            Some((id, components)) if id == at.page => components,
            _ => {
                let Some(components) = board.lattice.page_components(at.page) else {
                    continue;
                };
                page = Some((at.page, components));
                components
            }
        };
        let Some(component) = components.component(at.space.corner(Corner::SouthWest)) else {
            continue;
        };
        let wanted = match last {
            Some((seen, wanted)) if seen == component => wanted,
            _ => {
                let wanted = listed(component);
                areas.entry(component).or_default();
                last = Some((component, wanted));
                wanted
            }
        };
        if wanted {
            areas.entry(component).or_default().push(at);
        }
    }
    for spaces in areas.values_mut() {
        spaces.sort();
    }
    areas
}
