//! Lint of an Enormity pack: the names its `[lint]` tables give, then — when
//! every file loaded — the rule checks on the board built once for the whole
//! pack, each finding at the level its page's `[lint]` table, or the pack's,
//! sets.

use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::enormity::{Pack, Page};
use deckplan_schema::lint_table::{LintLevel, LintSettings};

use super::Enormity;
use super::board::Board;
use super::checks::{self, CheckMeta, misplaced_setting};
use crate::check::{self, find_all};
use crate::diagnostic::Diagnostic;
use crate::ruleset::Ruleset as _;

/// The names a file's `[lint]` table gives that are no Enormity check.
fn unknown_settings(settings: &LintSettings, source: &Arc<SourceFile>) -> Vec<Diagnostic> {
    check::unknown_settings(settings, &checks::all_meta(), Enormity.game(), source)
}

/// What can be checked of a page file read on its own: its lint settings.
pub fn check_lone_page(page: &Page) -> Vec<Diagnostic> {
    unknown_settings(&page.lint, &page.source)
}

/// The names of the `[lint]` tables of files that did not resolve: each file
/// with a format error that is not part of `pack` (a page that failed, or a
/// `pack.toml` that did) still has its table read and checked, so a misspelt
/// check name is reported together with the format errors.
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
        diagnostics.extend(check::unknown_settings_of_unresolved(
            &error.source,
            &checks::all_meta(),
            Enormity.game(),
        ));
    }
    diagnostics
}

/// Checks the names the `[lint]` tables give and, when every file loaded,
/// runs every rule check.
pub fn check_pack(pack: &Pack, run_rules: bool) -> Vec<Diagnostic> {
    let mut diagnostics = unknown_settings(&pack.lint, &pack.source);
    for page in pack.pages.values() {
        diagnostics.extend(unknown_settings(&page.lint, &page.source));
    }
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
