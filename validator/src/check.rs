//! What every game's checks share: one declaration, one registry shape, one
//! finding type and one way to run them.
//!
//! A check is a file of its game's `checks/` folder with a [`declare_check!`]
//! (stable code, kebab-case name, default severity, and the doc comment that
//! becomes `deckplan explain` and `docs/checks.md`) and a pure `run` function
//! from the game's board to [`Finding`]s. A game lists its checks once with
//! [`checks!`], and runs them with [`find_all`] (or [`run_all`] when one
//! `[lint]` table sets every level).

use std::sync::Arc;

use deckplan_schema::lint_table::{LintLevel, LintSettings, lint_only};
use deckplan_schema::{FileError, FormatCode, FormatError, Place, SourceFile, Span, suggest};
use rayon::prelude::*;

use crate::diagnostic::{Diagnostic, Label, Severity};

/// Declares a check's metadata; the doc comment is its documentation.
#[macro_export]
macro_rules! declare_check {
    ($(#[doc = $doc:literal])* code: $code:literal, name: $name:literal, severity: $severity:ident $(,)?) => {
        $(#[doc = $doc])*
        pub const META: $crate::check::CheckMeta = $crate::check::CheckMeta {
            code: $code,
            name: $name,
            severity: $crate::diagnostic::Severity::$severity,
            doc: concat!($($doc, "\n"),*),
        };
    };
}

/// Lists a game's checks, in code order, as its `CHECKS` registry: each
/// named module has a `META` (from [`declare_check!`]) and a `run` over the
/// game's [`Checks::Board`].
#[macro_export]
macro_rules! checks {
    ($game:ty: $($check:ident),* $(,)?) => {
        /// Every check of the game, in code order.
        pub const CHECKS: &[$crate::check::Check<$game>] = &[
            $($crate::check::Check { meta: $check::META, run: $check::run }),*
        ];
    };
}

/// What a check is: stable code, name, default severity, documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckMeta {
    /// Stable code, e.g. `R001`.
    pub code: &'static str,
    /// Kebab-case name used in lint settings, e.g. `unreachable-space`.
    pub name: &'static str,
    /// Severity unless lint settings say otherwise.
    pub severity: Severity,
    /// Markdown: what it checks, why it matters, an example, how to fix it.
    pub doc: &'static str,
}

/// A code no check gives any more. Codes are never reused: a retired one
/// stays listed by its game, so `deckplan explain` and `docs/checks.md` say
/// what became of it and a test refuses a check that takes it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Retired {
    /// The code, e.g. `L001`.
    pub code: &'static str,
    /// The name it had, e.g. `unknown-check`.
    pub name: &'static str,
    /// What reports it now, or why it went, in a sentence.
    pub fate: &'static str,
}

impl CheckMeta {
    /// The severity this check reports at under `settings`, or `None` when
    /// the settings allow it (its findings are not reported).
    pub fn severity_under(&self, settings: &LintSettings) -> Option<Severity> {
        self.severity_at(settings.checks.get(self.name).map(|s| s.level))
    }

    /// The severity at a level some table set (`None`: no table set one).
    pub fn severity_at(&self, level: Option<LintLevel>) -> Option<Severity> {
        match level {
            None => Some(self.severity),
            Some(LintLevel::Allow) => None,
            Some(LintLevel::Warn) => Some(Severity::Warning),
            Some(LintLevel::Deny) => Some(Severity::Error),
        }
    }
}

/// What a game's checks read: its board, built once per pack from the
/// loaded files it borrows (graphs included), and shared by every check.
pub trait Checks {
    /// The board, borrowing what was loaded for `'a`.
    type Board<'a>: Sync;
}

/// A registered check of game `G`.
pub struct Check<G: Checks> {
    /// Its metadata.
    pub meta: CheckMeta,
    /// Runs it over a board.
    pub run: for<'a, 'b> fn(&'b G::Board<'a>, &mut Vec<Finding>),
}

impl<G: Checks> Clone for Check<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Checks> Copy for Check<G> {}

impl<G: Checks> std::fmt::Debug for Check<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Check")
            .field("meta", &self.meta)
            .finish_non_exhaustive()
    }
}

/// One thing a check found, before the lint level gives it a severity.
#[derive(Clone, Debug)]
pub struct Finding {
    /// One sentence saying what is wrong.
    pub message: String,
    /// The file the finding points into; `None` for the board's own file
    /// (a ship or galaxy file), which the runner fills in.
    pub file: Option<Arc<SourceFile>>,
    /// Where in the file; `None` for the whole file.
    pub span: Option<Span>,
    /// Where on the board.
    pub place: Option<Place>,
    /// The part of the board whose own `[lint]` table sets this finding's
    /// level (an Enormity page); `None` when only the pack's table does.
    pub filed_under: Option<Place>,
    /// A fix.
    pub help: Option<String>,
    /// Other places in the same file that explain it.
    pub labels: Vec<Label>,
}

