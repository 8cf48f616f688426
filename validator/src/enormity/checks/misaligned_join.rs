//! A001: joins whose offset is not a whole number of spaces.

use deckplan_schema::enormity::LocationPlace;
use deckplan_schema::enormity::model::Offset;

use super::Finding;
use crate::enormity::board::Board;
use crate::enormity::board::layout::JoinProblem;

declare_check! {
    /// ## What it checks
    /// A join's `offset` should be a whole number of spaces, so that the grid lines of
    /// the two pages meet and their intersections line up along the shared edge.
    /// Joins whose edges cannot touch at all are left to `impossible-join`.
    ///
    /// ## Why it matters
    /// Across a misaligned join the lattice has no shared intersections: a Blip that
    /// crosses it snaps to the nearest intersection, and Spacers step from one space to
    /// two half-facing ones. The rules allow it, but it is usually a typo in the offset.
    ///
    /// ## Example
    /// ```toml
    /// [[joins]]
    /// from = "L2p2 south"
    /// to = "L2p3 north"
    /// offset = 0.5
    /// ```
    ///
    /// ## How to fix
    /// Use the whole offset the help line suggests. If the pages really are printed half
    /// a space apart (a narrower page laid "as evenly as possible" under a wider one),
    /// allow the check with a reason — in `pack.toml`, or in the `[lint]` table of the
    /// `to` page, which is the page the finding is filed under.
    code: "A001",
    name: "misaligned-join",
    severity: Warning,
}

/// Reports every join with a fractional offset.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    for (index, join) in pack.joins.iter().enumerate() {
        if join.offset.is_aligned() {
            continue;
        }
        // An offset means nothing between edges that never touch; A003 reports those.
        let cannot_touch = board.layout.problems.iter().any(|(i, problem)| {
            *i == index && matches!(problem, JoinProblem::NotOpposite | JoinProblem::NoContact)
        });
        if cannot_touch {
            continue;
        }
        let hundredths = join.offset.hundredths;
        let below = Offset::spaces(hundredths.div_euclid(100));
        let above = Offset::spaces(hundredths.div_euclid(100) + 1);
        // The nearer whole offset first; on a tie, the one nearer zero.
        let (near, far) = if hundredths.rem_euclid(100) > 50
            || (hundredths.rem_euclid(100) == 50 && below.hundredths < 0)
        {
            (above, below)
        } else {
            (below, above)
        };
        let message = format!(
            "the join from {} to {} is offset by {} spaces, not a whole number: Blips \
             crossing it snap to the nearest intersection",
            join.from, join.to, join.offset
        );
        let help = format!(
            "`offset = {near}` (or `{far}`) lines the intersections up; if the pages are \
             printed this way, allow `misaligned-join` with a reason"
        );
        let span = join.offset_span.unwrap_or(join.span);
        let mut finding = super::in_pack(pack, span, message)
            .place(LocationPlace::Join {
                from: join.from,
                to: join.to,
            })
            .help(help);
        // Filed under the page laid against the other, so its `[lint]` table can allow it.
        super::file_under(&mut finding, join.to.page);
        out.push(finding);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::enormity::load::pack_file_from_source;
    use deckplan_schema::{
        SourceFile,
        enormity::{Page, PageId, Size},
    };

    use super::*;

    fn help_for(offset: &str) -> String {
        let text = format!(
            "format = 1\nname = \"T\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = []\n\
             [[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n"
        );
        let mut pack = pack_file_from_source(&SourceFile::new("pack.toml", text))
            .value
            .unwrap();
        for page in 1..=2 {
            let id = PageId { book: 1, page };
            let size = Size {
                columns: 3,
                rows: 3,
            };
            pack.pages.insert(id, Page::new(id, "SR", size));
        }
        let mut out = Vec::new();
        run(&Board::new(&pack), &mut out);
        out[0].help.clone().unwrap()
    }

    #[test]
    fn suggests_the_nearer_whole_offset_first() {
        assert!(help_for("0.5").starts_with("`offset = 0` (or `1`)"));
        assert!(help_for("-0.5").starts_with("`offset = 0` (or `-1`)"));
        assert!(help_for("1.75").starts_with("`offset = 2` (or `1`)"));
        assert!(help_for("-1.25").starts_with("`offset = -1` (or `-2`)"));
    }
}
