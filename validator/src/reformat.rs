//! `deckplan fmt`: rewrite map files in canonical form, or report which would
//! change. Each ruleset writes its own canonical form; this drives them.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::load::PACK_FILE;
use deckplan_schema::{LoadError, SourceFile, confine};

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
    /// A file read from `source`, to be written to `write_to` — its real
    /// file, so that a link to it stays a link — with its canonical text or
    /// the errors that kept it from having one.
    pub fn of(
        source: &Arc<SourceFile>,
        write_to: PathBuf,
        canonical: Option<String>,
        errors: Vec<Diagnostic>,
    ) -> Self {
        let changed = canonical.as_deref().is_some_and(|c| c != source.text());
        Self {
            path: source.path().to_path_buf(),
            write_to,
            canonical,
            changed,
            errors,
        }
    }

    /// A file of a pack that could not be read (a link that leads out, a
    /// FIFO, a missing file): nothing to format, and `problem` says why, so
    /// `fmt --check` fails instead of passing over it.
    pub fn unreadable(path: PathBuf, problem: Diagnostic) -> Self {
        Self {
            path,
            write_to: PathBuf::new(),
            canonical: None,
            changed: false,
            errors: vec![problem],
        }
    }
}

/// The real file of a pack's `pack.toml`, links inside the pack resolved, for
/// `fmt` to write through (a `pack.toml` that is a link stays one).
pub fn real_pack_file(root: &confine::Root, dir: &Path) -> Result<PathBuf, TargetError> {
    let pack_path = dir.join(PACK_FILE);
    root.resolve(&pack_path, Path::new(PACK_FILE))
        .map_err(|error| LoadError::from_read(&targets::relative_to_cwd(&pack_path), error).into())
}

/// The real file of a file named on its own: a link there is the user's
/// choice, followed, and stays a link.
pub fn real_file(path: &Path, display: &Path) -> Result<PathBuf, TargetError> {
    path.canonicalize().map_err(|reason| {
        LoadError::Io {
            path: display.to_path_buf(),
            reason,
        }
        .into()
    })
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