impl Finding {
    /// A finding in the board's own file, at a span and a place.
    pub fn new(span: Option<Span>, place: impl Into<Place>, message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            file: None,
            span,
            place: Some(place.into()),
            filed_under: None,
            help: None,
            labels: Vec::new(),
        }
    }

    /// A finding in `file`, at a span, on no particular place.
    pub fn in_file(file: &Arc<SourceFile>, span: Option<Span>, message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            file: Some(Arc::clone(file)),
            span,
            place: None,
            filed_under: None,
            help: None,
            labels: Vec::new(),
        }
    }

    /// Adds a fix.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the board place.
    #[must_use]
    pub fn place(mut self, place: impl Into<Place>) -> Self {
        self.place = Some(place.into());
        self
    }

    /// Adds a secondary label.
    #[must_use]
    pub fn label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// The diagnostic it becomes at `severity`; a finding without a file of
    /// its own is in `file`.
    pub fn into_diagnostic(
        self,
        meta: CheckMeta,
        severity: Severity,
        file: &Arc<SourceFile>,
    ) -> Diagnostic {
        Diagnostic {
            code: meta.code,
            name: meta.name,
            severity,
            message: self.message,
            file: self.file.unwrap_or_else(|| Arc::clone(file)),
            span: self.span,
            place: self.place,
            help: self.help,
            labels: self.labels,
        }
    }
}

/// Runs every check on one board, in parallel, and keeps at most
/// [`MAX_FINDINGS_PER_CHECK`](deckplan_schema::limits::MAX_FINDINGS_PER_CHECK)
/// findings of each (see [`cap_findings`]). The order is the checks' order,
/// whichever finishes first.
pub fn find_all<G: Checks>(checks: &[Check<G>], board: &G::Board<'_>) -> Vec<(CheckMeta, Finding)> {
    checks
        .par_iter()
        .flat_map_iter(|check| {
            let mut findings = Vec::new();
            (check.run)(board, &mut findings);
            cap_findings(&mut findings, check.meta.name);
            findings.into_iter().map(move |f| (check.meta, f))
        })
        .collect()
}

/// Runs every check on a board whose levels one `[lint]` table sets, and
/// files what they find in `file` (unless a finding names its own).
pub fn run_all<G: Checks>(
    checks: &[Check<G>],
    board: &G::Board<'_>,
    file: &Arc<SourceFile>,
    lint: &LintSettings,
) -> Vec<Diagnostic> {
    let wanted: Vec<Check<G>> = checks
        .iter()
        .filter(|check| check.meta.severity_under(lint).is_some())
        .copied()
        .collect();
    find_all(&wanted, board)
        .into_iter()
        .filter_map(|(meta, finding)| {
            let severity = meta.severity_under(lint)?;
            Some(finding.into_diagnostic(meta, severity, file))
        })
        .collect()
}

/// Keeps at most [`MAX_FINDINGS_PER_CHECK`](deckplan_schema::limits::MAX_FINDINGS_PER_CHECK)
/// findings of one check: when there are more, the first ones are kept and
/// the last kept is one finding saying how many more there are, so a board
/// with thousands of problems cannot flood a report or exhaust memory.
pub fn cap_findings(findings: &mut Vec<Finding>, name: &str) {
    let most = deckplan_schema::limits::MAX_FINDINGS_PER_CHECK;
    if findings.len() <= most {
        return;
    }
    let listed = most.saturating_sub(1);
    let more = findings.len() - listed;
    let file = findings.first().and_then(|f| f.file.clone());
    findings.truncate(listed);
    findings.push(Finding {
        message: format!("and {more} more `{name}` findings (at most {most} are listed per check)"),
        file,
        span: None,
        place: None,
        filed_under: None,
        help: Some("fix the findings listed and run again".to_string()),
        labels: Vec::new(),
    });
}

/// `[lint]` keys in a game's file that name none of `checks`, each the
/// format error [`FormatCode::UnknownCheck`] at the key, with the fix: the
/// check's name for a code written where a name belongs, the closest name
/// for a misspelt one; a format check's name or code is refused as one.
/// `game` names the game in the message ("an Enormity check").
pub fn unknown_settings(
    settings: &LintSettings,
    checks: &[CheckMeta],
    game: &str,
    source: &Arc<SourceFile>,
) -> Vec<Diagnostic> {
    let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
    settings
        .checks
        .iter()
        .filter(|(name, _)| !names.contains(&name.as_str()))
        .map(|(name, setting)| {
            let (message, help) = unknown_setting(name, checks, &names, game);
            Diagnostic::from(FileError {
                source: Arc::clone(source),
                error: FormatError::new(FormatCode::UnknownCheck, message, Some(setting.name_span))
                    .with_help(help),
            })
        })
        .collect()
}

