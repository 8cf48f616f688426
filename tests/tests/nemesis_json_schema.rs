//! The bundled Nemesis ships and every Nemesis fixture that lints clean
//! validate against the published Nemesis JSON Schemas, and the schema
//! catches a misspelt key as deckplan does.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_schema::nemesis::NemesisFormat;
use deckplan_schema::nemesis::json_schema::ship_schema;
use deckplan_schema::ship_pack::pack_schema;

fn errors(schema: &serde_json::Value, text: &str) -> Vec<String> {
    let instance: serde_json::Value = toml::from_str(text).unwrap();
    let validator = jsonschema::validator_for(schema).unwrap();
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

fn nemesis_packs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut packs = deckplan_tests::games::game("nemesis").packs;
    for entry in std::fs::read_dir(root.join("fixtures/checks/nemesis")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name().to_string_lossy().starts_with('N') {
            packs.push(entry.path().join("pass"));
        }
    }
    packs
}

#[test]
fn nemesis_packs_validate_against_the_schema() {
    let packs = nemesis_packs();
    assert!(packs.len() >= 10, "only {} packs", packs.len());
    for dir in packs {
        for (file, schema) in [
            ("pack.toml", pack_schema::<NemesisFormat>()),
            ("ship.toml", ship_schema()),
        ] {
            let path = dir.join(file);
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(
                errors(&schema, &text),
                Vec::<String>::new(),
                "{}",
                path.display()
            );
        }
    }
}

#[test]
fn the_schema_rejects_a_misspelt_key_and_a_bad_number() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/kestrel-relay/ship.toml");
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replacen("numbers = [1]", "numbers = [5]", 1)
        .replacen(
            "[[rooms]]\nid = \"cockpit\"",
            "[[rooms]]\nid = \"cockpit\"\nnmae = \"x\"",
            1,
        );
    let instance: serde_json::Value = toml::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&ship_schema()).unwrap();
    let found: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| e.instance_path().to_string())
        .collect();
    assert_eq!(found, ["/corridors/0/numbers/0", "/rooms/0"]);
}
