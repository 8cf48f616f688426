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

/// The rows of the limits table of `docs/robustness.md`.
fn limits_table() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/robustness.md");
    let doc = std::fs::read_to_string(path).unwrap();
    doc.split("\n## Limits\n")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap()
        .lines()
        .filter(|line| line.starts_with("| `"))
        .map(str::to_string)
        .collect()
}

/// How the table may write a value: `4096`, `4,000,000`, `16 MiB`, `150 million`.
fn written(value: f64) -> Vec<String> {
    if value.fract() != 0.0 || !(1.0..9e15).contains(&value) {
        return vec![value.to_string()];
    }
    let n = value as u64;
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let mut ways = vec![digits, grouped];
    if n.is_multiple_of(1 << 20) {
        ways.push(format!("{} MiB", n >> 20));
    }
    if n.is_multiple_of(1_000_000) {
        ways.push(format!("{} million", n / 1_000_000));
    }
    ways
}

/// Whether `cell` gives `value` as a number of its own (`4` is not in `400`
/// or `4,096`).
fn gives(cell: &str, value: f64) -> bool {
    written(value).iter().any(|way| {
        cell.match_indices(way.as_str()).any(|(at, _)| {
            let before = cell[..at].chars().next_back();
            let mut after = cell[at + way.len()..].chars();
            let next = after.next();
            let digit_after = next.is_some_and(|c| c.is_ascii_digit())
                || (matches!(next, Some(',' | '.'))
                    && after.next().is_some_and(|c| c.is_ascii_digit()));
            !before.is_some_and(|c| c.is_ascii_digit() || c == ',' || c == '.') && !digit_after
        })
    })
}

/// Every limit of every game (`deckplan_schema::limits::every`: the shared
/// ones as `NAME`, a game's as `game::NAME`) has its row in the limits table
/// of `docs/robustness.md`, which gives its value; every name the table
/// gives is a limit; and every limit a run may set names its flag there.
#[test]
fn the_limits_table_lists_every_limit_with_its_value() {
    let table = limits_table();
    let mut known = BTreeSet::new();
    let mut wrong = Vec::new();
    for (game, limit) in deckplan_schema::limits::every() {
        let name = match game {
            Some(game) => format!("{game}::{}", limit.name),
            None => limit.name.to_string(),
        };
        let cell = format!("`{name}`");
        let row = table.iter().find(|row| {
            let first = row.split(" | ").next().unwrap_or("");
            first.contains(&cell) && row.matches(" | ").count() >= 3
        });
        match row.and_then(|row| row.split(" | ").nth(1)) {
            None => wrong.push(format!("{name} has no row")),
            Some(value) if !gives(value, limit.value) => wrong.push(format!(
                "{name} is {}, but its row says `{value}`",
                limit.value
            )),
            Some(_) => {}
        }
        known.insert(name);
    }
    assert!(known.len() >= 24, "read the limits: {known:?}");
    for row in &table {
        let first = row.split(" | ").next().unwrap_or("");
        for name in first.split('`').skip(1).step_by(2) {
            let a_limit =
                name.starts_with("MAX_") || name.starts_with("MIN_") || name.contains("::");
            if a_limit && !known.contains(name) {
                wrong.push(format!("the table lists `{name}`, which is no limit"));
            }
        }
    }
    for settable in deckplan_schema::limits::settable() {
        let flag = format!("`--{}`", settable.flag);
        if !table.iter().any(|row| row.contains(&flag)) {
            wrong.push(format!("no row names {flag}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/robustness.md's limits table:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn a_value_is_found_only_as_a_number_of_its_own() {
    assert!(gives("4,000,000 (2000 × 2000)", 4_000_000.0));
    assert!(gives("8192 px, 256 MiB", 268_435_456.0));
    assert!(gives("50, 400 million, 64 MiB", 50.0));
    assert!(gives("4", 4.0));
    assert!(!gives("400", 4.0));
    assert!(!gives("4,096", 4.0));
    assert!(!gives("1000", 100.0));
}
