//! R001: board spaces no Spacer can reach.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use deckplan_schema::enormity::{Direction, Edge, EdgeKind, LocationPlace, PageId, SpaceKind};

use super::{Finding, list_some, list_spaces, or_list};
use crate::enormity::board::spacer::{crossings, is_walkable};
use crate::enormity::board::{Board, PageSpace};
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
    /// The help line names every kind of thing that closes the area off — walls, red
    /// lines, forced arrows, obstacles, Obstacle terrain tiles, out-of-bounds spaces,
    /// a missing join — with up to three places of each: replace a wall with a door,
    /// turn the arrow, clear the obstacle, or join the page.
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
        let finding = super::on_page(
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

/// What separates an area from the reachable spaces around it, by kind.
#[derive(Default)]
struct Barriers {
    walls: BTreeMap<PageId, Vec<Edge>>,
    red_lines: BTreeMap<PageId, Vec<Edge>>,
    arrows: BTreeSet<String>,
    obstacles: BTreeSet<PageSpace>,
    obstacle_tiles: BTreeSet<PageSpace>,
    out_of_bounds: BTreeSet<PageSpace>,
}

/// What a space that no Spacer stands on is, for the help line; `None` for a
/// space a Spacer can stand on.
fn stand_blocker(board: &Board<'_>, at: PageSpace) -> Option<SpaceKind> {
    let page = board.pack.pages.get(&at.page)?;
    match page.kind(at.space)? {
        SpaceKind::Board if is_walkable(page, at.space) => None,
        kind => Some(kind),
    }
}

/// Names what separates an area from the reachable spaces around it: every
/// kind of barrier (walls, red lines, forced arrows, obstacles, obstacle
/// tiles, out-of-bounds spaces), up to three places of each.
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
    let inside: HashSet<PageSpace> = region.iter().copied().collect();
    let reached = |s: PageSpace| board.reach.reaches(&board.spacer, s);
    let mut found = Barriers::default();
    // Spaces no Spacer stands on next to the area: each band of them (joined
    // through each other) that also touches a reached space is a barrier.
    let mut band_starts: Vec<PageSpace> = Vec::new();
    for &space in region {
        for direction in Direction::ALL {
            for crossing in crossings(pack, &board.layout, space, direction) {
                if inside.contains(&crossing.to) {
                    continue;
                }
                if !reached(crossing.to) {
                    if crossing.blocker().is_none() && stand_blocker(board, crossing.to).is_some() {
                        band_starts.push(crossing.to);
                    }
                    continue;
                }
                if let Some(mark) = crossing.blocker() {
                    let list = if mark.kind == EdgeKind::Wall {
                        &mut found.walls
                    } else {
                        &mut found.red_lines
                    };
                    list.entry(mark.page).or_default().push(mark.edge);
                }
                let arrow = pack
                    .pages
                    .get(&crossing.to.page)
                    .and_then(|p| p.spaces.forced_arrows.get(&crossing.to.space));
                if let Some(arrow) = arrow.filter(|a| a.direction != direction.opposite()) {
                    found.arrows.insert(format!(
                        "the forced arrow on {} pointing {}",
                        crossing.to, arrow.direction
                    ));
                }
            }
        }
    }
    let mut band_seen: HashSet<PageSpace> = HashSet::new();
    for start in band_starts {
        if band_seen.contains(&start) {
            continue;
        }
        let (band, touches) = band(board, start, &inside, &mut band_seen);
        if !touches {
            continue;
        }
        for at in band.into_iter().filter(|s| next_to(board, *s, &inside)) {
            match stand_blocker(board, at) {
                Some(SpaceKind::Obstacle) => found.obstacles.insert(at),
                Some(SpaceKind::OutOfBounds) => found.out_of_bounds.insert(at),
                Some(SpaceKind::Board) => found.obstacle_tiles.insert(at),
                None => false,
            };
        }
    }
    if found.is_empty() {
        // Nothing around it touches a reached space: the whole page is cut off.
        let page = region.first().map(|s| s.page);
        if let Some(why) = page.and_then(|p| super::page_cut_off(board, p)) {
            let fix = if why.contains("impossible") {
                "correct that join in pack.toml"
            } else {
                "join it to a page Spacers reach in pack.toml"
            };
            return format!("{why}; {fix}");
        }
    }
    describe(&found)
}