/// [`unknown_settings`] of a file that did not resolve: its `[lint]` table
/// read on its own, so a misspelt name is reported with the format errors.
pub fn unknown_settings_of_unresolved(
    source: &Arc<SourceFile>,
    checks: &[CheckMeta],
    game: &str,
) -> Vec<Diagnostic> {
    lint_only(source)
        .map(|settings| unknown_settings(&settings, checks, game, source))
        .unwrap_or_default()
}

/// What is wrong with a setting named `name`, and the fix.
fn unknown_setting(
    name: &str,
    checks: &[CheckMeta],
    names: &[&str],
    game: &str,
) -> (String, String) {
    let format = FormatCode::ALL
        .into_iter()
        .find(|f| f.name() == name || f.code().eq_ignore_ascii_case(name));
    if let Some(format) = format {
        return (
            format!(
                "`{name}` is the format check {} ({}); format checks cannot be set",
                format.code(),
                format.name()
            ),
            "a file that does not read is never a map: remove this setting and fix the file"
                .to_string(),
        );
    }
    if let Some(check) = checks.iter().find(|c| c.code.eq_ignore_ascii_case(name)) {
        return (
            format!("`{name}` is a check code; settings name checks by name"),
            format!("did you mean `{}`?", check.name),
        );
    }
    let help = match suggest::closest(name, names.iter().copied()) {
        Some(best) => format!("did you mean `{best}`?"),
        None => format!("`deckplan explain` lists every {game} check"),
    };
    (
        format!("`{name}` is not {} {game} check", article(game)),
        help,
    )
}

/// `a` or `an` before a word, by its first letter.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::limits::MAX_FINDINGS_PER_CHECK;

    use super::*;

    fn findings(n: usize) -> Vec<Finding> {
        let file = SourceFile::new("pack.toml", String::new());
        (0..n)
            .map(|i| Finding::in_file(&file, None, format!("finding {i}")))
            .collect()
    }

    #[test]
    fn an_unknown_setting_gets_the_fix_for_its_kind_of_mistake() {
        const CHECKS: &[CheckMeta] = &[CheckMeta {
            code: "Z001",
            name: "unreachable-space",
            severity: Severity::Error,
            doc: "",
        }];
        let text = "[lint]\n\
            unreachable-space = { level = \"allow\", reason = \"known\" }\n\
            unreachable-spaces = { level = \"allow\", reason = \"misspelt\" }\n\
            z001 = { level = \"allow\", reason = \"a code\" }\n\
            F006 = { level = \"allow\", reason = \"a format code\" }\n\
            zzzzzzzzzzzzzzzzzzzz = { level = \"allow\", reason = \"nothing like it\" }\n";
        let file = SourceFile::new("pack.toml", text.to_string());
        let found: Vec<(&str, String, Option<String>)> =
            unknown_settings_of_unresolved(&file, CHECKS, "Enormity")
                .into_iter()
                .map(|d| (d.code, d.message, d.help))
                .collect();
        let help = |text: &str| Some(text.to_string());
        assert_eq!(
            found,
            [
                (
                    "F013",
                    "`F006` is the format check F006 (duplicate); format checks cannot be set"
                        .to_string(),
                    help(
                        "a file that does not read is never a map: remove this setting and fix the file"
                    )
                ),
                (
                    "F013",
                    "`unreachable-spaces` is not an Enormity check".to_string(),
                    help("did you mean `unreachable-space`?")
                ),
                (
                    "F013",
                    "`z001` is a check code; settings name checks by name".to_string(),
                    help("did you mean `unreachable-space`?")
                ),
                (
                    "F013",
                    "`zzzzzzzzzzzzzzzzzzzz` is not an Enormity check".to_string(),
                    help("`deckplan explain` lists every Enormity check")
                ),
            ]
        );
        assert_eq!(article("TI4"), "a");
    }

    #[test]
    fn findings_past_the_limit_are_counted_in_the_last_one() {
        let mut at_limit = findings(MAX_FINDINGS_PER_CHECK);
        cap_findings(&mut at_limit, "unreachable-space");
        assert_eq!(at_limit.len(), MAX_FINDINGS_PER_CHECK);
        assert_eq!(at_limit[MAX_FINDINGS_PER_CHECK - 1].message, "finding 199");

        let mut over = findings(5000);
        cap_findings(&mut over, "unreachable-space");
        assert_eq!(over.len(), MAX_FINDINGS_PER_CHECK);
        assert_eq!(over[MAX_FINDINGS_PER_CHECK - 2].message, "finding 198");
        assert_eq!(
            over[MAX_FINDINGS_PER_CHECK - 1].message,
            "and 4801 more `unreachable-space` findings (at most 200 are listed per check)"
        );
        assert_eq!(
            over[MAX_FINDINGS_PER_CHECK - 1]
                .file
                .as_ref()
                .map(|f| f.path().to_path_buf()),
            Some("pack.toml".into()),
            "the closing finding is in the file of the ones it counts"
        );
    }
}
