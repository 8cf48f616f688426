//! The published JSON Schemas of Battlestations files (a ship file and
//! `pack.toml`), for editors that complete and check files as they are
//! typed. They mirror the raw types key for key; what needs more than one
//! value (a card's rows match `module_size`, modules do not overlap) is left
//! to `deckplan`.

use serde_json::{Value, json};

use super::limits::MAX_MODULES;
use super::model::{Content, Role};
use super::resolve::{MAX_AT, MAX_LEVELS, MODULE_SIZES};
use crate::id::MAX_ID_LEN;

use crate::json_schema::DIALECT;

fn id(description: &str) -> Value {
    json!({
        "type": "string",
        "pattern": format!("^[a-z0-9][a-z0-9-]{{0,{}}}$", MAX_ID_LEN - 1),
        "description": description,
    })
}

/// The schema of a ship file.
pub fn ship_schema() -> Value {
    let symbols: String = Content::ALL.iter().map(|c| c.symbol()).collect();
    let legend: Vec<String> = Content::ALL
        .iter()
        .map(|c| format!("`{}` {}", c.symbol(), c.name()))
        .collect();
    let mut properties = json!({
        "name": { "type": "string", "minLength": 1, "description": "The ship's name." },
        "module_size": {
            "type": "integer", "minimum": MODULE_SIZES.start(), "maximum": MODULE_SIZES.end(),
            "description": "Squares along a module's side; 5 (the original 3.5-inch cards of 0.7-inch squares) when left out.",
        },
        "forward": { "enum": ["north", "east", "south", "west"], "description": "The side of the drawing the ship flies toward." },
        "levels": {
            "type": "array", "items": id("A level id."), "minItems": 2, "maxItems": MAX_LEVELS, "uniqueItems": true,
            "description": "Level ids, lowest first, for a ship of several levels joined by ladders.",
        },
        "doors": {
            "type": "array", "maxItems": MAX_MODULES,
            "items": {
                "type": "string",
                "pattern": "^([a-z0-9][a-z0-9-]* )?[A-Za-z]{1,3}[1-9][0-9]* (north|east|south|west)$",
                "description": "An external door: `[LEVEL ]SQUARE SIDE`, e.g. `A3 west`.",
            },
            "description": "External doors (airlocks) on the hull.",
        },
        "modules": {
            "type": "array", "maxItems": MAX_MODULES,
            "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "role", "at"],
                "description": "A module card placed on the module grid.",
                "properties": {
                    "id": id("The module's id, e.g. `helm`."),
                    "role": { "enum": Role::ALL.map(Role::name), "description": "What the module is; `custom` needs a `name`." },
                    "name": { "type": "string", "minLength": 1, "description": "The printed name." },
                    "level": id("The module's level, on a ship of several levels."),
                    "at": {
                        "type": "array", "items": { "type": "integer", "minimum": 0, "maximum": MAX_AT },
                        "minItems": 2, "maxItems": 2,
                        "description": "`[column, row]` of the module grid, from the top left.",
                    },
                    "rotation": { "enum": [0, 90, 180, 270], "description": "Clockwise turn of the card, in degrees." },
                    "squares": {
                        "type": "array",
                        "items": { "type": "string", "pattern": format!("^[{}]+$", regex_class(&symbols)) },
                        "description": format!("The card's rows, top row first, as printed: {}.", legend.join(", ")),
                    },
                },
            },
        },
    });
    crate::ship_pack::schema_header::<super::BattlestationsFormat>(&mut properties);
    json!({
        "$schema": DIALECT,
        "$id": "https://deckplan.dev/schema/battlestations-ship-1.json",
        "title": "deckplan Battlestations ship file (format 1)",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "ruleset", "name", "forward"],
        "properties": properties,
    })
}

/// The legend characters escaped for a regular-expression character class.
fn regex_class(symbols: &str) -> String {
    symbols
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_string()
            } else {
                format!("\\{c}")
            }
        })
        .collect()
}
