//! Reading any game's files from disk within the limits: a pack folder and
//! its `pack.toml`, a file's text, problems tied to their file and capped,
//! and the pack folders below a path.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::confine;
use crate::error::{FileError, FormatCode, FormatError, LoadError};
use crate::limits;
use crate::source::SourceFile;

/// The file name that marks a pack folder.
pub const PACK_FILE: &str = "pack.toml";

/// What a load produced: the model where it resolved, and every problem.
#[derive(Clone, Debug, Default)]
pub struct Loaded<T> {
    /// The model, when the top file resolved (pages with errors are left out of a pack).
    pub value: Option<T>,
    /// Every format problem, in file order.
    pub errors: Vec<FileError>,
}

impl<T> Loaded<T> {
    /// Whether the load found no problem.
    pub fn is_clean(&self) -> bool {
        self.errors.is_empty() && self.value.is_some()
    }
}

/// Reads a map file within the size limit: a regular file, UTF-8.
/// `display` is the path shown in messages. Links are followed; confine the
/// path first ([`confine::Root::resolve`]) when it comes from a pack.
pub fn read_source(path: &Path, display: &Path) -> Result<Arc<SourceFile>, LoadError> {
    let text = confine::read_text(path, display, limits::MAX_FILE_BYTES)
        .map_err(|e| LoadError::from_read(display, e))?;
    Ok(SourceFile::new(display, text))
}

/// The code a refused read of a pack's file is reported under.
pub fn read_code(error: &confine::ReadError) -> FormatCode {
    match error {
        confine::ReadError::LinkEscapes { .. } | confine::ReadError::Escapes { .. } => {
            FormatCode::PathEscape
        }
        confine::ReadError::TooLarge { .. } => FormatCode::LimitExceeded,
        _ => FormatCode::UnreadableFile,
    }
}

/// Ties errors to their file, keeping at most [`limits::MAX_ERRORS_PER_FILE`],
/// the last of which counts the rest when there are more.
pub fn attach(source: &Arc<SourceFile>, mut errors: Vec<FormatError>) -> Vec<FileError> {
    if errors.len() > limits::MAX_ERRORS_PER_FILE {
        // The closing error is one of the listed ones.
        let listed = limits::MAX_ERRORS_PER_FILE - 1;
        let more = errors.len() - listed;
        errors.truncate(listed);
        errors.push(crate::error::more_errors(more));
    }
    errors
        .into_iter()
        .map(|error| FileError {
            source: Arc::clone(source),
            error,
        })
        .collect()
}

/// Removes `.` components so paths in messages read cleanly (`maps/x/p.toml`).
pub fn clean(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

/// Shows paths relative to the working directory when they are inside it, so
/// output reads the same on every machine and in CI annotations.
pub fn relative_to_cwd(path: &Path) -> PathBuf {
    let stripped = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(&cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    let cleaned = clean(&stripped);
    if cleaned.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        cleaned
    }
}

/// Every pack folder at or below `root` (folders holding a `pack.toml`), sorted.
/// Hidden folders and `target` are skipped.
pub fn find_packs(root: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        if dir.join(PACK_FILE).is_file() {
            found.push(dir);
            continue;
        }
        let entries = std::fs::read_dir(&dir).map_err(|reason| LoadError::Io {
            path: dir.clone(),
            reason,
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let hidden = name.to_string_lossy().starts_with('.') || name == "target";
            if !hidden && entry.file_type().is_ok_and(|t| t.is_dir()) {
                stack.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}
