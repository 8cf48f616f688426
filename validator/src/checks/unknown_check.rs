//! L001: lint settings that name no check.

use std::sync::Arc;

use deckplan_schema::model::LintSettings;
use deckplan_schema::{SourceFile, suggest};

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
    /// ## How to fix
    /// Use the name the help line suggests; `deckplan explain` lists every name.
    code: "L001",
    name: "unknown-check",
    severity: Error,
}

/// Reports unknown names in one file's lint settings.
pub fn check(settings: &LintSettings, file: &Arc<SourceFile>, out: &mut Vec<Finding>) {
    let names: Vec<&'static str> = super::REGISTRY.iter().map(|c| c.meta.name).collect();
    for (name, setting) in &settings.checks {
        if super::by_name(name).is_some_and(|m| m.code != META.code) {
            continue;
        }
        let help = match suggest::closest(name, names.iter().copied()) {
            Some(best) => format!("did you mean `{best}`?"),
            None => "`deckplan explain` lists every check name".to_string(),
        };
        out.push(Finding {
            message: format!("`{name}` is not the name of a check"),
            file: Arc::clone(file),
            span: Some(setting.name_span),
            page: None,
            place: None,
            help: Some(help),
            labels: Vec::new(),
        });
    }
}
