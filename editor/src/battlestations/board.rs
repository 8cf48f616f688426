//! The Battlestations board: a ship on a canvas with its levels, inspector,
//! palette and tools, behind the shell's [`Board`] seam.

use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use deckplan_validator::battlestations::grid::ShipGrid;
use deckplan_validator::draw::Point;
use deckplan_validator::ruleset::DrawRequest;
use eframe::egui::{self, CentralPanel, Panel, PointerButton, Pos2, ScrollArea, Ui};

use super::action::ShipAction;
use super::canvas::{self, Drawn};
use super::command::Command;
use super::document::Document;
use super::edit::{EditError, Transaction};
use super::panels::inspector::{Inspector, turn};
use super::panels::levels::Levels;
use super::panels::palette::{content_label, palette_ui};
use super::panels::playtest::playtest_ui;
use super::playtest::{Answer, PlayTest};
use super::selection::{Hit, Selection, hit};
use super::tools::{Pointer, ToolContext, ToolKind, Tools};
use crate::action::Action;
use crate::app::Mode;
use crate::board::{ActionState, ActionText, Board, BoardActions, Effects, Frame, Menu, Status};
use crate::command::{BoardCommand, Commands};
use crate::export::{Picture, Style};
use crate::files::{Origin, Saved};
use crate::paint::ScreenMap as _;
use crate::problems::{LintJob, Problem};
use crate::recovery::Autosave;
use crate::scene_view::{BACKDROP, SceneGeometry, SceneView};

/// The open ship and everything the Battlestations board draws around it.
pub struct BattlestationsBoard {
    pub(super) doc: Document,
    pub(super) selection: Selection,
    pub(super) tools: Tools,
    pub(super) view: SceneView,
    /// The squares outside the hull are tinted (View › Show hull squares).
    pub(super) show_hull: bool,
    levels: Levels,
    drawn: Option<Drawn>,
    inspector: Inspector,
    /// The gesture in progress: its stroke number.
    strokes: u64,
    /// What the pointer is over, for the status bar.
    hover: Option<Hit>,
    /// The play test's setup.
    pub(super) play: PlayTest,
    /// The rules engine's answer, and the ship's generation and the setup it
    /// was worked out for: asked again only when one of them changes.
    answer: Answer,
    answered: Option<(u64, PlayTest)>,
    /// What the panel says of the square under the pointer, for the answer
    /// as it is (worked out again when the pointer moves to another square).
    hover_line: Option<(deckplan_validator::battlestations::grid::Cell, String)>,
}

impl BattlestationsBoard {
    /// A board for a document.
    pub fn new(doc: Document) -> Self {
        Self {
            doc,
            selection: Selection::None,
            tools: Tools::default(),
            view: SceneView::default(),
            show_hull: false,
            levels: Levels::default(),
            drawn: None,
            inspector: Inspector::default(),
            strokes: 0,
            hover: None,
            play: PlayTest::default(),
            answer: Answer::default(),
            answered: None,
            hover_line: None,
        }
    }

    /// The document.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The ship drawn as it is now (drawn again only after a change).
    pub fn drawn(&mut self) -> &Drawn {
        let generation = self.doc.generation();
        if self
            .drawn
            .as_ref()
            .is_none_or(|d| d.generation != generation)
        {
            self.drawn = Some(Drawn::new(self.doc.ship(), generation));
        }
        self.drawn
            .get_or_insert_with(|| Drawn::new(self.doc.ship(), generation))
    }

    /// Last frame's mapping of the canvas.
    pub fn geometry(&self) -> Option<SceneGeometry> {
        self.view.geometry
    }

    fn edit(
        &mut self,
        effects: &mut Effects,
        change: impl FnOnce(&mut Document) -> Result<(), EditError>,
    ) {
        if let Err(error) = change(&mut self.doc) {
            effects.say(format!("Not changed: {error}"));
        }
        self.keep_valid();
    }

    fn keep_valid(&mut self) {
        self.selection = self.selection.valid(self.doc.ship());
        self.play.keep_valid(self.doc.ship());
    }

    /// The play test's answer, asked again only after a change.
    pub fn answer(&mut self) -> &Answer {
        let key = (self.doc.generation(), self.play.clone());
        if self.answered.as_ref() != Some(&key) {
            self.answer = self.play.answer(self.doc.ship());
            self.answered = Some(key);
            self.hover_line = None;
        }
        &self.answer
    }

