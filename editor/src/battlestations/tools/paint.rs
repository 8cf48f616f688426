//! The Paint tool: a click or a drag over a card's squares sets what stands
//! on each (the brush: floor, blocked, console, barrel, ladder), written to
//! the card as printed, so a turned card keeps its painting. One drag is one
//! undo step.

use super::{Pointer, ToolContext, Tools};
use crate::battlestations::command::Command;
use crate::battlestations::edit::Transaction;
use crate::battlestations::ops;
use crate::command::Commands;

/// Handles a pointer event.
pub fn pointer(tools: &mut Tools, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
    let (Pointer::Press(Some(hit)) | Pointer::Drag(Some(hit)) | Pointer::Click(Some(hit))) = event
    else {
        return;
    };
    let Some(index) = hit.module else {
        return;
    };
    let edits = ops::paint(cx.ship, index, hit.square, tools.brush);
    if edits.is_empty() {
        return;
    }
    out.push(Command::Stroke(
        cx.stroke,
        Transaction {
            label: format!("Paint {}", tools.brush.name()),
            edits,
        },
    ));
}
