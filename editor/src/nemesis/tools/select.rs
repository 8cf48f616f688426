//! The select tool: click to inspect; drag a room or a network to move it
//! on the drawing grid (one undo step per drag).

use deckplan_schema::id::Id;
use deckplan_validator::nemesis::draw::grid_position;

use super::{Pointer, ToolContext};
use crate::command::Commands;
use crate::nemesis::command::Command;
use crate::nemesis::edit::Transaction;
use crate::nemesis::ops;
use crate::nemesis::selection::Hit;

/// What a drag moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dragged {
    Room(Id),
    Network(Id),
}

/// The select tool's state.
#[derive(Debug, Default)]
pub struct SelectTool {
    dragging: Option<Dragged>,
}

impl SelectTool {
    /// Handles a pointer event.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        match event {
            Pointer::Click(_, hit) => out.push(Command::Select(hit.selection(cx.ship))),
            Pointer::Press(_, hit) => {
                self.dragging = match hit {
                    Hit::Room(id) => Some(Dragged::Room(id)),
                    Hit::Hub(id) => Some(Dragged::Network(id)),
                    _ => None,
                };
                if self.dragging.is_some() {
                    out.push(Command::Select(hit.selection(cx.ship)));
                }
            }
            Pointer::Drag(point, _) => {
                let Some(dragged) = self.dragging else {
                    return;
                };
                let (column, row) = grid_position(point);
                let at = ops::clamp_at(column, row);
                if ops::occupied(cx.ship, at) {
                    return;
                }
                let (label, edit) = match dragged {
                    Dragged::Room(id) => {
                        ("Move room", ops::change_room(cx.ship, id, |r| r.at = at))
                    }
                    Dragged::Network(id) => ("Move network", ops::move_network(cx.ship, id, at)),
                };
                if let Some(edit) = edit {
                    let mut step = Transaction::new(label);
                    step.edits.push(edit);
                    out.push(Command::Stroke(cx.stroke, step));
                }
            }
            Pointer::Release(..) => self.dragging = None,
        }
    }
}
