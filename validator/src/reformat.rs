//! `deckplan fmt`: rewrite map files in canonical form, or report which would
//! change. Each ruleset writes its own canonical form; this drives them.

use std::path::PathBuf;

use crate::diagnostic::Diagnostic;
use crate::ruleset::{REGISTRY, RulesetChoice};
use crate::targets::{self, Target, TargetError};

/// The result of formatting one file.
#[derive(Debug)]
pub struct Formatted {
    /// The file, as shown to the user.
    pub path: PathBuf,
    /// Where to write the canonical text: the real file, links inside the
    /// pack resolved, so a page reached through a link stays a link.
    pub write_to: PathBuf,
    /// The canonical text, or `None` when the file has format errors.
    pub canonical: Option<String>,
    /// Whether the canonical text differs from the file.
    pub changed: bool,
    /// Problems that kept the file from being formatted.
    pub errors: Vec<Diagnostic>,
}

impl Formatted {
    /// A file read from `source`, to be written back where it was read (a
    /// link there is replaced, not followed), with its canonical text or the
    /// errors that kept it from having one.
    pub fn in_place(
        source: &std::sync::Arc<deckplan_schema::SourceFile>,
        canonical: Option<String>,
        errors: Vec<deckplan_schema::FileError>,
    ) -> Self {
        let changed = canonical.as_deref().is_some_and(|c| c != source.text());
        Self {
            path: source.path().to_path_buf(),
            write_to: source.path().to_path_buf(),
            canonical,
            changed,
            errors: errors.into_iter().map(Diagnostic::from).collect(),
        }
    }
}

/// Formats every file the paths name, each target with the ruleset it is
/// written for: for a pack, `pack.toml` and its pages. A target that names
/// an unknown ruleset is one unformattable file, its diagnostic saying why.
pub fn format_paths(paths: &[PathBuf]) -> Result<Vec<Formatted>, TargetError> {
    let mut results = Vec::new();
    for target in targets::collect(paths)? {
        let ruleset = match REGISTRY.for_target(&target) {
            Ok(ruleset) => ruleset,
            Err(RulesetChoice::Unknown(diagnostic)) => {
                results.push(Formatted {
                    path: diagnostic.file.path().to_path_buf(),
                    write_to: PathBuf::new(),
                    canonical: None,
                    changed: false,
                    errors: vec![*diagnostic],
                });
                continue;
            }
            Err(RulesetChoice::Empty) => continue,
        };
        match &target {
            Target::Pack(dir) => results.extend(ruleset.format_pack(dir)?),
            Target::Page(path) => results.push(ruleset.format_file(path)?),
        }
    }
    Ok(results)
}
