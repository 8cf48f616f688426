//! End-to-end tests of `deckplan reach` on the rulebook's first Spacer
//! movement example (`tests/fixtures/rules/spacer-movement-ex1`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rules/spacer-movement-ex1")
}

fn reach(extra: &[&str]) -> Output {
    reach_from("L1p1:C5", extra)
}

fn reach_from(from: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .arg("reach")
        .arg(example())
        .args([
            "--from",
            from,
            "--move",
            "3",
            "--spacer",
            "L1p1:C3",
            "--intruder",
            "L1p1:E5",
            "--open-door",
            "L1p1:1",
        ])
        .args(extra)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn draws_the_map_and_lists_every_destination_with_its_path() {
    let out = reach(&["--why", "L1p1:A6", "--paths"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    // The row of the two Spacers: C2 three steps away, the other Spacer, the mover.
    assert!(text.contains("C       3   s   1   @   1\n"), "{text}");
    assert!(text.contains("E                   i\n"), "{text}");
    assert!(
        text.contains("11 spaces reachable from L1p1:C5 with move 3:"),
        "{text}"
    );
    assert!(
        text.contains("  L1p1:C2      3  L1p1:C4 L1p1:C3 L1p1:C2\n"),
        "{text}"
    );
    assert!(
        text.contains("L1p1:A6 cannot be reached: L1p1 door 2 between A6 and B6 is closed"),
        "{text}"
    );
}

#[test]
fn json_lists_the_same_destinations() {
    let out = reach(&["--format", "json", "--why", "L1p1:F5", "--paths"]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let destinations = json["destinations"].as_array().unwrap();
    assert_eq!(destinations.len(), 11);
    let c2 = destinations
        .iter()
        .find(|d| d["space"] == "L1p1:C2")
        .unwrap();
    assert_eq!(c2["steps"], 3);
    assert_eq!(c2["path"][1], "L1p1:C3");
    assert_eq!(json["why"]["reachable"], false);
    let reason = json["why"]["reason"].as_str().unwrap();
    assert!(reason.contains("an Intruder on L1p1 E5"), "{reason}");
}

#[test]
fn bad_places_are_usage_errors() {
    // The same place reader as `blip` and `los`: each message names the part
    // that is wrong and, where it can, the place that was probably meant.
    for (from, extra, message) in [
        (
            "L1p1C5",
            None,
            "`L1p1C5` does not start with a page and a colon; did you mean `L1p1:C5`?",
        ),
        (
            "L1p1:c5",
            None,
            "bad space in `L1p1:c5`: row letters are upper-case in `c5` (did you mean `L1p1:C5`?)",
        ),
        (
            "L1p1:C5",
            Some("L1p1:x"),
            "bad door number in `L1p1:x`: `x` is not a door number; write it like `L1p1:2`",
        ),
    ] {
        let extra: Vec<&str> = extra.map(|d| vec!["--open-door", d]).unwrap_or_default();
        let out = reach_from(from, &extra);
        assert_eq!(out.status.code(), Some(2), "{from} {extra:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, format!("error: {message}\n"));
    }
    let out = reach_from("L1p1:A1", &[]);
    assert_eq!(out.status.code(), Some(2), "out of bounds start");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("out of bounds or an obstacle"), "{stderr}");
}

#[test]
fn figures_and_doors_off_the_pack_are_usage_errors() {
    for (flag, place, message) in [
        (
            "--intruder",
            "L1p1:Z9",
            "L1p1 Z9 is off the page (6×6); its spaces run from A1 to F6",
        ),
        (
            "--spacer",
            "L1p2:C3",
            "the pack has no page L1p2; it has L1p1",
        ),
        (
            "--welded-door",
            "L1p1:7",
            "L1p1 has no door 7; its doors are 1, 2",
        ),
    ] {
        let out = reach(&[flag, place]);
        assert_eq!(out.status.code(), Some(2), "{flag} {place}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr, format!("error: {message}\n"));
    }
}

#[test]
fn why_counts_steps_in_words() {
    let one = String::from_utf8(reach(&["--why", "L1p1:C4"]).stdout).unwrap();
    assert!(
        one.contains("\nL1p1:C4 can be reached in 1 step.\n"),
        "{one}"
    );
    let three = String::from_utf8(reach(&["--why", "L1p1:C2"]).stdout).unwrap();
    assert!(
        three.contains("\nL1p1:C2 can be reached in 3 steps.\n"),
        "{three}"
    );
}

#[test]
fn by_default_destinations_are_listed_with_their_steps_only() {
    let out = reach(&["--limit", "4", "--path", "L1p1:C2", "--path", "L1p1:A6"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    let list = text
        .split_once("11 spaces reachable from L1p1:C5 with move 3:\n")
        .map(|(_, list)| list)
        .unwrap();
    assert_eq!(
        list,
        "  L1p1:D5      1\n\
         \x20 L1p1:C4      1\n\
         \x20 L1p1:C6      1\n\
         \x20 L1p1:B5      1\n\
         \x20 … and 7 more (--limit N lists more; --format json lists every one)\n\
         \x20 L1p1:C2      3  L1p1:C4 L1p1:C3 L1p1:C2\n\
         \x20 L1p1:A6    not reachable (--why L1p1:A6 says why)\n"
    );
}

#[test]
fn json_carries_paths_only_for_the_spaces_asked_about() {
    let out = reach(&["--format", "json", "--path", "L1p1:C2"]);
    assert!(out.status.success(), "{out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let destinations = json["destinations"].as_array().unwrap();
    assert_eq!(destinations.len(), 11, "JSON is never cut short");
    let with_paths: Vec<&str> = destinations
        .iter()
        .filter(|d| d.get("path").is_some())
        .map(|d| d["space"].as_str().unwrap())
        .collect();
    assert_eq!(with_paths, ["L1p1:C2"]);
    assert_eq!(
        destinations[0],
        serde_json::json!({ "space": "L1p1:D5", "steps": 1 })
    );
}

/// The pack limits may follow a game's subcommand, as they may follow a
/// shared one, and are read there.
#[test]
fn the_limits_may_follow_the_subcommand() {
    let out = reach(&["--max-pages", "4"]);
    assert!(out.status.success(), "{out:?}");
    let out = reach(&["--max-pages", "0"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--max-pages"),
        "{out:?}"
    );
}
