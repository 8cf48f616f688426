//! The play-test panel: what a click places, the moving character's move,
//! move actions, OOC penalty and run, whether it may go outside, wears
//! MagBoots (already on or not) or jets, and the answer: how many squares it
//! reaches and the way to the one under the pointer.

use deckplan_validator::battlestations::rules::{MAX_ACTIONS, MAX_MOVE};
use eframe::egui::{self, DragValue, Ui};

use crate::battlestations::playtest::{Answer, Piece, PlayTest};

/// A labelled number.
fn number(ui: &mut Ui, label: &str, value: &mut u32, range: std::ops::RangeInclusive<u32>) {
    ui.horizontal(|ui| {
        let id = ui.label(label).id;
        ui.add(DragValue::new(value).range(range)).labelled_by(id);
    });
}

/// Draws the panel.
/// `hover` is what [`Answer::describe`] says of the square under the pointer.
pub fn playtest_ui(ui: &mut Ui, play: &mut PlayTest, answer: &Answer, hover: Option<&str>) {
    ui.heading("Play test");
    ui.label("A click places:");
    ui.horizontal_wrapped(|ui| {
        for piece in Piece::ALL {
            ui.selectable_value(&mut play.piece, piece, piece.label());
        }
    });
    ui.weak(
        "A second click knocks a friend or enemy out (a hollow disc) or takes a barrel back, a third takes a character back; a right click clears a square.",
    );
    ui.separator();
    let who = &mut play.who;
    number(ui, "Move", &mut who.move_value, 0..=MAX_MOVE);
    let mut actions = u32::from(who.actions);
    number(ui, "Move actions", &mut actions, 1..=u32::from(MAX_ACTIONS));
    who.actions = u8::try_from(actions).unwrap_or(1);
    number(ui, "OOC penalty", &mut who.ooc, 0..=MAX_MOVE);
    number(ui, "Running", &mut who.run, 0..=MAX_MOVE);
    if let Some(difficulty) = who.run_difficulty() {
        ui.weak(format!(
            "Athletics {difficulty} at the start of each move action"
        ));
    }
    ui.checkbox(&mut who.outside, "Outside (a free hand to climb out)");
    ui.checkbox(&mut who.magboots, "MagBoots");
    ui.add_enabled(
        who.magboots,
        egui::Checkbox::new(&mut who.boots_on, "MagBoots already on"),
    );
    ui.checkbox(&mut who.jet, "Jets");
    if !who.magboots {
        who.boots_on = false;
    }
    ui.separator();
    if answer.from.is_none() {
        ui.label("Click a square to place the moving character.");
        return;
    }
    if let Some(error) = &answer.error {
        ui.colored_label(egui::Color32::from_rgb(220, 60, 60), error);
        return;
    }
    let reached = answer.reach.as_ref().map_or(0, |r| r.destinations.len());
    ui.label(format!(
        "From {}: {reached} squares reached ({} points a move action)",
        answer.from_name,
        play.who
            .budgets()
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    ));
    if let Some(line) = hover {
        ui.label(line);
    }
}
