//! What UI code asks for while drawing. The shell's panels, the dialogs and
//! every board push [`Command`]s; the shell applies them after the frame, in
//! the order they were pushed, so nothing changes the document while it is
//! being drawn, and every change to a board goes through its history and can
//! be undone. What only a game understands (an edit, a selection) travels as
//! a [`BoardCommand`] and is applied by the open board.

use std::any::Any;
use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::Arc;

use crate::action::Action;
use crate::board::NewBoard;

/// A request from UI code, applied after the frame.
#[derive(Debug)]
pub enum Command {
    /// Run a menu/toolbar/shortcut action.
    Run(Action),
    /// Select a problem in the problems panel: show and highlight its place.
    ShowProblem(usize),
    /// Open a path (after asking about unsaved changes).
    Open(PathBuf),
    /// Save the document to a new place (a folder for a pack, a file for a
    /// lone board file), and, when asked, a `.gitignore` for its backups beside it.
    SaveTo(PathBuf, bool),
    /// Open a new document made by the New dialog.
    Create(NewBoard, String),
    /// Write a picture, as the export dialog asks.
    Export(crate::export::ExportRequest),
    /// Say something in the status bar for a few seconds.
    Status(String),
    /// The unsaved-changes question was answered: save first or not, then go on.
    Continue {
        /// Save before going on.
        save: bool,
        /// What was asked for.
        then: crate::dialogs::AfterUnsaved,
    },
    /// Open an autosave as unsaved work.
    Recover(crate::recovery::Found),
    /// Delete an autosave.
    DiscardRecovery(crate::recovery::Found),
    /// Something only the open board understands.
    Board(BoardCommand),
}

/// A game's own command, carried through the shell to the board that
/// recorded it.
#[derive(Clone)]
pub struct BoardCommand(Arc<dyn BoardMessage>);

/// What a game's command type is: anything plain enough to debug-print and
/// send.
pub trait BoardMessage: Any + Debug + Send + Sync {
    /// The command as `Any`, for its board to take back.
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + Debug + Send + Sync> BoardMessage for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl BoardCommand {
    /// Wraps a game's command.
    pub fn new(command: impl BoardMessage) -> Self {
        Self(Arc::new(command))
    }

    /// The game's command, when it is of type `T`.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.as_ref().as_any().downcast_ref::<T>()
    }
}

impl Debug for BoardCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl From<BoardCommand> for Command {
    fn from(command: BoardCommand) -> Self {
        Self::Board(command)
    }
}

/// The commands recorded during one frame, in order.
#[derive(Debug, Default)]
pub struct Commands(Vec<Command>);

impl Commands {
    /// No commands yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a command (a shell command, or a game's that converts into one).
    pub fn push(&mut self, command: impl Into<Command>) {
        self.0.push(command.into());
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl IntoIterator for Commands {
    type Item = Command;
    type IntoIter = std::vec::IntoIter<Command>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}
