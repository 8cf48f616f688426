//! The play-test panel: which piece a click places, the ship's move value
//! and effects, and the engine's answer in `deckplan reach`'s words.

use eframe::egui::{self, Ui};

use super::super::playtest::{Answer, Piece, PlayTest};

/// Draws the panel; the question is changed in place (it is no document).
pub fn playtest_ui(ui: &mut Ui, play: &mut PlayTest, answer: &Answer) {
    ui.heading("Play test");
    ui.label("A click places:");
    ui.horizontal_wrapped(|ui| {
        for piece in Piece::ALL {
            if ui
                .selectable_label(play.piece == piece, piece.label())
                .clicked()
            {
                play.piece = piece;
            }
        }
    });
    ui.horizontal(|ui| {
        let label = ui.label("Move value").id;
        ui.add(egui::DragValue::new(&mut play.move_value).range(0..=10))
            .labelled_by(label);
    });
    ui.checkbox(&mut play.antimass, "Antimass Deflectors");
    ui.checkbox(&mut play.gravity_drive, "Gravity Drive (+1)");
    ui.checkbox(&mut play.light_wave, "Light/Wave Deflector");
    ui.weak("Right click takes the pieces off a system.");
    ui.separator();
    for line in &answer.lines {
        ui.label(shown(line));
    }
}

/// A line of the answer as the panel shows it: `deckplan reach`'s words,
/// its arrows written `->` (the window's font has no `→`).
pub fn shown(line: &str) -> String {
    line.replace('→', "->")
}
