//! Packs whose `pack.toml` names one ship file — a Nemesis ship, a
//! Battlestations ship — are one format but for the ship: the same keys in
//! `pack.toml`, read, checked, written and described the same way, then the
//! file it names read from the pack's [`Sources`], inside the pack folder
//! only. A game gives what differs as a [`ShipFormat`].

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::{Value, json};
use toml::Spanned;

use crate::confine;
use crate::document::read_file;
use crate::error::{FileError, FormatCode, FormatError, LoadError};
use crate::lint_table::{LintSettings, TomlLintTable};
use crate::load::{Loaded, read_code};
use crate::source::{SourceFile, Span};
use crate::sources::{Read, Sources};
use crate::toml_file::{quote, text_problems};

/// What one game's ship files add to the shared pack: its names and how its
/// ship file resolves.
pub trait ShipFormat {
    /// The ruleset name its files carry (`nemesis`).
    const RULESET: &'static str;
    /// The game's name in messages (`Nemesis`).
    const GAME: &'static str;
    /// The ship a ship file holds.
    type Ship;

    /// Resolves a ship file from text already read.
    fn parse_ship(source: &Arc<SourceFile>) -> Result<Self::Ship, Vec<FormatError>>;
}

/// The only `format` version of `pack.toml` this build reads and writes.
pub const FORMAT_VERSION: i64 = 1;

/// A `pack.toml` naming one ship file, with the ship when it loaded.
#[derive(Clone, Debug)]
pub struct ShipPack<S> {
    /// The pack's name.
    pub name: String,
    /// The ship file's path, relative to the pack folder.
    pub ship_path: String,
    /// The `ship` value.
    pub ship_span: Span,
    /// Lint settings.
    pub lint: LintSettings,
    /// The ship, once read.
    pub ship: Option<S>,
    /// `pack.toml` itself.
    pub source: Arc<SourceFile>,
}

type Text = Spanned<String>;

crate::raw_table! {
    /// `pack.toml` key for key.
    struct TomlShipPack {
        format: Spanned<i64>,
        name: Text,
        ruleset: Text,
        ship: Text,
        lint: TomlLintTable = TomlLintTable::new(),
    }
}

/// Resolves `pack.toml` from text already read, without its ship.
pub fn parse_pack<F: ShipFormat>(
    source: &Arc<SourceFile>,
) -> Result<ShipPack<F::Ship>, Vec<FormatError>> {
    let file = read_file::<TomlShipPack>(source.text());
    let mut errors = file.problems;
    let Some(raw) = file.raw else {
        return Err(errors.into_errors());
    };
    errors.extend(crate::toml_file::version_problem(
        &raw.format,
        FORMAT_VERSION,
    ));
    errors.extend(ruleset_problem::<F>(&raw.ruleset));
    errors.extend(text_problems(&raw.name, "the pack name", true));
    let ship_span = Span::from_range(raw.ship.span());
    let ship_path = raw.ship.into_inner();
    if let Err(message) = check_ship_path(&ship_path) {
        errors.push(
            FormatError::new(FormatCode::PathEscape, message, Some(ship_span))
                .with_help("name a `.toml` file inside the pack folder, like `ship.toml`"),
        );
    }
    let lint = crate::lint_table::lint_settings(raw.lint, &mut errors);
    errors.finish(ShipPack {
        name: raw.name.into_inner(),
        ship_path,
        ship_span,
        lint,
        ship: None,
        source: Arc::clone(source),
    })
}

/// The error for a file of game `F` that names another ruleset.
pub(crate) fn ruleset_problem<F: ShipFormat>(value: &Text) -> Option<FormatError> {
    crate::toml_file::ruleset_problem(value, F::RULESET, F::GAME)
}

/// Whether a ship path stays inside the pack folder and names a TOML file.
fn check_ship_path(path: &str) -> Result<(), String> {
    let escapes = path.starts_with('/')
        || path.starts_with('\\')
        || path.contains(':')
        || path.split(['/', '\\']).any(|part| part == "..");
    if escapes {
        return Err(format!("ship path `{path}` leads outside the pack folder"));
    }
    if !path.ends_with(".toml") {
        return Err(format!("ship path `{path}` is not a `.toml` file"));
    }
    Ok(())
}

