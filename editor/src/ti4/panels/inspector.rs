//! The galaxy's inspector: the selected position and what it holds, the
//! rings, the home seats (moved to the selected position) and the
//! adjacency modifiers switched on and off.

use deckplan_schema::ti4::catalogue::Catalogue;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::map_string::Slot;
use eframe::egui::{self, Ui};

use crate::action::Action;
use crate::board::BoardActions;
use crate::command::Commands;

use super::super::action::GalaxyAction;
use super::super::command::{Command, step};
use super::super::ops;
use super::palette::describe;

/// A button for one of the board's actions, enabled as menus show it.
fn action_button(ui: &mut Ui, actions: &BoardActions, action: GalaxyAction, out: &mut Commands) {
    let action: Action = action.into();
    let response = ui
        .add_enabled(actions.enabled(action), egui::Button::new(actions.label(action)))
        .on_disabled_hover_text(actions.reason(action));
    if response.clicked() {
        out.push(Command::Run(action));
    }
}

/// Draws the inspector.
pub fn inspector_ui(
    ui: &mut Ui,
    galaxy: &GalaxyFile,
    catalogue: &Catalogue,
    selected: Option<u32>,
    actions: &BoardActions,
    out: &mut Commands,
) {
    ui.heading(&galaxy.name);
    ui.horizontal(|ui| {
        ui.label(format!("Rings: {}", galaxy.rings));
        action_button(ui, actions, GalaxyAction::AddRing, out);
        action_button(ui, actions, GalaxyAction::RemoveRing, out);
    });
    ui.separator();
    match selected {
        None => {
            ui.weak("Click a position to select it.");
        }
        Some(index) => {
            ui.strong(format!("Position #{index}"));
            let what = match galaxy.tiles.get(&index).map(|p| p.slot) {
                None | Some(Slot::Off) => "no tile".to_string(),
                Some(Slot::Open) => "open position".to_string(),
                Some(Slot::System(number)) => catalogue
                    .system(number)
                    .map_or_else(|| format!("tile {number}"), describe),
                Some(slot @ Slot::Hyperlane { .. }) => format!("hyperlane {slot}"),
            };
            ui.label(what);
            if let Some(home) = galaxy.homes.iter().find(|h| h.position == index) {
                ui.label(format!("Home seat {}", home.seat));
            }
            ui.horizontal_wrapped(|ui| {
                action_button(ui, actions, GalaxyAction::Rotate, out);
                action_button(ui, actions, GalaxyAction::Flip, out);
                action_button(ui, actions, GalaxyAction::Seat, out);
                if ui
                    .add_enabled(galaxy.tiles.contains_key(&index), egui::Button::new("Clear position"))
                    .clicked()
                {
                    out.push(Command::Run(Action::Delete));
                }
            });
        }
    }
    ui.separator();
    ui.strong("Home seats");
    if galaxy.homes.is_empty() {
        ui.weak("None yet: select a position and press H.");
    }
    for home in &galaxy.homes {
        ui.horizontal(|ui| {
            ui.label(format!("Seat {} · #{}", home.seat, home.position));
            let here = selected.filter(|s| *s != home.position);
            let label = format!("Move seat {} here", home.seat);
            if ui.add_enabled(here.is_some(), egui::Button::new(label)).clicked()
                && let Some(index) = here
                && let Some(command) = step(ops::move_seat(galaxy, home.seat, index))
            {
                out.push(command);
            }
        });
    }
    if !galaxy.modifiers.is_empty() {
        ui.separator();
        ui.strong("Modifiers");
        for (index, modifier) in galaxy.modifiers.iter().enumerate() {
            let mut on = modifier.enabled;
            if ui.checkbox(&mut on, &modifier.name).changed()
                && let Some(command) = step(ops::switch_modifier(galaxy, index, on))
            {
                out.push(command);
            }
        }
    }
}
