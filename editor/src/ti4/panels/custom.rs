//! The custom tile form: a homebrew system's number, name, back, home and
//! off-board flags, wormholes, anomalies and planets (values, trait,
//! specialty, legendary), in a dialog opened from the inspector or the
//! Galaxy menu. Saving records one undo step; what the galaxy file would
//! refuse keeps the dialog open with the reason.

use std::collections::BTreeSet;

use deckplan_schema::Span;
use deckplan_schema::ti4::catalogue::{
    Anomaly, Back, Expansion, Planet, System, TechSkip, Trait, Wormhole,
};
use deckplan_schema::ti4::galaxy::{CustomTile, GalaxyFile};
use deckplan_schema::ti4::write::{anomaly_name, back_name, tech_name, trait_name, wormhole_name};
use eframe::egui::{self, Response, TextEdit, Ui};

use crate::command::Commands;

use super::super::board::PROBLEM;
use super::super::command::Command;
use super::super::custom;

/// The wormhole types, in the order the form ticks them.
const WORMHOLES: [Wormhole; 4] = [
    Wormhole::Alpha,
    Wormhole::Beta,
    Wormhole::Gamma,
    Wormhole::Delta,
];

/// The anomalies, in the order the form ticks them.
const ANOMALIES: [Anomaly; 4] = [
    Anomaly::AsteroidField,
    Anomaly::Nebula,
    Anomaly::Supernova,
    Anomaly::GravityRift,
];

const BACKS: [Back; 3] = [Back::Blue, Back::Red, Back::Green];
const TRAITS: [Trait; 3] = [Trait::Cultural, Trait::Hazardous, Trait::Industrial];
const SPECIALTIES: [TechSkip; 4] = [
    TechSkip::Biotic,
    TechSkip::Cybernetic,
    TechSkip::Propulsion,
    TechSkip::Warfare,
];

/// One planet's row of the form, its values as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanetForm {
    /// The planet's name.
    pub name: String,
    /// Its resource value, as typed.
    pub resources: String,
    /// Its influence value, as typed.
    pub influence: String,
    /// Its trait, if any.
    pub planet_trait: Option<Trait>,
    /// Its technology specialty, if any.
    pub tech: Option<TechSkip>,
    /// Whether it is legendary.
    pub legendary: bool,
}

impl Default for PlanetForm {
    fn default() -> Self {
        Self {
            name: String::new(),
            resources: "0".to_string(),
            influence: "0".to_string(),
            planet_trait: None,
            tech: None,
            legendary: false,
        }
    }
}

impl PlanetForm {
    fn of(planet: &Planet) -> Self {
        Self {
            name: planet.name.clone(),
            resources: planet.resources.to_string(),
            influence: planet.influence.to_string(),
            planet_trait: planet.planet_trait,
            tech: planet.tech,
            legendary: planet.legendary,
        }
    }

    /// The planet the row describes (the `number`th of the tile), or why
    /// it describes none.
    fn planet(&self, number: usize) -> Result<Planet, String> {
        let value = |what: &str, text: &str| {
            text.trim().parse::<u8>().map_err(|_| {
                format!(
                    "planet {number}: {what} “{}” is not a number from 0 to 255",
                    text.trim()
                )
            })
        };
        Ok(Planet {
            name: self.name.clone(),
            resources: value("resources", &self.resources)?,
            influence: value("influence", &self.influence)?,
            planet_trait: self.planet_trait,
            tech: self.tech,
            legendary: self.legendary,
        })
    }
}

/// The dialog's fields, kept between frames while it is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomForm {
    /// The custom tile being changed, by its place in the file; `None` for a new one.
    pub editing: Option<usize>,
    /// The tile number, as typed.
    pub number: String,
    /// The name shown for it.
    pub name: String,
    /// The colour of its back.
    pub back: Back,
    /// Whether it is a home system.
    pub home: bool,
    /// Whether it is set beside the board.
    pub off_board: bool,
    /// The wormhole types ticked, as in [`WORMHOLES`].
    pub wormholes: [bool; 4],
    /// The anomalies ticked, as in [`ANOMALIES`].
    pub anomalies: [bool; 4],
    /// Its planets, in the order the file lists them.
    pub planets: Vec<PlanetForm>,
    /// Why the last save was refused.
    pub error: String,
    /// The edited tile's wormholes and anomalies in the file's order, kept
    /// while the same ones stay ticked, so opening and saving changes nothing.
    listed: (Vec<Wormhole>, Vec<Anomaly>),
}

