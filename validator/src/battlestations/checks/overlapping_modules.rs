//! B006: two modules on one place of the module grid.

use deckplan_schema::battlestations::BattlestationsPlace;

use super::Finding;
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// No two modules of one level lie on the same place of the module grid.
    ///
    /// ## Why it matters
    /// Module cards are laid edge to edge; two on one place is a mistake in
    /// `at` (or a missing `level`), and the squares under the second card are
    /// hidden from movement and drawing.
    ///
    /// ## Example
    /// Two modules with `at = [1, 0]`.
    ///
    /// ## How to fix
    /// Give one of them another `at`, or another level.
    code: "B006",
    name: "overlapping-modules",
    severity: Error,
}

/// Reports every module after the first on a crowded place.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for slot in grid.crowded_slots() {
        let Some((first, rest)) = slot.split_first() else {
            continue;
        };
        let Some(first) = grid.ship.modules.get(*first) else {
            continue;
        };
        for module in rest.iter().filter_map(|&i| grid.ship.modules.get(i)) {
            out.push(
                Finding::new(
                    Some(module.at_span),
                    BattlestationsPlace::Module(module.id),
                    format!(
                        "module `{}` lies on module `{}` at [{}, {}]",
                        module.id, first.id, module.at.0, module.at.1
                    ),
                )
                .label(first.at_span, "the module already there")
                .help("give it another `at`"),
            );
        }
    }
}
