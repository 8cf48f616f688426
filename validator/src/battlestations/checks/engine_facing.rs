//! B003: an Engine whose aft side is not on the hull.

use deckplan_schema::battlestations::Role;

use super::{Finding, facing};
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// Every Engine module has its aft side — the one across from the ship's
    /// `forward` direction — on the hull.
    ///
    /// ## Why it matters
    /// An Engine thrusts out of the back of the ship; the rules place it with
    /// an exterior aft side.
    ///
    /// ## Example
    /// `forward = "north"` and a Cargo module directly south of an Engine.
    ///
    /// ## How to fix
    /// Move the Engine to the back of the ship, or the module behind it away.
    code: "B003",
    name: "engine-facing",
    severity: Error,
}

/// Reports each Engine with a module behind it.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    let aft = grid.ship.aft();
    for module in grid.ship.modules.iter().filter(|m| m.role == Role::Engine) {
        if !grid.is_exterior(module, aft) {
            out.push(facing(
                module,
                format!(
                    "Engine `{}` has a module on its aft ({aft}) side",
                    module.id
                ),
                "an Engine needs an exterior aft side: move it to the back of the ship",
            ));
        }
    }
}