/// `pack.toml` in canonical form.
pub fn write_pack<F: ShipFormat>(pack: &ShipPack<F::Ship>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "format = {FORMAT_VERSION}");
    let _ = writeln!(out, "name = {}", quote(&pack.name));
    let _ = writeln!(out, "ruleset = {}", quote(F::RULESET));
    let _ = writeln!(out, "ship = {}", quote(&pack.ship_path));
    crate::lint_table::write_lint(&mut out, &pack.lint);
    out
}

/// The `format` and `ruleset` keys every file of game `F` starts with, added
/// to a JSON Schema's properties.
pub(crate) fn schema_header<F: ShipFormat>(properties: &mut Value) {
    if let Some(map) = properties.as_object_mut() {
        map.insert(
            "format".into(),
            json!({ "const": 1, "description": "The format version; always 1." }),
        );
        map.insert(
            "ruleset".into(),
            json!({ "const": F::RULESET, "description": format!("The game: `{}`.", F::RULESET) }),
        );
    }
}

/// The JSON Schema of game `F`'s `pack.toml`.
pub fn pack_schema<F: ShipFormat>() -> Value {
    let mut properties = json!({
        "name": { "type": "string", "minLength": 1, "description": "The pack's name." },
        "ship": {
            "type": "string",
            "pattern": r"^[^/\\:]([^:\\]*)\.toml$",
            "not": { "pattern": r"(^|/)\.\.(/|$)" },
            "description": "The ship file, relative to this folder and inside it (no `..`).",
        },
        "lint": crate::lint_table::lint_table("Check levels for this pack"),
    });
    schema_header::<F>(&mut properties);
    json!({
        "$schema": crate::json_schema::DIALECT,
        "$id": format!("https://deckplan.dev/schema/{}-pack-1.json", F::RULESET),
        "title": format!("deckplan {} pack.toml (format 1)", F::GAME),
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "name", "ruleset", "ship"],
        "properties": properties,
    })
}

/// A resolved value, or its errors tied to the file they are in.
fn loaded<T>(source: &Arc<SourceFile>, result: Result<T, Vec<FormatError>>) -> Loaded<T> {
    match result {
        Ok(value) => Loaded {
            value: Some(value),
            errors: Vec::new(),
        },
        Err(errors) => Loaded {
            value: None,
            errors: crate::load::attach(source, errors),
        },
    }
}

/// Resolves a ship file of game `F` from text already read.
pub fn ship_from_source<F: ShipFormat>(source: &Arc<SourceFile>) -> Loaded<F::Ship> {
    loaded(source, F::parse_ship(source))
}

/// Resolves game `F`'s `pack.toml` from text already read, without its ship.
pub fn pack_from_source<F: ShipFormat>(source: &Arc<SourceFile>) -> Loaded<ShipPack<F::Ship>> {
    loaded(source, parse_pack::<F>(source))
}

/// Reads and resolves the target's top file as one ship file of game `F`
/// on its own.
pub fn load_ship<F: ShipFormat>(sources: &Sources) -> Result<Loaded<F::Ship>, LoadError> {
    Ok(ship_from_source::<F>(&sources.top_file()?.source))
}

/// Reads the ship file `pack` names, inside the pack folder only: a link
/// that leads out, a FIFO, a missing or unreadable file is refused, as an
/// error at the `ship` value of `pack.toml`.
pub fn read_ship<S>(sources: &Sources, pack: &ShipPack<S>) -> Result<Read, Box<FileError>> {
    let written = &pack.ship_path;
    let problem = |code, message: String, help: &str| {
        Box::new(FileError {
            source: Arc::clone(&pack.source),
            error: FormatError::new(code, message, Some(pack.ship_span)).with_help(help),
        })
    };
    match sources.read(written) {
        Ok(read) => Ok(read),
        Err(confine::ReadError::Io { reason, .. }) => Err(problem(
            FormatCode::UnreadableFile,
            format!("cannot read ship file `{written}`: {reason}"),
            "check the path; it is relative to the folder of pack.toml",
        )),
        Err(e) => Err(problem(read_code(&e), e.to_string(), e.help())),
    }
}

