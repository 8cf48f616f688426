//! Where pages lie relative to each other, worked out from the joins: the one
//! join geometry of deckplan.
//!
//! Positions are in hundredths of a space (exact integers), in one frame for
//! the whole pack whose origin is the start page's bottom-left corner. Pages are
//! placed by a breadth-first walk over the joins from the start page; a join
//! that disagrees with a page already placed is reported, not obeyed.
//!
//! Everything that needs to know where a page lies reads this [`PackLayout`]:
//! the checks, the board graphs and the rules engine directly, the pictures
//! and the Tiled world export through
//! [`PictureLayout`](crate::enormity::draw::layout::PictureLayout) (which only converts
//! to floats and stacks groups of pages not joined to each other), and the
//! editor's layout view. Nothing else walks the joins.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use deckplan_schema::enormity::{Direction, Join, Pack, Page, PageId, Size, Space, SpaceKind};

/// One space, in layout units.
pub const UNIT: i64 = 100;

/// A page's rectangle in the pack frame (layout units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// West edge.
    pub x: i64,
    /// South edge.
    pub y: i64,
    /// Width.
    pub width: i64,
    /// Height.
    pub height: i64,
}

impl Placement {
    fn of(size: Size, x: i64, y: i64) -> Self {
        Self {
            x,
            y,
            width: i64::from(size.columns) * UNIT,
            height: i64::from(size.rows) * UNIT,
        }
    }

    /// Whether two rectangles share some area (touching edges do not count).
    pub fn overlaps(&self, other: &Self) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }
}

/// Why a join cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JoinProblem {
    /// The two edges cannot touch (both east, or east against north, …).
    NotOpposite,
    /// The offset slides the edges past each other: they share no length.
    NoContact,
    /// Another join already put the page somewhere else.
    Inconsistent {
        /// The page placed twice.
        page: PageId,
    },
}

/// A valid join between two placed pages, with the line they share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    /// Index of the join in `pack.joins`.
    pub join: usize,
    /// The page on the low side (south or west) of the shared line.
    pub low: PageId,
    /// The page on the high side (north or east).
    pub high: PageId,
    /// Whether the shared line is vertical (pages side by side) or horizontal (stacked).
    pub vertical: bool,
    /// Whether the intersections of the two pages line up along the line.
    pub aligned: bool,
}

/// How a page came to be placed, so a check can point at the join responsible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    /// Position in placement order (0 = the start page).
    pub order: usize,
    /// The page the walk started from: the start page, or the first page of a
    /// group not joined to it. Pages of different groups are never side by side.
    pub root: PageId,
    /// Index in `pack.joins` of the join that placed it (`None` for a root).
    pub join: Option<usize>,
}

/// The laid-out pack: every page's exact place, and which joins hold.
#[derive(Clone, Debug, Default)]
pub struct PackLayout {
    /// Placed pages: every page, in the frame of the group it belongs to
    /// (see [`Origin::root`]).
    pub placements: BTreeMap<PageId, Placement>,
    /// How each placed page was placed.
    pub origins: BTreeMap<PageId, Origin>,
    /// Joins that hold, one per join (read through [`PackLayout::contacts`]).
    contacts: Vec<Contact>,
    /// The contacts on each page edge, by index in `contacts`: a step across a
    /// page edge looks here instead of scanning every join of the pack.
    by_edge: BTreeMap<(PageId, Direction), Vec<usize>>,
    /// Joins that do not, by index in `pack.joins`.
    pub problems: Vec<(usize, JoinProblem)>,
}

