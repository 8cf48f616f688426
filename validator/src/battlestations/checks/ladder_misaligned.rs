//! B010: a ladder with no ladder above or below it.

use deckplan_schema::battlestations::Content;

use super::{Finding, square_place};
use crate::battlestations::grid::{Cell, ShipGrid};

declare_check! {
    /// ## What it checks
    /// Every ladder square lines up with a ladder square at the same place
    /// of the level above or below it.
    ///
    /// ## Why it matters
    /// A ladder joins two levels only where both have one; a ladder that
    /// lines up with floor, a blocked square or nothing leads nowhere, and
    /// usually means a module was placed one square or one slot off.
    ///
    /// ## Example
    /// A ladder at C3 on the lower level and at D3 on the upper one.
    ///
    /// ## How to fix
    /// Move one of the ladders (or its module) so that they line up.
    code: "B010",
    name: "ladder-misaligned",
    severity: Error,
}

/// Reports each ladder square with no ladder on the level above or below.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for module in &grid.ship.modules {
        for cell in grid.module_cells(module) {
            if grid.content(cell) != Some(Content::Ladder)
                || grid.module_at(cell).map(|(_, m)| m.id) != Some(module.id)
            {
                continue;
            }
            let ladder_at = |level: Option<usize>| {
                level.is_some_and(|level| {
                    grid.content(Cell { level, ..cell }) == Some(Content::Ladder)
                })
            };
            if ladder_at(cell.level.checked_sub(1)) || ladder_at(Some(cell.level + 1)) {
                continue;
            }
            let span = cell
                .square()
                .map(|s| module.span_of_square(grid.module_size(), s));
            let message = if grid.ship.level_count() == 1 {
                format!(
                    "ladder at {} on a ship of one level leads nowhere",
                    square_place(grid, cell)
                )
            } else {
                format!(
                    "ladder at {} has no ladder above or below it",
                    square_place(grid, cell)
                )
            };
            out.push(
                Finding::new(span, square_place(grid, cell), message)
                    .help("put a ladder at the same square of the next level up or down"),
            );
        }
    }
}
