//! Linting: load every target, collect diagnostics, order them deterministically.

use std::path::PathBuf;

use deckplan_schema::load::{self, Loaded};
use deckplan_schema::{Pack, Page};

use crate::diagnostic::{Diagnostic, Severity};
use crate::targets::{self, Target, TargetError};

/// Everything a lint run found.
#[derive(Debug, Default)]
pub struct LintOutcome {
    /// Findings, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// Packs checked.
    pub packs: usize,
    /// Page files checked.
    pub pages: usize,
}

impl LintOutcome {
    /// Number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// The closing line of human output.
    pub fn summary(&self) -> String {
        let (errors, warnings) = (self.count(Severity::Error), self.count(Severity::Warning));
        let checked = format!(
            "{} in {}",
            plural(self.pages, "page"),
            plural(self.packs, "pack")
        );
        if errors + warnings == 0 {
            format!("Checked {checked}: no problems.")
        } else {
            format!(
                "Checked {checked}: {}, {}.",
                plural(errors, "error"),
                plural(warnings, "warning")
            )
        }
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Lints files, pack folders and folders of packs.
pub fn lint_paths(paths: &[PathBuf]) -> Result<LintOutcome, TargetError> {
    let mut outcome = LintOutcome::default();
    for target in targets::collect(paths)? {
        match target {
            Target::Pack(dir) => {
                let loaded: Loaded<Pack> = load::load_pack(&dir)?;
                outcome.packs += 1;
                outcome.pages += loaded.value.as_ref().map_or(0, |p| p.page_files.len());
                outcome
                    .diagnostics
                    .extend(loaded.errors.into_iter().map(Diagnostic::from));
            }
            Target::Page(path) => {
                let loaded: Loaded<Page> = load::load_page(&path)?;
                outcome.pages += 1;
                outcome
                    .diagnostics
                    .extend(loaded.errors.into_iter().map(Diagnostic::from));
            }
        }
    }
    outcome.diagnostics.sort_by_cached_key(Diagnostic::sort_key);
    Ok(outcome)
}
