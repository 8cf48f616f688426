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
