//! Every check of every game has a failing fixture that yields exactly its
//! own diagnostics (snapshotted in full) and a passing fixture that yields
//! none, found from the registry, so a game's new check is tested by adding
//! its folder.
//!
//! Fixtures live in `tests/fixtures/checks/<game>/<CODE>-<name>/{fail,pass}/`,
//! each a small pack of that game. A check with another kind of message adds
//! a further failing case beside them (`fail-<what>`), snapshotted as
//! `<CODE>-<name>-<what>`; such a case must report its check and may report
//! what follows from it (a broken file's format error, say).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_validator::check::CheckMeta;
use deckplan_validator::lint::lint_paths;
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ruleset::LintOutcome;
use deckplan_validator::ruleset::{REGISTRY, Ruleset};

fn lint(path: &Path) -> LintOutcome {
    lint_paths(&[path.to_path_buf()]).unwrap()
}

fn render(outcome: &LintOutcome) -> String {
    human::render(&outcome.diagnostics, &outcome.summary(), Styling::Plain)
}

/// A check's fixture folder.
fn folder(ruleset: &dyn Ruleset, check: &CheckMeta) -> PathBuf {
    Path::new("fixtures/checks")
        .join(ruleset.name())
        .join(format!("{}-{}", check.code, check.name))
}

/// The folders below `dir`, by name, sorted.
fn folders(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Lints every case of one check and compares it with what is expected.
fn check_one(ruleset: &dyn Ruleset, check: &CheckMeta) {
    let dir = folder(ruleset, check);
    let name = format!("{}-{}", check.code, check.name);
    let fail = lint(&dir.join("fail"));
    let codes: Vec<&str> = fail.diagnostics.iter().map(|d| d.code).collect();
    assert!(!codes.is_empty(), "{name}/fail produced no diagnostic");
    assert!(
        codes.iter().all(|c| *c == check.code),
        "{name}/fail produced other codes: {codes:?}\n{}",
        render(&fail)
    );
    insta::assert_snapshot!(name.clone(), render(&fail));
    let pass = lint(&dir.join("pass"));
    assert!(
        pass.diagnostics.is_empty(),
        "{name}/pass is not clean:\n{}",
        render(&pass)
    );
    for case in folders(&dir) {
        let Some(what) = case.strip_prefix("fail-") else {
            continue;
        };
        let outcome = lint(&dir.join(&case));
        assert!(
            outcome.diagnostics.iter().any(|d| d.code == check.code),
            "{name}/{case} does not report {}:\n{}",
            check.code,
            render(&outcome)
        );
        insta::assert_snapshot!(format!("{name}-{what}"), render(&outcome));
    }
}

#[test]
fn every_check_of_every_game_fails_its_failing_fixtures_and_passes_its_passing_one() {
    let mut failed = Vec::new();
    for ruleset in REGISTRY.all() {
        for check in ruleset.checks() {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                check_one(ruleset, &check);
            }));
            if run.is_err() {
                failed.push(format!("{} {}", ruleset.name(), check.code));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "checks whose fixtures failed: {failed:?}"
    );
}

/// A registered check without fixtures, or a folder that is no check, fails.
#[test]
fn the_fixture_folders_are_the_registered_checks_of_each_game() {
    let games: Vec<String> = REGISTRY.names().map(str::to_string).collect();
    let mut sorted = games.clone();
    sorted.sort();
    assert_eq!(
        folders(Path::new("fixtures/checks")),
        sorted,
        "one fixture folder per registered game"
    );
    for ruleset in REGISTRY.all() {
        let mut expected: Vec<String> = ruleset
            .checks()
            .iter()
            .map(|c| format!("{}-{}", c.code, c.name))
            .collect();
        expected.sort();
        let on_disk = folders(&Path::new("fixtures/checks").join(ruleset.name()));
        assert_eq!(on_disk, expected, "fixtures of {}", ruleset.name());
        for check in ruleset.checks() {
            let dir = folder(ruleset, &check);
            for case in ["fail", "pass"] {
                assert!(dir.join(case).is_dir(), "{} has no {case}", dir.display());
            }
        }
    }
}

/// `deckplan explain` can say what every check is: its documentation has
/// the fixed headings, each with text under it.
#[test]
fn every_check_of_every_game_is_explained() {
    for ruleset in REGISTRY.all() {
        for check in ruleset.checks() {
            let doc = deckplan_validator::explain::find(check.code)
                .unwrap_or_else(|| panic!("{} has no explain text", check.code))
                .doc;
            for heading in [
                "## What it checks",
                "## Why it matters",
                "## Example",
                "## How to fix",
            ] {
                let at = doc
                    .find(heading)
                    .unwrap_or_else(|| panic!("{}'s doc has no `{heading}`", check.code));
                let body = doc[at + heading.len()..]
                    .split("\n## ")
                    .next()
                    .unwrap_or("");
                assert!(
                    !body.trim().is_empty(),
                    "{}'s `{heading}` is empty",
                    check.code
                );
            }
        }
    }
}

/// JSON output carries a ship place field by field.
#[test]
fn json_output_names_the_ship_place() {
    let outcome = lint(Path::new(
        "fixtures/checks/nemesis/N009-corridor-loop-or-double/fail",
    ));
    let place =
        deckplan_validator::render::place_fields(outcome.diagnostics[1].place.as_ref().unwrap());
    assert_eq!(
        place,
        serde_json::json!({"ruleset": "nemesis", "kind": "corridor", "rooms": ["cockpit", "hibernatorium"]})
    );
}

/// A `[lint]` setting that names no Nemesis check is refused with a suggestion.
#[test]
fn an_unknown_lint_setting_is_a_format_error() {
    let dir = std::env::temp_dir().join(format!("deckplan-nemesis-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ship =
        std::fs::read_to_string("fixtures/checks/nemesis/N001-unreachable-room/pass/ship.toml")
            .unwrap();
    std::fs::write(dir.join("ship.toml"), ship).unwrap();
    std::fs::write(
        dir.join("pack.toml"),
        "format = 1\nname = \"T\"\nruleset = \"nemesis\"\nship = \"ship.toml\"\n\n[lint]\nunreachable-rooms = { level = \"allow\", reason = \"r\" }\n",
    )
    .unwrap();
    let outcome = lint(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let found: Vec<(&str, &str, Option<&str>)> = outcome
        .diagnostics
        .iter()
        .map(|d| (d.code, d.message.as_str(), d.help.as_deref()))
        .collect();
    assert_eq!(
        found,
        [(
            "F013",
            "`unreachable-rooms` is not a Nemesis check",
            Some("did you mean `unreachable-room`?")
        )]
    );
}
