//! What every game's checks share: a check's stable code, kebab-case name,
//! default severity and documentation, declared next to the check with
//! [`declare_check!`](crate::declare_check). `deckplan explain` and
//! `docs/checks.md` are generated from these, whatever the game.

use std::sync::Arc;

use deckplan_schema::model::{LintLevel, LintSettings};
use deckplan_schema::{FileError, FormatCode, FormatError, SourceFile, suggest};

use crate::diagnostic::{Diagnostic, Severity};

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

impl CheckMeta {
    /// The severity this check reports at under `settings`, or `None` when
    /// the settings allow it (its findings are not reported).
    pub fn severity_under(&self, settings: &LintSettings) -> Option<Severity> {
        match settings.checks.get(self.name).map(|s| s.level) {
            None => Some(self.severity),
            Some(LintLevel::Allow) => None,
            Some(LintLevel::Warn) => Some(Severity::Warning),
            Some(LintLevel::Deny) => Some(Severity::Error),
        }
    }
}

/// `[lint]` keys in a game's file that name none of `checks`, each an error
/// at the key with the closest name suggested. `game` names the family in
/// the message ("a Nemesis check").
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
            let by_code = checks.iter().find(|c| c.code.eq_ignore_ascii_case(name));
            let help = match by_code {
                Some(check) => format!("settings use check names: did you mean `{}`?", check.name),
                None => suggest::closest(name, names.iter().copied())
                    .map(|best| format!("did you mean `{best}`?"))
                    .unwrap_or_else(|| format!("`deckplan explain` lists the {game} checks")),
            };
            Diagnostic::from(FileError {
                source: Arc::clone(source),
                error: FormatError::new(
                    FormatCode::InvalidValue,
                    format!("`{name}` is not a {game} check"),
                    Some(setting.name_span),
                )
                .with_help(help),
            })
        })
        .collect()
}
