//! The one join geometry, property-tested on random packs: pages of random
//! sizes, joins between random edges (some that cannot touch, some naming
//! pages that are not there) with whole, half and arbitrary fractional
//! offsets, so packs come out with disconnected groups and with loops of
//! joins that disagree.
//!
//! Two references keep the exact layout honest:
//! - the floating-point walk pictures used before they read the exact layout
//!   (first placement wins, joins in file order, further groups stacked
//!   below): the picture layout must put every page where it did;
//! - the scan of every contact that answered "what lies across this page
//!   edge" before contacts were indexed by page edge.
//!
//! And the invariants every layout must keep, whatever the references say.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use deckplan_schema::{
    Span,
    enormity::{Direction, Join, Offset, Pack, Page, PageEdge, PageId, Size},
};
use deckplan_validator::enormity::board::layout::{
    Contact, PackLayout, Placement, UNIT, place_across,
};
use deckplan_validator::enormity::draw::layout::{PictureLayout, layout};
use proptest::prelude::*;

/// The pages a random pack may name: two books of four pages.
fn pool() -> Vec<PageId> {
    (1..=2)
        .flat_map(|book| (1..=4).map(move |page| PageId { book, page }))
        .collect()
}

fn side(index: u8) -> Direction {
    Direction::ALL[usize::from(index % 4)]
}

/// An offset in hundredths: mostly whole spaces, often halves, sometimes anything.
fn offset() -> impl Strategy<Value = i32> {
    prop_oneof![
        4 => (-6..=6i32).prop_map(|s| s * 100),
        2 => (-12..=12i32).prop_map(|h| h * 50),
        1 => -700..=700i32,
    ]
}

#[derive(Clone, Debug)]
struct JoinSpec {
    from: usize,
    from_side: u8,
    to: usize,
    /// `None`: the opposite of `from_side`; else any side (often not opposite).
    to_side: Option<u8>,
    offset: i32,
}

fn join_spec() -> impl Strategy<Value = JoinSpec> {
    (
        0..8usize,
        0..4u8,
        0..8usize,
        prop_oneof![6 => Just(None), 1 => (0..4u8).prop_map(Some)],
        offset(),
    )
        .prop_map(|(from, from_side, to, to_side, offset)| JoinSpec {
            from,
            from_side,
            to,
            to_side,
            offset,
        })
}

/// A random pack: which of the eight pages exist and their sizes, the start
/// page (which may be missing), and the joins.
fn pack() -> impl Strategy<Value = Pack> {
    (
        proptest::collection::vec(proptest::option::weighted(0.8, (1..=6u16, 1..=6u16)), 8),
        0..8usize,
        proptest::collection::vec(join_spec(), 0..10),
    )
        .prop_map(|(sizes, start, joins)| {
            let ids = pool();
            let mut pack = Pack::new("Random", ids[start]);
            for (id, size) in ids.iter().zip(sizes) {
                if let Some((columns, rows)) = size {
                    let page = Page::new(*id, "T", Size { columns, rows });
                    pack.pages.insert(*id, page);
                }
            }
            for spec in joins {
                let from_side = side(spec.from_side);
                let to_side = spec.to_side.map_or(from_side.opposite(), side);
                pack.joins.push(Join {
                    from: PageEdge {
                        page: ids[spec.from],
                        side: from_side,
                    },
                    to: PageEdge {
                        page: ids[spec.to],
                        side: to_side,
                    },
                    offset: Offset {
                        hundredths: spec.offset,
                    },
                    span: Span::default(),
                    from_span: Span::default(),
                    to_span: Span::default(),
                    offset_span: None,
                });
            }
            pack
        })
}

/// The floating-point layout pictures were drawn from before the exact one,
/// kept as it was as an independent statement of the placement rule.
mod float_walk {
    use std::collections::{BTreeMap, VecDeque};

    use deckplan_schema::enormity::{Direction, Join, Pack, Page, PageId, Size};
    use deckplan_validator::draw::{Point, Rect};

    pub struct FloatLayout {
        pub origins: BTreeMap<PageId, Point>,
        pub bounds: Rect,
        pub groups: usize,
    }

    const GROUP_GAP: f64 = 2.0;

