//! What the TI4 board's panels and canvas ask for while drawing: the shell's
//! requests go to the shell; edits and selections travel through it to the
//! board, in the order recorded.

use crate::action::Action;
use crate::command::BoardCommand;

use super::edit::Transaction;

/// A request from the TI4 board's UI code, applied after the frame.
#[derive(Clone, Debug)]
pub enum Command {
    /// Run a menu/toolbar/shortcut action.
    Run(Action),
    /// Say something in the status bar for a few seconds.
    Status(String),
    /// Apply one user action as one undo step.
    Apply(Transaction),
    /// Select a position (or nothing).
    Select(Option<u32>),
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

/// An operation's step as a command; an operation that changes nothing
/// records nothing.
pub fn step(transaction: Option<Transaction>) -> Option<Command> {
    transaction.map(Command::Apply)
}
