//! What the Battlestations board's panels and tools ask for while drawing. The
//! shell's requests go to the shell; edits and selections travel through
//! it to the board, in the order recorded.

use crate::action::Action;
use crate::command::BoardCommand;

use super::edit::{StrokeId, Transaction};
use super::selection::Selection;

/// A request from the Battlestations board's UI code, applied after the frame.
#[derive(Clone, Debug)]
pub enum Command {
    /// Run a menu/toolbar/shortcut action.
    Run(Action),
    /// Say something in the status bar for a few seconds.
    Status(String),
    /// Apply one user action as one undo step.
    Apply(Transaction),
    /// Apply part of a gesture; the parts of one drag are one undo step.
    Stroke(StrokeId, Transaction),
    /// Select something (or nothing).
    Select(Selection),
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

/// One user action of a label and its edits.
pub fn step(label: impl Into<String>, edits: Vec<super::edit::Edit>) -> Command {
    Command::Apply(Transaction {
        label: label.into(),
        edits,
    })
}
