//! The network tool: click an empty spot of the grid to place a
//! technical-corridor network (its entrances meet in one shared space);
//! drag it with the select tool to move it.

use deckplan_validator::nemesis::draw::grid_position;

use super::{Pointer, ToolContext};
use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::ops;
use crate::nemesis::selection::{Hit, Selection};

/// The network tool.
#[derive(Debug, Default)]
pub struct NetworkTool;

impl NetworkTool {
    /// Handles a pointer event.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        let Pointer::Click(point, hit) = event else {
            return;
        };
        if !matches!(hit, Hit::Empty | Hit::Corridor(_) | Hit::Entrance(_)) {
            out.push(Command::Select(hit.selection(cx.ship)));
            return;
        }
        let (column, row) = grid_position(point);
        let at = ops::clamp_at(column, row);
        if ops::occupied(cx.ship, at) {
            out.push(Command::Status(
                "A room or network stands there already: pick an empty spot".into(),
            ));
            return;
        }
        let (edit, id) = ops::add_network(cx.ship, at);
        out.push(step(format!("Place network {id}"), vec![edit]));
        out.push(Command::Select(Selection::Network(id)));
    }
}
