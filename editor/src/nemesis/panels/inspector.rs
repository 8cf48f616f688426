//! The Nemesis inspector: the selected room, corridor, network or technical
//! entrance with every value the format gives it, or, with nothing
//! selected, the pack and the ship — names, the escape pods and the
//! room-tile pool. Text is committed when its field loses focus; every
//! change is one undo step.
//!
//! A corridor's numbers are set end by end; each end offers the numbers its
//! room lacks (those that would complete the room's 1–4), and says what the
//! room's numbers are, so N002 can be seen going away while they are set.

use std::collections::HashMap;

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::resolve::MAX_AT;
use deckplan_schema::nemesis::{Numbers, RoomKind, Section, Ship};
use eframe::egui::{
    self, Button, Color32, DragValue, Id as WidgetId, RichText, Role, ScrollArea, TextEdit, Ui,
    WidgetInfo,
};

use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::edit::{Edit, ListEdit, StrokeId, Transaction};
use crate::nemesis::ops;
use crate::nemesis::selection::Selection;
use crate::nemesis::tools::room::kind_label;

const LACKING: Color32 = Color32::from_rgb(90, 200, 120);
const WRONG: Color32 = Color32::from_rgb(240, 90, 80);

/// The inspector's own state: text being typed, per field.
#[derive(Default)]
pub struct Inspector {
    buffers: HashMap<WidgetId, String>,
}

/// Records one undo step when there are edits.
fn apply(out: &mut Commands, label: impl Into<String>, edits: Vec<Edit>) {
    if !edits.is_empty() {
        out.push(step(label, edits));
    }
}

/// Records part of a gesture on a widget (a value dragged): the changes
/// of one drag are one undo step.
fn stroke(out: &mut Commands, widget: WidgetId, label: impl Into<String>, edits: Vec<Edit>) {
    if !edits.is_empty() {
        out.push(Command::Stroke(
            StrokeId(widget.value() | (1 << 63)),
            Transaction {
                label: label.into(),
                edits,
            },
        ));
    }
}

/// A labelled row of a grid.
fn row(ui: &mut Ui, label: &str, add: impl FnOnce(&mut Ui, WidgetId)) {
    let id = ui.label(label).id;
    add(ui, id);
    ui.end_row();
}

