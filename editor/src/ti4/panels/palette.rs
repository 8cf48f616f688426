//! The tile palette: every tile of the catalogue (base game, Prophecy of
//! Kings, hyperlanes, the systems set beside the board) and the galaxy's
//! custom tiles, searchable by number, system or planet name and filtered
//! by kind. A tile is placed by dragging it onto a position, or by choosing
//! it here and clicking a position; tiles already on the map are marked.

use std::collections::BTreeSet;

use deckplan_schema::ti4::catalogue::{Back, Catalogue, Expansion, Face, System};
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::write::{anomaly_name, wormhole_name};
use eframe::egui::{self, ScrollArea, TextEdit, Ui};

use crate::command::Commands;

use super::super::command::step;
use super::super::ops;

/// A palette tile being dragged onto the canvas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dragged(pub Slot);

/// Which tiles the palette lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// Every tile.
    #[default]
    All,
    /// Home systems.
    Home,
    /// Blue-backed systems.
    Blue,
    /// Red-backed systems.
    Red,
    /// Systems with an anomaly.
    Anomaly,
    /// Systems with a wormhole.
    Wormhole,
    /// Hyperlane tiles.
    Hyperlane,
}

impl Kind {
    const ALL: [Self; 7] = [
        Self::All,
        Self::Home,
        Self::Blue,
        Self::Red,
        Self::Anomaly,
        Self::Wormhole,
        Self::Hyperlane,
    ];

    fn label(self) -> &'static str {
        match self {
            Self::All => "All",
            Self::Home => "Home",
            Self::Blue => "Blue",
            Self::Red => "Red",
            Self::Anomaly => "Anomaly",
            Self::Wormhole => "Wormhole",
            Self::Hyperlane => "Hyperlane",
        }
    }

    fn holds(self, system: &System) -> bool {
        match self {
            Self::All => true,
            Self::Home => system.home,
            Self::Blue => system.back == Back::Blue,
            Self::Red => system.back == Back::Red,
            Self::Anomaly => !system.anomalies.is_empty(),
            Self::Wormhole => !system.wormholes.is_empty(),
            Self::Hyperlane => false,
        }
    }
}

/// The palette's own state: the search, the filters and the chosen tile.
#[derive(Clone, Debug, Default)]
pub struct Palette {
    /// Text searched for in numbers, factions and planet names.
    pub search: String,
    /// The kind listed.
    pub kind: Kind,
    /// The box listed (`None`: every box).
    pub expansion: Option<Expansion>,
    /// The tile a click on a position places.
    pub armed: Option<Slot>,
}

/// One line describing a system: its number (and a custom tile's name), what
/// it is and what it holds.
pub fn describe(system: &System, galaxy: &GalaxyFile) -> String {
    let mut parts = vec![system.number.to_string()];
    // Only a homebrew system has a name of its own, so only it is looked up.
    if system.expansion == Expansion::Homebrew
        && let Some(custom) = galaxy
            .custom
            .iter()
            .find(|c| c.system.number == system.number)
    {
        parts.push(custom.name.clone());
    }
    if let Some(faction) = &system.faction {
        parts.push(faction.clone());
    } else if system.home {
        parts.push("home system".to_string());
    }
    for planet in &system.planets {
        parts.push(format!(
            "{} {}/{}",
            planet.name, planet.resources, planet.influence
        ));
    }
    for wormhole in &system.wormholes {
        parts.push(format!("{} wormhole", wormhole_name(*wormhole)));
    }
    for anomaly in &system.anomalies {
        parts.push(anomaly_name(*anomaly).replace('-', " "));
    }
    if system.planets.is_empty() && system.anomalies.is_empty() && !system.home {
        parts.push("empty".to_string());
    }
    parts.join(" · ")
}

fn expansion_label(expansion: Option<Expansion>) -> &'static str {
    match expansion {
        None => "Any box",
        Some(Expansion::Base) => "Base game",
        Some(Expansion::Pok) => "Prophecy of Kings",
        Some(_) => "Custom",
    }
}

