//! Every input the fuzz target (`tests/fuzz`) ever failed on, kept in
//! `tests/fixtures/fuzz/` and run through the same properties on stable Rust:
//! nothing panics, every error renders, and a file that resolves formats to a
//! canonical text that resolves again and formats to itself. The first byte
//! of each file picks the kind (0 page, 1 `pack.toml`, 2 Tiled map), as in
//! the fuzz target.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::load::PACK_FILE;
use deckplan_schema::{SourceFile, enormity::write};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::enormity::tiled;
use deckplan_validator::render::human::{self, Styling};

fn render(errors: Vec<deckplan_schema::FileError>) {
    let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    let mut out = Vec::new();
    human::render_to(&mut out, &diagnostics, "done", Styling::Plain).unwrap();
}

/// The canonical text of a file, after checking it reads back to itself.
fn page(text: &str) -> Option<String> {
    let loaded = deckplan_schema::enormity::load::page_from_source(&SourceFile::new(
        "page.toml",
        text.to_owned(),
    ));
    render(loaded.errors);
    let canonical = write::write_page(&loaded.value?);
    let again = deckplan_schema::enormity::load::page_from_source(&SourceFile::new(
        "page.toml",
        canonical.clone(),
    ));
    let again = again.value.expect("the canonical text of a page resolves");
    assert_eq!(write::write_page(&again), canonical, "formatting is stable");
    Some(canonical)
}

fn pack(text: &str) -> Option<String> {
    let loaded = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(
        PACK_FILE,
        text.to_owned(),
    ));
    render(loaded.errors);
    let canonical = write::write_pack(&loaded.value?);
    let again = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(
        PACK_FILE,
        canonical.clone(),
    ));
    let again = again.value.expect("the canonical text of a pack resolves");
    assert_eq!(write::write_pack(&again), canonical, "formatting is stable");
    Some(canonical)
}

fn check(bytes: &[u8]) -> Option<String> {
    let (&kind, rest) = bytes.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    match kind % 3 {
        0 => page(text),
        1 => pack(text),
        _ => tiled::from_tiled(text).ok().and_then(|(_, t)| page(&t)),
    }
}

#[test]
fn every_kept_fuzz_input_holds_the_properties() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fuzz");
    let mut inputs = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let result = std::panic::catch_unwind(|| check(&bytes));
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
    let bytes = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fuzz/pack-with-no-pages"),
    )
    .unwrap();
    let canonical = check(&bytes).expect("the pack resolves");
    assert_eq!(
        canonical,
        "format = 1\nname = \"Rules fixture: blip-movemt\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = []\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n"
    );
}
