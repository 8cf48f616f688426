//! Which target an open file is checked as: its pack, when it is the pack's
//! `pack.toml` or a file the pack names, else the file on its own — so a
//! change to a page re-checks the whole pack it belongs to.

use std::path::{Path, PathBuf};

use deckplan_schema::load::PACK_FILE;
use deckplan_schema::overlay;

use crate::ruleset::{REGISTRY, Ruleset};
use crate::targets::Target;

/// The real path of a file, or of where it would be when not saved yet.
pub fn real(path: &Path) -> PathBuf {
    overlay::real_path(path).unwrap_or_else(|| path.to_path_buf())
}

/// Whether a `pack.toml` is open or on disk at `path`.
fn exists(path: &Path) -> bool {
    path.is_file() || overlay::text(path).is_some()
}

/// The target the file at `path` (absolute) is checked as.
pub fn target_of(path: &Path) -> Target {
    let Some(parent) = path.parent() else {
        return Target::Page(path.to_path_buf());
    };
    if path.file_name().is_some_and(|n| n == PACK_FILE) {
        return Target::Pack(parent.to_path_buf());
    }
    let wanted = real(path);
    // Packs do not nest (`lint` stops at the first `pack.toml` down a
    // tree), so the nearest `pack.toml` up decides.
    if let Some(dir) = path
        .ancestors()
        .skip(1)
        .find(|d| exists(&d.join(PACK_FILE)))
    {
        let pack = Target::Pack(dir.to_path_buf());
        if let Ok(ruleset) = REGISTRY.for_target(&pack)
            && ruleset
                .language()
                .pack_files(dir)
                .iter()
                .any(|file| real(file) == wanted)
        {
            return pack;
        }
    }
    Target::Page(path.to_path_buf())
}

/// The ruleset a target is written for; `None` when its files name a
/// ruleset deckplan does not know (lint reports it).
pub fn ruleset_of(target: &Target) -> Option<&'static dyn Ruleset> {
    REGISTRY.for_target(target).ok()
}
