//! Every file of every bundled pack of every registered game validates
//! against the JSON Schema its game publishes (`deckplan schema`), so
//! editors that check files as they are typed agree with deckplan about the
//! bundled packs.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::load::PACK_FILE;
use deckplan_tests::files::files_below;
use deckplan_tests::games;
use deckplan_validator::ruleset::Ruleset;

/// The schema of a file of a pack, as the language server picks it: the
/// `pack` kind for `pack.toml`, the `page` kind (a board file) for the rest.
fn schema_of(ruleset: &dyn Ruleset, file: &Path) -> serde_json::Value {
    let kind = if file.file_name().is_some_and(|n| n == PACK_FILE) {
        "pack"
    } else {
        "page"
    };
    ruleset
        .schemas()
        .into_iter()
        .find(|s| s.kind == kind)
        .unwrap_or_else(|| panic!("{} has no `{kind}` schema", ruleset.name()))
        .schema
}

/// Where a text breaks its schema.
fn errors(schema: &serde_json::Value, text: &str) -> Vec<String> {
    let instance: serde_json::Value = toml::from_str(text).unwrap();
    let validator = jsonschema::validator_for(schema).unwrap();
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

#[test]
fn every_file_of_every_bundled_pack_of_every_game_validates_against_its_schema() {
    for game in games::bundled() {
        for dir in &game.packs {
            for file in files_below(dir) {
                let text = std::fs::read_to_string(dir.join(&file)).unwrap();
                assert_eq!(
                    errors(&schema_of(game.ruleset, &file), &text),
                    Vec::<String>::new(),
                    "{}: {}",
                    game.name(),
                    dir.join(&file).display()
                );
            }
        }
    }
}

/// The test above can fail: every game's pack schema refuses a misspelt key
/// at the top of its bundled `pack.toml`.
#[test]
fn every_game_s_pack_schema_refuses_a_misspelt_key() {
    for game in games::bundled() {
        let dir = &game.packs[0];
        let text = std::fs::read_to_string(dir.join(PACK_FILE)).unwrap();
        let misspelt = format!("nmae = \"x\"\n{text}");
        let schema = schema_of(game.ruleset, Path::new(PACK_FILE));
        let found: Vec<String> = errors(&schema, &misspelt)
            .into_iter()
            .map(|e| e.split(':').next().unwrap_or_default().to_string())
            .collect();
        assert_eq!(found, [""], "{}: {}", game.name(), dir.display());
    }
}
