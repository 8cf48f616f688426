//! The room tool: click an empty spot of the grid to place a room of the
//! kind chosen (it is selected, to be named in the inspector).

use deckplan_schema::nemesis::{RoomKind, Slot};
use deckplan_validator::nemesis::draw::grid_position;
use eframe::egui::{ComboBox, Ui};

use super::{Pointer, ToolContext};
use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::ops;
use crate::nemesis::selection::{Hit, Selection};

/// The room tool's options.
#[derive(Debug)]
pub struct RoomTool {
    /// The kind of the rooms placed.
    pub kind: RoomKind,
}

impl Default for RoomTool {
    fn default() -> Self {
        Self {
            kind: RoomKind::Slot(Slot::One),
        }
    }
}

impl RoomTool {
    /// Handles a pointer event.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        let Pointer::Click(point, hit) = event else {
            return;
        };
        if let Hit::Room(id) = hit {
            out.push(Command::Select(Selection::Room(id)));
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
        let (edit, id) = ops::add_room(cx.ship, at, self.kind, None);
        out.push(step(format!("Place room {id}"), vec![edit]));
        out.push(Command::Select(Selection::Room(id)));
    }

    /// The kind of the next room.
    pub fn options_ui(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("New rooms").id;
            ComboBox::from_id_salt("new-room-kind")
                .selected_text(kind_label(self.kind))
                .show_ui(ui, |ui| {
                    for name in RoomKind::NAMES {
                        if let Some(kind) = RoomKind::parse(name) {
                            ui.selectable_value(&mut self.kind, kind, kind_label(kind));
                        }
                    }
                })
                .response
                .labelled_by(label);
        });
        ui.weak(super::ToolKind::Room.hint());
    }
}

/// How the editor names a room kind.
pub fn kind_label(kind: RoomKind) -> &'static str {
    use deckplan_schema::nemesis::Special;
    match kind {
        RoomKind::Slot(Slot::One) => "Slot 1",
        RoomKind::Slot(Slot::Two) => "Slot 2",
        RoomKind::Special(Special::Hibernatorium) => "Hibernatorium",
        RoomKind::Special(Special::Cockpit) => "Cockpit",
        RoomKind::Special(Special::Engine(1)) => "Engine 1",
        RoomKind::Special(Special::Engine(2)) => "Engine 2",
        RoomKind::Special(Special::Engine(_)) => "Engine 3",
        RoomKind::Special(Special::Other) => "Special room",
    }
}
