//! Renderers: each turns the same [`Diagnostic`](crate::diagnostic::Diagnostic)
//! data into one output format, one file per format.
//!
//! The few facts every machine-readable format needs — a path with `/`, a
//! start and end position, the one-line text — are computed here once so the
//! formats cannot disagree about them.

pub mod github;
pub mod human;
pub mod json;
pub mod sarif;

use std::path::Path;

use deckplan_schema::{LineCol, Place};

use crate::diagnostic::Diagnostic;

/// A path as machine formats print it: `/` between components on every
/// platform, so CI annotations and snapshots read the same on Windows.
pub fn slash_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        text.into_owned()
    } else {
        text.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

/// Text from a map file made safe for a terminal or a log: every control
/// character (escape sequences, carriage returns, C1 codes) is written as
/// `\u{1b}`, so a key name cannot recolour, erase or forge output.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Free text from a map file as a board drawn in the terminal shows it: each
/// control character replaced by `�`, one symbol for one character, so
/// columns still line up and a name cannot move the cursor, retitle the
/// terminal or start a line of its own (a forged CI workflow command).
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| if c.is_control() { '\u{fffd}' } else { c })
            .collect(),
    )
}

/// A path as a message shows it, control characters escaped (a file name
/// may hold any of them).
pub fn shown_path(path: &Path) -> String {
    escape_controls(&path.display().to_string()).into_owned()
}

/// Start and end of a diagnostic's primary span; the end is exclusive (the
/// position just after the last character). Whole-file findings are an empty
/// range at 1:1.
pub fn range(diagnostic: &Diagnostic) -> (LineCol, LineCol) {
    match diagnostic.span {
        Some(span) => {
            let file = &diagnostic.file;
            (
                file.line_col(span.start),
                file.line_col(span.end.max(span.start)),
            )
        }
        None => {
            let start = LineCol { line: 1, column: 1 };
            (start, start)
        }
    }
}

/// A board place field by field, for JSON and SARIF consumers: the ruleset,
/// a `kind`, and the positions in printed notation, e.g.
/// `{"ruleset": "enormity", "kind": "door", "page": "L1p2", "number": 4,
/// "edge": "H3 north", "between": ["H3", "H4"]}` (each game says its own, see
/// [`BoardPlace::fields`](deckplan_schema::BoardPlace::fields)).
pub fn place_fields(place: &Place) -> serde_json::Value {
    place.fields()
}

/// The message with its board place and fix on one line:
/// `unknown key `dors` (at L1p1) — did you mean `doors`?`. For formats that
/// show a single line of text per finding.
pub fn one_line(diagnostic: &Diagnostic) -> String {
    let mut text = diagnostic.message.clone();
    if let Some(place) = &diagnostic.place {
        text.push_str(&format!(" (at {place})"));
    }
    if let Some(help) = &diagnostic.help {
        text.push_str(" — ");
        text.push_str(help);
    }
    text
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
pub(crate) mod tests {
    //! Diagnostics built by hand, so every renderer is tested with a warning,
    //! a rule code and a label before any check produces them.

    use deckplan_schema::{
        Place, SourceFile, Span,
        enormity::{LocationPlace, PageId, Space},
    };

    use super::*;
    use crate::diagnostic::{Label, Severity};
    use crate::ruleset::LintOutcome;

    /// A warning from a (future) rule check, with place, help and one label.
    pub(crate) fn warning() -> Diagnostic {
        let text = "grid = \"\"\"\nx abcd\n\"\"\"\n".to_string();
        Diagnostic {
            code: "Z901",
            name: "unreachable-space",
            severity: Severity::Warning,
            message: "C3 cannot be reached from any spacer start".to_string(),
            file: SourceFile::new("pack/book1/page1.toml", text),
            span: Some(Span { start: 13, end: 15 }),
            place: Some(Place::Enormity(LocationPlace::space(
                PageId { book: 1, page: 2 },
                Space::new(2, 2),
            ))),
            help: Some("open a door, or remove the space".to_string()),
            labels: vec![Label {
                span: Span { start: 0, end: 4 },
                message: "grid drawn here".to_string(),
            }],
        }
    }

    /// An outcome of one pack with two pages.
    pub(crate) fn outcome(diagnostics: Vec<Diagnostic>) -> LintOutcome {
        LintOutcome {
            diagnostics,
            packs: 1,
            boards: 2,
            tally: vec![crate::ruleset::Tally {
                noun: crate::ruleset::Noun {
                    one: "page",
                    many: "pages",
                },
                in_packs: 2,
                alone: 0,
            }],
            ..LintOutcome::default()
        }
    }

    #[test]
    fn ranges_are_exclusive_and_whole_files_sit_at_one_one() {
        let mut diagnostic = warning();
        let (start, end) = range(&diagnostic);
        assert_eq!(
            (start.line, start.column, end.line, end.column),
            (2, 3, 2, 5)
        );
        diagnostic.span = None;
        let (start, end) = range(&diagnostic);
        assert_eq!(
            (start.line, start.column, end.line, end.column),
            (1, 1, 1, 1)
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            escape_controls("a\u{1b}[31mred\u{9b}\r\n\tb"),
            "a\\u{1b}[31mred\\u{9b}\\u{d}\\u{a}\\u{9}b"
        );
        assert!(matches!(
            escape_controls("plain é"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(printable("a\u{1b}]0;x\u{7}\n::b"), "a�]0;x��::b");
        assert!(matches!(
            printable("plain é"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(
            shown_path(Path::new("out/a\u{1b}[2J.png")),
            "out/a\\u{1b}[2J.png"
        );
    }

    #[test]
    fn one_line_adds_place_and_help_only_when_present() {
        let mut diagnostic = warning();
        assert_eq!(
            one_line(&diagnostic),
            "C3 cannot be reached from any spacer start (at L1p2 C3) — open a door, or remove the space"
        );
        diagnostic.place = None;
        diagnostic.help = None;
        assert_eq!(one_line(&diagnostic), diagnostic.message);
    }
}
