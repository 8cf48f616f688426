//! The published JSON Schema of galaxy files, for editors that complete and
//! check files as they are typed. It mirrors the raw types key for key; what
//! needs more than one value (a custom tile placed, a seat on a listed
//! position) is left to `deckplan`.

use super::limits::MAX_GALAXY_LIST;
use super::map_string::MAX_RINGS;
use super::resolve::{FORMAT_VERSION, RULESET};

/// The JSON Schema of a galaxy file (`deckplan schema --ruleset ti4`).
pub fn galaxy_schema() -> serde_json::Value {
    use serde_json::json;
    let wormhole = json!({ "enum": ["alpha", "beta", "gamma", "delta"] });
    let planet = json!({
                                "type": "object",
                                "additionalProperties": false,
                                "required": ["name", "resources", "influence"],
                                "properties": {
                                    "name": { "type": "string" },
                                    "resources": { "type": "integer", "minimum": 0, "maximum": 255 },
                                    "influence": { "type": "integer", "minimum": 0, "maximum": 255 },
                                    "trait": { "enum": ["cultural", "hazardous", "industrial"] },
                                    "tech": { "enum": ["biotic", "cybernetic", "propulsion", "warfare"] },
                                    "legendary": { "type": "boolean" }
                                }
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://deckplan.dev/schema/ti4-galaxy-1.json",
        "title": "deckplan TI4 galaxy",
        "description": "A Twilight Imperium 4 galaxy: tiles by spiral index, home seats, custom tiles and adjacency modifiers (docs/format.md, \"Twilight Imperium 4 galaxies\").",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "ruleset", "name", "rings"],
        "properties": {
            "format": { "const": FORMAT_VERSION },
            "ruleset": { "const": RULESET },
            "name": { "type": "string" },
            "rings": { "type": "integer", "minimum": 1, "maximum": MAX_RINGS },
            "off_board": {
                "description": "Systems set beside the board, reached only through their wormholes, by tile number.",
                "type": "array",
                "items": { "type": "integer", "minimum": 1, "maximum": 65535 }
            },
            "tiles": {
                "description": "What each position holds, keyed by spiral index (0 = centre): a system tile number, 0 for an open position, or a hyperlane as \"83A2\" (tile, face, sixths turned clockwise).",
                "type": "object",
                "propertyNames": { "pattern": "^(0|[1-9][0-9]*)$" },
                "additionalProperties": {
                    "oneOf": [
                        { "type": "integer", "minimum": 0, "maximum": 65535 },
                        { "type": "string", "pattern": "^[1-9][0-9]*[AB][0-5]$" }
                    ]
                }
            },
            "homes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["seat", "position"],
                    "properties": {
                        "seat": { "type": "integer", "minimum": 1, "maximum": 255 },
                        "position": { "type": "integer", "minimum": 0 }
                    }
                }
            },
            "custom": {
                "type": "array",
                "maxItems": MAX_GALAXY_LIST,
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["number", "name"],
                    "properties": {
                        "number": { "type": "integer", "minimum": 1, "maximum": 65535 },
                        "name": { "type": "string" },
                        "back": { "enum": ["green", "blue", "red"] },
                        "home": { "type": "boolean" },
                        "off_board": { "type": "boolean" },
                        "wormholes": { "type": "array", "items": wormhole },
                        "anomalies": { "type": "array", "items": { "enum": ["asteroid-field", "nebula", "supernova", "gravity-rift"] } },
                        "planets": { "type": "array", "items": planet }
                    }
                }
            },
            "modifiers": {
                "type": "array",
                "maxItems": MAX_GALAXY_LIST,
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["name"],
                    "properties": {
                        "name": { "type": "string" },
                        "join": { "type": "array", "items": wormhole, "minItems": 2, "maxItems": 2 },
                        "block": { "type": "array", "items": { "type": "integer", "minimum": 0 }, "minItems": 2, "maxItems": 2 },
                        "enabled": { "type": "boolean" }
                    },
                    "oneOf": [ { "required": ["join"] }, { "required": ["block"] } ]
                }
            },
            "lint": crate::lint_table::lint_table("Check levels for this galaxy")
        }
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    const SIX: &str = include_str!("../../../maps/ti4-six-players/pack.toml");
    const FIVE: &str = include_str!("../../../maps/ti4-five-hyperlanes/pack.toml");

    fn file(body: &str) -> String {
        format!("format = 1\nruleset = \"ti4\"\nname = \"test\"\nrings = 3\n{body}")
    }

    #[test]
    fn the_json_schema_accepts_the_bundled_galaxies_and_refuses_a_stray_key() {
        let schema = galaxy_schema();
        jsonschema::meta::validate(&schema).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        for text in [SIX, FIVE] {
            let value: serde_json::Value = toml::from_str(text).unwrap();
            let problems: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert_eq!(problems, Vec::<String>::new());
        }
        let stray: serde_json::Value = toml::from_str(&file("tile = 3\n")).unwrap();
        assert!(!validator.is_valid(&stray));
    }
}
