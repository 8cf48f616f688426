//! Battlestations files: the bundled ships and every Battlestations fixture
//! are canonical (load → write gives the same bytes) and validate against the
//! published JSON Schemas; a file in another layout is rewritten to the same
//! canonical text, and the schema catches what deckplan catches.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_schema::SourceFile;
use deckplan_schema::battlestations::json_schema::ship_schema;
use deckplan_schema::battlestations::{BattlestationsFormat, resolve, write};
use deckplan_schema::load::read_source;
use deckplan_schema::ship_pack;

fn packs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut packs = deckplan_tests::games::game("battlestations").packs;
    for entry in std::fs::read_dir(root.join("fixtures/checks/battlestations")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name().to_string_lossy().starts_with('B') {
            packs.push(entry.path().join("fail"));
            packs.push(entry.path().join("pass"));
        }
    }
    packs
}

fn schema_errors(schema: &serde_json::Value, text: &str) -> Vec<String> {
    let instance: serde_json::Value = toml::from_str(text).unwrap();
    let validator = jsonschema::validator_for(schema).unwrap();
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn every_battlestations_file_is_canonical_and_matches_the_schema() {
    let packs = packs();
    assert_eq!(packs.len(), 23, "the bundled ship and 11 checks' fixtures");
    for dir in packs {
        let pack_path = dir.join("pack.toml");
        let source = read_source(&pack_path, &pack_path).unwrap();
        let pack = ship_pack::pack_from_source::<BattlestationsFormat>(&source)
            .value
            .unwrap();
        assert_eq!(
            ship_pack::write_pack::<BattlestationsFormat>(&pack),
            source.text(),
            "{}",
            pack_path.display()
        );
        assert_eq!(
            schema_errors(
                &ship_pack::pack_schema::<BattlestationsFormat>(),
                source.text()
            ),
            Vec::<String>::new()
        );
        let ship_path = dir.join(&pack.ship_path);
        let source = read_source(&ship_path, &ship_path).unwrap();
        let ship = ship_pack::ship_from_source::<BattlestationsFormat>(&source)
            .value
            .unwrap();
        assert_eq!(
            write::write_ship(&ship),
            source.text(),
            "{}",
            ship_path.display()
        );
        assert_eq!(
            schema_errors(&ship_schema(), source.text()),
            Vec::<String>::new(),
            "{}",
            ship_path.display()
        );
    }
}

#[test]
fn a_loose_layout_is_rewritten_canonically() {
    let loose = "ruleset='battlestations'\nformat=1\nforward='west'\nname='T'\n\
        [[modules]]\nsquares=['C..','...','..B']\nat=[0,0]\nrotation=0\nrole='helm'\nid='helm'\n\
        [[modules]]\nrole='custom'\nname='Hold'\nid='hold'\nat=[1,0]\n";
    let without_card = loose.replace("squares=['C..','...','..B']\n", "");
    let ship = resolve::parse_ship(&SourceFile::new("ship.toml", without_card)).unwrap();
    assert_eq!(ship.module_size, 5, "module_size defaults to 5");
    let loose = loose.replace("forward='west'", "forward='west'\nmodule_size=3");
    let ship = resolve::parse_ship(&SourceFile::new("ship.toml", loose)).unwrap();
    assert_eq!(
        write::write_ship(&ship),
        "format = 1\nruleset = \"battlestations\"\nname = \"T\"\nmodule_size = 3\nforward = \"west\"\n\n\
         [[modules]]\nid = \"helm\"\nrole = \"helm\"\nat = [0, 0]\nsquares = [\n    \"C..\",\n    \"...\",\n    \"..B\",\n]\n\n\
         [[modules]]\nid = \"hold\"\nrole = \"custom\"\nname = \"Hold\"\nat = [1, 0]\n"
    );
}

#[test]
fn the_schema_rejects_what_deckplan_rejects() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/battlestations-wayfarer/ship.toml");
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replacen("role = \"cannon\"", "role = \"canon\"", 1)
        .replacen("rotation = 180", "rotation = 45", 1)
        .replacen("\"lower A8 west\"", "\"lower A8 up\"", 1)
        .replacen(
            "    \"C....\",\n    \".....\",\n    \"..#..\"",
            "    \"C....\",\n    \".....\",\n    \"..X..\"",
            1,
        );
    let errors = schema_errors(&ship_schema(), &text);
    assert_eq!(errors.len(), 4, "{errors:#?}");
    assert!(errors[0].starts_with("/doors/0:"), "{errors:#?}");
    assert!(errors[1].starts_with("/modules/0/role:"), "{errors:#?}");
    assert!(
        errors[2].starts_with("/modules/0/squares/2:"),
        "{errors:#?}"
    );
    assert!(errors[3].starts_with("/modules/3/rotation:"), "{errors:#?}");
}
