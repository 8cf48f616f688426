//! B004: a Cannon or Missile Bay with no side on the hull.

use deckplan_schema::battlestations::{Role, Side};

use super::{Finding, facing};
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// Every Cannon and Missile Bay has at least one side on the hull.
    ///
    /// ## Why it matters
    /// Guns fire out of the ship; the rules place them with an exterior side.
    ///
    /// ## Example
    /// A Cannon with modules on all four sides of it.
    ///
    /// ## How to fix
    /// Move the gun to the edge of the ship.
    code: "B004",
    name: "gun-facing",
    severity: Error,
}

/// Reports each gun surrounded by modules.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for module in grid
        .ship
        .modules
        .iter()
        .filter(|m| matches!(m.role, Role::Cannon | Role::MissileBay))
    {
        if !Side::ALL.iter().any(|&side| grid.is_exterior(module, side)) {
            out.push(facing(
                module,
                format!(
                    "{} `{}` has no side on the hull",
                    module.role.title(),
                    module.id
                ),
                "a gun needs an exterior side: move it to the edge of the ship",
            ));
        }
    }
}
