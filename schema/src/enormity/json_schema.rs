//! The published JSON Schemas of the two map file kinds: a page file and
//! `pack.toml`.
//!
//! They exist for editors: with a schema associated (for example VS Code with
//! Even Better TOML, which uses taplo), a map file is completed and checked as
//! it is typed — unknown keys, missing keys, misspelt words and malformed
//! coordinates are underlined, and every key shows a short description with an
//! example on hover.
//!
//! ## What the schemas check, and what they leave to deckplan
//! The schemas mirror the raw TOML types key for key: every table is closed
//! (`additionalProperties: false`), required keys are the ones the files must
//! have, and closed vocabularies (directions, terrain keywords, discovery
//! colours, lint levels, the ruleset) are enums. The coordinate patterns accept
//! what the parser in [`super::coord`] accepts, syntax only. Anything that needs
//! more than one value or the page itself — whether a space is on the page, an
//! edge run stays in one row, a door number exists, a Location is declared —
//! is left to `deckplan`, whose messages are the authority.

use serde_json::{Map, Value, json};

use super::limits::{MAX_PAGE_SIDE, MAX_PAGES_PER_PACK};
use super::model::Background;
use crate::json_schema::{DIALECT, table};
use crate::limits;
use crate::lint_table::CHECK_NAME;

/// A space: row letters (upper case), then a column number from 1 (`H3`, `AA12`).
const SPACE: &str = "[A-Z]+0*[1-9][0-9]*";

/// A side of a space, and the way an arrow points.
const SIDE: &str = "(?:north|east|south|west)";

/// A corner of a space, naming an intersection.
const CORNER: &str = "(?:ne|nw|se|sw)";

/// A page: `L`, the book number, `p`, the page number (`L1p2`).
const PAGE: &str = "L0*[1-9][0-9]*p0*[1-9][0-9]*";

/// Between a place and its side or corner: the parser splits at the first
/// space and trims what follows, so extra blanks there are accepted.
const GAP: &str = r" \s*";

/// After a side or corner: trimmed by the parser, so trailing blanks are accepted.
const TAIL: &str = r"\s*$";

/// One line of the grid: an optional row label and one space, then the cells.
const GRID_LINE: &str = r"(?:[ \t]*[A-Z]+ )?[.#O]+";

/// A page path in `pack.toml`: relative, `/`-separated, ending in `.toml`.
const PAGE_PATH: &str = r"^(?:[^/\\](?:[^:\\][^\\]*)?)?\.toml$";

/// A background image path: relative (no leading `/` or `\`, no drive
/// letter), `/`-separated, a PNG or JPEG file name.
const IMAGE_PATH: &str = r"^(?:[^/\\](?:[^:\\][^\\]*)?)?\.(?:[pP][nN][gG]|[jJ][pP][eE]?[gG])$";

/// The schema of a page file (one page of a Location Book), format 1.
pub fn page_schema() -> Value {
    let defs = defs(&[
        "space",
        "side",
        "edgeRun",
        "intersection",
        "page",
        "direction",
        "number",
        "designation",
        "text",
        "requiredText",
        "lintTable",
        "lintSetting",
    ]);
    json!({
        "$schema": DIALECT,
        "$id": "https://deckplan.dev/schema/page-1.json",
        "title": "deckplan page file (format 1)",
        "description": "One page of an Enormity Location Book: its grid of spaces and the walls, doors, markers and other features printed on it. Listed in the pack's `pack.toml` under `pages`.",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "book", "page", "location", "grid"],
        "properties": {
            "format": format_property(),
            "book": reference("number", "Number of the Location Book this page belongs to, 1 to 999. Example: `book = 1`."),
            "page": reference("number", "Page number inside the book, 1 to 999; with `book` it names the page (`L1p2` is book 1, page 2). Example: `page = 2`."),
            "location": reference("designation", "Designation of the Location this page belongs to, as declared under `locations` in `pack.toml`: 1 to 8 upper-case letters or digits. Example: `location = \"SR\"`."),
            "title": reference("text", "Optional title printed on the page. Example: `title = \"Reactor Deck\"`."),
            "notes": reference("text", "Optional free-text notes for designers; unlike comments, `deckplan fmt` keeps them. Example: `notes = \"Door 2 stays shut in the tutorial.\"`"),
            "grid": {
                "type": "string",
                "pattern": format!("^{GRID_LINE}(?:\\r?\\n{GRID_LINE})*(?:\\r?\\n)?$"),
                "description": "The page's spaces: one line per row, top row first, one symbol per space — `.` board, `#` out of bounds, `O` obstacle. A line may start with its row label and one space (`E ......`); label every line or none. Every row has the same number of spaces; rows are lettered from A at the bottom, columns numbered from 1 at the left. Example:\n\ngrid = \"\"\"\nB .#.\nA ...\n\"\"\""
            },
            "edges": table(
                "Features on the edges between spaces: walls, red lines and doors. Example: `[edges]` then `walls = [\"C1-C3 north\"]`.",
                &[],
                json!({
                    "walls": list("edgeRun", "Walls, as edge runs: a space or a range of spaces in one row or column, then the side they run along. Example: `walls = [\"H3-H7 north\", \"C2 east\"]`."),
                    "red_lines": list("edgeRun", "Red lines, as edge runs like walls. Example: `red_lines = [\"A1-A4 south\"]`."),
                    "doors": {
                        "type": "array",
                        "description": "Numbered doors, each on one edge. Example: `doors = [{ number = 1, at = \"C4 east\" }]`.",
                        "items": table(
                            "A door: its number and the edge it sits on. Example: `{ number = 1, at = \"C4 east\" }`.",
                            &["number", "at"],
                            json!({
                                "number": reference("number", "Door number, 1 to 999, unique on the page; consoles and keycards refer to it. Example: `number = 1`."),
                                "at": reference("side", "The edge the door sits on: a space and one of its sides. Example: `at = \"C4 east\"`.")
                            })
                        )
                    }
                })
            ),
            "spaces": table(
                "Features on spaces: terrain tiles, arrows, consoles, keycards, discoveries and markers. Example: `[spaces]` then `objectives = [\"C2\"]`.",
                &[],
                space_properties()
            ),
            "intersections": table(
                "Features on intersections, the grid-line crossings where Blips move: spawn points, spawn links and starting Blips. Example: `[intersections]` then `spawn_points = [\"B2 ne\"]`.",
                &[],
                json!({
                    "spawn_points": list("intersection", "Spawn points. Example: `spawn_points = [\"B2 ne\", \"D4 ne\"]`."),
                    "spawn_links": {
                        "type": "array",
                        "description": "Spawn links, each joining two different intersections. Example: `spawn_links = [[\"B2 ne\", \"D4 ne\"]]`.",
                        "items": {
                            "type": "array",
                            "description": "One spawn link: exactly two different intersections. Example: `[\"B2 ne\", \"D4 ne\"]`.",
                            "items": { "$ref": "#/$defs/intersection" },
                            "minItems": 2,
                            "maxItems": 2,
                            "uniqueItems": true
                        },
                        "uniqueItems": true
                    },
                    "blips": {
                        "type": "array",
                        "description": "Starting Blips: an intersection and the direction the Blip faces. Example: `blips = [{ at = \"C3 nw\", direction = \"south\" }]`.",
                        "items": table(
                            "A starting Blip. Example: `{ at = \"C3 nw\", direction = \"south\" }`.",
                            &["at", "direction"],
                            json!({
                                "at": reference("intersection", "The intersection the Blip starts on. Example: `at = \"C3 nw\"`."),
                                "direction": reference("direction", "The direction the Blip faces. Example: `direction = \"south\"`.")
                            })
                        )
                    }
                })
            ),
            "background": table(
                "A scan of the printed page, drawn under the map in the editor to trace over; checks ignore it. Example: `[background]` then `image = \"scans/L1p2.png\"`.",
                &["image"],
                json!({
                    "image": {
                        "type": "string",
                        "pattern": IMAGE_PATH,
                        "description": "The scan: a PNG or JPEG file, relative to this page file, separated by `/` and inside the pack folder. Example: `image = \"../scans/L1p2.png\"`."
                    },
                    "scale": {
                        "type": "number",
                        "minimum": Background::MIN_SCALE,
                        "maximum": Background::MAX_SCALE,
                        "description": format!("How many image pixels make one space; {} if left out. Example: `scale = 118.5`.", Background::DEFAULT_SCALE)
                    },
                    "offset": {
                        "type": "array",
                        "description": "Where the image's bottom-left corner lies, in spaces east and north of the page's bottom-left corner; `[0, 0]` if left out. Example: `offset = [-0.25, 0.5]`.",
                        "items": {
                            "type": "number",
                            "minimum": -f64::from(MAX_PAGE_SIDE),
                            "maximum": f64::from(MAX_PAGE_SIDE),
                            "description": "Spaces east (first) or north (second). Example: `0.5`."
                        },
                        "minItems": 2,
                        "maxItems": 2
                    },
                    "opacity": {
                        "type": "number",
                        "minimum": 0,
                        "maximum": 1,
                        "description": format!("How opaque the scan is drawn, from 0 (hidden) to 1; {} if left out. Example: `opacity = 0.4`.", Background::DEFAULT_OPACITY)
                    },
                    "turn": {
                        "type": "integer",
                        "enum": Background::TURNS,
                        "description": "How far the scan is turned clockwise about its bottom-left corner, in degrees; 0 if left out. The editor sets it when the page is rotated. Example: `turn = 90`."
                    },
                    "mirrored": {
                        "type": "boolean",
                        "description": "Whether the scan is mirrored west–east (before it is turned); false if left out. The editor sets it when the page is mirrored. Example: `mirrored = true`."
                    }
                })
            ),
            "lint": lint_property("Lint levels for this page only")
        },
        "$defs": defs
    })
}