    fn relative_origin(join: &Join, from: &Page, to: &Page) -> Option<Point> {
        let offset = join.offset.as_f64();
        let (from_w, from_h) = (f64::from(from.size.columns), f64::from(from.size.rows));
        let to_w = f64::from(to.size.columns);
        let to_h = f64::from(to.size.rows);
        match (join.from.side, join.to.side) {
            (Direction::East, Direction::West) => Some(Point::new(from_w, offset)),
            (Direction::West, Direction::East) => Some(Point::new(-to_w, offset)),
            (Direction::North, Direction::South) => Some(Point::new(offset, from_h)),
            (Direction::South, Direction::North) => Some(Point::new(offset, -to_h)),
            _ => None,
        }
    }

    pub fn layout(pack: &Pack) -> FloatLayout {
        let pages = &pack.pages;
        let mut origins: BTreeMap<PageId, Point> = BTreeMap::new();
        let mut bounds: Option<Rect> = None;
        let mut groups = 0;
        let first = pages
            .contains_key(&pack.start)
            .then_some(pack.start)
            .into_iter();
        let seeds: Vec<PageId> = first.chain(pages.keys().copied()).collect();
        for seed in seeds {
            if origins.contains_key(&seed) {
                continue;
            }
            let group = place_group(pack, seed);
            let Some(group_bounds) = group
                .iter()
                .filter_map(|(id, origin)| Some(page_area(*origin, pages.get(id)?.size)))
                .reduce(Rect::union)
            else {
                continue;
            };
            let shift = match bounds {
                None => Point::default(),
                Some(placed) => Point::new(
                    placed.min.x - group_bounds.min.x,
                    placed.min.y - GROUP_GAP - group_bounds.max.y,
                ),
            };
            for (id, origin) in group {
                origins.insert(id, origin.offset(shift.x, shift.y));
            }
            let moved = Rect::new(
                group_bounds.min.x + shift.x,
                group_bounds.min.y + shift.y,
                group_bounds.max.x + shift.x,
                group_bounds.max.y + shift.y,
            );
            bounds = Some(bounds.map_or(moved, |b| b.union(moved)));
            groups += 1;
        }
        FloatLayout {
            origins,
            bounds: bounds.unwrap_or_default(),
            groups,
        }
    }

    fn place_group(pack: &Pack, seed: PageId) -> BTreeMap<PageId, Point> {
        let mut placed = BTreeMap::from([(seed, Point::default())]);
        let mut queue = VecDeque::from([seed]);
        while let Some(current) = queue.pop_front() {
            let Some(&here) = placed.get(&current) else {
                continue;
            };
            for join in &pack.joins {
                let (other, forward) = if join.from.page == current {
                    (join.to.page, true)
                } else if join.to.page == current {
                    (join.from.page, false)
                } else {
                    continue;
                };
                if placed.contains_key(&other) {
                    continue;
                }
                let (Some(from), Some(to)) = (
                    pack.pages.get(&join.from.page),
                    pack.pages.get(&join.to.page),
                ) else {
                    continue;
                };
                let Some(delta) = relative_origin(join, from, to) else {
                    continue;
                };
                let origin = if forward {
                    here.offset(delta.x, delta.y)
                } else {
                    here.offset(-delta.x, -delta.y)
                };
                placed.insert(other, origin);
                queue.push_back(other);
            }
        }
        placed
    }

    fn page_area(origin: Point, size: Size) -> Rect {
        Rect::new(
            origin.x,
            origin.y,
            origin.x + f64::from(size.columns),
            origin.y + f64::from(size.rows),
        )
    }
}

/// What lay across a page edge before contacts were indexed: a scan of them all.
fn across_by_scan(contacts: &[Contact], page: PageId, side: Direction) -> Vec<(usize, PageId)> {
    contacts
        .iter()
        .filter_map(|c| {
            let vertical = matches!(side, Direction::East | Direction::West);
            if c.vertical != vertical {
                return None;
            }
            let high_side = matches!(side, Direction::East | Direction::North);
            match (c.low == page && high_side, c.high == page && !high_side) {
                (true, _) => Some((c.join, c.high)),
                (_, true) => Some((c.join, c.low)),
                _ => None,
            }
        })
        .collect()
}

