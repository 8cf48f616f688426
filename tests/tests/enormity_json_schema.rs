//! Enormity's page schema catches a misspelt key as deckplan does. (Every
//! bundled file of every game validates against its schema:
//! `json_schema.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::enormity::json_schema::page_schema;

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
