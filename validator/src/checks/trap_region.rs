//! R003: areas that Spacers can enter but never leave.

use deckplan_schema::LocationPlace;
use std::collections::{BTreeSet, HashSet};

use super::{Finding, list_some};
use crate::board::spacer::Step;
use crate::board::{Board, PageSpace};
use crate::movement::Node;

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
    let graph = board.spacer.moves();
    // The reachable part, passing only doors that get opened.
    let passable = |step: &Step| {
        step.door
            .is_none_or(|d| reach.opened.contains(&(d.page, d.number)))
    };
    let components = graph.components(&reach.openable, passable);
    if components.len() <= 1 {
        return;
    }
    let starts: HashSet<Node> = reach
        .starts
        .iter()
        .filter_map(|s| board.spacer.node(*s))
        .collect();
    for (label, component) in components.iter() {
        let is_member = |n: Node| components.of(n) == Some(label);
        let holds_start = component.iter().any(|n| starts.contains(n));
        if !components.is_sink(label) || holds_start {
            continue;
        }
        // A single forced-arrow space with no way on is R004's finding.
        let lone_arrow = match component {
            [only] => board.spacer.space(*only).is_some_and(|s| {
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
            .filter_map(|n| board.spacer.space(*n))
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
        let ways: Vec<Node> = component
            .iter()
            .flat_map(|&n| graph.steps_into(n))
            .filter(|(from, step)| components.of(*from).is_some() && passable(step))
            .map(|(from, _)| from)
            .collect();
        for source in ways {
            if !is_member(source) {
                let from = board.spacer.space(source);
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
