//! L001: lint settings that name no check.

use std::sync::Arc;

use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::{FormatCode, SourceFile, suggest};

use super::Finding;

declare_check! {
    /// ## What it checks
    /// Every key of a `[lint]` table (in `pack.toml` or a page file) must be the name of
    /// a check. Format codes (`F…`) cannot be allowed: a file that does not read is
    /// never a map.
    ///
    /// ## Why it matters
    /// A misspelt name would silently leave the check at its default level.
    ///
    /// ## Example
    /// ```toml
    /// [lint]
    /// misaligned-joins = { level = "allow", reason = "printed that way" }
    /// ```
    ///
    /// A format check's name or code gets "format checks cannot be set"; a rule check's
    /// code (`R001`) gets its name. A file with format errors still has its `[lint]`
    /// table checked, so its misspelt names are reported with the format errors.
    ///
    /// ## How to fix
    /// Use the name the help line suggests; `deckplan explain` lists every name.
    code: "L001",
    name: "unknown-check",
    severity: Error,
}

/// Reports unknown names in one file's lint settings.
pub fn check(settings: &LintSettings, file: &Arc<SourceFile>, out: &mut Vec<Finding>) {
    let names: Vec<&'static str> = super::CHECKS.iter().map(|c| c.meta.name).collect();
    for (name, setting) in &settings.checks {
        if super::by_name(name).is_some_and(|m| m.code != META.code) {
            continue;
        }
        let (message, help) = if let Some(format) = format_check(name) {
            (
                format!(
                    "`{name}` is the format check {} ({}); format checks cannot be set",
                    format.code(),
                    format.name()
                ),
                "a file that does not read is never a map: remove this setting and fix the file"
                    .to_string(),
            )
        } else if let Some(meta) = super::CHECKS
            .iter()
            .map(|c| c.meta)
            .find(|m| m.code.eq_ignore_ascii_case(name))
        {
            (
                format!("`{name}` is a check code; settings name checks by name"),
                format!("did you mean `{}`?", meta.name),
            )
        } else {
            let help = match suggest::closest(name, names.iter().copied()) {
                Some(best) => format!("did you mean `{best}`?"),
                None => "`deckplan explain` lists every check name".to_string(),
            };
            (format!("`{name}` is not the name of a check"), help)
        };
        out.push(Finding::in_file(file, Some(setting.name_span), message).help(help));
    }
}

/// The format check a setting names, by name (`duplicate`) or code (`F006`).
fn format_check(key: &str) -> Option<FormatCode> {
    FormatCode::ALL
        .into_iter()
        .find(|f| f.name() == key || f.code().eq_ignore_ascii_case(key))
}
