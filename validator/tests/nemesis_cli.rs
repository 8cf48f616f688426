//! The Nemesis commands end to end on the bundled ship: `move`, `noise`,
//! `intruder`, and `lint`, `fmt --check`, `explain` and `schema` dispatching
//! to the Nemesis ruleset.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::stdout;

use std::path::Path;
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn deckplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("the deckplan binary runs")
}

const SHIP: &str = "maps/kestrel-relay";

#[test]
fn the_bundled_ship_lints_clean_and_is_canonical() {
    let lint = deckplan(&["lint", SHIP]);
    assert_eq!(stdout(&lint), "Checked 1 ship in 1 pack: no problems.\n");
    assert_eq!(lint.status.code(), Some(0));
    let fmt = deckplan(&["fmt", "--check", SHIP]);
    assert_eq!(fmt.status.code(), Some(0), "{}", stdout(&fmt));
}

#[test]
fn move_lists_neighbours_behind_open_doors_only() {
    let output = deckplan(&["move", SHIP, "--from", "hibernatorium"]);
    assert_eq!(
        stdout(&output),
        "A Movement action from hibernatorium reaches 2 rooms:\n\
         \x20 galley           through corridor hibernatorium–galley (1): reveal the room and its Exploration token, then make a Noise roll\n\
         \x20 armoury          through corridor hibernatorium–armoury (2): reveal the room and its Exploration token, then make a Noise roll\n"
    );
}

