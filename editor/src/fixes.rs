//! Fixes for problems whose fix is mechanical, offered as buttons in the
//! problems panel, and help worded for the editor rather than for the TOML
//! file ("tick door 3 under Opens", not "add `3` to the `opens` list").
//!
//! The editor has no rule logic of its own, so a fix for a rule check is
//! only a candidate until the validator agrees: each candidate is applied to
//! a copy of the pack and the checks run again, and only candidates after
//! which the problem is gone — and nothing new is reported — are offered.
//! Format problems (a door number used twice) are fixed by construction.

use std::collections::BTreeSet;

use deckplan_schema::{
    Direction, EdgeKind, LocationPlace, Pack, Page, PageEdge, PageId, Place, Size, Space, SpaceKind,
};
use deckplan_validator::board::layout::{PackLayout, Placement, UNIT};
use deckplan_validator::lint::check_pack;

use crate::edit::{Edit, Transaction};
use crate::ops::next_door_number;
use crate::problems::Problem;

/// A fix the user can apply with one click, as one undo step.
#[derive(Clone, Debug, PartialEq)]
pub struct Fix {
    /// What the button says ("Console 1 opens door 3").
    pub label: String,
    /// The edits, as one transaction.
    pub edits: Vec<Edit>,
}

impl Fix {
    /// The undo step that applies the fix.
    pub fn transaction(&self) -> Transaction {
        Transaction {
            label: format!("Fix: {}", self.label),
            edits: self.edits.clone(),
        }
    }
}

/// The mechanical fixes for `problem` on `pack`, each checked to work.
pub fn fixes(pack: &Pack, problem: &Problem) -> Vec<Fix> {
    let Some(place) = problem.place.as_ref().and_then(Place::location) else {
        return Vec::new();
    };
    if let ("A006", LocationPlace::Join { from, to }) = (problem.code, *place) {
        return verified(
            pack,
            problem,
            arrows_across(pack, from, to).into_iter().collect(),
        );
    }
    let Some(page) = place.page().and_then(|id| pack.pages.get(&id)) else {
        return Vec::new();
    };
    match (problem.code, *place) {
        ("R002", LocationPlace::Door { number, .. }) => {
            let candidates = opener_candidates(page, number);
            verified(pack, problem, candidates)
        }
        ("F006", LocationPlace::Door { edge, .. } | LocationPlace::Edge { edge, .. }) => {
            let Some(EdgeKind::Door(number)) = page.edge(edge).map(|f| f.kind) else {
                return Vec::new();
            };
            let free = next_door_number(page, &BTreeSet::new());
            vec![
                Fix {
                    label: format!("Renumber this door {number} as door {free}"),
                    edits: vec![Edit::Edge {
                        page: page.id,
                        edge,
                        kind: Some(EdgeKind::Door(free)),
                    }],
                },
                Fix {
                    label: format!("Remove this second door {number}"),
                    edits: vec![Edit::Edge {
                        page: page.id,
                        edge,
                        kind: None,
                    }],
                },
            ]
        }
        ("R004", LocationPlace::Space { space, .. }) => {
            let Some(arrow) = page.spaces.forced_arrows.get(&space) else {
                return Vec::new();
            };
            let candidates = Direction::ALL
                .into_iter()
                .filter(|d| *d != arrow.direction)
                .map(|direction| Fix {
                    label: format!("Turn the arrow to point {direction}"),
                    edits: vec![Edit::ForcedArrow {
                        page: page.id,
                        space,
                        direction: Some(direction),
                    }],
                })
                .collect();
            verified(pack, problem, candidates)
        }
        ("A004", LocationPlace::Space { space, .. }) => {
            let Some(arrow) = page.spaces.location_arrows.get(&space) else {
                return Vec::new();
            };
            let candidates = Direction::ALL
                .into_iter()
                .filter(|d| *d != arrow.direction)
                .map(|direction| Fix {
                    label: format!("Turn the Location arrow to point {direction}"),
                    edits: vec![Edit::LocationArrow {
                        page: page.id,
                        space,
                        arrow: Some((direction, arrow.target)),
                    }],
                })
                .collect();
            verified(pack, problem, candidates)
        }
        _ => Vec::new(),
    }
}

