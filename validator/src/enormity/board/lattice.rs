//! The Blip lattice: the intersections of every page, joined along grid lines.
//!
//! Nothing printed blocks a Blip, so every grid line of a page is a step. Where
//! two pages are joined with their intersections lined up, the shared line is
//! one line: its intersections are merged into single nodes. Across a misaligned
//! join a Blip moves to the nearest intersection on the other page: those
//! crossings are `Snap` steps (two of them when the nearest is a tie).

use std::collections::BTreeMap;
use std::fmt;

use deckplan_schema::enormity::{Intersection, Pack, PageId};
use petgraph::unionfind::UnionFind;

use super::layout::{PackLayout, UNIT};
use crate::movement::{MoveGraph, Node, NodeTable, Undirected};

/// An intersection on a given page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageIntersection {
    /// The page.
    pub page: PageId,
    /// The intersection on it.
    pub point: Intersection,
}

impl fmt::Display for PageIntersection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.page, self.point)
    }
}

/// How a Blip gets from one intersection to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LatticeStep {
    /// Along a grid line.
    Line,
    /// Across a misaligned join, to the nearest intersection on the other page.
    Snap,
}

/// The lattice of a whole pack: an undirected [`MoveGraph`] of
/// intersections, found through a dense table.
#[derive(Debug, Default)]
pub struct BlipLattice {
    moves: MoveGraph<PageIntersection, LatticeStep, IntersectionTable, Undirected>,
    /// The component label of each node.
    components: Vec<u32>,
}

/// The node of every intersection of every page (the merged intersections of
/// an aligned join share one).
#[derive(Debug, Default)]
pub struct IntersectionTable {
    /// Where each page's intersections start in `nodes`.
    pages: BTreeMap<PageId, PageSlots>,
    /// Node of every intersection of every page, page by page, `y * (columns + 1) + x`
    /// within a page. A dense table instead of a hash map: pages can have millions
    /// of intersections, and hashing each one dominated time and memory.
    nodes: Vec<u32>,
}

impl NodeTable<PageIntersection> for IntersectionTable {
    fn get(&self, key: &PageIntersection) -> Option<Node> {
        let slot = self.pages.get(&key.page)?.slot(key.point)?;
        let node = *self.nodes.get(slot)?;
        (node != u32::MAX).then(|| Node::from_index(node as usize))?
    }

    fn insert(&mut self, key: PageIntersection, node: Node) {
        let slot = self.pages.get(&key.page).and_then(|s| s.slot(key.point));
        if let Some(own) = slot.and_then(|slot| self.nodes.get_mut(slot)) {
            *own = u32::try_from(node.index()).unwrap_or(u32::MAX);
        }
    }
}

/// A page's block of slots in [`BlipLattice::nodes`].
#[derive(Clone, Copy, Debug, Default)]
struct PageSlots {
    offset: usize,
    columns: u16,
    rows: u16,
}

impl PageSlots {
    fn slot(&self, point: Intersection) -> Option<usize> {
        (point.x <= self.columns && point.y <= self.rows).then(|| {
            self.offset
                + usize::from(point.y) * (usize::from(self.columns) + 1)
                + usize::from(point.x)
        })
    }
}