/// Reads a pack's `pack.toml` of game `F` and the ship file it names.
pub fn load_pack<F: ShipFormat>(sources: &Sources) -> Result<Loaded<ShipPack<F::Ship>>, LoadError> {
    let source = sources.top_file()?.source;
    let mut loaded = pack_from_source::<F>(&source);
    let Some(pack) = loaded.value.as_ref() else {
        return Ok(loaded);
    };
    let ship_source = match read_ship(sources, pack) {
        Ok(read) => read.source,
        Err(problem) => {
            loaded.errors.push(*problem);
            return Ok(loaded);
        }
    };
    let ship = ship_from_source::<F>(&ship_source);
    loaded.errors.extend(ship.errors);
    if let Some(pack) = loaded.value.as_mut() {
        pack.ship = ship.value;
    }
    Ok(loaded)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::battlestations::BattlestationsFormat;
    use crate::nemesis::NemesisFormat;

    fn pack_errors<F: ShipFormat>(text: &str) -> Vec<String> {
        let source = SourceFile::new("pack.toml", text.to_string());
        match parse_pack::<F>(&source) {
            Ok(_) => Vec::new(),
            Err(errors) => errors
                .iter()
                .map(|e| format!("{} {}", e.code.code(), e.message))
                .collect(),
        }
    }

    #[test]
    fn ship_paths_stay_in_the_pack() {
        assert!(check_ship_path("ship.toml").is_ok());
        assert!(check_ship_path("ships/wayfarer.toml").is_ok());
        assert_eq!(
            check_ship_path("../x.toml"),
            Err("ship path `../x.toml` leads outside the pack folder".to_string())
        );
        for escaping in ["/etc/x.toml", "\\x.toml", "c:x.toml", "a\\..\\x.toml"] {
            assert_eq!(
                check_ship_path(escaping),
                Err(format!(
                    "ship path `{escaping}` leads outside the pack folder"
                ))
            );
        }
        assert_eq!(
            check_ship_path("ship.txt"),
            Err("ship path `ship.txt` is not a `.toml` file".to_string())
        );
    }

    #[test]
    fn each_game_names_itself_when_a_pack_names_another_ruleset() {
        let text = "format = 1\nname = \"P\"\nruleset = \"ti4\"\nship = \"s.toml\"\n";
        assert_eq!(
            pack_errors::<NemesisFormat>(text),
            ["F003 this is a Nemesis file, but it names the ruleset `ti4`"]
        );
        assert_eq!(
            pack_errors::<BattlestationsFormat>(text),
            ["F003 this is a Battlestations file, but it names the ruleset `ti4`"]
        );
    }

    #[test]
    fn every_problem_of_a_pack_is_reported_at_once_and_a_good_one_writes_back() {
        let text = "format = 2\nname = \"\"\nruleset = \"nemesis\"\nship = \"../s.toml\"\n";
        assert_eq!(
            pack_errors::<NemesisFormat>(text),
            [
                "F011 `format = 2` is not supported; this version of deckplan reads `format = 1`",
                "F003 the pack name is empty",
                "F010 ship path `../s.toml` leads outside the pack folder",
            ]
        );
        let good =
            "format = 1\nname = \"Kestrel\"\nruleset = \"battlestations\"\nship = \"ship.toml\"\n";
        let source = SourceFile::new("pack.toml", good.to_string());
        let pack = parse_pack::<BattlestationsFormat>(&source).unwrap();
        assert_eq!(write_pack::<BattlestationsFormat>(&pack), good);
        let schema = pack_schema::<BattlestationsFormat>();
        assert_eq!(schema["properties"]["ruleset"]["const"], "battlestations");
        let validator = jsonschema::validator_for(&schema).unwrap();
        let with_ship = |ship: &str| {
            let text = good.replace("ship.toml", ship);
            validator.is_valid(&toml::from_str::<Value>(&text).unwrap())
        };
        assert!(with_ship("ships/wayfarer.toml"));
        for escaping in [
            "../s.toml",
            "a/../../s.toml",
            "/s.toml",
            "c:s.toml",
            "s.txt",
        ] {
            assert!(!with_ship(escaping), "{escaping}");
        }
    }
}
