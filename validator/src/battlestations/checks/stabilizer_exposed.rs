//! B005: a Hull Stabilizer with a side on the hull.

use deckplan_schema::battlestations::{Role, Side};

use super::{Finding, facing};
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// Every Hull Stabilizer is wholly interior: a module lies next to it on
    /// each of its four sides, on its level.
    ///
    /// ## Why it matters
    /// The rules require the Hull Stabilizer to sit inside the ship, where it
    /// holds the hull together and is hard to hit.
    ///
    /// ## Example
    /// A Hull Stabilizer at the ship's west edge.
    ///
    /// ## How to fix
    /// Move it inward, or add modules around it.
    code: "B005",
    name: "stabilizer-exposed",
    severity: Error,
}

/// Reports each Hull Stabilizer with an exterior side, naming the sides.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for module in grid
        .ship
        .modules
        .iter()
        .filter(|m| m.role == Role::HullStabilizer)
    {
        let open: Vec<&str> = Side::ALL
            .iter()
            .filter(|&&side| grid.is_exterior(module, side))
            .map(|s| s.name())
            .collect();
        if !open.is_empty() {
            out.push(facing(
                module,
                format!(
                    "Hull Stabilizer `{}` is on the hull ({} side{})",
                    module.id,
                    open.join(", "),
                    if open.len() == 1 { "" } else { "s" }
                ),
                "a Hull Stabilizer must be wholly interior: surround it with modules",
            ));
        }
    }
}