/// Each console and keycard on the page that does not open door `number`
/// yet, made to open it.
fn opener_candidates(page: &Page, number: u16) -> Vec<Fix> {
    let consoles = page
        .spaces
        .consoles
        .iter()
        .filter(|(_, c)| !c.opens.contains(&number))
        .map(|(n, console)| {
            let mut opens = console.opens.clone();
            opens.push(number);
            opens.sort_unstable();
            Fix {
                label: format!(
                    "Console {n} ({}) opens door {number}",
                    page.place(console.at)
                ),
                edits: vec![Edit::Console {
                    page: page.id,
                    number: *n,
                    console: Some(deckplan_schema::model::Console {
                        opens,
                        ..console.clone()
                    }),
                }],
            }
        });
    let keycards = page
        .spaces
        .keycards
        .iter()
        .filter(|(_, k)| !k.opens.contains(&number))
        .map(|(space, keycard)| {
            let mut opens = keycard.opens.clone();
            opens.push(number);
            opens.sort_unstable();
            Fix {
                label: format!("The keycard on {} opens door {number}", page.place(*space)),
                edits: vec![Edit::Keycard {
                    page: page.id,
                    space: *space,
                    opens: Some(opens),
                }],
            }
        });
    consoles.chain(keycards).collect()
}

/// The Location arrows a join between two pages needs, placed where the
/// pages meet: on every board space along each joined edge that faces a
/// board space of the other page (the passages across the join, as
/// printed pages mark them), pointing across the join and naming the page
/// on the other side. Spaces that already hold a Location arrow keep it.
/// `None` when the join cannot be laid out or no passage crosses it.
fn arrows_across(pack: &Pack, from: PageEdge, to: PageEdge) -> Option<Fix> {
    let index = pack
        .joins
        .iter()
        .position(|j| j.from == from && j.to == to)?;
    location_arrows_for(pack, &PackLayout::new(pack), index)
}

