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

use deckplan_schema::enormity::model::{Book, Location, PageFile};
use deckplan_schema::enormity::write::{write_pack, write_page};
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::save::create_dir_within;
use deckplan_schema::sources::Sources;
use deckplan_schema::{
    FileError, SourceFile, Span,
    enormity::{Pack, Page, PageId, Size, Space, SpaceKind},
};
use deckplan_schema::{confine, enormity::resolve};

use crate::enormity::edit::{EditError, History, StrokeId, Transaction};
pub use crate::files::{LoadFailure, Origin, backup_path, write_with_backup};

/// Why a save did not complete. Files written before the failure are
/// complete (each write is atomic); the document stays marked unsaved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The document has no folder yet.
    #[error("choose where to save first (File › Save As…)")]
    NoLocation,
    /// A scan chosen from outside the pack cannot be read to copy it in
    /// (moved or deleted since it was chosen); nothing was written.
    #[error(
        "cannot copy the scan {path} into the pack: {reason}; choose it again (Replace…) or remove it"
    )]
    ScanUnreadable {
        /// The chosen file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// Writing a file failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl From<crate::files::WriteError> for SaveError {
    fn from(error: crate::files::WriteError) -> Self {
        Self::Io {
            path: error.path,
            source: error.source,
        }
    }
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
    /// Scans chosen from outside the pack folder and not copied in yet: the
    /// pack-relative path the pages name (`scans/L1p1.png`) → the file chosen.
    /// The editor shows them from where they are; saving copies them.
    pending_scans: BTreeMap<String, PathBuf>,
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
            let loaded = deckplan_schema::enormity::load::load_pack(&Sources::pack(&folder))
                .map_err(|e| failure(vec![e.to_string()]))?;
            let Some(mut pack) = loaded.value else {
                return Err(failure(loaded.errors.iter().map(problem_text).collect()));
            };
            relativise_sources(&mut pack, &folder);
            Ok(Self::with(pack, Origin::Pack { folder }, loaded.errors))
        } else {
            let loaded = deckplan_schema::enormity::load::load_page(&Sources::file(&real))
                .map_err(|e| failure(vec![e.to_string()]))?;
            let Some(page) = loaded.value else {
                return Err(failure(loaded.errors.iter().map(problem_text).collect()));
            };
            let name = real.file_name().map_or_else(
                || "page.toml".to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let pack = lone_page_pack(page, &name);
            Ok(Self::with(pack, Origin::File { file: real }, Vec::new()))
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
            pending_scans: BTreeMap::new(),
        }
    }

    fn with(pack: Pack, origin: Origin, load_problems: Vec<FileError>) -> Self {
        Self {
            pack,
            origin,
            history: History::new(),
            load_problems,
            pending_scans: BTreeMap::new(),
        }
    }

    /// What the window title and "Open recent" call it: the pack's name, or
    /// the page file's name.
    pub fn title(&self) -> String {
        match &self.origin {
            Origin::File { file } => file.file_name().map_or_else(
                || self.pack.name.clone(),
                |n| n.to_string_lossy().into_owned(),
            ),
            Origin::Pack { .. } | Origin::New => self.pack.name.clone(),
        }
    }

    /// Whether this is a lone page file (which cannot gain pages).
    pub fn is_lone_page(&self) -> bool {
        matches!(self.origin, Origin::File { .. })
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
        self.history.apply(&mut self.pack, transaction)
    }

    /// Applies part of a gesture (see [`History::apply_stroke`]).
    pub fn apply_stroke(
        &mut self,
        stroke: StrokeId,
        transaction: Transaction,
    ) -> Result<(), EditError> {
        self.history
            .apply_stroke(&mut self.pack, stroke, transaction)
    }

    /// Undoes the last step; returns its label.
    pub fn undo(&mut self) -> Result<Option<String>, EditError> {
        self.history.undo(&mut self.pack)
    }

    /// Redoes the last undone step; returns its label.
    pub fn redo(&mut self) -> Result<Option<String>, EditError> {
        self.history.redo(&mut self.pack)
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
        let Some(folder) = self.origin.folder().map(Path::to_path_buf) else {
            return Err(SaveError::NoLocation);
        };
        // The scans first, so a page file never names one that is not there.
        let (scans_in_pack, scans_copied) = self.copy_pending_scans(&folder)?;
        // A lone page writes only its own file; a pack (the only other
        // origin with a folder) writes its pages and `pack.toml`.
        let mut summary = if let Origin::File { file } = &self.origin {
            let mut summary = SaveSummary::default();
            for page in self.pack.pages.values() {
                summary.record(file, write_with_backup(file, &write_page(page))?);
            }
            summary
        } else {
            write_pack_files(&self.pack, &folder)?
        };
        summary.scans_copied = scans_copied;
        for key in &scans_in_pack {
            self.pending_scans.remove(key);
        }
        self.history.mark_saved();
        Ok(summary)
    }

    /// The file to show under a page: the scan chosen, while it waits to be
    /// copied into the pack, otherwise the file the page names. A page opened
    /// on its own has no pack to stay inside (the loader reads it alone), so
    /// its scan may lie anywhere its path leads, `../scans/L1p1.png` included.
    pub fn scan_file(&self, id: PageId) -> Option<PathBuf> {
        let page = self.pack.pages.get(&id)?;
        let image = &page.background.as_ref()?.image;
        let folder = self.origin.folder()?;
        match pack_relative(page.source.path(), image) {
            Some(key) => match self.pending_scans.get(&key) {
                Some(chosen) => Some(chosen.clone()),
                None => Some(folder.join(key)),
            },
            None if self.is_lone_page() => Some(folder.join(image)),
            None => None,
        }
    }

    /// Scans chosen from outside the pack that the next save copies into it:
    /// pack-relative path → chosen file.
    pub fn pending_scans(&self) -> &BTreeMap<String, PathBuf> {
        &self.pending_scans
    }

    /// Restores scans an autosave was still waiting to copy.
    pub fn set_pending_scans(&mut self, pending: BTreeMap<String, PathBuf>) {
        self.pending_scans = pending;
    }

    /// The `image` path for laying the scan `chosen` under page `id`, relative
    /// to the page file. A scan inside the pack folder is named where it is,
    /// when the format accepts that name; one outside (or named in a way the
    /// loader would refuse, such as `art/p1.dat`) is given a free name in
    /// `scans/` and remembered, to be copied there on the next save — nothing
    /// is written now, so closing without saving leaves no file behind.
    pub fn adopt_scan(&mut self, id: PageId, chosen: &Path) -> std::io::Result<String> {
        let page = self
            .pack
            .pages
            .get(&id)
            .ok_or_else(|| std::io::Error::other(format!("there is no page {id}")))?;
        let page_folder = page.source.path().parent().unwrap_or(Path::new(""));
        let real = chosen.canonicalize()?;
        // Refused rather than named lossily: a scan waiting to be copied is
        // recorded as text in the autosave, and a lossy name would recover
        // as a different (or missing) file.
        if real.to_str().is_none() {
            return Err(std::io::Error::other(format!(
                "the path of the scan {} is not valid Unicode; rename the file (or its folder) and choose it again",
                real.display()
            )));
        }
        if let Some(root) = self.origin.folder()
            && let Ok(inside) = real.strip_prefix(root)
        {
            let image = relative_path(page_folder, inside);
            if resolve::image_path_problem(&image).is_none() {
                return Ok(image);
            }
        }
        let key = match self.pending_scans.iter().find(|(_, c)| **c == real) {
            Some((key, _)) => key.clone(),
            None => {
                let key = self.free_scan_path(&real);
                self.pending_scans.insert(key.clone(), real);
                key
            }
        };
        Ok(relative_path(page_folder, Path::new(&key)))
    }

    /// A pack-relative path in `scans/` for a copy of `chosen`: its own file
    /// name (made portable) when free, else `name-2.png`, `name-3.png`…
    /// Free means no file there, no page naming it and no other scan waiting
    /// for it.
    fn free_scan_path(&self, chosen: &Path) -> String {
        let (stem, extension) = scan_name(chosen);
        let named: Vec<String> = self
            .pack
            .pages
            .values()
            .filter_map(|p| pack_relative(p.source.path(), &p.background.as_ref()?.image))
            .collect();
        let taken = |key: &str| {
            self.pending_scans.contains_key(key)
                || named.iter().any(|n| n == key)
                || self
                    .origin
                    .folder()
                    .is_some_and(|folder| folder.join(key).symlink_metadata().is_ok())
        };
        let first = format!("scans/{stem}.{extension}");
        if !taken(&first) {
            return first;
        }
        (2..)
            .map(|n| format!("scans/{stem}-{n}.{extension}"))
            .find(|key| !taken(key))
            .unwrap_or(first)
    }

    /// Copies into `folder` every waiting scan a page names (one no page
    /// names any more, after an undo, keeps waiting: a redo may bring it
    /// back). A file already at the name is kept: when it holds other bytes
    /// the scan is copied under a free name instead, and the pages and the
    /// undo history follow the new name. Returns the pack-relative paths now
    /// in the pack (they stop waiting once the pages naming them are saved)
    /// and how many files were written.
    fn copy_pending_scans(&mut self, folder: &Path) -> Result<(Vec<String>, usize), SaveError> {
        let named: Vec<String> = self
            .pack
            .pages
            .values()
            .filter_map(|p| pack_relative(p.source.path(), &p.background.as_ref()?.image))
            .collect();
        let waiting: Vec<(String, PathBuf)> = self
            .pending_scans
            .iter()
            .filter(|(key, _)| named.contains(key))
            .map(|(k, c)| (k.clone(), c.clone()))
            .collect();
        let mut copied = Vec::new();
        let mut written = 0;
        for (key, chosen) in waiting {
            let bytes = deckplan_schema::confine::read_bytes(
                &chosen,
                &chosen,
                crate::enormity::background::MAX_FILE_BYTES,
            )
            .map_err(|e| SaveError::ScanUnreadable {
                path: chosen.clone(),
                reason: match e {
                    deckplan_schema::confine::ReadError::Io { reason, .. } => reason.to_string(),
                    other => other.to_string(),
                },
            })?;
            let target = scan_target(folder, &key)?;
            // Whatever is at the name already: the same bytes (reused), or
            // anything else, links included (kept, never followed).
            let same = std::fs::symlink_metadata(&target)
                .ok()
                .map(|metadata| holds(&target, &metadata, &bytes));
            match same {
                Some(true) => copied.push(key),
                Some(false) => {
                    self.pending_scans.remove(&key);
                    let free = self.free_scan_path(&chosen);
                    self.rename_scan(&key, &free);
                    self.pending_scans.insert(free.clone(), chosen);
                    write_scan(&scan_target(folder, &free)?, &bytes)?;
                    copied.push(free);
                    written += 1;
                }
                None => {
                    write_scan(&target, &bytes)?;
                    copied.push(key);
                    written += 1;
                }
            }
        }
        Ok((copied, written))
    }

    /// Makes every page, and every undo and redo step, that names the scan
    /// at pack-relative `from` name `to` instead.
    fn rename_scan(&mut self, from: &str, to: &str) {
        let sources: BTreeMap<PageId, PathBuf> = self
            .pack
            .pages
            .iter()
            .map(|(id, p)| (*id, p.source.path().to_path_buf()))
            .collect();
        let retarget = |id: PageId, background: &mut deckplan_schema::enormity::Background| {
            let Some(source) = sources.get(&id) else {
                return;
            };
            if pack_relative(source, &background.image).as_deref() == Some(from) {
                let page_folder = source.parent().unwrap_or(Path::new(""));
                background.image = relative_path(page_folder, Path::new(to));
            }
        };
        for (id, page) in &mut self.pack.pages {
            if let Some(background) = &mut page.background {
                retarget(*id, background);
            }
        }
        crate::enormity::edit::for_each_background(&mut self.history, retarget);
    }

    /// Saves to a new place and makes it the document's home: a folder for a
    /// pack (new or not), a file for a lone page. Background scans the pages
    /// use are copied along when they are not there yet.
    pub fn save_as(&mut self, target: &Path) -> Result<SaveSummary, SaveError> {
        let old_folder = self.origin.folder().map(Path::to_path_buf);
        let origin = self
            .origin
            .moved_to(target)
            .map_err(|source| SaveError::Io {
                path: target.to_path_buf(),
                source,
            })?;
        let previous = std::mem::replace(&mut self.origin, origin);
        match self.save() {
            Ok(mut summary) => {
                if let (Some(from), Some(to)) = (old_folder, self.origin.folder()) {
                    summary.scans_copied += copy_backgrounds(&self.pack, &from, to);
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
    /// Background scans copied into the pack: chosen from outside it, or
    /// brought along to a new folder by "Save As".
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

/// Copies each page's background scan from `from` to `to` when it is there
/// and not yet here; returns how many were copied. A scan that cannot be
/// copied is left for the user to move (the page still names it).
///
/// Both ends stay inside their folders: a scan is read only when it and
/// every link on its way lie inside `from` (and at most the size of any
/// scan), one whose path leads out of the folder is not brought along, and
/// anything already at the name in `to` — a dangling link included — is
/// kept, never written through.
fn copy_backgrounds(pack: &Pack, from: &Path, to: &Path) -> usize {
    if from == to {
        return 0;
    }
    let Ok(root) = confine::Root::new(from) else {
        return 0;
    };
    let mut copied = 0;
    for page in pack.pages.values() {
        let Some(background) = &page.background else {
            continue;
        };
        let Some(key) = pack_relative(page.source.path(), &background.image) else {
            continue;
        };
        let source = from.join(&key);
        let Ok(real) = root.resolve(&source, Path::new(&key)) else {
            continue;
        };
        let Ok(target) = scan_target(to, &key) else {
            continue;
        };
        if std::fs::symlink_metadata(&target).is_ok() {
            continue;
        }
        let Ok(bytes) =
            confine::read_bytes(&real, &source, crate::enormity::background::MAX_FILE_BYTES)
        else {
            continue;
        };
        if write_scan(&target, &bytes).is_ok() {
            copied += 1;
        }
    }
    copied
}

/// Whether the file at `path` (its `metadata` taken without following a
/// link) is a regular file holding exactly `bytes`. The lengths are compared
/// first and the read is bounded by them, so a huge file already at a scan's
/// name is never read into memory.
fn holds(path: &Path, metadata: &std::fs::Metadata, bytes: &[u8]) -> bool {
    let length = bytes.len() as u64;
    metadata.is_file()
        && metadata.len() == length
        && deckplan_schema::confine::read_bytes(path, path, length)
            .is_ok_and(|existing| existing == bytes)
}

/// The path of pack-relative `key` in `folder`, the folders on the way made
/// or found to be real folders (`scans/` a link could lead a read or a
/// write out of the pack), so that what is at the name can be looked at and
/// replaced without leaving the folder.
fn scan_target(folder: &Path, key: &str) -> Result<PathBuf, SaveError> {
    let parent = Path::new(key).parent().unwrap_or(Path::new(""));
    create_dir_within(folder, parent).map_err(|source| SaveError::Io {
        path: folder.join(parent),
        source,
    })?;
    Ok(folder.join(key))
}

/// Writes a scan's bytes at `path` (from [`scan_target`]) atomically, so a
/// link planted at the name is replaced, never followed.
fn write_scan(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    deckplan_schema::save::write_bytes_atomically(path, bytes).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The pack-relative path of a background `image` named by the page file at
/// `page_path` (itself pack-relative): `book1/page1.toml` and
/// `../scans/a.png` give `scans/a.png`. `None` when it leaves the pack: the
/// loader's own reading ([`resolve::image_in_pack`]), so the editor and the
/// loader never disagree about where a scan is.
pub fn pack_relative(page_path: &Path, image: &str) -> Option<String> {
    resolve::image_in_pack(&page_path.to_string_lossy(), image)
}

/// A portable file name for a copy of a scan: the stem with anything but
/// letters, digits, `-`, `_` and `.` made `-`, and a lower-case extension
/// (`png` for a file whose extension is not an image's: the editor reads it
/// by its content).
fn scan_name(chosen: &Path) -> (String, String) {
    let stem: String = chosen
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_start_matches('.').to_string();
    let stem = if stem.trim_matches(['-', '.']).is_empty() {
        "scan".to_string()
    } else {
        stem
    };
    let extension = chosen
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .filter(|e| matches!(e.as_str(), "png" | "jpg" | "jpeg"))
        .unwrap_or_else(|| "png".to_string());
    (stem, extension)
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
    use crate::enormity::edit::Edit;
    use deckplan_schema::enormity::{Direction, EdgeKind, Space};

    fn testdata(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name)
    }

    use crate::testutil::scratch;
    use deckplan_tests::files::copy_dir;

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
        let loaded =
            deckplan_schema::enormity::load::load_pack(&Sources::pack(&dir.join("fresh"))).unwrap();
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let pack = loaded.value.unwrap();
        assert_eq!(pack.name, "Fresh");
        assert_eq!(pack.locations["NP"].name, "New Place");
    }

    /// A small PNG of one colour at `path` (whatever its extension: the
    /// editor reads a scan by its content).
    fn png(path: &Path, shade: u8) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        image::RgbaImage::from_pixel(4, 3, image::Rgba([shade, shade, shade, 255]))
            .save_with_format(path, image::ImageFormat::Png)
            .unwrap();
    }

    fn trace(doc: &mut Document, id: PageId, chosen: &Path) -> String {
        let image = doc.adopt_scan(id, chosen).unwrap();
        let mut step = Transaction::new("Trace a scan");
        step.edits.push(Edit::Background {
            page: id,
            background: Some(deckplan_schema::enormity::Background::new(image.clone())),
        });
        doc.apply(step).unwrap();
        image
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    #[test]
    fn a_scan_from_outside_is_copied_in_only_when_saved() {
        let dir = scratch("scan-pending");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        let chosen = dir.join("elsewhere/My Scan.PNG");
        png(&chosen, 40);
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let id = PageId { book: 1, page: 1 };
        let image = trace(&mut doc, id, &chosen);
        assert_eq!(image, "../scans/My-Scan.png");
        // Shown from where it is; nothing written into the pack yet.
        assert_eq!(doc.scan_file(id), Some(chosen.canonicalize().unwrap()));
        assert!(!dir.join("pack/scans").exists());
        let summary = doc.save().unwrap();
        assert_eq!(summary.scans_copied, 1);
        let copy = dir.join("pack/scans/My-Scan.png");
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            std::fs::read(&chosen).unwrap()
        );
        assert_eq!(doc.scan_file(id), Some(copy.canonicalize().unwrap()));
        assert!(doc.pending_scans().is_empty());
        let text = std::fs::read_to_string(dir.join("pack/book1/page1.toml")).unwrap();
        assert!(text.contains("image = \"../scans/My-Scan.png\""), "{text}");
        // Saved again: nothing more to copy.
        assert_eq!(doc.save().unwrap().scans_copied, 0);
    }

    #[test]
    fn a_lone_page_shows_a_scan_beside_its_folder() {
        let dir = scratch("scan-lone-page");
        let file = dir.join("pages/L1p1.toml");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        let text = std::fs::read_to_string(testdata("demo-pack/book1/page2.toml")).unwrap();
        std::fs::write(
            &file,
            format!("{text}\n[background]\nimage = \"../scans/x.png\"\n"),
        )
        .unwrap();
        let mut doc = Document::open(&file).unwrap();
        let id = *doc.pack.pages.keys().next().unwrap();
        let folder = dir.join("pages").canonicalize().unwrap();
        assert_eq!(doc.scan_file(id), Some(folder.join("../scans/x.png")));
        // A scan chosen from elsewhere still waits to be copied beside the page.
        png(&dir.join("elsewhere/y.png"), 3);
        assert_eq!(
            trace(&mut doc, id, &dir.join("elsewhere/y.png")),
            "scans/y.png"
        );
        assert_eq!(
            doc.scan_file(id),
            Some(dir.join("elsewhere/y.png").canonicalize().unwrap())
        );
        assert_eq!(doc.save().unwrap().scans_copied, 1);
        assert_eq!(doc.scan_file(id), Some(folder.join("scans/y.png")));
        assert_eq!(listing(&folder.join("scans")), ["y.png"]);
    }

    #[test]
    fn a_scan_inside_the_pack_is_named_where_it_is() {
        let dir = scratch("scan-inside");
        copy_dir(&testdata("demo-pack"), &dir);
        png(&dir.join("art/p1.jpg"), 10);
        let mut doc = Document::open(&dir).unwrap();
        let id = PageId { book: 1, page: 1 };
        assert_eq!(
            trace(&mut doc, id, &dir.join("art/p1.jpg")),
            "../art/p1.jpg"
        );
        assert!(doc.pending_scans().is_empty());
        assert_eq!(doc.save().unwrap().scans_copied, 0);
        assert!(!dir.join("scans").exists());
    }

    #[test]
    fn a_scan_in_the_pack_with_a_name_the_format_refuses_is_copied_under_a_clean_one() {
        let dir = scratch("scan-inside-bad-name");
        copy_dir(&testdata("demo-pack"), &dir);
        png(&dir.join("art/p1.dat"), 11);
        let mut doc = Document::open(&dir).unwrap();
        let id = PageId { book: 1, page: 1 };
        assert_eq!(
            trace(&mut doc, id, &dir.join("art/p1.dat")),
            "../scans/p1.png"
        );
        assert_eq!(doc.save().unwrap().scans_copied, 1);
        assert_eq!(
            std::fs::read(dir.join("scans/p1.png")).unwrap(),
            std::fs::read(dir.join("art/p1.dat")).unwrap()
        );
        let loaded = deckplan_schema::enormity::load::load_pack(&Sources::pack(&dir)).unwrap();
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        #[cfg(unix)]
        {
            // A `\` is a file name character on Unix but not in a page file.
            png(&dir.join("art/a\\b.png"), 12);
            let p2 = PageId { book: 1, page: 2 };
            assert_eq!(
                trace(&mut doc, p2, &dir.join("art/a\\b.png")),
                "../scans/a-b.png"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_scan_whose_path_is_not_unicode_is_refused_when_chosen() {
        use std::os::unix::ffi::OsStrExt as _;
        let dir = scratch("scan-not-unicode");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        let chosen = dir.join(std::ffi::OsStr::from_bytes(b"scan\xff.png"));
        png(&chosen, 13);
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let error = doc
            .adopt_scan(PageId { book: 1, page: 1 }, &chosen)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "the path of the scan {}/scan\u{FFFD}.png is not valid Unicode; rename the file (or its folder) and choose it again",
                dir.canonicalize().unwrap().display()
            )
        );
        assert!(doc.pending_scans().is_empty());
    }

    #[test]
    fn a_file_holds_a_scan_only_with_the_same_bytes() {
        let dir = scratch("scan-holds");
        let path = dir.join("a.png");
        std::fs::write(&path, b"12345").unwrap();
        let metadata = std::fs::symlink_metadata(&path).unwrap();
        assert!(holds(&path, &metadata, b"12345"));
        assert!(!holds(&path, &metadata, b"1234"));
        assert!(!holds(&path, &metadata, b"123456"));
        assert!(!holds(&path, &metadata, b"12346"));
        let folder = std::fs::symlink_metadata(&dir).unwrap();
        assert!(!holds(&dir, &folder, b""));
    }

    #[test]
    fn a_copied_scan_never_overwrites_a_different_file() {
        let dir = scratch("scan-names");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        png(&dir.join("pack/scans/a.png"), 1);
        png(&dir.join("one/a.png"), 2);
        png(&dir.join("two/a.png"), 3);
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let (p1, p2) = (PageId { book: 1, page: 1 }, PageId { book: 1, page: 2 });
        // Free names are picked when the scan is chosen…
        assert_eq!(
            trace(&mut doc, p1, &dir.join("one/a.png")),
            "../scans/a-2.png"
        );
        assert_eq!(
            trace(&mut doc, p2, &dir.join("two/a.png")),
            "../scans/a-3.png"
        );
        // …and again on saving, should a file have taken the name meanwhile.
        png(&dir.join("pack/scans/a-2.png"), 4);
        let before = |name: &str| std::fs::read(dir.join("pack/scans").join(name)).unwrap();
        let (was_a, was_a2) = (before("a.png"), before("a-2.png"));
        let summary = doc.save().unwrap();
        assert_eq!(summary.scans_copied, 2);
        let read = |name: &str| std::fs::read(dir.join("pack/scans").join(name)).unwrap();
        // The files that were there are untouched.
        assert_eq!(read("a.png"), was_a);
        assert_eq!(read("a-2.png"), was_a2);
        assert_ne!(was_a2, std::fs::read(dir.join("one/a.png")).unwrap());
        assert_eq!(
            read("a-4.png"),
            std::fs::read(dir.join("one/a.png")).unwrap()
        );
        assert_eq!(
            read("a-3.png"),
            std::fs::read(dir.join("two/a.png")).unwrap()
        );
        let image = |doc: &Document, id: PageId| {
            doc.pack.pages[&id]
                .background
                .as_ref()
                .map(|b| b.image.clone())
        };
        assert_eq!(image(&doc, p1).as_deref(), Some("../scans/a-4.png"));
        // Undo and redo name the copy too.
        doc.undo().unwrap();
        doc.undo().unwrap();
        doc.redo().unwrap();
        assert_eq!(image(&doc, p1).as_deref(), Some("../scans/a-4.png"));
        assert_eq!(
            listing(&dir.join("pack/scans")),
            ["a-2.png", "a-3.png", "a-4.png", "a.png"]
        );
    }

    #[test]
    fn a_chosen_scan_that_went_away_fails_the_save_before_any_page_is_written() {
        let dir = scratch("scan-gone");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        png(&dir.join("gone.png"), 7);
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let id = PageId { book: 1, page: 1 };
        trace(&mut doc, id, &dir.join("gone.png"));
        let before = std::fs::read_to_string(dir.join("pack/book1/page1.toml")).unwrap();
        std::fs::remove_file(dir.join("gone.png")).unwrap();
        let error = doc.save().unwrap_err().to_string();
        let chosen = dir.canonicalize().unwrap().join("gone.png");
        assert_eq!(
            error,
            format!(
                "cannot copy the scan {} into the pack: No such file or directory (os error 2); choose it again (Replace…) or remove it",
                chosen.display()
            )
        );
        assert!(doc.is_dirty());
        let after = std::fs::read_to_string(dir.join("pack/book1/page1.toml")).unwrap();
        assert_eq!(after, before);
        assert!(!dir.join("pack/scans").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_scan_is_never_copied_through_a_link_planted_in_the_pack() {
        let dir = scratch("scan-link");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        png(&dir.join("d.png"), 8);
        std::fs::create_dir_all(dir.join("outside")).unwrap();
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let id = PageId { book: 1, page: 1 };
        trace(&mut doc, id, &dir.join("d.png"));
        // A link planted at the copy's name is kept and never written through…
        std::fs::create_dir_all(dir.join("pack/scans")).unwrap();
        std::os::unix::fs::symlink(dir.join("outside/d.png"), dir.join("pack/scans/d.png"))
            .unwrap();
        assert_eq!(doc.save().unwrap().scans_copied, 1);
        assert_eq!(listing(&dir.join("outside")), Vec::<String>::new());
        assert_eq!(
            doc.pack.pages[&id]
                .background
                .as_ref()
                .map(|b| b.image.as_str()),
            Some("../scans/d-2.png")
        );
        // …and a `scans` folder that is a link stops the save.
        png(&dir.join("e.png"), 9);
        let p2 = PageId { book: 1, page: 2 };
        std::fs::rename(dir.join("pack/scans"), dir.join("pack/old-scans")).unwrap();
        std::os::unix::fs::symlink(dir.join("outside"), dir.join("pack/scans")).unwrap();
        trace(&mut doc, p2, &dir.join("e.png"));
        let error = doc.save().unwrap_err().to_string();
        assert!(
            error.contains("is already there and is not a folder (links are not followed)"),
            "{error}"
        );
        assert_eq!(listing(&dir.join("outside")), Vec::<String>::new());
    }

    #[test]
    fn an_undone_scan_is_not_copied_until_redone() {
        let dir = scratch("scan-undo");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        png(&dir.join("b.png"), 5);
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        let id = PageId { book: 1, page: 1 };
        trace(&mut doc, id, &dir.join("b.png"));
        doc.undo().unwrap();
        doc.save().unwrap();
        assert!(!dir.join("pack/scans").exists());
        doc.redo().unwrap();
        assert_eq!(doc.save().unwrap().scans_copied, 1);
        assert_eq!(listing(&dir.join("pack/scans")), ["b.png"]);
    }

    #[test]
    fn a_new_pack_traces_before_it_has_a_folder_and_copies_on_save_as() {
        let dir = scratch("scan-new");
        png(&dir.join("c.jpeg"), 6);
        let spec = NewPageSpec {
            pack_name: "Fresh".into(),
            id: PageId { book: 2, page: 1 },
            size: Size {
                columns: 4,
                rows: 3,
            },
            designation: "NP".into(),
            location_name: "New Place".into(),
            title: None,
            fill: SpaceKind::Board,
        };
        let mut doc = Document::new_pack(&spec);
        assert_eq!(
            trace(&mut doc, spec.id, &dir.join("c.jpeg")),
            "../scans/c.jpeg"
        );
        let summary = doc.save_as(&dir.join("fresh")).unwrap();
        assert_eq!(summary.scans_copied, 1);
        assert_eq!(listing(&dir.join("fresh/scans")), ["c.jpeg"]);
        let loaded =
            deckplan_schema::enormity::load::load_pack(&Sources::pack(&dir.join("fresh"))).unwrap();
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    }

    #[cfg(unix)]
    #[test]
    fn save_as_copies_scans_only_within_both_folders() {
        let dir = scratch("scan-save-as");
        copy_dir(&testdata("demo-pack"), &dir.join("pack"));
        png(&dir.join("pack/scans/a.png"), 14);
        png(&dir.join("secret.png"), 15);
        std::fs::create_dir_all(dir.join("outside")).unwrap();
        // Page 2's scan is a link leading out of the pack.
        std::os::unix::fs::symlink(dir.join("secret.png"), dir.join("pack/scans/b.png")).unwrap();
        let mut doc = Document::open(&dir.join("pack")).unwrap();
        for (page, image) in [(1, "../scans/a.png"), (2, "../scans/b.png")] {
            let mut step = Transaction::new("Trace a scan");
            step.edits.push(Edit::Background {
                page: PageId { book: 1, page },
                background: Some(deckplan_schema::enormity::Background::new(image)),
            });
            doc.apply(step).unwrap();
        }
        // The scan inside the pack is copied; the one linked from outside is not.
        let summary = doc.save_as(&dir.join("fresh")).unwrap();
        assert_eq!(summary.scans_copied, 1);
        assert_eq!(listing(&dir.join("fresh/scans")), ["a.png"]);
        assert_eq!(
            std::fs::read(dir.join("fresh/scans/a.png")).unwrap(),
            std::fs::read(dir.join("pack/scans/a.png")).unwrap()
        );
        // A dangling link planted where the next copy would go is kept, not
        // written through.
        std::fs::create_dir_all(dir.join("copy/scans")).unwrap();
        std::os::unix::fs::symlink(dir.join("outside/a.png"), dir.join("copy/scans/a.png"))
            .unwrap();
        let summary = doc.save_as(&dir.join("copy")).unwrap();
        assert_eq!(summary.scans_copied, 0);
        assert_eq!(listing(&dir.join("outside")), Vec::<String>::new());
        assert_eq!(listing(&dir.join("copy/scans")), ["a.png"]);
        assert!(
            std::fs::symlink_metadata(dir.join("copy/scans/a.png"))
                .unwrap()
                .is_symlink()
        );
    }

    #[test]
    fn pack_relative_image_paths() {
        let at = |page: &str, image: &str| pack_relative(Path::new(page), image);
        assert_eq!(
            at("book1/page1.toml", "../scans/a.png").as_deref(),
            Some("scans/a.png")
        );
        assert_eq!(at("page.toml", "./s/a.png").as_deref(), Some("s/a.png"));
        assert_eq!(at("book1/page1.toml", "../../a.png"), None);
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
