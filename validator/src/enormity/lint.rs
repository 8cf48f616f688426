//! Lint of an Enormity pack: the lint-settings checks, then — when every
//! file loaded — the rule checks on the board built once for the whole pack,
//! each finding at the level its page's `[lint]` table, or the pack's, sets.

use deckplan_schema::enormity::{Pack, Page};
use deckplan_schema::lint_table::{LintLevel, LintSettings, lint_only};

use super::board::Board;
use super::checks::{self, CheckMeta, misplaced_setting, unknown_check};
use crate::check::{Finding, find_all};
use crate::diagnostic::{Diagnostic, Severity};

/// What can be checked of a page file read on its own: its lint settings.
pub fn check_lone_page(page: &Page) -> Vec<Diagnostic> {
    let mut findings = Vec::new();
    unknown_check::check(&page.lint, &page.source, &mut findings);
    settings_diagnostics(findings, &page.source)
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
    let mut diagnostics = Vec::new();
    for error in errors {
        let path = error.source.path();
        if resolved.contains(path) || !seen.insert(path) {
            continue;
        }
        if let Some(settings) = lint_only(&error.source) {
            let mut findings = Vec::new();
            unknown_check::check(&settings, &error.source, &mut findings);
            diagnostics.extend(settings_diagnostics(findings, &error.source));
        }
    }
    diagnostics
}

/// Runs the lint-settings check and, when every file loaded, every rule check.
pub fn check_pack(pack: &Pack, run_rules: bool) -> Vec<Diagnostic> {
    let mut settings = Vec::new();
    unknown_check::check(&pack.lint, &pack.source, &mut settings);
    for page in pack.pages.values() {
        unknown_check::check(&page.lint, &page.source, &mut settings);
    }
    let mut diagnostics = settings_diagnostics(settings, &pack.source);
    if !run_rules {
        return diagnostics;
    }
    let board = Board::new(pack);
    let found = find_all(checks::CHECKS, &board);
    // Page settings that cover none of their check's findings (they are all
    // filed elsewhere): only the pack's table can set this one.
    let mut misplaced = Vec::new();
    misplaced_setting::check(pack, &found, &mut misplaced);
    let meta = misplaced_setting::META;
    for finding in misplaced {
        if let Some(severity) = meta.severity_under(&pack.lint) {
            diagnostics.push(finding.into_diagnostic(meta, severity, &pack.source));
        }
    }
    for (meta, finding) in found {
        let page_settings = checks::filed_page(&finding)
            .and_then(|id| pack.pages.get(&id))
            .map(|p| &p.lint);
        if let Some(severity) = meta.severity_at(level_for(meta, page_settings, &pack.lint)) {
            diagnostics.push(finding.into_diagnostic(meta, severity, &pack.source));
        }
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

/// Findings of the unknown-check check, always at its own severity (a
/// setting cannot silence the check of settings).
fn settings_diagnostics(
    findings: Vec<Finding>,
    file: &std::sync::Arc<deckplan_schema::SourceFile>,
) -> Vec<Diagnostic> {
    findings
        .into_iter()
        .map(|f| f.into_diagnostic(unknown_check::META, Severity::Error, file))
        .collect()
}