impl Inspector {
    /// Draws the inspector for `selection` on `ship`.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        ship: &Ship,
        pack_name: &str,
        lone: bool,
        selection: Selection,
        out: &mut Commands,
    ) {
        match selection {
            Selection::None => self.ship_ui(ui, ship, pack_name, lone, out),
            Selection::Room(id) => self.room_ui(ui, ship, id, out),
            Selection::Corridor(index) => corridor_ui(ui, ship, index, out),
            Selection::Network(id) => self.network_ui(ui, ship, id, out),
            Selection::Entrance(room) => {
                ui.heading(format!("Technical entrance in {room}"));
                entrance_ui(ui, ship, room, out);
            }
        }
    }

    /// A one-line text field committed on losing focus; returns the new text
    /// when it changed.
    fn text_field(
        &mut self,
        ui: &mut Ui,
        label: WidgetId,
        salt: &str,
        current: &str,
        hint: &str,
    ) -> Option<String> {
        let id = ui.make_persistent_id(salt);
        let focused = ui.memory(|m| m.has_focus(id));
        let buffer = self.buffers.entry(id).or_default();
        if !focused {
            current.clone_into(buffer);
        }
        let response = ui
            .add(
                TextEdit::singleline(buffer)
                    .id(id)
                    .hint_text(hint)
                    .desired_width(190.0),
            )
            .labelled_by(label);
        (response.lost_focus() && buffer.as_str() != current).then(|| buffer.clone())
    }

    fn ship_ui(
        &mut self,
        ui: &mut Ui,
        ship: &Ship,
        pack_name: &str,
        lone: bool,
        out: &mut Commands,
    ) {
        ui.heading("Ship");
        ui.label(format!(
            "{} rooms · {} corridors · {} networks · {} technical entrances",
            ship.rooms.len(),
            ship.corridors.len(),
            ship.networks.len(),
            ship.entrances.len()
        ));
        egui::Grid::new("ship-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                if !lone {
                    row(ui, "Pack name", |ui, label| {
                        if let Some(name) = self.text_field(ui, label, "pack-name", pack_name, "")
                            && !name.trim().is_empty()
                        {
                            apply(
                                out,
                                "Rename the pack",
                                vec![Edit::PackName(name.trim().into())],
                            );
                        }
                    });
                }
                row(ui, "Ship name", |ui, label| {
                    if let Some(name) = self.text_field(ui, label, "ship-name", &ship.name, "")
                        && !name.trim().is_empty()
                    {
                        apply(
                            out,
                            "Rename the ship",
                            vec![Edit::ShipName(name.trim().into())],
                        );
                    }
                });
                row(ui, "Board", |ui, label| {
                    let current = ship.board.as_deref().unwrap_or("");
                    if let Some(board) =
                        self.text_field(ui, label, "ship-board", current, "e.g. basic side")
                    {
                        let board = Some(board.trim().to_string()).filter(|b| !b.is_empty());
                        apply(out, "Name the board", vec![Edit::Board(board)]);
                    }
                });
            });
        ui.add_space(8.0);
        ui.strong("Escape pods");
        if ship.escape_pods.is_empty() {
            ui.weak("None yet: add them from an evacuation section's room.");
        }
        for pod in &ship.escape_pods {
            ui.label(format!(
                "Pod {} · section {} · launched from {}",
                pod.number,
                pod.section.name(),
                pod.room
            ));
        }
        ui.add_space(8.0);
        self.tiles_ui(ui, ship, out);
    }

    /// The room-tile pool: the names shuffled onto the "1" and "2" slots.
    fn tiles_ui(&mut self, ui: &mut Ui, ship: &Ship, out: &mut Commands) {
        ui.strong("Room-tile pool");
        if ship.tiles.span.is_none() {
            ui.weak("Not declared: add a tile to start the pool.");
        }
        for (slot, tiles, word) in [
            (1u8, &ship.tiles.one, "\"1\" tiles"),
            (2u8, &ship.tiles.two, "\"2\" tiles"),
        ] {
            ui.label(format!("{word} ({})", tiles.len()));
            // Only the rows in view are laid out: a pool may list a thousand.
            let height = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
            ScrollArea::vertical()
                .id_salt(format!("tiles-{slot}"))
                .max_height(height * 8.0)
                .auto_shrink([false, true])
                .show_rows(ui, height, tiles.len(), |ui, range| {
                    for index in range {
                        let Some(tile) = tiles.get(index) else {
                            continue;
                        };
                        ui.horizontal(|ui| {
                            let label = ui.label(format!("{slot}.{}", index + 1)).id;
                            let salt = format!("tile-{slot}-{index}");
                            if let Some(name) = self.text_field(ui, label, &salt, tile, "tile name")
                            {
                                let edit = ops::change_tiles(ship, |pool| {
                                    let list = if slot == 1 {
                                        &mut pool.one
                                    } else {
                                        &mut pool.two
                                    };
                                    if let Some(t) = list.get_mut(index) {
                                        *t = name.trim().to_string();
                                    }
                                });
                                apply(out, "Rename a room tile", edit.into_iter().collect());
                            }
                        });
                    }
                });
            ui.horizontal(|ui| {
                let label = ui.label(format!("New {word}")).id;
                let salt = format!("new-tile-{slot}");
                if let Some(name) = self.text_field(ui, label, &salt, "", "name, then Enter")
                    && !name.trim().is_empty()
                {
                    let edit = ops::change_tiles(ship, |pool| {
                        let list = if slot == 1 {
                            &mut pool.one
                        } else {
                            &mut pool.two
                        };
                        list.push(name.trim().to_string());
                    });
                    apply(out, "Add a room tile", edit.into_iter().collect());
                }
                let remove = ui
                    .add_enabled(!tiles.is_empty(), Button::new("Remove last").small())
                    .on_hover_text(format!("Remove the last of the {word}"));
                if remove.clicked() {
                    let edit = ops::change_tiles(ship, |pool| {
                        let list = if slot == 1 {
                            &mut pool.one
                        } else {
                            &mut pool.two
                        };
                        list.pop();
                    });
                    apply(out, "Remove a room tile", edit.into_iter().collect());
                }
            });
        }
    }

    fn room_ui(&mut self, ui: &mut Ui, ship: &Ship, id: Id, out: &mut Commands) {
        let Some((_, room)) = ops::room(ship, id) else {
            return;
        };
        ui.heading(format!("Room {id}"));
        egui::Grid::new("room-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                row(ui, "Id", |ui, label| {
                    if let Some(text) = self.text_field(ui, label, "room-id", id.as_str(), "") {
                        match ops::check_new_id(ship, id, &text) {
                            Ok(new) => {
                                apply(
                                    out,
                                    format!("Rename room {id} to {new}"),
                                    ops::rename_room(ship, id, new),
                                );
                                out.push(Command::Select(Selection::Room(new)));
                            }
                            Err(why) => out.push(Command::Status(format!("Not renamed: {why}"))),
                        }
                    }
                });
                row(ui, "Name", |ui, label| {
                    let current = room.name.as_deref().unwrap_or("");
                    if let Some(name) =
                        self.text_field(ui, label, "room-name", current, "printed name (optional)")
                    {
                        let name = Some(name.trim().to_string()).filter(|n| !n.is_empty());
                        let edit = ops::change_room(ship, id, |r| r.name = name);
                        apply(out, format!("Name room {id}"), edit.into_iter().collect());
                    }
                });
                row(ui, "Position", |ui, label| {
                    ui.horizontal(|ui| {
                        let (mut column, mut row) = room.at;
                        let a = ui
                            .add(
                                DragValue::new(&mut column)
                                    .range(0..=MAX_AT)
                                    .prefix("column "),
                            )
                            .labelled_by(label);
                        let b = ui.add(DragValue::new(&mut row).range(0..=MAX_AT).prefix("row "));
                        if (a.changed() || b.changed()) && !ops::occupied(ship, (column, row)) {
                            let edit = ops::change_room(ship, id, |r| r.at = (column, row));
                            let widget = if a.changed() { a.id } else { b.id };
                            stroke(
                                out,
                                widget,
                                format!("Move room {id}"),
                                edit.into_iter().collect(),
                            );
                        }
                    });
                });
            });
        ui.add_space(4.0);
        ui.label("Kind");
        ui.horizontal_wrapped(|ui| {
            for name in RoomKind::NAMES {
                let Some(kind) = RoomKind::parse(name) else {
                    continue;
                };
                if ui
                    .selectable_label(room.kind == kind, kind_label(kind))
                    .clicked()
                    && room.kind != kind
                {
                    let edit = ops::change_room(ship, id, |r| r.kind = kind);
                    apply(
                        out,
                        format!("Make {id} {}", kind_label(kind)),
                        edit.into_iter().collect(),
                    );
                }
            }
        });
        ui.add_space(4.0);
        numbers_status(ui, ship, id);
        ui.add_space(8.0);
        ui.strong("Technical entrance");
        if ops::entrance(ship, id).is_some() {
            entrance_ui(ui, ship, id, out);
        } else if ui.button("Add technical entrance").clicked() {
            let entrance = ops::new_entrance(ship, id, ship.networks.first().map(|n| n.id));
            let edit = ops::change_entrance(ship, id, |e| *e = Some(entrance));
            apply(
                out,
                format!("Add a technical entrance to {id}"),
                edit.into_iter().collect(),
            );
        }
        ui.add_space(8.0);
        pods_ui(ui, ship, id, out);
        ui.add_space(8.0);
        if ui
            .button("Delete room")
            .on_hover_text("Delete the room with its corridors, entrance and escape pods (Delete)")
            .clicked()
        {
            out.push(Command::Run(crate::action::Action::Delete));
        }
    }

    fn network_ui(&mut self, ui: &mut Ui, ship: &Ship, id: Id, out: &mut Commands) {
        let Some((_, network)) = ops::network(ship, id) else {
            return;
        };
        ui.heading(format!("Technical network {id}"));
        egui::Grid::new("network-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                row(ui, "Id", |ui, label| {
                    if let Some(text) = self.text_field(ui, label, "network-id", id.as_str(), "") {
                        match ops::check_new_id(ship, id, &text) {
                            Ok(new) => {
                                apply(
                                    out,
                                    format!("Rename network {id} to {new}"),
                                    ops::rename_network(ship, id, new),
                                );
                                out.push(Command::Select(Selection::Network(new)));
                            }
                            Err(why) => out.push(Command::Status(format!("Not renamed: {why}"))),
                        }
                    }
                });
                row(ui, "Position", |ui, label| {
                    ui.horizontal(|ui| {
                        let (mut column, mut row) = network.at;
                        let a = ui
                            .add(
                                DragValue::new(&mut column)
                                    .range(0..=MAX_AT)
                                    .prefix("column "),
                            )
                            .labelled_by(label);
                        let b = ui.add(DragValue::new(&mut row).range(0..=MAX_AT).prefix("row "));
                        if (a.changed() || b.changed()) && !ops::occupied(ship, (column, row)) {
                            let edit = ops::move_network(ship, id, (column, row));
                            let widget = if a.changed() { a.id } else { b.id };
                            stroke(
                                out,
                                widget,
                                format!("Move network {id}"),
                                edit.into_iter().collect(),
                            );
                        }
                    });
                });
            });
        let rooms: Vec<String> = ship
            .entrances
            .iter()
            .filter(|e| e.network == Some(id))
            .map(|e| e.room.to_string())
            .collect();
        ui.label(if rooms.is_empty() {
            "No room opens on it yet: drag from a room to it with the technical-entrance tool."
                .to_string()
        } else {
            format!("Entrances: {}", rooms.join(", "))
        });
        ui.add_space(8.0);
        if ui
            .button("Delete network")
            .on_hover_text("Its entrances stay, opening on no network (Delete)")
            .clicked()
        {
            out.push(Command::Run(crate::action::Action::Delete));
        }
    }
}

