//! The seam between the shell and each game's editing.
//!
//! The shell ([`crate::app`]) owns what every game shares — files, the New
//! dialog, saving, recent files, autosave and recovery, undo and redo, the
//! problems panel, export, zoom and the play-test switch — and never names a
//! game. A game joins with two things, registered in `games.rs`:
//!
//! - a [`Game`]: opens its packs and lone files, recovers an autosave, and
//!   offers the fields of a new document;
//! - a [`Board`]: the open document of that game with everything drawn
//!   around it — its history of invertible edits ([`crate::history`]), the
//!   scene it paints (the very one `deckplan render` draws), hit-testing
//!   from the canvas to the game's places, a [`LintJob`] that checks the
//!   in-memory document through the game's ruleset, its tools, inspector
//!   and play-test panel, and its own menus and actions.
//!
//! A game whose editing is not built yet opens as a [`crate::readonly`]
//! board: its picture, its problems and a status-bar note.

use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use eframe::egui::{KeyboardShortcut, Ui};

use crate::action::{Action, GameAction};
use crate::app::Mode;
use crate::command::{BoardCommand, Commands};
use crate::dialogs::Dialog;
use crate::export::Picture;
use crate::files::{LoadFailure, Origin, Saved};
use crate::problems::{LintJob, Problem, Report};
use crate::recovery::{Autosave, Found};

/// Repaints the window from a worker thread (a board built, a check done).
pub type Wake = Arc<dyn Fn() + Send + Sync>;

/// A game the editor opens: one line of `games.rs`.
pub trait Game: Sync {
    /// The ruleset it edits, as packs name it (`enormity`).
    fn ruleset(&self) -> &'static str;

    /// Opens a pack folder, its `pack.toml`, or a lone board file that names
    /// this game's ruleset.
    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure>;

    /// Reopens an autosave as unsaved work belonging where it came from.
    fn recover(&self, found: &Found) -> Result<Box<dyn Board>, LoadFailure>;

    /// The fields of a new document of this game (`None`: documents of this
    /// game cannot be made in the editor yet).
    fn new_form(&self) -> Option<Box<dyn NewForm>> {
        None
    }
}

/// The game's part of the New dialog: its own name and size fields.
pub trait NewForm: Send {
    /// Draws the fields.
    fn ui(&mut self, ui: &mut Ui);

    /// Why the fields do not make a document yet (`Ok`: they do).
    fn check(&self) -> Result<(), String>;

    /// The new, unsaved document (called once [`NewForm::check`] passes).
    fn create(&self) -> Box<dyn Board>;

    /// What the status bar says once it is made.
    fn created(&self) -> String;
}

/// Whether a board can be edited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Editing {
    /// Everything the format says can be drawn and changed.
    Editable,
    /// Shown with its problems (and play test), but not changed: the reason
    /// is said in the status bar.
    ReadOnly(String),
}

/// What the board says in the status bar.
#[derive(Clone, Debug, Default)]
pub struct Status {
    /// The place under the pointer.
    pub hover: Option<String>,
    /// How the active tool (or mode) is used.
    pub hint: String,
    /// The zoom when a board is shown: points per unit, and the unit
    /// (`space`, `step`).
    pub zoom: Option<(f32, &'static str)>,
}

/// An action's text: its menu label, tooltip and shortcuts.
#[derive(Clone, Copy, Debug)]
pub struct ActionText {
    /// The menu label.
    pub label: &'static str,
    /// What it does, for tooltips.
    pub description: &'static str,
    /// Keyboard shortcuts; the first is shown in menus.
    pub shortcuts: &'static [KeyboardShortcut],
}

/// Whether an action can run now, and how menus show it.
#[derive(Clone, Copy, Debug)]
pub struct ActionState {
    /// It can run.
    pub enabled: bool,
    /// For toggles and tools: whether it is on.
    pub checked: Option<bool>,
    /// Why it is disabled (its tooltip then).
    pub reason: &'static str,
}

impl ActionState {
    /// Enabled when `enabled`, else disabled for `reason`.
    pub fn when(enabled: bool, reason: &'static str) -> Self {
        Self {
            enabled,
            checked: None,
            reason,
        }
    }

