//! R003: areas that Spacers can enter but never leave.

use deckplan_schema::LocationPlace;
use std::collections::{BTreeSet, HashSet};

use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;

use super::{Finding, list_some};
use crate::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// Forced direction arrows make movement one-way. This check looks at the spaces
    /// Spacers can reach (through doors that reachable consoles and keycards open) and
    /// finds strongly connected areas (Kosaraju) that can be entered but not left — the sinks of
    /// the graph's condensation that do not hold the start.
    ///
    /// ## Why it matters
    /// A Spacer who walks in is stuck for the rest of the run: no way back to the
    /// objectives or to an Extraction Point.
    ///
    /// ## Example
    /// A corridor of arrows all pointing east into a dead-end room.
    ///
    /// ## How to fix
    /// Turn one of the arrows named in the help, or open a way out of the area.
    code: "R003",
    name: "trap-region",
    severity: Error,
}

/// Reports each trap once, at its first space.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let reach = &board.reach;
    let full = board.spacer.graph();
    // The reachable part, passing only doors that get opened.
    let mut sub: DiGraph<NodeIndex, ()> = DiGraph::new();
    // Indexed by node of the full graph: a dense table, as the reachable part
    // can be millions of spaces.
    let mut local: Vec<Option<NodeIndex>> = vec![None; full.node_count()];
    for node in &reach.openable {
        if let Some(slot) = local.get_mut(node.index()) {
            *slot = Some(sub.add_node(node));
        }
    }
    let local_of = |node: NodeIndex| local.get(node.index()).copied().flatten();
    for edge in full.edge_references() {
        let passable = edge
            .weight()
            .door
            .is_none_or(|d| reach.opened.contains(&(d.page, d.number)));
        if let (true, Some(a), Some(b)) =
            (passable, local_of(edge.source()), local_of(edge.target()))
        {
            sub.add_edge(a, b, ());
        }
    }
    // Kosaraju is iterative: Tarjan in petgraph recurses once per node and overflows the
    // stack on large pages.
    let components = kosaraju_scc(&sub);
    if components.len() <= 1 {
        return;
    }
    let starts: HashSet<NodeIndex> = reach
        .starts
        .iter()
        .filter_map(|s| board.spacer.node(*s))
        .collect();
    // Component of each node of `sub`, instead of a hash set per component.
    let mut component_of: Vec<usize> = vec![usize::MAX; sub.node_count()];
    for (label, component) in components.iter().enumerate() {
        for node in component {
            if let Some(slot) = component_of.get_mut(node.index()) {
                *slot = label;
            }
        }
    }
    for (label, component) in components.into_iter().enumerate() {
        let is_member = |n: NodeIndex| component_of.get(n.index()) == Some(&label);
        let leaves = component
            .iter()
            .any(|&n| sub.neighbors(n).any(|m| !is_member(m)));
        let holds_start = component
            .iter()
            .any(|n| sub.node_weight(*n).is_some_and(|f| starts.contains(f)));
        if leaves || holds_start {
            continue;
        }
        // A single forced-arrow space with no way on is R004's finding.
        let lone_arrow = match component.as_slice() {
            [only] => sub
                .node_weight(*only)
                .and_then(|f| board.spacer.space(*f))
                .is_some_and(|s| {
                    board
                        .pack
                        .pages
                        .get(&s.page)
                        .is_some_and(|p| p.spaces.forced_arrows.contains_key(&s.space))
                }),
            _ => false,
        };
        if lone_arrow {
            continue;
        }
        let spaces: BTreeSet<PageSpace> = component
            .iter()
            .filter_map(|n| sub.node_weight(*n))
            .filter_map(|f| board.spacer.space(*f))
            .collect();
        let Some(&first) = spaces.iter().next() else {
            continue;
        };
        let anchor = spaces
            .iter()
            .filter(|s| s.page == first.page)
            .min_by_key(|s| s.space.reading_order())
            .copied()
            .unwrap_or(first);
        let Some(page) = board.pack.pages.get(&anchor.page) else {
            continue;
        };
        let message = match spaces.len() {
            1 => format!("Spacers who step onto {anchor} can never leave it"),
            2 => format!("Spacers who enter {anchor} and 1 other space can never leave them"),
            n => format!(
                "Spacers who enter {anchor} and {} other spaces can never leave them",
                n - 1
            ),
        };
        let mut ways_in: BTreeSet<String> = BTreeSet::new();
        for edge in sub.edge_references() {
            if is_member(edge.target()) && !is_member(edge.source()) {
                let from = sub
                    .node_weight(edge.source())
                    .and_then(|f| board.spacer.space(*f));
                let arrow = from.and_then(|s| {
                    board
                        .pack
                        .pages
                        .get(&s.page)
                        .and_then(|p| p.spaces.forced_arrows.get(&s.space))
                        .map(|a| (s, a.direction))
                });
                match (from, arrow) {
                    (_, Some((s, direction))) => {
                        ways_in.insert(format!("the forced arrow on {s} ({direction})"))
                    }
                    (Some(s), None) => ways_in.insert(format!("the step from {s}")),
                    _ => false,
                };
            }
        }
        let ways_in: Vec<String> = ways_in.into_iter().collect();
        let help = format!(
            "the way in is {}; arrows inside only point further in — turn one, or open a way out",
            list_some(&ways_in, 3)
        );
        out.push(
            Finding::on_page(
                page,
                page.space_span(anchor.space),
                LocationPlace::space(page.id, anchor.space),
                message,
            )
            .help(help),
        );
    }
}
