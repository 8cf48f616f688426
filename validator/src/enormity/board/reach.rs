//! Where Spacers can get to from the start, computed once for every check.
//!
//! Two searches over the Spacer graph: one that passes only doors opened by a
//! console or keycard that Spacers can themselves reach (repeated until no more
//! doors open), and one that passes every door. Their difference is the area
//! behind doors nothing opens.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use super::layout::PackLayout;
use super::spacer::{DoorRef, PageSpace, SpacerGraph, crossings};
use crate::movement::Node;
pub use crate::movement::NodeSet;
use deckplan_schema::enormity::{Direction, Marker, Pack, PageId};

/// A console or keycard that opens a door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Opener {
    /// Where it is.
    pub at: PageSpace,
    /// `Some(n)` for console n, `None` for a keycard.
    pub console: Option<u16>,
}

/// The reachable areas of a pack.
#[derive(Debug, Default)]
pub struct Reach {
    /// The Spacer start spaces of the start page that Spacers can stand on.
    pub starts: Vec<PageSpace>,
    /// Spaces reached passing only doors that a reachable console or keycard opens.
    pub openable: NodeSet,
    /// The doors that search opened.
    pub opened: BTreeSet<(PageId, u16)>,
    /// Spaces reached if every door were open.
    pub all_doors: NodeSet,
    /// Every console and keycard that opens each door, by (page, door number).
    pub openers: BTreeMap<(PageId, u16), Vec<Opener>>,
}

impl Reach {
    /// Searches from the start page's Spacer starts.
    pub fn new(pack: &Pack, layout: &PackLayout, graph: &SpacerGraph) -> Self {
        let mut reach = Self::default();
        if let Some(page) = pack.pages.get(&pack.start) {
            reach.starts = page
                .spaces
                .marked(Marker::SpacerStart)
                .map(|(space, _)| PageSpace {
                    page: page.id,
                    space,
                })
                .filter(|s| graph.node(*s).is_some())
                .collect();
        }
        for page in pack.pages.values() {
            for (&number, console) in &page.spaces.consoles {
                for &door in &console.opens {
                    let opener = Opener {
                        at: PageSpace {
                            page: page.id,
                            space: console.at,
                        },
                        console: Some(number),
                    };
                    reach
                        .openers
                        .entry((page.id, door))
                        .or_default()
                        .push(opener);
                }
            }
            for (&at, keycard) in &page.spaces.keycards {
                for &door in &keycard.opens {
                    let opener = Opener {
                        at: PageSpace {
                            page: page.id,
                            space: at,
                        },
                        console: None,
                    };
                    reach
                        .openers
                        .entry((page.id, door))
                        .or_default()
                        .push(opener);
                }
            }
        }
        let starts: Vec<Node> = reach.starts.iter().filter_map(|s| graph.node(*s)).collect();
        reach.all_doors = search(graph, &starts, |_| true);
        let (openable, opened) = search_opening_doors(pack, layout, graph, &starts, &reach.openers);
        reach.openable = openable;
        reach.opened = opened;
        reach
    }

    /// Whether Spacers can reach a space (with every door open).
    pub fn reaches(&self, graph: &SpacerGraph, space: PageSpace) -> bool {
        graph
            .node(space)
            .is_some_and(|n| self.all_doors.contains(&n))
    }
}

/// A console or keycard is usable when a Spacer can stand on it or next to it
/// (no wall or red line between).
pub fn usable(
    pack: &Pack,
    layout: &PackLayout,
    graph: &SpacerGraph,
    reached: &NodeSet,
    at: PageSpace,
) -> bool {
    let reached_space = |s: PageSpace| graph.node(s).is_some_and(|n| reached.contains(&n));
    reached_space(at)
        || Direction::ALL.into_iter().any(|direction| {
            crossings(pack, layout, at, direction)
                .iter()
                .any(|c| c.blocker().is_none() && reached_space(c.to))
        })
}

/// The spaces Spacers reach passing only doors that a console or keycard
/// they reach opens, and those doors: one breadth-first search that opens a
/// door as soon as one of its openers is usable (on or next to a reached
/// space) and then follows the steps it held back. The same least fixed
/// point as searching again after each round of newly opened doors, without
/// a search of the whole board per round.
fn search_opening_doors(
    pack: &Pack,
    layout: &PackLayout,
    graph: &SpacerGraph,
    starts: &[Node],
    openers: &BTreeMap<(PageId, u16), Vec<Opener>>,
) -> (NodeSet, BTreeSet<(PageId, u16)>) {
    let moves = graph.moves();
    // The doors each node opens when reached: those with an opener on it, or
    // next to it with no wall or red line between. Sorted by node, with a bit
    // per node that has any, since every reached node is looked up.
    let mut opens_at: Vec<(Node, DoorKey)> = Vec::new();
    let mut has_opener = NodeSet::with_capacity(moves.len());
    for (&door, list) in openers {
        for opener in list {
            let next_to = Direction::ALL.into_iter().flat_map(|direction| {
                crossings(pack, layout, opener.at, direction)
                    .into_iter()
                    .filter(|c| c.blocker().is_none())
                    .map(|c| c.to)
            });
            for space in std::iter::once(opener.at).chain(next_to) {
                if let Some(node) = graph.node(space) {
                    opens_at.push((node, door));
                    has_opener.insert(node);
                }
            }
        }
    }
    opens_at.sort_unstable();
    let doors_opened_at = |node: Node| -> &[(Node, DoorKey)] {
        if !has_opener.contains(&node) {
            return &[];
        }
        let first = opens_at.partition_point(|(n, _)| *n < node);
        let after = opens_at.partition_point(|(n, _)| *n <= node);
        opens_at.get(first..after).unwrap_or_default()
    };
    let mut opened: BTreeSet<(PageId, u16)> = BTreeSet::new();
    // Steps held back by a shut door, each with every door it needs.
    let mut held: HashMap<DoorKey, Vec<(Node, Vec<DoorKey>)>> = HashMap::new();
    let mut seen = NodeSet::with_capacity(moves.len());
    let mut queue: VecDeque<Node> = VecDeque::new();
    for &start in starts {
        if start.index() < moves.len() && seen.insert(start) {
            queue.push_back(start);
        }
    }
    while let Some(node) = queue.pop_front() {
        for &(_, door) in doors_opened_at(node) {
            if opened.insert(door) {
                for (next, needs) in held.remove(&door).into_iter().flatten() {
                    // A join with a door on each page waits for both.
                    match needs.iter().find(|d| !opened.contains(d)) {
                        Some(shut) => held.entry(*shut).or_default().push((next, needs)),
                        None => {
                            if seen.insert(next) {
                                queue.push_back(next);
                            }
                        }
                    }
                }
            }
        }
        for (next, step) in moves.steps_from(node) {
            if seen.contains(&next) {
                continue;
            }
            let needs: Vec<DoorKey> = step.doors().map(|d| (d.page, d.number)).collect();
            match needs.iter().find(|d| !opened.contains(d)) {
                Some(shut) => held.entry(*shut).or_default().push((next, needs)),
                None => {
                    seen.insert(next);
                    queue.push_back(next);
                }
            }
        }
    }
    (seen, opened)
}

/// A door by its page and number.
type DoorKey = (PageId, u16);

/// Breadth-first search passing the doors `may_pass` allows.
fn search(
    graph: &SpacerGraph,
    starts: &[Node],
    may_pass: impl Fn(Option<DoorRef>) -> bool,
) -> NodeSet {
    graph.moves().reachable(starts.iter().copied(), |step| {
        step.doors().all(|d| may_pass(Some(d)))
    })
}
