//! The outline: the pack's name and where it lives, then the ship's rooms
//! and networks in file order, each a click away from being selected.

use deckplan_schema::nemesis::{RoomKind, Ship};
use eframe::egui::{RichText, ScrollArea, Ui};

use crate::command::Commands;
use crate::files::Origin;
use crate::nemesis::command::Command;
use crate::nemesis::selection::Selection;
use crate::nemesis::tools::room::kind_label;

/// Draws the outline.
pub fn outline_ui(
    ui: &mut Ui,
    title: &str,
    origin: &Origin,
    ship: &Ship,
    selection: Selection,
    out: &mut Commands,
) {
    ui.add_space(4.0);
    ui.heading(title);
    match origin.path() {
        Some(path) => ui.weak(crate::paths::shown(path)),
        None => ui.weak("not saved yet"),
    };
    ui.separator();
    ScrollArea::vertical().show(ui, |ui| {
        ui.strong(format!("Rooms ({})", ship.rooms.len()));
        for room in &ship.rooms {
            let mut text = RichText::new(format!("{} · {}", room.id, kind_label(room.kind)));
            if matches!(room.kind, RoomKind::Special(_)) {
                text = text.strong();
            }
            let on = selection == Selection::Room(room.id);
            if ui
                .selectable_label(on, text)
                .on_hover_text(room.label())
                .clicked()
            {
                out.push(Command::Select(Selection::Room(room.id)));
            }
        }
        ui.add_space(6.0);
        ui.strong(format!("Networks ({})", ship.networks.len()));
        for network in &ship.networks {
            let on = selection == Selection::Network(network.id);
            if ui.selectable_label(on, network.id.as_str()).clicked() {
                out.push(Command::Select(Selection::Network(network.id)));
            }
        }
        ui.add_space(6.0);
        ui.weak(format!(
            "{} corridors · {} technical entrances · {} escape pods",
            ship.corridors.len(),
            ship.entrances.len(),
            ship.escape_pods.len()
        ));
    });
}
