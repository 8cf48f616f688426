//! A002: pages that the joins lay on top of each other.

use deckplan_schema::enormity::LocationPlace;
use deckplan_schema::enormity::model::Offset;

use super::{Finding, join_end};
use crate::enormity::board::Board;
use crate::enormity::board::layout::Placement;

declare_check! {
    /// ## What it checks
    /// Pages are laid out from the start page by following the joins. No two pages
    /// laid out together may cover the same area; touching along an edge is fine.
    /// Pages not joined (directly or through others) to each other are never compared.
    ///
    /// ## Why it matters
    /// Printed pages cannot lie on top of each other: one of the joins is wrong, and the
    /// board the checks and the rules engine see is not the one players build.
    ///
    /// ## Example
    /// L1p2 is joined east of L1p1 and L1p3 north of L1p2 with `offset = -3`, while L1p4
    /// is joined north of L1p1: L1p3 and L1p4 cover the same spaces.
    ///
    /// ## How to fix
    /// Correct the offset of the join named in the finding, or join the page to another
    /// edge. `deckplan show` draws the pack as it is laid out.
    code: "A002",
    name: "overlapping-pages",
    severity: Error,
}

/// Reports each overlapping pair once, at the join that placed the later
/// page. Pairs past the per-check limit are only counted: thousands of tiny
/// overlapping pages make millions of pairs, and a finding each would not fit
/// in memory.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let listed = deckplan_schema::limits::MAX_FINDINGS_PER_CHECK.saturating_sub(1);
    let mut found = 0usize;
    let mut more = 0usize;
    let pack = board.pack;
    let layout = &board.layout;
    let placed: Vec<_> = layout
        .placements
        .iter()
        .filter_map(|(id, at)| layout.origins.get(id).map(|origin| (*id, *at, *origin)))
        .collect();
    for (i, &(first, first_at, first_origin)) in placed.iter().enumerate() {
        for &(second, second_at, second_origin) in placed.iter().skip(i + 1) {
            if first_origin.root != second_origin.root || !first_at.overlaps(&second_at) {
                continue;
            }
            if found >= listed {
                more += 1;
                continue;
            }
            // Blame the page placed later: the earlier one was where it is first.
            let ((earlier, earlier_origin), (later, later_origin)) =
                if first_origin.order <= second_origin.order {
                    ((first, first_origin), (second, second_origin))
                } else {
                    ((second, second_origin), (first, first_origin))
                };
            let (wide, high) = overlap(&first_at, &second_at);
            let message = format!(
                "{later} overlaps {earlier} by an area {wide} {} wide and {high} {} high",
                spaces(wide),
                spaces(high)
            );
            let join = later_origin.join.and_then(|i| pack.joins.get(i));
            let finding = match join {
                Some(join) => {
                    let mut finding = super::in_pack(pack, join_end(join, later), message)
                        .place(LocationPlace::Page(later))
                        .help(format!(
                            "this join lays {later} over {earlier}; change its offset or \
                             join {later} to another edge"
                        ));
                    let earlier_join = earlier_origin.join.and_then(|i| pack.joins.get(i));
                    if let Some(other) = earlier_join {
                        finding = finding.label(
                            join_end(other, earlier),
                            format!("{earlier} is placed by this join"),
                        );
                    }
                    finding
                }
                None => {
                    let Some(page) = pack.pages.get(&later) else {
                        continue;
                    };
                    super::on_page(page, page.id_span, LocationPlace::Page(later), message).help(
                        format!("check the joins that place {later} and {earlier} in pack.toml"),
                    )
                }
            };
            out.push(finding);
            found += 1;
        }
    }
    if more > 0 {
        out.push(
            super::in_pack_file(
                pack,
                format!(
                    "and {more} more `{}` findings (at most {} are listed per check)",
                    META.name,
                    deckplan_schema::limits::MAX_FINDINGS_PER_CHECK
                ),
            )
            .help("fix the findings listed and run again"),
        );
    }
}

/// The width and height of the area two placements share, in spaces (layout
/// units are hundredths of a space, like offsets).
fn overlap(a: &Placement, b: &Placement) -> (Offset, Offset) {
    let wide = (a.x + a.width).min(b.x + b.width) - a.x.max(b.x);
    let high = (a.y + a.height).min(b.y + b.height) - a.y.max(b.y);
    let hundredths = |units: i64| Offset {
        hundredths: i32::try_from(units).unwrap_or(i32::MAX),
    };
    (hundredths(wide), hundredths(high))
}

/// "space" or "spaces" after a length.
fn spaces(length: Offset) -> &'static str {
    if length == Offset::spaces(1) {
        "space"
    } else {
        "spaces"
    }
}
