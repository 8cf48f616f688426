//! B009: modules no external door leads to.

use std::collections::BTreeSet;

use deckplan_schema::battlestations::BattlestationsPlace;

use super::Finding;
use crate::battlestations::grid::{Cell, Region, ShipGrid, Step};

declare_check! {
    /// ## What it checks
    /// The ship has an external door, and from its doors a character can
    /// walk (and climb) to every module of the main part of the ship.
    /// Modules cut off from the rest are left to `unreachable-square`.
    ///
    /// ## Why it matters
    /// Boarders come in and crews leave through the external doors, and a
    /// rescue pod picks up spacewalkers at one; a ship without a way in from
    /// outside cannot be boarded or abandoned.
    ///
    /// ## Example
    /// A ship with no `doors`, or whose only door opens into a closet walled
    /// off from the rest.
    ///
    /// ## How to fix
    /// Add an external door on the hull of the main part of the ship.
    code: "B009",
    name: "module-without-door-path",
    severity: Error,
}

/// Reports a ship without doors, or each module of the main part no door reaches.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    let starts: Vec<_> = grid
        .ship
        .doors
        .iter()
        .map(|d| Cell::of(d.level, d.square))
        .filter(|c| matches!(grid.region(*c), Region::Ship { .. }))
        .filter_map(|c| grid.node(c))
        .collect();
    if grid.ship.doors.is_empty() {
        out.push(
            Finding::new(
                None,
                BattlestationsPlace::Ship,
                "the ship has no external door",
            )
            .help("add a door on the hull, like `doors = [\"A3 west\"]`"),
        );
        return;
    }
    let graph = grid.graph();
    let reached: BTreeSet<Cell> = graph
        .reachable(starts, |s| matches!(s, Step::Walk | Step::Ladder))
        .iter()
        .filter_map(|n| graph.place(n))
        .collect();
    let parts = grid.connectivity();
    for module in &grid.ship.modules {
        let cells: Vec<Cell> = grid
            .module_cells(module)
            .filter(|c| grid.walkable(*c))
            .collect();
        let in_main = cells.iter().any(|c| parts.in_main(*c));
        if in_main && !cells.iter().any(|c| reached.contains(c)) {
            out.push(
                Finding::new(
                    Some(module.id_span),
                    BattlestationsPlace::Module(module.id),
                    format!("no external door leads to module `{}`", module.id),
                )
                .help("add a door on the hull of the main part of the ship"),
            );
        }
    }
}
