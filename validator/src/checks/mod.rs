//! The rule checks: one file per check, one registry.
//!
//! A check is a pure function from the shared [`Board`] to [`Finding`]s; it
//! never prints or reads files. Its code, kebab-case name, default severity and
//! documentation are declared together with
//! [`declare_check!`](crate::declare_check): the doc comment
//! becomes `deckplan explain CODE` and `docs/checks.md`.
//!
//! Adding a check touches its file, one line of [`REGISTRY`] and its fixtures.
//! Codes are never reused once retired.

use std::fmt;
use std::sync::Arc;

use deckplan_schema::{Join, LocationPlace, Pack, Page, PageId, Place, SourceFile, Span};

use crate::board::Board;
pub use crate::check::CheckMeta;
use crate::diagnostic::Label;

pub mod area_without_spawn;
pub mod door_placement;
pub mod door_without_opener;
pub mod extraction_off_start_page;
pub mod extraction_point_unreachable;
pub mod feature_out_of_bounds;
pub mod forced_arrow_blocked;
pub mod idle_edge_feature;
pub mod impossible_join;
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
pub mod unknown_check;
pub mod unreachable_space;
pub mod unrevealed_page;

/// A registered check.
#[derive(Clone, Copy)]
pub struct Check {
    /// Its metadata.
    pub meta: CheckMeta,
    /// Runs it over a pack's board.
    pub run: fn(&Board<'_>, &mut Vec<Finding>),
}

impl fmt::Debug for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Check")
            .field("meta", &self.meta)
            .finish_non_exhaustive()
    }
}

/// Every check, in code order.
pub const REGISTRY: &[Check] = &[
    Check {
        meta: misaligned_join::META,
        run: misaligned_join::run,
    },
    Check {
        meta: overlapping_pages::META,
        run: overlapping_pages::run,
    },
    Check {
        meta: impossible_join::META,
        run: impossible_join::run,
    },
    Check {
        meta: location_arrow_placement::META,
        run: location_arrow_placement::run,
    },
    Check {
        meta: location_arrow_target::META,
        run: location_arrow_target::run,
    },
    Check {
        meta: join_without_location_arrow::META,
        run: join_without_location_arrow::run,
    },
    Check {
        meta: multiple_extraction_points::META,
        run: multiple_extraction_points::run,
    },
    Check {
        meta: extraction_point_unreachable::META,
        run: extraction_point_unreachable::run,
    },
    Check {
        meta: extraction_off_start_page::META,
        run: extraction_off_start_page::run,
    },
    Check {
        meta: unreachable_space::META,
        run: unreachable_space::run,
    },
    Check {
        meta: door_without_opener::META,
        run: door_without_opener::run,
    },
    Check {
        meta: trap_region::META,
        run: trap_region::run,
    },
    Check {
        meta: forced_arrow_blocked::META,
        run: forced_arrow_blocked::run,
    },
    Check {
        meta: no_spacer_start::META,
        run: no_spacer_start::run,
    },
    Check {
        meta: unrevealed_page::META,
        run: unrevealed_page::run,
    },
    Check {
        meta: spawn_point_unreachable::META,
        run: spawn_point_unreachable::run,
    },
    Check {
        meta: area_without_spawn::META,
        run: area_without_spawn::run,
    },
    Check {
        meta: spawn_point_near_spacer_start::META,
        run: spawn_point_near_spacer_start::run,
    },
    Check {
        meta: spawn_link_endpoint::META,
        run: spawn_link_endpoint::run,
    },
    Check {
        meta: door_placement::META,
        run: door_placement::run,
    },
    Check {
        meta: feature_out_of_bounds::META,
        run: feature_out_of_bounds::run,
    },
    Check {
        meta: idle_edge_feature::META,
        run: idle_edge_feature::run,
    },
];

/// Checks of the lint settings themselves (they run even when a pack has format errors).
pub const SETTINGS_CHECKS: &[CheckMeta] = &[unknown_check::META, misplaced_setting::META];

/// Every check's metadata, rule checks and settings checks, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    let mut all: Vec<CheckMeta> = REGISTRY
        .iter()
        .map(|c| c.meta)
        .chain(SETTINGS_CHECKS.iter().copied())
        .collect();
    all.sort_by_key(|m| m.code);
    all
}

/// Finds a check by kebab-case name.
pub fn by_name(name: &str) -> Option<CheckMeta> {
    all_meta().into_iter().find(|m| m.name == name)
}

