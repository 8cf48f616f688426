//! parse → resolve → validate → format, for pages, `pack.toml` and Tiled maps.
//!
//! The first byte picks the kind of file; the rest is its text. Properties:
//! nothing panics, every error renders, and a file that resolves formats to a
//! canonical text that resolves again and formats to itself.

#![no_main]

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::{SourceFile, enormity::write};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::enormity::tiled;
use deckplan_validator::enormity::lint::check_pack;
use deckplan_validator::render::human::{self, Styling};
use libfuzzer_sys::fuzz_target;

/// A pack that lists one page, for validating a page on its own.
const PACK: &str = "format = 1\nname = \"Fuzz\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\"page.toml\"]\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n";

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match kind % 3 {
        0 => page(text),
        1 => pack(text),
        _ => tiled_map(text),
    }
});

fn render(errors: Vec<deckplan_schema::FileError>) {
    let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    let mut out = Vec::new();
    let _ = human::render_to(&mut out, &diagnostics, "done", Styling::Plain);
}

fn page(text: &str) {
    let loaded = deckplan_schema::enormity::load::page_from_source(&SourceFile::new("page.toml", text.to_owned()));
    render(loaded.errors);
    let Some(page) = loaded.value else {
        return;
    };
    let canonical = write::write_page(&page);
    let again = deckplan_schema::enormity::load::page_from_source(&SourceFile::new("page.toml", canonical.clone()));
    let Some(again) = again.value else {
        panic!("the canonical text of a page does not resolve:\n{canonical}");
    };
    assert_eq!(write::write_page(&again), canonical, "formatting is not stable");
    let Some(mut pack) =
        deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(PACK_FILE, PACK.to_owned())).value
    else {
        return;
    };
    pack.pages.insert(page.id, page);
    let mut errors = Vec::new();
    deckplan_schema::enormity::load::resolve_references(&pack, true, &mut errors);
    let diagnostics = check_pack(&pack, errors.is_empty());
    let mut out = Vec::new();
    let _ = human::render_to(&mut out, &diagnostics, "done", Styling::Plain);
}

fn pack(text: &str) {
    let loaded = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(PACK_FILE, text.to_owned()));
    render(loaded.errors);
    let Some(pack) = loaded.value else {
        return;
    };
    let canonical = write::write_pack(&pack);
    let again = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(PACK_FILE, canonical.clone()));
    let Some(again) = again.value else {
        panic!("the canonical text of a pack does not resolve:\n{canonical}");
    };
    assert_eq!(write::write_pack(&again), canonical, "formatting is not stable");
    let _ = check_pack(&pack, false);
}

fn tiled_map(text: &str) {
    if let Ok((_, page_text)) = tiled::from_tiled(text) {
        page(&page_text);
    }
}
