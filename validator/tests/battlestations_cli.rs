//! The Battlestations commands end to end: `reach` as text and JSON and its
//! refusals, `show`, `render`, and lint's JSON places, on the bundled ship and
//! the check fixtures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn deckplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .current_dir(repository())
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A small one-level ship: Helm D1–F3 with a door on E1's north side,
/// Science, Hyperdrive and Life Support in a row under it, the Engine below.
const SMALL: &str = "tests/fixtures/checks/battlestations/B009-module-without-door-path/pass";
const WAYFARER: &str = "maps/battlestations-wayfarer";

#[test]
fn reach_lists_every_square_with_its_cheapest_path() {
    let out = deckplan(&[
        "reach", SMALL, "--from", "E2", "--move", "2", "--friend", "D2", "--enemy", "E4", "--peeks",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn reach_walks_the_hull_with_magboots_and_counts_move_actions() {
    let out = deckplan(&[
        "reach",
        SMALL,
        "--from",
        "E2",
        "--move",
        "3",
        "--actions",
        "2",
        "--ooc",
        "2",
        "--outside",
        "--magboots",
        "--slagged",
        "hyperdrive",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn reach_as_json_gives_every_move_of_every_path() {
    let out = deckplan(&[
        "reach", WAYFARER, "--from", "lower H3", "--move", "1", "--jet", "--format", "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["from"], "lower H3");
    assert_eq!(answer["budgets"], serde_json::json!([1]));
    let destinations = answer["destinations"].as_array().unwrap();
    let to = |name: &str| {
        destinations
            .iter()
            .find(|d| d["square"] == name)
            .unwrap_or_else(|| panic!("{name} not reached"))
    };
    // Up the ladder for one point.
    assert_eq!(
        to("upper H3")["path"],
        serde_json::json!([{ "move": "ladder", "to": "upper H3", "squares": null, "points": 1, "action": 1 }])
    );
    // A jet of seven squares along row 3 to the hull for one point; a
    // blocked square (C3) stops the line the other way.
    assert_eq!(to("lower O3")["path"][0]["move"], "jet");
    assert_eq!(to("lower O3")["path"][0]["squares"], 7);
    assert!(destinations.iter().all(|d| d["square"] != "lower B3"));
    assert!(!answer["peeks"].as_array().unwrap().is_empty());
}

/// A jet in JSON lists the squares its line passes through; `jet_lines` gives
/// every line from the start with the square that stops it and why.
#[test]
fn reach_json_shows_each_jet_line_and_what_stops_it() {
    let out = deckplan(&[
        "reach", WAYFARER, "--from", "lower H3", "--move", "1", "--jet", "--format", "json",
    ]);
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let to_o3 = answer["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["square"] == "lower O3")
        .unwrap();
    assert_eq!(
        to_o3["path"][0]["line"],
        serde_json::json!([
            "lower I3", "lower J3", "lower K3", "lower L3", "lower M3", "lower N3", "lower O3"
        ])
    );
    let lines = answer["jet_lines"].as_array().unwrap();
    // West along row 3, the blocked C3 stops the line to A3.
    let west = lines.iter().find(|l| l["to"] == "lower A3").unwrap();
    assert_eq!(
        (&west["stopped_at"], &west["why"]),
        (
            &serde_json::json!("lower C3"),
            &serde_json::json!("no-standing")
        )
    );
    assert_eq!(
        lines.iter().find(|l| l["to"] == "lower O3").unwrap()["stopped_at"],
        serde_json::Value::Null
    );
}

/// The door on A8's west side, locked: from outside it, the ship cannot be
/// entered; barrels in play slag their squares, outside too; MagBoots
/// already on cost nothing.
#[test]
fn reach_takes_locked_doors_barrels_and_boots_already_on() {
    let out = deckplan(&[
        "reach",
        WAYFARER,
        "--from",
        "lower A8 west",
        "--move",
        "3",
        "--outside",
        "--magboots-on",
        "--locked-door",
        "lower A8 west",
        "--barrel",
        "lower A7 west",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let squares: Vec<(&str, bool, u64)> = answer["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["square"].as_str().unwrap(),
                d["outside"].as_bool().unwrap(),
                d["points"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(
        squares.iter().all(|(_, outside, _)| *outside),
        "{squares:?}"
    );
    // A7 west holds the barrel: 2 points (boots on, so no extra for outside).
    assert!(squares.contains(&("lower A7 west", true, 2)), "{squares:?}");
    assert!(squares.contains(&("lower A9 west", true, 1)), "{squares:?}");
    assert_eq!(answer["locked_doors"], serde_json::json!(["lower A8 west"]));
    let wrong = deckplan(&[
        "reach",
        SMALL,
        "--from",
        "E2",
        "--move",
        "2",
        "--locked-door",
        "E2 north",
    ]);
    assert_eq!(
        text(&wrong.stderr),
        "error: the ship has no external door on the north side of E2; its doors are `E1 north`\n"
    );
}

/// The JSON answer is bounded by the question's shape: every square is
/// listed with its cost, the paths of only the first `--limit` squares and
/// peeks, and it says how many paths it left out.
#[test]
fn reach_json_gives_paths_for_the_first_limit_squares_only() {
    let out = deckplan(&[
        "reach",
        WAYFARER,
        "--from",
        "lower H3",
        "--move",
        "6",
        "--actions",
        "2",
        "--format",
        "json",
        "--limit",
        "5",
        "--path",
        "upper N5",
    ]);
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let destinations = answer["destinations"].as_array().unwrap();
    let peeks = answer["peeks"].as_array().unwrap();
    let with_path =
        |list: &[serde_json::Value]| list.iter().filter(|d| d.get("path").is_some()).count();
    assert!(destinations.len() > 100, "{}", destinations.len());
    // The first five squares, and N5 asked for by name.
    assert_eq!(with_path(destinations), 6);
    assert!(
        destinations
            .iter()
            .find(|d| d["square"] == "upper N5")
            .unwrap()
            .get("path")
            .is_some()
    );
    assert_eq!(with_path(peeks), 5);
    assert_eq!(
        answer["paths_left_out"].as_u64().unwrap() as usize,
        destinations.len() - 6 + peeks.len() - 5
    );
    assert!(
        answer["note"]
            .as_str()
            .unwrap()
            .starts_with("paths are given for the first 5 squares")
    );
}

#[test]
fn show_hull_marks_the_squares_outside_and_how_they_are_named() {
    let out = deckplan(&["show", SMALL, "--hull"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
    let refused = deckplan(&["show", "maps/kestrel-relay", "--hull"]);
    assert_eq!(
        text(&refused.stderr),
        "error: --hull marks the squares outside a ship's hull; Nemesis ships have none\n"
    );
}

#[test]
fn reach_refuses_questions_about_other_games_and_unknown_names() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["reach", WAYFARER, "--from", "lower C3", "--move", "2"],
            "error: --from: lower C3 is blocked: no one stands there\n",
        ),
        (
            &["reach", WAYFARER, "--from", "H3", "--move", "2"],
            "error: --from: `H3` names no level; this ship's squares are named with one of `lower`, `upper` first, like `lower H3`\n",
        ),
        (
            &[
                "reach",
                SMALL,
                "--from",
                "E2",
                "--move",
                "2",
                "--slagged",
                "hyperdrve",
            ],
            "error: --slagged hyperdrve: the ship has no module `hyperdrve`; did you mean `hyperdrive`?\n",
        ),
        (
            &[
                "reach", SMALL, "--from", "E2", "--move", "2", "--spacer", "E3",
            ],
            "error: --spacer does not apply to Battlestations ships: it is an option of `reach` for Enormity Location maps\n",
        ),
        (
            &[
                "reach",
                "maps/kestrel-relay",
                "--from",
                "cockpit",
                "--move",
                "2",
                "--jet",
            ],
            "error: `reach` is a question for Enormity Location maps, Twilight Imperium 4 galaxies and Battlestations ships; maps/kestrel-relay is a pack of Nemesis ships\n",
        ),
        (
            &[
                "reach",
                "maps/derelict-meridian-tithe",
                "--from",
                "L1p1:E2",
                "--move",
                "2",
                "--jet",
                "--why",
                "L1p1:E3",
                "--token",
                "3",
            ],
            "error: --jet (for Battlestations ships) and --token (for Twilight Imperium 4 galaxies) do not apply to `reach` on Enormity Location maps\n",
        ),
    ];
    for (args, expected) in cases {
        let out = deckplan(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stderr), expected, "{args:?}");
    }
}

#[test]
fn show_draws_each_level_and_lists_the_modules() {
    let out = deckplan(&["show", WAYFARER]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!(text(&out.stdout));
}

#[test]
fn render_writes_an_svg_with_roles_and_doors() {
    let dir = std::env::temp_dir().join(format!("deckplan-bs-render-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wayfarer.svg");
    let out = deckplan(&["render", WAYFARER, "-o", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&file).unwrap();
    for expected in ["Helm", "Observation Deck", "level upper", "<g id=\"doors\""] {
        assert!(svg.contains(expected), "{expected} missing");
    }
}

#[test]
fn lint_json_gives_ship_places_field_by_field() {
    let out = deckplan(&[
        "lint",
        "--format",
        "json",
        "tests/fixtures/checks/battlestations/B007-door-off-hull/fail",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let place = &report["diagnostics"][0]["board_place"];
    assert_eq!(
        *place,
        serde_json::json!({
            "kind": "door", "level": null, "square": "E3", "side": "south", "ruleset": "battlestations",
        })
    );
}
