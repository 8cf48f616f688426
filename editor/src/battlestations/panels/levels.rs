//! The levels of the ship as tabs: choose one to rename it, add a level
//! above the others, remove the one chosen (with its modules and doors), or
//! move it up or down. A ship of one level lists no level ids; adding a
//! level makes it a ship of two.

use deckplan_schema::battlestations::Ship;
use eframe::egui::{self, TextEdit, Ui};

use crate::battlestations::command::{Command, step};
use crate::battlestations::ops;
use crate::command::Commands;

/// The panel's own state: the level chosen, the name being typed.
#[derive(Debug, Default)]
pub struct Levels {
    /// The level chosen, as an index.
    pub chosen: usize,
    buffer: String,
}

impl Levels {
    /// Draws the tabs and their buttons.
    pub fn ui(&mut self, ui: &mut Ui, ship: &Ship, out: &mut Commands) {
        ui.strong("Levels");
        if ship.levels.is_empty() {
            self.chosen = 0;
            ui.weak("One level (no level ids).");
        } else {
            self.chosen = self.chosen.min(ship.levels.len() - 1);
            ui.horizontal_wrapped(|ui| {
                for (index, id) in ship.levels.iter().enumerate() {
                    if ui
                        .selectable_label(self.chosen == index, id.as_str())
                        .clicked()
                    {
                        self.chosen = index;
                    }
                }
            });
            let current = ship.levels.get(self.chosen).map_or("", |l| l.as_str());
            ui.horizontal(|ui| {
                let label = ui.label("Level id").id;
                let id = ui.make_persistent_id("level-id");
                if !ui.memory(|m| m.has_focus(id)) {
                    current.clone_into(&mut self.buffer);
                }
                let response = ui
                    .add(
                        TextEdit::singleline(&mut self.buffer)
                            .id(id)
                            .desired_width(140.0),
                    )
                    .labelled_by(label);
                if response.lost_focus() && self.buffer != current {
                    match ops::rename_level(ship, self.chosen, &self.buffer) {
                        Ok(edits) if !edits.is_empty() => out.push(step(
                            format!("Rename level {current} to {}", self.buffer.trim()),
                            edits,
                        )),
                        Ok(_) => {}
                        Err(why) => out.push(Command::Status(format!("Not renamed: {why}"))),
                    }
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            let add = ui.add_enabled(
                ship.levels.len() < ops::MAX_LEVELS,
                egui::Button::new("Add level"),
            );
            if add.clicked() {
                out.push(step("Add level", ops::add_level(ship)));
                self.chosen = ship.levels.len().max(1);
            }
            let several = ship.levels.len() >= 2;
            if ui
                .add_enabled(several, egui::Button::new("Remove level"))
                .on_hover_text("Removes the level chosen with its modules and doors")
                .clicked()
            {
                let name = ship.levels.get(self.chosen).map_or("", |l| l.as_str());
                out.push(step(
                    format!("Remove level {name}"),
                    ops::remove_level(ship, self.chosen),
                ));
                self.chosen = self.chosen.saturating_sub(1);
            }
            if ui
                .add_enabled(
                    several && self.chosen > 0,
                    egui::Button::new("Move level down"),
                )
                .clicked()
            {
                out.push(step(
                    "Move level down",
                    ops::move_level(ship, self.chosen, false),
                ));
                self.chosen -= 1;
            }
            if ui
                .add_enabled(
                    several && self.chosen + 1 < ship.levels.len(),
                    egui::Button::new("Move level up"),
                )
                .clicked()
            {
                out.push(step(
                    "Move level up",
                    ops::move_level(ship, self.chosen, true),
                ));
                self.chosen += 1;
            }
        });
    }
}
