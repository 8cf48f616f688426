//! The Nemesis play-test panel: what a click places, the question asked of
//! the rules engine about the room chosen, and its answer in the words of
//! `deckplan move`, `noise` and `intruder`.

use deckplan_schema::nemesis::Ship;
use eframe::egui::{RichText, Ui};

use crate::nemesis::playtest::{Answer, Piece, PlayTest, Question};

/// Draws the panel.
pub fn playtest_ui(ui: &mut Ui, play: &mut PlayTest, ship: &Ship, answer: &Answer) {
    ui.heading("Play test");
    ui.weak("Left click places, right click removes. Nothing here is saved.");
    ui.add_space(4.0);
    ui.label("Place");
    ui.horizontal_wrapped(|ui| {
        for piece in Piece::ALL {
            ui.selectable_value(&mut play.piece, piece, piece.label());
        }
    });
    ui.add_space(6.0);
    ui.label("Ask");
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut play.question, Question::Movement, "Movement");
        ui.selectable_value(&mut play.question, Question::Careful, "Careful Movement");
        ui.selectable_value(&mut play.question, Question::Noise, "Noise roll");
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Intruder moved by corridor");
        for n in 1..=4u8 {
            ui.selectable_value(&mut play.question, Question::Intruder(n), n.to_string());
        }
    });
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        let label = ui.label("Room").id;
        let shown = play
            .room
            .map_or_else(|| "click one".to_string(), |r| r.to_string());
        eframe::egui::ComboBox::from_id_salt("play-room")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for room in &ship.rooms {
                    ui.selectable_value(&mut play.room, Some(room.id), room.id.as_str());
                }
            })
            .response
            .labelled_by(label);
    });
    ui.separator();
    for line in &answer.lines {
        ui.label(RichText::new(line).monospace());
    }
    ui.separator();
    let state = &play.state;
    let list = |map: &std::collections::BTreeMap<deckplan_schema::id::Id, u32>| {
        map.iter()
            .map(|(room, n)| {
                if *n > 1 {
                    format!("{room} ×{n}")
                } else {
                    room.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    ui.label(format!("Characters: {}", list(&state.characters)));
    ui.label(format!("Intruders: {}", list(&state.intruders)));
    if ui.button("Clear the board").clicked() {
        play.state = Default::default();
    }
}
