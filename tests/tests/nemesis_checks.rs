//! Every Nemesis check has a failing fixture that yields exactly its own
//! diagnostics (snapshotted in full) and a passing fixture that yields none,
//! like the Location-map checks in `checks.rs`.
//!
//! Fixtures live in `tests/fixtures/checks/<CODE>-<name>/{fail,pass}/`, each a
//! small pack of a `pack.toml` and a `ship.toml`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_validator::lint::{LintOutcome, lint_paths};
use deckplan_validator::nemesis::checks;
use deckplan_validator::render::human::{self, Styling};

fn lint(path: &Path) -> LintOutcome {
    lint_paths(&[path.to_path_buf()]).unwrap()
}

fn fixture(dir: &str, case: &str) -> PathBuf {
    Path::new("fixtures/checks").join(dir).join(case)
}

fn render(outcome: &LintOutcome) -> String {
    human::render(&outcome.diagnostics, &outcome.summary(), Styling::Plain)
}

fn run(dir: &str) {
    let code = dir.split('-').next().unwrap();
    let fail = lint(&fixture(dir, "fail"));
    assert!(
        !fail.diagnostics.is_empty(),
        "{dir}/fail produced no diagnostic"
    );
    let codes: Vec<&str> = fail.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        codes.iter().all(|c| *c == code),
        "{dir}/fail produced other codes: {codes:?}\n{}",
        render(&fail)
    );
    insta::assert_snapshot!(dir, render(&fail));
    let pass = lint(&fixture(dir, "pass"));
    assert!(
        pass.diagnostics.is_empty(),
        "{dir}/pass is not clean:\n{}",
        render(&pass)
    );
}

macro_rules! check_fixtures {
    ($($test:ident: $dir:literal,)*) => {
        $(
            #[test]
            fn $test() {
                run($dir);
            }
        )*

        /// Every Nemesis check has a fixture folder listed here, and every `N` folder is a check.
        #[test]
        fn every_nemesis_check_has_fixtures() {
            let listed: Vec<&str> = vec![$($dir),*];
            let expected: Vec<String> = checks::all_meta().iter().map(|m| format!("{}-{}", m.code, m.name)).collect();
            let mut on_disk: Vec<String> = std::fs::read_dir("fixtures/checks")
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| name.starts_with('N'))
                .collect();
            on_disk.sort();
            assert_eq!(listed, expected, "the list below must name every check, in code order");
            assert_eq!(on_disk, expected, "fixture folders must match the registered checks");
        }
    };
}

check_fixtures! {
    n001_unreachable_room: "N001-unreachable-room",
    n002_numbers_not_partition: "N002-numbers-not-partition",
    n003_corridor_ends_differ: "N003-corridor-ends-differ",
    n004_tile_pool_short: "N004-tile-pool-short",
    n005_technical_entrance_incomplete: "N005-technical-entrance-incomplete",
    n006_door_in_technical_corridor: "N006-door-in-technical-corridor",
    n007_escape_pod_sections: "N007-escape-pod-sections",
    n008_special_room_count: "N008-special-room-count",
    n009_corridor_loop_or_double: "N009-corridor-loop-or-double",
}

/// JSON output carries a ship place field by field.
#[test]
fn json_output_names_the_ship_place() {
    let outcome = lint(&fixture("N009-corridor-loop-or-double", "fail"));
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
    let ship = std::fs::read_to_string(fixture("N001-unreachable-room", "pass").join("ship.toml"))
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
            "F003",
            "`unreachable-rooms` is not a Nemesis check",
            Some("did you mean `unreachable-room`?")
        )]
    );
}