/// Keeps at most [`MAX_FINDINGS_PER_CHECK`](deckplan_schema::limits::MAX_FINDINGS_PER_CHECK)
/// findings of one check: when there are more, the first ones are kept and
/// the last kept is one finding saying how many more there are, so a page
/// with thousands of problems cannot flood a report or exhaust memory.
pub fn cap_findings(findings: &mut Vec<Finding>, name: &str) {
    let most = deckplan_schema::limits::MAX_FINDINGS_PER_CHECK;
    if findings.len() <= most {
        return;
    }
    let listed = most.saturating_sub(1);
    let more = findings.len() - listed;
    let Some(first) = findings.first() else {
        return;
    };
    let summary = more_findings(&first.file, more, name);
    findings.truncate(listed);
    findings.push(summary);
}

/// The closing finding of a capped check: `more` findings are not listed.
pub fn more_findings(file: &Arc<SourceFile>, more: usize, name: &str) -> Finding {
    Finding {
        message: format!(
            "and {more} more `{name}` findings (at most {} are listed per check)",
            deckplan_schema::limits::MAX_FINDINGS_PER_CHECK
        ),
        file: Arc::clone(file),
        span: None,
        page: None,
        place: None,
        help: Some("fix the findings listed and run again".to_string()),
        labels: Vec::new(),
    }
}

/// One thing a check found, before the lint level gives it a severity.
#[derive(Clone, Debug)]
pub struct Finding {
    /// One sentence saying what is wrong.
    pub message: String,
    /// The file the finding points into.
    pub file: Arc<SourceFile>,
    /// Where in the file.
    pub span: Option<Span>,
    /// The page whose `[lint]` settings apply, if any.
    pub page: Option<PageId>,
    /// Where on the board.
    pub place: Option<Place>,
    /// A fix, or what would open an area.
    pub help: Option<String>,
    /// Other places that explain it (same file).
    pub labels: Vec<Label>,
}

impl Finding {
    /// A finding at `place` on a page, pointing at `span` in the page file.
    pub fn on_page(
        page: &Page,
        span: Span,
        place: LocationPlace,
        message: impl Into<String>,
    ) -> Self {
        Self {
            message: message.into(),
            file: Arc::clone(&page.source),
            span: Some(span),
            page: Some(page.id),
            place: Some(Place::Location(place)),
            help: None,
            labels: Vec::new(),
        }
    }

    /// A finding about the pack, pointing at `span` in `pack.toml`.
    pub fn in_pack(pack: &Pack, span: Span, message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            file: Arc::clone(&pack.source),
            span: Some(span),
            page: None,
            place: None,
            help: None,
            labels: Vec::new(),
        }
    }

    /// Adds a fix.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the board place.
    pub fn place(mut self, place: LocationPlace) -> Self {
        self.place = Some(Place::Location(place));
        self
    }

    /// Adds a secondary label in the same file.
    pub fn label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }
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
            board
                .reach
                .reaches(&board.spacer, crate::board::PageSpace { page, space })
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
    spaces: impl IntoIterator<Item = &'a crate::board::PageSpace>,
    most: usize,
) -> String {
    let mut by_page: std::collections::BTreeMap<deckplan_schema::PageId, Vec<String>> =
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod cap_tests {
    use deckplan_schema::limits::MAX_FINDINGS_PER_CHECK;

    use super::*;

    fn findings(n: usize) -> Vec<Finding> {
        let file = SourceFile::new("pack.toml", String::new());
        (0..n)
            .map(|i| Finding {
                message: format!("finding {i}"),
                file: Arc::clone(&file),
                span: None,
                page: None,
                place: None,
                help: None,
                labels: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn findings_past_the_limit_are_counted_in_the_last_one() {
        let mut at_limit = findings(MAX_FINDINGS_PER_CHECK);
        cap_findings(&mut at_limit, "unreachable-space");
        assert_eq!(at_limit.len(), MAX_FINDINGS_PER_CHECK);
        assert_eq!(at_limit[MAX_FINDINGS_PER_CHECK - 1].message, "finding 199");

        let mut over = findings(5000);
        cap_findings(&mut over, "unreachable-space");
        assert_eq!(over.len(), MAX_FINDINGS_PER_CHECK);
        assert_eq!(over[MAX_FINDINGS_PER_CHECK - 2].message, "finding 198");
        assert_eq!(
            over[MAX_FINDINGS_PER_CHECK - 1].message,
            "and 4801 more `unreachable-space` findings (at most 200 are listed per check)"
        );
    }
}
