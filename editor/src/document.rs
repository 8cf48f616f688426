//! What the editor has open: a whole pack, where it came from, and its undo
//! history.
//!
//! A pack folder opens as itself; a lone page file opens as a one-page pack
//! (its book and Location declared on the fly) whose save writes only that
//! page file; a new pack has no home until "Save As". Inside the editor every
//! page's `source` path is its file path *relative to the document's folder*,
//! so a page keeps its file through edits and "Save As" only changes the folder.
//!
//! Saving goes through the schema's canonical writer and its atomic write; the
//! previous version of each file that changes is kept as `NAME.bak`, and files
//! whose text did not change are not touched at all.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::model::{Book, Location, PageFile};
use deckplan_schema::save::write_atomically;
use deckplan_schema::write::{write_pack, write_page};
use deckplan_schema::{FileError, Pack, Page, PageId, Size, SourceFile, Space, SpaceKind, Span};

use crate::edit::{EditError, History, StrokeId, Transaction};

/// Where a document lives on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A pack folder holding `pack.toml`.
    Pack {
        /// The folder (absolute).
        folder: PathBuf,
    },
    /// One page file, opened as a one-page pack; saving writes only this file.
    Page {
        /// The page file (absolute).
        file: PathBuf,
    },
    /// Never saved: "Save" asks where.
    New,
}

impl Origin {
    /// The path to remember in "Open recent" and to reopen: the folder or the file.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Self::Pack { folder } => Some(folder),
            Self::Page { file } => Some(file),
            Self::New => None,
        }
    }

    /// The folder page paths are relative to.
    pub fn folder(&self) -> Option<&Path> {
        match self {
            Self::Pack { folder } => Some(folder),
            Self::Page { file } => file.parent(),
            Self::New => None,
        }
    }
}

/// Why a path could not be opened for editing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadFailure {
    /// What was being opened.
    pub title: String,
    /// Every problem, one message each (`path:line:col: …` first).
    pub problems: Vec<String>,
}

/// Why a save did not complete. Files written before the failure are
/// complete (each write is atomic); the document stays marked unsaved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The document has no folder yet.
    #[error("choose where to save first (File › Save As…)")]
    NoLocation,
    /// Writing a file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// What a new pack starts with (the "New pack" dialog fills it in).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPageSpec {
    /// The pack's name (ignored when adding a page to an open pack).
    pub pack_name: String,
    /// Book and page number.
    pub id: PageId,
    /// Columns × rows.
    pub size: Size,
    /// Location designation (`SR`).
    pub designation: String,
    /// Location name (`Solar Ring`).
    pub location_name: String,
    /// Optional page title.
    pub title: Option<String>,
    /// What every space starts as: out of bounds (printed pages are mostly
    /// out of bounds, with rooms carved in) or board.
    pub fill: SpaceKind,
}

/// The open pack, where it lives and how it got here.
#[derive(Debug)]
pub struct Document {
    /// The pack being edited. Only [`Document::apply`] and friends change it.
    pub pack: Pack,
    /// Where it lives.
    pub origin: Origin,
    /// Undo and redo.
    pub history: History,
    /// Problems the load reported (files that did not resolve are not in the pack).
    pub load_problems: Vec<FileError>,
    /// Bumped on every change, so work done on an older state (problem
    /// checks, autosaves) can tell it is stale.
    generation: u64,
}

