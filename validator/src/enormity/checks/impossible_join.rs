//! A003: joins that cannot be laid out.

use deckplan_schema::enormity::model::Offset;
use deckplan_schema::enormity::{Direction, Join, LocationPlace, Pack, PageId};

use super::{Finding, join_end};
use crate::enormity::board::Board;
use crate::enormity::board::layout::{JoinProblem, PackLayout, place_across};

declare_check! {
    /// ## What it checks
    /// Every join must describe a real way to lay two pages side by side:
    /// - the two edges face each other (east against west, north against south);
    /// - the offset leaves the edges touching along some length;
    /// - it agrees with the other joins: pages are placed by following the joins from
    ///   the start page, and a join that would put an already placed page somewhere else
    ///   (a loop of joins that does not close) is not obeyed.
    ///
    /// ## Why it matters
    /// A join that cannot hold connects nothing: Spacers and Blips do not cross it,
    /// Location arrows that rely on it lead nowhere, and the pack is not the board the
    /// printed pages make.
    ///
    /// ## Example
    /// ```toml
    /// [[joins]]
    /// from = "L1p1 east"
    /// to = "L1p2 north"
    /// ```
    ///
    /// ## How to fix
    /// Join an edge to the opposite edge (`L1p1 east` to `L1p2 west`), keep the offset
    /// within the range the help line gives, or use the offset that agrees with the other
    /// joins (or remove the join that disagrees).
    code: "A003",
    name: "impossible-join",
    severity: Error,
}

/// Reports every join the layout could not use.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    for (index, problem) in &board.layout.problems {
        let Some(join) = pack.joins.get(*index) else {
            continue;
        };
        let finding = match problem {
            JoinProblem::NotOpposite => not_opposite(pack, join),
            JoinProblem::NoContact => no_contact(pack, join),
            JoinProblem::Inconsistent { page } => {
                match inconsistent(pack, &board.layout, join, *page) {
                    Some(finding) => finding,
                    None => continue,
                }
            }
        };
        out.push(finding.place(LocationPlace::Join {
            from: join.from,
            to: join.to,
        }));
    }
}

fn not_opposite(pack: &Pack, join: &Join) -> Finding {
    let facing = join.from.side.opposite();
    let message = format!(
        "{} cannot be laid against {}: a page's {} edge only touches another page's {} edge",
        join.to, join.from, join.from.side, facing
    );
    let help = format!(
        "write `to = \"{} {facing}\"`, or `from = \"{} {}\"` to keep {}",
        join.to.page,
        join.from.page,
        join.to.side.opposite(),
        join.to
    );
    super::in_pack(pack, join.to_span, message)
        .help(help)
        .label(join.from_span, "laid against this edge")
}

fn no_contact(pack: &Pack, join: &Join) -> Finding {
    let along_rows = matches!(join.from.side, Direction::East | Direction::West);
    let length = |id| {
        pack.pages.get(&id).map_or(0, |p| {
            if along_rows {
                i32::from(p.size.rows)
            } else {
                i32::from(p.size.columns)
            }
        })
    };
    let (from_len, to_len) = (length(join.from.page), length(join.to.page));
    let message = format!(
        "with offset {}, {} slides past {}: the two edges do not touch",
        join.offset, join.to, join.from
    );
    let help = format!(
        "{} is {from_len} spaces long and {} {to_len}; an offset from {} to {} keeps them touching",
        join.from,
        join.to,
        Offset::spaces(1 - to_len),
        Offset::spaces(from_len - 1)
    );
    super::in_pack(pack, join.offset_span.unwrap_or(join.span), message).help(help)
}