const CLOSE: f64 = 1e-9;

fn assert_pictures_agree(pack: &Pack, picture: &PictureLayout) {
    let float = float_walk::layout(pack);
    assert_eq!(picture.groups, float.groups, "groups");
    let ids: BTreeSet<&PageId> = picture.origins.keys().collect();
    assert_eq!(ids, float.origins.keys().collect(), "pages placed");
    for (id, at) in &picture.origins {
        let old = float.origins[id];
        assert!(
            (at.x - old.x).abs() < CLOSE && (at.y - old.y).abs() < CLOSE,
            "{id}: at {at:?}, the float walk put it at {old:?}"
        );
    }
    let (b, old) = (picture.bounds, float.bounds);
    for (new, old) in [
        (b.min.x, old.min.x),
        (b.min.y, old.min.y),
        (b.max.x, old.max.x),
        (b.max.y, old.max.y),
    ] {
        assert!((new - old).abs() < CLOSE, "bounds {b:?} against {old:?}");
    }
}

fn assert_across_agrees(exact: &PackLayout) {
    for page in pool() {
        for side in Direction::ALL {
            let indexed: Vec<(usize, PageId)> = exact
                .across(page, side)
                .map(|(contact, other)| (contact.join, other))
                .collect();
            let scanned = across_by_scan(exact.contacts(), page, side);
            assert_eq!(indexed, scanned, "across {page} {side}");
        }
    }
}

