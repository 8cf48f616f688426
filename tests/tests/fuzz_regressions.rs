//! Every input the fuzz target (`tests/fuzz`) ever failed on, kept in
//! `tests/fixtures/fuzz/` and run through the same properties on stable Rust
//! (`deckplan_tests::properties`): nothing panics, every error renders
//! without a raw control character, boards draw, and a file that resolves
//! formats to a canonical text that resolves again and formats to itself.
//! So is every seed of the fuzz corpus, a seed of each kind of file of each
//! registered game.
//!
//! A kept input's first byte picks its kind of file (`properties::KINDS`);
//! its name starts with that kind's game (`nemesis-…`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckplan_tests::properties::{self, KINDS, Kind};

fn kept(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fuzz")
        .join(name)
}

#[test]
fn every_kept_fuzz_input_holds_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fuzz");
    let mut inputs = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let (kind, _) = properties::kind_of(&bytes).unwrap();
        assert!(
            name.starts_with(&format!("{}-", kind.game)),
            "{name} is a {} {}, named after another game",
            kind.game,
            kind.name
        );
        let result = std::panic::catch_unwind(|| properties::check(&bytes));
        assert!(result.is_ok(), "{} fails again", path.display());
        inputs += 1;
    }
    assert!(inputs > 0, "no kept inputs");
}

/// Every registered game has kinds of file the fuzz target reads, and every
/// kind belongs to a registered game.
#[test]
fn every_registered_game_has_its_kinds_of_file() {
    let mut by_game: Vec<(&str, Vec<&Kind>)> = Vec::new();
    for kind in KINDS {
        match by_game.iter_mut().find(|(game, _)| *game == kind.game) {
            Some((_, kinds)) => kinds.push(kind),
            None => by_game.push((kind.game, vec![kind])),
        }
    }
    let found: Vec<(&str, Vec<&str>)> = deckplan_tests::games::each(&by_game)
        .into_iter()
        .map(|(ruleset, kinds)| (ruleset.name(), kinds.iter().map(|k| k.name).collect()))
        .collect();
    // Grouped in the registry's order: an input's byte is its kind's place.
    assert_eq!(
        found,
        by_game
            .iter()
            .map(|(game, kinds)| (*game, kinds.iter().map(|k| k.name).collect()))
            .collect::<Vec<_>>()
    );
}

/// The first finding (fuzz run 2): a pack whose `pages` list is empty (its
/// one entry commented out) was written without `pages`, which is required,
/// so its canonical text did not read back.
#[test]
fn a_pack_with_an_empty_page_list_is_written_with_one() {
    let bytes = std::fs::read(kept("enormity-pack-with-no-pages")).unwrap();
    let canonical = properties::check(&bytes).expect("the pack resolves");
    assert_eq!(
        canonical,
        "format = 1\nname = \"Rules fixture: blip-movemt\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = []\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n"
    );
}

/// Names holding an OSC sequence, a line break that starts a forged GitHub
/// workflow command, a carriage return and a C1 code — a Nemesis ship and
/// board, a galaxy, a Battlestations ship and module — once reached the
/// terminal drawing raw (`deckplan show`); the properties refuse any control
/// character in a drawing.
#[test]
fn names_with_control_characters_are_drawn_without_them() {
    for name in [
        "nemesis-ship-names-with-controls",
        "ti4-galaxy-name-with-controls",
        "battlestations-ship-names-with-controls",
    ] {
        let bytes = std::fs::read(kept(name)).unwrap();
        let canonical = properties::check(&bytes).expect("the file resolves");
        // The name is kept, control characters and all; only its drawing escapes them.
        assert!(canonical.contains("::error title=evil::"), "{name}");
    }
}

/// The seeds of the fuzz corpus (`tests/fuzz/seed.sh`) hold the properties
/// on stable Rust too, so a change that breaks them fails here before any
/// fuzzing: a seed of every kind of file of every game, made from `maps/`,
/// `tests/fixtures/` and the validator's test files. Every kind has seeds,
/// and a bundled file read as itself formats to itself.
#[test]
fn every_seed_of_every_kind_holds_the_properties() {
    let maps = deckplan_tests::games::maps_dir();
    let seeds = properties::seeds(&properties::seed_folders());
    let mut per_kind: BTreeMap<(&str, &str), usize> = KINDS
        .iter()
        .map(|kind| ((kind.game, kind.name), 0))
        .collect();
    for seed in &seeds {
        let bytes = seed.bytes();
        let result = std::panic::catch_unwind(|| properties::check(&bytes));
        let Ok(canonical) = result else {
            panic!(
                "{} as a {} {} breaks the properties",
                seed.from.display(),
                seed.kind.game,
                seed.kind.name
            );
        };
        let original = std::fs::read_to_string(&seed.from).unwrap();
        if seed.from.starts_with(&maps) && seed.text == original {
            assert_eq!(
                canonical.as_deref(),
                Some(seed.text.as_str()),
                "{}",
                seed.from.display()
            );
        }
        *per_kind
            .entry((seed.kind.game, seed.kind.name))
            .or_default() += 1;
    }
    let unseeded: Vec<&(&str, &str)> = per_kind
        .iter()
        .filter(|(_, seeds)| **seeds == 0)
        .map(|(kind, _)| kind)
        .collect();
    assert_eq!(unseeded, Vec::<&(&str, &str)>::new(), "kinds without seeds");
    assert!(seeds.len() > 500, "only {} seeds", seeds.len());
}