impl Palette {
    fn matches(&self, text: &str) -> bool {
        let search = self.search.trim().to_lowercase();
        search.is_empty() || text.to_lowercase().contains(&search)
    }

    fn wanted(&self, expansion: Expansion) -> bool {
        self.expansion.is_none_or(|e| e == expansion)
    }

    /// Draws the palette; choices of a tile or of the filters change the
    /// palette, tiles set beside the board are recorded as edits.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        galaxy: &GalaxyFile,
        catalogue: &Catalogue,
        out: &mut Commands,
    ) {
        ui.heading("Tiles");
        let label = ui.label("Search tiles").id;
        ui.add(
            TextEdit::singleline(&mut self.search)
                .hint_text("number, faction or planet")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label);
        ui.horizontal_wrapped(|ui| {
            for kind in Kind::ALL {
                if ui
                    .selectable_label(self.kind == kind, kind.label())
                    .clicked()
                {
                    self.kind = kind;
                }
            }
        });
        egui::ComboBox::from_label("Box")
            .selected_text(expansion_label(self.expansion))
            .show_ui(ui, |ui| {
                for expansion in [
                    None,
                    Some(Expansion::Base),
                    Some(Expansion::Pok),
                    Some(Expansion::Homebrew),
                ] {
                    ui.selectable_value(&mut self.expansion, expansion, expansion_label(expansion));
                }
            });
        ui.weak("Drag a tile onto a position, or choose it and click one.");
        ui.separator();
        let used: BTreeSet<u16> = galaxy
            .tiles
            .values()
            .filter_map(|p| match p.slot {
                Slot::System(n) | Slot::Hyperlane { number: n, .. } => Some(n),
                Slot::Open | Slot::Off => None,
            })
            .collect();
        ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if self.kind == Kind::All
                    && self.expansion.is_none()
                    && self.matches("0 open position")
                {
                    self.entry(ui, Slot::Open, "0 · open position".to_string(), false);
                }
                for system in catalogue.systems() {
                    let text = describe(system, galaxy);
                    if !self.kind.holds(system)
                        || !self.wanted(system.expansion)
                        || !self.matches(&text)
                    {
                        continue;
                    }
                    if system.off_board {
                        let beside = galaxy.off_board.contains(&system.number);
                        let mut on = beside;
                        let label = format!("{text} · beside the board");
                        if ui.checkbox(&mut on, label).changed()
                            && let Some(command) =
                                step(ops::toggle_off_board(galaxy, system.number))
                        {
                            out.push(command);
                        }
                        continue;
                    }
                    self.entry(
                        ui,
                        Slot::System(system.number),
                        text,
                        used.contains(&system.number),
                    );
                }
                if matches!(self.kind, Kind::All | Kind::Hyperlane) {
                    for lane in catalogue.hyperlanes() {
                        let text = format!("{} · hyperlane", lane.number);
                        if !self.wanted(lane.expansion) || !self.matches(&text) {
                            continue;
                        }
                        let slot = Slot::Hyperlane {
                            number: lane.number,
                            face: Face::A,
                            rotation: 0,
                        };
                        self.entry(ui, slot, text, used.contains(&lane.number));
                    }
                }
            });
    }

    /// One tile: chosen by a click, dragged onto the canvas.
    fn entry(&mut self, ui: &mut Ui, slot: Slot, text: String, on_map: bool) {
        let text = if on_map {
            format!("{text} · on the map")
        } else {
            text
        };
        let chosen = self.armed == Some(slot);
        let button = egui::Button::selectable(chosen, text).sense(egui::Sense::click_and_drag());
        let response = ui.add(button);
        response.dnd_set_drag_payload(Dragged(slot));
        if response.clicked() {
            self.armed = if chosen { None } else { Some(slot) };
        }
    }
}