    /// What the panel says of the square under the pointer.
    fn hover_line(&mut self) -> Option<&str> {
        let cell = self.hover?.cell;
        self.answer.from?;
        if self.hover_line.as_ref().is_none_or(|(c, _)| *c != cell) {
            self.hover_line = Some((cell, self.answer.describe(self.doc.ship(), cell)));
        }
        self.hover_line.as_ref().map(|(_, line)| line.as_str())
    }

    fn selected_module(&self) -> Option<deckplan_schema::id::Id> {
        match self.selection {
            Selection::Module(id) => Some(id),
            Selection::None => None,
        }
    }

    fn delete_selection(&mut self, effects: &mut Effects) {
        let Some(id) = self.selected_module() else {
            return;
        };
        let Some(index) = self.doc.ship().modules.iter().position(|m| m.id == id) else {
            return;
        };
        let edits = vec![super::edit::Edit::Modules(super::edit::ListEdit::Remove(
            index,
        ))];
        self.selection = Selection::None;
        self.edit(effects, |doc| {
            doc.apply(Transaction {
                label: format!("Delete module {id}"),
                edits,
            })
        });
    }

    /// The ship as `deckplan render` draws it, for the export dialog.
    fn picture(&self) -> Picture {
        let ship = Arc::new(self.doc.ship().clone());
        let name = Path::new(&self.doc.model.ship_path)
            .file_stem()
            .map_or_else(|| "ship".to_string(), |s| s.to_string_lossy().into_owned());
        Picture {
            what: "ship".to_string(),
            name,
            detailed: true,
            scene: Arc::new(move |style: &Style| {
                let request = DrawRequest {
                    title: style.title,
                    coordinates: style.coordinates,
                    ..DrawRequest::default()
                };
                Ok(deckplan_validator::battlestations::draw::ship_scene(
                    &ShipGrid::new(&ship),
                    &request,
                ))
            }),
        }
    }

    /// What the status bar says about the square under the pointer.
    fn describe(&self, hit: Hit) -> String {
        let ship = self.doc.ship();
        let level = ship
            .level_id(hit.cell.level)
            .map_or(String::new(), |l| format!("{l} "));
        let mut text = format!("{level}{}", hit.square);
        match hit.module.and_then(|i| ship.modules.get(i)) {
            Some(module) => {
                let content = module.content(
                    hit.square.column - module.origin(ship.module_size).column,
                    hit.square.row - module.origin(ship.module_size).row,
                );
                text.push_str(&format!(
                    " · {} · module {} ({})",
                    content_label(content).to_lowercase(),
                    module.id,
                    module.label()
                ));
            }
            None => text.push_str(&format!(" · empty slot [{}, {}]", hit.slot.0, hit.slot.1)),
        }
        text
    }

    /// The canvas: the ship, its slots, the marks, and the pointer handed to the tool.
    fn canvas_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let playing = frame.mode == Mode::PlayTest;
        let bounds = self.drawn().bounds;
        let (response, geo) = self.view.ui(ui, bounds);
        let painter = ui.painter_at(response.rect);
        painter.rect_filled(response.rect, 0.0, BACKDROP);
        let board = |pos: Pos2| {
            let (x, y) = geo.board(pos);
            Point::new(f64::from(x), f64::from(y))
        };
        let mut events = Vec::new();
        {
            let ship = self.doc.ship();
            let Some(drawn) = &self.drawn else {
                return;
            };
            let at = |pos: Pos2| hit(ship, &drawn.sheet, board(pos));
            if let Some(pos) = response.interact_pointer_pos().or(response.hover_pos()) {
                if response.drag_started_by(PointerButton::Primary) {
                    let origin = ui.input(|i| i.pointer.press_origin()).unwrap_or(pos);
                    events.push(Pointer::Press(at(origin)));
                    events.push(Pointer::Drag(at(pos)));
                } else if response.dragged_by(PointerButton::Primary) {
                    events.push(Pointer::Drag(at(pos)));
                }
                if response.clicked() {
                    events.push(Pointer::Click(at(pos)));
                }
            }
            if response.drag_stopped_by(PointerButton::Primary) {
                let pos = response.interact_pointer_pos().or(response.hover_pos());
                events.push(Pointer::Release(pos.and_then(at)));
            }
            self.hover = response.hover_pos().and_then(at);
        }
        if playing {
            let ship = self.doc.ship();
            for event in &events {
                if let Pointer::Click(Some(hit)) = event
                    && let Some(said) = self.play.click(ship, *hit)
                {
                    frame.out.push(Command::Status(said));
                }
            }
            if response.secondary_clicked()
                && let Some(hit) = self.hover
            {
                self.play.remove(hit.cell);
            }
            self.answer();
        } else {
            for event in events {
                if matches!(event, Pointer::Press(_) | Pointer::Click(_)) {
                    self.strokes += 1;
                }
                let cx = ToolContext {
                    ship: self.doc.ship(),
                    selection: self.selection,
                    stroke: super::edit::StrokeId(self.strokes),
                };
                self.tools.pointer(&cx, event, frame.out);
            }
        }

