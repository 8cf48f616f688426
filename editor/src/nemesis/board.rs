//! The Nemesis board: a ship on a canvas with its outline, inspector, tools
//! and play test, behind the shell's [`Board`] seam.

use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use deckplan_validator::draw::Point;
use deckplan_validator::nemesis::draw::{grid_position, scene_of};
use eframe::egui::{self, CentralPanel, Panel, PointerButton, Pos2, ScrollArea, Ui};

use super::action::ShipAction;
use super::canvas::{self, Drawn};
use super::command::Command;
use super::document::Document;
use super::edit::{EditError, StrokeId, Transaction};
use super::ops;
use super::panels::inspector::Inspector;
use super::panels::outline::outline_ui;
use super::panels::playtest::playtest_ui;
use super::playtest::PlayTest;
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

/// A drag in progress on the canvas.
#[derive(Clone, Copy, Debug)]
struct Gesture {
    stroke: StrokeId,
    last: Point,
}

/// The open ship and everything the Nemesis board draws around it.
pub struct NemesisBoard {
    pub(super) doc: Document,
    pub(super) selection: Selection,
    pub(super) tools: Tools,
    pub(super) view: SceneView,
    pub(super) play: PlayTest,
    drawn: Option<Drawn>,
    inspector: Inspector,
    gesture: Option<Gesture>,
    strokes: u64,
    /// What the pointer is over, for the status bar.
    hover: Option<(Point, Hit)>,
    /// The play test's answer, and what it was worked out for: asked again
    /// only when the ship, the question or the figures change.
    answer: super::playtest::Answer,
    answered: Option<AnswerKey>,
}

/// What a play-test answer depends on.
type AnswerKey = (
    u64,
    super::playtest::Question,
    Option<deckplan_schema::id::Id>,
    deckplan_validator::nemesis::rules::PlayState,
);

impl NemesisBoard {
    /// A board for a document.
    pub fn new(doc: Document) -> Self {
        Self {
            doc,
            selection: Selection::None,
            tools: Tools::default(),
            view: SceneView::default(),
            play: PlayTest::default(),
            drawn: None,
            inspector: Inspector::default(),
            gesture: None,
            strokes: 0,
            hover: None,
            answer: super::playtest::Answer::default(),
            answered: None,
        }
    }

