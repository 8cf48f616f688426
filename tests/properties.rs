//! The properties every reader must keep on any input, checked on arbitrary
//! bytes: by the fuzz targets (`tests/fuzz`, nightly) and, for every input
//! they ever failed on, by `tests/tests/fuzz_regressions.rs` on stable Rust.
//!
//! The first byte of an input picks the kind of file, of any game (see
//! [`KINDS`]); the rest is its text. On whatever the bytes are:
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

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::battlestations::BattlestationsFormat;
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::nemesis::NemesisFormat;
use deckplan_schema::ship_pack::{self, ShipFormat};
use deckplan_schema::sources::Sources;
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
use deckplan_validator::ruleset::{DrawRequest, REGISTRY};
use deckplan_validator::ship_game::{ShipGame, ShipOf};
use deckplan_validator::ti4;

/// One kind of file a fuzz input can be: the game whose reader it runs,
/// what the file is, the properties it is held to, and where its seeds come
/// from.
pub struct Kind {
    /// The game, by ruleset name.
    pub game: &'static str,
    /// What the file is (`page`, `pack.toml`, `Tiled map`).
    pub name: &'static str,
    /// Reads the text, checks, draws and formats it, holding it to the
    /// properties; the canonical text when it resolved.
    pub check: fn(&str) -> Option<String>,
    /// The seed of this kind made from a file of the repository (its path
    /// and text), if that file gives one.
    pub seed: fn(&Path, &str) -> Option<String>,
}

/// Every kind of file of every game, grouped by game in the registry's
/// order. An input's first byte picks one (modulo their number); a new
/// game's kinds are added at the end, so the inputs kept in
/// `tests/fixtures/fuzz/` keep their kind.
pub const KINDS: &[Kind] = &[
    Kind {
        game: "enormity",
        name: "page",
        check: page,
        seed: enormity_page_seed,
    },
    Kind {
        game: "enormity",
        name: "pack.toml",
        check: pack,
        seed: |path, text| pack_seed("enormity", path, text),
    },
    Kind {
        game: "enormity",
        name: "Tiled map",
        check: tiled_map,
        seed: tiled_map_seed,
    },
    Kind {
        game: "nemesis",
        name: "ship",
        check: ship::<Nemesis>,
        seed: |path, text| board_seed("nemesis", path, text),
    },
    Kind {
        game: "nemesis",
        name: "pack.toml",
        check: one_ship_pack::<NemesisFormat>,
        seed: |path, text| pack_seed("nemesis", path, text),
    },
    Kind {
        game: "nemesis",
        name: "GraphML board",
        check: graphml_board,
        seed: |path, text| (path.extension()? == "graphml").then(|| text.to_owned()),
    },
    Kind {
        game: "ti4",
        name: "galaxy",
        check: galaxy_file,
        seed: |path, text| file_seed("ti4", path, text),
    },
    Kind {
        game: "ti4",
        name: "map string",
        check: map_string_text,
        seed: map_string_seed,
    },
    Kind {
        game: "battlestations",
        name: "ship",
        check: ship::<Battlestations>,
        seed: |path, text| board_seed("battlestations", path, text),
    },
    Kind {
        game: "battlestations",
        name: "pack.toml",
        check: one_ship_pack::<BattlestationsFormat>,
        seed: |path, text| pack_seed("battlestations", path, text),
    },
];

/// The properties of one input: its first byte picks the kind of file in
/// [`KINDS`], the rest is the file's text. Returns the canonical text when
/// the file resolved.
pub fn check(data: &[u8]) -> Option<String> {
    let (kind, text) = kind_of(data)?;
    (kind.check)(std::str::from_utf8(text).ok()?)
}

/// The kind an input's first byte picks, and the rest of the input.
pub fn kind_of(data: &[u8]) -> Option<(&'static Kind, &[u8])> {
    let (&byte, rest) = data.split_first()?;
    Some((KINDS.get(usize::from(byte) % KINDS.len())?, rest))
}

