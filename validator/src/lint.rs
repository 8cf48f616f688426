//! Linting: load every target, collect diagnostics, order them deterministically.
//!
//! The library reports progress through the [`Progress`] trait and never
//! touches the terminal; the CLI decides whether to draw a bar.

use std::path::PathBuf;
use std::sync::Arc;

use deckplan_schema::model::{LintLevel, LintSettings};
use deckplan_schema::{Pack, Page, SourceFile};
use rayon::prelude::*;

use crate::board::Board;
use crate::checks::{self, CheckMeta, Finding};
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
    pub information: Vec<Information>,
    /// Packs checked.
    pub packs: usize,
    /// Page files checked, in packs and on their own.
    pub pages: usize,
    /// Of `pages`, the files named on their own rather than found in a pack.
    pub lone: usize,
    /// Of `lone`, the pages whose rule checks need the rest of their pack, so
    /// only their format and lint settings were checked.
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
        let in_packs = self.pages.saturating_sub(self.lone);
        let mut parts = Vec::new();
        if self.packs > 0 || self.lone == 0 {
            parts.push(format!(
                "{} in {}",
                plural(in_packs, "page"),
                plural(self.packs, "pack")
            ));
        }
        if self.lone > 0 {
            let own = if self.lone == 1 {
                "its own"
            } else {
                "their own"
            };
            let mut lone = format!("{} on {own}", plural(self.lone, "page"));
            if self.format_only == self.lone {
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
pub struct Information {
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
        outcome.pages += one.pages;
        outcome.lone += one.lone;
        outcome.format_only += one.format_only;
        outcome.diagnostics.extend(one.diagnostics);
        outcome.information.extend(one.information);
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
                information: Vec::new(),
                packs: usize::from(matches!(target, Target::Pack(_))),
                pages: usize::from(matches!(target, Target::Page(_))),
                lone: usize::from(matches!(target, Target::Page(_))),
                format_only: 0,
            });
        }
        Err(RulesetChoice::Empty) => return Ok(LintOutcome::default()),
    };
    match target {
        Target::Pack(dir) => ruleset.lint_pack(dir),
        Target::Page(path) => {
            let mut outcome = ruleset.lint_file(path)?;
            outcome.lone = outcome.pages;
            Ok(outcome)
        }
    }
}

/// What can be checked of a page file read on its own: its lint settings.
pub fn check_lone_page(page: &Page) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    checks::unknown_check::check(&page.lint, &page.source, &mut findings);
    findings
        .into_iter()
        .map(|f| into_diagnostic(f, checks::unknown_check::META, Severity::Error))
        .collect()
}

/// The lint-settings check on files that did not resolve: each file with a
/// format error that is not part of `pack` (a page that failed, or a
/// `pack.toml` that did) still has its `[lint]` table read and checked, so a
/// misspelt check name is reported together with the format errors.
pub fn unresolved_settings(
    errors: &[deckplan_schema::FileError],
    pack: Option<&Pack>,
) -> Vec<Diagnostic> {
    let resolved: std::collections::BTreeSet<&std::path::Path> = pack
        .into_iter()
        .flat_map(|p| {
            std::iter::once(p.source.path()).chain(p.pages.values().map(|page| page.source.path()))
        })
        .collect();
    let mut seen: std::collections::BTreeSet<&std::path::Path> = std::collections::BTreeSet::new();
    let mut findings = Vec::new();
    for error in errors {
        let path = error.source.path();
        if resolved.contains(path) || !seen.insert(path) {
            continue;
        }
        if let Some(settings) = deckplan_schema::load::lint_of_source(&error.source) {
            checks::unknown_check::check(&settings, &error.source, &mut findings);
        }
    }
    findings
        .into_iter()
        .map(|f| into_diagnostic(f, checks::unknown_check::META, Severity::Error))
        .collect()
}

/// Runs the lint-settings check and, when every file loaded, every rule check.
pub fn check_pack(pack: &Pack, run_rules: bool) -> Vec<Diagnostic> {
    let mut settings = Vec::new();
    checks::unknown_check::check(&pack.lint, &pack.source, &mut settings);
    for page in pack.pages.values() {
        checks::unknown_check::check(&page.lint, &page.source, &mut settings);
    }
    let mut diagnostics: Vec<Diagnostic> = settings
        .into_iter()
        .map(|f| into_diagnostic(f, checks::unknown_check::META, Severity::Error))
        .collect();
    if !run_rules {
        return diagnostics;
    }
    let board = Board::new(pack);
    let found: Vec<(CheckMeta, Finding)> = checks::REGISTRY
        .par_iter()
        .flat_map_iter(|check| {
            let mut findings = Vec::new();
            (check.run)(&board, &mut findings);
            checks::cap_findings(&mut findings, check.meta.name);
            findings.into_iter().map(move |f| (check.meta, f))
        })
        .collect();
    // Page settings that cover none of their check's findings (they are all
    // filed elsewhere): only the pack's table can set this one.
    let mut misplaced = Vec::new();
    checks::misplaced_setting::check(pack, &found, &mut misplaced);
    let meta = checks::misplaced_setting::META;
    for finding in misplaced {
        let severity = match level_for(meta, None, &pack.lint) {
            None => meta.severity,
            Some(LintLevel::Allow) => continue,
            Some(LintLevel::Warn) => Severity::Warning,
            Some(LintLevel::Deny) => Severity::Error,
        };
        diagnostics.push(into_diagnostic(finding, meta, severity));
    }
    for (meta, finding) in found {
        let page_settings = finding
            .page
            .and_then(|id| pack.pages.get(&id))
            .map(|p| &p.lint);
        let level = level_for(meta, page_settings, &pack.lint);
        let severity = match level {
            None => meta.severity,
            Some(LintLevel::Allow) => continue,
            Some(LintLevel::Warn) => Severity::Warning,
            Some(LintLevel::Deny) => Severity::Error,
        };
        diagnostics.push(into_diagnostic(finding, meta, severity));
    }
    diagnostics
}

/// The level set for a check: the page's setting first, then the pack's.
fn level_for(
    meta: CheckMeta,
    page: Option<&LintSettings>,
    pack: &LintSettings,
) -> Option<LintLevel> {
    page.and_then(|p| p.checks.get(meta.name))
        .or_else(|| pack.checks.get(meta.name))
        .map(|setting| setting.level)
}

fn into_diagnostic(finding: Finding, meta: CheckMeta, severity: Severity) -> Diagnostic {
    Diagnostic {
        code: meta.code,
        name: meta.name,
        severity,
        message: finding.message,
        file: finding.file,
        span: finding.span,
        place: finding.place,
        help: finding.help,
        labels: finding.labels,
    }
}

#[cfg(test)]
mod tests {
    use super::LintOutcome;

    fn checked(packs: usize, pages: usize, lone: usize, format_only: usize) -> String {
        LintOutcome {
            diagnostics: Vec::new(),
            packs,
            pages,
            lone,
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
