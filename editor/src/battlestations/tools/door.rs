//! The Door tool: a click near a side of a square that faces out of the hull
//! puts an external door (an airlock) there, or takes the one there off.
//! A side between two squares of the ship is no hull: the click is refused
//! with a word in the status bar.

use super::{Pointer, ToolContext};
use crate::battlestations::command::{Command, step};
use crate::battlestations::ops;
use crate::command::Commands;

/// Handles a pointer event.
pub fn pointer(cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
    let Pointer::Click(Some(hit)) = event else {
        return;
    };
    let ship = cx.ship;
    if hit.module.is_none() {
        out.push(Command::Status(
            "Click inside a square of the ship, near the hull side the door is on".to_string(),
        ));
        return;
    }
    let size = ship.module_size.max(1);
    let outside = hit.cell.toward(hit.side);
    let inside_ship = outside.square().is_some_and(|square| {
        ship.modules
            .iter()
            .any(|m| m.level == hit.cell.level && m.covers(size, square))
    });
    if inside_ship {
        out.push(Command::Status(format!(
            "The {} side of {} is inside the ship, not on the hull",
            hit.side, hit.square
        )));
        return;
    }
    let had = ship
        .doors
        .iter()
        .any(|d| d.level == hit.cell.level && d.square == hit.square && d.side == hit.side);
    let label = if had { "Remove door" } else { "Add door" };
    out.push(step(
        format!("{label} {} {}", hit.square, hit.side),
        ops::toggle_door(ship, hit.cell.level, hit.square, hit.side),
    ));
}
