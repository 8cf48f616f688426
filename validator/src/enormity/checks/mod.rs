//! The rule checks: one file per check, one registry.
//!
//! A check is a pure function from the shared [`Board`] to [`Finding`]s; it
//! never prints or reads files. Its code, kebab-case name, default severity and
//! documentation are declared together with
//! [`declare_check!`](crate::declare_check): the doc comment
//! becomes `deckplan explain CODE` and `docs/checks.md`.
//!
//! Adding a check touches its file, one line of [`CHECKS`] and its fixtures.
//! Codes are never reused once retired.

use deckplan_schema::{
    Place, Span,
    enormity::{Join, LocationPlace, Pack, Page, PageId},
};

pub use crate::check::{CheckMeta, Finding, Retired};
use crate::enormity::board::Board;

pub mod area_without_spawn;
pub mod door_placement;
pub mod door_without_opener;
pub mod extraction_off_start_page;
pub mod extraction_point_unreachable;
pub mod feature_out_of_bounds;
pub mod forced_arrow_blocked;
pub mod idle_edge_feature;
pub mod impossible_join;
pub mod join_door_drawn_twice;
pub mod join_without_location_arrow;
pub mod location_arrow_placement;
pub mod location_arrow_target;
pub mod misaligned_join;
pub mod misplaced_setting;
pub mod multiple_extraction_points;
pub mod no_spacer_start;
pub mod overlapping_pages;
pub mod spawn_link_endpoint;
pub mod spawn_point_near_spacer_start;
pub mod spawn_point_unreachable;
pub mod trap_region;
pub mod unreachable_space;
pub mod unrevealed_page;

checks![
    super::Enormity:
    misaligned_join,
    overlapping_pages,
    impossible_join,
    location_arrow_placement,
    location_arrow_target,
    join_without_location_arrow,
    join_door_drawn_twice,
    multiple_extraction_points,
    extraction_point_unreachable,
    extraction_off_start_page,
    unreachable_space,
    door_without_opener,
    trap_region,
    forced_arrow_blocked,
    no_spacer_start,
    unrevealed_page,
    spawn_point_unreachable,
    area_without_spawn,
    spawn_point_near_spacer_start,
    spawn_link_endpoint,
    door_placement,
    feature_out_of_bounds,
    idle_edge_feature,
];

/// The codes retired, never to be given again.
pub const RETIRED: &[Retired] = &[Retired {
    code: "L001",
    name: "unknown-check",
    fate: "A `[lint]` setting that names no check is the format error F013 (`unknown-check`), \
           the same in every game.",
}];

/// Checks of the lint settings themselves, which need every check's findings.
pub const SETTINGS_CHECKS: &[CheckMeta] = &[misplaced_setting::META];

/// Every check's metadata, rule checks and settings checks, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    let mut all: Vec<CheckMeta> = CHECKS
        .iter()
        .map(|c| c.meta)
        .chain(SETTINGS_CHECKS.iter().copied())
        .collect();
    all.sort_by_key(|m| m.code);
    all
}

/// A finding at `place` on a page, pointing at `span` in the page file and
/// set by that page's `[lint]` table.
pub fn on_page(
    page: &Page,
    span: Span,
    place: LocationPlace,
    message: impl Into<String>,
) -> Finding {
    let mut finding = Finding::in_file(&page.source, Some(span), message).place(place);
    finding.filed_under = Some(Place::Enormity(LocationPlace::Page(page.id)));
    finding
}

/// A finding about the pack, pointing at `span` in `pack.toml`.
pub fn in_pack(pack: &Pack, span: Span, message: impl Into<String>) -> Finding {
    Finding::in_file(&pack.source, Some(span), message)
}

/// A finding about the whole pack, in `pack.toml`.
pub fn in_pack_file(pack: &Pack, message: impl Into<String>) -> Finding {
    Finding::in_file(&pack.source, None, message)
}

/// Files a finding under `page`: that page's `[lint]` table sets its level.
pub fn file_under(finding: &mut Finding, page: PageId) {
    finding.filed_under = Some(Place::Enormity(LocationPlace::Page(page)));
}

/// The page a finding is filed under, if any.
pub fn filed_page(finding: &Finding) -> Option<PageId> {
    finding
        .filed_under
        .as_ref()
        .and_then(|place| place.get::<LocationPlace>())
        .and_then(LocationPlace::page)
}

/// Why no Spacer can reach any space of a page, when that is so: the page is
/// not laid out (no join to the start page, or a join that cannot be laid
/// out), or it is laid out but cut off from the start. `None` when some space
/// of the page is reached. The findings on such a page follow from this one
/// cause, so they name it instead of a local fix.
pub fn page_cut_off(board: &Board<'_>, page: PageId) -> Option<String> {
    let pack = board.pack;
    let reached = pack.pages.get(&page).is_some_and(|p| {
        p.size.spaces().any(|space| {
            board.reach.reaches(
                &board.spacer,
                crate::enormity::board::PageSpace { page, space },
            )
        })
    });
    if reached {
        return None;
    }
    let joins: Vec<(usize, &Join)> = pack
        .joins
        .iter()
        .enumerate()
        .filter(|(_, j)| j.from.page == page || j.to.page == page)
        .collect();
    let broken: Vec<String> = joins
        .iter()
        .filter(|(i, _)| board.layout.problems.iter().any(|(p, _)| p == i))
        .map(|(_, j)| format!("{} / {}", j.from, j.to))
        .collect();
    Some(if joins.is_empty() {
        format!("page {page} is not joined to any page")
    } else if !broken.is_empty() {
        format!(
            "page {page} cannot be laid out: its join {} is impossible (see impossible-join)",
            list_some(&broken, 3)
        )
    } else {
        format!("no space of {page} can be reached from the start page")
    })
}

/// `a`, `a or b`, `a, b or c`: alternatives, every one named.
pub fn or_list<T: AsRef<str>>(items: &[T]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
    }
}

/// Spaces named page by page, each page once: `L1p1 C4, C5 and D4; L1p2 A1`,
/// at most `most` spaces per page before "and N more".
pub fn list_spaces<'a>(
    spaces: impl IntoIterator<Item = &'a crate::enormity::board::PageSpace>,
    most: usize,
) -> String {
    let mut by_page: std::collections::BTreeMap<deckplan_schema::enormity::PageId, Vec<String>> =
        std::collections::BTreeMap::new();
    for s in spaces {
        by_page.entry(s.page).or_default().push(s.space.to_string());
    }
    let parts: Vec<String> = by_page
        .into_iter()
        .map(|(page, names)| format!("{page} {}", list_some(&names, most)))
        .collect();
    parts.join("; ")
}

/// Lists items in a sentence: `a`, `a and b`, `a, b and 3 more`.
pub fn list_some(items: &[String], most: usize) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() <= most => {
            let (last, rest) = items
                .split_last()
                .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
            format!("{} and {last}", rest.join(", "))
        }
        _ => format!(
            "{} and {} more",
            items
                .iter()
                .take(most)
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
            items.len() - most
        ),
    }
}

/// The span in `pack.toml` of the end of a join that names `page` (the whole
/// join if neither end does).
pub fn join_end(join: &Join, page: PageId) -> Span {
    if join.to.page == page {
        join.to_span
    } else if join.from.page == page {
        join.from_span
    } else {
        join.span
    }
}