/// Four toggles for numbers 1–4 (at most two on), each labelled for tests
/// and screen readers as `{what} {n}`; the numbers in `lacking` are
/// highlighted. Returns the new set when one was clicked.
fn numbers_ui(ui: &mut Ui, what: &str, current: Numbers, lacking: Numbers) -> Option<Numbers> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        for n in 1..=4u8 {
            let on = current.contains(n);
            let text = if lacking.contains(n) && !on {
                RichText::new(n.to_string()).color(LACKING).strong()
            } else {
                RichText::new(n.to_string())
            };
            let response = ui.add(Button::selectable(on, text));
            let name = format!("{what} {n}");
            response.widget_info(|| WidgetInfo::selected(Role::Button, true, on, &name));
            let response = if lacking.contains(n) && !on {
                response.on_hover_text(format!("{n} would complete the room's numbers"))
            } else {
                response
            };
            if response.clicked() {
                let Some(one) = Numbers::one(n) else {
                    continue;
                };
                let next = if on {
                    current
                        .iter()
                        .filter(|m| *m != n)
                        .filter_map(Numbers::one)
                        .fold(Numbers::NONE, Numbers::union)
                } else if current.len() >= 2 {
                    // Two at most: the newest replaces the larger.
                    one.union(
                        current
                            .iter()
                            .next()
                            .and_then(Numbers::one)
                            .unwrap_or_default(),
                    )
                } else {
                    current.union(one)
                };
                chosen = Some(next);
            }
        }
    });
    chosen
}