    /// A toggle or tool that is on or off.
    #[must_use]
    pub fn checked(mut self, on: bool) -> Self {
        self.checked = Some(on);
        self
    }
}

/// A menu of the game's own.
#[derive(Clone, Debug)]
pub struct Menu {
    /// Its title in the menu bar.
    pub title: &'static str,
    /// Its entries; `None` is a separator.
    pub items: Vec<Option<Action>>,
}

/// What menus, the toolbar and the keyboard need from the board this frame.
#[derive(Clone, Debug, Default)]
pub struct BoardActions {
    /// The state of the shared actions the board answers (cut, delete, fit,
    /// play test…) and of its own.
    pub states: HashMap<Action, ActionState>,
    /// The text of each of its own actions, and of shared actions it words
    /// its own way ("Copy the selected rectangle").
    pub texts: HashMap<Action, ActionText>,
    /// Its own actions, in the order shortcuts are looked for.
    pub own: Vec<GameAction>,
    /// Entries of the File menu after Save As (exports).
    pub file: Vec<Option<Action>>,
    /// Entries of the View menu after the problems switch.
    pub view: Vec<Option<Action>>,
    /// Its own menus, after View.
    pub menus: Vec<Menu>,
}

/// Help and one-click fixes a board offers for the problem chosen in the panel.
#[derive(Clone, Debug, Default)]
pub struct ProblemHelp {
    /// How to fix it in the editor (`None`: the validator's help).
    pub help: Option<String>,
    /// One-click fixes, each checked to work.
    pub fixes: Vec<FixOffer>,
    /// Fixes are still being looked for.
    pub searching: bool,
}

/// One fix button.
#[derive(Clone, Debug)]
pub struct FixOffer {
    /// The button's label.
    pub label: String,
    /// What the board applies when it is clicked (one undo step).
    pub command: BoardCommand,
}

/// What a board asks of the shell while it runs an action or applies a
/// command, applied by the shell at once so messages keep their order.
#[derive(Default)]
pub struct Effects {
    /// `Some(None)`: clear the status message; `Some(Some(m))`: say `m`.
    pub(crate) message: Option<Option<String>>,
    /// A shell dialog to open.
    pub(crate) dialog: Option<Dialog>,
    /// A picture to offer in the export dialog.
    pub(crate) export: Option<Picture>,
}

impl Effects {
    /// Says something in the status bar for a few seconds.
    pub fn say(&mut self, message: impl Into<String>) {
        self.message = Some(Some(message.into()));
    }

    /// Clears the status bar's message.
    pub fn clear_message(&mut self) {
        self.message = Some(None);
    }

    /// Opens a dialog of the shell (a message, a path to choose).
    pub fn open(&mut self, dialog: Dialog) {
        self.dialog = Some(dialog);
    }

    /// Opens the export dialog for a picture.
    pub fn export(&mut self, picture: Picture) {
        self.export = Some(picture);
    }
}

/// What the board is given to draw its panels and canvas in one frame.
pub struct Frame<'a> {
    /// Where its panels and tools record what they ask for.
    pub out: &'a mut Commands,
    /// The newest problems, to mark on the board.
    pub report: &'a Report,
    /// The problem chosen in the panel, and since when (its mark flashes).
    pub focused_problem: Option<(usize, Instant)>,
    /// Editing or play-testing.
    pub mode: Mode,
    /// Grid lines shown.
    pub grid: bool,
    /// What menus show, for the board's own buttons.
    pub actions: &'a BoardActions,
    /// Repaints from a worker.
    pub wake: &'a Wake,
}

/// The open document of one game, with everything drawn around it.
pub trait Board: Any {
    // ----- what it is -----

    /// The ruleset it belongs to (`nemesis`).
    fn ruleset(&self) -> &'static str;

    /// What the window title and "Open recent" call it.
    fn title(&self) -> String;

    /// Where it lives.
    fn origin(&self) -> &Origin;

    /// Whether it can be edited.
    fn editing(&self) -> Editing {
        Editing::Editable
    }

    /// Whether it is a lone board file, saved to a file rather than a folder.
    fn is_lone_file(&self) -> bool {
        matches!(self.origin(), Origin::File { .. })
    }

    /// What its files are called in the Save As dialog: a lone file (`page`)
    /// and a pack's files besides `pack.toml` (`page files`).
    fn file_nouns(&self) -> (&'static str, &'static str) {
        ("board", "board files")
    }

    /// What to say once it opened (files that did not load, …).
    fn opened(&self) -> Option<String> {
        None
    }

    // ----- history and files -----

    /// Whether there are unsaved changes.
    fn is_dirty(&self) -> bool;

    /// Bumped on every change, so work done on an older state can tell.
    fn generation(&self) -> u64;

    /// What Undo would undo.
    fn undo_label(&self) -> Option<String>;

    /// What Redo would redo.
    fn redo_label(&self) -> Option<String>;

    /// Undoes the last step; returns its label, or why it cannot.
    fn undo(&mut self) -> Result<Option<String>, String>;

    /// Redoes the last undone step.
    fn redo(&mut self) -> Result<Option<String>, String>;

    /// Ends the gesture in progress: the next edit is a new undo step.
    fn close_stroke(&mut self);

    /// Writes every changed file where the document lives.
    fn save(&mut self) -> Result<Saved, String>;

    /// Writes the document somewhere else and makes that its home.
    fn save_as(&mut self, path: &Path) -> Result<Saved, String>;

    /// What the autosaver writes (`None`: nothing to protect).
    fn autosave(&self) -> Option<&dyn Autosave>;

