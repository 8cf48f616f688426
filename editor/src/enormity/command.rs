//! What Enormity's panels, tools and dialogs ask for while drawing. The
//! shell's requests (run an action, say something) go to the shell; the
//! rest travel through it to the Enormity board, in the order recorded, so
//! nothing changes the pack while it is drawn and every change to the map
//! goes through [`crate::enormity::edit`] and can be undone.

use std::path::PathBuf;

use deckplan_schema::enormity::PageId;

use crate::action::Action;
use crate::command::BoardCommand;
use crate::enormity::edit::{StrokeId, Transaction};
use crate::enormity::selection::Selection;

/// A request from Enormity's UI code, applied after the frame.
#[derive(Clone, Debug)]
pub enum Command {
    /// Run a menu/toolbar/shortcut action.
    Run(Action),
    /// Say something in the status bar for a few seconds.
    Status(String),
    /// Apply one user action as one undo step.
    Apply(Transaction),
    /// Apply part of a gesture; the parts of one stroke are one undo step.
    Stroke(StrokeId, Transaction),
    /// Select a place (and show its page).
    Select(Selection),
    /// Show a page in the page view.
    ShowPage(PageId),
    /// Load a scan as the background of a page.
    LoadBackground(PageId, PathBuf),
    /// Align a page's scan by dragging two of its points onto intersections.
    AlignScan(PageId),
}

impl From<Command> for crate::command::Command {
    fn from(command: Command) -> Self {
        match command {
            Command::Run(action) => Self::Run(action),
            Command::Status(message) => Self::Status(message),
            other => Self::Board(BoardCommand::new(other)),
        }
    }
}