/// The schema of `pack.toml`, format 1: a campaign or demo made of pages.
pub fn pack_schema() -> Value {
    let defs = defs(&[
        "page",
        "pageEdge",
        "number",
        "designation",
        "text",
        "requiredText",
        "lintTable",
        "lintSetting",
    ]);
    json!({
        "$schema": DIALECT,
        "$id": "https://deckplan.dev/schema/pack-1.json",
        "title": "deckplan pack.toml (format 1)",
        "description": "A pack of Enormity Location maps — a campaign or demo: its Location Books, Locations, page files and how the pages join.",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "name", "ruleset", "start", "pages"],
        "properties": {
            "format": format_property(),
            "name": reference("requiredText", "The pack's display name. Example: `name = \"Enormity Demo\"`."),
            "ruleset": {
                "type": "string",
                "enum": ["enormity"],
                "description": "The rules the maps are written for; deckplan knows `enormity`. Example: `ruleset = \"enormity\"`."
            },
            "start": reference("page", "The page where a run begins; its Spacer starts are the Insertion Point. Example: `start = \"L1p1\"`."),
            "pages": {
                "type": "array",
                "description": format!("The page files of the pack, at most {}: paths relative to `pack.toml`, separated by `/`, ending in `.toml` and staying inside the pack folder. Example: `pages = [\"pages/l1p1.toml\", \"pages/l1p2.toml\"]`.", MAX_PAGES_PER_PACK),
                "items": {
                    "type": "string",
                    "pattern": PAGE_PATH,
                    "description": "A page file, relative to `pack.toml`. Example: `\"pages/l1p1.toml\"`."
                },
                "maxItems": MAX_PAGES_PER_PACK,
                "uniqueItems": true
            },
            "books": {
                "type": "array",
                "description": "The Location Books of the pack, each with a number and an optional title. Example: `books = [{ number = 1, title = \"Solar Ring\" }]`.",
                "items": table(
                    "A Location Book. Example: `{ number = 1, title = \"Solar Ring\" }`.",
                    &["number"],
                    json!({
                        "number": reference("number", "The book's number, 1 to 999 (`L1` is book 1). Example: `number = 1`."),
                        "title": reference("text", "Optional title of the book. Example: `title = \"Solar Ring\"`.")
                    })
                )
            },
            "locations": {
                "type": "array",
                "description": "The Locations of the pack: named areas of the ship, each spanning one or more pages. Example: `locations = [{ designation = \"SR\", name = \"Solar Ring\" }]`.",
                "items": table(
                    "A Location. Example: `{ designation = \"SR\", name = \"Solar Ring\" }`.",
                    &["designation", "name"],
                    json!({
                        "designation": reference("designation", "Short designation printed on the map, 1 to 8 upper-case letters or digits; pages name their Location by it. Example: `designation = \"SR\"`."),
                        "name": reference("requiredText", "The Location's full name. Example: `name = \"Solar Ring\"`.")
                    })
                )
            },
            "joins": {
                "type": "array",
                "description": "Which page edges touch, and where. Example: `joins = [{ from = \"L1p1 east\", to = \"L1p2 west\" }]`.",
                "items": table(
                    "A join: two page edges laid against each other. Example: `{ from = \"L1p1 east\", to = \"L1p2 west\", offset = 1.5 }`.",
                    &["from", "to"],
                    json!({
                        "from": reference("pageEdge", "The page edge the offset is measured from. Example: `from = \"L1p1 east\"`."),
                        "to": reference("pageEdge", "The page edge laid against it, on another page. Example: `to = \"L1p2 west\"`."),
                        "offset": {
                            "type": "number",
                            "minimum": -f64::from(MAX_PAGE_SIDE),
                            "maximum": f64::from(MAX_PAGE_SIDE),
                            "description": "How far the first space of `to` is shifted along the shared line from that of `from`, in spaces (upward for east/west edges, rightward for north/south); an integer or a number with at most two decimals, 0 if left out. Example: `offset = 1.5`."
                        }
                    })
                )
            },
            "lint": lint_property("Lint levels for the whole pack")
        },
        "$defs": defs
    })
}