impl BlipLattice {
    /// Builds the lattice over every page of the pack.
    pub fn new(pack: &Pack, layout: &PackLayout) -> Self {
        let mut pages: BTreeMap<PageId, PageSlots> = BTreeMap::new();
        let mut keys: Vec<PageIntersection> = Vec::new();
        for page in pack.pages.values() {
            pages.insert(
                page.id,
                PageSlots {
                    offset: keys.len(),
                    columns: page.size.columns,
                    rows: page.size.rows,
                },
            );
            for y in 0..=page.size.rows {
                for x in 0..=page.size.columns {
                    keys.push(pi(page.id, x, y));
                }
            }
        }
        let index_of =
            |key: &PageIntersection| pages.get(&key.page).and_then(|slots| slots.slot(key.point));
        let mut merged = UnionFind::<usize>::new(keys.len());
        let mut snaps: Vec<(PageIntersection, PageIntersection)> = Vec::new();
        for contact in layout.contacts() {
            let (Some(low), Some(high)) =
                (pack.pages.get(&contact.low), pack.pages.get(&contact.high))
            else {
                continue;
            };
            let (Some(low_at), Some(high_at)) = (
                layout.placements.get(&contact.low),
                layout.placements.get(&contact.high),
            ) else {
                continue;
            };
            // Points along the shared line: (position along it, intersection) for each page.
            let line = |points: Vec<(i64, PageIntersection)>| points;
            let (low_line, high_line) = if contact.vertical {
                (
                    line(
                        (0..=low.size.rows)
                            .map(|y| {
                                (
                                    low_at.y + i64::from(y) * UNIT,
                                    pi(low.id, low.size.columns, y),
                                )
                            })
                            .collect(),
                    ),
                    line(
                        (0..=high.size.rows)
                            .map(|y| (high_at.y + i64::from(y) * UNIT, pi(high.id, 0, y)))
                            .collect(),
                    ),
                )
            } else {
                (
                    line(
                        (0..=low.size.columns)
                            .map(|x| (low_at.x + i64::from(x) * UNIT, pi(low.id, x, low.size.rows)))
                            .collect(),
                    ),
                    line(
                        (0..=high.size.columns)
                            .map(|x| (high_at.x + i64::from(x) * UNIT, pi(high.id, x, 0)))
                            .collect(),
                    ),
                )
            };
            for (from, to) in [(&low_line, &high_line), (&high_line, &low_line)] {
                let (Some(min), Some(max)) = (to.first().map(|p| p.0), to.last().map(|p| p.0))
                else {
                    continue;
                };
                for &(at, point) in from
                    .iter()
                    .filter(|(at, _)| (min - UNIT / 2..=max + UNIT / 2).contains(at))
                {
                    let best = to
                        .iter()
                        .map(|(p, _)| (p - at).abs())
                        .min()
                        .unwrap_or(i64::MAX);
                    for &(_, nearest) in to.iter().filter(|(p, _)| (p - at).abs() == best) {
                        if best == 0 {
                            if let (Some(a), Some(b)) = (index_of(&point), index_of(&nearest)) {
                                merged.union(a, b);
                            }
                        } else {
                            snaps.push((point, nearest));
                        }
                    }
                }
            }
        }
        // Number the merged intersections while filling the table, so adding
        // them to the graph needs no look-up.
        let mut table = IntersectionTable {
            pages,
            nodes: vec![u32::MAX; keys.len()],
        };
        let mut places: Vec<PageIntersection> = Vec::new();
        let mut node_of_root: Vec<u32> = vec![u32::MAX; keys.len()];
        for (index, key) in keys.iter().enumerate() {
            let root = merged.find(index);
            let root_key = keys.get(root).copied().unwrap_or(*key);
            let Some(slot) = node_of_root.get_mut(root) else {
                continue;
            };
            if *slot == u32::MAX {
                *slot = u32::try_from(places.len()).unwrap_or(u32::MAX);
                places.push(root_key);
            }
            let node = *slot;
            if let Some(own) = table.nodes.get_mut(index) {
                *own = node;
            }
        }
        drop(node_of_root);
        drop(merged);
        let steps = keys.len() * 2;
        drop(keys);
        let mut this = Self {
            moves: MoveGraph::with_places(table, places, steps),
            components: Vec::new(),
        };
        for page in pack.pages.values() {
            let Some(slots) = this.moves.table().pages.get(&page.id).copied() else {
                continue;
            };
            let (columns, rows) = (page.size.columns, page.size.rows);
            for y in 0..=rows {
                for x in 0..=columns {
                    // Straight from the page's block of the table: no look-up by page.
                    let node = |x: u16, y: u16| {
                        let slot = slots.slot(Intersection { x, y })?;
                        let node = *this.moves.table().nodes.get(slot)?;
                        (node != u32::MAX).then(|| Node::from_index(node as usize))?
                    };
                    let here = node(x, y);
                    let east = (x < columns).then(|| node(x + 1, y)).flatten();
                    let north = (y < rows).then(|| node(x, y + 1)).flatten();
                    // Only a line along the page's outline can be shared with a
                    // joined page (whose merged intersections may have it already).
                    let outline = |x2: u16, y2: u16| {
                        (x == x2 && (x == 0 || x == columns)) || (y == y2 && (y == 0 || y == rows))
                    };
                    for (next, shared) in [(east, outline(x + 1, y)), (north, outline(x, y + 1))] {
                        let Some(next) = next else {
                            continue;
                        };
                        if let Some(here) = here.filter(|h| *h != next) {
                            if shared {
                                this.moves.set_step(here, next, LatticeStep::Line);
                            } else {
                                this.moves.add_step(here, next, LatticeStep::Line);
                            }
                        }
                    }
                }
            }
        }
        for (a, b) in snaps {
            if let (Some(a), Some(b)) = (this.node(a), this.node(b)) {
                this.moves.set_step(a, b, LatticeStep::Snap);
            }
        }
        // Labels as `u32`: half the memory of `usize` on millions of intersections.
        let mut components = UnionFind::<u32>::new(this.moves.len());
        let label = |node: Node| u32::try_from(node.index()).unwrap_or(u32::MAX);
        for (a, b, _) in this.moves.steps() {
            components.union(label(a), label(b));
        }
        this.components = components.into_labeling();
        this
    }

