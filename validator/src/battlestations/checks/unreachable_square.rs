//! B008: squares that cannot be walked to from the rest of the ship.

use super::{Finding, square_place};
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// Every square a character can stand on is reachable from every other,
    /// walking inside the hull and climbing ladders. Squares cut off from the
    /// largest part of the ship are reported, one finding per cut-off part,
    /// at its first square. A whole level cut off is left to
    /// `unreachable-level`.
    ///
    /// ## Why it matters
    /// There are no interior doors: every square of a ship is meant to be
    /// walkable to. A part walled off by blocked squares, or modules that
    /// only touch at a corner, cannot be crewed or repaired.
    ///
    /// ## Example
    /// A module whose only squares next to the rest of the ship are blocked.
    ///
    /// ## How to fix
    /// Open a blocked square, or move the module so that it shares a side
    /// with the ship.
    code: "B008",
    name: "unreachable-square",
    severity: Error,
}

/// Reports each cut-off part outside the levels that are cut off whole.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    let parts = grid.connectivity();
    let level_reached = |level: usize| parts.main.iter().any(|c| c.level == level);
    for part in &parts.others {
        let Some(&first) = part.first() else {
            continue;
        };
        if part.iter().all(|c| !level_reached(c.level)) {
            continue;
        }
        let span = grid.module_at(first).and_then(|(_, m)| {
            first
                .square()
                .map(|s| m.span_of_square(grid.module_size(), s))
        });
        let count = part.len();
        out.push(
            Finding::new(
                span,
                square_place(grid, first),
                if count == 1 {
                    format!(
                        "square {} cannot be reached from the rest of the ship",
                        square_place(grid, first)
                    )
                } else {
                    format!(
                        "{count} squares from {} on cannot be reached from the rest of the ship",
                        square_place(grid, first)
                    )
                },
            )
            .help("open a blocked square between them, or move the module to share a side with the ship"),
        );
    }
}
