//! Every file in `maps/` validates against the published JSON Schema, so editors
//! that check files as they are typed agree with deckplan about the bundled packs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::enormity::json_schema::{pack_schema, page_schema};
use deckplan_schema::load::{self, PACK_FILE};

fn errors(schema: &serde_json::Value, path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let instance: serde_json::Value = toml::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(schema).unwrap();
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn bundled_maps_validate_against_the_schema() {
    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let (pack_schema, page_schema) = (pack_schema(), page_schema());
    let mut checked = 0;
    let mut galaxies = 0;
    for dir in load::find_packs(&maps).unwrap() {
        let pack_path = dir.join(PACK_FILE);
        let source = load::read_source(&pack_path, &pack_path).unwrap();
        // A TI4 pack's `pack.toml` is its galaxy, with a schema of its own.
        if deckplan_schema::sniff::ruleset_name(&source).is_some_and(|r| r.name == "ti4") {
            let schema = deckplan_schema::ti4::json_schema::galaxy_schema();
            assert_eq!(
                errors(&schema, &pack_path),
                Vec::<String>::new(),
                "{}",
                pack_path.display()
            );
            galaxies += 1;
            continue;
        }
        // Other games' packs are checked against their own schemas (nemesis_json_schema.rs).
        if deckplan_schema::sniff::ruleset_name(&source).is_some_and(|n| n.name != "enormity") {
            continue;
        }
        assert_eq!(
            errors(&pack_schema, &pack_path),
            Vec::<String>::new(),
            "{}",
            pack_path.display()
        );
        let pack = deckplan_schema::enormity::load::pack_file_from_source(&source)
            .value
            .unwrap();
        for file in pack.page_files {
            let path = dir.join(&file.path);
            assert_eq!(
                errors(&page_schema, &path),
                Vec::<String>::new(),
                "{}",
                path.display()
            );
            checked += 1;
        }
    }
    assert!(checked >= 6, "only {checked} page files checked");
    assert_eq!(galaxies, 2, "the two bundled TI4 galaxies");
}

#[test]
fn the_schema_rejects_a_misspelt_key_in_a_bundled_page() {
    let page = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps/derelict-meridian-tithe/book1/page1.toml");
    let text = std::fs::read_to_string(page)
        .unwrap()
        .replace("[edges]\n", "[edges]\ndors = []\n");
    let instance: serde_json::Value = toml::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&page_schema()).unwrap();
    let found: Vec<String> = validator
        .iter_errors(&instance)
        .map(|e| e.instance_path().to_string())
        .collect();
    assert_eq!(found, vec!["/edges".to_string()]);
}
