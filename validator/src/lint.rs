//! Linting: load every target, collect diagnostics, order them deterministically.
//!
//! The library reports progress through the [`Progress`] trait and never
//! touches the terminal; the CLI decides whether to draw a bar.

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

    /// Whether the run fails: any error, or any warning when warnings are denied.
    pub fn fails(&self, deny_warnings: bool) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error || deny_warnings)
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

/// Hears how far a lint run has got, one step per target (a pack, with all
/// its pages, or a lone page file).
pub trait Progress {
    /// The run has found `targets` things to lint.
    fn start(&mut self, targets: usize) {
        let _ = targets;
    }
    /// One target is done.
    fn advance(&mut self, target: &Target) {
        let _ = target;
    }
    /// Every target is done (also called when the run stops on an I/O error).
    fn finish(&mut self) {}
}

/// Progress that nobody watches.
impl Progress for () {}

/// Lints files, pack folders and folders of packs.
pub fn lint_paths(paths: &[PathBuf]) -> Result<LintOutcome, TargetError> {
    lint_paths_with_progress(paths, &mut ())
}

/// [`lint_paths`], telling `progress` as each target is done.
pub fn lint_paths_with_progress(
    paths: &[PathBuf],
    progress: &mut dyn Progress,
) -> Result<LintOutcome, TargetError> {
    let targets = targets::collect(paths)?;
    progress.start(targets.len());
    let outcome = lint_targets(targets, progress);
    progress.finish();
    outcome
}

fn lint_targets(
    targets: Vec<Target>,
    progress: &mut dyn Progress,
) -> Result<LintOutcome, TargetError> {
    let mut outcome = LintOutcome::default();
    for target in targets {
        match &target {
            Target::Pack(dir) => {
                let loaded: Loaded<Pack> = load::load_pack(dir)?;
                outcome.packs += 1;
                outcome.pages += loaded.value.as_ref().map_or(0, |p| p.page_files.len());
                outcome
                    .diagnostics
                    .extend(loaded.errors.into_iter().map(Diagnostic::from));
            }
            Target::Page(path) => {
                let loaded: Loaded<Page> = load::load_page(path)?;
                outcome.pages += 1;
                outcome
                    .diagnostics
                    .extend(loaded.errors.into_iter().map(Diagnostic::from));
            }
        }
        progress.advance(&target);
    }
    outcome.diagnostics.sort_by_cached_key(Diagnostic::sort_key);
    Ok(outcome)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::render::tests::{outcome, warning};

    #[test]
    fn warnings_fail_only_when_denied() {
        let clean = outcome(Vec::new());
        assert!(!clean.fails(false));
        assert!(!clean.fails(true));

        let warned = outcome(vec![warning()]);
        assert!(!warned.fails(false));
        assert!(warned.fails(true));

        let mut error = warning();
        error.severity = Severity::Error;
        let failed = outcome(vec![warning(), error]);
        assert!(failed.fails(false));
        assert!(failed.fails(true));
    }

    #[test]
    fn progress_hears_every_target() {
        #[derive(Default)]
        struct Count(Vec<String>);
        impl Progress for Count {
            fn start(&mut self, targets: usize) {
                self.0.push(format!("start {targets}"));
            }
            fn advance(&mut self, _: &Target) {
                self.0.push("advance".to_string());
            }
            fn finish(&mut self) {
                self.0.push("finish".to_string());
            }
        }
        let maps = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let mut count = Count::default();
        let outcome = lint_paths_with_progress(&[maps], &mut count).unwrap();
        let targets = outcome.packs;
        assert!(targets > 0);
        let mut expected = vec![format!("start {targets}")];
        expected.extend(std::iter::repeat_n("advance".to_string(), targets));
        expected.push("finish".to_string());
        assert_eq!(count.0, expected);
    }
}
