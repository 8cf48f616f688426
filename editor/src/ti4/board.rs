//! The TI4 board: a galaxy on a canvas with the tile palette and the
//! inspector, behind the shell's [`Board`] seam.

use std::any::Any;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::ti4::catalogue::Catalogue;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::hex::Hex;
use deckplan_schema::ti4::map_string::{MAX_RINGS, Slot};
use deckplan_validator::draw::{Point, Rect as BoardRect, Scene};
use deckplan_validator::ti4::adjacency::Adjacency;
use deckplan_validator::ti4::balance::{self, SeatBalance};
use deckplan_validator::ti4::checks::Galaxy;
use deckplan_validator::ti4::draw::{centre, galaxy_scene, hex_at, outline};
use eframe::egui::{
    self, CentralPanel, Color32, Panel, PointerButton, Pos2, ScrollArea, Stroke, Ui,
};

use super::action::GalaxyAction;
use super::command::Command;
use super::document::Document;
use super::edit::{EditError, Transaction};
use super::ops;
use super::panels::balance::{SwapAsk, balance_ui};
use super::panels::custom::{CustomForm, custom_dialog_ui};
use super::panels::inspector::{Forms, ModifierForm, inspector_ui};
use super::panels::palette::{Dragged, Palette};
use super::panels::playtest::playtest_ui;
use super::playtest::{Answer, PlayTest};
use super::swaps::SwapSearch;
use crate::action::Action;
use crate::app::Mode;
use crate::board::{ActionState, ActionText, Board, BoardActions, Effects, Frame, Menu, Status};
use crate::command::{BoardCommand, Commands};
use crate::export::{Picture, Style};
use crate::files::{Origin, Saved};
use crate::paint::{IndexedScene, ScreenMap as _};
use crate::problems::{LintJob, Problem};
use crate::recovery::Autosave;
use crate::scene_view::{BACKDROP, SceneGeometry, SceneView};

/// White, so a selected seat (ringed gold by the scene) still shows it.
const SELECTED: Color32 = Color32::WHITE;
const HOVER: Color32 = Color32::from_rgb(140, 180, 255);
/// The play test's command tokens.
const TOKEN: Color32 = Color32::from_rgb(255, 200, 60);
/// How many swaps the Balance panel suggests.
const SWAPS_SHOWN: usize = 5;
/// How often the Balance panel shows a running search's progress.
const SEARCH_REDRAW: std::time::Duration = std::time::Duration::from_millis(50);

/// The colour of space in `deckplan render`'s galaxies.
const SPACE: Color32 = Color32::from_rgb(12, 16, 32);
pub(super) const PROBLEM: Color32 = Color32::from_rgb(240, 70, 60);

/// The galaxy drawn as it is now, with what the canvas needs around it.
struct Drawn {
    generation: u64,
    positions: bool,
    scene: IndexedScene,
    bounds: BoardRect,
    /// Every position the canvas offers: the layout's rings and one more.
    offered: Vec<(u32, Hex)>,
    /// The seats' balance figures, as `deckplan show` gives them.
    balance: Vec<SeatBalance>,
}

/// The built-in catalogue with the galaxy's custom tiles. The built-in one
/// is part of the binary and checked by the schema's tests; were it broken,
/// the galaxy's custom tiles alone are listed and drawn.
fn catalogue_of(galaxy: &GalaxyFile) -> Catalogue {
    match deckplan_validator::ti4::builtin_catalogue() {
        Ok(builtin) => galaxy.catalogue(builtin),
        Err(_) => match Catalogue::parse("") {
            Ok(empty) => galaxy.catalogue(&empty),
            Err(_) => unreachable!("an empty catalogue parses"),
        },
    }
}

