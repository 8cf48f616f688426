//! `deckplan explain CODE`: the documentation of every diagnostic code.

use deckplan_schema::FormatCode;

/// A documented code: stable code, kebab-case name and Markdown text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeDoc {
    /// Stable code, e.g. `F002`.
    pub code: &'static str,
    /// Kebab-case name, e.g. `unknown-key`.
    pub name: &'static str,
    /// What it checks, why, an example and how to fix it.
    pub doc: &'static str,
}

/// Every code deckplan can report, in code order.
pub fn all_codes() -> Vec<CodeDoc> {
    FormatCode::ALL
        .iter()
        .map(|c| CodeDoc {
            code: c.code(),
            name: c.name(),
            doc: c.doc(),
        })
        .collect()
}

/// Finds a code by its code (`F002`, any case) or its name (`unknown-key`).
pub fn find(query: &str) -> Option<CodeDoc> {
    all_codes()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(query) || c.name == query)
}
