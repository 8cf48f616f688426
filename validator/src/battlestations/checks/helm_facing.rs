//! B002: a Helm whose forward side is not on the hull.

use deckplan_schema::battlestations::Role;

use super::{Finding, facing};
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// Every Helm module has its forward side on the hull: no module lies
    /// next to it, on its level, in the ship's `forward` direction.
    ///
    /// ## Why it matters
    /// The pilot needs to see where the ship is going; the rules place the
    /// Helm with an exterior forward side.
    ///
    /// ## Example
    /// `forward = "north"` and a Science module directly north of the Helm.
    ///
    /// ## How to fix
    /// Move the Helm to the front of the ship, or the module in front of it away.
    code: "B002",
    name: "helm-facing",
    severity: Error,
}

/// Reports each Helm with a module in front of it.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    let forward = grid.ship.forward;
    for module in grid.ship.modules.iter().filter(|m| m.role == Role::Helm) {
        if !grid.is_exterior(module, forward) {
            out.push(facing(
                module,
                format!(
                    "Helm `{}` has a module on its forward ({forward}) side",
                    module.id
                ),
                "a Helm needs an exterior forward side: move it to the front of the ship",
            ));
        }
    }
}
