//! The fields of a new galaxy in the shell's New dialog: its name and how
//! many rings its layout has.

use deckplan_schema::ti4::map_string::MAX_RINGS;
use eframe::egui::{self, TextEdit, Ui};

use super::board::Ti4Board;
use super::document::Document;
use crate::board::{Board, NewForm};

/// The New dialog's TI4 fields.
#[derive(Clone, Debug)]
pub struct NewGalaxyForm {
    /// The galaxy's name.
    pub name: String,
    /// Its rings, as typed.
    pub rings: String,
}

impl Default for NewGalaxyForm {
    fn default() -> Self {
        Self {
            name: "New galaxy".into(),
            rings: "3".into(),
        }
    }
}

impl NewGalaxyForm {
    fn rings(&self) -> Option<u32> {
        self.rings
            .trim()
            .parse()
            .ok()
            .filter(|r| (1..=MAX_RINGS).contains(r))
    }
}

impl NewForm for NewGalaxyForm {
    fn ui(&mut self, ui: &mut Ui) {
        egui::Grid::new("new-galaxy-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label("Galaxy name").id;
                ui.add(TextEdit::singleline(&mut self.name).desired_width(260.0))
                    .labelled_by(label);
                ui.end_row();
                let label = ui.label("Rings").id;
                ui.add(
                    TextEdit::singleline(&mut self.rings)
                        .desired_width(60.0)
                        .hint_text("3"),
                )
                .labelled_by(label);
                ui.end_row();
            });
        ui.weak("Six players use 3 rings, seven and eight use 4. Drag tiles from the palette onto the positions.");
    }

    fn check(&self) -> Result<(), String> {
        if self.name.trim().is_empty() {
            return Err("Give the galaxy a name.".into());
        }
        if self.rings().is_none() {
            return Err(format!("A galaxy has 1 to {MAX_RINGS} rings."));
        }
        Ok(())
    }

    fn create(&self) -> Box<dyn Board> {
        Box::new(Ti4Board::new(Document::new_galaxy(
            self.name.trim(),
            self.rings().unwrap_or(3),
        )))
    }

    fn created(&self) -> String {
        format!(
            "New galaxy “{}”: save it to choose its folder",
            self.name.trim()
        )
    }
}
