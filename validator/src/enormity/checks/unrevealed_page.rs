//! R006: pages that no chain of Location arrows from the start page reveals.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use deckplan_schema::enormity::{LocationPlace, Pack, PageEdge, PageId};

use super::{Finding, list_some};
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// Pages enter play when a Spacer stops on a Location arrow: the page it names is
    /// revealed and laid against the current one (spacer-movement.md, "Revealing New
    /// Location Maps"). Starting from the start page, this check follows every Location
    /// arrow to the page it names, and every join between two pages of the same Location
    /// Book: such pages face each other in one open book (a spread) and are on the table
    /// together, so they need no arrow (the project's reading). A page that is never
    /// reached this way is reported.
    ///
    /// ## Why it matters
    /// Nobody can ever play a page that is never revealed: its rooms, objectives and
    /// Extraction Point are printed for nothing, and the join that lays it down has no
    /// arrow to trigger it.
    ///
    /// ## Example
    /// `L2p1` is joined to `L1p2 east`, but no Location arrow on a revealed page names
    /// `L2p1`.
    ///
    /// ## How to fix
    /// Put a Location arrow naming the page on the edge of a revealed page it is joined
    /// to (the help names the edge), or join it to a page of its own book that is
    /// revealed, or take it out of the pack.
    code: "R006",
    name: "unrevealed-page",
    severity: Error,
}

/// The pages revealed from the start: through Location arrows to the pages
/// they name, and through joins between pages of the same book (spreads).
pub fn revealed(pack: &Pack) -> BTreeSet<PageId> {
    let mut spreads: BTreeMap<PageId, Vec<PageId>> = BTreeMap::new();
    for join in &pack.joins {
        let (a, b) = (join.from.page, join.to.page);
        if a.book == b.book && a != b {
            spreads.entry(a).or_default().push(b);
            spreads.entry(b).or_default().push(a);
        }
    }
    let mut seen: BTreeSet<PageId> = BTreeSet::new();
    let mut queue: VecDeque<PageId> = VecDeque::new();
    if pack.pages.contains_key(&pack.start) {
        seen.insert(pack.start);
        queue.push_back(pack.start);
    }
    while let Some(id) = queue.pop_front() {
        let arrows = pack
            .pages
            .get(&id)
            .into_iter()
            .flat_map(|p| p.spaces.location_arrows.values().map(|a| a.target));
        let spread = spreads.get(&id).into_iter().flatten().copied();
        for next in arrows.chain(spread).collect::<Vec<_>>() {
            if pack.pages.contains_key(&next) && seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    seen
}

/// Reports every page that is never revealed.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    if !pack.pages.contains_key(&pack.start) {
        return; // The start page itself is missing: a format error says so.
    }
    let shown = revealed(pack);
    for page in pack.pages.values().filter(|p| !shown.contains(&p.id)) {
        // Where an arrow naming it could go: edges of revealed pages it is joined to.
        let edges: Vec<String> = pack
            .joins
            .iter()
            .filter_map(|j| joined_edge(j.from, j.to, page.id, &shown))
            .map(|edge| edge.to_string())
            .collect();
        let help = if edges.is_empty() {
            format!(
                "no revealed page is joined to {}: join it to one and put a Location arrow \
                 naming {} on that edge, or take it out of the pack",
                page.id, page.id
            )
        } else {
            format!(
                "put a Location arrow naming {} on {}, where it is joined",
                page.id,
                list_some(&edges, 3)
            )
        };
        out.push(
            super::on_page(
                page,
                page.id_span,
                LocationPlace::Page(page.id),
                format!(
                    "page {} is never revealed: no Location arrow on a revealed page names it, \
                     and no page of its book that is revealed is joined to it",
                    page.id
                ),
            )
            .help(help),
        );
    }
}

/// The revealed side of a join that lays `page` against a revealed page.
fn joined_edge(
    a: PageEdge,
    b: PageEdge,
    page: PageId,
    shown: &BTreeSet<PageId>,
) -> Option<PageEdge> {
    if a.page == page && shown.contains(&b.page) {
        Some(b)
    } else if b.page == page && shown.contains(&a.page) {
        Some(a)
    } else {
        None
    }
}
