//! Generated documentation stays in step with the code, and every code is
//! documented and unique.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use deckplan_validator::explain;

#[test]
fn docs_checks_md_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/checks.md");
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == explain::markdown(),
        "docs/checks.md is stale: run `cargo run -- explain --markdown > docs/checks.md`"
    );
}

#[test]
fn codes_and_names_are_unique() {
    let codes = explain::all_codes();
    let unique_codes: BTreeSet<&str> = codes.iter().map(|c| c.code).collect();
    let unique_names: BTreeSet<&str> = codes.iter().map(|c| c.name).collect();
    assert_eq!(unique_codes.len(), codes.len(), "two checks share a code");
    assert_eq!(unique_names.len(), codes.len(), "two checks share a name");
}

#[test]
fn every_code_is_documented_under_the_fixed_headings() {
    for c in explain::all_codes() {
        for heading in [
            "## What it checks",
            "## Why it matters",
            "## Example",
            "## How to fix",
        ] {
            assert!(
                c.doc.contains(heading),
                "{} {} lacks `{heading}`",
                c.code,
                c.name
            );
        }
        let kebab = c.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
        assert!(kebab, "{} is not kebab-case", c.name);
    }
}

/// Every limit in `schema/src/limits.rs` has its row in the limits table of
/// `docs/robustness.md`, with the error it gives.
#[test]
fn the_limits_table_lists_every_limit() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let limits = std::fs::read_to_string(format!("{root}/schema/src/limits.rs")).unwrap();
    let doc = std::fs::read_to_string(format!("{root}/docs/robustness.md")).unwrap();
    let table: Vec<&str> = doc
        .split("\n## Limits\n")
        .nth(1)
        .unwrap()
        .lines()
        .filter(|line| line.starts_with("| `"))
        .collect();
    let names: Vec<&str> = limits
        .lines()
        .filter_map(|line| line.strip_prefix("pub const "))
        .filter_map(|rest| rest.split(':').next())
        .collect();
    assert!(names.len() >= 21, "read the limits: {names:?}");
    let missing: Vec<&&str> = names
        .iter()
        .filter(|name| {
            let cell = format!("`{name}`");
            !table.iter().any(|row| {
                let first = row.split(" | ").next().unwrap_or("");
                first.contains(&cell) && row.matches(" | ").count() >= 3
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "docs/robustness.md's limits table lacks {missing:?}"
    );
}
