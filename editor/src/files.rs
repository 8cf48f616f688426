//! Where a document lives and how its files are written, for every game:
//! a pack folder, a lone board file, or nowhere yet; saves that write a file
//! only when its text changed, keep the previous version as `NAME.bak`, and
//! replace a file atomically so a crash leaves the old file or the new one.

use std::path::{Path, PathBuf};

use deckplan_schema::save::write_atomically;

/// Where a document lives on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A pack folder holding `pack.toml`.
    Pack {
        /// The folder (absolute).
        folder: PathBuf,
    },
    /// One board file opened on its own (an Enormity page, a lone ship
    /// file); saving writes only this file.
    File {
        /// The file (absolute).
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
            Self::File { file } => Some(file),
            Self::New => None,
        }
    }

    /// The folder the document's relative paths start from.
    pub fn folder(&self) -> Option<&Path> {
        match self {
            Self::Pack { folder } => Some(folder),
            Self::File { file } => file.parent(),
            Self::New => None,
        }
    }

    /// Where "Save As" puts a document of this origin: a folder for a pack
    /// (new or not), a file for a lone board file. Creates the folders on the
    /// way and returns the new origin (absolute).
    pub fn moved_to(&self, target: &Path) -> std::io::Result<Self> {
        match self {
            Self::File { .. } => {
                if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
                    std::fs::create_dir_all(parent)?;
                }
                let parent = target.parent().unwrap_or(Path::new("."));
                let parent = parent.canonicalize()?;
                let name = target
                    .file_name()
                    .ok_or_else(|| std::io::Error::other("not a file name"))?;
                Ok(Self::File {
                    file: parent.join(name),
                })
            }
            Self::Pack { .. } | Self::New => {
                let folder = if target
                    .file_name()
                    .is_some_and(|n| n == deckplan_schema::load::PACK_FILE)
                {
                    target.parent().unwrap_or(Path::new(".")).to_path_buf()
                } else {
                    target.to_path_buf()
                };
                std::fs::create_dir_all(&folder)?;
                Ok(Self::Pack {
                    folder: folder.canonicalize()?,
                })
            }
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

impl LoadFailure {
    /// A failure to open `path` for these reasons.
    pub fn new(path: &Path, problems: Vec<String>) -> Self {
        Self {
            title: path.display().to_string(),
            problems,
        }
    }
}

/// A file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {path}: {source}")]
pub struct WriteError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

/// What a save did, as the status bar says it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    /// Files written (their text changed).
    pub written: usize,
    /// The end of the status message for what else was done, such as
    /// " and copied 1 scan into the pack" (empty: nothing else).
    pub also: String,
}

/// Replaces `path` with `text` unless it already holds it. The previous
/// version is first kept as `path.bak` (itself written by rename, so a crash
/// leaves the old backup or the new one). Returns whether anything was written.
pub fn write_with_backup(path: &Path, text: &str) -> Result<bool, WriteError> {
    let io = |source| WriteError {
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

/// Writes `text` at `relative` inside `folder`, making the folders on the
/// way; returns whether the file changed (see [`write_with_backup`]).
pub fn write_in(folder: &Path, relative: &Path, text: &str) -> Result<bool, WriteError> {
    let path = folder.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|source| WriteError {
            path: parent.to_path_buf(),
            source,
        })?;
    }
    write_with_backup(&path, text)
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

/// The status message of a save: what was written and what else was done.
pub fn saved_message(saved: &Saved) -> String {
    let written = match saved.written {
        0 => "Saved (no file needed changing)".to_string(),
        1 => "Saved 1 file".to_string(),
        n => format!("Saved {n} files"),
    };
    format!("{written}{}", saved.also)
}