impl Document {
    /// Opens a pack folder, its `pack.toml`, or a lone page file.
    pub fn open(path: &Path) -> Result<Self, LoadFailure> {
        let failure = |problems: Vec<String>| LoadFailure {
            title: path.display().to_string(),
            problems,
        };
        let is_pack = path.is_dir() || path.file_name().is_some_and(|n| n == PACK_FILE);
        let real = path
            .canonicalize()
            .map_err(|e| failure(vec![format!("{}: {e}", path.display())]))?;
        if is_pack {
            let folder = if real.is_dir() {
                real
            } else {
                real.parent()
                    .map_or_else(|| PathBuf::from("/"), Path::to_path_buf)
            };
            let loaded = load::load_pack(&folder).map_err(|e| failure(vec![e.to_string()]))?;
            let Some(mut pack) = loaded.value else {
                return Err(failure(loaded.errors.iter().map(problem_text).collect()));
            };
            relativise_sources(&mut pack, &folder);
            Ok(Self::with(pack, Origin::Pack { folder }, loaded.errors))
        } else {
            let loaded = load::load_page(&real).map_err(|e| failure(vec![e.to_string()]))?;
            let Some(page) = loaded.value else {
                return Err(failure(loaded.errors.iter().map(problem_text).collect()));
            };
            let name = real.file_name().map_or_else(
                || "page.toml".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let pack = lone_page_pack(page, &name);
            Ok(Self::with(pack, Origin::Page { file: real }, Vec::new()))
        }
    }

    /// A new, unsaved pack with one empty page.
    pub fn new_pack(spec: &NewPageSpec) -> Self {
        let page = new_page(spec, &page_file_name(spec.id));
        let mut pack = Pack::new(&spec.pack_name, spec.id);
        declare(&mut pack, &page, &spec.location_name);
        pack.page_files.push(PageFile {
            path: page.source.path().to_string_lossy().into_owned(),
            span: Span::default(),
        });
        pack.pages.insert(page.id, page);
        let mut doc = Self::with(pack, Origin::New, Vec::new());
        doc.history = History::unsaved();
        doc
    }

    /// A document for a pack already in memory (recovery uses this).
    pub fn from_parts(pack: Pack, origin: Origin, history: History) -> Self {
        Self {
            pack,
            origin,
            history,
            load_problems: Vec::new(),
            generation: 0,
        }
    }

    fn with(pack: Pack, origin: Origin, load_problems: Vec<FileError>) -> Self {
        Self {
            pack,
            origin,
            history: History::new(),
            load_problems,
            generation: 0,
        }
    }

    /// What the window title and "Open recent" call it: the pack's name, or
    /// the page file's name.
    pub fn title(&self) -> String {
        match &self.origin {
            Origin::Page { file } => file.file_name().map_or_else(
                || self.pack.name.clone(),
                |n| n.to_string_lossy().into_owned(),
            ),
            Origin::Pack { .. } | Origin::New => self.pack.name.clone(),
        }
    }

    /// Whether this is a lone page file (which cannot gain pages).
    pub fn is_lone_page(&self) -> bool {
        matches!(self.origin, Origin::Page { .. })
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.history.is_dirty()
    }

    /// Changes so far; any change bumps it.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Applies one user action as an undo step.
    pub fn apply(&mut self, transaction: Transaction) -> Result<(), EditError> {
        if transaction.edits.is_empty() {
            return Ok(());
        }
        self.history.apply(&mut self.pack, transaction)?;
        self.generation += 1;
        Ok(())
    }

    /// Applies part of a gesture (see [`History::apply_stroke`]).
    pub fn apply_stroke(
        &mut self,
        stroke: StrokeId,
        transaction: Transaction,
    ) -> Result<(), EditError> {
        if transaction.edits.is_empty() {
            return Ok(());
        }
        self.history
            .apply_stroke(&mut self.pack, stroke, transaction)?;
        self.generation += 1;
        Ok(())
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        let label = self.history.undo(&mut self.pack)?;
        if label.is_some() {
            self.generation += 1;
        }
        Ok(label)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        let label = self.history.redo(&mut self.pack)?;
        if label.is_some() {
            self.generation += 1;
        }
        Ok(label)
    }

    /// The absolute path of a page's file, when the document has a folder.
    pub fn page_file(&self, id: PageId) -> Option<PathBuf> {
        let page = self.pack.pages.get(&id)?;
        Some(self.origin.folder()?.join(page.source.path()))
    }

    /// The folder a page's relative paths (its background image) start from.
    pub fn page_folder(&self, id: PageId) -> Option<PathBuf> {
        self.page_file(id)?.parent().map(Path::to_path_buf)
    }

    /// The relative file path for a page added now: `book1/page3.toml`, or a
    /// variant when that name is taken by a file listed or on disk.
    pub fn free_page_path(&self, id: PageId) -> String {
        let taken = |path: &str| {
            self.pack.page_files.iter().any(|f| f.path == path)
                || self
                    .pack
                    .pages
                    .values()
                    .any(|p| p.source.path() == Path::new(path))
                || self
                    .origin
                    .folder()
                    .is_some_and(|folder| folder.join(path).exists())
        };
        let base = page_file_name(id);
        if !taken(&base) {
            return base;
        }
        let stem = base.trim_end_matches(".toml");
        (2..)
            .map(|n| format!("{stem}-{n}.toml"))
            .find(|p| !taken(p))
            .unwrap_or(base)
    }

    /// Writes every file whose text changed, with a backup of the previous
    /// version, and marks the document saved.
    pub fn save(&mut self) -> Result<SaveSummary, SaveError> {
        let summary = match &self.origin {
            Origin::New => return Err(SaveError::NoLocation),
            Origin::Pack { folder } => write_pack_files(&self.pack, folder)?,
            Origin::Page { file } => {
                let mut summary = SaveSummary::default();
                for page in self.pack.pages.values() {
                    summary.record(file, write_with_backup(file, &write_page(page))?);
                }
                summary
            }
        };
        self.history.mark_saved();
        Ok(summary)
    }

    /// Saves to a new place and makes it the document's home: a folder for a
    /// pack (new or not), a file for a lone page. Background scans the pages
    /// use are copied along when they are not there yet.
    pub fn save_as(&mut self, target: &Path) -> Result<SaveSummary, SaveError> {
        let io = |source| SaveError::Io {
            path: target.to_path_buf(),
            source,
        };
        let old_folder = self.origin.folder().map(Path::to_path_buf);
        let origin = match &self.origin {
            Origin::Page { .. } => {
                if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
                    std::fs::create_dir_all(parent).map_err(io)?;
                }
                let parent = target.parent().unwrap_or(Path::new("."));
                let parent = parent.canonicalize().map_err(io)?;
                let name = target
                    .file_name()
                    .ok_or_else(|| io(std::io::Error::other("not a file name")))?;
                Origin::Page {
                    file: parent.join(name),
                }
            }
            Origin::Pack { .. } | Origin::New => {
                let folder = if target.file_name().is_some_and(|n| n == PACK_FILE) {
                    target.parent().unwrap_or(Path::new(".")).to_path_buf()
                } else {
                    target.to_path_buf()
                };
                std::fs::create_dir_all(&folder).map_err(io)?;
                Origin::Pack {
                    folder: folder.canonicalize().map_err(io)?,
                }
            }
        };
        let previous = std::mem::replace(&mut self.origin, origin);
        match self.save() {
            Ok(mut summary) => {
                if let (Some(from), Some(to)) = (old_folder, self.origin.folder()) {
                    summary.scans_copied = copy_backgrounds(&self.pack, &from, to);
                }
                Ok(summary)
            }
            Err(error) => {
                self.origin = previous;
                Err(error)
            }
        }
    }
}