#[test]
fn move_as_json_with_careful_choices() {
    let output = deckplan(&[
        "move",
        SHIP,
        "--from",
        "hibernatorium",
        "--to",
        "cargo",
        "--door",
        "hibernatorium/cargo=destroyed",
        "--noise",
        "aft",
        "--careful",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let cargo = &value["destinations"][0];
    assert_eq!(cargo["room"], "cargo");
    assert_eq!(cargo["door"], "destroyed");
    assert_eq!(cargo["reveal"], true);
    assert_eq!(cargo["noise_roll"], true);
    let outcomes: Vec<&str> = cargo["careful"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["then"]["outcome"].as_str().unwrap())
        .collect();
    // Cargo's ways are corridor hibernatorium–cargo, corridor cargo–engine-2
    // (in file order) and the aft network, which holds Noise: no choice.
    let chosen: Vec<&serde_json::Value> = cargo["careful"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| &o["choose"])
        .collect();
    assert_eq!(
        chosen,
        [
            &serde_json::json!({ "kind": "corridor", "rooms": ["hibernatorium", "cargo"], "numbers": [3] }),
            &serde_json::json!({ "kind": "corridor", "rooms": ["cargo", "engine-2"], "numbers": [1, 4] }),
        ]
    );
    assert_eq!(outcomes, ["noise-placed", "noise-placed"]);
}

#[test]
fn careful_movement_is_refused_in_combat_and_into_a_room_full_of_noise() {
    let in_combat = deckplan(&[
        "move",
        SHIP,
        "--from",
        "hibernatorium",
        "--intruder",
        "hibernatorium",
        "--careful",
    ]);
    assert_eq!(in_combat.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&in_combat.stderr),
        "error: no Careful Movement from hibernatorium: the Character is in Combat (an Intruder is in its room), and Careful Movement is not possible in Combat\n"
    );
    let full = deckplan(&[
        "move",
        SHIP,
        "--from",
        "hibernatorium",
        "--to",
        "galley",
        "--noise",
        "hibernatorium/galley",
        "--noise",
        "galley/evac-a",
        "--noise",
        "galley/port-lab",
        "--noise",
        "galley/engine-1",
        "--careful",
    ]);
    assert_eq!(
        stdout(&full),
        "A Careful Movement from hibernatorium reaches 1 room:\n\
         \x20 galley           through corridor hibernatorium–galley (1): reveal the room and its Exploration token, then no Careful Movement: every corridor of the room already holds Noise, so Careful Movement into it is not possible\n"
    );
}

#[test]
fn a_movement_in_combat_is_an_escape() {
    let output = deckplan(&[
        "move",
        SHIP,
        "--from",
        "cargo",
        "--intruder",
        "cargo",
        "--door",
        "hibernatorium/cargo=open",
    ]);
    assert_eq!(
        stdout(&output),
        "A Movement action from cargo reaches 2 rooms:\n\
         \x20 (an Intruder is in cargo: the Character is in Combat, so this Movement is an Escape and each Intruder there attacks first)\n\
         \x20 hibernatorium    through corridor hibernatorium–cargo (3): make a Noise roll\n\
         \x20 engine-2         through corridor cargo–engine-2 (1 and 4): make a Noise roll\n"
    );
}

#[test]
fn noise_gives_each_face_its_outcome() {
    let output = deckplan(&[
        "noise",
        SHIP,
        "--room",
        "cargo",
        "--noise",
        "hibernatorium/cargo",
        "--intruder",
        "engine-2",
    ]);
    assert_eq!(
        stdout(&output),
        "1 in cargo: Noise placed in corridor cargo–engine-2 (1 and 4)\n\
         2 in cargo: Noise placed in the technical corridors (network aft)\n\
         3 in cargo: Encounter: corridor hibernatorium–cargo (3) already holds Noise; Noise removed from corridor hibernatorium–cargo (3)\n\
         4 in cargo: Noise placed in corridor cargo–engine-2 (1 and 4)\n\
         danger in cargo: Danger: the Intruder in engine-2 moves in through corridor cargo–engine-2 (1 and 4)\n\
         silence in cargo: nothing happens\n"
    );
}

/// `--character` decides Combat: the two Intruders in engine-2 are in Combat
/// with the Character there and stay; with no Intruder free to come, Noise
/// goes in every way of cargo without it. A slimed Character's Silence is
/// the same Danger.
#[test]
fn noise_danger_leaves_intruders_in_combat_and_slime_makes_silence_danger() {
    let output = deckplan(&[
        "noise",
        SHIP,
        "--room",
        "cargo",
        "--roll",
        "silence",
        "--slime",
        "--intruder",
        "engine-2",
        "--intruder",
        "engine-2",
        "--character",
        "engine-2",
        "--noise",
        "aft",
    ]);
    assert_eq!(
        stdout(&output),
        "silence (slimed: counts as danger) in cargo: Danger: the 2 Intruders in engine-2 are in Combat with a Character there and stay; no Intruder comes; Noise placed in corridor hibernatorium–cargo (3), corridor cargo–engine-2 (1 and 4)\n"
    );
    let in_combat = deckplan(&["noise", SHIP, "--room", "cargo", "--intruder", "cargo"]);
    assert_eq!(
        stdout(&in_combat),
        "No Noise roll in cargo: an Intruder is there, so a Character in cargo is in Combat and makes no Noise roll.\n"
    );
}

#[test]
fn an_event_card_leaves_an_intruder_in_combat_and_a_retreat_moves_it() {
    let event = deckplan(&[
        "intruder",
        SHIP,
        "--room",
        "cargo",
        "--corridor",
        "1",
        "--character",
        "cargo",
    ]);
    assert_eq!(
        stdout(&event),
        "The Intruder in cargo, moved by corridor 1, stays: it is in Combat with a Character in its room, and an Event card moves only Intruders not in a room with a Character (--retreating moves it anyway)\n"
    );
    let retreat = deckplan(&[
        "intruder",
        SHIP,
        "--room",
        "cargo",
        "--corridor",
        "1",
        "--character",
        "cargo",
        "--character",
        "engine-2",
        "--retreating",
    ]);
    assert_eq!(
        stdout(&retreat),
        "The Intruder in cargo, moved by corridor 1, moves to engine-2 through corridor cargo–engine-2 (1 and 4), where a Character is: they are in Combat\n"
    );
}

#[test]
fn an_intruder_hides_in_the_technical_corridors() {
    let output = deckplan(&["intruder", SHIP, "--room", "cargo", "--corridor", "2"]);
    assert_eq!(
        stdout(&output),
        "The Intruder in cargo, moved by corridor 2, enters the technical corridors (network aft) and hides (leaves the board)\n"
    );
}

#[test]
fn a_misspelt_room_is_refused_with_a_suggestion() {
    let output = deckplan(&["move", SHIP, "--from", "hibernatoruim"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: the ship has no room `hibernatoruim`; did you mean `hibernatorium`?\n"
    );
}

#[test]
fn another_games_pack_is_refused_by_name() {
    let output = deckplan(&["move", "maps/derelict-meridian-tithe", "--from", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: `move` is a question for Nemesis ships; maps/derelict-meridian-tithe is a pack of Enormity Location maps\n"
    );
}

#[test]
fn schema_and_explain_know_the_nemesis_ruleset() {
    let schema = deckplan(&["schema", "--ruleset", "nemesis", "--pack"]);
    let value: serde_json::Value = serde_json::from_slice(&schema.stdout).unwrap();
    assert_eq!(value["title"], "deckplan Nemesis pack.toml (format 1)");
    let explain = deckplan(&["explain", "N006"]);
    assert!(
        stdout(&explain).starts_with("# N006 door-in-technical-corridor\n"),
        "{}",
        stdout(&explain)
    );
}

#[test]
fn show_lists_where_each_corridor_number_leads() {
    let output = deckplan(&["show", SHIP]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Kestrel Relay · Kestrel Relay, single side");
    assert_eq!(
        lines
            .iter()
            .find(|l| l.starts_with("hibernatorium"))
            .copied(),
        Some(
            "hibernatorium  hibernatorium  galley                armoury               cargo [door]          comms [door]"
        )
    );
    assert_eq!(
        lines.iter().find(|l| l.starts_with("cargo")).copied(),
        Some(
            "cargo          1              engine-2              ~aft                  hibernatorium [door]  engine-2"
        )
    );
}

#[test]
fn render_draws_rooms_corridor_numbers_and_networks() {
    let dir = std::env::temp_dir().join(format!("deckplan-nemesis-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("ship.svg");
    let output = deckplan(&["render", SHIP, "--layout", "-o", svg.to_str().unwrap()]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    for label in ["Hibernatorium", "Evacuation Section A", "fore", "aft"] {
        assert!(
            text.contains(&format!("aria-label=\"{label}\"")),
            "no {label}"
        );
    }
}

/// Import → fmt → lint: a GraphML ship written for this test comes out
/// canonical, its corridor labels partition every room's numbers (no N002),
/// and lint reports only what GraphML cannot carry (escape pods).
#[test]
fn a_graphml_ship_imports_canonical_and_lints() {
    let dir = std::env::temp_dir().join(format!("deckplan-graphml-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let import = deckplan(&[
        "import",
        "--graphml",
        "validator/tests/data/nemesis-small.graphml",
        "-o",
        out,
    ]);
    assert_eq!(
        import.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    let fmt = deckplan(&["fmt", "--check", out]);
    assert_eq!(fmt.status.code(), Some(0), "{}", stdout(&fmt));
    let lint = deckplan(&["lint", "--format", "json", out]);
    let ship = std::fs::read_to_string(dir.join("ship.toml")).unwrap();
    let again = deckplan(&[
        "import",
        "--graphml",
        "validator/tests/data/nemesis-small.graphml",
        "-o",
        out,
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    let value: serde_json::Value = serde_json::from_slice(&lint.stdout).unwrap();
    let found: Vec<(String, String)> = value["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                "N007".to_string(),
                "escape-pod section A has no escape pod".to_string()
            ),
            (
                "N007".to_string(),
                "escape-pod section B has no escape pod".to_string()
            ),
        ]
    );
    assert!(
        ship.contains("[[corridors]]\nbetween = [\"storage\", \"hibernatorium\"]\nnumbers = [2]\n")
    );
    assert!(ship.contains(
        "[[technical_entrances]]\nroom = \"storage\"\nnumbers = [4]\nnetwork = \"technical\"\n"
    ));
    assert_eq!(
        again.status.code(),
        Some(2),
        "an existing pack is not overwritten"
    );
}