/// What any layout must be, independently of how it was found.
fn assert_invariants(pack: &Pack, exact: &PackLayout, picture: &PictureLayout) {
    // Every page that loaded is placed, with its own size, exactly once.
    let placed: BTreeSet<&PageId> = exact.placements.keys().collect();
    assert_eq!(placed, pack.pages.keys().collect(), "every page is placed");
    for (id, at) in &exact.placements {
        let size = pack.pages[id].size;
        assert_eq!(
            (at.width, at.height),
            (i64::from(size.columns) * UNIT, i64::from(size.rows) * UNIT)
        );
    }
    // Each join is a contact, a problem, or names a page that is not there —
    // exactly one of these.
    let contacts: BTreeSet<usize> = exact.contacts().iter().map(|c| c.join).collect();
    let problems: BTreeSet<usize> = exact.problems.iter().map(|(i, _)| *i).collect();
    assert_eq!(
        contacts.len(),
        exact.contacts().len(),
        "one contact per join"
    );
    assert_eq!(problems.len(), exact.problems.len(), "one problem per join");
    for (index, join) in pack.joins.iter().enumerate() {
        let present =
            pack.pages.contains_key(&join.from.page) && pack.pages.contains_key(&join.to.page);
        let opposite = join.from.side.opposite() == join.to.side;
        let kinds = [
            contacts.contains(&index),
            problems.contains(&index),
            opposite && !present,
        ];
        assert_eq!(
            kinds.iter().filter(|k| **k).count(),
            1,
            "join {index}: {kinds:?}"
        );
    }
    // A contact holds: the join puts its `to` page exactly where it lies, the
    // two pages touch along a shared line of some length, and it is aligned
    // exactly when the offset is whole spaces.
    for contact in exact.contacts() {
        let join = &pack.joins[contact.join];
        let from = exact.placements[&join.from.page];
        let to = exact.placements[&join.to.page];
        let size = pack.pages[&join.to.page].size;
        assert_eq!(
            place_across(join, from, size, true),
            to,
            "join {}",
            contact.join
        );
        let (low, high) = (
            exact.placements[&contact.low],
            exact.placements[&contact.high],
        );
        let shared = if contact.vertical {
            assert_eq!(low.x + low.width, high.x);
            (low.y + low.height).min(high.y + high.height) - low.y.max(high.y)
        } else {
            assert_eq!(low.y + low.height, high.y);
            (low.x + low.width).min(high.x + high.width) - low.x.max(high.x)
        };
        assert!(shared > 0, "join {} touches along {shared}", contact.join);
        assert_eq!(contact.aligned, join.offset.hundredths % 100 == 0);
        // Both pages belong to one group.
        assert_eq!(
            exact.origins[&contact.low].root,
            exact.origins[&contact.high].root
        );
    }
    // The picture moves whole groups: within a group, pages keep the exact
    // layout's relative places; pages of different groups never overlap.
    let shift = |id: &PageId| {
        let (p, q) = (picture.placements[id], exact.placements[id]);
        (p.x - q.x, p.y - q.y)
    };
    let roots: BTreeSet<PageId> = exact.origins.values().map(|o| o.root).collect();
    assert_eq!(picture.groups, roots.len());
    let ids: Vec<&PageId> = picture.placements.keys().collect();
    for (i, a) in ids.iter().enumerate() {
        for b in &ids[i + 1..] {
            let same = exact.origins[*a].root == exact.origins[*b].root;
            if same {
                assert_eq!(shift(a), shift(b), "{a} and {b} moved apart");
            } else {
                let (p, q): (Placement, Placement) =
                    (picture.placements[*a], picture.placements[*b]);
                assert!(!p.overlaps(&q), "{a} and {b} of different groups overlap");
            }
        }
        let at = picture.placements[*a];
        let origin = picture.origins[*a];
        assert_eq!(origin.x, at.x as f64 / 100.0);
        assert_eq!(origin.y, at.y as f64 / 100.0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn one_join_geometry_for_checks_and_pictures(pack in pack()) {
        let exact = PackLayout::new(&pack);
        let picture = layout(&pack);
        assert_eq!(picture, PictureLayout::new(&exact));
        assert_pictures_agree(&pack, &picture);
        assert_across_agrees(&exact);
        assert_invariants(&pack, &exact, &picture);
    }
}

/// The pack of three groups: L1p1–L1p2 joined, L1p3 alone, L2p1 alone, and
/// a join that disagrees; where each lands is written out by hand.
#[test]
fn groups_stack_below_and_a_disagreeing_join_is_not_obeyed() {
    let id = |book, page| PageId { book, page };
    let mut pack = Pack::new("Three groups", id(1, 1));
    for (page, columns, rows) in [
        (id(1, 1), 4, 3),
        (id(1, 2), 2, 5),
        (id(1, 3), 3, 2),
        (id(2, 1), 1, 1),
    ] {
        pack.pages
            .insert(page, Page::new(page, "T", Size { columns, rows }));
    }
    let join = |from: PageId, from_side, to: PageId, hundredths| Join {
        from: PageEdge {
            page: from,
            side: from_side,
        },
        to: PageEdge {
            page: to,
            side: Direction::opposite(from_side),
        },
        offset: Offset { hundredths },
        span: Span::default(),
        from_span: Span::default(),
        to_span: Span::default(),
        offset_span: None,
    };
    pack.joins = vec![
        join(id(1, 1), Direction::East, id(1, 2), -150),
        // Disagrees: L1p2 is already at offset −1.5.
        join(id(1, 2), Direction::West, id(1, 1), 0),
    ];
    let exact = PackLayout::new(&pack);
    let at = |page| {
        let p: Placement = exact.placements[&page];
        (p.x, p.y)
    };
    assert_eq!(at(id(1, 1)), (0, 0));
    assert_eq!(at(id(1, 2)), (400, -150));
    // Groups not joined to the start page lie far east in the board's frame.
    assert_eq!(at(id(1, 3)), (1600, 0));
    assert_eq!(at(id(2, 1)), (2900, 0));
    assert_eq!(exact.contacts().len(), 1);
    assert_eq!(exact.problems.len(), 1);

    let picture = PictureLayout::new(&exact);
    let corner = |page| {
        let p = picture.origins[&page];
        (p.x, p.y)
    };
    assert_eq!(picture.groups, 3);
    assert_eq!(corner(id(1, 1)), (0.0, 0.0));
    assert_eq!(corner(id(1, 2)), (4.0, -1.5));
    // Below the first group (lowest at −1.5) with a gap of 2, left-aligned.
    assert_eq!(corner(id(1, 3)), (0.0, -5.5));
    assert_eq!(corner(id(2, 1)), (0.0, -8.5));
    let b = picture.bounds;
    assert_eq!((b.min.x, b.min.y, b.max.x, b.max.y), (0.0, -8.5, 6.0, 3.5));
}
