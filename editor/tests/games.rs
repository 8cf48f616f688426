//! Headless UI tests of what the shell does for every registered game: each
//! bundled pack opens with its game's board and saves back byte for byte,
//! each game's problems reach the problems panel, the New dialog makes a
//! document of each game, and a ruleset nobody knows is refused by name.

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
use deckplan_tests::files::copy_dir;
use deckplan_tests::games;
use deckplan_validator::ruleset::REGISTRY;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;

/// Each bundled pack of every registered game opens with that game's
/// board, editable, with no problems, and Save As writes the very files it
/// was read from.
#[test]
fn every_bundled_pack_opens_clean_and_saves_back_byte_for_byte() {
    for game in games::bundled() {
        for bundled in &game.packs {
            let name = bundled.file_name().unwrap().to_string_lossy().into_owned();
            let dir = scratch(&format!("round-trip-{name}"));
            let pack = copied(&name, &dir);
            let mut harness = harness(app(Some(pack.clone()), &dir));
            let board = harness
                .state()
                .board()
                .unwrap_or_else(|| panic!("{name} did not open: {:?}", harness.state().failure()));
            assert_eq!(board.ruleset(), game.name(), "{name}");
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
            let mut original = files(bundled);
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
}

/// Each registered game's failing fixture of its first check shows that
/// check's problem in the panel, and choosing it shows it in full.
#[test]
fn the_problems_panel_lists_each_games_problems() {
    for ruleset in REGISTRY.all() {
        let game = ruleset.name();
        let check = ruleset
            .checks()
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("{game} has no checks"));
        let code = check.code;
        let dir = scratch(&format!("problems-{code}"));
        let pack = dir.join("pack");
        let folder = format!("{code}-{}", check.name);
        copy_dir(&fixture(game, &folder, "fail"), &pack);
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
        text.ends_with(&format!(
            "pack.toml:3:11: error[F003]: unknown ruleset `chesss`; deckplan knows {}",
            REGISTRY.listed()
        )),
        "{text}"
    );
    assert!(!text.contains("unknown key"), "{text}");
}

/// Each registered game's part of the New dialog, by ruleset name: a field
/// of its own, shown once the game is chosen, and the title of the document
/// it makes.
const NEW_DOCUMENT: &[(&str, (&str, &str))] = &[
    ("enormity", ("Pack name", "New pack")),
    ("nemesis", ("Ship file", "New ship")),
    ("ti4", ("Galaxy name", "New galaxy")),
    ("battlestations", ("Module size", "New ship")),
];

/// The New dialog starts with the default game, chooses the game first,
/// then offers that game's own fields and makes a new document of it, for
/// every registered game.
#[test]
fn the_new_dialog_chooses_the_game_first() {
    let listed: Vec<&str> = REGISTRY.all().map(|r| r.game()).collect();
    let (last, rest) = listed.split_last().unwrap();
    let welcome = format!(
        "Draw, check and play-test the boards of {} and {last}.",
        rest.join(", ")
    );
    for (ruleset, (field, title)) in games::each(NEW_DOCUMENT) {
        let dir = scratch(&format!("new-dialog-{}", ruleset.name()));
        let mut harness = harness(app(None, &dir));
        harness.get_by_label(&welcome);
        harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
        harness.run();
        let Some(Dialog::New(new)) = harness.state().dialog() else {
            panic!("the New dialog is open");
        };
        assert_eq!(Some(new.game), REGISTRY.default_ruleset().map(|r| r.name()));
        harness.get_by_label(ruleset.game()).click();
        harness.run();
        harness.get_by_label(field);
        harness.get_by_label("Create pack").click();
        harness.run();
        let board = harness.state().board().expect("a new document is open");
        assert_eq!(board.ruleset(), ruleset.name());
        assert!(board.is_dirty(), "{}", ruleset.name());
        assert_eq!(
            harness.state().window_title(),
            format!("● {title} — deckplan-editor"),
        );
    }
}
