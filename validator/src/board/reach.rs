//! Where Spacers can get to from the start, computed once for every check.
//!
//! Two searches over the Spacer graph: one that passes only doors opened by a
//! console or keycard that Spacers can themselves reach (repeated until no more
//! doors open), and one that passes every door. Their difference is the area
//! behind doors nothing opens.

use std::collections::{BTreeMap, BTreeSet};

use super::layout::PackLayout;
use super::spacer::{DoorRef, PageSpace, SpacerGraph, crossings};
use crate::movement::Node;
pub use crate::movement::NodeSet;
use deckplan_schema::{Direction, Marker, Pack, PageId};

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
        loop {
            let opened = &reach.opened;
            reach.openable = search(graph, &starts, |door| {
                door.is_none_or(|d| opened.contains(&(d.page, d.number)))
            });
            let newly: Vec<(PageId, u16)> = reach
                .openers
                .iter()
                .filter(|(door, _)| !reach.opened.contains(door))
                .filter(|(_, openers)| {
                    openers
                        .iter()
                        .any(|o| usable(pack, layout, graph, &reach.openable, o.at))
                })
                .map(|(door, _)| *door)
                .collect();
            if newly.is_empty() {
                break;
            }
            reach.opened.extend(newly);
        }
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

/// Breadth-first search passing the doors `may_pass` allows.
fn search(
    graph: &SpacerGraph,
    starts: &[Node],
    may_pass: impl Fn(Option<DoorRef>) -> bool,
) -> NodeSet {
    graph
        .moves()
        .reachable(starts.iter().copied(), |step| may_pass(step.door))
}
