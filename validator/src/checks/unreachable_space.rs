//! R001: board spaces no Spacer can reach.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use deckplan_schema::{Direction, Edge, EdgeKind, LocationPlace, PageId};

use super::{Finding, list_some};
use crate::board::spacer::crossings;
use crate::board::{Board, PageSpace};
use crate::movement::Node;

declare_check! {
    /// ## What it checks
    /// Every board space must be reachable by a Spacer walking from the Spacer starts
    /// of the start page, with every door open, across joined pages. Out-of-bounds
    /// spaces and obstacles are not board spaces a Spacer stands on and are not checked.
    ///
    /// ## Why it matters
    /// A room nobody can enter is a printing mistake: a missing door, a wall drawn one
    /// space too far, a page that is not joined to the others.
    ///
    /// ## Example
    /// A room closed by walls on every side, or a page no join connects to the start page.
    ///
    /// ## How to fix
    /// The help line names what closes the area off (walls, red lines, forced arrows,
    /// a missing join): replace a wall with a door, or join the page.
    code: "R001",
    name: "unreachable-space",
    severity: Error,
}

/// Reports each unreachable area once, at its first space.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    if board.reach.starts.is_empty() {
        return; // R005 says why; every space would be unreachable.
    }
    let unreached: BTreeSet<PageSpace> = board
        .spacer
        .moves()
        .nodes()
        .filter(|n| !board.reach.all_doors.contains(n))
        .filter_map(|n| board.spacer.space(n))
        .collect();
    let mut done: HashSet<PageSpace> = HashSet::new();
    for &first in &unreached {
        if done.contains(&first) {
            continue;
        }
        let region = area(board, first, &unreached);
        done.extend(region.iter().copied());
        let Some(page) = board.pack.pages.get(&first.page) else {
            continue;
        };
        let anchor = region
            .iter()
            .filter(|s| s.page == first.page)
            .min_by_key(|s| s.space.reading_order())
            .copied()
            .unwrap_or(first);
        let message = match region.len() {
            1 => format!("board space {anchor} cannot be reached by Spacers from the start"),
            2 => format!(
                "{anchor} and 1 other board space cannot be reached by Spacers from the start"
            ),
            n => format!(
                "{anchor} and {} other board spaces cannot be reached by Spacers from the start",
                n - 1
            ),
        };
        let finding = Finding::on_page(
            page,
            page.space_span(anchor.space),
            LocationPlace::space(page.id, anchor.space),
            message,
        )
        .help(closed_off_by(board, &region));
        out.push(finding);
    }
}

/// The spaces connected to `first` (ignoring step direction) among `within`.
fn area(board: &Board<'_>, first: PageSpace, within: &BTreeSet<PageSpace>) -> Vec<PageSpace> {
    let graph = board.spacer.moves();
    let mut seen: HashSet<Node> = HashSet::new();
    let mut queue: VecDeque<Node> = board.spacer.node(first).into_iter().collect();
    seen.extend(queue.iter().copied());
    let mut region = Vec::new();
    while let Some(node) = queue.pop_front() {
        if let Some(space) = board.spacer.space(node) {
            region.push(space);
        }
        for (next, _) in graph.steps_from(node).chain(graph.steps_into(node)) {
            let inside = board
                .spacer
                .space(next)
                .is_some_and(|s| within.contains(&s));
            if inside && seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    region.sort();
    region
}

/// Names what separates an area from the reachable spaces around it.
fn closed_off_by(board: &Board<'_>, region: &[PageSpace]) -> String {
    let pack = board.pack;
    if let Some(space) = region
        .iter()
        .find(|s| !board.layout.placements.contains_key(&s.page))
    {
        return format!(
            "page {} is not joined to the start page; add a join in pack.toml",
            space.page
        );
    }
    let mut causes: BTreeSet<String> = BTreeSet::new();
    let mut walls: BTreeMap<(PageId, bool), Vec<Edge>> = BTreeMap::new();
    for &space in region {
        for direction in Direction::ALL {
            for crossing in crossings(pack, &board.layout, space, direction) {
                if !board.reach.reaches(&board.spacer, crossing.to) {
                    continue;
                }
                if let Some(mark) = crossing.blocker() {
                    let is_wall = mark.kind == EdgeKind::Wall;
                    walls
                        .entry((mark.page, is_wall))
                        .or_default()
                        .push(mark.edge);
                }
                let arrow = pack
                    .pages
                    .get(&crossing.to.page)
                    .and_then(|p| p.spaces.forced_arrows.get(&crossing.to.space));
                if let Some(arrow) = arrow.filter(|a| a.direction != direction.opposite()) {
                    causes.insert(format!(
                        "the forced arrow on {} pointing {}",
                        crossing.to, arrow.direction
                    ));
                }
            }
        }
    }
    for ((page, is_wall), edges) in walls {
        let runs = deckplan_schema::coord::edge_runs(edges);
        let what = match (is_wall, runs.len()) {
            (true, 1) => "the wall",
            (true, _) => "walls",
            (false, 1) => "the red line",
            (false, _) => "red lines",
        };
        causes.insert(format!("{what} on {page} {}", list_some(&runs, 3)));
    }
    if causes.is_empty() {
        return "it is surrounded by out-of-bounds spaces, obstacles or unjoined page edges"
            .to_string();
    }
    let causes: Vec<String> = causes.into_iter().collect();
    format!(
        "closed off by {}; a door or a gap there would open it",
        list_some(&causes, 3)
    )
}
