//! B001: a module every ship needs is missing.

use deckplan_schema::battlestations::{BattlestationsPlace, Role};

use super::Finding;
use crate::battlestations::grid::ShipGrid;

declare_check! {
    /// ## What it checks
    /// A ship has at least one Helm, Engine, Hyperdrive, Life Support and
    /// Science module.
    ///
    /// ## Why it matters
    /// Without a Helm the ship cannot be flown, without an Engine it cannot
    /// move, without a Hyperdrive it cannot jump, without Life Support its
    /// crew suffocates and without Science it cannot scan or shield: the
    /// rules assume each is aboard. Ships may carry more than one of each
    /// (two Engines are common), so only absence is reported.
    ///
    /// ## Example
    /// A ship whose modules are a Helm, two Engines, a Hyperdrive and Life
    /// Support, but no Science.
    ///
    /// ## How to fix
    /// Add a module with the missing `role` (`helm`, `engine`, `hyperdrive`,
    /// `life-support` or `science`). A small ship drawn for one scenario — a
    /// boarding party's shuttle, a practice deck — that is not meant to fly on
    /// its own can say so in `pack.toml`, with a reason:
    ///
    /// ```toml
    /// [lint]
    /// missing-module = { level = "allow", reason = "a shuttle carried by the Wayfarer" }
    /// ```
    code: "B001",
    name: "missing-module",
    severity: Error,
}

/// Reports each required role no module has, at the ship.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for role in Role::REQUIRED {
        if grid.ship.modules.iter().any(|m| m.role == role) {
            continue;
        }
        out.push(
            Finding::new(
                None,
                BattlestationsPlace::Ship,
                format!("the ship has no {} module", role.title()),
            )
            .help(format!(
                "add a module with `role = \"{}\"`; a ship that is not meant to fly on its own \
                 can allow the check in pack.toml: `[lint]` then `missing-module = {{ level = \"allow\", reason = \"…\" }}`",
                role.name()
            )),
        );
    }
}