/// A seed of a fuzz corpus: an input made from a file of the repository.
pub struct Seed {
    /// The file it was made from.
    pub from: PathBuf,
    /// The kind of file it is…
    pub kind: &'static Kind,
    /// …and that kind's place in [`KINDS`], the input's first byte.
    pub byte: u8,
    /// The file's text as that kind reads it.
    pub text: String,
}

impl Seed {
    /// The input: the kind's byte, then the text.
    pub fn bytes(&self) -> Vec<u8> {
        let mut bytes = vec![self.byte];
        bytes.extend_from_slice(self.text.as_bytes());
        bytes
    }
}

/// Where the seeds come from: the bundled packs, the examples of the docs,
/// the test fixtures (not the kept fuzz inputs) and the validator's test
/// data.
pub fn seed_folders() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    ["maps", "docs/examples", "tests/fixtures", "validator/tests"]
        .iter()
        .map(|dir| root.join(dir))
        .collect()
}

/// Every seed of every kind made from the files below `folders`, in the
/// order of the files, then of [`KINDS`].
pub fn seeds(folders: &[PathBuf]) -> Vec<Seed> {
    let mut files = Vec::new();
    for folder in folders {
        for file in crate::files::files_below(folder) {
            let path = folder.join(file);
            if !path.components().any(|c| c.as_os_str() == "fuzz") {
                files.push(path);
            }
        }
    }
    let mut seeds = Vec::new();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for (byte, kind) in KINDS.iter().enumerate() {
            if let (Some(text), Ok(byte)) = ((kind.seed)(&path, &text), u8::try_from(byte)) {
                seeds.push(Seed {
                    from: path.clone(),
                    kind,
                    byte,
                    text,
                });
            }
        }
    }
    seeds
}

/// The ruleset a `.toml` file is written for: the one it names, else the
/// default one (a page names none).
fn ruleset_of(path: &Path) -> Option<&'static str> {
    if path.extension()? != "toml" {
        return None;
    }
    let ruleset = REGISTRY.for_sources(&Sources::file(path)).ok()?;
    Some(ruleset.name())
}

/// A `pack.toml` of `game`.
fn pack_seed(game: &str, path: &Path, text: &str) -> Option<String> {
    let is_pack = path.file_name()? == PACK_FILE;
    (is_pack && ruleset_of(path)? == game).then(|| text.to_owned())
}

/// Any `.toml` file of `game`.
fn file_seed(game: &str, path: &Path, text: &str) -> Option<String> {
    (ruleset_of(path)? == game).then(|| text.to_owned())
}

/// A board file (a ship, a page) of `game`: any of its files but `pack.toml`.
fn board_seed(game: &str, path: &Path, text: &str) -> Option<String> {
    let is_pack = path.file_name()? == PACK_FILE;
    (!is_pack && ruleset_of(path)? == game).then(|| text.to_owned())
}

fn enormity_page_seed(path: &Path, text: &str) -> Option<String> {
    board_seed("enormity", path, text)
}

/// The Tiled map of an Enormity page that resolves.
fn tiled_map_seed(path: &Path, text: &str) -> Option<String> {
    let text = enormity_page_seed(path, text)?;
    let page = enormity::load::page_from_source(&SourceFile::new("page.toml", text)).value?;
    Some(tiled::to_tiled(&page, "page.tiles.png").to_string())
}

/// A map string: a `.map-string` file, or the map string of a galaxy that
/// resolves.
fn map_string_seed(path: &Path, text: &str) -> Option<String> {
    if path.extension()? == "map-string" {
        return Some(text.to_owned());
    }
    let text = file_seed("ti4", path, text)?;
    let (galaxy, _) = ti4::parse(&SourceFile::new(PACK_FILE, text));
    Some(map_string::write(&galaxy?.galaxy()))
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

/// A Tiled map, imported as a page held to a page's properties.
fn tiled_map(text: &str) -> Option<String> {
    tiled::from_tiled(text)
        .ok()
        .and_then(|(_, page_text)| page(&page_text))
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