fn inconsistent(pack: &Pack, layout: &PackLayout, join: &Join, page: PageId) -> Option<Finding> {
    // The join was read from the end that was already placed towards `page`.
    let forward = join.to.page == page;
    let known = if forward {
        join.from.page
    } else {
        join.to.page
    };
    let known_at = *layout.placements.get(&known)?;
    let existing = *layout.placements.get(&page)?;
    let size = pack.pages.get(&page)?.size;
    let proposed = place_across(join, known_at, size, forward);
    let (dx, dy) = (proposed.x - existing.x, proposed.y - existing.y);
    let mut moves = Vec::new();
    for (delta, plus, minus) in [
        (dx, Direction::East, Direction::West),
        (dy, Direction::North, Direction::South),
    ] {
        if delta != 0 {
            let way = if delta > 0 { plus } else { minus };
            moves.push(format!("{} {way}", length(delta.abs())));
        }
    }
    let message = format!(
        "this join puts {page} {} of where the other joins put it",
        moves.join(" and ")
    );
    let vertical = matches!(join.from.side, Direction::East | Direction::West);
    let (along, across) = if vertical { (dy, dx) } else { (dx, dy) };
    let help = if across == 0 {
        // Shifting along the shared line is exactly what the offset does.
        let needed = i64::from(join.offset.hundredths) - if forward { along } else { -along };
        let needed = Offset {
            hundredths: i32::try_from(needed).ok()?,
        };
        format!("`offset = {needed}` agrees with the other joins; or remove this join")
    } else {
        format!(
            "no offset fixes it: where the other joins put them, {} and {} are not side by side; \
             check the loop of joins between them, or remove this one",
            join.from, join.to
        )
    };
    let mut finding =
        super::in_pack(pack, join.offset_span.unwrap_or(join.span), message).help(help);
    let placed_by = layout
        .origins
        .get(&page)
        .and_then(|o| o.join)
        .and_then(|i| pack.joins.get(i));
    if let Some(other) = placed_by {
        finding = finding.label(
            join_end(other, page),
            format!("{page} is placed by this join"),
        );
    }
    Some(finding)
}

/// A distance in layout units, as spaces: `1 space`, `2.5 spaces`.
fn length(units: i64) -> String {
    let offset = Offset {
        hundredths: i32::try_from(units).unwrap_or(i32::MAX),
    };
    if offset == Offset::spaces(1) {
        "1 space".to_string()
    } else {
        format!("{offset} spaces")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::enormity::load::pack_file_from_source;
    use deckplan_schema::{
        SourceFile,
        enormity::{Page, Size},
    };

    use super::*;

    /// A pack of 3 × 3 pages L1p1–L1p3 with the given joins.
    fn pack(joins: &str) -> Pack {
        let text = format!(
            "format = 1\nname = \"T\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = []\n{joins}"
        );
        let mut pack = pack_file_from_source(&SourceFile::new("pack.toml", text))
            .value
            .unwrap();
        for page in 1..=3 {
            let id = PageId { book: 1, page };
            let size = Size {
                columns: 3,
                rows: 3,
            };
            pack.pages.insert(id, Page::new(id, "SR", size));
        }
        pack
    }

    fn findings(pack: &Pack) -> Vec<Finding> {
        let board = Board::new(pack);
        let mut out = Vec::new();
        run(&board, &mut out);
        out
    }

    #[test]
    fn offset_fix_when_the_from_page_is_the_one_placed_twice() {
        // L1p2 lies east of L1p1 and L1p3 north of it; the third join is read from
        // L1p3 and tries to put L1p2 (its `from` page) one row higher.
        let pack = pack(
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\n\
             [[joins]]\nfrom = \"L1p1 north\"\nto = \"L1p3 south\"\n\
             [[joins]]\nfrom = \"L1p2 west\"\nto = \"L1p3 east\"\noffset = 2\n",
        );
        let found = findings(&pack);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].message,
            "this join puts L1p2 1 space north of where the other joins put it"
        );
        assert_eq!(
            found[0].help.as_deref(),
            Some("`offset = 3` agrees with the other joins; or remove this join")
        );
    }

    #[test]
    fn no_offset_fixes_a_page_pushed_across_the_line() {
        // L1p3 north of L1p1 and L1p2 east of it; the third join, read from L1p3 (placed
        // first), claims L1p2 lies west of L1p3: no offset along that line moves it east.
        let pack = pack(
            "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\n\
             [[joins]]\nfrom = \"L1p1 north\"\nto = \"L1p3 south\"\n\
             [[joins]]\nfrom = \"L1p2 east\"\nto = \"L1p3 west\"\noffset = 3\n",
        );
        let found = findings(&pack);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].message,
            "this join puts L1p2 6 spaces west of where the other joins put it"
        );
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap()
                .starts_with("no offset fixes it")
        );
    }
}