/// What the validator's drawing and figures read of a galaxy: it with its
/// catalogue and adjacency (no file: nothing here reports a span).
fn with_view<T>(galaxy: &GalaxyFile, read: impl FnOnce(&Galaxy<'_>) -> T) -> T {
    let catalogue = catalogue_of(galaxy);
    let adjacency = Adjacency::of(galaxy, &catalogue);
    let source = SourceFile::new("pack.toml", String::new());
    read(&Galaxy {
        file: galaxy,
        catalogue: &catalogue,
        adjacency: &adjacency,
        source: &source,
    })
}

/// The scene `deckplan render` draws of a galaxy (without its title).
pub fn scene_of(galaxy: &GalaxyFile, positions: bool) -> Scene {
    with_view(galaxy, |view| galaxy_scene(view, false, positions))
}

impl Drawn {
    fn new(galaxy: &GalaxyFile, generation: u64, positions: bool) -> Self {
        let (scene, balance) = with_view(galaxy, |view| {
            (galaxy_scene(view, false, positions), balance::of(view))
        });
        let rings = (galaxy.drawn_rings() + 1).min(MAX_RINGS);
        let offered: Vec<(u32, Hex)> = Hex::spiral(rings)
            .into_iter()
            .filter_map(|hex| Some((hex.index()?, hex)))
            .collect();
        let mut bounds = scene.bounds;
        for (_, hex) in &offered {
            let at = centre(*hex);
            bounds = bounds.union(BoardRect::new(
                at.x - 1.2,
                at.y - 1.2,
                at.x + 1.2,
                at.y + 1.2,
            ));
        }
        Self {
            generation,
            positions,
            scene: IndexedScene::new(scene),
            bounds,
            offered,
            balance,
        }
    }
}

/// The open galaxy and everything the TI4 board draws around it.
pub struct Ti4Board {
    pub(super) doc: Document,
    /// The selected position.
    pub(super) selected: Option<u32>,
    pub(super) palette: Palette,
    pub(super) view: SceneView,
    /// Each position's spiral number shown.
    pub(super) positions: bool,
    /// The last map string copied (also handed to the system clipboard).
    pub(super) copied: Option<String>,
    /// The map-string dialog's text, while it is open, and its errors.
    pub(super) paste: Option<(String, String)>,
    /// The play test's question.
    pub(super) play: PlayTest,
    /// Its answer, and what it was worked out for.
    pub(super) answer: Answer,
    answered: Option<(u64, PlayTest)>,
    /// Swaps that narrow the balance spread, for the state they were asked for.
    swaps: Option<(u64, Vec<balance::Swap>)>,
    /// The search for them, while it runs.
    pub(super) searching: Option<SwapSearch>,
    catalogue: Catalogue,
    catalogue_generation: Option<u64>,
    drawn: Option<Drawn>,
    /// Where a drag on the canvas started, when that position holds a tile.
    dragging: Option<u32>,
    hover: Option<u32>,
    /// Text to put on the system clipboard at the next frame.
    to_clipboard: Option<String>,
    /// Text the window pasted this frame (Ctrl+V with text on the clipboard).
    pasted: Option<String>,
    /// The inspector's form for a new modifier.
    modifier_form: ModifierForm,
    /// The custom tile dialog, while it is open.
    pub(super) custom_form: Option<CustomForm>,
}

impl Ti4Board {
    /// A board for a document.
    pub fn new(doc: Document) -> Self {
        let catalogue = catalogue_of(&doc.model);
        Self {
            doc,
            selected: None,
            palette: Palette::default(),
            view: SceneView::default(),
            positions: false,
            copied: None,
            paste: None,
            play: PlayTest::default(),
            answer: Answer::default(),
            answered: None,
            swaps: None,
            searching: None,
            catalogue,
            catalogue_generation: None,
            drawn: None,
            dragging: None,
            hover: None,
            to_clipboard: None,
            pasted: None,
            modifier_form: ModifierForm::default(),
            custom_form: None,
        }
    }

    /// The document.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// Last frame's mapping of the canvas.
    pub fn geometry(&self) -> Option<SceneGeometry> {
        self.view.geometry
    }

    fn refresh(&mut self) {
        let generation = self.doc.generation();
        if self.catalogue_generation != Some(generation) {
            self.catalogue = catalogue_of(&self.doc.model);
            self.catalogue_generation = Some(generation);
        }
        let stale = self
            .drawn
            .as_ref()
            .is_none_or(|d| d.generation != generation || d.positions != self.positions);
        if stale {
            self.drawn = Some(Drawn::new(&self.doc.model, generation, self.positions));
        }
    }

    fn edit(
        &mut self,
        effects: &mut Effects,
        change: impl FnOnce(&mut Document) -> Result<(), EditError>,
    ) {
        if let Err(error) = change(&mut self.doc) {
            effects.say(format!("Not changed: {error}"));
        }
        self.play.keep_valid(&self.doc.model);
    }

    fn apply_step(&mut self, effects: &mut Effects, step: Option<Transaction>) {
        if let Some(step) = step {
            self.edit(effects, |doc| doc.apply(step));
        }
    }

    /// The position under a board point, if the canvas offers it.
    fn position_at(&self, point: Point) -> Option<u32> {
        let index = hex_at(point).index()?;
        let drawn = self.drawn.as_ref()?;
        drawn
            .offered
            .iter()
            .any(|(i, _)| *i == index)
            .then_some(index)
    }

    /// The galaxy as `deckplan render` draws it, for the export dialog.
    fn picture(&self) -> Picture {
        let galaxy = Arc::new(self.doc.model.clone());
        let name = match &self.doc.origin {
            Origin::File { file } => file.file_stem().map_or_else(
                || "galaxy".to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
            Origin::Pack { folder } => folder.file_name().map_or_else(
                || "galaxy".to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
            Origin::New => "galaxy".to_string(),
        };
        Picture {
            what: "galaxy".to_string(),
            name,
            detailed: true,
            scene: Arc::new(move |style: &Style| {
                Ok(with_view(&galaxy, |view| {
                    galaxy_scene(view, style.title, style.coordinates)
                }))
            }),
        }
    }

    /// What the status bar says about a position.
    fn describe(&self, index: u32) -> String {
        let galaxy = &self.doc.model;
        let mut text = format!("#{index}");
        match galaxy.tiles.get(&index).map(|p| p.slot) {
            None | Some(Slot::Off) => text.push_str(" · no tile"),
            Some(Slot::Open) => text.push_str(" · open"),
            Some(Slot::System(number)) => match self.catalogue.system(number) {
                Some(system) => text.push_str(&format!(
                    " · {}",
                    super::panels::palette::describe(system, &self.doc.model)
                )),
                None => text.push_str(&format!(" · tile {number}")),
            },
            Some(slot) => text.push_str(&format!(" · hyperlane {slot}")),
        }
        if let Some(home) = galaxy.homes.iter().find(|h| h.position == index) {
            text.push_str(&format!(" · seat {}", home.seat));
        }
        if Hex::from_index(index).ring() > galaxy.rings {
            text.push_str(" · outside the rings");
        }
        text
    }

    /// Reads a map string pasted on the canvas or in the dialog; `true` when
    /// it was read (or changed nothing).
    fn paste_text(&mut self, text: &str, effects: &mut Effects) -> Result<(), String> {
        let builtin = deckplan_validator::ti4::builtin_catalogue()?;
        let catalogue = self.doc.model.catalogue(builtin);
        match ops::paste_map_string(&self.doc.model, text, &catalogue)? {
            Some(step) => {
                self.edit(effects, |doc| doc.apply(step));
                self.selected = None;
                effects.say("Map string read");
            }
            None => effects.say("The map string is the galaxy as it is: nothing changed"),
        }
        Ok(())
    }

    fn run_own(&mut self, action: GalaxyAction, effects: &mut Effects) {
        let galaxy = &self.doc.model;
        let step = match action {
            GalaxyAction::ExportGalaxy => {
                effects.export(self.picture());
                return;
            }
            GalaxyAction::ShowPositions => {
                self.positions = !self.positions;
                return;
            }
            GalaxyAction::CopyMapString => {
                self.copy(effects);
                return;
            }
            GalaxyAction::PasteMapString => {
                self.paste = Some((String::new(), String::new()));
                return;
            }
            GalaxyAction::NewCustomTile => {
                self.custom_form = Some(CustomForm::new_tile(galaxy));
                return;
            }
            GalaxyAction::Rotate => self.selected.and_then(|i| ops::rotate(galaxy, i)),
            GalaxyAction::Flip => self.selected.and_then(|i| ops::flip(galaxy, i)),
            GalaxyAction::Seat => self.selected.and_then(|i| ops::toggle_seat(galaxy, i)),
            GalaxyAction::AddRing => ops::set_rings(galaxy, galaxy.rings + 1),
            GalaxyAction::RemoveRing => ops::set_rings(galaxy, galaxy.rings.saturating_sub(1)),
        };
        self.apply_step(effects, step);
    }

    fn copy(&mut self, effects: &mut Effects) {
        let text = ops::map_string(&self.doc.model);
        effects.say(format!("Copied the map string: {text}"));
        self.to_clipboard = Some(text.clone());
        self.copied = Some(text);
    }

    /// The canvas: the galaxy, the empty positions, the marks, and the
    /// pointer turned into placements, moves and selections.
    fn canvas_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        self.refresh();
        let Some(bounds) = self.drawn.as_ref().map(|d| d.bounds) else {
            return;
        };
        let (response, geo) = self.view.ui(ui, bounds);
        let painter = ui.painter_at(response.rect);
        painter.rect_filled(response.rect, 0.0, BACKDROP);
        let board = |pos: Pos2| {
            let (x, y) = geo.board(pos);
            Point::new(f64::from(x), f64::from(y))
        };
        self.hover = response
            .hover_pos()
            .and_then(|p| self.position_at(board(p)));
        let editing = frame.mode == Mode::Edit;
        if editing {
            self.pointer(ui, &response, &board, frame.out);
        } else {
            let at = response
                .interact_pointer_pos()
                .and_then(|p| self.position_at(board(p)))
                .filter(|i| self.doc.model.tiles.contains_key(i));
            if response.clicked()
                && let Some(index) = at
            {
                frame.out.push(Command::Status(self.play.click(index)));
            }
            if response.secondary_clicked()
                && let Some(index) = self.hover
            {
                self.play.remove(index);
            }
        }
        let Some(drawn) = &self.drawn else {
            return;
        };
        let galaxy = &self.doc.model;
        let screen = |p: Point| geo.screen(p.x as f32, p.y as f32);
        let hex_shape = |hex: Hex| outline(hex).into_iter().map(screen).collect::<Vec<Pos2>>();
        // Space under the whole canvas area the galaxy may grow into (the
        // scene's own space covers its tiles only), then the empty
        // positions: inside the rings plainly, the one ring beyond faintly
        // (a tile there is reported as T007), then the galaxy.
        painter.rect_filled(geo.rect(drawn.bounds), 0.0, SPACE);
        for (index, hex) in &drawn.offered {
            if galaxy.tiles.contains_key(index) {
                continue;
            }
            let inside = hex.ring() <= galaxy.rings;
            let colour = if inside {
                Color32::from_gray(120)
            } else {
                Color32::from_gray(80)
            };
            painter.add(egui::Shape::closed_line(
                hex_shape(*hex),
                Stroke::new(1.0, colour),
            ));
            if self.positions {
                let at = screen(centre(*hex));
                painter.text(
                    at,
                    egui::Align2::CENTER_CENTER,
                    format!("#{index}"),
                    egui::FontId::proportional((geo.scale * 0.22).clamp(6.0, 18.0)),
                    colour,
                );
            }
        }
        drawn.scene.paint(&painter, &geo, |layer| {
            layer != deckplan_validator::draw::Layer::Margin
        });
        // Problems ringed on their positions, the chosen one thicker.
        let focused = frame
            .focused_problem
            .and_then(|(i, _)| frame.report.problems.get(i))
            .and_then(super::problems::position);
        let marked: BTreeSet<u32> = frame
            .report
            .problems
            .iter()
            .filter_map(super::problems::position)
            .collect();
        for index in marked {
            let width = if Some(index) == focused { 4.0 } else { 2.0 };
            painter.add(egui::Shape::closed_line(
                hex_shape(Hex::from_index(index)),
                Stroke::new(width, PROBLEM),
            ));
        }
        if !editing {
            self.draw_play(&painter, &geo);
            return;
        }
        if let Some(index) = self.hover {
            painter.add(egui::Shape::closed_line(
                hex_shape(Hex::from_index(index)),
                Stroke::new(1.5, HOVER),
            ));
        }
        if let Some(index) = self.selected {
            painter.add(egui::Shape::closed_line(
                hex_shape(Hex::from_index(index)),
                Stroke::new(3.0, SELECTED),
            ));
        }
        if let (Some(from), Some(to)) = (self.dragging, self.hover) {
            painter.line_segment(
                [
                    screen(centre(Hex::from_index(from))),
                    screen(centre(Hex::from_index(to))),
                ],
                Stroke::new(2.0, SELECTED),
            );
        }
    }

    /// The play test's pieces and the systems the ship can move into.
    fn draw_play(&self, painter: &egui::Painter, geo: &SceneGeometry) {
        let screen = |index: u32| {
            let p = centre(Hex::from_index(index));
            geo.screen(p.x as f32, p.y as f32)
        };
        let reach_colour = Color32::from_rgb(90, 220, 120);
        for &(index, entered, rift) in &self.answer.reached {
            let shape: Vec<Pos2> = outline(Hex::from_index(index))
                .into_iter()
                .map(|p| geo.screen(p.x as f32, p.y as f32))
                .collect();
            painter.add(egui::Shape::closed_line(
                shape,
                Stroke::new(3.0, reach_colour),
            ));
            let text = if rift {
                format!("{entered} · rift roll")
            } else {
                entered.to_string()
            };
            painter.text(
                screen(index) + egui::vec2(0.0, geo.scale * 0.3),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional((geo.scale * 0.25).clamp(8.0, 20.0)),
                reach_colour,
            );
        }
        let radius = (geo.scale * 0.16).clamp(4.0, 14.0);
        for &index in &self.play.enemies {
            painter.circle_filled(
                screen(index) + egui::vec2(radius * 1.2, 0.0),
                radius,
                PROBLEM,
            );
        }
        for &index in &self.play.tokens {
            let at = screen(index) - egui::vec2(radius * 1.2, 0.0);
            painter.rect_filled(
                egui::Rect::from_center_size(at, egui::vec2(radius, radius) * 1.8),
                2.0,
                TOKEN,
            );
        }
        if let Some(index) = self.play.ship {
            painter.circle(
                screen(index),
                radius * 1.2,
                reach_colour,
                Stroke::new(2.0, Color32::WHITE),
            );
        }
    }

    /// Turns this frame's pointer into commands: a palette tile dropped or
    /// placed, a tile dragged to another position, a position selected.
    fn pointer(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        board: &dyn Fn(Pos2) -> Point,
        out: &mut Commands,
    ) {
        let galaxy = &self.doc.model;
        let pointer = ui.ctx().pointer_latest_pos();
        if let Some(Dragged(slot)) = response
            .dnd_release_payload::<Dragged>()
            .as_deref()
            .copied()
            && let Some(index) = pointer.and_then(|p| self.position_at(board(p)))
        {
            if let Some(command) = super::command::step(ops::place(galaxy, index, slot)) {
                out.push(command);
            }
            out.push(Command::Select(Some(index)));
            return;
        }
        if response.drag_started_by(PointerButton::Primary) {
            let origin = ui.input(|i| i.pointer.press_origin());
            self.dragging = origin
                .and_then(|p| self.position_at(board(p)))
                .filter(|i| galaxy.tiles.contains_key(i));
        }
        if response.drag_stopped_by(PointerButton::Primary) {
            if let (Some(from), Some(to)) = (
                self.dragging.take(),
                pointer.and_then(|p| self.position_at(board(p))),
            ) {
                if let Some(command) = super::command::step(ops::move_or_swap(galaxy, from, to)) {
                    out.push(command);
                }
                out.push(Command::Select(Some(to)));
            }
            return;
        }
        if response.clicked() {
            let at = response
                .interact_pointer_pos()
                .and_then(|p| self.position_at(board(p)));
            match (at, self.palette.armed) {
                (Some(index), Some(slot)) => {
                    if let Some(command) = super::command::step(ops::place(galaxy, index, slot)) {
                        out.push(command);
                    }
                    self.palette.armed = None;
                    out.push(Command::Select(Some(index)));
                }
                (at, _) => out.push(Command::Select(at)),
            }
        }
    }

    /// The map-string dialog: a string pasted in, read when asked.
    fn paste_dialog_ui(&mut self, ui: &Ui, out: &mut Commands) {
        let Some((text, error)) = &mut self.paste else {
            return;
        };
        let mut close = false;
        let mut read = false;
        egui::Modal::new(egui::Id::unique("ti4-paste-map-string")).show(ui.ctx(), |ui| {
            ui.heading("Paste map string");
            ui.label("Tile numbers in spiral order, as TTS and TTPG write them (`{18}` for another centre, `0` open, `-1` no tile, `83A2` hyperlanes).");
            let label = ui.label("Map string").id;
            ui.add(
                egui::TextEdit::multiline(text)
                    .desired_rows(3)
                    .desired_width(460.0),
            )
            .labelled_by(label);
            if !error.is_empty() {
                ui.colored_label(PROBLEM, error.as_str());
            }
            ui.horizontal(|ui| {
                read = ui.button("Read map string").clicked();
                close = ui.button("Cancel").clicked();
            });
        });
        if read {
            out.push(Command::Run(GalaxyAction::PasteMapString.into()));
            // The dialog's text is read when the command comes back.
            self.pasted = Some(text.clone());
        } else if close {
            self.paste = None;
        }
    }
}

impl Board for Ti4Board {
    fn ruleset(&self) -> &'static str {
        "ti4"
    }

    fn title(&self) -> String {
        self.doc.title()
    }

    fn origin(&self) -> &Origin {
        &self.doc.origin
    }

    fn file_nouns(&self) -> (&'static str, &'static str) {
        ("galaxy file", "galaxy it holds")
    }

    fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    fn generation(&self) -> u64 {
        self.doc.generation()
    }

    fn undo_label(&self) -> Option<String> {
        self.doc.history.undo_label().map(str::to_string)
    }

    fn redo_label(&self) -> Option<String> {
        self.doc.history.redo_label().map(str::to_string)
    }

    fn undo(&mut self) -> Result<Option<String>, String> {
        let result = self.doc.undo().map_err(|e| e.to_string());
        self.play.keep_valid(&self.doc.model);
        result
    }

    fn redo(&mut self) -> Result<Option<String>, String> {
        let result = self.doc.redo().map_err(|e| e.to_string());
        self.play.keep_valid(&self.doc.model);
        result
    }

    fn close_stroke(&mut self) {
        self.doc.history.close_stroke();
    }

    fn save(&mut self) -> Result<Saved, String> {
        let written = self.doc.save().map_err(|e| e.to_string())?;
        Ok(Saved {
            written,
            also: String::new(),
        })
    }

    fn save_as(&mut self, path: &Path) -> Result<Saved, String> {
        let written = self.doc.save_as(path).map_err(|e| e.to_string())?;
        Ok(Saved {
            written,
            also: String::new(),
        })
    }

    fn autosave(&self) -> Option<&dyn Autosave> {
        Some(&self.doc)
    }

    fn lint(&self) -> LintJob {
        super::problems::lint_job(&self.doc)
    }

    fn show_problem(&mut self, problem: &Problem, _: &mut Effects) {
        let Some(index) = super::problems::position(problem) else {
            return;
        };
        self.selected = Some(index);
        self.refresh();
        if let Some(drawn) = &self.drawn {
            let at = centre(Hex::from_index(index));
            self.view.reveal(drawn.bounds, at.x as f32, at.y as f32);
        }
    }

    fn actions(&self, mode: Mode) -> BoardActions {
        let editing = mode == Mode::Edit;
        let galaxy = &self.doc.model;
        let selected_slot = self
            .selected
            .and_then(|i| galaxy.tiles.get(&i))
            .map(|p| p.slot);
        let hyperlane = matches!(selected_slot, Some(Slot::Hyperlane { .. }));
        let mut states = HashMap::new();
        let mut texts = HashMap::new();
        let nothing = "No position is selected";
        states.insert(
            Action::Delete,
            ActionState::when(editing && selected_slot.is_some(), "No tile is selected"),
        );
        states.insert(
            Action::Deselect,
            ActionState::when(self.selected.is_some(), nothing),
        );
        states.insert(
            Action::Cut,
            ActionState::when(false, "Tiles are moved by dragging them"),
        );
        states.insert(Action::Copy, ActionState::when(true, ""));
        states.insert(
            Action::Paste,
            ActionState::when(editing, "Not while play-testing"),
        );
        texts.insert(
            Action::Copy,
            ActionText {
                label: "Copy map string",
                description: GalaxyAction::CopyMapString.description(),
                shortcuts: Action::Copy.shortcuts(),
            },
        );
        texts.insert(
            Action::Paste,
            ActionText {
                label: "Paste map string",
                description: GalaxyAction::PasteMapString.description(),
                shortcuts: Action::Paste.shortcuts(),
            },
        );
        for action in [Action::Fit, Action::ZoomIn, Action::ZoomOut] {
            states.insert(action, ActionState::when(true, ""));
        }
        states.insert(
            Action::ToggleGrid,
            ActionState::when(
                false,
                "A galaxy has no grid; Position numbers shows each position",
            ),
        );
        let has_systems = galaxy
            .tiles
            .values()
            .any(|p| matches!(p.slot, Slot::System(_)));
        states.insert(
            Action::TogglePlayTest,
            ActionState::when(has_systems, "Place a system first"),
        );
        let mut own = Vec::new();
        for galaxy_action in GalaxyAction::ALL {
            let action: Action = galaxy_action.into();
            if let Action::Game(game) = action {
                own.push(game);
            }
            let state = match galaxy_action {
                GalaxyAction::ExportGalaxy | GalaxyAction::CopyMapString => {
                    ActionState::when(true, "")
                }
                GalaxyAction::ShowPositions => ActionState::when(true, "").checked(self.positions),
                GalaxyAction::Rotate | GalaxyAction::Flip => {
                    ActionState::when(editing && hyperlane, "Select a hyperlane tile")
                }
                GalaxyAction::Seat => {
                    ActionState::when(editing && self.selected.is_some(), nothing)
                }
                GalaxyAction::AddRing => ActionState::when(
                    editing && galaxy.rings < MAX_RINGS,
                    "A galaxy has at most 8 rings",
                ),
                GalaxyAction::RemoveRing => {
                    ActionState::when(editing && galaxy.rings > 1, "A galaxy has at least 1 ring")
                }
                GalaxyAction::PasteMapString | GalaxyAction::NewCustomTile => {
                    ActionState::when(editing, "Not while play-testing")
                }
            };
            states.insert(action, state);
            texts.insert(
                action,
                ActionText {
                    label: galaxy_action.label(),
                    description: galaxy_action.description(),
                    shortcuts: galaxy_action.shortcuts(),
                },
            );
        }
        let item = |a: GalaxyAction| Some(Action::from(a));
        BoardActions {
            states,
            texts,
            own,
            file: vec![item(GalaxyAction::ExportGalaxy)],
            view: vec![item(GalaxyAction::ShowPositions)],
            menus: vec![Menu {
                title: "Galaxy",
                items: vec![
                    item(GalaxyAction::Rotate),
                    item(GalaxyAction::Flip),
                    item(GalaxyAction::Seat),
                    None,
                    item(GalaxyAction::AddRing),
                    item(GalaxyAction::RemoveRing),
                    None,
                    item(GalaxyAction::CopyMapString),
                    item(GalaxyAction::PasteMapString),
                    None,
                    item(GalaxyAction::NewCustomTile),
                ],
            }],
        }
    }

    fn run(&mut self, action: Action, mode: Mode, effects: &mut Effects) {
        match action {
            Action::Delete => {
                let step = self.selected.and_then(|i| ops::clear(&self.doc.model, i));
                self.apply_step(effects, step);
            }
            Action::Deselect => {
                self.selected = None;
                self.palette.armed = None;
            }
            Action::Fit => self.view.fit(),
            Action::ZoomIn => self.view.zoom(1.25),
            Action::ZoomOut => self.view.zoom(0.8),
            Action::Copy => self.copy(effects),
            Action::Paste if mode == Mode::Edit => match self.pasted.take() {
                Some(text) => {
                    if let Err(error) = self.paste_text(&text, effects) {
                        effects.say(error.lines().next().unwrap_or_default().to_string());
                    }
                }
                None => self.paste = Some((String::new(), String::new())),
            },
            other => match GalaxyAction::of(other) {
                Some(GalaxyAction::PasteMapString) if self.paste.is_some() => {
                    // "Read map string" in the dialog.
                    let text = self.pasted.take().unwrap_or_default();
                    match self.paste_text(&text, effects) {
                        Ok(()) => self.paste = None,
                        Err(error) => {
                            if let Some((_, shown)) = &mut self.paste {
                                *shown = error;
                            }
                        }
                    }
                }
                Some(own)
                    if mode == Mode::Edit
                        || !matches!(
                            own,
                            GalaxyAction::Rotate | GalaxyAction::Flip | GalaxyAction::Seat
                        ) =>
                {
                    self.run_own(own, effects);
                }
                _ => {}
            },
        }
    }

    fn apply(&mut self, command: &BoardCommand, effects: &mut Effects) {
        let Some(command) = command.get::<Command>() else {
            return;
        };
        match command.clone() {
            Command::Apply(transaction) => self.edit(effects, |doc| doc.apply(transaction)),
            Command::Select(selected) => self.selected = selected,
            Command::Run(_) | Command::Status(_) => {}
        }
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        if let Some(text) = self.to_clipboard.take() {
            ui.ctx().copy_text(text);
        }
        // Ctrl+V with text on the clipboard: the shell runs Paste after the
        // frame, and the text comes with it. Text pasted into a field of the
        // panels is not kept past its frame.
        if self.paste.is_none() {
            self.pasted = ui.input(|i| {
                i.events.iter().find_map(|e| match e {
                    egui::Event::Paste(text) => Some(text.clone()),
                    _ => None,
                })
            });
        }
        self.refresh();
        let playing = frame.mode == Mode::PlayTest;
        if playing {
            let key = (self.doc.generation(), self.play.clone());
            if self.answered.as_ref() != Some(&key) {
                let play = &self.play;
                self.answer = with_view(&self.doc.model, |view| play.answer(view));
                self.answered = Some(key);
            }
        }
        let galaxy = &self.doc.model;
        Panel::left("ti4-palette")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                // The galaxy is not changed while play-testing.
                ui.add_enabled_ui(!playing, |ui| {
                    self.palette.ui(ui, galaxy, &self.catalogue, frame.out);
                });
            });
        Panel::right("ti4-inspector")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if playing {
                            playtest_ui(ui, &mut self.play, &self.answer);
                            return;
                        }
                        inspector_ui(
                            ui,
                            galaxy,
                            &self.catalogue,
                            self.selected,
                            Forms {
                                modifier: &mut self.modifier_form,
                                custom: &mut self.custom_form,
                            },
                            frame.actions,
                            frame.out,
                        );
                        if let Some(drawn) = &self.drawn {
                            ui.separator();
                            let generation = self.doc.generation();
                            // A search ends, or is dropped (and so stopped)
                            // once the galaxy it searches has changed.
                            if let Some(search) = &mut self.searching {
                                if search.generation != generation {
                                    self.searching = None;
                                } else if let Some(result) = search.finished() {
                                    if let Some(found) = result {
                                        self.swaps = Some((generation, found));
                                    }
                                    self.searching = None;
                                } else {
                                    ui.ctx().request_repaint_after(SEARCH_REDRAW);
                                }
                            }
                            let swaps = self
                                .swaps
                                .as_ref()
                                .filter(|(g, _)| *g == generation)
                                .map(|(_, s)| s.as_slice());
                            let progress = self.searching.as_ref().map(SwapSearch::progress);
                            match balance_ui(ui, &drawn.balance, galaxy, swaps, progress, frame.out)
                            {
                                SwapAsk::Nothing => {}
                                SwapAsk::Search => {
                                    self.searching = Some(SwapSearch::start(
                                        generation,
                                        galaxy,
                                        &self.catalogue,
                                        SWAPS_SHOWN,
                                    ));
                                }
                                SwapAsk::Stop => self.searching = None,
                            }
                        }
                    });
            });
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.canvas_ui(ui, frame));
        self.paste_dialog_ui(ui, frame.out);
        custom_dialog_ui(ui, &self.doc.model, &mut self.custom_form, frame.out);
    }

    fn has_dialog(&self) -> bool {
        self.paste.is_some() || self.custom_form.is_some()
    }

    fn status(&self, mode: Mode) -> Status {
        let hover = self.hover.map(|i| self.describe(i));
        let hint = match (mode, self.palette.armed) {
            (Mode::PlayTest, _) => "Left click places the chosen piece · right click takes pieces off · the panel lists where the ship can move, as `deckplan reach` does".to_string(),
            (Mode::Edit, Some(slot)) => format!(
                "Click a position to place {} · Esc lets go of it",
                ops::slot_name(slot)
            ),
            (Mode::Edit, None) => "Drag a tile from the palette onto a position · drag between positions to move or swap · R turns, B flips a hyperlane · H puts a home seat · Delete clears".to_string(),
        };
        Status {
            hover,
            hint,
            zoom: self.view.geometry.map(|g| (g.scale, "hex")),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