/// The `format` key, the same in both files.
fn format_property() -> Value {
    json!({
        "type": "integer",
        "const": 1,
        "description": "The version of the file format; this version of deckplan reads `1`. Example: `format = 1`."
    })
}

/// A `[lint]` table, for a page or for the pack.
fn lint_property(scope: &str) -> Value {
    json!({
        "$ref": "#/$defs/lintTable",
        "description": format!("{scope}, by check name: each entry sets a level and says why the default is overridden. Example: `[lint]` then `unreachable-space = {{ level = \"allow\", reason = \"reached by climbing\" }}`.")
    })
}

/// The keys of a page's `[spaces]` table.
fn space_properties() -> Value {
    json!({
        "terrain": {
            "type": "array",
            "description": "Terrain tiles, each covering one or more spaces that share keywords; a space is covered by at most one tile. Example: `terrain = [{ spaces = [\"D1\", \"D2\"], keywords = [\"cover\"] }]`.",
            "items": table(
                "A terrain tile. Example: `{ name = \"Crates\", spaces = [\"D1\", \"D2\"], keywords = [\"cover\", \"destructible\"] }`.",
                &["spaces", "keywords"],
                json!({
                    "name": reference("text", "Optional name printed on the tile. Example: `name = \"Crates\"`."),
                    "spaces": {
                        "type": "array",
                        "description": "The spaces the tile covers, at least one. Example: `spaces = [\"D1\", \"D2\"]`.",
                        "items": { "$ref": "#/$defs/space" },
                        "minItems": 1,
                        "uniqueItems": true
                    },
                    "keywords": {
                        "type": "array",
                        "description": "The tile's keywords: `cover` grants cover, `obscuring` blocks line of sight, `obstacle` blocks movement, `destructible` or `indestructible` (not both). Example: `keywords = [\"cover\", \"destructible\"]`.",
                        "items": {
                            "type": "string",
                            "enum": ["cover", "obscuring", "obstacle", "destructible", "indestructible"]
                        },
                        "uniqueItems": true,
                        "not": {
                            "allOf": [
                                { "contains": { "const": "destructible" } },
                                { "contains": { "const": "indestructible" } }
                            ]
                        }
                    }
                })
            )
        },
        "forced_arrows": {
            "type": "array",
            "description": "Forced direction arrows: a Spacer on the space may move only the way it points. Example: `forced_arrows = [{ at = \"B2\", direction = \"east\" }]`.",
            "items": table(
                "A forced direction arrow. Example: `{ at = \"B2\", direction = \"east\" }`.",
                &["at", "direction"],
                json!({
                    "at": reference("space", "The space the arrow is printed on. Example: `at = \"B2\"`."),
                    "direction": reference("direction", "The only way a Spacer may move from the space. Example: `direction = \"east\"`.")
                })
            )
        },
        "location_arrows": {
            "type": "array",
            "description": "Location arrows on spaces at the edge of the page, each naming the page it leads to. Example: `location_arrows = [{ at = \"C6\", direction = \"east\", target = \"L1p3\" }]`.",
            "items": table(
                "A Location arrow. Example: `{ at = \"C6\", direction = \"east\", target = \"L1p3\" }`.",
                &["at", "direction", "target"],
                json!({
                    "at": reference("space", "The space the arrow is printed on. Example: `at = \"C6\"`."),
                    "direction": reference("direction", "Which way the arrow points, off the page. Example: `direction = \"east\"`."),
                    "target": reference("page", "The page revealed when a Spacer stops on the space. Example: `target = \"L1p3\"`.")
                })
            )
        },
        "consoles": {
            "type": "array",
            "description": "Numbered consoles and the doors of this page they open and close. Example: `consoles = [{ number = 1, at = \"A2\", opens = [1], closes = [2] }]`.",
            "items": table(
                "A console. Example: `{ number = 1, at = \"A2\", opens = [1], closes = [2] }`.",
                &["number", "at"],
                json!({
                    "number": reference("number", "Console number, 1 to 999, unique on the page. Example: `number = 1`."),
                    "at": reference("space", "The console's space. Example: `at = \"A2\"`."),
                    "opens": door_list("Doors (numbers on this page) the console can open. Example: `opens = [1]`."),
                    "closes": door_list("Doors (numbers on this page) the console can close. Example: `closes = [2]`.")
                })
            )
        },
        "keycards": {
            "type": "array",
            "description": "Keycards and the doors of this page they open. Example: `keycards = [{ at = \"E5\", opens = [2] }]`.",
            "items": table(
                "A keycard. Example: `{ at = \"E5\", opens = [2] }`.",
                &["at", "opens"],
                json!({
                    "at": reference("space", "The keycard's space. Example: `at = \"E5\"`."),
                    "opens": {
                        "type": "array",
                        "description": "Doors (numbers on this page) the keycard opens, at least one. Example: `opens = [2]`.",
                        "items": { "$ref": "#/$defs/number" },
                        "minItems": 1,
                        "uniqueItems": true
                    }
                })
            )
        },
        "discoveries": {
            "type": "array",
            "description": "Discoveries: each is either fixed, with a `number`, or random, with a deck `colour` — never both. Example: `discoveries = [{ at = \"E1\", number = 12 }, { at = \"A6\", colour = \"blue\" }]`.",
            "items": {
                "type": "object",
                "description": "A discovery, with `at` and either `number` or `colour`. Example: `{ at = \"E1\", number = 12 }`.",
                "additionalProperties": false,
                "required": ["at"],
                "properties": {
                    "at": reference("space", "The discovery's space. Example: `at = \"E1\"`."),
                    "number": reference("number", "A fixed discovery, read from the Mythos Book by number, 1 to 999. Example: `number = 12`."),
                    "colour": {
                        "type": "string",
                        "enum": ["blue", "yellow", "red"],
                        "description": "A random discovery, drawn from the deck of this colour: `blue` Location, `yellow` Parsec, `red` Intruder. Example: `colour = \"blue\"`."
                    }
                },
                "oneOf": [
                    { "required": ["number"] },
                    { "required": ["colour"] }
                ]
            }
        },
        "gear_caches": list("space", "Spaces with a gear cache. Example: `gear_caches = [\"D5\"]`."),
        "engrams": list("space", "Spaces with an engram. Example: `engrams = [\"E3\"]`."),
        "objectives": list("space", "Spaces with an objective. Example: `objectives = [\"C2\"]`."),
        "dangerous": list("space", "Dangerous spaces. Example: `dangerous = [\"B1\"]`."),
        "intruder_starts": list("space", "Where Intruders are placed at setup. Example: `intruder_starts = [\"E6\"]`."),
        "spacer_starts": list("space", "Where Spacers are placed at setup. Example: `spacer_starts = [\"A1\", \"A2\"]`."),
        "extraction_points": list("space", "Extraction Points. Example: `extraction_points = [\"C5\"]`.")
    })
}