/// What a save did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveSummary {
    /// Files written (their text changed).
    pub written: Vec<PathBuf>,
    /// Files left alone (their text was already the same).
    pub unchanged: usize,
    /// Background scans copied to a new folder by "Save As".
    pub scans_copied: usize,
}

impl SaveSummary {
    fn record(&mut self, path: &Path, written: bool) {
        if written {
            self.written.push(path.to_path_buf());
        } else {
            self.unchanged += 1;
        }
    }
}

/// Writes every page, then `pack.toml` (so it never lists a page not yet written).
fn write_pack_files(pack: &Pack, folder: &Path) -> Result<SaveSummary, SaveError> {
    let mut summary = SaveSummary::default();
    for page in pack.pages.values() {
        let path = folder.join(page.source.path());
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|source| SaveError::Io {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        summary.record(&path, write_with_backup(&path, &write_page(page))?);
    }
    let path = folder.join(PACK_FILE);
    summary.record(&path, write_with_backup(&path, &write_pack(pack))?);
    Ok(summary)
}

/// Replaces `path` with `text` unless it already holds it. The previous
/// version is first kept as `path.bak` (itself written by rename, so a crash
/// leaves the old backup or the new one). Returns whether anything was written.
pub fn write_with_backup(path: &Path, text: &str) -> Result<bool, SaveError> {
    let io = |source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::read(path) {
        Ok(old) if old == text.as_bytes() => return Ok(false),
        Ok(old) => backup(path, &old).map_err(io)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    write_atomically(path, text).map_err(io)?;
    Ok(true)
}

/// The backup of a file: its name with `.bak` appended.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Keeps `old`, the file's previous bytes, as its backup: written like every
/// save, through an exclusively created temporary file, so a link planted at
/// a temporary or backup name is replaced, never followed.
fn backup(path: &Path, old: &[u8]) -> std::io::Result<()> {
    deckplan_schema::save::write_bytes_atomically(&backup_path(path), old)
}

/// Copies each page's background scan from `from` to `to` when it is there
/// and not yet here; returns how many were copied. A scan that cannot be
/// copied is left for the user to move (the page still names it).
fn copy_backgrounds(pack: &Pack, from: &Path, to: &Path) -> usize {
    if from == to {
        return 0;
    }
    let mut copied = 0;
    for page in pack.pages.values() {
        let Some(background) = &page.background else {
            continue;
        };
        let relative = page
            .source
            .path()
            .parent()
            .unwrap_or(Path::new(""))
            .join(&background.image);
        let (source, target) = (from.join(&relative), to.join(&relative));
        if source.is_file() && !target.exists() {
            let made = target
                .parent()
                .is_none_or(|parent| std::fs::create_dir_all(parent).is_ok());
            if made && std::fs::copy(&source, &target).is_ok() {
                copied += 1;
            }
        }
    }
    copied
}

/// Makes every page's source path relative to the pack folder (the path
/// `pack.toml` lists for it).
fn relativise_sources(pack: &mut Pack, folder: &Path) {
    let listed: BTreeMap<PathBuf, String> = pack
        .page_files
        .iter()
        .map(|f| (clean(&folder.join(&f.path)), f.path.clone()))
        .collect();
    for page in pack.pages.values_mut() {
        let relative = listed.get(page.source.path()).cloned().or_else(|| {
            page.source
                .path()
                .strip_prefix(folder)
                .ok()
                .map(|p| p.to_string_lossy().replace('\\', "/"))
        });
        if let Some(relative) = relative {
            page.source = SourceFile::new(relative, page.source.text().to_string());
        }
    }
}

/// Removes `.` components, as the loader does for the paths it shows.
fn clean(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

/// The path of `target` relative to the folder `from`, with `/` separators
/// and `..` where it climbs (`../scans/L1p1.png`). Both should be absolute.
pub fn relative_path(from: &Path, target: &Path) -> String {
    let from: Vec<Component<'_>> = from.components().collect();
    let to: Vec<Component<'_>> = target.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let ups = from.len().saturating_sub(common);
    let mut parts: Vec<String> = std::iter::repeat_n("..".to_string(), ups).collect();
    parts.extend(
        to.iter()
            .skip(common)
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

/// The default file of a page: `book1/page3.toml`.
pub fn page_file_name(id: PageId) -> String {
    format!("book{}/page{}.toml", id.book, id.page)
}

/// An empty page from a spec, its file at `path` (relative to the pack folder).
pub fn new_page(spec: &NewPageSpec, path: &str) -> Page {
    let mut page = Page::new(spec.id, spec.designation.clone(), spec.size);
    page.title = spec.title.clone().filter(|t| !t.trim().is_empty());
    if spec.fill != SpaceKind::Board {
        for row in 0..spec.size.rows {
            for col in 0..spec.size.columns {
                page.set_kind(Space { row, col }, spec.fill);
            }
        }
    }
    page.source = SourceFile::new(path, String::new());
    page
}

/// Declares the page's book and Location in the pack, when they are not yet.
fn declare(pack: &mut Pack, page: &Page, location_name: &str) {
    pack.books.entry(page.id.book).or_insert_with(|| Book {
        number: page.id.book,
        title: None,
        span: Span::default(),
    });
    pack.locations
        .entry(page.location.clone())
        .or_insert_with(|| Location {
            designation: page.location.clone(),
            name: location_name.to_string(),
            span: Span::default(),
        });
}

/// A one-page pack around a lone page file, its book and Location declared so
/// the checks find nothing missing.
fn lone_page_pack(mut page: Page, file_name: &str) -> Pack {
    page.source = SourceFile::new(file_name, page.source.text().to_string());
    let mut pack = Pack::new(file_name, page.id);
    let designation = page.location.clone();
    declare(&mut pack, &page, &designation);
    pack.page_files.push(PageFile {
        path: file_name.to_string(),
        span: Span::default(),
    });
    pack.pages.insert(page.id, page);
    pack
}

/// A load problem as the user should read it: the compiler-style first line,
/// then the fix if known.
pub fn problem_text(error: &FileError) -> String {
    match &error.error.help {
        Some(help) => format!("{error}\n    help: {help}"),
        None => error.to_string(),
    }
}

/// The side panel's line for a page: `L1p1 · SR · Bridge` (the title only when it has one).
pub fn page_label(page: &Page) -> String {
    match &page.title {
        Some(title) => format!("{} · {} · {title}", page.id, page.location),
        None => format!("{} · {}", page.id, page.location),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::edit::Edit;
    use deckplan_schema::{Direction, EdgeKind, Space};

    fn testdata(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name)
    }

    use crate::testutil::{copy_dir, scratch};

    #[test]
    fn opens_a_pack_folder_with_relative_page_paths() {
        let doc = Document::open(&testdata("demo-pack")).unwrap();
        assert_eq!(doc.title(), "Editor demo");
        assert!(doc.load_problems.is_empty());
        let paths: Vec<String> = doc
            .pack
            .pages
            .values()
            .map(|p| p.source.path().display().to_string())
            .collect();
        assert_eq!(paths, ["book1/page1.toml", "book1/page2.toml"]);
        assert!(!doc.is_dirty());
    }

    #[test]
    fn opens_a_lone_page_as_a_one_page_pack() {
        let doc = Document::open(&testdata("demo-pack/book1/page2.toml")).unwrap();
        assert_eq!(doc.pack.pages.len(), 1);
        assert_eq!(doc.title(), "page2.toml");
        assert!(doc.is_lone_page());
        let id = *doc.pack.pages.keys().next().unwrap();
        assert_eq!(doc.pack.start, id);
    }

    #[test]
    fn broken_and_missing_files_are_load_failures() {
        let missing = Document::open(&testdata("no-such-page.toml")).unwrap_err();
        assert!(missing.problems[0].contains("no-such-page.toml"));
        let broken = Document::open(&testdata("broken-page.toml")).unwrap_err();
        assert!(broken.problems.iter().any(|p| p.contains("error[")));
    }

    #[cfg(unix)]
    #[test]
    fn a_backup_never_writes_through_a_planted_link() {
        let dir = scratch("backup-link");
        std::fs::create_dir_all(&dir).unwrap();
        let page = dir.join("page1.toml");
        let outside = dir.join("outside.txt");
        std::fs::write(&page, "old").unwrap();
        std::fs::write(&outside, "keep").unwrap();
        // The names the backup used to be written through.
        std::os::unix::fs::symlink(&outside, dir.join("page1.toml.bak.tmp")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("page1.toml.bak")).unwrap();
        assert!(write_with_backup(&page, "new").unwrap());
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&page).unwrap(), "new");
        let backup = dir.join("page1.toml.bak");
        assert!(std::fs::symlink_metadata(&backup).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(backup).unwrap(), "old");
    }

    #[test]
    fn saving_writes_changed_files_only_and_keeps_a_backup() {
        let dir = scratch("save-backup");
        copy_dir(&testdata("demo-pack"), &dir);
        let before = std::fs::read_to_string(dir.join("book1/page1.toml")).unwrap();
        let mut doc = Document::open(&dir).unwrap();
        let id = PageId { book: 1, page: 1 };
        let mut step = Transaction::new("Paint wall");
        step.edits.push(Edit::Edge {
            page: id,
            edge: Space::new(0, 0).side(Direction::North),
            kind: Some(EdgeKind::Wall),
        });
        doc.apply(step).unwrap();
        assert!(doc.is_dirty());
        let summary = doc.save().unwrap();
        assert!(!doc.is_dirty());
        assert!(
            summary
                .written
                .contains(&dir.canonicalize().unwrap().join("book1/page1.toml"))
        );
        let backup = std::fs::read_to_string(dir.join("book1/page1.toml.bak")).unwrap();
        assert_eq!(backup, before);
        let reloaded = Document::open(&dir).unwrap();
        let page = &reloaded.pack.pages[&id];
        assert_eq!(
            page.edge(Space::new(0, 0).side(Direction::North))
                .map(|f| f.kind),
            Some(EdgeKind::Wall)
        );
    }

    #[test]
    fn a_lone_page_saves_only_its_own_file() {
        let dir = scratch("lone-page");
        let file = dir.join("page.toml");
        std::fs::copy(testdata("demo-pack/book1/page2.toml"), &file).unwrap();
        let mut doc = Document::open(&file).unwrap();
        let id = *doc.pack.pages.keys().next().unwrap();
        let mut step = Transaction::new("Title");
        step.edits.push(Edit::Title {
            page: id,
            title: Some("Renamed".into()),
        });
        doc.apply(step).unwrap();
        let summary = doc.save().unwrap();
        assert_eq!(summary.written, [file.canonicalize().unwrap()]);
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let mut names = names;
        names.sort();
        assert_eq!(names, ["page.toml", "page.toml.bak"]);
        let reread = Document::open(&file).unwrap();
        assert_eq!(reread.pack.pages[&id].title.as_deref(), Some("Renamed"));
    }

    #[test]
    fn a_new_pack_saves_as_a_folder_that_loads_back() {
        let dir = scratch("new-pack");
        let spec = NewPageSpec {
            pack_name: "Fresh".into(),
            id: PageId { book: 1, page: 1 },
            size: Size {
                columns: 5,
                rows: 4,
            },
            designation: "NP".into(),
            location_name: "New Place".into(),
            title: Some("First".into()),
            fill: SpaceKind::Board,
        };
        let mut doc = Document::new_pack(&spec);
        assert!(doc.is_dirty());
        assert!(matches!(doc.save(), Err(SaveError::NoLocation)));
        doc.save_as(&dir.join("fresh")).unwrap();
        assert!(!doc.is_dirty());
        let loaded = load::load_pack(&dir.join("fresh")).unwrap();
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let pack = loaded.value.unwrap();
        assert_eq!(pack.name, "Fresh");
        assert_eq!(pack.locations["NP"].name, "New Place");
    }

    #[test]
    fn relative_paths_climb_out_of_the_page_folder() {
        assert_eq!(
            relative_path(Path::new("/p/book1"), Path::new("/p/scans/a.png")),
            "../scans/a.png"
        );
        assert_eq!(
            relative_path(Path::new("/p/book1"), Path::new("/p/book1/a.png")),
            "a.png"
        );
    }

    #[test]
    fn free_page_paths_avoid_taken_names() {
        let doc = Document::open(&testdata("demo-pack")).unwrap();
        assert_eq!(
            doc.free_page_path(PageId { book: 1, page: 3 }),
            "book1/page3.toml"
        );
        assert_eq!(
            doc.free_page_path(PageId { book: 1, page: 1 }),
            "book1/page1-2.toml"
        );
    }
}
