//! Linting: load every target, collect diagnostics, order them deterministically.
//!
//! The library reports progress through the [`Progress`] trait and never
//! touches the terminal; the CLI decides whether to draw a bar.

use std::path::PathBuf;
use std::sync::Arc;

use deckplan_schema::SourceFile;
use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Severity};
use crate::ruleset::{REGISTRY, RulesetChoice};
use crate::targets::{self, Target, TargetError};

/// Everything a lint run found.
#[derive(Debug, Default)]
pub struct LintOutcome {
    /// Findings, sorted by file and position.
    pub diagnostics: Vec<Diagnostic>,
    /// Figures about a board that are neither errors nor warnings (a TI4
    /// seat's resources within reach), for `--format json`.
    pub figures: Vec<Figure>,
    /// Packs checked.
    pub packs: usize,
    /// Board files checked (pages, ships, galaxies), in packs and on their own.
    pub boards: usize,
    /// Of `boards`, the files named on their own rather than found in a pack.
    pub alone: usize,
    /// Of `alone`, the files whose rule checks need the rest of their pack,
    /// so only their format and lint settings were checked.
    pub format_only: usize,
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

    /// The closing line of human output: what was checked (pages in packs,
    /// files on their own and whether their rules could be checked) and what
    /// was found.
    pub fn summary(&self) -> String {
        let (errors, warnings) = (self.count(Severity::Error), self.count(Severity::Warning));
        let checked = self.checked();
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

    /// "8 pages in 1 pack and 1 page on its own (format and settings only)".
    fn checked(&self) -> String {
        let in_packs = self.boards.saturating_sub(self.alone);
        let mut parts = Vec::new();
        if self.packs > 0 || self.alone == 0 {
            parts.push(format!(
                "{} in {}",
                plural(in_packs, "page"),
                plural(self.packs, "pack")
            ));
        }
        if self.alone > 0 {
            let own = if self.alone == 1 {
                "its own"
            } else {
                "their own"
            };
            let mut lone = format!("{} on {own}", plural(self.alone, "page"));
            if self.format_only == self.alone {
                lone.push_str(" (format and settings only: the rule checks need the pack)");
            } else if self.format_only > 0 {
                lone.push_str(&format!(
                    " ({} of them format and settings only: the rule checks need the pack)",
                    self.format_only
                ));
            }
            parts.push(lone);
        }
        parts.join(" and ")
    }
}

/// One figure about a board, reported alongside the findings.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The file it is about.
    pub file: Arc<SourceFile>,
    /// Its fields, among them a `kind` naming what the figure is.
    pub fields: serde_json::Value,
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
pub trait Progress: Send {
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

/// [`lint_paths`], telling `progress` as each target is done. Targets are
/// checked in parallel; the output order does not depend on which finishes first.
pub fn lint_paths_with_progress(
    paths: &[PathBuf],
    progress: &mut dyn Progress,
) -> Result<LintOutcome, TargetError> {
    let targets = targets::collect(paths)?;
    progress.start(targets.len());
    let shared = std::sync::Mutex::new(&mut *progress);
    let results: Vec<Result<LintOutcome, TargetError>> = targets
        .par_iter()
        .map(|target| {
            let result = lint_target(target);
            if let Ok(mut progress) = shared.lock() {
                progress.advance(target);
            }
            result
        })
        .collect();
    progress.finish();
    let mut outcome = LintOutcome::default();
    for result in results {
        let one = result?;
        outcome.packs += one.packs;
        outcome.boards += one.boards;
        outcome.alone += one.alone;
        outcome.format_only += one.format_only;
        outcome.diagnostics.extend(one.diagnostics);
        outcome.figures.extend(one.figures);
    }
    outcome.diagnostics.sort_by_cached_key(Diagnostic::sort_key);
    Ok(outcome)
}

/// Lints one target with the ruleset it is written for.
fn lint_target(target: &Target) -> Result<LintOutcome, TargetError> {
    let ruleset = match REGISTRY.for_target(target) {
        Ok(ruleset) => ruleset,
        Err(RulesetChoice::Unknown(diagnostic)) => {
            return Ok(LintOutcome {
                diagnostics: vec![*diagnostic],
                packs: usize::from(matches!(target, Target::Pack(_))),
                boards: usize::from(matches!(target, Target::Page(_))),
                alone: usize::from(matches!(target, Target::Page(_))),
                ..LintOutcome::default()
            });
        }
        Err(RulesetChoice::Empty) => return Ok(LintOutcome::default()),
    };
    match target {
        Target::Pack(dir) => ruleset.lint_pack(dir),
        Target::Page(path) => {
            let mut outcome = ruleset.lint_file(path)?;
            outcome.alone = outcome.boards;
            Ok(outcome)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::LintOutcome;

    fn checked(packs: usize, boards: usize, alone: usize, format_only: usize) -> String {
        LintOutcome {
            diagnostics: Vec::new(),
            packs,
            boards,
            alone,
            format_only,
            ..LintOutcome::default()
        }
        .summary()
    }

    #[test]
    fn the_summary_says_what_was_checked() {
        assert_eq!(
            checked(4, 11, 0, 0),
            "Checked 11 pages in 4 packs: no problems."
        );
        assert_eq!(
            checked(0, 1, 1, 1),
            "Checked 1 page on its own (format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(1, 9, 1, 1),
            "Checked 8 pages in 1 pack and 1 page on its own (format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(0, 2, 2, 0),
            "Checked 2 pages on their own: no problems."
        );
        assert_eq!(
            checked(0, 3, 3, 2),
            "Checked 3 pages on their own (2 of them format and settings only: the rule checks need the pack): no problems."
        );
        assert_eq!(
            checked(0, 0, 0, 0),
            "Checked 0 pages in 0 packs: no problems."
        );
    }
}
