//! SARIF output for findings the bundled checks do not produce yet —
//! warnings, rule codes, labels, whole-file findings, awkward file names —
//! validates against the official SARIF 2.1.0 schema.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use std::path::Path;

use deckplan_schema::{
    SourceFile, Span,
    enormity::{LocationPlace, PageId, Space},
};
use deckplan_validator::diagnostic::{Diagnostic, Label, Severity};
use deckplan_validator::render::sarif;
use deckplan_validator::ruleset::LintOutcome;

fn warning() -> Diagnostic {
    Diagnostic {
        code: "R001",
        name: "unreachable-space",
        severity: Severity::Warning,
        message: "C3 cannot be reached from any spacer start".to_string(),
        file: SourceFile::new(
            "pack/book1/page1.toml",
            "grid = \"\"\"\nx abcd\n\"\"\"\n".to_string(),
        ),
        span: Some(Span { start: 13, end: 15 }),
        place: Some(LocationPlace::space(PageId { book: 1, page: 2 }, Space::new(2, 2)).into()),
        help: Some("open a door, or remove the space".to_string()),
        labels: vec![Label {
            span: Span { start: 0, end: 4 },
            message: "grid drawn here".to_string(),
        }],
    }
}

#[test]
fn every_kind_of_finding_is_valid_sarif() {
    let whole_file = Diagnostic {
        code: "E001",
        name: "empty-file",
        severity: Severity::Error,
        message: "the file is empty".to_string(),
        file: SourceFile::new("my maps/pack #2,ré.toml", String::new()),
        span: None,
        place: None,
        help: None,
        labels: Vec::new(),
    };
    let outcome = LintOutcome {
        diagnostics: vec![warning(), whole_file, warning()],
        packs: 1,
        boards: 2,
        ..LintOutcome::default()
    };
    for root in [None, Some(Path::new("/home/designer/my maps"))] {
        let log: serde_json::Value = serde_json::from_str(&sarif::render(&outcome, root)).unwrap();
        common::assert_valid_sarif(&log);
        let run = &log["runs"][0];
        assert_eq!(run["tool"]["driver"]["rules"].as_array().unwrap().len(), 2);
        assert_eq!(
            run["results"][1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
            "my%20maps/pack%20%232%2Cr%C3%A9.toml"
        );
    }
}

#[test]
fn an_empty_run_is_valid_sarif() {
    let log: serde_json::Value =
        serde_json::from_str(&sarif::render(&LintOutcome::default(), None)).unwrap();
    common::assert_valid_sarif(&log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn the_schema_check_catches_invalid_logs() {
    let outcome = LintOutcome {
        diagnostics: vec![warning()],
        packs: 1,
        boards: 1,
        ..LintOutcome::default()
    };
    let mut log: serde_json::Value = serde_json::from_str(&sarif::render(&outcome, None)).unwrap();
    log["runs"][0]["results"][0]["level"] = "fatal".into();
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert_eq!(
        common::sarif_errors(&log).len(),
        2,
        "{:?}",
        common::sarif_errors(&log)
    );
}
