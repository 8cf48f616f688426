//! Which target an open file is checked as: its pack, when it is the pack's
//! `pack.toml` or a file the pack names, else the file on its own — so a
//! change to a page re-checks the whole pack it belongs to.

use std::path::Path;

use deckplan_schema::load::PACK_FILE;
use deckplan_schema::sources::Target;

use super::buffers::{Buffers, real};
use crate::ruleset::{REGISTRY, Ruleset};

/// The target the file at `path` (absolute) is checked as, its pack read
/// with the documents `open`.
pub fn target_of(path: &Path, open: &Buffers) -> Target {
    let Some(parent) = path.parent() else {
        return Target::File(path.to_path_buf());
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
        .find(|d| open.exists(&d.join(PACK_FILE)))
    {
        let pack = open.sources(Target::Pack(dir.to_path_buf()));
        if let Ok(ruleset) = REGISTRY.for_sources(&pack)
            && ruleset
                .language()
                .pack_files(&pack)
                .iter()
                .any(|file| real(file) == wanted)
        {
            return pack.target().clone();
        }
    }
    Target::File(path.to_path_buf())
}

/// The ruleset a target is written for, its files read with the documents
/// `open`; `None` when they name a ruleset deckplan does not know (lint
/// reports it).
pub fn ruleset_of(target: &Target, open: &Buffers) -> Option<&'static dyn Ruleset> {
    REGISTRY.for_sources(&open.sources(target.clone())).ok()
}
