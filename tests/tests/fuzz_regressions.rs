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
