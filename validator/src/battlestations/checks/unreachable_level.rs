//! B011: a level no ladder leads to.

use deckplan_schema::battlestations::BattlestationsPlace;

use super::Finding;
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// On a ship of several levels, every level can be reached from the
    /// largest part of the ship by ladders.
    ///
    /// ## Why it matters
    /// Levels are joined only by ladders; a level without one that lines up
    /// is a separate ship nobody can board from inside.
    ///
    /// ## Example
    /// `levels = ["lower", "upper"]` with no ladder square on either.
    ///
    /// ## How to fix
    /// Add a ladder square at the same place of both levels.
    code: "B011",
    name: "unreachable-level",
    severity: Error,
}

/// Reports each level with no square in the main part of the ship.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    let parts = grid.connectivity();
    for (level, id) in grid.ship.levels.iter().enumerate() {
        let has_squares = grid.ship_cells().iter().any(|c| c.level == level);
        if !has_squares || parts.main.iter().any(|c| c.level == level) {
            continue;
        }
        let span = grid
            .ship
            .modules
            .iter()
            .find(|m| m.level == level)
            .map(|m| m.id_span);
        out.push(
            Finding::new(
                span,
                BattlestationsPlace::Level(*id),
                format!("level `{id}` cannot be reached from the rest of the ship"),
            )
            .help("add ladders at the same square of this level and the next"),
        );
    }
}
