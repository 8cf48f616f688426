//! The texts of the documents an editor has open: what the language server
//! reads in place of their files. Every read goes through the [`Sources`]
//! of a target made here, so a check, a hover or a fix sees what the author
//! sees, with the same confinement and limits as a file on disk.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::sources::{self, Sources, Target};

/// Open documents' texts by path, as their URIs say.
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    texts: BTreeMap<PathBuf, Arc<str>>,
}

impl Buffers {
    /// Reads `text` in place of the file at `path` from now on.
    pub fn set(&mut self, path: &Path, text: &str) {
        self.texts.insert(path.to_path_buf(), Arc::from(text));
    }

    /// Reads the file at `path` from disk again.
    pub fn remove(&mut self, path: &Path) {
        self.texts.remove(path);
    }

    /// Whether the file at `path` is open, or on disk.
    pub fn exists(&self, path: &Path) -> bool {
        self.texts.contains_key(path) || path.is_file()
    }

    /// A target's files, each open one read from its document.
    pub fn sources(&self, target: Target) -> Sources {
        let mut sources = Sources::disk(target);
        for (path, text) in &self.texts {
            sources.set_text(path, Arc::clone(text));
        }
        sources
    }
}

/// The real path of a file, or of where it would be when not saved yet.
pub fn real(path: &Path) -> PathBuf {
    sources::real_path(path).unwrap_or_else(|| path.to_path_buf())
}
