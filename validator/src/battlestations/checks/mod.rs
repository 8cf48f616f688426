//! The Battlestations checks: one file per check, codes `B001…`, one registry.
//!
//! A check is a pure function from the shared [`ShipGrid`] to [`Finding`]s.
//! Its metadata and documentation are declared with
//! [`declare_check!`](crate::declare_check), like every game's checks.

use deckplan_schema::battlestations::{BattlestationsPlace, Module};

use super::grid::{Cell, ShipGrid};
use crate::check::CheckMeta;

pub mod door_off_hull;
pub mod engine_facing;
pub mod gun_facing;
pub mod helm_facing;
pub mod ladder_misaligned;
pub mod missing_module;
pub mod module_without_door_path;
pub mod overlapping_modules;
pub mod stabilizer_exposed;
pub mod unreachable_level;
pub mod unreachable_square;

pub use crate::check::Finding;

/// The place of a ship square, its level named on a multilevel ship.
pub fn square_place(grid: &ShipGrid<'_>, cell: Cell) -> BattlestationsPlace {
    match cell.square() {
        Some(square) => BattlestationsPlace::Square {
            level: grid.ship.level_id(cell.level),
            square,
        },
        None => BattlestationsPlace::Ship,
    }
}

/// A finding about a module's side that must (or must not) be on the hull.
pub fn facing(module: &Module, message: String, help: &str) -> Finding {
    Finding::new(
        Some(module.at_span),
        BattlestationsPlace::Module(module.id),
        message,
    )
    .label(module.role_span, "its role")
    .help(help)
}

checks![
    super::Battlestations:
    missing_module,
    helm_facing,
    engine_facing,
    gun_facing,
    stabilizer_exposed,
    overlapping_modules,
    door_off_hull,
    unreachable_square,
    module_without_door_path,
    ladder_misaligned,
    unreachable_level,
];

/// Every check's metadata, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    CHECKS.iter().map(|c| c.meta).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_in_order_and_in_the_b_family() {
        let codes: Vec<&str> = CHECKS.iter().map(|c| c.meta.code).collect();
        let expected: Vec<String> = (1..=codes.len()).map(|n| format!("B{n:03}")).collect();
        assert_eq!(codes, expected);
    }
}
