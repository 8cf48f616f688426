//! The Module tool: a click on an empty slot of the module grid places a
//! card of the role chosen in the palette, all floor as printed cards are
//! drawn until painted, with a fresh id, and selects it; a click on a card
//! selects it.

use super::{Pointer, ToolContext, Tools};
use crate::battlestations::command::{Command, step};
use crate::battlestations::edit::{Edit, ListEdit};
use crate::battlestations::ops;
use crate::battlestations::selection::Selection;
use crate::command::Commands;
use deckplan_schema::battlestations::Role;

/// Handles a pointer event.
pub fn pointer(tools: &mut Tools, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
    let Pointer::Click(Some(hit)) = event else {
        return;
    };
    let ship = cx.ship;
    if let Some(module) = hit.module.and_then(|i| ship.modules.get(i)) {
        out.push(Command::Select(Selection::Module(module.id)));
        return;
    }
    if let Some(holder) = ops::slot_holder(ship, hit.cell.level, hit.slot, None) {
        out.push(Command::Select(Selection::Module(holder.id)));
        return;
    }
    let name = (tools.role == Role::Custom).then(|| {
        let name = tools.custom_name.trim();
        if name.is_empty() {
            "Custom".to_string()
        } else {
            name.to_string()
        }
    });
    let Some(module) = ops::new_module(ship, tools.role, name, hit.cell.level, hit.slot) else {
        return;
    };
    let id = module.id;
    out.push(step(
        format!("Place {}", tools.role.title()),
        vec![Edit::Modules(ListEdit::Insert(ship.modules.len(), module))],
    ));
    out.push(Command::Select(Selection::Module(id)));
}
