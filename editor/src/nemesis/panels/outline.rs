//! The outline: the pack's name and where it lives, then the ship's rooms
//! and networks in file order, each a click away from being selected. The
//! list draws only the rows in view, so a ship of a thousand rooms costs
//! what a small one does.

use deckplan_schema::nemesis::{RoomKind, Ship};
use eframe::egui::{RichText, ScrollArea, TextStyle, Ui};

use crate::command::Commands;
use crate::files::Origin;
use crate::nemesis::command::Command;
use crate::nemesis::selection::Selection;
use crate::nemesis::tools::room::kind_label;

/// One row of the outline.
enum Row {
    Heading(String),
    Room(usize),
    Network(usize),
}

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
    ui.weak(format!(
        "{} corridors · {} technical entrances · {} escape pods",
        ship.corridors.len(),
        ship.entrances.len(),
        ship.escape_pods.len()
    ));
    ui.separator();
    let rows: Vec<Row> = std::iter::once(Row::Heading(format!("Rooms ({})", ship.rooms.len())))
        .chain((0..ship.rooms.len()).map(Row::Room))
        .chain(std::iter::once(Row::Heading(format!(
            "Networks ({})",
            ship.networks.len()
        ))))
        .chain((0..ship.networks.len()).map(Row::Network))
        .collect();
    let height = ui.text_style_height(&TextStyle::Button) + ui.spacing().item_spacing.y + 2.0;
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, height, rows.len(), |ui, range| {
            for row in rows.get(range).unwrap_or_default() {
                match row {
                    Row::Heading(text) => {
                        ui.strong(text);
                    }
                    Row::Room(index) => {
                        let Some(room) = ship.rooms.get(*index) else {
                            continue;
                        };
                        let mut text =
                            RichText::new(format!("{} · {}", room.id, kind_label(room.kind)));
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
                    Row::Network(index) => {
                        let Some(network) = ship.networks.get(*index) else {
                            continue;
                        };
                        let on = selection == Selection::Network(network.id);
                        if ui.selectable_label(on, network.id.as_str()).clicked() {
                            out.push(Command::Select(Selection::Network(network.id)));
                        }
                    }
                }
            }
        });
}
