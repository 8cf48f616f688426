//! B007: an external door that is not on the hull.

use deckplan_schema::battlestations::BattlestationsPlace;

use super::Finding;
use crate::battlestations::grid::{Cell, Region, ShipGrid};

declare_check! {
    /// ## What it checks
    /// Every external door stands on the hull: on a side of a ship square
    /// that someone can stand on, facing out of the ship.
    ///
    /// ## Why it matters
    /// There are no doors inside a ship; a door that faces another square of
    /// the ship, or a square no module covers, leads nowhere, and a door on a
    /// blocked square cannot be reached.
    ///
    /// ## Example
    /// `doors = ["C3 east"]` where D3 is a square of the next module.
    ///
    /// ## How to fix
    /// Put the door on an outer side of an edge square.
    code: "B007",
    name: "door-off-hull",
    severity: Error,
}

/// Reports each door that does not lead from a walkable ship square to the outside.
pub fn run(grid: &ShipGrid<'_>, out: &mut Vec<Finding>) {
    for door in &grid.ship.doors {
        let cell = Cell::of(door.level, door.square);
        let place = BattlestationsPlace::Door {
            level: grid.ship.level_id(door.level),
            square: door.square,
            side: door.side,
        };
        let problem = match (grid.region(cell), grid.region(cell.toward(door.side))) {
            (Region::Ship { content, .. }, _) if !content.is_walkable() => Some(format!(
                "door {} {} is on a blocked square",
                door.square, door.side
            )),
            (Region::Ship { .. }, Region::Ship { .. }) => Some(format!(
                "door {} {} opens onto another square of the ship; there are no interior doors",
                door.square, door.side
            )),
            (Region::Ship { .. }, _) => None,
            _ => Some(format!(
                "door {} {} is on a square no module covers",
                door.square, door.side
            )),
        };
        if let Some(message) = problem {
            out.push(
                Finding::new(Some(door.span), place, message)
                    .help("put the door on the outer side of a square at the ship's edge"),
            );
        }
    }
}
