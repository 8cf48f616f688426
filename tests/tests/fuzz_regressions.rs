//! Every input the fuzz targets (`tests/fuzz`) ever failed on, kept in
//! `tests/fixtures/fuzz/` and run through the same properties on stable Rust
//! (`deckplan_tests::properties`): nothing panics, every error renders
//! without a raw control character, boards draw, and a file that resolves
//! formats to a canonical text that resolves again and formats to itself.
//!
//! A kept input is named after its target: `maps-…` for Enormity's files,
//! `games-…` for the other games' (the first byte picks the kind, as in the
//! targets); the older inputs without a prefix are `maps` inputs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_tests::properties;

fn kept(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/fuzz")
        .join(name)
}

/// The properties of the target an input was kept for.
fn check(name: &str, bytes: &[u8]) -> Option<String> {
    if name.starts_with("games-") {
        properties::games(bytes)
    } else {
        properties::maps(bytes)
    }
}

#[test]
fn every_kept_fuzz_input_holds_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fuzz");
    let mut inputs = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&name, &bytes));
        assert!(result.is_ok(), "{} fails again", path.display());
        inputs += 1;
    }
    assert!(inputs > 0, "no kept inputs");
}

/// The first finding (fuzz run 2): a pack whose `pages` list is empty (its
/// one entry commented out) was written without `pages`, which is required,
/// so its canonical text did not read back.
#[test]
fn a_pack_with_an_empty_page_list_is_written_with_one() {
    let bytes = std::fs::read(kept("pack-with-no-pages")).unwrap();
    let canonical = properties::maps(&bytes).expect("the pack resolves");
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
        "games-nemesis-names-with-controls",
        "games-galaxy-name-with-controls",
        "games-battlestations-names-with-controls",
    ] {
        let bytes = std::fs::read(kept(name)).unwrap();
        let canonical = properties::games(&bytes).expect("the file resolves");
        // The name is kept, control characters and all; only its drawing escapes them.
        assert!(canonical.contains("::error title=evil::"), "{name}");
    }
}

/// The kind byte `seed.sh` gives a file of `maps/` or `tests/fixtures/`: the
/// `games` target's for the newer games, `None` for Enormity's files.
fn games_kind(text: &str) -> Option<u8> {
    let ruleset = text
        .lines()
        .find_map(|line| line.strip_prefix("ruleset = \""))?
        .trim_end_matches('"');
    let pack = text.lines().any(|line| line.starts_with("ship = "));
    match (ruleset, pack) {
        ("nemesis", false) => Some(0),
        ("nemesis", true) => Some(1),
        ("ti4", _) => Some(2),
        ("battlestations", false) => Some(4),
        ("battlestations", true) => Some(5),
        _ => None,
    }
}

/// The seeds of the fuzz corpora hold the properties on stable Rust too, so
/// a change that breaks them fails here before any fuzzing: every file of
/// the newer games in `maps/` and `tests/fixtures/`, and every GraphML board
/// of the tests. The bundled packs are canonical, so each formats to itself.
#[test]
fn every_seed_of_the_games_target_holds_the_properties() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut stack = vec![
        root.join("maps"),
        root.join("tests/fixtures"),
        root.join("validator/tests"),
    ];
    let mut seeds = 0;
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let kind = match path.extension().and_then(|e| e.to_str()) {
                Some("toml") => games_kind(&text),
                Some("graphml") => Some(6),
                _ => None,
            };
            let Some(kind) = kind else { continue };
            let mut bytes = vec![kind];
            bytes.extend_from_slice(text.as_bytes());
            let result = std::panic::catch_unwind(|| properties::games(&bytes));
            let Ok(canonical) = result else {
                panic!("{} breaks the properties", path.display());
            };
            if path.starts_with(root.join("maps")) && kind != 6 {
                assert_eq!(
                    canonical.as_deref(),
                    Some(text.as_str()),
                    "{}",
                    path.display()
                );
            }
            seeds += 1;
        }
    }
    assert!(seeds > 100, "only {seeds} seeds");
}
