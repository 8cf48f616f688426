//! The board of a game whose editing is not built yet: its picture (the very
//! scenes `deckplan render` draws, through the game's ruleset), its problems
//! (what `deckplan lint` reports, through the same ruleset), zoom, pan and
//! export — and a note in the status bar that it cannot be edited yet. Any
//! game the validator knows opens this way, so no pack is ever refused with
//! another game's keys.

use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use deckplan_schema::sources::Sources;
use deckplan_validator::draw::{Rect as BoardRect, Scene};
use deckplan_validator::lint;
use deckplan_validator::ruleset::{DrawRequest, Ruleset};
use deckplan_validator::targets::{self, Target};
use eframe::egui::{self, CentralPanel, Panel, ScrollArea, Ui};

use crate::action::{Action, GameAction};
use crate::app::Mode;
use crate::board::{ActionState, ActionText, Board, BoardActions, Editing, Effects, Frame, Status};
use crate::command::BoardCommand;
use crate::export::{Picture, Style};
use crate::files::{LoadFailure, Origin, Saved};
use crate::paint::IndexedScene;
use crate::problems::{LintJob, Problem, listed};
use crate::recovery::{Autosave, Found};
use crate::scene_view::{BACKDROP, SceneView};

/// The one action of a read-only board: export its picture.
const EXPORT: GameAction = GameAction(0);

/// A board shown, not edited.
pub struct ReadOnly {
    ruleset: &'static dyn Ruleset,
    target: Target,
    origin: Origin,
    title: String,
    /// Why it is not edited.
    why: String,
    /// Each board the pack holds, by name, as `deckplan render` draws it.
    boards: Vec<(String, IndexedScene, BoardRect)>,
    /// The board shown.
    shown: usize,
    /// Format problems that kept boards from being drawn.
    unreadable: usize,
    view: SceneView,
}

/// Opens any game's pack or lone file read-only: its editing is not built yet.
pub fn open(ruleset: &'static dyn Ruleset, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
    let why = format!(
        "{} open read-only: editing is not available yet",
        ruleset.title()
    );
    open_because(ruleset, path, why)
}

/// Opens a pack or lone file read-only, for the reason `why` (the status bar says it).
pub fn open_because(
    ruleset: &'static dyn Ruleset,
    path: &Path,
    why: String,
) -> Result<Box<dyn Board>, LoadFailure> {
    let real = path
        .canonicalize()
        .map_err(|e| LoadFailure::new(path, vec![format!("{}: {e}", path.display())]))?;
    let target = targets::target_of(path);
    let origin = match &target {
        Target::Pack(_) => Origin::Pack {
            folder: if real.is_dir() {
                real.clone()
            } else {
                real.parent()
                    .map_or_else(|| real.clone(), Path::to_path_buf)
            },
        },
        Target::File(_) => Origin::File { file: real.clone() },
    };
    let drawing = ruleset
        .render(
            &Sources::disk(target.clone()),
            &request(Style::default_shown()),
        )
        .map_err(|e| LoadFailure::new(path, vec![e.to_string()]))?;
    let boards = drawing
        .boards
        .into_iter()
        .map(|(name, scene)| {
            let bounds = scene.bounds;
            (name, IndexedScene::new(scene), bounds)
        })
        .collect();
    let title = origin.path().and_then(Path::file_name).map_or_else(
        || ruleset.title().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(Box::new(ReadOnly {
        ruleset,
        target,
        origin,
        title,
        why,
        boards,
        shown: 0,
        unreadable: drawing.problems.len(),
        view: SceneView::default(),
    }))
}

/// An autosave of a read-only board cannot exist: nothing is ever changed.
pub fn recover(found: &Found) -> Result<Box<dyn Board>, LoadFailure> {
    Err(LoadFailure::new(
        &found.slot,
        vec!["this game's boards open read-only: there is no unsaved work to recover".into()],
    ))
}

impl Style {
    /// What the canvas shows: a title and coordinates, as `deckplan render` does by default.
    fn default_shown() -> Self {
        Self {
            title: true,
            coordinates: true,
            legend: false,
        }
    }
}

/// A render request for one board in `style`, the game's own options at
/// their defaults.
fn request(style: Style) -> DrawRequest<'static> {
    DrawRequest {
        title: style.title,
        coordinates: style.coordinates,
        legend: style.legend,
        colour: false,
        game: None,
    }
}

