//! The properties every reader must keep on any input, checked on arbitrary
//! bytes: by the fuzz targets (`tests/fuzz`, nightly) and, for every input
//! they ever failed on, by `tests/tests/fuzz_regressions.rs` on stable Rust.
//!
//! The first byte of an input picks the kind of file; the rest is its text.
//! On whatever the bytes are:
//!
//! - nothing panics;
//! - every error renders, and the human report holds no control character
//!   but the line breaks it makes itself;
//! - the checks run on whatever resolves cleanly, and the board draws — in
//!   the terminal without a control character from the file, as a scene, and
//!   as SVG;
//! - a file that resolves formats to a canonical text that resolves again and
//!   formats to itself (a map string writes, reads back and writes the same;
//!   a GraphML import is a ship file already in canonical form).

use std::sync::Arc;

use deckplan_schema::battlestations::BattlestationsFormat;
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::nemesis::NemesisFormat;
use deckplan_schema::ship_pack::{self, ShipFormat};
use deckplan_schema::ti4::{map_string, write};
use deckplan_schema::{FileError, SourceFile, enormity};
use deckplan_validator::battlestations::Battlestations;
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::draw::Scene;
use deckplan_validator::enormity::lint::check_pack;
use deckplan_validator::enormity::tiled;
use deckplan_validator::export::svg;
use deckplan_validator::nemesis::{Nemesis, graphml};
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ruleset::DrawRequest;
use deckplan_validator::ship_game::{ShipGame, ShipOf};
use deckplan_validator::ti4;

/// The kinds of the `maps` target (Enormity), by the first byte modulo 3.
pub const MAP_KINDS: [&str; 3] = ["page", "pack.toml", "Tiled map"];

/// The kinds of the `games` target, by the first byte modulo 7.
pub const GAME_KINDS: [&str; 7] = [
    "Nemesis ship",
    "Nemesis pack.toml",
    "TI4 galaxy",
    "TI4 map string",
    "Battlestations ship",
    "Battlestations pack.toml",
    "GraphML board",
];

