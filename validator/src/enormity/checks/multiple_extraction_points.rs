//! E001: more than one Extraction Point on a page.

use deckplan_schema::{
    Span,
    enormity::{LocationPlace, Marker, Space},
};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// A Location map page holds at most one Extraction Point. This check reports every
    /// Extraction Point of a page after the first one listed.
    ///
    /// ## Why it matters
    /// The rule that you cannot leave by the Insertion Point you came in by relies on it:
    /// with one Extraction Point per page, a run must reach another page to extract.
    /// Extraction Points are also the tram stops of later runs, one per page.
    ///
    /// ## Example
    /// `extraction_points = ["A6", "C6"]`.
    ///
    /// ## How to fix
    /// Keep one Extraction Point per page: remove the others, or move them to pages
    /// that have none.
    code: "E001",
    name: "multiple-extraction-points",
    severity: Error,
}

/// Reports each extra Extraction Point, with a label on the first.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        let mut points: Vec<(Space, Span)> = page.spaces.marked(Marker::ExtractionPoint).collect();
        // "First" is the first one written, which is what a reader of the file sees.
        points.sort_by_key(|(_, span)| span.start);
        let Some((&(first, first_span), extra)) = points.split_first() else {
            continue;
        };
        for &(space, span) in extra {
            let message = format!(
                "{space} is another Extraction Point on this page, which already has one on {first}"
            );
            out.push(
                super::on_page(page, span, LocationPlace::space(page.id, space), message)
                    .label(first_span, format!("first Extraction Point, on {first}"))
                    .help("a page has at most one Extraction Point; remove this one, or move it to a page that has none"),
            );
        }
    }
}