/// The ticked items of `all`, in the file's order when they are the ones it listed.
fn ticked<T: Copy + Ord>(all: &[T], ticks: &[bool], listed: &[T]) -> Vec<T> {
    let chosen: Vec<T> = all
        .iter()
        .zip(ticks)
        .filter(|(_, on)| **on)
        .map(|(item, _)| *item)
        .collect();
    let same = chosen.iter().collect::<BTreeSet<_>>() == listed.iter().collect::<BTreeSet<_>>();
    if same { listed.to_vec() } else { chosen }
}

fn ticks<T: PartialEq>(all: &[T; 4], listed: &[T]) -> [bool; 4] {
    let mut out = [false; 4];
    for (tick, item) in out.iter_mut().zip(all) {
        *tick = listed.contains(item);
    }
    out
}

impl CustomForm {
    /// A form for a new tile, numbered with the lowest free number from 1000.
    pub fn new_tile(galaxy: &GalaxyFile) -> Self {
        Self {
            editing: None,
            number: custom::next_number(galaxy)
                .map(|n| n.to_string())
                .unwrap_or_default(),
            name: String::new(),
            back: Back::Blue,
            home: false,
            off_board: false,
            wormholes: [false; 4],
            anomalies: [false; 4],
            planets: Vec::new(),
            error: String::new(),
            listed: (Vec::new(), Vec::new()),
        }
    }

    /// A form holding custom tile `index` of the file, to change it.
    pub fn of(index: usize, tile: &CustomTile) -> Self {
        let system = &tile.system;
        Self {
            editing: Some(index),
            number: system.number.to_string(),
            name: tile.name.clone(),
            back: system.back,
            home: system.home,
            off_board: system.off_board,
            wormholes: ticks(&WORMHOLES, &system.wormholes),
            anomalies: ticks(&ANOMALIES, &system.anomalies),
            planets: system.planets.iter().map(PlanetForm::of).collect(),
            error: String::new(),
            listed: (system.wormholes.clone(), system.anomalies.clone()),
        }
    }

    /// The tile the form describes, or why it describes none.
    pub fn tile(&self) -> Result<CustomTile, String> {
        let number = self
            .number
            .trim()
            .parse::<u16>()
            .ok()
            .filter(|n| *n >= 1)
            .ok_or_else(|| {
                format!(
                    "“{}” is not a tile number from 1 to 65535",
                    self.number.trim()
                )
            })?;
        let planets = self
            .planets
            .iter()
            .enumerate()
            .map(|(k, planet)| planet.planet(k + 1))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CustomTile {
            name: self.name.clone(),
            system: System {
                number,
                expansion: Expansion::Homebrew,
                back: self.back,
                home: self.home,
                faction: None,
                off_board: self.off_board,
                wormholes: ticked(&WORMHOLES, &self.wormholes, &self.listed.0),
                anomalies: ticked(&ANOMALIES, &self.anomalies, &self.listed.1),
                planets,
            },
            span: Span::default(),
        })
    }

    /// The transaction saving the form, `None` when it changes nothing, or
    /// why it cannot be saved.
    fn save(&self, galaxy: &GalaxyFile) -> Result<Option<super::super::edit::Transaction>, String> {
        let builtin = deckplan_validator::ti4::builtin_catalogue().map_err(|e| e.to_string())?;
        let tile = self.tile()?;
        match self.editing {
            None => custom::add_custom(galaxy, builtin, tile).map(Some),
            Some(index) => custom::change_custom(galaxy, builtin, index, tile),
        }
    }
}

/// A text field of a planet row, at least `width` wide (a grid cell would
/// otherwise shrink it to its column's last width).
fn cell(ui: &mut Ui, text: &mut String, width: f32, name: &str) {
    let response = ui.add(
        TextEdit::singleline(text)
            .min_size(egui::vec2(width, 0.0))
            .desired_width(width),
    );
    named(ui, &response, name);
}

/// Gives a widget the name a screen reader (and a UI test) knows it by,
/// where the form shows it as a column heading.
fn named(ui: &Ui, response: &Response, name: &str) {
    ui.ctx()
        .accesskit_node_builder(response.id, |node| node.set_label(name));
}

/// A text field with a label that names it.
fn field(ui: &mut Ui, label: &str, text: &mut String, width: f32) {
    let id = ui.label(label).id;
    ui.add(TextEdit::singleline(text).desired_width(width))
        .labelled_by(id);
}

