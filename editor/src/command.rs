//! What UI code asks for while drawing. Panels, tools and dialogs push
//! [`Command`]s; the app applies them after the frame, so nothing changes
//! the document while it is being drawn, and every change to the map goes
//! through [`crate::edit`] and can be undone.

use std::path::PathBuf;

use deckplan_schema::enormity::PageId;

use crate::action::Action;
use crate::edit::{StrokeId, Transaction};
use crate::selection::Selection;

/// A request from UI code, applied after the frame.
#[derive(Clone, Debug)]
pub enum Command {
    /// Run a menu/toolbar/shortcut action.
    Run(Action),
    /// Apply one user action as one undo step.
    Apply(Transaction),
    /// Apply part of a gesture; the parts of one stroke are one undo step.
    Stroke(StrokeId, Transaction),
    /// Select a place (and show its page).
    Select(Selection),
    /// Show a page in the page view.
    ShowPage(PageId),
    /// Select a problem in the problems panel: show and highlight its place.
    ShowProblem(usize),
    /// Open a path (after asking about unsaved changes).
    Open(PathBuf),
    /// Save the document to a new place (a folder for a pack, a file for a
    /// page), and, when asked, a `.gitignore` for its backups beside it.
    SaveTo(PathBuf, bool),
    /// Create a new pack from the "New pack" form.
    CreatePack(crate::document::NewPageSpec),
    /// Load a scan as the background of a page.
    LoadBackground(PageId, PathBuf),
    /// Align a page's scan by dragging two of its points onto intersections.
    AlignScan(PageId),
    /// Write a picture of a page or the layout, as the export dialog asks.
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
}

/// The commands recorded during one frame.
pub type Commands = Vec<Command>;
