//! What the TI4 board has open: a galaxy pack (its `pack.toml` is the
//! galaxy) or a lone galaxy file, where it lives, and its undo history.
//!
//! Saving writes the schema's canonical text through the shell's atomic
//! write with a `.bak` of the file it replaces; an unchanged text is not
//! written. What the editor draws is what it saves, and what it saves is
//! `deckplan fmt --check` clean.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::sources::{Sources, Target};
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::write;

use super::edit::{EditError, History, Model, Transaction};
use crate::files::{LoadFailure, Origin, WriteError};

/// What opening a TI4 path gave.
#[derive(Debug)]
pub enum Opened {
    /// The galaxy, ready to edit.
    Editable(Box<Document>),
    /// The file has format errors: it is shown with its problems until they
    /// are fixed in the file.
    Broken(String),
}

/// The open galaxy, where it lives and its history.
#[derive(Debug)]
pub struct Document {
    /// The galaxy. Only [`Document::apply`] and friends change it.
    pub model: Model,
    /// Where it lives.
    pub origin: Origin,
    /// Undo and redo.
    pub history: History,
}

impl Document {
    /// Opens a pack folder, its `pack.toml`, or a lone galaxy file.
    pub fn open(path: &Path) -> Result<Opened, LoadFailure> {
        let failure = |problem: String| LoadFailure::new(path, vec![problem]);
        let real = path
            .canonicalize()
            .map_err(|e| failure(format!("{}: {e}", path.display())))?;
        let is_pack = real.is_dir() || real.file_name().is_some_and(|n| n == PACK_FILE);
        let (origin, source) = if is_pack {
            let folder = if real.is_dir() {
                real.clone()
            } else {
                real.parent()
                    .map_or_else(|| real.clone(), Path::to_path_buf)
            };
            let read = Sources::disk(Target::Pack(folder.clone()))
                .top_file()
                .map_err(|e| failure(e.to_string()))?;
            (Origin::Pack { folder }, read.source)
        } else {
            let name = real
                .file_name()
                .map_or_else(|| PathBuf::from(PACK_FILE), PathBuf::from);
            let source = load::read_source(&real, &name).map_err(|e| failure(e.to_string()))?;
            (Origin::File { file: real }, source)
        };
        let (galaxy, problems) = deckplan_validator::ti4::parse(&source);
        Ok(match galaxy {
            Some(model) => Opened::Editable(Box::new(Self::with(model, origin, History::new()))),
            None => {
                let first = problems.first().map_or_else(String::new, |d| {
                    let at = d.line_col();
                    format!(
                        "{}:{}:{}: {}",
                        d.file.path().display(),
                        at.line,
                        at.column,
                        d.message
                    )
                });
                Opened::Broken(format!(
                    "the galaxy has format errors ({} in all, the first: {first}); fix them in the file and open it again to edit it",
                    problems.len()
                ))
            }
        })
    }

    /// A new, unsaved galaxy called `name` of `rings` rings, holding nothing yet.
    pub fn new_galaxy(name: &str, rings: u32) -> Self {
        let model = GalaxyFile {
            name: name.to_string(),
            rings,
            tiles: std::collections::BTreeMap::new(),
            homes: Vec::new(),
            custom: Vec::new(),
            off_board: Vec::new(),
            modifiers: Vec::new(),
            lint: LintSettings::default(),
        };
        Self::with(model, Origin::New, History::unsaved())
    }

    /// A document for a galaxy already in memory (recovery uses this).
    pub fn with(model: Model, origin: Origin, history: History) -> Self {
        Self {
            model,
            origin,
            history,
        }
    }

    /// What the window title and "Open recent" call it: the galaxy's name,
    /// or a lone file's name.
    pub fn title(&self) -> String {
        match &self.origin {
            Origin::File { file } => file.file_name().map_or_else(
                || self.model.name.clone(),
                |n| n.to_string_lossy().into_owned(),
            ),
            Origin::Pack { .. } | Origin::New => self.model.name.clone(),
        }
    }

    /// Whether this is a lone galaxy file.
    pub fn is_lone_file(&self) -> bool {
        matches!(self.origin, Origin::File { .. })
    }

