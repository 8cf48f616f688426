//! What `fmt` makes of one file: its canonical text, or why it has none.

use deckplan_schema::sources::Read;
use std::path::PathBuf;

use crate::diagnostic::Diagnostic;

/// The result of formatting one file.
#[derive(Debug)]
pub struct Formatted {
    /// The file, as shown to the user.
    pub path: PathBuf,
    /// Where to write the canonical text: the real file, links inside the
    /// pack resolved, so a page reached through a link stays a link.
    pub write_to: PathBuf,
    /// The canonical text, or `None` when the file has format errors.
    pub canonical: Option<String>,
    /// Whether the canonical text differs from the file.
    pub changed: bool,
    /// Problems that kept the file from being formatted.
    pub errors: Vec<Diagnostic>,
}

impl Formatted {
    /// A file as read, to be written to its real file (so that a link to it
    /// stays a link), with its canonical text or the errors that kept it
    /// from having one.
    pub fn of(read: &Read, canonical: Option<String>, errors: Vec<Diagnostic>) -> Self {
        let changed = canonical
            .as_deref()
            .is_some_and(|c| c != read.source.text());
        Self {
            path: read.source.path().to_path_buf(),
            write_to: read.real.clone(),
            canonical,
            changed,
            errors,
        }
    }

    /// A file of a pack that could not be read (a link that leads out, a
    /// FIFO, a missing file): nothing to format, and `problem` says why, so
    /// `fmt --check` fails instead of passing over it.
    pub fn unreadable(path: PathBuf, problem: Diagnostic) -> Self {
        Self {
            path,
            write_to: PathBuf::new(),
            canonical: None,
            changed: false,
            errors: vec![problem],
        }
    }
}
