//! The other games' readers: Nemesis ship and pack files, TI4 galaxy files and
//! map strings, Battlestations ship and pack files. parse → check → format, as
//! `maps` does for Enormity pages.
//!
//! The first byte picks the kind of input; the rest is its text. Properties:
//! nothing panics, every error renders, the checks run on whatever resolves,
//! and a file that resolves formats to a canonical text that resolves again and
//! formats to itself (for map strings: writes, reads back and writes the same).
//! Kinds: 0 Nemesis ship, 1 Nemesis pack, 2 TI4 galaxy, 3 map string,
//! 4 Battlestations ship, 5 Battlestations pack.

#![no_main]

use std::sync::Arc;

use deckplan_schema::battlestations::{BattlestationsFormat, write as ship_write};
use deckplan_schema::nemesis::{NemesisFormat, write as nemesis_write};
use deckplan_schema::ship_pack::{self, ShipFormat};
use deckplan_schema::ti4::galaxy;
use deckplan_schema::ti4::map_string;
use deckplan_schema::{FileError, SourceFile};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::battlestations;
use deckplan_validator::nemesis::check_ship;
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ti4;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match kind % 6 {
        0 => ship(text),
        1 => one_ship_pack::<NemesisFormat>(text),
        2 => galaxy_file(text),
        3 => map_string_text(text),
        4 => battlestations_ship(text),
        _ => one_ship_pack::<BattlestationsFormat>(text),
    }
});

fn render(diagnostics: &[Diagnostic]) {
    let mut out = Vec::new();
    let _ = human::render_to(&mut out, diagnostics, "done", Styling::Plain);
}

fn render_errors(errors: Vec<FileError>) {
    let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    render(&diagnostics);
}

fn ship(text: &str) {
    let loaded = ship_pack::ship_from_source::<NemesisFormat>(&SourceFile::new("ship.toml", text.to_owned()));
    let clean = loaded.errors.is_empty();
    render_errors(loaded.errors);
    let Some(ship) = loaded.value else {
        return;
    };
    if clean {
        render(&check_ship(&ship, &Default::default()));
    }
    let canonical = nemesis_write::write_ship(&ship);
    let again = ship_pack::ship_from_source::<NemesisFormat>(&SourceFile::new("ship.toml", canonical.clone()));
    let Some(again) = again.value else {
        panic!("the canonical text of a ship does not resolve:\n{canonical}");
    };
    assert_eq!(nemesis_write::write_ship(&again), canonical, "formatting is not stable");
}

/// A `pack.toml` of a game whose pack names one ship file: resolves without
/// a panic and writes back stable.
fn one_ship_pack<F: ShipFormat>(text: &str) {
    let loaded = ship_pack::pack_from_source::<F>(&SourceFile::new("pack.toml", text.to_owned()));
    render_errors(loaded.errors);
    let Some(pack) = loaded.value else {
        return;
    };
    let canonical = ship_pack::write_pack::<F>(&pack);
    let again = ship_pack::pack_from_source::<F>(&SourceFile::new("pack.toml", canonical.clone()));
    let Some(again) = again.value else {
        panic!("the canonical text of a {} pack does not resolve:\n{canonical}", F::GAME);
    };
    assert_eq!(ship_pack::write_pack::<F>(&again), canonical, "formatting is not stable");
}

fn galaxy_file(text: &str) {
    let source: Arc<SourceFile> = SourceFile::new("pack.toml", text.to_owned());
    let (parsed, problems) = ti4::parse(&source);
    render(&problems);
    let Some(parsed) = parsed else {
        return;
    };
    let Ok(builtin) = ti4::builtin_catalogue() else {
        return;
    };
    let catalogue = parsed.catalogue(builtin);
    let adjacency = ti4::adjacency::Adjacency::of(&parsed, &catalogue);
    let view = ti4::checks::Galaxy {
        file: &parsed,
        catalogue: &catalogue,
        adjacency: &adjacency,
        source: &source,
    };
    render(&ti4::checks::run_all(&view, &parsed.lint));
    let _ = ti4::balance::of(&view);
    let canonical = galaxy::write(&parsed);
    let (again, _) = ti4::parse(&SourceFile::new("pack.toml", canonical.clone()));
    let Some(again) = again else {
        panic!("the canonical text of a galaxy does not resolve:\n{canonical}");
    };
    assert_eq!(galaxy::write(&again), canonical, "formatting is not stable");
}

fn map_string_text(text: &str) {
    let Ok(builtin) = ti4::builtin_catalogue() else {
        return;
    };
    let Ok(parsed) = map_string::parse(text, builtin) else {
        return;
    };
    let written = map_string::write(&parsed);
    let Ok(again) = map_string::parse(&written, builtin) else {
        panic!("a written map string does not read back: {written}");
    };
    assert_eq!(map_string::write(&again), written, "map strings are not stable");
}

fn battlestations_ship(text: &str) {
    let loaded = ship_pack::ship_from_source::<BattlestationsFormat>(&SourceFile::new("ship.toml", text.to_owned()));
    let clean = loaded.errors.is_empty();
    render_errors(loaded.errors);
    let Some(ship) = loaded.value else {
        return;
    };
    if clean {
        render(&battlestations::check_ship(&ship, &Default::default()));
    }
    let canonical = ship_write::write_ship(&ship);
    let again = ship_pack::ship_from_source::<BattlestationsFormat>(&SourceFile::new("ship.toml", canonical.clone()));
    let Some(again) = again.value else {
        panic!("the canonical text of a Battlestations ship does not resolve:\n{canonical}");
    };
    assert_eq!(ship_write::write_ship(&again), canonical, "formatting is not stable");
}