    /// The galaxy.
    pub fn galaxy(&self) -> &GalaxyFile {
        &self.model
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Changes so far; any change bumps it.
    pub fn generation(&self) -> u64 {
        self.history.generation()
    }

    /// Applies one user action as an undo step.
    pub fn apply(&mut self, transaction: Transaction) -> Result<(), EditError> {
        self.history.apply(&mut self.model, transaction)
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        self.history.undo(&mut self.model)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        self.history.redo(&mut self.model)
    }

    /// The galaxy file in canonical form.
    pub fn text(&self) -> String {
        write::write(&self.model)
    }

    /// The file's name in its folder: `pack.toml`, or the lone file's name.
    fn file_name(&self) -> PathBuf {
        match &self.origin {
            Origin::File { file } => file
                .file_name()
                .map_or_else(|| PathBuf::from(PACK_FILE), PathBuf::from),
            Origin::Pack { .. } | Origin::New => PathBuf::from(PACK_FILE),
        }
    }

    /// Every file of the document, relative to its folder: the galaxy only.
    pub fn files(&self) -> Vec<(PathBuf, String)> {
        vec![(self.file_name(), self.text())]
    }

    /// The galaxy's text as the live check reads it, named as its file is.
    pub fn source(&self) -> Arc<SourceFile> {
        SourceFile::new(self.file_name(), self.text())
    }

    /// Writes the galaxy if its text changed, with a backup of the previous
    /// version, and marks the document saved. Returns how many files were written.
    pub fn save(&mut self) -> Result<usize, SaveError> {
        let Some(folder) = self.origin.folder().map(Path::to_path_buf) else {
            return Err(SaveError::NoLocation);
        };
        let mut written = 0;
        for (relative, text) in self.files() {
            if crate::files::write_in(&folder, &relative, &text)? {
                written += 1;
            }
        }
        self.history.mark_saved();
        Ok(written)
    }

    /// Saves to a new place and makes it the document's home: a folder for a
    /// pack, a file for a lone galaxy file.
    pub fn save_as(&mut self, target: &Path) -> Result<usize, SaveError> {
        let origin = self.origin.moved_to(target).map_err(|source| {
            SaveError::Write(WriteError {
                path: target.to_path_buf(),
                source,
            })
        })?;
        let previous = std::mem::replace(&mut self.origin, origin);
        match self.save() {
            Ok(written) => Ok(written),
            Err(error) => {
                self.origin = previous;
                Err(error)
            }
        }
    }
}

/// Why a save did not complete; the document stays marked unsaved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The document has no folder yet.
    #[error("choose where to save first (File › Save As…)")]
    NoLocation,
    /// Writing the file failed.
    #[error(transparent)]
    Write(#[from] WriteError),
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;
    use crate::testutil::{bundled, scratch};
    use deckplan_tests::files::copy_dir;

    /// The bundled five-player galaxy with hyperlanes.
    pub(crate) fn five_players() -> Document {
        match Document::open(&bundled("ti4-five-hyperlanes")).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        }
    }

    #[test]
    fn each_bundled_galaxy_writes_back_byte_for_byte() {
        for name in ["ti4-five-hyperlanes", "ti4-six-players"] {
            let Opened::Editable(doc) = Document::open(&bundled(name)).unwrap() else {
                panic!("{name} does not open for editing");
            };
            let text = std::fs::read_to_string(bundled(name).join(PACK_FILE)).unwrap();
            assert_eq!(doc.text(), text, "{name}");
        }
    }

    #[test]
    fn saving_writes_only_a_changed_galaxy_and_keeps_a_backup() {
        let dir = scratch("ti4-save");
        copy_dir(&bundled("ti4-five-hyperlanes"), &dir);
        let mut doc = match Document::open(&dir).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        };
        assert_eq!(doc.save().unwrap(), 0);
        let mut step = Transaction::new("Rings");
        step.edits.push(super::super::edit::Edit::Rings(4));
        doc.apply(step).unwrap();
        assert!(doc.is_dirty());
        assert_eq!(doc.save().unwrap(), 1);
        assert!(!doc.is_dirty());
        let text = std::fs::read_to_string(dir.join(PACK_FILE)).unwrap();
        assert!(text.contains("\nrings = 4\n"), "{text}");
        assert!(dir.join("pack.toml.bak").is_file());
    }

    #[test]
    fn a_galaxy_with_format_errors_opens_for_its_problems_only() {
        let dir = scratch("ti4-broken");
        copy_dir(&bundled("ti4-five-hyperlanes"), &dir);
        let text = std::fs::read_to_string(dir.join(PACK_FILE)).unwrap();
        std::fs::write(dir.join(PACK_FILE), text.replace("rings = 3", "rings = 30")).unwrap();
        let Opened::Broken(why) = Document::open(&dir).unwrap() else {
            panic!("a galaxy of 30 rings is not edited");
        };
        assert!(
            why.contains("pack.toml:4:9: `rings = 30` is out of range"),
            "{why}"
        );
    }
}
