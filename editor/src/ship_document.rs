//! A pack of one ship file — `pack.toml` and the ship it names — or a lone
//! ship file, open in the editor: where it lives, its model and its undo
//! history, for every game whose boards are ships (the same [`ship_pack`]
//! files). A game gives its ship format, how a ship is written, and its edits.
//!
//! Saving goes through the schema's canonical writers and the shell's
//! atomic write with a `.bak` of each changed file; a file whose text did
//! not change is not touched. What the editor draws is what it saves, and
//! what it saves is `deckplan fmt --check` clean.

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::ship_pack::{self, ShipFormat, ShipPack};
use deckplan_schema::sources::Sources;
use deckplan_schema::{FileError, SourceFile, Span};

use crate::files::{LoadFailure, Origin, WriteError};
use crate::history::{Edit, History, StrokeId, Transaction};

/// A ship format the editor saves: how its ship is written in canonical form.
pub trait ShipText: ShipFormat<Ship: Clone + Debug> + 'static {
    /// The ship file's canonical text.
    fn write_ship(ship: &Self::Ship) -> String;
    /// The ship's own name (a lone ship file's title).
    fn ship_name(ship: &Self::Ship) -> &str;
}

/// What a ship board edits: `pack.toml`'s values and the ship.
#[derive(Clone, Debug)]
pub struct ShipModel<S> {
    /// The pack's name.
    pub name: String,
    /// The ship file, relative to the pack folder.
    pub ship_path: String,
    /// `pack.toml`'s `[lint]` table, kept as it was read.
    pub lint: LintSettings,
    /// The ship.
    pub ship: S,
}

/// What opening a ship path gave.
#[derive(Debug)]
pub enum Opened<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>> {
    /// The pack or ship, ready to edit.
    Editable(Box<ShipDocument<F, E>>),
    /// Its files have format errors: the ship cannot be edited until they
    /// are fixed, but its problems can be shown.
    Broken(String),
}

/// The open pack, where it lives and its history.
#[derive(Debug)]
pub struct ShipDocument<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>> {
    /// The pack being edited. Only [`ShipDocument::apply`] and friends change it.
    pub model: ShipModel<F::Ship>,
    /// Where it lives.
    pub origin: Origin,
    /// Undo and redo.
    pub history: History<E>,
}

/// The text of the first problem of a load, for a failure message.
fn problem_text(error: &FileError) -> String {
    match &error.error.help {
        Some(help) => format!("{error}\n    help: {help}"),
        None => error.to_string(),
    }
}