impl PackLayout {
    /// Lays out a pack from its start page.
    pub fn new(pack: &Pack) -> Self {
        let mut layout = Self::default();
        let size = |id: PageId| pack.pages.get(&id).map(|p| p.size);
        let usable: Vec<(usize, &Join)> = pack
            .joins
            .iter()
            .enumerate()
            .filter(|(index, join)| {
                if join.from.side.opposite() != join.to.side {
                    layout.problems.push((*index, JoinProblem::NotOpposite));
                    return false;
                }
                size(join.from.page).is_some() && size(join.to.page).is_some()
            })
            .collect();
        // The usable joins at each page, in file order: the walk looks up a
        // page's joins instead of scanning every join of the pack.
        let mut at_page: BTreeMap<PageId, Vec<usize>> = BTreeMap::new();
        for (k, (_, join)) in usable.iter().enumerate() {
            at_page.entry(join.from.page).or_default().push(k);
            if join.to.page != join.from.page {
                at_page.entry(join.to.page).or_default().push(k);
            }
        }
        // Joins already reported, so each is reported once.
        let mut reported: BTreeSet<usize> = layout.problems.iter().map(|(i, _)| *i).collect();
        // The east edge of everything placed so far, for the next group.
        let mut east = 0;

        let mut queue = VecDeque::new();
        let roots = std::iter::once(pack.start).chain(pack.pages.keys().copied());
        for root in roots {
            if layout.placements.contains_key(&root) {
                continue;
            }
            let Some(root_size) = size(root) else {
                continue;
            };
            // Pages not joined to the start page get their own frame far away, so
            // they never appear to overlap the main layout.
            let far = east + 10 * UNIT;
            let origin = if root == pack.start { 0 } else { far };
            let placement = Placement::of(root_size, origin, 0);
            east = east.max(placement.x + placement.width);
            layout.placements.insert(root, placement);
            layout.origins.insert(
                root,
                Origin {
                    order: layout.origins.len(),
                    root,
                    join: None,
                },
            );
            queue.push_back(root);
            while let Some(page) = queue.pop_front() {
                let joins = at_page.get(&page).map_or(&[][..], Vec::as_slice);
                for &(index, join) in joins.iter().filter_map(|k| usable.get(*k)) {
                    let (known, other, forward) = if join.from.page == page {
                        (join.from.page, join.to.page, true)
                    } else if join.to.page == page {
                        (join.to.page, join.from.page, false)
                    } else {
                        continue;
                    };
                    let (Some(&at), Some(other_size)) =
                        (layout.placements.get(&known), size(other))
                    else {
                        continue;
                    };
                    let placed = place_across(join, at, other_size, forward);
                    match layout.placements.get(&other) {
                        None => {
                            east = east.max(placed.x + placed.width);
                            layout.placements.insert(other, placed);
                            layout.origins.insert(
                                other,
                                Origin {
                                    order: layout.origins.len(),
                                    root,
                                    join: Some(index),
                                },
                            );
                            queue.push_back(other);
                        }
                        Some(existing) if *existing != placed => {
                            if reported.insert(index) {
                                layout
                                    .problems
                                    .push((index, JoinProblem::Inconsistent { page: other }));
                            }
                        }
                        Some(_) => {}
                    }
                }
            }
        }

        for &(index, join) in &usable {
            if reported.contains(&index) {
                continue;
            }
            let (Some(a), Some(b)) = (
                layout.placements.get(&join.from.page),
                layout.placements.get(&join.to.page),
            ) else {
                continue;
            };
            let vertical = matches!(join.from.side, Direction::East | Direction::West);
            let shared = if vertical {
                (a.y + a.height).min(b.y + b.height) - a.y.max(b.y)
            } else {
                (a.x + a.width).min(b.x + b.width) - a.x.max(b.x)
            };
            if shared <= 0 {
                layout.problems.push((index, JoinProblem::NoContact));
                continue;
            }
            let from_is_low = matches!(join.from.side, Direction::East | Direction::North);
            let (low, high) = if from_is_low {
                (join.from.page, join.to.page)
            } else {
                (join.to.page, join.from.page)
            };
            layout.contacts.push(Contact {
                join: index,
                low,
                high,
                vertical,
                aligned: join.offset.is_aligned(),
            });
        }
        layout.problems.sort_by_key(|(i, _)| *i);
        for (index, contact) in layout.contacts.iter().enumerate() {
            let (low_side, high_side) = if contact.vertical {
                (Direction::East, Direction::West)
            } else {
                (Direction::North, Direction::South)
            };
            // A page joined to itself has the contact on both of its edges,
            // once each.
            for key in [(contact.low, low_side), (contact.high, high_side)] {
                layout.by_edge.entry(key).or_default().push(index);
            }
        }
        layout
    }

    /// Joins that hold, in the order of `pack.joins`.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// The contacts across a page's edge, each with the page on the other
    /// side, in the order of `pack.joins`: a look-up by page edge, not a scan
    /// of the pack's joins, since every step off a page asks.
    pub fn across(
        &self,
        page: PageId,
        side: Direction,
    ) -> impl Iterator<Item = (&Contact, PageId)> {
        let high_side = matches!(side, Direction::East | Direction::North);
        self.by_edge
            .get(&(page, side))
            .into_iter()
            .flatten()
            .filter_map(move |&index| {
                let contact = self.contacts.get(index)?;
                Some((contact, if high_side { contact.high } else { contact.low }))
            })
    }
}