/// What a room's numbers are: complete, or what it lacks and repeats (N002).
fn numbers_status(ui: &mut Ui, ship: &Ship, room: Id) {
    let (seen, twice) = ops::numbers_around(ship, room);
    let lacking = seen.missing();
    if lacking.is_empty() && twice.is_empty() {
        ui.label(RichText::new(format!("{room}: 1, 2, 3 and 4 each once ✔")).color(LACKING));
        return;
    }
    let mut parts = Vec::new();
    if !lacking.is_empty() {
        parts.push(format!("lacks {lacking}"));
    }
    if !twice.is_empty() {
        parts.push(format!("has {twice} twice"));
    }
    ui.label(RichText::new(format!("{room} {} (N002)", parts.join(" and "))).color(WRONG));
}

fn corridor_ui(ui: &mut Ui, ship: &Ship, index: usize, out: &mut Commands) {
    let Some(corridor) = ship.corridors.get(index) else {
        return;
    };
    let [a, b] = corridor.rooms;
    ui.heading(format!("Corridor {a}–{b}"));
    let ends: Vec<Id> = if a == b { vec![a] } else { vec![a, b] };
    for room in ends {
        ui.add_space(4.0);
        ui.label(format!("Numbers at {room}"));
        let current = corridor.numbers_at(room);
        let (seen, _) = ops::numbers_around(ship, room);
        if let Some(numbers) = numbers_ui(ui, &format!("at {room}"), current, seen.missing())
            && !numbers.is_empty()
        {
            let edit = ops::change_corridor(ship, index, |c| ops::set_end(c, room, numbers));
            apply(
                out,
                format!("Number {a}–{b} at {room}"),
                edit.into_iter().collect(),
            );
        }
        numbers_status(ui, ship, room);
    }
    ui.add_space(6.0);
    let mut door = corridor.door;
    if ui
        .checkbox(&mut door, "Door token in this corridor")
        .changed()
    {
        let edit = ops::change_corridor(ship, index, |c| c.door = door);
        let label = if door {
            "Put a door on"
        } else {
            "Take the door off"
        };
        apply(out, format!("{label} {a}–{b}"), edit.into_iter().collect());
    }
    if corridor.other_end.is_some() {
        ui.weak("The ends carry different numbers (N003 reports it).");
    }
    ui.add_space(8.0);
    if ui
        .button("Delete corridor")
        .on_hover_text("Delete")
        .clicked()
    {
        out.push(Command::Run(crate::action::Action::Delete));
    }
}

