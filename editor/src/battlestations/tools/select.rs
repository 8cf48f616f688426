//! The Select tool: a click picks the module under the pointer (or
//! nothing); a drag carries a module to another slot, on its level or
//! another, as one undo step when the button comes up.

use super::{Pointer, ToolContext, Tools};
use crate::battlestations::command::{Command, step};
use crate::battlestations::ops;
use crate::battlestations::selection::Selection;
use crate::command::Commands;

/// Handles a pointer event.
pub fn pointer(tools: &mut Tools, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
    let ship = cx.ship;
    let module_of = |hit: Option<super::Hit>| {
        hit.and_then(|h| h.module)
            .and_then(|index| ship.modules.get(index))
    };
    match event {
        Pointer::Click(hit) => {
            let selection = module_of(hit).map_or(Selection::None, |m| Selection::Module(m.id));
            out.push(Command::Select(selection));
        }
        Pointer::Press(hit) => {
            tools.moving = module_of(hit).map(|m| m.id);
            if let Some(id) = tools.moving {
                out.push(Command::Select(Selection::Module(id)));
            }
        }
        Pointer::Drag(_) => {}
        Pointer::Release(hit) => {
            let (Some(id), Some(hit)) = (tools.moving.take(), hit) else {
                return;
            };
            let level = hit.cell.level;
            if let Some(holder) = ops::slot_holder(ship, level, hit.slot, Some(id)) {
                out.push(Command::Status(format!(
                    "Not moved: module {} lies there",
                    holder.id
                )));
                return;
            }
            let edits = ops::change_module(ship, id, |m| {
                m.at = hit.slot;
                m.level = level;
            });
            if !edits.is_empty() {
                out.push(step(format!("Move module {id}"), edits));
            }
        }
    }
}