impl ReadOnly {
    /// Why it cannot be edited, in the status bar's words.
    fn why(&self) -> String {
        self.why.clone()
    }

    /// The picture of the board shown, for the export dialog.
    fn picture(&self) -> Option<Picture> {
        let (name, _, _) = self.boards.get(self.shown)?;
        let (ruleset, target, index) = (self.ruleset, self.target.clone(), self.shown);
        Some(Picture {
            what: name.clone(),
            name: name.clone(),
            detailed: true,
            scene: Arc::new(move |style: &Style| -> Result<Scene, String> {
                let drawing = ruleset
                    .render(&Sources::disk(target.clone()), &request(*style))
                    .map_err(|e| e.to_string())?;
                drawing
                    .boards
                    .into_iter()
                    .nth(index)
                    .map(|(_, scene)| scene)
                    .ok_or_else(|| "the board no longer draws".to_string())
            }),
        })
    }

    fn side_ui(&mut self, ui: &mut Ui) {
        ui.heading(self.ruleset.title());
        ui.label(format!(
            "{}. The picture is the one `deckplan render` draws, and the problems \
             panel lists what `deckplan lint` reports.",
            self.why()
        ));
        if self.unreadable > 0 {
            ui.add_space(6.0);
            ui.colored_label(
                egui::Color32::from_rgb(240, 90, 80),
                "Format problems keep the board from being drawn: see Problems.",
            );
        }
        if self.boards.len() > 1 {
            ui.add_space(8.0);
            ui.strong("Boards");
            for (index, (name, _, _)) in self.boards.iter().enumerate() {
                if ui.selectable_label(self.shown == index, name).clicked() {
                    self.shown = index;
                    self.view.fit();
                }
            }
        }
    }
}

