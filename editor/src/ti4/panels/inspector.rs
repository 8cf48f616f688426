//! The galaxy's inspector: the selected position and what it holds, the
//! rings, the home seats (moved to the selected position), the adjacency
//! modifiers (switched on and off, added, renamed and removed) and the
//! custom tiles (opened in their form, or taken out).

use deckplan_schema::ti4::catalogue::{Catalogue, Wormhole};
use deckplan_schema::ti4::galaxy::{Effect, GalaxyFile};
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::write::wormhole_name;
use eframe::egui::{self, TextEdit, Ui};

use crate::action::Action;
use crate::board::BoardActions;
use crate::command::Commands;

use super::super::action::GalaxyAction;
use super::super::command::{Command, step};
use super::super::ops;
use super::custom::{CustomForm, custom_list_ui};
use super::palette::describe;

/// Every wormhole type the galaxy format knows, in the order a join lists them.
const WORMHOLES: [Wormhole; 4] = [
    Wormhole::Alpha,
    Wormhole::Beta,
    Wormhole::Gamma,
    Wormhole::Delta,
];

/// The inspector's form for a new modifier, kept between frames.
#[derive(Clone, Debug, Default)]
pub struct ModifierForm {
    /// The name typed (also the new name for "Rename").
    pub name: String,
    /// A border block rather than a wormhole join.
    pub block: bool,
    /// The wormhole types ticked for a join, as in [`WORMHOLES`].
    pub joined: [bool; 4],
    /// The first position of a blocked border, as typed.
    pub from: String,
    /// The second position of a blocked border, as typed.
    pub to: String,
    /// Whether the new modifier is in force.
    pub enabled: bool,
}

impl ModifierForm {
    /// The effect the form describes, or why it describes none.
    fn effect(&self) -> Result<Effect, String> {
        if self.block {
            let position = |text: &str| {
                text.trim()
                    .trim_start_matches('#')
                    .parse::<u32>()
                    .map_err(|_| format!("“{}” is not a position number", text.trim()))
            };
            return Ok(Effect::Block(position(&self.from)?, position(&self.to)?));
        }
        let ticked: Vec<Wormhole> = WORMHOLES
            .iter()
            .zip(self.joined)
            .filter(|(_, on)| *on)
            .map(|(w, _)| *w)
            .collect();
        match ticked.as_slice() {
            [a, b] => Ok(Effect::Join(*a, *b)),
            _ => Err("tick two wormhole types to join".to_string()),
        }
    }
}

/// A text field with a label that names it.
fn field(ui: &mut Ui, label: &str, text: &mut String, width: f32) {
    let id = ui.label(label).id;
    ui.add(TextEdit::singleline(text).desired_width(width))
        .labelled_by(id);
}

/// The modifiers: each switched, renamed (to the form's name) or removed,
/// and the form that adds one.
fn modifiers_ui(ui: &mut Ui, galaxy: &GalaxyFile, form: &mut ModifierForm, out: &mut Commands) {
    ui.strong("Modifiers");
    for (index, modifier) in galaxy.modifiers.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            let mut on = modifier.enabled;
            if ui
                .checkbox(&mut on, &modifier.name)
                .on_hover_text(ops::effect_text(modifier.effect))
                .changed()
                && let Some(command) = step(ops::switch_modifier(galaxy, index, on))
            {
                out.push(command);
            }
            if ui
                .button("Rename")
                .on_hover_text("Gives it the name typed in “Modifier name”")
                .clicked()
            {
                match ops::rename_modifier(galaxy, index, &form.name) {
                    Ok(transaction) => {
                        if let Some(command) = step(transaction) {
                            out.push(command);
                        }
                    }
                    Err(why) => out.push(Command::Status(format!("Not renamed: {why}"))),
                }
            }
            if ui.button("Remove").clicked()
                && let Some(command) = step(ops::remove_modifier(galaxy, index))
            {
                out.push(command);
            }
        });
    }
    if galaxy.modifiers.is_empty() {
        ui.weak("None yet.");
    }
    ui.horizontal(|ui| field(ui, "Modifier name", &mut form.name, 200.0));
    ui.horizontal(|ui| {
        ui.radio_value(&mut form.block, false, "Join wormholes");
        ui.radio_value(&mut form.block, true, "Block a border");
    });
    ui.horizontal_wrapped(|ui| {
        if form.block {
            field(ui, "Border of #", &mut form.from, 40.0);
            field(ui, "and #", &mut form.to, 40.0);
        } else {
            for (wormhole, on) in WORMHOLES.iter().zip(form.joined.iter_mut()) {
                ui.checkbox(on, format!("{} wormholes", wormhole_name(*wormhole)));
            }
        }
    });
    ui.horizontal(|ui| {
        ui.checkbox(&mut form.enabled, "In force");
        if ui.button("Add modifier").clicked() {
            match form
                .effect()
                .and_then(|effect| ops::add_modifier(galaxy, &form.name, effect, form.enabled))
            {
                Ok(transaction) => {
                    out.push(Command::Apply(transaction));
                    form.name.clear();
                }
                Err(why) => out.push(Command::Status(format!("Modifier not added: {why}"))),
            }
        }
    });
}

/// The inspector's forms, kept between frames.
pub struct Forms<'a> {
    /// The form for a new modifier (and a modifier's new name).
    pub modifier: &'a mut ModifierForm,
    /// The custom tile dialog, while it is open.
    pub custom: &'a mut Option<CustomForm>,
}

/// A button for one of the board's actions, enabled as menus show it.
fn action_button(ui: &mut Ui, actions: &BoardActions, action: GalaxyAction, out: &mut Commands) {
    let action: Action = action.into();
    let response = ui
        .add_enabled(
            actions.enabled(action),
            egui::Button::new(actions.label(action)),
        )
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
    forms: Forms<'_>,
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
                    .map_or_else(|| format!("tile {number}"), |s| describe(s, galaxy)),
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
                    .add_enabled(
                        galaxy.tiles.contains_key(&index),
                        egui::Button::new("Clear position"),
                    )
                    .clicked()
                {
                    out.push(Command::Run(Action::Delete));
                }
            });
            let custom = match galaxy.tiles.get(&index).map(|p| p.slot) {
                Some(Slot::System(number)) => galaxy
                    .custom
                    .iter()
                    .enumerate()
                    .find(|(_, c)| c.system.number == number),
                _ => None,
            };
            if let Some((at, tile)) = custom
                && ui
                    .button(format!("Edit custom tile {}…", tile.system.number))
                    .clicked()
            {
                *forms.custom = Some(CustomForm::of(at, tile));
            }
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
            if ui
                .add_enabled(here.is_some(), egui::Button::new(label))
                .clicked()
                && let Some(index) = here
                && let Some(command) = step(ops::move_seat(galaxy, home.seat, index))
            {
                out.push(command);
            }
        });
    }
    ui.separator();
    modifiers_ui(ui, galaxy, forms.modifier, out);
    ui.separator();
    custom_list_ui(ui, galaxy, forms.custom, out);
}