/// A choice of one of `options` or none, named `name`.
fn choice<T: Copy + PartialEq>(
    ui: &mut Ui,
    name: &str,
    value: &mut Option<T>,
    options: &[T],
    text: fn(T) -> &'static str,
) {
    let response = egui::ComboBox::from_id_salt(name)
        .selected_text(value.map_or("none", text))
        .width(96.0)
        .show_ui(ui, |ui| {
            ui.selectable_value(value, None, "none");
            for option in options {
                ui.selectable_value(value, Some(*option), text(*option));
            }
        })
        .response;
    named(ui, &response, name);
}

/// The tile's own fields: number, name, back, flags, wormholes, anomalies.
fn tile_fields_ui(ui: &mut Ui, form: &mut CustomForm) {
    egui::Grid::new("ti4-custom-tile-fields")
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            field(ui, "Tile number", &mut form.number, 80.0);
            ui.end_row();
            field(ui, "Tile name", &mut form.name, 260.0);
            ui.end_row();
            let label = ui.label("Tile back").id;
            egui::ComboBox::from_id_salt("ti4-custom-tile-back")
                .selected_text(back_name(form.back))
                .show_ui(ui, |ui| {
                    for back in BACKS {
                        ui.selectable_value(&mut form.back, back, back_name(back));
                    }
                })
                .response
                .labelled_by(label);
            ui.end_row();
            ui.label("");
            ui.horizontal(|ui| {
                let was_home = form.home;
                if ui.checkbox(&mut form.home, "Home system").changed() {
                    // A back left at its default follows the new default.
                    let default = |home: bool| if home { Back::Green } else { Back::Blue };
                    if form.back == default(was_home) {
                        form.back = default(form.home);
                    }
                }
                ui.checkbox(&mut form.off_board, "Set beside the board");
            });
            ui.end_row();
            ui.label("Wormholes");
            ui.horizontal(|ui| {
                for (wormhole, on) in WORMHOLES.iter().zip(form.wormholes.iter_mut()) {
                    ui.checkbox(on, wormhole_name(*wormhole));
                }
            });
            ui.end_row();
            ui.label("Anomalies");
            ui.horizontal(|ui| {
                for (anomaly, on) in ANOMALIES.iter().zip(form.anomalies.iter_mut()) {
                    ui.checkbox(on, anomaly_name(*anomaly).replace('-', " "));
                }
            });
            ui.end_row();
        });
}

/// The planets, a row each, with a button to take each out and one to add one.
fn planets_ui(ui: &mut Ui, form: &mut CustomForm) {
    ui.strong("Planets");
    let mut removed = None;
    if form.planets.is_empty() {
        ui.weak("None: an empty system, or one of anomalies and wormholes only.");
    } else {
        egui::Grid::new("ti4-custom-tile-planets")
            .num_columns(8)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                for heading in [
                    "",
                    "Name",
                    "Resources",
                    "Influence",
                    "Trait",
                    "Specialty",
                    "Legendary",
                    "",
                ] {
                    ui.weak(heading);
                }
                ui.end_row();
                for (k, planet) in form.planets.iter_mut().enumerate() {
                    let number = k + 1;
                    ui.label(format!("Planet {number}"));
                    cell(
                        ui,
                        &mut planet.name,
                        130.0,
                        &format!("Planet {number} name"),
                    );
                    cell(
                        ui,
                        &mut planet.resources,
                        36.0,
                        &format!("Planet {number} resources"),
                    );
                    cell(
                        ui,
                        &mut planet.influence,
                        36.0,
                        &format!("Planet {number} influence"),
                    );
                    choice(
                        ui,
                        &format!("Planet {number} trait"),
                        &mut planet.planet_trait,
                        &TRAITS,
                        trait_name,
                    );
                    choice(
                        ui,
                        &format!("Planet {number} specialty"),
                        &mut planet.tech,
                        &SPECIALTIES,
                        tech_name,
                    );
                    let response = ui.checkbox(&mut planet.legendary, "");
                    named(ui, &response, &format!("Planet {number} legendary"));
                    let response = ui.button("Remove");
                    named(ui, &response, &format!("Remove planet {number}"));
                    if response.clicked() {
                        removed = Some(k);
                    }
                    ui.end_row();
                }
            });
    }
    if let Some(k) = removed {
        form.planets.remove(k);
    }
    if ui.button("Add planet").clicked() {
        form.planets.push(PlanetForm::default());
    }
}

