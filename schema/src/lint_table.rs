//! The `[lint]` table, the same in every game's files: each key a check name
//! (checked against the game's checks by the validator), each value a level
//! and the reason it is set. Read, written and described here once.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::{Value, json};
use toml::Spanned;

use crate::document::{FromToml, Reader};
use crate::error::{FormatCode, FormatError, Problems};
use crate::json_schema::table;
use crate::limits;
use crate::source::{SourceFile, Span};
use crate::suggest;
use crate::toml_file::{Text, key, quote, span_of, text_problems};

/// A lint check name as a JSON Schema pattern: kebab-case words (`unreachable-space`).
pub const CHECK_NAME: &str = "^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$";

/// Lint levels set in a file, by check name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LintSettings {
    /// Settings by check name (validated against the check registry by the validator).
    pub checks: BTreeMap<String, LintSetting>,
}

/// The level chosen for one check, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LintSetting {
    /// The level.
    pub level: LintLevel,
    /// Why the default is overridden (required).
    pub reason: String,
    /// Span of the check name.
    pub name_span: Span,
}

/// How a check's findings are reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LintLevel {
    /// Not reported.
    Allow,
    /// Reported, does not fail the lint.
    Warn,
    /// Reported, fails the lint.
    Deny,
}

impl LintLevel {
    /// All levels.
    pub const ALL: [Self; 3] = [Self::Allow, Self::Warn, Self::Deny];

    /// The word used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Allow => "allow",
            Self::Warn => "warn",
            Self::Deny => "deny",
        }
    }
}

crate::raw_table! {
    /// One entry of a `[lint]` table, key for key.
    pub struct TomlLint {
        level: Text,
        reason: Text,
    }
}

/// A raw `[lint]` table, as a game's raw file type holds it.
pub type TomlLintTable = BTreeMap<Text, Spanned<TomlLint>>;

/// The `[lint]` table of a map file whose other parts may not resolve, so
/// its settings can still be checked: `None` when the file is not TOML or the
/// table itself does not read. Other keys are ignored here (the full parse
/// reports them).
pub fn lint_only(source: &Arc<SourceFile>) -> Option<LintSettings> {
    let mut document = toml::de::DeTable::parse(source.text()).ok()?.into_inner();
    let Some(table) = document.remove("lint") else {
        return Some(LintSettings::default());
    };
    let mut reader = Reader::new(source.text());
    let raw = TomlLintTable::read(table, &mut reader).ok()?;
    reader
        .problems
        .is_empty()
        .then(|| lint_settings(raw, &mut Problems::new()))
}

/// Reads a `[lint]` table, the same in every game's files: each key a check
/// name (checked against the game's checks by the validator), each value a
/// level and the reason it is set.
pub fn lint_settings(raw: TomlLintTable, errors: &mut Problems) -> LintSettings {
    let mut checks = BTreeMap::new();
    for (name, setting) in raw {
        let setting = setting.into_inner();
        let level_text = setting.level.get_ref();
        let Some(level) = LintLevel::ALL.into_iter().find(|l| l.name() == level_text) else {
            let help = suggest::closest(level_text, LintLevel::ALL.iter().map(|l| l.name()))
                .map(|best| format!("did you mean `{best}`?"))
                .unwrap_or_else(|| "use `allow`, `warn` or `deny`".to_string());
            errors.push(
                FormatError::new(
                    FormatCode::InvalidValue,
                    format!("`{level_text}` is not a lint level"),
                    Some(span_of(&setting.level)),
                )
                .with_help(help),
            );
            continue;
        };
        if setting.reason.get_ref().trim().is_empty() {
            errors.push(
                FormatError::new(
                    FormatCode::InvalidValue,
                    format!("the reason for setting `{}` is empty", name.get_ref()),
                    Some(span_of(&setting.reason)),
                )
                .with_help(format!(
                    "say why the check is `{}` here, so a reader knows it is deliberate",
                    level.name()
                )),
            );
            continue;
        }
        errors.extend(text_problems(
            &setting.reason,
            "the reason for a lint setting",
            false,
        ));
        checks.insert(
            name.get_ref().clone(),
            LintSetting {
                level,
                reason: setting.reason.into_inner(),
                name_span: span_of(&name),
            },
        );
    }
    LintSettings { checks }
}

/// A `[lint]` table, written the same in every game's files.
pub fn write_lint(out: &mut String, lint: &LintSettings) {
    if lint.checks.is_empty() {
        return;
    }
    out.push_str("\n[lint]\n");
    for (name, setting) in &lint.checks {
        let _ = writeln!(
            out,
            "{} = {{ level = \"{}\", reason = {} }}",
            key(name),
            setting.level.name(),
            quote(&setting.reason)
        );
    }
}

/// The JSON Schema of a `[lint]` table, self-contained (no `$defs`): check
/// names, each with a level and a reason.
pub fn lint_table(scope: &str) -> Value {
    json!({
        "type": "object",
        "description": format!("{scope}, by check name: each entry sets a level and says why the default is overridden."),
        "patternProperties": {
            CHECK_NAME: table(
                "The level of one check and why the default is overridden.",
                &["level", "reason"],
                json!({
                    "level": { "type": "string", "enum": ["allow", "warn", "deny"] },
                    "reason": { "type": "string", "minLength": 1, "maxLength": limits::MAX_TEXT_CHARS }
                })
            )
        },
        "additionalProperties": false
    })
}
