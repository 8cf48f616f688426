//! What the command-line paths name: packs (folders with a `pack.toml`, or the
//! file itself) and lone page files.

use std::path::{Component, Path, PathBuf};

use deckplan_schema::LoadError;
use deckplan_schema::load::{PACK_FILE, find_packs};

/// One thing to lint or format.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Target {
    /// A pack folder.
    Pack(PathBuf),
    /// A page file read on its own, without its pack.
    Page(PathBuf),
}

impl Target {
    /// The pack folder or the file.
    pub fn path(&self) -> &Path {
        match self {
            Self::Pack(path) | Self::Page(path) => path,
        }
    }

    /// What one path names for a command that draws a single target: a
    /// folder or a `pack.toml` is a pack, any other file a lone board file.
    pub fn of(path: &Path) -> Self {
        let path = relative_to_cwd(path);
        if path.is_dir() {
            Self::Pack(path)
        } else if path.file_name().is_some_and(|n| n == PACK_FILE) {
            Self::Pack(pack_dir(&path))
        } else {
            Self::Page(path)
        }
    }
}

/// The folder of a `pack.toml` (`.` for one in the working directory).
fn pack_dir(pack_file: &Path) -> PathBuf {
    match pack_file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Why the paths given cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TargetError {
    /// A path could not be read.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A path does not exist.
    #[error("{0}: no such file or folder")]
    Missing(PathBuf),
    /// A folder holds no pack.
    #[error("{0}: no pack.toml in this folder or below it")]
    NoPacks(PathBuf),
}

/// Expands paths: a folder means every pack at or below it; `pack.toml` its
/// pack; any other file a lone page. Duplicates are dropped; order is stable.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Target>, TargetError> {
    let mut targets = Vec::new();
    for path in paths {
        let path = relative_to_cwd(path);
        // A folder whose `pack.toml` is there but not a regular file (a FIFO,
        // a dangling link) is a pack whose loader refuses it by name, not a
        // folder without a pack.
        if path.is_dir() && std::fs::symlink_metadata(path.join(PACK_FILE)).is_ok() {
            targets.push(Target::Pack(path));
        } else if path.is_dir() {
            let packs = find_packs(&path)?;
            if packs.is_empty() {
                return Err(TargetError::NoPacks(path));
            }
            targets.extend(packs.into_iter().map(Target::Pack));
        } else if path.is_file() {
            if path.file_name().is_some_and(|n| n == PACK_FILE) {
                targets.push(Target::Pack(pack_dir(&path)));
            } else {
                targets.push(Target::Page(path));
            }
        } else if path.exists() {
            // A FIFO or device: read as a page, which refuses it by name.
            targets.push(Target::Page(path));
        } else {
            return Err(TargetError::Missing(path));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    targets.retain(|t| seen.insert(t.clone()));
    Ok(targets)
}

/// Shows paths relative to the working directory when they are inside it, so
/// output reads the same on every machine and in CI annotations.
pub fn relative_to_cwd(path: &Path) -> PathBuf {
    let stripped = std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(&cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf());
    let cleaned: PathBuf = stripped
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect();
    if cleaned.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        cleaned
    }
}