    /// The document.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The ship laid out and drawn as it is now (laid out again only after a change).
    pub fn drawn(&mut self) -> &Drawn {
        let generation = self.doc.generation();
        match &mut self.drawn {
            Some(drawn) if drawn.generation == generation => {}
            slot => *slot = Some(Drawn::new(self.doc.ship(), generation)),
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

    fn delete_selection(&mut self, effects: &mut Effects) {
        let ship = self.doc.ship();
        let (label, edits) = match self.selection {
            Selection::None => return,
            Selection::Room(id) => (format!("Delete room {id}"), ops::delete_room(ship, id)),
            Selection::Corridor(index) => {
                let Some(corridor) = ship.corridors.get(index) else {
                    return;
                };
                let [a, b] = corridor.rooms;
                (
                    format!("Delete corridor {a}–{b}"),
                    vec![super::edit::Edit::Corridors(super::edit::ListEdit::Remove(
                        index,
                    ))],
                )
            }
            Selection::Network(id) => (
                format!("Delete network {id}"),
                ops::delete_network(ship, id),
            ),
            Selection::Entrance(room) => (
                format!("Remove the technical entrance of {room}"),
                ops::change_entrance(ship, room, |e| *e = None)
                    .into_iter()
                    .collect(),
            ),
        };
        self.selection = Selection::None;
        self.edit(effects, |doc| doc.apply(Transaction { label, edits }));
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
                Ok(deckplan_validator::nemesis::draw::ship_scene(
                    &ship,
                    style.title,
                    style.coordinates,
                ))
            }),
        }
    }

    /// What the status bar says about the point under the pointer.
    fn describe(&self, point: Point, hit: Hit) -> String {
        let ship = self.doc.ship();
        match hit {
            Hit::Room(id) => {
                let Some(room) = ship.room(id) else {
                    return String::new();
                };
                let (seen, twice) = ops::numbers_around(ship, id);
                let mut text = format!("room {id} · {}", super::tools::room::kind_label(room.kind));
                if let Some(name) = &room.name {
                    text.push_str(&format!(" · “{name}”"));
                }
                text.push_str(&format!(" · numbers {seen}"));
                if !twice.is_empty() {
                    text.push_str(&format!(", {twice} twice"));
                }
                text
            }
            Hit::Corridor(index) | Hit::Badge(index, _) => match ship.corridors.get(index) {
                Some(c) => {
                    let door = if c.door { " · door" } else { "" };
                    format!(
                        "corridor {}–{} · {}{door}",
                        c.rooms[0], c.rooms[1], c.numbers
                    )
                }
                None => String::new(),
            },
            Hit::Hub(id) => format!("technical network {id}"),
            Hit::Entrance(index) | Hit::EntranceBadge(index) => ship
                .entrances
                .get(index)
                .map(|e| format!("technical entrance in {} · {}", e.room, e.numbers()))
                .unwrap_or_default(),
            Hit::Empty => {
                let (column, row) = grid_position(point);
                let (column, row) = ops::clamp_at(column, row);
                format!("column {column}, row {row}")
            }
        }
    }

    /// The canvas: the ship, the grid, the marks, and the pointer handed to
    /// the tool (or the play test).
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
        // Pointer events, from what is drawn this frame.
        let mut events = Vec::new();
        {
            let drawn = self.drawn();
            let at = |pos: Pos2| {
                let p = board(pos);
                (p, hit(&drawn.layout, p))
            };
            if let Some(pos) = response.interact_pointer_pos().or(response.hover_pos()) {
                let (p, h) = at(pos);
                if response.drag_started_by(PointerButton::Primary) {
                    // Where the button went down, not where the drag was
                    // noticed a few points later.
                    let origin = ui.input(|i| i.pointer.press_origin()).unwrap_or(pos);
                    let (o, oh) = at(origin);
                    events.push(Pointer::Press(o, oh));
                    events.push(Pointer::Drag(p, h));
                } else if response.dragged_by(PointerButton::Primary) {
                    events.push(Pointer::Drag(p, h));
                }
                if response.clicked() {
                    events.push(Pointer::Click(p, h));
                }
            }
            if response.drag_stopped_by(PointerButton::Primary) {
                let p = response
                    .interact_pointer_pos()
                    .map(board)
                    .or(self.gesture.map(|g| g.last));
                if let Some(p) = p {
                    events.push(Pointer::Release(p, hit(&self.drawn().layout, p)));
                }
            }
        }
        self.hover = response.hover_pos().map(|pos| {
            let p = board(pos);
            (p, hit(&self.drawn().layout, p))
        });
        if playing {
            let ship = self.doc.ship();
            for event in &events {
                if let Pointer::Click(_, h) = event
                    && let Some(said) = self.play.click(ship, *h)
                {
                    frame.out.push(Command::Status(said));
                }
            }
            if response.secondary_clicked()
                && let Some((_, h)) = self.hover
            {
                self.play.remove(ship, h);
            }
        } else {
            for event in events {
                match event {
                    Pointer::Press(p, _) => {
                        self.strokes += 1;
                        self.gesture = Some(Gesture {
                            stroke: StrokeId(self.strokes),
                            last: p,
                        });
                    }
                    Pointer::Drag(p, _) => {
                        if let Some(gesture) = &mut self.gesture {
                            gesture.last = p;
                        }
                    }
                    _ => {}
                }
                let stroke = self.gesture.map_or(StrokeId(self.strokes), |g| g.stroke);
                self.drawn();
                if let Some(drawn) = &self.drawn {
                    let cx = ToolContext {
                        ship: self.doc.ship(),
                        layout: &drawn.layout,
                        selection: self.selection,
                        stroke,
                        geo,
                    };
                    self.tools.pointer(&cx, event, frame.out);
                }
                if matches!(event, Pointer::Release(..)) {
                    self.gesture = None;
                }
            }
        }

        // Draw.
        let ship = self.doc.ship();
        let Some(drawn) = &self.drawn else {
            return;
        };
        // The paper under the whole grid, the grid, then the ship.
        painter.rect_filled(geo.rect(drawn.bounds), 0.0, egui::Color32::WHITE);
        if frame.grid {
            canvas::draw_grid(&painter, &geo, drawn.bounds);
        }
        // Zoomed far out, badges and room labels are specks: left out.
        let small = geo.scale < 6.0;
        drawn.scene.paint(&painter, &geo, |layer| {
            use deckplan_validator::draw::Layer;
            layer != Layer::Ground && !(small && layer == Layer::Markers)
        });
        canvas::draw_problems(
            &painter,
            &geo,
            ship,
            drawn,
            frame.report,
            frame.focused_problem,
        );
        if playing {
            canvas::draw_play(&painter, &geo, ship, drawn, &self.play, &self.answer);
        } else {
            if let Some((_, h)) = self.hover {
                canvas::draw_hover(&painter, &geo, drawn, h.selection(ship));
            }
            canvas::draw_selection(&painter, &geo, drawn, self.selection);
            let cx = ToolContext {
                ship,
                layout: &drawn.layout,
                selection: self.selection,
                stroke: StrokeId(self.strokes),
                geo,
            };
            self.tools.preview(&painter, &cx);
        }
    }
}

