//! `deckplan fmt`: rewrite map files in canonical form, or report which would
//! change. Each ruleset writes its own canonical form; this drives them.

use std::path::PathBuf;

use deckplan_schema::sources::Sources;

use crate::ruleset::{Formatted, REGISTRY, RulesetChoice};
use crate::targets::{self, TargetError};

/// Formats every file the paths name, each target with the ruleset it is
/// written for: for a pack, `pack.toml` and the files it names.
pub fn format_paths(paths: &[PathBuf]) -> Result<Vec<Formatted>, TargetError> {
    let mut results = Vec::new();
    for target in targets::collect(paths)? {
        results.extend(format_sources(&Sources::disk(target))?);
    }
    Ok(results)
}

/// Every file of one target in canonical form. A target that names an
/// unknown ruleset is one unformattable file, its diagnostic saying why.
pub fn format_sources(sources: &Sources) -> Result<Vec<Formatted>, TargetError> {
    match REGISTRY.for_sources(sources) {
        Ok(ruleset) => ruleset.format(sources),
        Err(RulesetChoice::Unknown(diagnostic)) => Ok(vec![Formatted {
            path: diagnostic.file.path().to_path_buf(),
            write_to: PathBuf::new(),
            canonical: None,
            changed: false,
            errors: vec![*diagnostic],
        }]),
        Err(RulesetChoice::Empty) => Ok(Vec::new()),
    }
}
