//! The fields of a new Nemesis pack in the shell's New dialog: the pack's
//! name, which board the ship is, and the ship file's name.

use eframe::egui::{self, TextEdit, Ui};

use super::board::NemesisBoard;
use super::document::Document;
use crate::board::{Board, NewForm};

/// The New dialog's Nemesis fields.
#[derive(Clone, Debug)]
pub struct NewShipForm {
    /// The pack's (and the ship's) name.
    pub name: String,
    /// Which board it is (`basic side`, a fan ship's name), or nothing.
    pub board: String,
    /// The ship file, relative to the pack folder.
    pub ship_path: String,
}

impl Default for NewShipForm {
    fn default() -> Self {
        Self {
            name: "New ship".into(),
            board: String::new(),
            ship_path: "ship.toml".into(),
        }
    }
}

impl NewForm for NewShipForm {
    fn ui(&mut self, ui: &mut Ui) {
        egui::Grid::new("new-ship-grid")
            .num_columns(2)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label("Ship name").id;
                ui.add(TextEdit::singleline(&mut self.name).desired_width(260.0))
                    .labelled_by(label);
                ui.end_row();
                let label = ui.label("Board").id;
                ui.add(
                    TextEdit::singleline(&mut self.board)
                        .desired_width(260.0)
                        .hint_text("optional, e.g. basic side"),
                )
                .labelled_by(label);
                ui.end_row();
                let label = ui.label("Ship file").id;
                ui.add(TextEdit::singleline(&mut self.ship_path).desired_width(260.0))
                    .labelled_by(label);
                ui.end_row();
            });
        ui.weak("Place rooms with the Room tool (R), then join them with the Corridor tool (C).");
    }

    fn check(&self) -> Result<(), String> {
        if self.name.trim().is_empty() {
            return Err("Give the ship a name.".into());
        }
        let path = self.ship_path.trim();
        let escapes = path.starts_with(['/', '\\'])
            || path.contains(':')
            || path
                .split(['/', '\\'])
                .any(|part| part == ".." || part.is_empty());
        if escapes || !path.ends_with(".toml") || path == "pack.toml" {
            return Err(
                "The ship file is a `.toml` file inside the pack folder, like ship.toml.".into(),
            );
        }
        Ok(())
    }

    fn create(&self) -> Box<dyn Board> {
        let board = Some(self.board.trim().to_string()).filter(|b| !b.is_empty());
        Box::new(NemesisBoard::new(Document::new_pack(
            self.name.trim(),
            board,
            self.ship_path.trim(),
        )))
    }

    fn created(&self) -> String {
        format!(
            "New ship “{}”: save it to choose its folder",
            self.name.trim()
        )
    }
}
