//! E003: a pack whose only Extraction Points are on the start page.

use deckplan_schema::enormity::{LocationPlace, Marker, PageId};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// The pack must have an Extraction Point on some page other than the start page
    /// (`start` in `pack.toml`). The start page's Extraction Point is taken to be the
    /// Insertion Point the run comes in by, which cannot be used to leave on the same
    /// run; since a page holds at most one, a run has to reach another page to extract.
    /// A pack with no Extraction Point at all gets its own message.
    ///
    /// ## Why it matters
    /// Without a usable Extraction Point the run cannot end in extraction, which is how
    /// a run succeeds.
    ///
    /// ## Example
    /// `start = "L1p1"`, and L1p1 is the only page listing `extraction_points`.
    ///
    /// ## How to fix
    /// Add an Extraction Point on another page Spacers can reach. The rules also let a
    /// story effect, a console or a discovery reveal one; if that is the plan, allow
    /// this check in `pack.toml` with that reason.
    code: "E003",
    name: "extraction-off-start-page",
    severity: Warning,
}

/// Reports, at `start` in `pack.toml`, a pack that cannot be left by an Extraction Point.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    let with_points: Vec<PageId> = pack
        .pages
        .values()
        .filter(|p| p.spaces.marked(Marker::ExtractionPoint).next().is_some())
        .map(|p| p.id)
        .collect();
    let (message, help) = match with_points.as_slice() {
        [] => (
            "the pack has no Extraction Point, so no run can end in extraction".to_string(),
            format!(
                "add `extraction_points` under `[spaces]` on a page other than the start page {}",
                pack.start
            ),
        ),
        [only] if *only == pack.start => (
            format!(
                "the only Extraction Point is on the start page {}, where the run comes in; the way in cannot be the way out",
                pack.start
            ),
            "add an Extraction Point on another page Spacers can reach".to_string(),
        ),
        _ => return,
    };
    out.push(
        super::in_pack(pack, pack.start_span, message)
            .place(LocationPlace::Page(pack.start))
            .help(help),
    );
}