impl Board for ReadOnly {
    fn ruleset(&self) -> &'static str {
        self.ruleset.name()
    }

    fn title(&self) -> String {
        self.title.clone()
    }

    fn origin(&self) -> &Origin {
        &self.origin
    }

    fn editing(&self) -> Editing {
        Editing::ReadOnly(self.why())
    }

    fn is_dirty(&self) -> bool {
        false
    }

    fn generation(&self) -> u64 {
        0
    }

    fn undo_label(&self) -> Option<String> {
        None
    }

    fn redo_label(&self) -> Option<String> {
        None
    }

    fn undo(&mut self) -> Result<Option<String>, String> {
        Ok(None)
    }

    fn redo(&mut self) -> Result<Option<String>, String> {
        Ok(None)
    }

    fn close_stroke(&mut self) {}

    fn save(&mut self) -> Result<Saved, String> {
        Err(self.why())
    }

    /// A canonical copy of the pack's files elsewhere (`deckplan fmt`'s
    /// text); the copy is then what is shown.
    fn save_as(&mut self, path: &Path) -> Result<Saved, String> {
        let formatted = self
            .ruleset
            .format(&Sources::disk(self.target.clone()))
            .map_err(|e| e.to_string())?;
        let mut files = Vec::new();
        for file in formatted {
            let Some(text) = file.canonical else {
                return Err(format!(
                    "{} has format errors: fix them before copying the pack",
                    file.path.display()
                ));
            };
            let relative = match &self.target {
                Target::Pack(dir) => file
                    .path
                    .strip_prefix(dir)
                    .map(Path::to_path_buf)
                    .map_err(|_| format!("{} is outside the pack", file.path.display()))?,
                Target::File(_) => path
                    .file_name()
                    .map(std::path::PathBuf::from)
                    .ok_or_else(|| format!("{} is not a file name", path.display()))?,
            };
            files.push((relative, text));
        }
        let origin = self.origin.moved_to(path).map_err(|e| e.to_string())?;
        let folder = origin
            .folder()
            .map(Path::to_path_buf)
            .ok_or_else(|| "no folder to write into".to_string())?;
        let mut written = 0;
        for (relative, text) in files {
            if crate::files::write_in(&folder, &relative, &text).map_err(|e| e.to_string())? {
                written += 1;
            }
        }
        self.target = targets::target_of(origin.path().unwrap_or(path));
        self.title = origin
            .path()
            .and_then(Path::file_name)
            .map_or_else(|| self.title.clone(), |n| n.to_string_lossy().into_owned());
        self.origin = origin;
        Ok(Saved {
            written,
            also: String::new(),
        })
    }

    fn autosave(&self) -> Option<&dyn Autosave> {
        None
    }

    fn lint(&self) -> LintJob {
        let target = self.target.clone();
        Box::new(move || {
            // `deckplan lint`'s own call, on the files as saved.
            let outcome = lint::lint_sources(&Sources::disk(target.clone()));
            match outcome {
                Ok(outcome) => listed(&outcome.diagnostics, |p| {
                    p.place.as_ref().and_then(deckplan_schema::Place::board)
                }),
                Err(error) => {
                    let code = deckplan_schema::FormatCode::UnreadableFile;
                    vec![Problem {
                        severity: deckplan_validator::diagnostic::Severity::Error,
                        code: code.code(),
                        name: code.name(),
                        message: error.to_string(),
                        help: None,
                        place: None,
                        location: target.path().display().to_string(),
                    }]
                }
            }
        })
    }

    fn show_problem(&mut self, problem: &Problem, _: &mut Effects) {
        // The picture has no places to point at from here; the problem's
        // board is shown when the pack holds several.
        let board = problem
            .place
            .as_ref()
            .and_then(deckplan_schema::Place::board);
        if let Some(index) = board.and_then(|b| self.boards.iter().position(|(n, _, _)| *n == b)) {
            self.shown = index;
        }
    }

    fn actions(&self, _: Mode) -> BoardActions {
        let mut states = HashMap::new();
        for action in [Action::Fit, Action::ZoomIn, Action::ZoomOut] {
            states.insert(
                action,
                ActionState::when(!self.boards.is_empty(), "Nothing is drawn"),
            );
        }
        states.insert(
            Action::Game(EXPORT),
            ActionState::when(!self.boards.is_empty(), "Nothing is drawn"),
        );
        for action in [Action::TogglePlayTest, Action::ToggleGrid] {
            states.insert(
                action,
                ActionState::when(false, "Not available for a board that opens read-only"),
            );
        }
        for action in [
            Action::Cut,
            Action::Copy,
            Action::Paste,
            Action::Delete,
            Action::Deselect,
        ] {
            states.insert(
                action,
                ActionState::when(false, "This board opens read-only"),
            );
        }
        let texts = HashMap::from([(
            Action::Game(EXPORT),
            ActionText {
                label: "Export picture…",
                description: "Render the board to a PNG or SVG file, as `deckplan render` does",
                shortcuts: &[],
            },
        )]);
        BoardActions {
            states,
            texts,
            own: vec![EXPORT],
            file: vec![Some(Action::Game(EXPORT))],
            view: Vec::new(),
            menus: Vec::new(),
        }
    }

    fn run(&mut self, action: Action, _: Mode, effects: &mut Effects) {
        match action {
            Action::Fit => self.view.fit(),
            Action::ZoomIn => self.view.zoom(1.25),
            Action::ZoomOut => self.view.zoom(0.8),
            Action::Game(EXPORT) => {
                if let Some(picture) = self.picture() {
                    effects.export(picture);
                }
            }
            _ => {}
        }
    }

    fn apply(&mut self, _: &BoardCommand, _: &mut Effects) {}

    fn ui(&mut self, ui: &mut Ui, _: &mut Frame<'_>) {
        Panel::right("about")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.side_ui(ui));
            });
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                let Some((_, scene, bounds)) = self.boards.get(self.shown) else {
                    let canvas = ui.available_rect_before_wrap();
                    ui.painter().rect_filled(canvas, 0.0, BACKDROP);
                    ui.centered_and_justified(|ui| {
                        ui.weak("Nothing to draw: the board did not load (see Problems).")
                    });
                    return;
                };
                let (response, geo) = self.view.ui(ui, *bounds);
                let painter = ui.painter_at(response.rect);
                painter.rect_filled(response.rect, 0.0, BACKDROP);
                scene.paint(&painter, &geo, |_| true);
            });
    }

    fn status(&self, _: Mode) -> Status {
        Status {
            hover: None,
            hint: "Scroll to zoom · drag with the right button to pan · F fits".to_string(),
            zoom: self.view.geometry.map(|g| (g.scale, "unit")),
        }
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
