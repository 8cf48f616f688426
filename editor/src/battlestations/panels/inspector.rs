//! The Battlestations inspector: the selected module card with every value
//! the format gives it (id, role, printed name, level, slot, turn), or, with
//! nothing selected, the pack and the ship — names, the forward direction,
//! the module size and the external doors. Text is committed when its field
//! loses focus; every change is one undo step.

use std::collections::HashMap;

use deckplan_schema::battlestations::write::door_text;
use deckplan_schema::battlestations::{Role, Ship, Side};
use deckplan_schema::id::Id;
use eframe::egui::{self, Id as WidgetId, TextEdit, Ui};

use crate::battlestations::command::{Command, step};
use crate::battlestations::edit::{Edit, ListEdit};
use crate::battlestations::ops;
use crate::battlestations::selection::Selection;
use crate::command::Commands;

/// The inspector's own state: text being typed, per field.
#[derive(Debug, Default)]
pub struct Inspector {
    buffers: HashMap<WidgetId, String>,
}

/// Records one undo step when there are edits.
fn apply(out: &mut Commands, label: impl Into<String>, edits: Vec<Edit>) {
    if !edits.is_empty() {
        out.push(step(label, edits));
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
            Selection::Module(id) => self.module_ui(ui, ship, id, out),
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
    ) -> Option<String> {
        let id = ui.make_persistent_id(salt);
        let focused = ui.memory(|m| m.has_focus(id));
        let buffer = self.buffers.entry(id).or_default();
        if !focused {
            current.clone_into(buffer);
        }
        let response = ui
            .add(TextEdit::singleline(buffer).id(id).desired_width(190.0))
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
            "{} modules · {} doors · {} level{} · cards of {} × {} squares",
            ship.modules.len(),
            ship.doors.len(),
            ship.level_count(),
            if ship.level_count() == 1 { "" } else { "s" },
            ship.module_size,
            ship.module_size
        ));
        egui::Grid::new("ship-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                if !lone {
                    row(ui, "Pack name", |ui, label| {
                        if let Some(name) = self.text_field(ui, label, "pack-name", pack_name)
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
                    if let Some(name) = self.text_field(ui, label, "ship-name", &ship.name)
                        && !name.trim().is_empty()
                    {
                        apply(
                            out,
                            "Rename the ship",
                            vec![Edit::ShipName(name.trim().into())],
                        );
                    }
                });
                row(ui, "Forward", |ui, _| {
                    ui.horizontal(|ui| {
                        for side in Side::ALL {
                            let response = ui
                                .selectable_label(ship.forward == side, side.name())
                                .on_hover_text(format!(
                                    "The ship flies toward the {side} of the drawing"
                                ));
                            if response.clicked() && ship.forward != side {
                                apply(out, format!("Fly {side}"), vec![Edit::Forward(side)]);
                            }
                        }
                    });
                });
            });
        ui.add_space(6.0);
        ui.strong("External doors");
        if ship.doors.is_empty() {
            ui.weak("None yet: the Door tool (D) puts one on a hull side.");
        }
        for (index, door) in ship.doors.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(door_text(ship, door));
                if ui
                    .small_button("Remove")
                    .on_hover_text("Remove this door")
                    .clicked()
                {
                    apply(
                        out,
                        format!("Remove door {}", door_text(ship, door)),
                        vec![Edit::Doors(ListEdit::Remove(index))],
                    );
                }
            });
        }
    }

    fn module_ui(&mut self, ui: &mut Ui, ship: &Ship, id: Id, out: &mut Commands) {
        let Some(module) = ship.module(id) else {
            return;
        };
        ui.heading(format!("Module {id}"));
        egui::Grid::new("module-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                row(ui, "Id", |ui, label| {
                    if let Some(text) = self.text_field(ui, label, "module-id", id.as_str()) {
                        match Id::new(text.trim()) {
                            Ok(new) if ship.module(new).is_some() => out.push(Command::Status(
                                format!("Not renamed: module {new} already exists"),
                            )),
                            Ok(new) => {
                                apply(
                                    out,
                                    format!("Rename module {id} to {new}"),
                                    ops::change_module(ship, id, |m| m.id = new),
                                );
                                out.push(Command::Select(Selection::Module(new)));
                            }
                            Err(e) => out.push(Command::Status(format!("Not renamed: {}", e.0))),
                        }
                    }
                });
                row(ui, "Role", |ui, label| {
                    let mut role = module.role;
                    egui::ComboBox::from_id_salt("module-role")
                        .selected_text(role.title())
                        .show_ui(ui, |ui| {
                            for choice in Role::ALL {
                                ui.selectable_value(&mut role, choice, choice.title());
                            }
                        })
                        .response
                        .labelled_by(label);
                    if role != module.role {
                        apply(
                            out,
                            format!("Make {id} a {}", role.title()),
                            ops::change_module(ship, id, |m| {
                                m.role = role;
                                if role == Role::Custom && m.name.is_none() {
                                    m.name = Some("Custom".to_string());
                                }
                            }),
                        );
                    }
                });
                row(ui, "Name", |ui, label| {
                    let current = module.name.clone().unwrap_or_default();
                    if let Some(text) = self.text_field(ui, label, "module-name", &current) {
                        let name = Some(text.trim().to_string()).filter(|n| !n.is_empty());
                        if name.is_none() && module.role == Role::Custom {
                            out.push(Command::Status(
                                "A custom module needs its printed name".to_string(),
                            ));
                        } else {
                            apply(
                                out,
                                format!("Name module {id}"),
                                ops::change_module(ship, id, |m| m.name = name),
                            );
                        }
                    }
                });
                row(ui, "Level", |ui, _| {
                    ui.label(
                        ship.level_id(module.level)
                            .map_or("the only one".to_string(), |l| l.to_string()),
                    );
                });
                row(ui, "Slot", |ui, _| {
                    let origin = module.origin(ship.module_size);
                    ui.label(format!(
                        "at [{}, {}] · from {origin}",
                        module.at.0, module.at.1
                    ));
                });
                row(ui, "Rotation", |ui, _| {
                    ui.horizontal(|ui| {
                        ui.label(format!("{}°", u16::from(module.quarters) * 90));
                        if ui
                            .button("Turn 90°")
                            .on_hover_text("A quarter turn clockwise (R)")
                            .clicked()
                        {
                            apply(out, format!("Turn module {id}"), turn(ship, id));
                        }
                    });
                });
            });
        ui.add_space(6.0);
        if ui.button("Delete module").clicked() {
            out.push(Command::Run(crate::action::Action::Delete));
        }
    }
}

/// A quarter turn clockwise of a module card.
pub fn turn(ship: &Ship, id: Id) -> Vec<Edit> {
    ops::change_module(ship, id, |m| m.quarters = (m.quarters + 1) % 4)
}
