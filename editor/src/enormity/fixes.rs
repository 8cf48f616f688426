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
    Place,
    enormity::{Direction, EdgeKind, LocationPlace, Pack, Page, PageEdge, PageId, Space},
};
use deckplan_validator::enormity::board::layout::{PackLayout, edge_spaces, facing};
use deckplan_validator::enormity::lint::check_pack;

use crate::enormity::edit::{Edit, Transaction};
use crate::enormity::ops::next_door_number;
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
    let Some(place) = problem.place.as_ref().and_then(Place::get::<LocationPlace>) else {
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
                    console: Some(deckplan_schema::enormity::model::Console {
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
    let (on_a, on_b) = facing(&a_spaces, &b_spaces);
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
    let place = problem
        .place
        .as_ref()
        .and_then(Place::get::<LocationPlace>)
        .copied();
    // The page the problem is filed under, for checks about a whole page or pack.
    let filed = place
        .and_then(|p| p.page())
        .or(crate::enormity::problems::page(problem));
    match (problem.code, place) {
        ("A006", Some(LocationPlace::Join { from, to })) => Some(format!(
            "pick the Location arrow tool (L) and click a board space along {}'s {} edge \
             where it meets {}, or along {}'s {} edge where it meets {}; the arrow points off \
             the page and names the page across the join",
            from.page, from.side, to.page, to.page, to.side, from.page
        )),
        (
            "R002",
            Some(LocationPlace::Door {
                page: page_id,
                number,
                ..
            }),
        ) if problem
            .help
            .as_deref()
            .is_some_and(|h| h.contains("`opens`")) =>
        {
            let has_opener = pack
                .pages
                .get(&page_id)
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
        (
            "F006",
            Some(LocationPlace::Door { page, edge, .. } | LocationPlace::Edge { page, edge, .. }),
        ) => {
            let Some(EdgeKind::Door(number)) = pack.pages.get(&page)?.edge(edge).map(|f| f.kind)
            else {
                return None;
            };
            Some(format!(
                "select one of the doors numbered {number} and give it a free number in the \
                 inspector, or remove it"
            ))
        }
        _ => tools_help(problem, filed.unwrap_or(pack.start)),
    }
}

/// Help for the common checks, worded for the editor's tools and panels:
/// appended to the validator's help, which names the places involved, or
/// instead of it when that help speaks of the file's keys and tables.
fn tools_help(problem: &Problem, page: PageId) -> Option<String> {
    let help = problem.help.as_deref().unwrap_or_default();
    let tools = match problem.code {
        "R001" | "R003" => {
            "the Door tool (D) puts a door in a wall, and the Erase edge tool (E) opens a gap"
                .to_string()
        }
        "R004" => "drag from the arrow's space with the Forced arrow tool (A) to point it \
                   elsewhere, open the way with the Erase edge tool (E), or join a page on that \
                   edge in the layout (Ctrl+L)"
            .to_string(),
        "R005" => format!(
            "pick the Marker tool (M), choose Spacer start under Place, and click board spaces \
             on {page}"
        ),
        "R006" => "with the Location arrow tool (L), choose the page under Target page and \
                   click an edge space of a revealed page joined to it, or join a page of its \
                   own book to it in the layout (Ctrl+L)"
            .to_string(),
        "A001" => "drag the page in the layout (Ctrl+L) until it snaps to a whole space (Alt \
                   snaps to half spaces); if the pages are printed this way, allow \
                   misaligned-join with a reason in the pack's lint settings"
            .to_string(),
        "A002" => "drag one of the pages against a free edge in the layout (Ctrl+L), or remove \
                   the join with ✖ in its joins panel"
            .to_string(),
        "A003" => "remove the join with ✖ in the layout's joins panel (Ctrl+L) and drag the \
                   page against the edge it belongs to: pages snap east against west and \
                   north against south, where they touch"
            .to_string(),
        "A004" => "drag the arrow to an edge space with the Select tool (V), or click the edge \
                   space with the Location arrow tool (L), which points it off the page"
            .to_string(),
        "A005" => "select the arrow and choose the page joined across that edge under Leads to \
                   in the inspector, or join the page there in the layout (Ctrl+L)"
            .to_string(),
        "E001" => "click the extra Extraction Point with the Marker tool (M) set to Extraction \
                   Point to remove it, or untick it in the inspector"
            .to_string(),
        "E002" => "put a door in the wall with the Door tool (D), open a gap with the Erase edge \
                   tool (E), or drag the Extraction Point with the Select tool (V) next to a \
                   space Spacers reach"
            .to_string(),
        "E003" => "pick the Marker tool (M), choose Extraction Point under Place, and click a \
                   board space on another page Spacers reach"
            .to_string(),
        "S001" => "join the page to the others in the layout (Ctrl+L), drag the spawn point \
                   with the Select tool (V), or click it with the Spawn point tool (P) to \
                   remove it"
            .to_string(),
        "S002" => format!(
            "pick the Spawn point tool (P) and click any intersection of that area on {page}: \
             Blips pass walls and doors"
        ),
        "S003" => "drag the spawn point with the Select tool (V)".to_string(),
        "S004" => "click the link's ends with the Spawn point tool (P) to make them spawn \
                   points, or drag between them again with the Spawn link tool (K) to remove \
                   the link"
            .to_string(),
        "X001" => "drag the door with the Select tool (V) onto a line between two board spaces, \
                   paint the spaces beside it as board with the Spaces tool (B), or join a page \
                   on that edge in the layout (Ctrl+L)"
            .to_string(),
        "X002" => "paint the space as board with the Spaces tool (B), or select the feature and \
                   move it with the Select tool (V) or remove it in the inspector"
            .to_string(),
        "X003" => "the Erase edge tool (E) removes it, and the Wall and Red line tools (W, R) \
                   draw it again where it should stand"
            .to_string(),
        _ => return None,
    };
    // Keys, tables and file names are the file's words, not the editor's.
    let file_worded = help.is_empty()
        || help.contains('`')
        || help.contains("pack.toml")
        || help.contains("[intersections]");
    Some(if file_worded {
        tools
    } else {
        format!("{help}; in the editor, {tools}")
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::problems::check;
    use deckplan_schema::enormity::{Edge, Space};

    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn bundled() -> Pack {
        crate::enormity::testutil::bundled_pack()
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
            deckplan_schema::enormity::model::ForcedArrow {
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
            page.set_kind(space, deckplan_schema::enormity::SpaceKind::OutOfBounds);
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

    /// The first problem of check `code` in its failing test fixture.
    fn fixture_problem(code: &str) -> (Pack, Problem) {
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/checks/enormity");
        let fixture = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(code))
            .unwrap();
        let pack = deckplan_schema::enormity::load::load_pack(
            &deckplan_schema::sources::Sources::pack(&fixture.join("fail")),
        )
        .unwrap()
        .value
        .unwrap();
        let problem = problem(&pack, code);
        (pack, problem)
    }

    #[test]
    fn the_common_checks_get_help_worded_for_the_editor() {
        let expected = [
            (
                "R001",
                "closed off by walls on L1p1 B4-B6 north and C3 east; a door or a gap in a line would open it; in the editor, the Door tool (D) puts a door in a wall, and the Erase edge tool (E) opens a gap",
            ),
            (
                "R003",
                "the way in is the forced arrow on L1p1 C4 (east); no single arrow turned inside leads back; open a way out (a door or a gap); in the editor, the Door tool (D) puts a door in a wall, and the Erase edge tool (E) opens a gap",
            ),
            (
                "R004",
                "turn the arrow, clear the way, or join a page on that edge; in the editor, drag from the arrow's space with the Forced arrow tool (A) to point it elsewhere, open the way with the Erase edge tool (E), or join a page on that edge in the layout (Ctrl+L)",
            ),
            (
                "R005",
                "pick the Marker tool (M), choose Spacer start under Place, and click board spaces on L1p1",
            ),
            (
                "R006",
                "put a Location arrow naming L2p1 on L1p1 east, where it is joined; in the editor, with the Location arrow tool (L), choose the page under Target page and click an edge space of a revealed page joined to it, or join a page of its own book to it in the layout (Ctrl+L)",
            ),
            (
                "A001",
                "drag the page in the layout (Ctrl+L) until it snaps to a whole space (Alt snaps to half spaces); if the pages are printed this way, allow misaligned-join with a reason in the pack's lint settings",
            ),
            (
                "A002",
                "this join lays L1p4 over L1p3; change its offset or join L1p4 to another edge; in the editor, drag one of the pages against a free edge in the layout (Ctrl+L), or remove the join with ✖ in its joins panel",
            ),
            (
                "A003",
                "L1p1 east is 3 spaces long and L1p5 west 3; an offset from -2 to 2 keeps them touching; in the editor, remove the join with ✖ in the layout's joins panel (Ctrl+L) and drag the page against the edge it belongs to: pages snap east against west and north against south, where they touch",
            ),
            (
                "A004",
                "move it to C6 on the east edge, where it points off the page; in the editor, drag the arrow to an edge space with the Select tool (V), or click the edge space with the Location arrow tool (L), which points it off the page",
            ),
            (
                "A005",
                "select the arrow and choose the page joined across that edge under Leads to in the inspector, or join the page there in the layout (Ctrl+L)",
            ),
            (
                "A006",
                "pick the Location arrow tool (L) and click a board space along L1p1's east edge where it meets L2p1, or along L2p1's west edge where it meets L1p1; the arrow points off the page and names the page across the join",
            ),
            (
                "E001",
                "a page has at most one Extraction Point; remove this one, or move it to a page that has none; in the editor, click the extra Extraction Point with the Marker tool (M) set to Extraction Point to remove it, or untick it in the inspector",
            ),
            (
                "E002",
                "the wall on C5 east cuts it off from C5, which Spacers reach (the rulebook: red lines and obstacles block adjacency; a wall blocking it is this project's reading, docs/rules/enormity.md); replace it with a door or a gap, or move the Extraction Point; in the editor, put a door in the wall with the Door tool (D), open a gap with the Erase edge tool (E), or drag the Extraction Point with the Select tool (V) next to a space Spacers reach",
            ),
            (
                "E003",
                "add an Extraction Point on another page Spacers can reach; in the editor, pick the Marker tool (M), choose Extraction Point under Place, and click a board space on another page Spacers reach",
            ),
            (
                "S001",
                "join the page to the others in the layout (Ctrl+L), drag the spawn point with the Select tool (V), or click it with the Spawn point tool (P) to remove it",
            ),
            (
                "S002",
                "pick the Spawn point tool (P) and click any intersection of that area on L1p1: Blips pass walls and doors",
            ),
            (
                "S003",
                "move the spawn point at least one intersection away from the Spacer starts; in the editor, drag the spawn point with the Select tool (V)",
            ),
            (
                "S004",
                "click the link's ends with the Spawn point tool (P) to make them spawn points, or drag between them again with the Spawn link tool (K) to remove the link",
            ),
            (
                "X001",
                "drag the door with the Select tool (V) onto a line between two board spaces, paint the spaces beside it as board with the Spaces tool (B), or join a page on that edge in the layout (Ctrl+L)",
            ),
            (
                "X002",
                "paint the space as board with the Spaces tool (B), or select the feature and move it with the Select tool (V) or remove it in the inspector",
            ),
            (
                "X003",
                "out-of-bounds spaces and the board's border already stop everything a wall does, and Blips ignore it: move it to the edge between the board spaces it should part, or remove it; in the editor, the Erase edge tool (E) removes it, and the Wall and Red line tools (W, R) draw it again where it should stand",
            ),
        ];
        for (code, help) in expected {
            let (pack, problem) = fixture_problem(code);
            assert_eq!(
                editor_help(&pack, &problem).as_deref(),
                Some(help),
                "{code}"
            );
        }
    }
}
