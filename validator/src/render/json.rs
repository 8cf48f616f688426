//! JSON output for scripts and editors: one document with every finding and
//! the counts, so a consumer never has to parse human text.
//!
//! The shape is versioned (`"version": 1`) and built from small output structs
//! here rather than by deriving `Serialize` on the core types, so renaming a
//! field in the library cannot silently change what consumers read.
//!
//! ```json
//! {
//!   "version": 1,
//!   "diagnostics": [
//!     {
//!       "code": "F002", "name": "unknown-key", "severity": "error",
//!       "message": "unknown key `dors`", "file": "book1/page1.toml",
//!       "line": 14, "column": 1, "end_line": 14, "end_column": 5,
//!       "page": "L1p1", "place": "L1p1",
//!       "board_place": { "ruleset": "enormity", "kind": "page", "page": "L1p1" },
//!       "help": "did you mean `doors`?",
//!       "labels": []
//!     }
//!   ],
//!   "summary": { "errors": 1, "warnings": 0, "packs": 1, "pages": 1 }
//! }
//! ```
//!
//! Figures that are not findings go in an `information` list between the two,
//! present only when there are some: a TI4 galaxy's seats, each as
//! `{"file", "kind": "seat-balance", "seat", "position", "within_one_move":
//! {"resources", "influence"}, "within_two_moves": {…},
//! "wormholes_within_two_moves": ["alpha"], "share": {"systems", "resources",
//! "influence", "optimal_resources", "optimal_influence", "optimal_total",
//! "tech_specialties", "legendary_planets", "wormholes", "anomalies"}}`, then
//! `{"file", "kind": "balance-spread", "optimal_total_spread", "best_seat",
//! "worst_seat"}`.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity};
use crate::render::{place_fields, range, slash_path};
use crate::ruleset::{Figure, LintOutcome};

/// Bumped when a field is removed or changes meaning; adding fields keeps it.
const VERSION: u32 = 1;

#[derive(Serialize)]
struct Output<'a> {
    version: u32,
    diagnostics: Vec<JsonDiagnostic<'a>>,
    /// Figures that are not findings (TI4 seat balance); left out when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    information: Vec<serde_json::Value>,
    summary: Summary,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    code: &'a str,
    name: &'a str,
    severity: &'a str,
    message: &'a str,
    file: String,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    page: Option<String>,
    place: Option<String>,
    /// The place field by field; see [`place_fields`].
    board_place: Option<serde_json::Value>,
    help: Option<&'a str>,
    labels: Vec<JsonLabel<'a>>,
}

#[derive(Serialize)]
struct JsonLabel<'a> {
    line: u32,
    column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct Summary {
    errors: usize,
    warnings: usize,
    packs: usize,
    /// Every board file checked, of every game (named before there were
    /// other games than Enormity's pages; kept so readers of it still work).
    pages: usize,
    /// The board files checked by what they are: `{"pages": 8, "ships": 2}`.
    boards: std::collections::BTreeMap<&'static str, usize>,
}

impl<'a> From<&'a Diagnostic> for JsonDiagnostic<'a> {
    fn from(diagnostic: &'a Diagnostic) -> Self {
        let (start, end) = range(diagnostic);
        Self {
            code: diagnostic.code,
            name: diagnostic.name,
            severity: diagnostic.severity.name(),
            message: &diagnostic.message,
            file: slash_path(diagnostic.file.path()),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            page: diagnostic.board(),
            place: diagnostic.place.map(|place| place.to_string()),
            board_place: diagnostic.place.as_ref().map(place_fields),
            help: diagnostic.help.as_deref(),
            labels: diagnostic
                .labels
                .iter()
                .map(|label| {
                    let at = diagnostic.file.line_col(label.span.start);
                    JsonLabel {
                        line: at.line,
                        column: at.column,
                        message: &label.message,
                    }
                })
                .collect(),
        }
    }
}

/// One figure: its file, then its own fields.
fn information(info: &Figure) -> serde_json::Value {
    let mut fields = serde_json::Map::new();
    fields.insert("file".into(), slash_path(info.file.path()).into());
    if let serde_json::Value::Object(own) = &info.fields {
        fields.extend(own.clone());
    }
    serde_json::Value::Object(fields)
}

/// The whole outcome as one pretty-printed JSON document, ending in a newline.
pub fn render(outcome: &LintOutcome) -> String {
    let output = Output {
        version: VERSION,
        diagnostics: outcome
            .diagnostics
            .iter()
            .map(JsonDiagnostic::from)
            .collect(),
        information: outcome.figures.iter().map(information).collect(),
        summary: Summary {
            errors: outcome.count(Severity::Error),
            warnings: outcome.count(Severity::Warning),
            packs: outcome.packs,
            pages: outcome.boards,
            boards: outcome
                .tally
                .iter()
                .map(|tally| (tally.noun.many, tally.in_packs + tally.alone))
                .collect(),
        },
    };
    // Serializing plain structs of strings and integers cannot fail; an empty
    // document would still be valid JSON for a consumer if it somehow did.
    let mut text = serde_json::to_string_pretty(&output).unwrap_or_else(|_| "{}".to_string());
    text.push('\n');
    text
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::render::tests::{outcome, warning};

    #[test]
    fn every_field_is_present_and_typed() {
        let outcome = outcome(vec![warning()]);
        let value: serde_json::Value = serde_json::from_str(&render(&outcome)).unwrap();
        assert_eq!(
            value,
            serde_json::json!({
                "version": 1,
                "diagnostics": [{
                    "code": "Z901",
                    "name": "unreachable-space",
                    "severity": "warning",
                    "message": "C3 cannot be reached from any spacer start",
                    "file": "pack/book1/page1.toml",
                    "line": 2,
                    "column": 3,
                    "end_line": 2,
                    "end_column": 5,
                    "page": "L1p2",
                    "place": "L1p2 C3",
                    "board_place": {
                        "ruleset": "enormity", "kind": "space", "page": "L1p2", "space": "C3"
                    },
                    "help": "open a door, or remove the space",
                    "labels": [{ "line": 1, "column": 1, "message": "grid drawn here" }]
                }],
                "summary": { "errors": 0, "warnings": 1, "packs": 1, "pages": 2, "boards": { "pages": 2 } }
            })
        );
    }
}
