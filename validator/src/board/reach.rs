//! Where Spacers can get to from the start, computed once for every check.
//!
//! Two searches over the Spacer graph: one that passes only doors opened by a
//! console or keycard that Spacers can themselves reach (repeated until no more
//! doors open), and one that passes every door. Their difference is the area
//! behind doors nothing opens.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use deckplan_schema::{Direction, Marker, Pack, PageId};
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use super::layout::PackLayout;
use super::spacer::{DoorRef, PageSpace, SpacerGraph, crossings};

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
        let starts: Vec<NodeIndex> = reach.starts.iter().filter_map(|s| graph.node(*s)).collect();
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
    starts: &[NodeIndex],
    may_pass: impl Fn(Option<DoorRef>) -> bool,
) -> NodeSet {
    let mut seen = NodeSet::with_capacity(graph.len());
    let mut queue: VecDeque<NodeIndex> = VecDeque::new();
    for &start in starts {
        if seen.insert(start) {
            queue.push_back(start);
        }
    }
    while let Some(node) = queue.pop_front() {
        for edge in graph.graph().edges(node) {
            if may_pass(edge.weight().door) && seen.insert(edge.target()) {
                queue.push_back(edge.target());
            }
        }
    }
    seen
}

/// A set of Spacer graph nodes, stored as one bit per node.
///
/// Reachable sets cover most of a page, so on a page of millions of spaces a
/// hash set costs far more time and memory than a dense bitmap indexed by node.
/// Iteration is in ascending node order, which also makes results deterministic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeSet {
    words: Vec<u64>,
    len: usize,
}

impl NodeSet {
    /// An empty set sized for nodes `0..nodes` (it grows if a larger node is inserted).
    pub fn with_capacity(nodes: usize) -> Self {
        Self {
            words: vec![0; nodes.div_ceil(64)],
            len: 0,
        }
    }

    /// Whether the set holds a node.
    pub fn contains(&self, node: &NodeIndex) -> bool {
        let index = node.index();
        self.words
            .get(index / 64)
            .is_some_and(|w| w & (1 << (index % 64)) != 0)
    }

    /// Adds a node; `true` if it was not there before.
    pub fn insert(&mut self, node: NodeIndex) -> bool {
        let index = node.index();
        if self.words.len() <= index / 64 {
            self.words.resize(index / 64 + 1, 0);
        }
        let Some(word) = self.words.get_mut(index / 64) else {
            return false;
        };
        let bit = 1 << (index % 64);
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        self.len += 1;
        true
    }

    /// Number of nodes in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The nodes, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = NodeIndex> + '_ {
        self.words.iter().enumerate().flat_map(|(at, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(NodeIndex::new(at * 64 + bit))
            })
        })
    }
}

impl<'a> IntoIterator for &'a NodeSet {
    type Item = NodeIndex;
    type IntoIter = Box<dyn Iterator<Item = NodeIndex> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl FromIterator<NodeIndex> for NodeSet {
    fn from_iter<I: IntoIterator<Item = NodeIndex>>(iter: I) -> Self {
        let mut set = Self::default();
        for node in iter {
            set.insert(node);
        }
        set
    }
}