/// The placement of the page on the other side of a join from a placed one:
/// `forward` when `at` is the `from` page's placement and `other` the `to` page's size.
pub fn place_across(join: &Join, at: Placement, other: Size, forward: bool) -> Placement {
    let offset = i64::from(join.offset.hundredths);
    let (width, height) = (
        i64::from(other.columns) * UNIT,
        i64::from(other.rows) * UNIT,
    );
    // `side` is the edge of the placed page that the other page lies against.
    let (side, shift) = if forward {
        (join.from.side, offset)
    } else {
        (join.to.side, -offset)
    };
    let (x, y) = match side {
        Direction::East => (at.x + at.width, at.y + shift),
        Direction::West => (at.x - width, at.y + shift),
        Direction::North => (at.x + shift, at.y + at.height),
        Direction::South => (at.x + shift, at.y - height),
    };
    Placement {
        x,
        y,
        width,
        height,
    }
}

/// The board spaces along `side` of `page`, with where each starts along
/// the joined line in the layout.
pub fn edge_spaces(page: &Page, side: Direction, at: Placement) -> Vec<(Space, i64)> {
    let Size { columns, rows } = page.size;
    let along: Vec<Space> = match side {
        Direction::North => (0..columns)
            .map(|col| Space::new(col, rows.saturating_sub(1)))
            .collect(),
        Direction::South => (0..columns).map(|col| Space::new(col, 0)).collect(),
        Direction::East => (0..rows)
            .map(|row| Space::new(columns.saturating_sub(1), row))
            .collect(),
        Direction::West => (0..rows).map(|row| Space::new(0, row)).collect(),
    };
    along
        .into_iter()
        // Not an obstacle: a Spacer must be able to stop on the arrow.
        .filter(|s| page.kind(*s) == Some(SpaceKind::Board))
        .map(|s| {
            let start = match side {
                Direction::North | Direction::South => at.x + i64::from(s.col) * UNIT,
                Direction::East | Direction::West => at.y + i64::from(s.row) * UNIT,
            };
            (s, start)
        })
        .collect()
}

/// The spaces of each side of a join that share some length of the joined
/// line with a space of the other; both lists run along the line.
pub fn facing(a: &[(Space, i64)], b: &[(Space, i64)]) -> (BTreeSet<Space>, BTreeSet<Space>) {
    let mut on_a = BTreeSet::new();
    let mut on_b = BTreeSet::new();
    let (mut i, mut j) = (0, 0);
    while let (Some((a_space, a_start)), Some((b_space, b_start))) = (a.get(i), b.get(j)) {
        if a_start.max(b_start) < &(a_start.min(b_start) + UNIT) {
            on_a.insert(*a_space);
            on_b.insert(*b_space);
        }
        // Every space is one unit long: the one that starts first ends first
        // and faces nothing further along.
        if a_start <= b_start {
            i += 1;
        } else {
            j += 1;
        }
    }
    (on_a, on_b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Edge spaces along a line: the `n`-th one is space `n` of the edge,
    /// starting at `start + gap` hundredths where `gaps` skips obstacles.
    fn along(first: i64, gaps: &[bool]) -> Vec<(Space, i64)> {
        (0u16..)
            .zip(gaps)
            .filter(|(_, kept)| **kept)
            .map(|(n, _)| (Space::new(n, 0), first + i64::from(n) * UNIT))
            .collect()
    }

    proptest::proptest! {
        /// The sweep finds exactly the pairs a comparison of every pair finds,
        /// whatever the offset (whole or half spaces) and the gaps.
        #[test]
        fn the_sweep_finds_every_facing_pair(
            offset in -1000i64..1000,
            a_gaps in proptest::collection::vec(proptest::bool::weighted(0.8), 0..30),
            b_gaps in proptest::collection::vec(proptest::bool::weighted(0.8), 0..30),
        ) {
            let (a, b) = (along(0, &a_gaps), along(offset, &b_gaps));
            let mut expected = (BTreeSet::new(), BTreeSet::new());
            for (a_space, a_start) in &a {
                for (b_space, b_start) in &b {
                    if a_start.max(b_start) < &(a_start.min(b_start) + UNIT) {
                        expected.0.insert(*a_space);
                        expected.1.insert(*b_space);
                    }
                }
            }
            proptest::prop_assert_eq!(facing(&a, &b), expected);
        }
    }
}
