//! What every game's checks share: a check's stable code, kebab-case name,
//! default severity and documentation, declared next to the check with
//! [`declare_check!`](crate::declare_check). `deckplan explain` and
//! `docs/checks.md` are generated from these, whatever the game.

use crate::diagnostic::Severity;

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