/// A list of door numbers, possibly empty.
fn door_list(description: &str) -> Value {
    json!({
        "type": "array",
        "description": description,
        "items": { "$ref": "#/$defs/number" },
        "uniqueItems": true
    })
}

/// A property whose value is described by one of the `$defs`.
fn reference(def: &str, description: &str) -> Value {
    json!({ "$ref": format!("#/$defs/{def}"), "description": description })
}

/// A list of values described by one of the `$defs`, each listed once.
fn list(def: &str, description: &str) -> Value {
    json!({
        "type": "array",
        "description": description,
        "items": { "$ref": format!("#/$defs/{def}") },
        "uniqueItems": true
    })
}

/// The named `$defs` for one document, in the order given.
fn defs(names: &[&str]) -> Value {
    let mut all = all_defs();
    let mut picked = Map::new();
    for name in names {
        if let Some((key, value)) = all.remove_entry(*name) {
            picked.insert(key, value);
        }
    }
    Value::Object(picked)
}

/// Every shared definition: the coordinate kinds, numbers, text and lint tables.
fn all_defs() -> Map<String, Value> {
    let coordinate = |pattern: String, description: &str, examples: Value| {
        json!({
            "type": "string",
            "pattern": pattern,
            "description": description,
            "examples": examples
        })
    };
    let defs = json!({
        "space": coordinate(
            format!("^{SPACE}$"),
            "A space: its row letters (upper case, counted from A at the bottom; past Z come AA, AB, …), then its column number (from 1 at the left). Example: `\"H3\"`.",
            json!(["H3", "A1", "AA12"])
        ),
        "side": coordinate(
            format!("^{SPACE}{GAP}{SIDE}{TAIL}"),
            "An edge: a space and one of its sides, `north`, `east`, `south` or `west`. Example: `\"H3 north\"`.",
            json!(["H3 north", "C4 east"])
        ),
        "edgeRun": coordinate(
            format!("^{SPACE}(?:-{SPACE})?{GAP}{SIDE}{TAIL}"),
            "A run of edges: a space, or a range of spaces in one row (for `north`/`south`) or one column (for `east`/`west`), then the side. Example: `\"H3-H7 north\"`.",
            json!(["H3-H7 north", "C2 east", "B4-E4 west"])
        ),
        "intersection": coordinate(
            format!("^{SPACE}{GAP}{CORNER}{TAIL}"),
            "An intersection: a space and one of its corners, `ne`, `nw`, `se` or `sw`. Example: `\"H3 ne\"`.",
            json!(["H3 ne", "A1 sw"])
        ),
        "page": coordinate(
            format!("^{PAGE}$"),
            "A page: `L`, the Location Book number, `p`, the page number. Example: `\"L1p2\"` (book 1, page 2).",
            json!(["L1p2"])
        ),
        "pageEdge": coordinate(
            format!("^{PAGE}{GAP}{SIDE}{TAIL}"),
            "An edge of a whole page: a page and a side, `north`, `east`, `south` or `west`. Example: `\"L1p2 east\"`.",
            json!(["L1p2 east"])
        ),
        "direction": {
            "type": "string",
            "enum": ["north", "east", "south", "west"],
            "description": "A compass direction: `north` is up the page, `east` to the right. Example: `\"north\"`."
        },
        "number": {
            "type": "integer",
            "minimum": 1,
            "maximum": 999,
            "description": "A number from 1 to 999. Example: `3`."
        },
        "designation": {
            "type": "string",
            "pattern": "^[A-Z0-9]{1,8}$",
            "description": "A Location designation: 1 to 8 upper-case letters or digits. Example: `\"SR\"`."
        },
        "text": {
            "type": "string",
            "maxLength": limits::MAX_TEXT_CHARS,
            "description": format!("Free text, at most {} characters. Example: `\"Reactor Deck\"`.", limits::MAX_TEXT_CHARS)
        },
        "requiredText": {
            "type": "string",
            "pattern": r"\S",
            "maxLength": limits::MAX_TEXT_CHARS,
            "description": format!("Text that is not blank, at most {} characters. Example: `\"Solar Ring\"`.", limits::MAX_TEXT_CHARS)
        },
        "lintTable": {
            "type": "object",
            "description": "Lint levels by check name (kebab-case). Example: `unreachable-space = { level = \"allow\", reason = \"reached by climbing\" }`.",
            "patternProperties": {
                CHECK_NAME: { "$ref": "#/$defs/lintSetting" }
            },
            "additionalProperties": false
        },
        "lintSetting": table(
            "The level of one check and why the default is overridden. Example: `{ level = \"allow\", reason = \"reached by climbing\" }`.",
            &["level", "reason"],
            json!({
                "level": {
                    "type": "string",
                    "enum": ["allow", "warn", "deny"],
                    "description": "`allow` hides the check's findings, `warn` reports them, `deny` reports them and fails the lint. Example: `level = \"warn\"`."
                },
                "reason": reference("requiredText", "Why the default level is overridden (required, not blank). Example: `reason = \"the corner is reached by climbing\"`.")
            })
        )
    });
    match defs {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::document::TableKeys;
    use crate::enormity::raw;
    use crate::enormity::resolve::{parse_pack, parse_page};
    use crate::source::SourceFile;

    /// A page file that uses every key of the format at least once, valid for
    /// both the schema and deckplan itself.
    const FULL_PAGE: &str = r#"format = 1
book = 1
page = 2
location = "SR"
title = "Reactor Deck"
notes = "Door 2 stays shut until the console is used."
grid = """
E ......
D ..O...
C ......
B ...#..
A ......
"""

[edges]
walls = ["C1-C3 north", "A4 east"]
red_lines = ["E1-E2 north"]
doors = [{ number = 1, at = "C4 north" }, { number = 2, at = "B5 east" }]

[spaces]
terrain = [
    { name = "Crates", spaces = ["D1", "D2"], keywords = ["cover", "destructible"] },
    { spaces = ["B6"], keywords = ["obscuring"] },
]
forced_arrows = [{ at = "B2", direction = "east" }]
location_arrows = [{ at = "C6", direction = "east", target = "L1p3" }]
consoles = [{ number = 1, at = "A2", opens = [1], closes = [2] }]
keycards = [{ at = "E5", opens = [2] }]
discoveries = [{ at = "E1", number = 12 }, { at = "A6", colour = "blue" }]
gear_caches = ["D5"]
engrams = ["E3"]
objectives = ["C2"]
dangerous = ["B1"]
intruder_starts = ["E6"]
spacer_starts = ["A1", "A3"]
extraction_points = ["C5"]

[intersections]
spawn_points = ["B2 ne", "D4 ne"]
spawn_links = [["B2 ne", "D4 ne"]]
blips = [{ at = "C3 nw", direction = "south" }]

[background]
image = "../scans/L1p2.png"
scale = 118.5
offset = [-0.25, 0.5]
opacity = 0.4
turn = 90
mirrored = true

[lint.unreachable-space]
level = "allow"
reason = "The crate corner is reached by climbing."
"#;

    /// A `pack.toml` that uses every key of the format at least once.
    const FULL_PACK: &str = r#"format = 1
name = "Enormity Demo"
ruleset = "enormity"
start = "L1p1"
pages = ["pages/l1p1.toml", "pages/l1p2.toml"]

[[books]]
number = 1
title = "Solar Ring"

[[books]]
number = 2

[[locations]]
designation = "SR"
name = "Solar Ring"

[[joins]]
from = "L1p1 east"
to = "L1p2 west"
offset = 1.5

[[joins]]
from = "L1p2 north"
to = "L2p1 south"
offset = -2

[[joins]]
from = "L1p1 south"
to = "L2p1 north"

[lint]
single-entrance = { level = "warn", reason = "The demo is linear on purpose." }
"#;

    fn to_json(toml_text: &str) -> Value {
        toml::from_str::<Value>(toml_text).expect("fixture is TOML")
    }

    /// The schema's complaints about an instance, one line each.
    fn errors(schema: &Value, instance: &Value) -> Vec<String> {
        let validator = jsonschema::validator_for(schema).expect("schema compiles");
        validator
            .iter_errors(instance)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect()
    }

    fn page_accepted_by_deckplan(text: &str) -> bool {
        parse_page(&SourceFile::new("page.toml", text.to_string())).is_ok()
    }

    fn pack_accepted_by_deckplan(text: &str) -> bool {
        parse_pack(&SourceFile::new("pack.toml", text.to_string())).is_ok()
    }

    /// Calls `check` on every JSON object in the tree, with its JSON pointer.
    fn walk(value: &Value, pointer: &str, check: &mut dyn FnMut(&str, &Map<String, Value>)) {
        match value {
            Value::Object(map) => {
                check(pointer, map);
                for (key, child) in map {
                    walk(child, &format!("{pointer}/{key}"), check);
                }
            }
            Value::Array(items) => {
                for (index, child) in items.iter().enumerate() {
                    walk(child, &format!("{pointer}/{index}"), check);
                }
            }
            _ => {}
        }
    }

    /// Every `$ref` in a document.
    fn refs(schema: &Value) -> BTreeSet<String> {
        let mut found = BTreeSet::new();
        walk(schema, "", &mut |_, map| {
            if let Some(Value::String(target)) = map.get("$ref") {
                found.insert(target.clone());
            }
        });
        found
    }

    fn both() -> [(&'static str, Value); 2] {
        [("page", page_schema()), ("pack", pack_schema())]
    }

    #[test]
    fn schemas_are_valid_draft_2020_12_documents() {
        for (kind, schema) in both() {
            let text = serde_json::to_string_pretty(&schema).unwrap();
            let reread: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(reread, schema, "{kind} schema survives a JSON round trip");
            assert_eq!(schema["$schema"], DIALECT);
            assert_eq!(
                schema["$id"],
                format!("https://deckplan.dev/schema/{kind}-1.json")
            );
            assert!(schema["title"].is_string() && schema["description"].is_string());
            if let Err(error) = jsonschema::meta::validate(&schema) {
                panic!("{kind} schema is not a valid JSON Schema: {error}");
            }
            jsonschema::validator_for(&schema).expect("schema compiles");
        }
    }

    #[test]
    fn every_object_is_closed_and_every_property_described() {
        for (kind, schema) in both() {
            let mut objects = 0;
            let mut properties = 0;
            walk(&schema, "", &mut |pointer, map| {
                let is_object = map.get("type") == Some(&json!("object"))
                    || map.contains_key("properties")
                    || map.contains_key("patternProperties");
                if is_object {
                    objects += 1;
                    assert_eq!(
                        map.get("type"),
                        Some(&json!("object")),
                        "{kind}{pointer} says it is an object"
                    );
                    assert_eq!(
                        map.get("additionalProperties"),
                        Some(&json!(false)),
                        "{kind}{pointer} allows unknown keys"
                    );
                }
                if let Some(Value::Object(props)) = map.get("properties") {
                    for (name, property) in props {
                        properties += 1;
                        let described = property
                            .get("description")
                            .and_then(Value::as_str)
                            .is_some_and(|d| d.contains("Example"));
                        assert!(
                            described,
                            "{kind}{pointer}/properties/{name} needs a description with an example"
                        );
                    }
                }
            });
            assert!(objects > 3 && properties > 10, "{kind}: walked the tree");
        }
    }

    #[test]
    fn every_ref_resolves_and_every_def_is_used() {
        for (kind, schema) in both() {
            let used = refs(&schema);
            let defined: BTreeSet<String> = schema["$defs"]
                .as_object()
                .unwrap()
                .keys()
                .map(|name| format!("#/$defs/{name}"))
                .collect();
            assert_eq!(used, defined, "{kind}: `$ref`s and `$defs` differ");
            for (name, def) in schema["$defs"].as_object().unwrap() {
                assert!(def["description"].is_string(), "{kind} $defs/{name}");
            }
        }
    }

    /// The keys a raw struct reads, with whether each is required.
    fn raw_keys<T: TableKeys>() -> Vec<(String, bool)> {
        T::keys()
            .into_iter()
            .map(|(key, required)| (key.to_string(), required))
            .collect()
    }

    /// One raw struct: where its table is in a schema, and its keys (`true` = required).
    struct RawTable {
        name: &'static str,
        schema: fn() -> Value,
        pointer: &'static str,
        keys: &'static [(&'static str, bool)],
        raw: fn() -> Vec<(String, bool)>,
    }

    /// The tables of `pack.toml`.
    const PACK_TABLES: &[RawTable] = &[
        RawTable {
            name: "TomlPack",
            schema: pack_schema,
            pointer: "",
            keys: &[
                ("format", true),
                ("name", true),
                ("ruleset", true),
                ("start", true),
                ("pages", true),
                ("books", false),
                ("locations", false),
                ("joins", false),
                ("lint", false),
            ],
            raw: raw_keys::<raw::TomlPack>,
        },
        RawTable {
            name: "TomlBook",
            schema: pack_schema,
            pointer: "/properties/books/items",
            keys: &[("number", true), ("title", false)],
            raw: raw_keys::<raw::TomlBook>,
        },
        RawTable {
            name: "TomlLocation",
            schema: pack_schema,
            pointer: "/properties/locations/items",
            keys: &[("designation", true), ("name", true)],
            raw: raw_keys::<raw::TomlLocation>,
        },
        RawTable {
            name: "TomlJoin",
            schema: pack_schema,
            pointer: "/properties/joins/items",
            keys: &[("from", true), ("to", true), ("offset", false)],
            raw: raw_keys::<raw::TomlJoin>,
        },
        RawTable {
            name: "TomlLint (pack)",
            schema: pack_schema,
            pointer: "/$defs/lintSetting",
            keys: &[("level", true), ("reason", true)],
            raw: raw_keys::<crate::lint_table::TomlLint>,
        },
    ];

    /// The tables of a page file.
    const PAGE_TABLES: &[RawTable] = &[
        RawTable {
            name: "TomlPage",
            schema: page_schema,
            pointer: "",
            keys: &[
                ("format", true),
                ("book", true),
                ("page", true),
                ("location", true),
                ("title", false),
                ("notes", false),
                ("grid", true),
                ("edges", false),
                ("spaces", false),
                ("intersections", false),
                ("background", false),
                ("lint", false),
            ],
            raw: raw_keys::<raw::TomlPage>,
        },
        RawTable {
            name: "TomlBackground",
            schema: page_schema,
            pointer: "/properties/background",
            keys: &[
                ("image", true),
                ("scale", false),
                ("offset", false),
                ("opacity", false),
                ("turn", false),
                ("mirrored", false),
            ],
            raw: raw_keys::<raw::TomlBackground>,
        },
        RawTable {
            name: "TomlEdges",
            schema: page_schema,
            pointer: "/properties/edges",
            keys: &[("walls", false), ("red_lines", false), ("doors", false)],
            raw: raw_keys::<raw::TomlEdges>,
        },
        RawTable {
            name: "TomlDoor",
            schema: page_schema,
            pointer: "/properties/edges/properties/doors/items",
            keys: &[("number", true), ("at", true)],
            raw: raw_keys::<raw::TomlDoor>,
        },
        RawTable {
            name: "TomlSpaces",
            schema: page_schema,
            pointer: "/properties/spaces",
            keys: &[
                ("terrain", false),
                ("forced_arrows", false),
                ("location_arrows", false),
                ("consoles", false),
                ("keycards", false),
                ("discoveries", false),
                ("gear_caches", false),
                ("engrams", false),
                ("objectives", false),
                ("dangerous", false),
                ("intruder_starts", false),
                ("spacer_starts", false),
                ("extraction_points", false),
            ],
            raw: raw_keys::<raw::TomlSpaces>,
        },
        RawTable {
            name: "TomlTerrain",
            schema: page_schema,
            pointer: "/properties/spaces/properties/terrain/items",
            keys: &[("name", false), ("spaces", true), ("keywords", true)],
            raw: raw_keys::<raw::TomlTerrain>,
        },
        RawTable {
            name: "TomlArrow (forced arrow)",
            schema: page_schema,
            pointer: "/properties/spaces/properties/forced_arrows/items",
            keys: &[("at", true), ("direction", true)],
            raw: raw_keys::<raw::TomlArrow>,
        },
        RawTable {
            name: "TomlLocationArrow",
            schema: page_schema,
            pointer: "/properties/spaces/properties/location_arrows/items",
            keys: &[("at", true), ("direction", true), ("target", true)],
            raw: raw_keys::<raw::TomlLocationArrow>,
        },
        RawTable {
            name: "TomlConsole",
            schema: page_schema,
            pointer: "/properties/spaces/properties/consoles/items",
            keys: &[
                ("number", true),
                ("at", true),
                ("opens", false),
                ("closes", false),
            ],
            raw: raw_keys::<raw::TomlConsole>,
        },
        RawTable {
            name: "TomlKeycard",
            schema: page_schema,
            pointer: "/properties/spaces/properties/keycards/items",
            keys: &[("at", true), ("opens", true)],
            raw: raw_keys::<raw::TomlKeycard>,
        },
        RawTable {
            // `number` and `colour` are each optional; the `oneOf` asks for exactly one.
            name: "TomlDiscovery",
            schema: page_schema,
            pointer: "/properties/spaces/properties/discoveries/items",
            keys: &[("at", true), ("number", false), ("colour", false)],
            raw: raw_keys::<raw::TomlDiscovery>,
        },
        RawTable {
            name: "TomlIntersections",
            schema: page_schema,
            pointer: "/properties/intersections",
            keys: &[
                ("spawn_points", false),
                ("spawn_links", false),
                ("blips", false),
            ],
            raw: raw_keys::<raw::TomlIntersections>,
        },
        RawTable {
            name: "TomlArrow (blip)",
            schema: page_schema,
            pointer: "/properties/intersections/properties/blips/items",
            keys: &[("at", true), ("direction", true)],
            raw: raw_keys::<raw::TomlArrow>,
        },
        RawTable {
            name: "TomlLint (page)",
            schema: page_schema,
            pointer: "/$defs/lintSetting",
            keys: &[("level", true), ("reason", true)],
            raw: raw_keys::<crate::lint_table::TomlLint>,
        },
    ];

    /// Asserts that one raw struct, the list of its keys here and its table in
    /// the schema agree on the keys and on which are required; returns how many
    /// keys it has.
    fn assert_table_matches_schema(table: &RawTable) -> usize {
        let keys: Vec<(String, bool)> = table
            .keys
            .iter()
            .map(|(k, r)| (k.to_string(), *r))
            .collect();
        assert_eq!(
            keys,
            (table.raw)(),
            "{}: the list in this test is out of date with raw.rs",
            table.name
        );
        let listed: BTreeSet<String> = keys.into_iter().map(|(k, _)| k).collect();
        let schema = (table.schema)();
        let node = schema
            .pointer(table.pointer)
            .unwrap_or_else(|| panic!("{}: nothing at {}", table.name, table.pointer));
        let in_schema: BTreeSet<String> = node["properties"]
            .as_object()
            .unwrap_or_else(|| panic!("{}: no properties", table.name))
            .keys()
            .cloned()
            .collect();
        assert_eq!(listed, in_schema, "{}: keys differ", table.name);
        let required: BTreeSet<String> = table
            .keys
            .iter()
            .filter(|(_, required)| *required)
            .map(|(k, _)| k.to_string())
            .collect();
        let schema_required: BTreeSet<String> = node
            .get("required")
            .and_then(Value::as_array)
            .map(|keys| {
                keys.iter()
                    .filter_map(Value::as_str)
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(required, schema_required, "{}: required keys", table.name);
        assert_eq!(node["additionalProperties"], json!(false), "{}", table.name);
        listed.len()
    }

    #[test]
    fn every_raw_key_is_in_the_schema_with_the_right_required_list() {
        let covered: usize = PACK_TABLES
            .iter()
            .chain(PAGE_TABLES)
            .map(assert_table_matches_schema)
            .sum();
        // Every raw struct is listed (TomlArrow and TomlLint twice, for their two uses).
        assert_eq!(PACK_TABLES.len() + PAGE_TABLES.len(), 19);
        assert_eq!(covered, 78);
    }

    #[test]
    fn full_examples_are_valid_for_the_schema_and_for_deckplan() {
        assert!(page_accepted_by_deckplan(FULL_PAGE), "page fixture");
        assert!(pack_accepted_by_deckplan(FULL_PACK), "pack fixture");
        assert_eq!(
            errors(&page_schema(), &to_json(FULL_PAGE)),
            Vec::<String>::new()
        );
        assert_eq!(
            errors(&pack_schema(), &to_json(FULL_PACK)),
            Vec::<String>::new()
        );
    }

    #[test]
    fn full_examples_use_every_key_of_the_schema() {
        for (kind, schema, example) in [
            ("page", page_schema(), to_json(FULL_PAGE)),
            ("pack", pack_schema(), to_json(FULL_PACK)),
        ] {
            let mut used = BTreeSet::new();
            walk(&example, "", &mut |pointer, map| {
                let path = strip_indices(pointer);
                for key in map.keys() {
                    used.insert(format!("{path}/{key}"));
                }
            });
            let mut declared = BTreeSet::new();
            walk(&schema, "", &mut |pointer, map| {
                if pointer.starts_with("/$defs") || !pointer.ends_with("/properties") {
                    return;
                }
                let path = pointer
                    .trim_end_matches("/properties")
                    .replace("/properties/", "/")
                    .replace("/items", "");
                for key in map.keys() {
                    declared.insert(format!("{path}/{key}"));
                }
            });
            let missing: Vec<_> = declared.difference(&used).collect();
            assert!(
                missing.is_empty(),
                "{kind} example does not use {missing:?}"
            );
        }
    }

    /// `/spaces/terrain/0/name` → `/spaces/terrain/name`.
    fn strip_indices(pointer: &str) -> String {
        pointer
            .split('/')
            .filter(|part| !part.chars().all(|c| c.is_ascii_digit()) || part.is_empty())
            .collect::<Vec<_>>()
            .join("/")
    }

    #[test]
    fn a_misspelt_key_and_a_bad_coordinate_are_pointed_at() {
        let schema = page_schema();
        let misspelt = to_json(&FULL_PAGE.replacen("doors = [", "dors = [", 1));
        let found = errors(&schema, &misspelt);
        assert!(
            found
                .iter()
                .any(|e| e.contains("'dors'") && e.ends_with("at /edges")),
            "{found:?}"
        );
        let bad = to_json(&FULL_PAGE.replacen(r#""B2", direction"#, r#""3H", direction"#, 1));
        let found = errors(&schema, &bad);
        assert!(
            found
                .iter()
                .any(|e| e.contains("\"3H\"") && e.ends_with("at /spaces/forced_arrows/0/at")),
            "{found:?}"
        );
    }

    #[test]
    fn mistakes_in_a_page_are_caught_by_the_schema_as_by_deckplan() {
        let cases = [
            ("misspelt key", "doors = [", "dors = ["),
            ("bad space", r#""B2", direction"#, r#""3H", direction"#),
            ("bad edge side", "\"C4 north\"", "\"C4 up\""),
            ("bad edge run", "\"C1-C3 north\"", "\"C1-C north\""),
            ("bad intersection", "\"C3 nw\"", "\"C3 n\""),
            ("bad page", "\"L1p3\"", "\"L1 p3\""),
            ("other format", "format = 1", "format = 2"),
            (
                "door number 0",
                "number = 1, at = \"C4",
                "number = 0, at = \"C4",
            ),
            ("book 1000", "book = 1", "book = 1000"),
            (
                "lower-case location",
                "location = \"SR\"",
                "location = \"sr\"",
            ),
            ("bad colour", "\"blue\"", "\"green\""),
            (
                "number and colour",
                "number = 12 }",
                "number = 12, colour = \"red\" }",
            ),
            ("discovery with neither", ", number = 12 }", " }"),
            ("bad keyword", "\"obscuring\"", "\"obscurring\""),
            (
                "two durabilities",
                "\"cover\", \"destructible\"",
                "\"destructible\", \"indestructible\"",
            ),
            (
                "spawn link of three",
                "[\"B2 ne\", \"D4 ne\"]]",
                "[\"B2 ne\", \"D4 ne\", \"E1 ne\"]]",
            ),
            (
                "bad direction",
                "direction = \"east\" }",
                "direction = \"esat\" }",
            ),
            ("bad lint level", "level = \"allow\"", "level = \"error\""),
            (
                "blank lint reason",
                "reason = \"The crate corner is reached by climbing.\"",
                "reason = \" \"",
            ),
            ("bad grid symbol", "D ..O...", "D ..x..."),
            ("empty keycard", "opens = [2] }", "opens = [] }"),
            ("missing grid", "grid = \"\"\"", "grid_ = \"\"\""),
            ("unknown table", "[intersections]", "[intersection]"),
            (
                "absolute background",
                "\"../scans/L1p2.png\"",
                "\"/home/me/L1p2.png\"",
            ),
            ("background not an image", "L1p2.png\"", "L1p2.gif\""),
            ("opacity above 1", "opacity = 0.4", "opacity = 1.5"),
            ("scale of zero", "scale = 118.5", "scale = 0"),
            ("offset of three", "[-0.25, 0.5]", "[-0.25, 0.5, 1]"),
            ("turn of 45 degrees", "turn = 90", "turn = 45"),
            ("mirrored as text", "mirrored = true", "mirrored = \"yes\""),
        ];
        let schema = page_schema();
        for (what, from, to) in cases {
            assert!(
                FULL_PAGE.contains(from),
                "{what}: `{from}` is not in the fixture"
            );
            let text = FULL_PAGE.replacen(from, to, 1);
            assert!(
                !page_accepted_by_deckplan(&text),
                "{what}: deckplan accepts it"
            );
            assert!(
                !errors(&schema, &to_json(&text)).is_empty(),
                "{what}: the schema accepts it"
            );
        }
    }

    #[test]
    fn mistakes_in_a_pack_are_caught_by_the_schema_as_by_deckplan() {
        let cases = [
            ("misspelt key", "[[joins]]", "[[join]]"),
            ("other ruleset", "\"enormity\"", "\"enormity2\""),
            ("page 0", "start = \"L1p1\"", "start = \"L1p0\""),
            (
                "absolute page path",
                "\"pages/l1p1.toml\"",
                "\"/pages/l1p1.toml\"",
            ),
            (
                "windows page path",
                "\"pages/l1p1.toml\"",
                "\"pages\\\\l1p1.toml\"",
            ),
            (
                "not a toml page",
                "\"pages/l1p2.toml\"",
                "\"pages/l1p2.txt\"",
            ),
            (
                "repeated page",
                "\"pages/l1p2.toml\"",
                "\"pages/l1p1.toml\"",
            ),
            ("bad page edge", "\"L1p1 east\"", "\"L1p1 left\""),
            ("offset as text", "offset = 1.5", "offset = \"1.5\""),
            ("offset too far", "offset = -2", "offset = -9000"),
            ("long designation", "\"SR\"", "\"SOLARRING\""),
            ("blank name", "name = \"Enormity Demo\"", "name = \"\""),
            (
                "lint name in snake case",
                "single-entrance",
                "single_entrance",
            ),
        ];
        let schema = pack_schema();
        for (what, from, to) in cases {
            assert!(
                FULL_PACK.contains(from),
                "{what}: `{from}` is not in the fixture"
            );
            let text = FULL_PACK.replacen(from, to, 1);
            let schema_rejects = !errors(&schema, &to_json(&text)).is_empty();
            assert!(schema_rejects, "{what}: the schema accepts it");
            // deckplan checks lint names against its registry later, in the validator.
            if what != "lint name in snake case" {
                assert!(
                    !pack_accepted_by_deckplan(&text),
                    "{what}: deckplan accepts it"
                );
            }
        }
    }

    /// A schema for one of the `$defs`, to test a pattern on its own.
    fn def_schema(schema: &Value, def: &str) -> Value {
        json!({ "$defs": schema["$defs"], "$ref": format!("#/$defs/{def}") })
    }

    #[test]
    fn coordinate_patterns_accept_what_the_parser_accepts() {
        use crate::enormity::coord::{
            Intersection, PageEdge, PageId, Space, parse_edge_run, parse_side,
        };
        let samples = [
            "H3",
            "A1",
            "AA12",
            "H03",
            "ZZ999",
            "h3",
            "3H",
            "H0",
            "H",
            "3",
            "H-3",
            " H3",
            "H3 ",
            "H3 north",
            "H3 east",
            "H3  south",
            "H3 west ",
            "H3 North",
            "H3 up",
            "H3north",
            "H3  north",
            "3H north",
            "H3-H7 north",
            "C4-F4 east",
            "H3-H7  south",
            "H3- north",
            "H3-H7-H9 north",
            "-H7 north",
            "H3 ne",
            "A1 sw",
            "C2 nw",
            "B3 se",
            "H3 en",
            "H3 NE",
            "H3 ne ",
            "L1p2",
            "L12p345",
            "L0p1",
            "L1p0",
            "l1p2",
            "L1P2",
            "L1 p2",
            "Lp2",
            "L1p",
            "L1p2 east",
            "L1p2 West",
            "L1p2  north",
            "L1p2east",
            "L01p02",
        ];
        type Parser = fn(&str) -> bool;
        let kinds: [(&str, Value, Parser); 6] = [
            ("space", page_schema(), |t| Space::parse(t).is_ok()),
            ("side", page_schema(), |t| parse_side(t).is_ok()),
            ("edgeRun", page_schema(), |t| parse_edge_run(t).is_ok()),
            ("intersection", page_schema(), |t| {
                Intersection::parse(t).is_ok()
            }),
            ("page", page_schema(), |t| PageId::parse(t).is_ok()),
            ("pageEdge", pack_schema(), |t| PageEdge::parse(t).is_ok()),
        ];
        for (def, schema, parses) in kinds {
            let validator = jsonschema::validator_for(&def_schema(&schema, def)).unwrap();
            for sample in samples {
                assert_eq!(
                    validator.is_valid(&json!(sample)),
                    parses(sample),
                    "{def}: pattern and parser disagree on `{sample}`"
                );
            }
        }
    }

    #[test]
    fn grid_pattern_follows_the_grid_rules() {
        let schema = page_schema();
        let grid = schema["properties"]["grid"].clone();
        let validator = jsonschema::validator_for(&grid).unwrap();
        for good in [
            "...\n...\n",
            "...\n...",
            "B .#O\nA ...\n",
            "  B ...\r\n  A ...\r\n",
            "AA ..\nZ ..\n",
        ] {
            assert!(validator.is_valid(&json!(good)), "rejects {good:?}");
        }
        for bad in [
            "",
            "\n...\n",
            "...\n\n",
            ". .\n",
            "...\n.x.\n",
            "b ...\n",
            "...\n\n...\n",
        ] {
            assert!(!validator.is_valid(&json!(bad)), "accepts {bad:?}");
        }
    }
}
