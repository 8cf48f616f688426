//! R003: areas that Spacers can enter but never leave.

use deckplan_schema::enormity::LocationPlace;
use std::collections::{BTreeSet, HashSet, VecDeque};

use deckplan_schema::enormity::Direction;

use super::{Finding, list_some, list_spaces, or_list};
use crate::enormity::board::spacer::{Step, crossings};
use crate::enormity::board::{Board, PageSpace};
use crate::movement::{Node, NodeSet};

declare_check! {
    /// ## What it checks
    /// Forced direction arrows make movement one-way. This check looks at the spaces
    /// Spacers can reach (through doors that reachable consoles and keycards open) and
    /// finds strongly connected areas (Tarjan) that can be entered but not left — the sinks of
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
    /// The message names every space of the area (up to twelve); the help names the
    /// ways in and each arrow inside that, turned, would lead back toward the start —
    /// turn it, or open a way out of the area.
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
        step.doors()
            .all(|d| reach.opened.contains(&(d.page, d.number)))
    };
    let starts: HashSet<Node> = reach
        .starts
        .iter()
        .filter_map(|s| board.spacer.node(*s))
        .collect();
    // The spaces from which Spacers can still walk back to a start. When
    // every reachable space is one, every region Spacers cannot leave holds a
    // start, so there is no trap: one search instead of the components.
    let home = leads_home(board, &starts, &passable);
    if reach.openable.iter().all(|n| home.contains(&n)) {
        return;
    }
    let components = graph.components(&reach.openable, passable);
    if components.len() <= 1 {
        return;
    }
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
        let message = if spaces.len() == 1 {
            format!("Spacers who step onto {anchor} can never leave it")
        } else {
            format!(
                "Spacers who enter {} can never leave them",
                list_spaces(spaces.iter(), MOST_SPACES)
            )
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
        let turns = turns_out(board, &spaces, &home, &passable);
        let fix = if turns.is_empty() {
            "no single arrow turned inside leads back; open a way out (a door or a gap)".to_string()
        } else {
            format!("turn {}, or open a way out", or_list(&turns))
        };
        let help = format!("the way in is {}; {fix}", list_some(&ways_in, 3));
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

/// Most spaces of a trap the message names before "and N more".
const MOST_SPACES: usize = 12;

/// The nodes from which a start can be reached, by a backward search.
fn leads_home(
    board: &Board<'_>,
    starts: &HashSet<Node>,
    passable: &dyn Fn(&Step) -> bool,
) -> NodeSet {
    let graph = board.spacer.moves();
    let mut seen = NodeSet::with_capacity(graph.len());
    let mut queue: VecDeque<Node> = VecDeque::new();
    for &start in starts {
        if seen.insert(start) {
            queue.push_back(start);
        }
    }
    while let Some(node) = queue.pop_front() {
        for (from, step) in graph.steps_into(node) {
            if passable(step) && seen.insert(from) {
                queue.push_back(from);
            }
        }
    }
    seen
}

/// The forced arrows inside the trap that, turned another way, would lead a
/// Spacer to a space from which a start can be reached: "the forced arrow on
/// L1p1 C5 (east) to point south".
fn turns_out(
    board: &Board<'_>,
    trap: &BTreeSet<PageSpace>,
    home: &NodeSet,
    passable: &dyn Fn(&Step) -> bool,
) -> Vec<String> {
    let mut turns = Vec::new();
    for &space in trap {
        let Some(arrow) = board
            .pack
            .pages
            .get(&space.page)
            .and_then(|p| p.spaces.forced_arrows.get(&space.space))
        else {
            continue;
        };
        let ways: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| d != arrow.direction)
            .filter(|&d| {
                crossings(board.pack, &board.layout, space, d)
                    .into_iter()
                    .any(|c| {
                        let mut doors = c.doors();
                        let door_ok = passable(&Step {
                            direction: d,
                            door: doors.next(),
                            far_door: doors.next(),
                        });
                        c.blocker().is_none()
                            && door_ok
                            && !trap.contains(&c.to)
                            && board.spacer.node(c.to).is_some_and(|n| home.contains(&n))
                    })
            })
            .collect();
        if ways.is_empty() {
            continue;
        }
        let names: Vec<&str> = ways.iter().map(|d| d.name()).collect();
        turns.push(format!(
            "the forced arrow on {space} ({}) to point {}",
            arrow.direction,
            or_list(&names)
        ));
    }
    turns
}