/// The Location arrows the join at `index` of `pack.joins` lacks, as
/// [`arrows_across`] places them, given the pack's `layout`; the joins
/// panel offers them for every join, spreads of one book included (printed
/// pages mark those passages too, though the rules need no arrow there).
pub fn location_arrows_for(pack: &Pack, layout: &PackLayout, index: usize) -> Option<Fix> {
    let join = pack.joins.get(index)?;
    let (from, to) = (join.from, join.to);
    if from.page == to.page || layout.problems.iter().any(|(i, _)| *i == index) {
        return None;
    }
    let (a, b) = (pack.pages.get(&from.page)?, pack.pages.get(&to.page)?);
    let a_spaces = edge_spaces(a, from.side, *layout.placements.get(&from.page)?);
    let b_spaces = edge_spaces(b, to.side, *layout.placements.get(&to.page)?);
    let mut on_a = BTreeSet::new();
    let mut on_b = BTreeSet::new();
    for (a_space, a_start) in &a_spaces {
        for (b_space, b_start) in &b_spaces {
            // Facing: the two spaces share some length of the joined line.
            if a_start.max(b_start) < &(a_start.min(b_start) + UNIT) {
                on_a.insert(*a_space);
                on_b.insert(*b_space);
            }
        }
    }
    let free = |page: &Page, spaces: BTreeSet<Space>| -> Vec<Space> {
        spaces
            .into_iter()
            .filter(|s| !page.spaces.location_arrows.contains_key(s))
            .collect()
    };
    let (on_a, on_b) = (free(a, on_a), free(b, on_b));
    if on_a.is_empty() && on_b.is_empty() {
        return None;
    }
    let mut edits = Vec::new();
    let mut named = Vec::new();
    for (page, side, target, spaces) in
        [(a, from.side, to.page, on_a), (b, to.side, from.page, on_b)]
    {
        if spaces.is_empty() {
            continue;
        }
        named.push(format!(
            "{} {}",
            page.id,
            spaces
                .iter()
                .map(Space::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ));
        edits.extend(spaces.into_iter().map(|space| Edit::LocationArrow {
            page: page.id,
            space,
            arrow: Some((side, target)),
        }));
    }
    let noun = if edits.len() == 1 { "arrow" } else { "arrows" };
    Some(Fix {
        label: format!(
            "Place Location {noun} across the join on {}",
            named.join(" and ")
        ),
        edits,
    })
}

/// The board spaces along `side` of `page`, with where each starts along the
/// joined line in the layout (layout units, from the west or the south).
fn edge_spaces(page: &Page, side: Direction, at: Placement) -> Vec<(Space, i64)> {
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

/// Most candidates a problem is tried with: each is a full check of the pack.
const MAX_CANDIDATES: usize = 8;

/// The candidates after which the validator no longer reports `problem`
/// and reports nothing it did not report before.
fn verified(pack: &Pack, problem: &Problem, candidates: Vec<Fix>) -> Vec<Fix> {
    if candidates.is_empty() {
        return candidates;
    }
    let before = check_pack(pack, true);
    let known: BTreeSet<(&str, String)> =
        before.iter().map(|d| (d.code, d.message.clone())).collect();
    candidates
        .into_iter()
        .take(MAX_CANDIDATES)
        .filter(|fix| {
            let mut fixed = pack.clone();
            if fix.transaction().apply(&mut fixed).is_err() {
                return false;
            }
            let after = check_pack(&fixed, true);
            let still = after
                .iter()
                .any(|d| d.code == problem.code && d.place == problem.place);
            let new = after
                .iter()
                .any(|d| !known.contains(&(d.code, d.message.clone())));
            !still && !new
        })
        .collect()
}

/// How to fix `problem` in the editor, when the validator's help speaks of
/// the file; `None` keeps the validator's help.
pub fn editor_help(pack: &Pack, problem: &Problem) -> Option<String> {
    let place = problem.place.as_ref().and_then(Place::location)?;
    if let ("A006", LocationPlace::Join { from, to }) = (problem.code, *place) {
        return Some(format!(
            "pick the Location arrow tool (L) and click a board space along {}'s {} edge \
             where it meets {}, or along {}'s {} edge where it meets {}; the arrow points off \
             the page and names the page across the join",
            from.page, from.side, to.page, to.page, to.side, from.page
        ));
    }
    let page_id: PageId = place.page()?;
    let page = pack.pages.get(&page_id);
    match (problem.code, *place) {
        ("R002", LocationPlace::Door { number, .. })
            if problem
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`opens`")) =>
        {
            let has_opener = page
                .is_some_and(|p| !p.spaces.consoles.is_empty() || !p.spaces.keycards.is_empty());
            Some(if has_opener {
                format!(
                    "select a console or keycard on {page_id} and tick door {number} under Opens"
                )
            } else {
                format!(
                    "place a console or keycard on {page_id} with the Markers tool (M), \
                     then tick door {number} under Opens"
                )
            })
        }
        ("F006", LocationPlace::Door { edge, .. } | LocationPlace::Edge { edge, .. }) => {
            let Some(EdgeKind::Door(number)) = page?.edge(edge).map(|f| f.kind) else {
                return None;
            };
            Some(format!(
                "select one of the doors numbered {number} and give it a free number in the \
                 inspector, or remove it"
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::problems::check;
    use deckplan_schema::{Edge, Space};

    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn bundled() -> Pack {
        crate::testutil::bundled_pack()
    }

    fn problem(pack: &Pack, code: &str) -> Problem {
        check(pack, false)
            .problems
            .into_iter()
            .find(|p| p.code == code)
            .unwrap_or_else(|| panic!("no {code} problem in {:#?}", check(pack, false).problems))
    }

    #[test]
    fn a_door_nothing_opens_is_fixed_by_a_console_that_opens_it() {
        let mut pack = bundled();
        let page = pack.pages.get_mut(&L1P1).unwrap();
        // Console 1 opens door 1: without it, door 1 leads nowhere Spacers can open.
        let console = page.spaces.consoles.get_mut(&1).unwrap();
        let opened = console.opens.clone();
        console.opens.clear();
        let problem = problem(&pack, "R002");
        let fixes = fixes(&pack, &problem);
        assert!(!fixes.is_empty(), "{problem:?}");
        assert_eq!(
            fixes[0].label,
            format!("Console 1 (L1p1 H5) opens door {}", opened[0])
        );
        let mut fixed = pack.clone();
        fixes[0].transaction().apply(&mut fixed).unwrap();
        assert!(
            check(&fixed, false)
                .problems
                .iter()
                .all(|p| p.code != "R002")
        );
        assert_eq!(
            editor_help(&pack, &problem).as_deref(),
            Some("select a console or keycard on L1p1 and tick door 1 under Opens")
        );
    }

    #[test]
    fn a_blocked_forced_arrow_is_turned_only_where_the_checks_pass() {
        let mut pack = bundled();
        let page = pack.pages.get_mut(&L1P1).unwrap();
        let space = Space::new(0, 4);
        assert!(page.is_board(space));
        // West of column 1 is off the page: an arrow there is blocked.
        page.spaces.forced_arrows.insert(
            space,
            deckplan_schema::model::ForcedArrow {
                direction: Direction::West,
                span: Default::default(),
            },
        );
        let problem = problem(&pack, "R004");
        let fixes = fixes(&pack, &problem);
        assert!(!fixes.is_empty());
        for fix in &fixes {
            let mut fixed = pack.clone();
            fix.transaction().apply(&mut fixed).unwrap();
            let after = check(&fixed, false);
            assert!(
                after.problems.iter().all(|p| p.code != "R004"),
                "{}",
                fix.label
            );
        }
        let labels: Vec<&str> = fixes.iter().map(|f| f.label.as_str()).collect();
        // E1's neighbours to the north, east and south are open board.
        assert_eq!(
            labels,
            vec![
                "Turn the arrow to point north",
                "Turn the arrow to point east",
                "Turn the arrow to point south"
            ]
        );
    }

    #[test]
    fn a_join_between_books_gets_the_location_arrows_the_printed_pages_have() {
        let printed = bundled();
        let (l1p2, l2p1) = (PageId { book: 1, page: 2 }, PageId { book: 2, page: 1 });
        let mut pack = printed.clone();
        for (page, target) in [(l1p2, l2p1), (l2p1, l1p2)] {
            let arrows = &mut pack.pages.get_mut(&page).unwrap().spaces.location_arrows;
            arrows.retain(|_, a| a.target != target);
        }
        let problem = problem(&pack, "A006");
        let fixes = fixes(&pack, &problem);
        let labels: Vec<&str> = fixes.iter().map(|f| f.label.as_str()).collect();
        // L1p2's east edge is open on E12 and F12, which face L2p1's G1 and H1.
        assert_eq!(
            labels,
            ["Place Location arrows across the join on L1p2 E12, F12 and L2p1 G1, H1"]
        );
        let mut fixed = pack.clone();
        fixes[0].transaction().apply(&mut fixed).unwrap();
        for page in [l1p2, l2p1] {
            let arrows = |pack: &Pack| {
                pack.pages[&page]
                    .spaces
                    .location_arrows
                    .iter()
                    .map(|(s, a)| (*s, a.direction, a.target))
                    .collect::<Vec<_>>()
            };
            assert_eq!(arrows(&fixed), arrows(&printed), "{page}");
        }
        assert!(
            check(&fixed, false)
                .problems
                .iter()
                .all(|p| p.code != "A006")
        );
        assert_eq!(
            editor_help(&pack, &problem).as_deref(),
            Some(
                "pick the Location arrow tool (L) and click a board space along L1p2's east \
                 edge where it meets L2p1, or along L2p1's west edge where it meets L1p2; the \
                 arrow points off the page and names the page across the join"
            )
        );
    }

    #[test]
    fn a_join_with_no_passage_across_it_gets_no_arrows() {
        let mut pack = bundled();
        let (l1p2, l2p1) = (PageId { book: 1, page: 2 }, PageId { book: 2, page: 1 });
        for (page, target) in [(l1p2, l2p1), (l2p1, l1p2)] {
            let arrows = &mut pack.pages.get_mut(&page).unwrap().spaces.location_arrows;
            arrows.retain(|_, a| a.target != target);
        }
        // Wall off L1p2's open east spaces: nothing faces L2p1's board any more.
        let page = pack.pages.get_mut(&l1p2).unwrap();
        for space in [Space::new(11, 4), Space::new(11, 5)] {
            page.set_kind(space, deckplan_schema::SpaceKind::OutOfBounds);
        }
        let problem = problem(&pack, "A006");
        assert_eq!(fixes(&pack, &problem), Vec::<Fix>::new());
    }

    #[test]
    fn a_door_number_used_twice_is_renumbered_or_removed() {
        let mut pack = bundled();
        let page = pack.pages.get_mut(&L1P1).unwrap();
        let door_one = page
            .edges
            .iter()
            .find(|(_, f)| f.kind == EdgeKind::Door(1))
            .map(|(e, f)| (*e, *f))
            .unwrap();
        let elsewhere = Edge::horizontal(0, 1);
        assert!(page.edge(elsewhere).is_none());
        page.edges.insert(elsewhere, door_one.1);
        let problem = problem(&pack, "F006");
        let fixes = fixes(&pack, &problem);
        let labels: Vec<&str> = fixes.iter().map(|f| f.label.as_str()).collect();
        let free = next_door_number(&pack.pages[&L1P1], &BTreeSet::new());
        assert_eq!(
            labels,
            vec![
                format!("Renumber this door 1 as door {free}").as_str(),
                "Remove this second door 1"
            ]
        );
        for fix in &fixes {
            let mut fixed = pack.clone();
            fix.transaction().apply(&mut fixed).unwrap();
            assert!(
                check(&fixed, false)
                    .problems
                    .iter()
                    .all(|p| p.code != "F006")
            );
        }
    }
}