impl Board for NemesisBoard {
    fn ruleset(&self) -> &'static str {
        "nemesis"
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
        let selection = super::problems::selection(self.doc.ship(), place);
        self.selection = selection;
        let target = {
            let drawn = self.drawn();
            match selection {
                Selection::Room(id) => drawn
                    .layout
                    .rooms
                    .iter()
                    .find(|(r, _)| *r == id)
                    .map(|(_, rect)| rect.centre()),
                Selection::Network(id) => drawn
                    .layout
                    .hubs
                    .iter()
                    .find(|(n, _)| *n == id)
                    .map(|(_, hub)| *hub),
                Selection::Corridor(index) => drawn
                    .layout
                    .corridors
                    .get(index)
                    .and_then(|r| r.points.get(r.points.len() / 2).copied()),
                Selection::Entrance(_) | Selection::None => None,
            }
        };
        if let Some(target) = target {
            let bounds = self.drawn().bounds;
            self.view.reveal(bounds, target.x as f32, target.y as f32);
        }
    }

    fn actions(&self, mode: Mode) -> BoardActions {
        let editing = mode == Mode::Edit;
        let has_rooms = !self.doc.ship().rooms.is_empty();
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
                    "Copy and paste are for Enormity pages; duplicate rooms by placing them",
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
            ActionState::when(has_rooms, "Place a room first"),
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
            view: Vec::new(),
            menus: vec![Menu {
                title: "Tools",
                items: ToolKind::ALL
                    .into_iter()
                    .map(|t| Some(ShipAction::Tool(t).into()))
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
        if playing {
            let key = (
                self.doc.generation(),
                self.play.question,
                self.play.room,
                self.play.state.clone(),
            );
            if self.answered.as_ref() != Some(&key) {
                self.answer = self.play.answer(self.doc.ship());
                self.answered = Some(key);
            }
        }
        let title = self.doc.title();
        Panel::left("outline")
            .resizable(true)
            .default_size(220.0)
            .show(ui, |ui| {
                outline_ui(
                    ui,
                    &title,
                    &self.doc.origin,
                    self.doc.ship(),
                    self.selection,
                    frame.out,
                );
            });
        Panel::right("inspector")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        let ship = self.doc.ship();
                        if playing {
                            playtest_ui(ui, &mut self.play, ship, &self.answer);
                            return;
                        }
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
                        ui.strong(self.tools.active.label());
                        self.tools.options_ui(ui);
                    });
            });
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.canvas_ui(ui, frame));
    }

    fn status(&self, mode: Mode) -> Status {
        let hover = self.hover.map(|(p, h)| self.describe(p, h));
        let hint = match mode {
            Mode::PlayTest => {
                "Left click places the chosen piece · right click removes it · the panel asks the rules about the room chosen"
            }
            Mode::Edit => self.tools.active.hint(),
        };
        Status {
            hover,
            hint: hint.to_string(),
            zoom: self.view.geometry.map(|g| (g.scale * 2.0, "step")),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The scene of a ship as the canvas paints it (no title), for benchmarks.
pub fn canvas_scene(ship: &deckplan_schema::nemesis::Ship) -> deckplan_validator::draw::Scene {
    let layout = deckplan_validator::nemesis::draw::layout(ship);
    scene_of(ship, &layout, false)
}