/// Enormity: a page (0), a `pack.toml` (1) or a Tiled map (2). Returns the
/// canonical text when the file resolved.
pub fn maps(data: &[u8]) -> Option<String> {
    let (&kind, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    match kind % 3 {
        0 => page(text),
        1 => pack(text),
        _ => tiled::from_tiled(text)
            .ok()
            .and_then(|(_, page_text)| page(&page_text)),
    }
}

/// The other games: see [`GAME_KINDS`]. Returns the canonical text when the
/// file resolved.
pub fn games(data: &[u8]) -> Option<String> {
    let (&kind, rest) = data.split_first()?;
    let text = std::str::from_utf8(rest).ok()?;
    match kind % 7 {
        0 => ship::<Nemesis>(text),
        1 => one_ship_pack::<NemesisFormat>(text),
        2 => galaxy_file(text),
        3 => map_string_text(text),
        4 => ship::<Battlestations>(text),
        5 => one_ship_pack::<BattlestationsFormat>(text),
        _ => graphml_board(text),
    }
}

/// Whether text holds a control character other than a line break.
pub fn has_raw_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

/// Renders diagnostics as a person reads them; nothing from the file may
/// reach the terminal raw.
fn render(diagnostics: &[Diagnostic]) {
    let mut out = Vec::new();
    human::render_to(&mut out, diagnostics, "done", Styling::Plain)
        .unwrap_or_else(|e| panic!("a report does not render: {e}"));
    let text = String::from_utf8_lossy(&out);
    assert!(
        !has_raw_control(&text),
        "a control character reaches the report:\n{text:?}"
    );
}

fn render_errors(errors: Vec<FileError>) {
    let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    render(&diagnostics);
}

/// A terminal drawing and a picture of a board: the drawing holds no control
/// character from the file, and the picture is drawn within the SVG limits.
fn draw(text: &str, scene: &Scene) {
    assert!(
        !has_raw_control(text),
        "a control character reaches the terminal drawing:\n{text:?}"
    );
    let options = svg::SvgOptions {
        space_size: deckplan_validator::export::units::Length::inches(1.0),
        paper: deckplan_validator::export::Paper::White,
    };
    // Within the SVG limits, or refused by them: either is an answer.
    let _ = svg::render_bounded(scene, &options);
}

fn page(text: &str) -> Option<String> {
    let loaded = enormity::load::page_from_source(&SourceFile::new("page.toml", text.to_owned()));
    render_errors(loaded.errors);
    let page = loaded.value?;
    let canonical = enormity::write::write_page(&page);
    let again =
        enormity::load::page_from_source(&SourceFile::new("page.toml", canonical.clone())).value;
    let Some(again) = again else {
        panic!("the canonical text of a page does not resolve:\n{canonical}");
    };
    assert_eq!(
        enormity::write::write_page(&again),
        canonical,
        "formatting a page is not stable"
    );
    check_in_a_pack(page);
    Some(canonical)
}

/// A pack that lists one page, for checking a page on its own.
const ONE_PAGE_PACK: &str = "format = 1\nname = \"Fuzz\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\"page.toml\"]\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n";

/// Every check, on the page inside a one-page pack.
fn check_in_a_pack(page: enormity::Page) {
    let source = SourceFile::new(PACK_FILE, ONE_PAGE_PACK.to_owned());
    let Some(mut pack) = enormity::load::pack_file_from_source(&source).value else {
        return;
    };
    pack.pages.insert(page.id, page);
    let mut errors = Vec::new();
    enormity::load::resolve_references(&pack, true, &mut errors);
    render(&check_pack(&pack, errors.is_empty()));
}

fn pack(text: &str) -> Option<String> {
    let loaded =
        enormity::load::pack_file_from_source(&SourceFile::new(PACK_FILE, text.to_owned()));
    render_errors(loaded.errors);
    let pack = loaded.value?;
    let canonical = enormity::write::write_pack(&pack);
    let again =
        enormity::load::pack_file_from_source(&SourceFile::new(PACK_FILE, canonical.clone())).value;
    let Some(again) = again else {
        panic!("the canonical text of a pack does not resolve:\n{canonical}");
    };
    assert_eq!(
        enormity::write::write_pack(&again),
        canonical,
        "formatting a pack is not stable"
    );
    render(&check_pack(&pack, false));
    Some(canonical)
}

/// A ship file of a game whose pack names one ship: checked, drawn and
/// written back stable.
fn ship<G: ShipGame>(text: &str) -> Option<String> {
    let loaded =
        ship_pack::ship_from_source::<G::Format>(&SourceFile::new("ship.toml", text.to_owned()));
    let clean = loaded.errors.is_empty();
    render_errors(loaded.errors);
    let ship: ShipOf<G> = loaded.value?;
    if clean {
        render(&G::check_ship(&ship, &Default::default()));
        let request = DrawRequest {
            title: true,
            coordinates: true,
            legend: true,
            ..DrawRequest::default()
        };
        draw(
            &G::ship_text(&ship, &request, &Default::default()),
            &G::ship_scene(&ship, &request, &Default::default()),
        );
    }
    let canonical = G::write_ship(&ship);
    let again =
        ship_pack::ship_from_source::<G::Format>(&SourceFile::new("ship.toml", canonical.clone()));
    let Some(again) = again.value else {
        panic!(
            "the canonical text of a {} ship does not resolve:\n{canonical}",
            G::Format::GAME
        );
    };
    assert_eq!(
        G::write_ship(&again),
        canonical,
        "formatting a {} ship is not stable",
        G::Format::GAME
    );
    Some(canonical)
}

/// A `pack.toml` of a game whose pack names one ship file: resolves without
/// a panic and writes back stable.
fn one_ship_pack<F: ShipFormat>(text: &str) -> Option<String> {
    let loaded = ship_pack::pack_from_source::<F>(&SourceFile::new(PACK_FILE, text.to_owned()));
    render_errors(loaded.errors);
    let pack = loaded.value?;
    let canonical = ship_pack::write_pack::<F>(&pack);
    let again = ship_pack::pack_from_source::<F>(&SourceFile::new(PACK_FILE, canonical.clone()));
    let Some(again) = again.value else {
        panic!(
            "the canonical text of a {} pack does not resolve:\n{canonical}",
            F::GAME
        );
    };
    assert_eq!(
        ship_pack::write_pack::<F>(&again),
        canonical,
        "formatting a {} pack is not stable",
        F::GAME
    );
    Some(canonical)
}

fn galaxy_file(text: &str) -> Option<String> {
    let source: Arc<SourceFile> = SourceFile::new(PACK_FILE, text.to_owned());
    let (parsed, problems) = ti4::parse(&source);
    render(&problems);
    let parsed = parsed?;
    let builtin = ti4::builtin_catalogue().ok()?;
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
    draw(
        &ti4::show::draw(&view),
        &ti4::draw::galaxy_scene(&view, true, true),
    );
    let canonical = write::write(&parsed);
    let (again, _) = ti4::parse(&SourceFile::new(PACK_FILE, canonical.clone()));
    let Some(again) = again else {
        panic!("the canonical text of a galaxy does not resolve:\n{canonical}");
    };
    assert_eq!(
        write::write(&again),
        canonical,
        "formatting a galaxy is not stable"
    );
    Some(canonical)
}

fn map_string_text(text: &str) -> Option<String> {
    let builtin = ti4::builtin_catalogue().ok()?;
    let parsed = match map_string::parse(text, builtin) {
        Ok(parsed) => parsed,
        Err(errors) => {
            for error in errors {
                let _ = error.to_string();
            }
            return None;
        }
    };
    let written = map_string::write(&parsed);
    let Ok(again) = map_string::parse(&written, builtin) else {
        panic!("a written map string does not read back: {written}");
    };
    assert_eq!(
        map_string::write(&again),
        written,
        "map strings are not stable"
    );
    Some(written)
}

/// A GraphML board imports as a pack and a ship already in canonical form,
/// or as problems.
fn graphml_board(text: &str) -> Option<String> {
    let imported = match graphml::import(text, "Fuzz", "0") {
        Ok(imported) => imported,
        Err(error) => {
            let _ = error.to_string();
            return None;
        }
    };
    let ship = ship::<Nemesis>(&imported.ship);
    assert_eq!(
        ship.as_deref(),
        Some(imported.ship.as_str()),
        "a GraphML import is not a canonical ship file"
    );
    assert_eq!(
        one_ship_pack::<NemesisFormat>(&imported.pack).as_deref(),
        Some(imported.pack.as_str()),
        "a GraphML import's pack.toml is not canonical"
    );
    ship
}
