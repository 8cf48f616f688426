//! `deckplan explain CODE` and the generated `docs/checks.md`: the
//! documentation of every diagnostic code, from one source.

use deckplan_schema::FormatCode;

use crate::check::Retired;
use crate::diagnostic::Severity;
use crate::ruleset::REGISTRY;

/// A documented code: stable code, kebab-case name, default severity and Markdown text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeDoc {
    /// Stable code, e.g. `F002`.
    pub code: &'static str,
    /// Kebab-case name, e.g. `unknown-key`.
    pub name: &'static str,
    /// Severity unless lint settings say otherwise.
    pub severity: Severity,
    /// Whether `[lint]` settings can change its level (format codes cannot).
    pub configurable: bool,
    /// What it checks, why, an example and how to fix it (Markdown).
    pub doc: String,
}

/// Every code deckplan can report: the shared format codes, then every
/// ruleset's checks in code order.
pub fn all_codes() -> Vec<CodeDoc> {
    let format = FormatCode::ALL.iter().map(|c| CodeDoc {
        code: c.code(),
        name: c.name(),
        severity: Severity::Error,
        configurable: false,
        doc: c.doc().to_string(),
    });
    let mut checks: Vec<_> = REGISTRY.all().flat_map(|r| r.checks()).collect();
    checks.sort_by_key(|m| m.code);
    checks.dedup_by_key(|m| m.code);
    let rules = checks.into_iter().map(|m| CodeDoc {
        code: m.code,
        name: m.name,
        severity: m.severity,
        configurable: true,
        doc: unindent(m.doc),
    });
    format.chain(rules).collect()
}

/// Every code retired, in code order: no check gives it any more, and none
/// will.
pub fn retired() -> Vec<Retired> {
    let mut retired: Vec<Retired> = REGISTRY
        .all()
        .flat_map(|r| r.retired().iter().copied())
        .collect();
    retired.sort_by_key(|r| r.code);
    retired
}

/// Finds a retired code by its code (`L001`, any case).
pub fn find_retired(query: &str) -> Option<Retired> {
    retired()
        .into_iter()
        .find(|r| r.code.eq_ignore_ascii_case(query))
}

/// Doc comments arrive with the space after `///` on every line; Markdown
/// headings and code blocks need it gone.
fn unindent(doc: &str) -> String {
    let lines: Vec<&str> = doc
        .lines()
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    let mut text = lines.join("\n").trim().to_string();
    text.push('\n');
    text
}

/// Finds a code by its code (`F002`, any case) or its name (`unknown-key`).
pub fn find(query: &str) -> Option<CodeDoc> {
    all_codes()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(query) || c.name == query)
}

/// The family a code belongs to, from its letter: the format codes every
/// game shares, or the family its game declares.
fn family(code: &str) -> &'static str {
    let letter = code.chars().next();
    if letter == Some('F') {
        return "Format";
    }
    REGISTRY
        .all()
        .flat_map(|ruleset| ruleset.families().iter())
        .find(|(family, _)| Some(*family) == letter)
        .map_or("Other", |(_, name)| *name)
}

/// The text of `docs/checks.md`.
pub fn markdown() -> String {
    let codes = all_codes();
    let mut out = String::from(
        "# Checks\n\n\
         Every diagnostic `deckplan lint` can report. This file is generated from the checks' \
         own documentation by `deckplan explain --markdown`; a test fails when it is stale.\n\n\
         Rule checks can be set to `allow`, `warn` or `deny` in the `[lint]` table of `pack.toml` \
         or of a board file that has one, with a reason (see [format.md](format.md)); format codes cannot.\n\n\
         | code | name | family | default |\n|---|---|---|---|\n",
    );
    for c in &codes {
        out.push_str(&format!(
            "| [{code}](#{anchor}) | `{name}` | {family} | {severity} |\n",
            code = c.code,
            anchor = format!("{}-{}", c.code, c.name).to_lowercase(),
            name = c.name,
            family = family(c.code),
            severity = c.severity.name(),
        ));
    }
    push_retired(&mut out);
    for c in &codes {
        let configurable = if c.configurable {
            ""
        } else {
            ", cannot be allowed"
        };
        let body = c.doc.trim().replace("\n## ", "\n### ");
        let body = body
            .strip_prefix("## ")
            .map_or(body.clone(), |b| format!("### {b}"));
        out.push_str(&format!(
            "\n## {code} {name}\n\n*{family}, {severity} by default{configurable}.*\n\n{body}\n",
            code = c.code,
            name = c.name,
            family = family(c.code),
            severity = c.severity.name(),
        ));
    }
    out
}

/// The table of retired codes, when there are any.
fn push_retired(out: &mut String) {
    let retired = retired();
    if retired.is_empty() {
        return;
    }
    out.push_str(
        "\nRetired codes are never given to another check:\n\n\
         | code | name | now |\n|---|---|---|\n",
    );
    for r in &retired {
        out.push_str(&format!("| {} | `{}` | {} |\n", r.code, r.name, r.fate));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retired_code_is_given_by_no_check_and_found_as_retired() {
        let live: Vec<&str> = all_codes().iter().map(|c| c.code).collect();
        let retired = retired();
        for (i, r) in retired.iter().enumerate() {
            assert!(
                !live.contains(&r.code),
                "{} is retired, but a check gives it",
                r.code
            );
            assert!(
                retired.iter().skip(i + 1).all(|other| other.code != r.code),
                "{} is retired twice",
                r.code
            );
            assert_eq!(find_retired(&r.code.to_lowercase()), Some(*r));
            assert!(!r.fate.is_empty(), "say what became of {}", r.code);
        }
    }

    #[test]
    fn every_code_belongs_to_a_family_its_game_declares_and_no_letter_to_two_games() {
        for code in all_codes() {
            assert_ne!(family(code.code), "Other", "{} has no family", code.code);
        }
        let mut letters: Vec<char> = REGISTRY
            .all()
            .flat_map(|ruleset| ruleset.families().iter().map(|(letter, _)| *letter))
            .collect();
        let declared = letters.len();
        letters.sort_unstable();
        letters.dedup();
        assert_eq!(
            letters.len(),
            declared,
            "a letter is declared twice: {letters:?}"
        );
        assert!(!letters.contains(&'F'), "F is the shared format family");
        for ruleset in REGISTRY.all() {
            for check in ruleset.checks() {
                let letter = check.code.chars().next();
                assert!(
                    ruleset.families().iter().any(|(f, _)| Some(*f) == letter),
                    "{} of {} is in no family {} declares",
                    check.code,
                    ruleset.name(),
                    ruleset.name()
                );
            }
        }
    }
}
