//! Headless UI tests of what the shell does for every game: each bundled
//! pack opens with its game's board and saves back byte for byte, each
//! game's problems reach the problems panel, the New dialog starts with the
//! game, and a ruleset nobody knows is refused by name.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

mod common;

use common::{app, copied, files, fixture, harness, problems, scratch};
use deckplan_editor::board::Editing;
use deckplan_editor::dialogs::Dialog;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

/// Every pack in `maps/`, with the game that should open it.
const BUNDLED: [(&str, &str); 5] = [
    ("derelict-meridian-tithe", "enormity"),
    ("kestrel-relay", "nemesis"),
    ("ti4-five-hyperlanes", "ti4"),
    ("ti4-six-players", "ti4"),
    ("battlestations-wayfarer", "battlestations"),
];

#[test]
fn every_bundled_pack_is_listed_here() {
    let mut listed: Vec<&str> = BUNDLED.iter().map(|(name, _)| *name).collect();
    listed.sort_unstable();
    let mut found: Vec<String> = std::fs::read_dir(common::bundled(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| common::bundled(n).join("pack.toml").is_file())
        .collect();
    found.sort();
    assert_eq!(found, listed);
}

/// Each bundled pack opens with its game's board, with no problems, and
/// Save As writes the very files it was read from.
#[test]
fn every_bundled_pack_opens_clean_and_saves_back_byte_for_byte() {
    for (name, ruleset) in BUNDLED {
        let dir = scratch(&format!("round-trip-{name}"));
        let pack = copied(name, &dir);
        let mut harness = harness(app(Some(pack.clone()), &dir));
        let board = harness
            .state()
            .board()
            .unwrap_or_else(|| panic!("{name} did not open: {:?}", harness.state().failure()));
        assert_eq!(board.ruleset(), ruleset, "{name}");
        let read_only = matches!(board.editing(), Editing::ReadOnly(_));
        assert!(!read_only, "{name}: every game's packs are edited");
        assert_eq!(problems(&mut harness), Vec::new(), "{name}");
        harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        harness.run();
        assert!(
            matches!(harness.state().dialog(), Some(Dialog::Path(_))),
            "{name}: Save As asks where"
        );
        let copy = dir.join("copy");
        common::save_into(&mut harness, &copy);
        assert!(harness.state().dialog().is_none(), "{name}: saved");
        let mut original = files(&common::bundled(name));
        let mut written = files(&copy);
        // Backups and scans are not part of the comparison.
        original.retain(|(p, _)| !p.to_string_lossy().ends_with(".bak"));
        written.retain(|(p, _)| !p.to_string_lossy().ends_with(".bak"));
        assert_eq!(
            written.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
            original.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
            "{name}"
        );
        for ((path, a), (_, b)) in written.iter().zip(&original) {
            assert!(a == b, "{name}: {} differs", path.display());
        }
    }
}

/// Each game's failing fixture shows its problem in the panel.
#[test]
fn the_problems_panel_lists_each_games_problems() {
    let cases = [
        ("enormity", "R004-forced-arrow-blocked", "R004"),
        ("nemesis", "N002-numbers-not-partition", "N002"),
        ("ti4", "T001-adjacent-anomalies", "T001"),
        ("battlestations", "B001-missing-module", "B001"),
    ];
    for (game, check, code) in cases {
        let dir = scratch(&format!("problems-{code}"));
        let pack = dir.join("pack");
        common::copy_dir(&fixture(game, check, "fail"), &pack);
        let mut harness = harness(app(Some(pack), &dir));
        let found = problems(&mut harness);
        let (_, message) = found
            .iter()
            .find(|(c, _)| *c == code)
            .unwrap_or_else(|| panic!("{game}: no {code} in {found:?}"))
            .clone();
        // The row is in the panel, and choosing it shows it in full.
        harness.get_by_label(&message).click();
        harness.run();
        assert!(
            harness.query_all_by_label_contains(code).next().is_some(),
            "{game}: {code} is shown once chosen"
        );
    }
}

/// A pack that names a ruleset deckplan does not know is refused in words
/// that name the known ones — never with another game's keys.
#[test]
fn an_unknown_ruleset_is_refused_by_name() {
    let dir = scratch("unknown-ruleset");
    let pack = dir.join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(
        pack.join("pack.toml"),
        "format = 1\nname = \"Chess\"\nruleset = \"chesss\"\n",
    )
    .unwrap();
    let harness = harness(app(Some(pack.clone()), &dir));
    let failure = harness.state().failure().expect("nothing opened");
    assert_eq!(failure.problems.len(), 1);
    let text = &failure.problems[0];
    assert!(
        text.ends_with(
            "pack.toml:3:11: error[F003]: unknown ruleset `chesss`; deckplan knows `enormity`, `nemesis`, `ti4` and `battlestations`"
        ),
        "{text}"
    );
    assert!(!text.contains("unknown key"), "{text}");
}

/// The New dialog chooses the game first, then offers that game's own fields.
#[test]
fn the_new_dialog_chooses_the_game_first() {
    let dir = scratch("new-dialog");
    let mut harness = harness(app(None, &dir));
    harness.get_by_label(
        "Draw, check and play-test the boards of Enormity, Nemesis, TI4 and Battlestations.",
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    let Some(Dialog::New(new)) = harness.state().dialog() else {
        panic!("the New dialog is open");
    };
    assert_eq!(new.game, "enormity");
    harness.get_by_label("TI4").click();
    harness.run();
    harness.get_by_label("Galaxy name");
    harness.get_by_label("Battlestations").click();
    harness.run();
    harness.get_by_label("Module size");
    harness.get_by_label("Nemesis").click();
    harness.run();
    harness.get_by_label("Ship file");
    harness.get_by_label("Create pack").click();
    harness.run();
    let board = harness.state().board().expect("a new ship is open");
    assert_eq!(board.ruleset(), "nemesis");
    assert!(board.is_dirty());
    assert_eq!(
        harness.state().window_title(),
        "● New ship — deckplan-editor"
    );
}