    // ----- problems -----

    /// A check of the document as it is now, through the game's ruleset.
    fn lint(&self) -> LintJob;

    /// Shows and selects the place of a problem chosen in the panel.
    fn show_problem(&mut self, problem: &Problem, effects: &mut Effects);

    /// Help and fixes for the chosen problem; `current` says the report is
    /// of this very state of the document (fixes are worked out only then,
    /// on a worker that calls `wake` when done).
    fn problem_help(&self, problem: &Problem, current: bool, wake: &Wake) -> Option<ProblemHelp> {
        let _ = (problem, current, wake);
        None
    }

    // ----- the frame -----

    /// Its actions and their states, for menus, toolbar and keyboard.
    fn actions(&self, mode: Mode) -> BoardActions;

    /// Runs one of its actions, or a shared one it answers (delete, fit…).
    fn run(&mut self, action: Action, mode: Mode, effects: &mut Effects);

    /// Applies a command its own panels recorded.
    fn apply(&mut self, command: &BoardCommand, effects: &mut Effects);

    /// Play test was switched on or off.
    fn mode_changed(&mut self, mode: Mode) {
        let _ = mode;
    }

    /// Its part of the toolbar (tools), between Undo/Redo and Play test.
    fn toolbar_ui(&self, ui: &mut Ui, actions: &BoardActions, out: &mut Commands) {
        let _ = (ui, actions, out);
    }

    /// Its side panels and the canvas, in the space the shell leaves.
    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>);

    /// A modal dialog of its own is open (shortcuts wait).
    fn has_dialog(&self) -> bool {
        false
    }

    /// What the status bar says about it.
    fn status(&self, mode: Mode) -> Status;

    /// A file dropped on the window: the board's command for it, or `None`
    /// to open it instead.
    fn dropped(&self, path: &Path) -> Option<BoardCommand> {
        let _ = path;
        None
    }

    /// Waits (up to `timeout`) for the board's workers (a play-test board
    /// being built); tests and screenshots use it.
    fn settle(&mut self, timeout: std::time::Duration) -> bool {
        let _ = timeout;
        true
    }

    /// The board as `Any`, for a game's own code and tests to look inside.
    fn as_any(&self) -> &dyn Any;

    /// See [`Board::as_any`].
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A board made by a form or recovered, carried by a command.
pub struct NewBoard(pub Box<dyn Board>);

impl std::fmt::Debug for NewBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NewBoard({})", self.0.title())
    }
}

/// A registered game and how the New dialog names it.
#[derive(Clone, Copy)]
pub struct Registered {
    /// The game.
    pub game: &'static dyn Game,
}

/// The games the editor knows, in registry order.
#[derive(Clone, Copy)]
pub struct Games(pub &'static [Registered]);

impl Games {
    /// The game of a ruleset name.
    pub fn get(&self, ruleset: &str) -> Option<&'static dyn Game> {
        self.0
            .iter()
            .map(|r| r.game)
            .find(|g| g.ruleset() == ruleset)
    }

    /// Every game.
    pub fn all(&self) -> impl Iterator<Item = &'static dyn Game> + use<> {
        self.0.iter().map(|r| r.game)
    }
}

/// Declares every game the editor opens: its folder (`pub mod enormity;`)
/// and its [`Game`] in `GAMES`. Used once, in `games.rs`.
#[macro_export]
macro_rules! register_boards {
    ($($module:ident => $game:path),* $(,)?) => {
        $(pub mod $module;)*

        /// Every game the editor opens, in the order the New dialog lists them.
        pub static GAMES: $crate::board::Games = $crate::board::Games(&[
            $($crate::board::Registered { game: &$game }),*
        ]);
    };
}

/// A game's name in a sentence ("Nemesis"), from its ruleset.
pub fn game_name(ruleset: &str) -> &'static str {
    deckplan_validator::ruleset::REGISTRY
        .get(ruleset)
        .map_or("this game", |r| r.game())
}

impl BoardActions {
    /// Whether the action can run now.
    pub fn enabled(&self, action: Action) -> bool {
        self.states.get(&action).is_some_and(|s| s.enabled)
    }

    /// Why it cannot.
    pub fn reason(&self, action: Action) -> &'static str {
        self.states.get(&action).map_or("", |s| s.reason)
    }

    /// Its label: the board's wording, else the shell's.
    pub fn label(&self, action: Action) -> &'static str {
        self.texts.get(&action).map_or(action.label(), |t| t.label)
    }

    /// Its shortcuts.
    pub fn shortcuts(&self, action: Action) -> &'static [KeyboardShortcut] {
        self.texts
            .get(&action)
            .map_or(action.shortcuts(), |t| t.shortcuts)
    }

    /// Whether a toggle or tool is on.
    pub fn checked(&self, action: Action) -> Option<bool> {
        self.states.get(&action).and_then(|s| s.checked)
    }
}
