//! A006: joins between the two Location Books with no Location arrow across them.

use deckplan_schema::enormity::{Join, LocationPlace, Pack, PageEdge};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// A page of the other Location Book is revealed only by a Location arrow
    /// (spacer-movement.md: "find the corresponding Location Map in the other Location
    /// Book and place it adjacent"). A join between pages of different books needs a
    /// Location arrow on one side, on the joined edge, pointing across it and naming the
    /// page on the other side. Joins within one book are spreads of the open book and
    /// need none.
    ///
    /// ## Why it matters
    /// Without the arrow the join lays two pages side by side that the rules never bring
    /// together: a Spacer at the edge has no way to reveal the other page, and the
    /// pack's layout promises a way through that the printed map does not have.
    ///
    /// ## Example
    /// `from = "L1p2 east"`, `to = "L2p1 west"`, but no arrow on L1p2's east edge names
    /// L2p1 and none on L2p1's west edge names L1p2.
    ///
    /// ## How to fix
    /// Add a Location arrow on a space of the joined edge naming the page across it, as
    /// the help line says, or remove the join.
    code: "A006",
    name: "join-without-location-arrow",
    severity: Warning,
}

/// Whether a Location arrow on `edge`'s page points across `edge` to `target`.
fn has_arrow(pack: &Pack, edge: PageEdge, target: PageEdge) -> bool {
    pack.pages.get(&edge.page).is_some_and(|page| {
        page.spaces
            .location_arrows
            .values()
            .any(|a| a.direction == edge.side && a.target == target.page)
    })
}

/// Reports every join between books with no Location arrow across it.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    for join in &pack.joins {
        let Join { from, to, .. } = *join;
        if from.page.book == to.page.book || from.page == to.page {
            continue;
        }
        if !pack.pages.contains_key(&from.page) || !pack.pages.contains_key(&to.page) {
            continue; // F007 reports the missing page.
        }
        if has_arrow(pack, from, to) || has_arrow(pack, to, from) {
            continue;
        }
        let message = format!(
            "the join from {from} to {to} joins pages of different Location Books, but no \
             Location arrow points across it"
        );
        let help = format!(
            "add a Location arrow on a space along {from}, pointing {} with `target = \"{}\"` \
             (or along {to}, pointing {} with `target = \"{}\"`), or remove the join",
            from.side, to.page, to.side, from.page
        );
        let mut finding = super::in_pack(pack, join.span, message)
            .place(LocationPlace::Join { from, to })
            .help(help);
        // Filed under the page laid against the other, so its `[lint]` table can allow it.
        super::file_under(&mut finding, to.page);
        out.push(finding);
    }
}
