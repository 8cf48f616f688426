//! The panels around the canvas, one per file. A panel reads what it shows
//! and records [`crate::command::Command`]s; panels never call each other,
//! and only the app changes the document.

pub mod inspector;
pub mod layout_view;
pub mod menu_bar;
pub mod page_view;
pub mod pages;
pub mod playtest;
pub mod problems;
pub mod status_bar;
pub mod toolbar;

use eframe::egui::{Button, Ui};

use crate::action::Action;
use crate::command::{Command, Commands};
use crate::tools::ToolKind;

/// What the menus and toolbar need to know about the app to show actions as
/// enabled, checked, or with the name of the step they undo.
#[derive(Clone, Debug, Default)]
pub struct ActionInfo {
    /// A document is open.
    pub doc_open: bool,
    /// It is a lone page file.
    pub lone_page: bool,
    /// It has unsaved changes.
    pub dirty: bool,
    /// A page is shown.
    pub has_page: bool,
    /// The pack has more than one page.
    pub many_pages: bool,
    /// The shown page is first / last in the list.
    pub first_page: bool,
    /// See `first_page`.
    pub last_page: bool,
    /// What Undo would undo.
    pub undo: Option<String>,
    /// What Redo would redo.
    pub redo: Option<String>,
    /// Something is selected.
    pub selection: bool,
    /// A scan is being aligned (Esc cancels it).
    pub aligning: bool,
    /// A rectangle is selected.
    pub area: bool,
    /// A rectangle has been copied.
    pub clip: bool,
    /// Grid lines shown.
    pub grid: bool,
    /// Problems panel shown.
    pub problems: bool,
    /// The layout view is shown.
    pub layout: bool,
    /// The tool in use.
    pub tool: ToolKind,
    /// Play-test mode is on.
    pub playtest: bool,
}

impl ActionInfo {
    /// Whether the action can run now.
    pub fn enabled(&self, action: Action) -> bool {
        match action {
            Action::NewPack | Action::Open | Action::Quit => true,
            Action::Save | Action::SaveAs | Action::Fit | Action::ZoomIn | Action::ZoomOut => {
                self.doc_open
            }
            Action::ToggleGrid | Action::ToggleProblems | Action::ToggleLayout => self.doc_open,
            Action::Undo => self.undo.is_some(),
            Action::Redo => self.redo.is_some(),
            Action::Delete => self.selection,
            Action::Deselect => self.selection || self.aligning,
            Action::Cut | Action::Copy => self.area && !self.playtest,
            Action::Paste => self.clip && self.has_page && !self.playtest,
            Action::AddPage => self.doc_open && !self.lone_page,
            Action::RemovePage => self.has_page && self.many_pages,
            Action::ResizePage
            | Action::LoadBackground
            | Action::RotatePage
            | Action::MirrorPageWestEast
            | Action::MirrorPageNorthSouth => self.has_page && !self.playtest,
            Action::DuplicatePage => self.has_page && !self.lone_page && !self.playtest,
            Action::MovePageUp => self.has_page && !self.first_page,
            Action::MovePageDown => self.has_page && !self.last_page,
            Action::PreviousPage => self.has_page && !self.first_page,
            Action::NextPage => self.has_page && !self.last_page,
            Action::Tool(_) => self.has_page && !self.playtest,
            Action::TogglePlayTest | Action::ExportPage => self.has_page,
            Action::ExportLayout => self.doc_open && !self.lone_page,
        }
    }

    /// For toggles and tools: whether it is on.
    pub fn checked(&self, action: Action) -> Option<bool> {
        match action {
            Action::ToggleGrid => Some(self.grid),
            Action::ToggleProblems => Some(self.problems),
            Action::ToggleLayout => Some(self.layout),
            Action::Tool(tool) => Some(self.tool == tool && !self.layout && !self.playtest),
            Action::TogglePlayTest => Some(self.playtest),
            _ => None,
        }
    }

    /// The label, with the step named for Undo and Redo.
    pub fn label(&self, action: Action) -> String {
        match (action, &self.undo, &self.redo) {
            (Action::Undo, Some(step), _) => format!("Undo {step}"),
            (Action::Redo, _, Some(step)) => format!("Redo {step}"),
            _ => action.label().to_string(),
        }
    }

    /// Why a disabled action is disabled (its tooltip).
    pub fn disabled_reason(&self, action: Action) -> &'static str {
        match action {
            Action::AddPage | Action::DuplicatePage if self.lone_page => {
                "A lone page file holds one page: open or create a pack to add pages"
            }
            Action::RemovePage => "A pack keeps at least one page",
            Action::Undo => "Nothing to undo",
            Action::Redo => "Nothing to redo",
            Action::Delete | Action::Deselect => "Nothing is selected",
            Action::Cut | Action::Copy => {
                "Select a rectangle first: drag across spaces with the select tool (V)"
            }
            Action::Paste => "Copy a rectangle first",
            _ => "Open a pack or page first",
        }
    }
}

/// A menu entry for an action, with its shortcut; records it when clicked.
pub fn action_menu_item(ui: &mut Ui, info: &ActionInfo, action: Action, out: &mut Commands) {
    let shortcut = action
        .shortcuts()
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
        response.on_hover_text(action.description())
    } else {
        response.on_disabled_hover_text(info.disabled_reason(action))
    };
    if response.clicked() {
        out.push(Command::Run(action));
    }
}