impl<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>> ShipDocument<F, E> {
    /// Opens a pack folder, its `pack.toml`, or a lone ship file.
    pub fn open(path: &Path) -> Result<Opened<F, E>, LoadFailure> {
        let failure = |problems: Vec<String>| LoadFailure::new(path, problems);
        let real = path
            .canonicalize()
            .map_err(|e| failure(vec![format!("{}: {e}", path.display())]))?;
        let is_pack = real.is_dir() || real.file_name().is_some_and(|n| n == PACK_FILE);
        if is_pack {
            let folder = if real.is_dir() {
                real.clone()
            } else {
                real.parent()
                    .map_or_else(|| real.clone(), Path::to_path_buf)
            };
            let loaded = ship_pack::load_pack::<F>(&Sources::pack(&folder))
                .map_err(|e| failure(vec![e.to_string()]))?;
            let broken = !loaded.errors.is_empty();
            let Some(pack) = loaded.value.filter(|_| !broken) else {
                return Ok(Opened::Broken(broken_reason(&loaded.errors)));
            };
            let ShipPack {
                name,
                ship_path,
                lint,
                ship,
                ..
            } = pack;
            let Some(ship) = ship else {
                return Ok(Opened::Broken(broken_reason(&loaded.errors)));
            };
            let model = ShipModel {
                name,
                ship_path,
                lint,
                ship,
            };
            Ok(Opened::Editable(Box::new(Self::with(
                model,
                Origin::Pack { folder },
                History::new(),
            ))))
        } else {
            let loaded = ship_pack::load_ship::<F>(&Sources::file(&real))
                .map_err(|e| failure(vec![e.to_string()]))?;
            let broken = !loaded.errors.is_empty();
            let Some(ship) = loaded.value.filter(|_| !broken) else {
                return Ok(Opened::Broken(broken_reason(&loaded.errors)));
            };
            let file_name = real.file_name().map_or_else(
                || "ship.toml".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let model = ShipModel {
                name: F::ship_name(&ship).to_string(),
                ship_path: file_name,
                lint: LintSettings::default(),
                ship,
            };
            Ok(Opened::Editable(Box::new(Self::with(
                model,
                Origin::File { file: real },
                History::new(),
            ))))
        }
    }

    /// A document for a model already in memory (recovery uses this).
    pub fn with(model: ShipModel<F::Ship>, origin: Origin, history: History<E>) -> Self {
        Self {
            model,
            origin,
            history,
        }
    }

    /// What the window title and "Open recent" call it: the pack's name, or
    /// the ship file's name.
    pub fn title(&self) -> String {
        match &self.origin {
            Origin::File { file } => file.file_name().map_or_else(
                || self.model.name.clone(),
                |n| n.to_string_lossy().into_owned(),
            ),
            Origin::Pack { .. } | Origin::New => self.model.name.clone(),
        }
    }

    /// Whether this is a lone ship file (saved without a `pack.toml`).
    pub fn is_lone_file(&self) -> bool {
        matches!(self.origin, Origin::File { .. })
    }

    /// The ship.
    pub fn ship(&self) -> &F::Ship {
        &self.model.ship
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
    pub fn apply(&mut self, transaction: Transaction<E>) -> Result<(), E::Error> {
        self.history.apply(&mut self.model, transaction)
    }

    /// Applies part of a gesture: a whole drag is one undo step.
    pub fn apply_stroke(
        &mut self,
        stroke: StrokeId,
        transaction: Transaction<E>,
    ) -> Result<(), E::Error> {
        self.history
            .apply_stroke(&mut self.model, stroke, transaction)
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Result<Option<String>, E::Error> {
        self.history.undo(&mut self.model)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Result<Option<String>, E::Error> {
        self.history.redo(&mut self.model)
    }

    /// `pack.toml` in canonical form.
    pub fn pack_text(&self) -> String {
        ship_pack::write_pack::<F>(&ShipPack {
            name: self.model.name.clone(),
            ship_path: self.model.ship_path.clone(),
            ship_span: Span::default(),
            lint: self.model.lint.clone(),
            ship: None,
            source: SourceFile::new(PACK_FILE, String::new()),
        })
    }

    /// The ship file in canonical form.
    pub fn ship_text(&self) -> String {
        F::write_ship(&self.model.ship)
    }

    /// Every file of the document with its path relative to its folder:
    /// the ship, then `pack.toml` (a lone ship file is only itself).
    pub fn files(&self) -> Vec<(PathBuf, String)> {
        match &self.origin {
            Origin::File { file } => {
                let name = file
                    .file_name()
                    .map_or_else(|| PathBuf::from(&self.model.ship_path), PathBuf::from);
                vec![(name, self.ship_text())]
            }
            Origin::Pack { .. } | Origin::New => vec![
                (PathBuf::from(&self.model.ship_path), self.ship_text()),
                (PathBuf::from(PACK_FILE), self.pack_text()),
            ],
        }
    }

    /// Writes every file whose text changed, with a backup of the previous
    /// version, the ship first (so `pack.toml` never names a ship not yet
    /// written), and marks the document saved. Returns how many were written.
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
    /// pack, a file for a lone ship file.
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

    /// The text of each file as `pack.toml` and the ship file name them, for
    /// the live check.
    pub fn sources(&self) -> (Arc<SourceFile>, Arc<SourceFile>) {
        (
            SourceFile::new(PACK_FILE, self.pack_text()),
            SourceFile::new(&self.model.ship_path, self.ship_text()),
        )
    }
}

/// Why a save did not complete. Files written before the failure are
/// complete (each write is atomic); the document stays marked unsaved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The document has no folder yet.
    #[error("choose where to save first (File › Save As…)")]
    NoLocation,
    /// Writing a file failed.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Why a ship with format errors is shown, not edited.
fn broken_reason(errors: &[FileError]) -> String {
    let first = errors.first().map(problem_text).unwrap_or_default();
    format!(
        "the ship has format errors ({} in all, the first: {first}); fix them in the file and open it again to edit it",
        errors.len()
    )
}

/// The checks every ship game's document passes, run by each game's tests
/// on one of its bundled packs.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod checks {
    use super::*;
    use crate::testutil::{bundled, scratch};
    use deckplan_tests::files::copy_dir;

    fn open<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>>(dir: &Path) -> ShipDocument<F, E> {
        match ShipDocument::<F, E>::open(dir).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        }
    }

    /// The bundled pack `name` opens for editing and writes back byte for byte.
    pub fn writes_back_byte_for_byte<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>>(
        name: &str,
    ) {
        let dir = bundled(name);
        let files = open::<F, E>(&dir).files();
        assert_eq!(files.len(), 2);
        for (relative, text) in files {
            assert_eq!(
                std::fs::read_to_string(dir.join(&relative)).unwrap(),
                text,
                "{}",
                relative.display()
            );
        }
    }

    /// Saved unchanged, a copy of pack `name` writes nothing; after `change`
    /// only the ship file is written (holding `written`), with a backup.
    pub fn saves_only_what_changed<F, E>(name: &str, change: E, written: &str)
    where
        F: ShipText,
        E: Edit<Target = ShipModel<F::Ship>, Error: Debug>,
    {
        let dir = scratch(&format!("{name}-save"));
        copy_dir(&bundled(name), &dir);
        let mut doc = open::<F, E>(&dir);
        assert_eq!(doc.save().unwrap(), 0);
        let mut step = Transaction::new("Rename");
        step.edits.push(change);
        doc.apply(step).unwrap();
        assert!(doc.is_dirty());
        assert_eq!(doc.save().unwrap(), 1);
        assert!(!doc.is_dirty());
        let text = std::fs::read_to_string(dir.join("ship.toml")).unwrap();
        assert!(text.contains(written), "{text}");
        assert!(dir.join("ship.toml.bak").is_file());
        assert!(!dir.join("pack.toml.bak").exists());
    }

    /// A copy of pack `name` whose ship file has `from` replaced by `to`
    /// opens for its problems only, the reason containing `why`.
    pub fn a_broken_ship_is_not_edited<F: ShipText, E: Edit<Target = ShipModel<F::Ship>>>(
        name: &str,
        (from, to): (&str, &str),
        why: &str,
    ) {
        let dir = scratch(&format!("{name}-broken"));
        copy_dir(&bundled(name), &dir);
        let text = std::fs::read_to_string(dir.join("ship.toml")).unwrap();
        std::fs::write(dir.join("ship.toml"), text.replace(from, to)).unwrap();
        let Opened::Broken(reason) = ShipDocument::<F, E>::open(&dir).unwrap() else {
            panic!("a ship with `{to}` is not edited");
        };
        assert!(reason.contains(why), "{reason}");
    }
}