/// The spaces no Spacer stands on joined to `start` (not crossing walls or red
/// lines, not entering the area), and whether any of them borders a reached space.
fn band(
    board: &Board<'_>,
    start: PageSpace,
    area: &HashSet<PageSpace>,
    seen: &mut HashSet<PageSpace>,
) -> (Vec<PageSpace>, bool) {
    let mut queue = VecDeque::from([start]);
    seen.insert(start);
    let mut band = Vec::new();
    let mut touches = false;
    while let Some(here) = queue.pop_front() {
        band.push(here);
        for direction in Direction::ALL {
            for crossing in crossings(board.pack, &board.layout, here, direction) {
                let next = crossing.to;
                if crossing.blocker().is_some() || area.contains(&next) {
                    continue;
                }
                if board.reach.reaches(&board.spacer, next) {
                    touches = true;
                } else if stand_blocker(board, next).is_some() && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
    }
    (band, touches)
}

/// Whether a space borders the area (across no wall or red line).
fn next_to(board: &Board<'_>, at: PageSpace, area: &HashSet<PageSpace>) -> bool {
    Direction::ALL.into_iter().any(|d| {
        crossings(board.pack, &board.layout, at, d)
            .iter()
            .any(|c| c.blocker().is_none() && area.contains(&c.to))
    })
}

impl Barriers {
    /// Whether nothing was found.
    fn is_empty(&self) -> bool {
        self.walls.is_empty()
            && self.red_lines.is_empty()
            && self.arrows.is_empty()
            && self.obstacles.is_empty()
            && self.obstacle_tiles.is_empty()
            && self.out_of_bounds.is_empty()
    }
}

/// The help line: every kind of barrier found, then the fix for each kind.
fn describe(found: &Barriers) -> String {
    let mut causes: Vec<String> = Vec::new();
    let mut fixes: Vec<&str> = Vec::new();
    for (edges, one, many) in [
        (&found.walls, "the wall", "walls"),
        (&found.red_lines, "the red line", "red lines"),
    ] {
        for (page, edges) in edges {
            let runs = deckplan_schema::enormity::coord::edge_runs(edges.clone());
            let what = if runs.len() == 1 { one } else { many };
            causes.push(format!("{what} on {page} {}", list_some(&runs, 3)));
        }
    }
    if !found.walls.is_empty() || !found.red_lines.is_empty() {
        fixes.push("a door or a gap in a line");
    }
    if !found.arrows.is_empty() {
        let arrows: Vec<String> = found.arrows.iter().cloned().collect();
        causes.push(list_some(&arrows, 3));
        fixes.push("a turned arrow");
    }
    for (spaces, one, many, fix) in [
        (
            &found.obstacles,
            "the obstacle on",
            "obstacles on",
            "a board space for an obstacle",
        ),
        (
            &found.obstacle_tiles,
            "the Obstacle terrain tile on",
            "Obstacle terrain tiles on",
            "moving an Obstacle tile",
        ),
        (
            &found.out_of_bounds,
            "the out-of-bounds space",
            "out-of-bounds spaces",
            "a board space for an out-of-bounds one",
        ),
    ] {
        if spaces.is_empty() {
            continue;
        }
        let what = if spaces.len() == 1 { one } else { many };
        causes.push(format!("{what} {}", list_spaces(spaces.iter(), 3)));
        fixes.push(fix);
    }
    if causes.is_empty() {
        return "it is surrounded by unjoined page edges".to_string();
    }
    format!(
        "closed off by {}; {} would open it",
        list_some(&causes, causes.len()),
        or_list(&fixes)
    )
}