/// A room's technical entrance: its numbers, network and door.
fn entrance_ui(ui: &mut Ui, ship: &Ship, room: Id, out: &mut Commands) {
    let Some((_, entrance)) = ops::entrance(ship, room) else {
        return;
    };
    ui.label("Numbers at the entrance");
    let (seen, _) = ops::numbers_around(ship, room);
    if let Some(numbers) = numbers_ui(ui, "entrance", entrance.numbers(), seen.missing()) {
        let numbers = (!numbers.is_empty()).then_some(numbers);
        let edit = ops::change_entrance(ship, room, |e| {
            if let Some(e) = e {
                e.numbers = numbers;
            }
        });
        apply(
            out,
            format!("Number the technical entrance of {room}"),
            edit.into_iter().collect(),
        );
    }
    numbers_status(ui, ship, room);
    ui.horizontal_wrapped(|ui| {
        ui.label("Network");
        let none = entrance.network.is_none();
        if ui.selectable_label(none, "none").clicked() && !none {
            let edit = ops::change_entrance(ship, room, |e| {
                if let Some(e) = e {
                    e.network = None;
                }
            });
            apply(
                out,
                format!("Close {room}'s technical entrance"),
                edit.into_iter().collect(),
            );
        }
        for network in &ship.networks {
            let on = entrance.network == Some(network.id);
            if ui.selectable_label(on, network.id.as_str()).clicked() && !on {
                let id = network.id;
                let edit = ops::change_entrance(ship, room, |e| {
                    if let Some(e) = e {
                        e.network = Some(id);
                    }
                });
                apply(
                    out,
                    format!("Open {room}'s technical entrance on {id}"),
                    edit.into_iter().collect(),
                );
            }
        }
    });
    let mut door = entrance.door;
    if ui
        .checkbox(&mut door, "Door token (N006)")
        .on_hover_text("The format allows a door here; the rules do not, and N006 reports it")
        .changed()
    {
        let edit = ops::change_entrance(ship, room, |e| {
            if let Some(e) = e {
                e.door = door;
            }
        });
        apply(
            out,
            format!("Door on {room}'s technical entrance"),
            edit.into_iter().collect(),
        );
    }
    if ui.button("Remove technical entrance").clicked() {
        let edit = ops::change_entrance(ship, room, |e| *e = None);
        apply(
            out,
            format!("Remove the technical entrance of {room}"),
            edit.into_iter().collect(),
        );
    }
}

/// The escape pods launched from a room.
fn pods_ui(ui: &mut Ui, ship: &Ship, room: Id, out: &mut Commands) {
    ui.strong("Escape pods");
    for (index, pod) in ship.escape_pods.iter().enumerate() {
        if pod.room != room {
            continue;
        }
        ui.horizontal(|ui| {
            ui.label(format!("Pod {}", pod.number));
            for section in Section::ALL {
                let on = pod.section == section;
                let response = ui.selectable_label(on, section.name());
                let name = format!("pod {} section {}", pod.number, section.name());
                response.widget_info(|| WidgetInfo::selected(Role::Button, true, on, &name));
                if response.clicked() && !on {
                    let mut changed = pod.clone();
                    changed.section = section;
                    apply(
                        out,
                        format!("Put pod {} in section {}", pod.number, section.name()),
                        vec![Edit::Pods(ListEdit::Set(index, changed))],
                    );
                }
            }
            let remove = ui.small_button("Remove");
            let name = format!("Remove pod {}", pod.number);
            remove.widget_info(|| WidgetInfo::labeled(Role::Button, true, &name));
            if remove.clicked() {
                apply(
                    out,
                    format!("Remove pod {}", pod.number),
                    vec![Edit::Pods(ListEdit::Remove(index))],
                );
            }
        });
    }
    let edit = ops::add_pod(ship, room);
    let add = ui
        .add_enabled(edit.is_some(), Button::new("Add escape pod"))
        .on_disabled_hover_text("Escape pods are numbered 1 to 4, and all four are placed");
    if add.clicked()
        && let Some(edit) = edit
    {
        apply(out, format!("Add an escape pod to {room}"), vec![edit]);
    }
}