/// The dialog, while a form is open: saved (one undo step) or cancelled.
pub fn custom_dialog_ui(
    ui: &Ui,
    galaxy: &GalaxyFile,
    open: &mut Option<CustomForm>,
    out: &mut Commands,
) {
    let Some(form) = open else {
        return;
    };
    let mut close = false;
    egui::Modal::new(egui::Id::unique("ti4-custom-tile")).show(ui.ctx(), |ui| {
        match form.editing.and_then(|i| galaxy.custom.get(i)) {
            Some(tile) => ui.heading(format!("Custom tile {}", tile.system.number)),
            None => ui.heading("New custom tile"),
        };
        ui.weak("A homebrew system, written to the galaxy's [[custom]] tiles and listed in the palette.");
        tile_fields_ui(ui, form);
        ui.separator();
        planets_ui(ui, form);
        if !form.error.is_empty() {
            ui.colored_label(PROBLEM, form.error.as_str());
        }
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Save tile").clicked() {
                match form.save(galaxy) {
                    Ok(step) => {
                        if let Some(step) = step {
                            out.push(Command::Apply(step));
                        }
                        close = true;
                    }
                    Err(why) => form.error = why,
                }
            }
            close |= ui.button("Cancel").clicked();
        });
    });
    if close {
        *open = None;
    }
}

/// The inspector's list of custom tiles: each opened in the form or taken
/// out, and a button for a new one.
pub fn custom_list_ui(
    ui: &mut Ui,
    galaxy: &GalaxyFile,
    open: &mut Option<CustomForm>,
    out: &mut Commands,
) {
    ui.strong("Custom tiles");
    for (index, tile) in galaxy.custom.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} · {}", tile.system.number, tile.name));
            if ui.button("Edit…").clicked() {
                *open = Some(CustomForm::of(index, tile));
            }
            if ui.button("Remove tile").clicked() {
                match custom::remove_custom(galaxy, index) {
                    Ok(Some(step)) => out.push(Command::Apply(step)),
                    Ok(None) => {}
                    Err(why) => out.push(Command::Status(format!("Not removed: {why}"))),
                }
            }
        });
    }
    if galaxy.custom.is_empty() {
        ui.weak("None yet: homebrew systems, numbered from 1000 up.");
    }
    if ui.button("New custom tile…").clicked() {
        *open = Some(CustomForm::new_tile(galaxy));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::document::tests::five_players;

    #[test]
    fn a_tile_opened_and_saved_unchanged_changes_nothing_even_in_the_files_order() {
        let mut galaxy = five_players().model;
        let mut form = CustomForm::new_tile(&galaxy);
        assert_eq!(form.number, "1000");
        form.name = "Rift".to_string();
        form.wormholes = [false, true, false, true];
        form.anomalies = [false, true, false, true];
        let mut tile = form.tile().unwrap();
        assert_eq!(tile.system.wormholes, [Wormhole::Beta, Wormhole::Delta]);
        // As a file might list them, out of the form's order.
        tile.system.wormholes.reverse();
        tile.system.anomalies.reverse();
        galaxy.custom.push(tile.clone());
        let form = CustomForm::of(0, &tile);
        assert_eq!(form.save(&galaxy), Ok(None));
        let mut fewer = form.clone();
        fewer.wormholes[3] = false;
        assert_eq!(fewer.tile().unwrap().system.wormholes, [Wormhole::Beta]);
    }

    #[test]
    fn values_that_are_not_numbers_are_named_with_their_planet() {
        let galaxy = five_players().model;
        let mut form = CustomForm::new_tile(&galaxy);
        form.name = "Far".to_string();
        form.number = "x".to_string();
        assert_eq!(
            form.tile().unwrap_err(),
            "“x” is not a tile number from 1 to 65535"
        );
        form.number = "1000".to_string();
        form.planets = vec![PlanetForm::default(), PlanetForm::default()];
        form.planets[1].influence = "300".to_string();
        assert_eq!(
            form.tile().unwrap_err(),
            "planet 2: influence “300” is not a number from 0 to 255"
        );
        form.planets[1].influence = " 3 ".to_string();
        assert_eq!(form.tile().unwrap().system.planets[1].influence, 3);
        assert_eq!(form.save(&galaxy).unwrap_err(), "planet 1 needs a name");
    }
}