        let ship = self.doc.ship();
        let Some(drawn) = &mut self.drawn else {
            return;
        };
        drawn.scene.paint(&painter, &geo, |_| true);
        if frame.grid {
            canvas::draw_slots(&painter, &geo, ship, drawn);
        }
        if self.show_hull {
            let sheet = drawn.sheet;
            canvas::draw_hull(&painter, &geo, &sheet, drawn.hull(ship));
        }
        let spots = drawn.marks(ship, frame.report);
        canvas::draw_problems(&painter, &geo, frame.report, spots, frame.focused_problem);
        let drawn = &*drawn;
        canvas::draw_selection(&painter, &geo, ship, drawn, self.selection);
        if playing {
            canvas::draw_play(
                &painter,
                &geo,
                ship,
                drawn,
                &self.play,
                &self.answer,
                self.hover,
            );
        } else if let Some(hit) = self.hover {
            canvas::draw_hover(
                &painter,
                &geo,
                ship,
                drawn,
                hit,
                self.tools.active == ToolKind::Door,
            );
        }
    }
}

impl Board for BattlestationsBoard {
    fn ruleset(&self) -> &'static str {
        super::RULESET_NAME
    }

    fn title(&self) -> String {
        self.doc.title()
    }

    fn origin(&self) -> &Origin {
        &self.doc.origin
    }

    fn file_nouns(&self) -> (&'static str, &'static str) {
        ("ship", "ship file")
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
        self.keep_valid();
        result
    }

    fn redo(&mut self) -> Result<Option<String>, String> {
        let result = self.doc.redo().map_err(|e| e.to_string());
        self.keep_valid();
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
        let Some(place) = super::problems::place(problem) else {
            return;
        };
        self.selection = super::problems::selection(self.doc.ship(), place);
        let Some(id) = self.selected_module() else {
            return;
        };
        let Some(index) = self.doc.ship().modules.iter().position(|m| m.id == id) else {
            return;
        };
        self.drawn();
        let target = self.drawn.as_ref().and_then(|drawn| {
            canvas::module_centre(self.doc.ship(), drawn, index).map(|c| (c, drawn.bounds))
        });
        if let Some((centre, bounds)) = target {
            self.view.reveal(bounds, centre.x as f32, centre.y as f32);
        }
    }

    fn actions(&self, mode: Mode) -> BoardActions {
        let editing = mode == Mode::Edit;
        let mut states = HashMap::new();
        let mut texts = HashMap::new();
        let mut own = Vec::new();
        let nothing = "Nothing is selected";
        let selected = self.selection != Selection::None;
        states.insert(
            Action::Delete,
            ActionState::when(selected && editing, nothing),
        );
        states.insert(Action::Deselect, ActionState::when(selected, nothing));
        for action in [Action::Cut, Action::Copy, Action::Paste] {
            states.insert(
                action,
                ActionState::when(
                    false,
                    "Copy and paste are for Enormity pages; place a new card with the Module tool",
                ),
            );
        }
        for action in [
            Action::Fit,
            Action::ZoomIn,
            Action::ZoomOut,
            Action::ToggleGrid,
        ] {
            states.insert(action, ActionState::when(true, ""));
        }
        states.insert(
            Action::TogglePlayTest,
            ActionState::when(!self.doc.ship().modules.is_empty(), "Place a module first"),
        );
        for ship_action in ShipAction::all() {
            let action: Action = ship_action.into();
            if let Action::Game(game) = action {
                own.push(game);
            }
            let state = match ship_action {
                ShipAction::ExportShip => ActionState::when(true, ""),
                ShipAction::Tool(tool) => ActionState::when(editing, "Not while play-testing")
                    .checked(editing && self.tools.active == tool),
                ShipAction::TurnModule => {
                    ActionState::when(selected && editing, "Select a module first")
                }
                ShipAction::ShowHull => ActionState::when(true, "").checked(self.show_hull),
            };
            states.insert(action, state);
            texts.insert(
                action,
                ActionText {
                    label: ship_action.label(),
                    description: ship_action.description(),
                    shortcuts: ship_action.shortcuts(),
                },
            );
        }
        BoardActions {
            states,
            texts,
            own,
            file: vec![Some(ShipAction::ExportShip.into())],
            view: vec![Some(ShipAction::ShowHull.into())],
            menus: vec![Menu {
                title: "Tools",
                items: ToolKind::ALL
                    .into_iter()
                    .map(|t| Some(ShipAction::Tool(t).into()))
                    .chain([None, Some(ShipAction::TurnModule.into())])
                    .collect(),
            }],
        }
    }

    fn run(&mut self, action: Action, _: Mode, effects: &mut Effects) {
        match action {
            Action::Delete => self.delete_selection(effects),
            Action::Deselect => self.selection = Selection::None,
            Action::Fit => self.view.fit(),
            Action::ZoomIn => self.view.zoom(1.25),
            Action::ZoomOut => self.view.zoom(0.8),
            other => match ShipAction::of(other) {
                Some(ShipAction::ExportShip) => effects.export(self.picture()),
                Some(ShipAction::Tool(tool)) => {
                    if self.tools.active != tool {
                        effects.clear_message();
                    }
                    self.tools.active = tool;
                }
                Some(ShipAction::TurnModule) => {
                    if let Some(id) = self.selected_module() {
                        let edits = turn(self.doc.ship(), id);
                        self.edit(effects, |doc| {
                            doc.apply(Transaction {
                                label: format!("Turn module {id}"),
                                edits,
                            })
                        });
                    }
                }
                Some(ShipAction::ShowHull) => self.show_hull = !self.show_hull,
                None => {}
            },
        }
    }

    fn apply(&mut self, command: &BoardCommand, effects: &mut Effects) {
        let Some(command) = command.get::<Command>() else {
            return;
        };
        match command.clone() {
            Command::Apply(transaction) => self.edit(effects, |doc| doc.apply(transaction)),
            Command::Stroke(stroke, transaction) => {
                self.edit(effects, |doc| doc.apply_stroke(stroke, transaction));
            }
            Command::Select(selection) => self.selection = selection.valid(self.doc.ship()),
            Command::Run(_) | Command::Status(_) => {}
        }
    }

    fn toolbar_ui(&self, ui: &mut Ui, actions: &BoardActions, out: &mut Commands) {
        for tool in ToolKind::ALL {
            let action: Action = ShipAction::Tool(tool).into();
            let on = actions.checked(action).unwrap_or(false);
            let shortcut = actions
                .shortcuts(action)
                .first()
                .map(|s| ui.ctx().format_shortcut(s))
                .unwrap_or_default();
            let button = egui::Button::selectable(on, tool.label());
            let response = ui
                .add_enabled(actions.enabled(action), button)
                .on_hover_text(format!("{} ({shortcut})\n{}", tool.label(), tool.hint()));
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::Button, true, on, tool.label())
            });
            if response.clicked() {
                out.push(Command::Run(action));
            }
        }
        ui.separator();
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        self.keep_valid();
        let playing = frame.mode == Mode::PlayTest;
        Panel::right("inspector")
            .resizable(true)
            .default_size(340.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if playing {
                            self.answer();
                            let line = self.hover_line().map(str::to_string);
                            playtest_ui(ui, &mut self.play, &self.answer, line.as_deref());
                            return;
                        }
                        let ship = self.doc.ship();
                        self.inspector.ui(
                            ui,
                            ship,
                            &self.doc.model.name,
                            self.doc.is_lone_file(),
                            self.selection,
                            frame.out,
                        );
                        ui.add_space(8.0);
                        ui.separator();
                        self.levels.ui(ui, ship, frame.out);
                        ui.add_space(8.0);
                        ui.separator();
                        ui.strong(format!("{} tool", self.tools.active.label()));
                        palette_ui(ui, &mut self.tools);
                    });
            });
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.canvas_ui(ui, frame));
    }

    fn status(&self, mode: Mode) -> Status {
        let hint = match mode {
            Mode::PlayTest => {
                "Left click places the chosen piece · right click clears a square · the way to the square under the pointer is drawn"
            }
            Mode::Edit => self.tools.active.hint(),
        };
        Status {
            hover: self.hover.map(|h| self.describe(h)),
            hint: hint.to_string(),
            zoom: self.view.geometry.map(|g| (g.scale, "square")),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
