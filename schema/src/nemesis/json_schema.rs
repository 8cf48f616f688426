//! The published JSON Schemas of Nemesis files (a ship file and `pack.toml`),
//! for editors that complete and check files as they are typed. They mirror
//! the raw types key for key; what needs more than one value (a room named by
//! a corridor exists, the numbers around a room) is left to `deckplan`.

use serde_json::{Value, json};

use super::limits::MAX_SHIP_LIST;
use super::model::RoomKind;
use super::resolve::MAX_AT;
use crate::id::MAX_ID_LEN;

use crate::json_schema::DIALECT;

fn id() -> Value {
    json!({
        "type": "string",
        "pattern": format!("^[a-z0-9][a-z0-9-]{{0,{}}}$", MAX_ID_LEN - 1),
        "description": "An id: lower-case letters, digits and `-`, e.g. `engine-1`.",
    })
}

fn position() -> Value {
    json!({
        "type": "array",
        "items": { "type": "integer", "minimum": 0, "maximum": MAX_AT },
        "minItems": 2,
        "maxItems": 2,
        "description": "Where it is drawn: `[column, row]` on a drawing grid, from the top left.",
    })
}

fn numbers(description: &str) -> Value {
    json!({
        "type": "array",
        "items": { "type": "integer", "minimum": 1, "maximum": 4 },
        "minItems": 1,
        "maxItems": 2,
        "uniqueItems": true,
        "description": description,
    })
}

fn table(required: &[&str], properties: Value, description: &str) -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": required,
        "properties": properties,
        "description": description,
    })
}

/// The schema of a ship file.
pub fn ship_schema() -> Value {
    let mut properties = json!({
        "name": { "type": "string", "minLength": 1, "description": "The ship's name." },
        "board": { "type": "string", "description": "Which board this is, e.g. `basic side`." },
        "rooms": {
            "type": "array", "maxItems": MAX_SHIP_LIST,
            "items": table(&["id", "kind", "at"], json!({
                "id": id(),
                "kind": { "enum": RoomKind::NAMES, "description": "A `1` or `2` slot for a room tile, or a special room." },
                "name": { "type": "string", "description": "The printed name." },
                "at": position(),
            }), "A room."),
        },
        "corridors": {
            "type": "array", "maxItems": MAX_SHIP_LIST,
            "items": table(&["between", "numbers"], json!({
                "between": { "type": "array", "items": id(), "minItems": 2, "maxItems": 2, "description": "The two rooms it joins." },
                "numbers": numbers("The numbers printed at the first room's end (and the second's, unless `other_end` says otherwise)."),
                "other_end": numbers("The numbers printed at the second room's end, when they differ."),
                "door": { "type": "boolean", "description": "A Door token stands in the corridor." },
            }), "A corridor between two rooms."),
        },
        "networks": {
            "type": "array",
            "items": table(&["id", "at"], json!({ "id": id(), "at": position() }), "A technical-corridor network: its entrances meet in one shared space."),
        },
        "technical_entrances": {
            "type": "array", "maxItems": MAX_SHIP_LIST,
            "items": table(&["room"], json!({
                "room": id(),
                "numbers": numbers("The corridor numbers printed at the entrance."),
                "network": id(),
                "door": { "type": "boolean", "description": "A Door token (never allowed in a technical corridor; reported by a check)." },
            }), "A room's entrance to the technical corridors."),
        },
        "escape_pods": {
            "type": "array",
            "items": table(&["number", "section", "room"], json!({
                "number": { "type": "integer", "minimum": 1, "maximum": 4 },
                "section": { "enum": ["A", "B"] },
                "room": id(),
            }), "An escape pod, its section and the room it is launched from."),
        },
        "tiles": table(&[], json!({
            "one": { "type": "array", "items": { "type": "string" }, "description": "The \"1\" room tiles, by name." },
            "two": { "type": "array", "items": { "type": "string" }, "description": "The \"2\" room tiles, by name." },
        }), "The room tiles shuffled onto the slots at setup."),
    });
    crate::ship_pack::schema_header::<super::NemesisFormat>(&mut properties);
    json!({
        "$schema": DIALECT,
        "$id": "https://deckplan.dev/schema/nemesis-ship-1.json",
        "title": "deckplan Nemesis ship file (format 1)",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "ruleset", "name"],
        "properties": properties,
    })
}
