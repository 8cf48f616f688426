//! What the command-line paths name: packs (folders with a `pack.toml`, or the
//! file itself) and lone board files.

use std::path::{Path, PathBuf};

use deckplan_schema::LoadError;
use deckplan_schema::load::{PACK_FILE, find_packs};

pub use deckplan_schema::load::relative_to_cwd;
use deckplan_schema::sources::Sources;
pub use deckplan_schema::sources::Target;

/// What one path names for a command that draws a single target: a folder
/// or a `pack.toml` is a pack, any other file a lone board file.
pub fn target_of(path: &Path) -> Target {
    let path = relative_to_cwd(path);
    if path.is_dir() {
        Target::Pack(path)
    } else if path.file_name().is_some_and(|n| n == PACK_FILE) {
        Target::Pack(pack_dir(&path))
    } else {
        Target::File(path)
    }
}

/// What one path names, read from disk.
pub fn sources_of(path: &Path) -> Sources {
    Sources::disk(target_of(path))
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
                targets.push(Target::File(path));
            }
        } else if path.exists() {
            // A FIFO or device: read as a page, which refuses it by name.
            targets.push(Target::File(path));
        } else {
            return Err(TargetError::Missing(path));
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    targets.retain(|t| seen.insert(t.clone()));
    Ok(targets)
}