    /// The node of an intersection (shared by the merged intersections of an aligned join).
    pub fn node(&self, point: PageIntersection) -> Option<Node> {
        self.moves.node(&point)
    }

    /// The movement graph itself (places are [`PageIntersection`]s; a merged
    /// node is named by one of its intersections).
    pub fn moves(
        &self,
    ) -> &MoveGraph<PageIntersection, LatticeStep, IntersectionTable, Undirected> {
        &self.moves
    }

    /// A label shared by all intersections a Blip can travel between.
    pub fn component(&self, point: PageIntersection) -> Option<usize> {
        self.node(point)
            .and_then(|n| self.components.get(n.index()).map(|&label| label as usize))
    }

    /// [`Self::component`] for the intersections of one page, its table found
    /// once: for a caller asking about every space of a large pack.
    pub fn page_components(&self, page: PageId) -> Option<PageComponents<'_>> {
        let slots = *self.moves.table().pages.get(&page)?;
        Some(PageComponents {
            lattice: self,
            slots,
        })
    }
}

/// The components of one page's intersections (see [`BlipLattice::page_components`]).
#[derive(Clone, Copy, Debug)]
pub struct PageComponents<'a> {
    lattice: &'a BlipLattice,
    slots: PageSlots,
}

impl PageComponents<'_> {
    /// The component of an intersection of the page.
    pub fn component(&self, point: Intersection) -> Option<usize> {
        let node = *self
            .lattice
            .moves
            .table()
            .nodes
            .get(self.slots.slot(point)?)?;
        let label = *self.lattice.components.get(usize::try_from(node).ok()?)?;
        Some(label as usize)
    }
}

fn pi(page: PageId, x: u16, y: u16) -> PageIntersection {
    PageIntersection {
        page,
        point: Intersection { x, y },
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::board::Board;
    use crate::enormity::rules::testing::pack_of;

    /// Where each intersection on L1p1's east edge (x = 2) snaps to on
    /// L1p2's west edge, as (L1p1 y, L1p2 y) pairs.
    fn snaps(offset: &str) -> Vec<(u16, u16)> {
        let page = |number: u16, grid: &str| {
            format!(
                "format = 1\nbook = 1\npage = {number}\nlocation = \"T\"\n\ngrid = \"\"\"\n{grid}\"\"\"\n"
            )
        };
        let joins =
            format!("[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n");
        let pack = pack_of(
            &[&page(1, "C ..\nB ..\nA ..\n"), &page(2, "A ..\n")],
            &joins,
        );
        let board = Board::new(&pack);
        let first = PageId { book: 1, page: 1 };
        let mut found = Vec::new();
        for y in 0..=3 {
            let Some(node) = board.lattice.node(pi(first, 2, y)) else {
                continue;
            };
            for (to, step) in board.lattice.moves().steps_from(node) {
                let there = board.lattice.moves().place(to).unwrap();
                if *step == LatticeStep::Snap && there.page != first {
                    found.push((y, there.point.y));
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// Seed 001: across misaligned pages "it moves to the nearest
    /// intersection instead". L1p2, one row high, lies against L1p1 (three
    /// rows) shifted up 1.5 rows: its west edge runs from y = 1.5 to 2.5 in
    /// L1p1's rows. L1p1's intersection at y = 1 is half a space below that
    /// edge and snaps to its corner (L1p2 y = 0); y = 2 is between the two and
    /// snaps to both (a tie); y = 3 is half a space above and snaps to the top
    /// corner (L1p2 y = 1); y = 0, a space and a half below, is no nearer to
    /// L1p2 than to open space and does not snap.
    #[test]
    fn a_blip_snaps_across_from_at_most_half_a_space_beyond_the_other_page() {
        assert_eq!(snaps("1.5"), [(1, 0), (2, 0), (2, 1), (3, 1)]);
        // Shifted half a row: every intersection of L1p1's edge but y = 3 is
        // within half a space of L1p2's edge (0.5 to 1.5); y = 3 is 1.5 above.
        assert_eq!(snaps("0.5"), [(0, 0), (1, 0), (1, 1), (2, 1)]);
    }
}
