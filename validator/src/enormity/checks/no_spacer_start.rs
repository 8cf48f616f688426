//! R005: a start page without a Spacer start.

use super::Finding;
use crate::enormity::board::Board;
use deckplan_schema::enormity::LocationPlace;

declare_check! {
    /// ## What it checks
    /// The start page (`start` in `pack.toml`) must have at least one Spacer start on a
    /// board space that Spacers can stand on.
    ///
    /// ## Why it matters
    /// Without one there is nowhere to set the Spacers up, and no reachability can be
    /// checked: every other reachability check is skipped.
    ///
    /// ## Example
    /// `start = "L1p1"` while `spacer_starts` is only listed on L1p2.
    ///
    /// ## How to fix
    /// Add `spacer_starts` on the start page, or point `start` at the page that has them.
    code: "R005",
    name: "no-spacer-start",
    severity: Error,
}

/// Reports a start page without usable Spacer starts.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    if !board.reach.starts.is_empty() {
        return;
    }
    let pack = board.pack;
    let elsewhere: Vec<String> = pack
        .pages
        .values()
        .filter(|p| {
            p.spaces
                .marked(deckplan_schema::enormity::Marker::SpacerStart)
                .next()
                .is_some()
        })
        .map(|p| p.id.to_string())
        .collect();
    let help = if elsewhere.is_empty() {
        format!("add `spacer_starts` under `[spaces]` on {}", pack.start)
    } else {
        format!(
            "Spacer starts are on {}; set `start` to that page or add some on {}",
            elsewhere.join(", "),
            pack.start
        )
    };
    let message = format!(
        "the start page {} has no Spacer start that Spacers can stand on",
        pack.start
    );
    out.push(
        super::in_pack(pack, pack.start_span, message)
            .place(LocationPlace::Page(pack.start))
            .help(help),
    );
}
