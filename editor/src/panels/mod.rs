//! The shell's panels around the board, one per file: the menu bar, the
//! toolbar, the status bar and the problems list. A panel reads what it shows
//! and records [`crate::command::Command`]s; panels never call each other,
//! and only the shell (or the board it hands a command to) changes anything.

pub mod menu_bar;
pub mod problems;
pub mod status_bar;
pub mod toolbar;

use eframe::egui::{Button, Ui};

use crate::action::Action;
use crate::board::{ActionText, BoardActions};
use crate::command::{Command, Commands};

/// What the menus and toolbar need to know to show actions as enabled,
/// checked, or with the name of the step they undo.
#[derive(Clone, Debug, Default)]
pub struct ActionInfo {
    /// A document is open.
    pub doc_open: bool,
    /// It opened read-only.
    pub read_only: bool,
    /// It has unsaved changes.
    pub dirty: bool,
    /// What Undo would undo.
    pub undo: Option<String>,
    /// What Redo would redo.
    pub redo: Option<String>,
    /// Grid lines shown.
    pub grid: bool,
    /// Problems panel shown.
    pub problems: bool,
    /// Play-test mode is on.
    pub playtest: bool,
    /// The open board's actions and the states of those it answers.
    pub board: BoardActions,
}

impl ActionInfo {
    /// An action's label, description and shortcuts: the board's wording
    /// when it has one, else the shell's.
    pub fn text(&self, action: Action) -> ActionText {
        self.board
            .texts
            .get(&action)
            .copied()
            .unwrap_or(ActionText {
                label: action.label(),
                description: action.description(),
                shortcuts: action.shortcuts(),
            })
    }

    /// Whether the action can run now.
    pub fn enabled(&self, action: Action) -> bool {
        match action {
            Action::NewPack | Action::Open | Action::Quit => true,
            Action::Save => self.doc_open && !self.read_only,
            Action::SaveAs => self.doc_open,
            Action::Undo => self.undo.is_some(),
            Action::Redo => self.redo.is_some(),
            Action::ToggleProblems => self.doc_open,
            Action::ToggleGrid
            | Action::TogglePlayTest
            | Action::Cut
            | Action::Copy
            | Action::Paste
            | Action::Delete
            | Action::Deselect
            | Action::Fit
            | Action::ZoomIn
            | Action::ZoomOut
            | Action::Game(_) => self.board.states.get(&action).is_some_and(|s| s.enabled),
        }
    }

    /// For toggles and tools: whether it is on.
    pub fn checked(&self, action: Action) -> Option<bool> {
        match action {
            Action::ToggleGrid => Some(self.grid),
            Action::ToggleProblems => Some(self.problems),
            Action::TogglePlayTest => Some(self.playtest),
            _ => self.board.states.get(&action).and_then(|s| s.checked),
        }
    }

    /// The label, with the step named for Undo and Redo.
    pub fn label(&self, action: Action) -> String {
        match (action, &self.undo, &self.redo) {
            (Action::Undo, Some(step), _) => format!("Undo {step}"),
            (Action::Redo, _, Some(step)) => format!("Redo {step}"),
            _ => self.text(action).label.to_string(),
        }
    }

    /// Why a disabled action is disabled (its tooltip).
    pub fn disabled_reason(&self, action: Action) -> &'static str {
        match action {
            Action::Undo => "Nothing to undo",
            Action::Redo => "Nothing to redo",
            Action::Save if self.read_only => {
                "This board opens read-only: nothing changes, so nothing needs saving (Save As copies it)"
            }
            _ => self
                .board
                .states
                .get(&action)
                .map_or("Open a pack or a board file first", |s| s.reason),
        }
    }
}

/// A menu entry for an action, with its shortcut; records it when clicked.
pub fn action_menu_item(ui: &mut Ui, info: &ActionInfo, action: Action, out: &mut Commands) {
    let text = info.text(action);
    let shortcut = text
        .shortcuts
        .first()
        .map(|s| ui.ctx().format_shortcut(s))
        .unwrap_or_default();
    let label = info.label(action);
    let enabled = info.enabled(action);
    let response = match info.checked(action) {
        Some(on) => ui.add_enabled(
            enabled,
            Button::selectable(on, label).shortcut_text(shortcut),
        ),
        None => ui.add_enabled(enabled, Button::new(label).shortcut_text(shortcut)),
    };
    let response = if enabled {
        response.on_hover_text(text.description)
    } else {
        response.on_disabled_hover_text(info.disabled_reason(action))
    };
    if response.clicked() {
        out.push(Command::Run(action));
    }
}

/// The text of an action's first shortcut (empty when it has none).
pub fn shortcut_text(ui: &Ui, info: &ActionInfo, action: Action) -> String {
    info.text(action)
        .shortcuts
        .first()
        .map(|s| ui.ctx().format_shortcut(s))
        .unwrap_or_default()
}
