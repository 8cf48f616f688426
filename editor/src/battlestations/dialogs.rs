//! The fields of a new Battlestations pack in the shell's New dialog: the
//! pack's name, the side of its module cards in squares (fixed for the
//! ship: every card of a ship has one size), and the ship file's name.

use deckplan_schema::battlestations::DEFAULT_MODULE_SIZE;
use deckplan_schema::battlestations::resolve::MODULE_SIZES;
use eframe::egui::{self, DragValue, TextEdit, Ui};

use super::board::BattlestationsBoard;
use super::document::Document;
use crate::board::{Board, NewForm};

/// The New dialog's Battlestations fields.
#[derive(Clone, Debug)]
pub struct NewShipForm {
    /// The pack's (and the ship's) name.
    pub name: String,
    /// Squares along a module card's side (the format allows 3–9).
    pub module_size: u16,
    /// The ship file, relative to the pack folder.
    pub ship_path: String,
}

impl Default for NewShipForm {
    fn default() -> Self {
        Self {
            name: "New ship".into(),
            module_size: DEFAULT_MODULE_SIZE,
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
                let label = ui.label("Module size").id;
                ui.add(
                    DragValue::new(&mut self.module_size)
                        .range(MODULE_SIZES)
                        .suffix(" squares a side"),
                )
                .labelled_by(label);
                ui.end_row();
                let label = ui.label("Ship file").id;
                ui.add(TextEdit::singleline(&mut self.ship_path).desired_width(260.0))
                    .labelled_by(label);
                ui.end_row();
            });
        ui.weak("Place module cards with the Module tool (M), paint their squares with the Paint tool (B).");
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
        Box::new(BattlestationsBoard::new(Document::new_pack(
            self.name.trim(),
            self.module_size
                .clamp(*MODULE_SIZES.start(), *MODULE_SIZES.end()),
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn made(form: &NewShipForm) -> u16 {
        let board = form.create();
        let board = board
            .as_any()
            .downcast_ref::<BattlestationsBoard>()
            .unwrap();
        board.document().ship().module_size
    }

    #[test]
    fn the_module_size_chosen_is_the_ships_and_names_are_checked() {
        let mut form = NewShipForm::default();
        assert_eq!(made(&form), 5);
        form.module_size = 3;
        assert_eq!(made(&form), 3);
        form.module_size = 12;
        assert_eq!(made(&form), 9);
        form.name = " ".into();
        assert_eq!(form.check(), Err("Give the ship a name.".to_string()));
        form.name = "Skiff".into();
        form.ship_path = "../ship.toml".into();
        assert!(form.check().is_err());
    }
}
