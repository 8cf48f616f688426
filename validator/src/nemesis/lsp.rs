//! What the language server knows of Nemesis ship files: the outline of a
//! ship (rooms, corridors, networks, technical entrances, escape pods), a
//! room or network named anywhere leading to where it is defined, and hover
//! on a room saying what it is and what leads out of it.
//!
//! Everything is read from where it is written ([`Outline`]), so it works
//! while the file is being typed and does not parse.

use std::fmt::Write as _;
use std::path::PathBuf;

use deckplan_schema::sources::Sources;

use crate::lsp::outline::{Entry, Outline, Scalar, Step, keys};
use crate::lsp::support::{At, File, LanguageSupport, Spot, Symbol, SymbolKind};
use crate::ship_game;

/// Nemesis's answers to the language server.
#[derive(Clone, Copy, Debug, Default)]
pub struct NemesisLanguage;

/// What a string at a path names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Names {
    Room,
    Network,
}

/// What the string pointed at names: a room (its own `id`, a corridor's
/// end, a technical entrance's or an escape pod's room) or a network.
fn names(at: &At<'_>) -> Option<Names> {
    let path = at.entry.path.as_slice();
    let table = match path.first() {
        Some(Step::Key(key)) => key.as_str(),
        _ => return None,
    };
    let last_key = path.iter().rev().find_map(|step| match step {
        Step::Key(key) => Some(key.as_str()),
        Step::Index(_) => None,
    })?;
    match (table, last_key) {
        ("rooms", "id")
        | ("corridors", "between")
        | ("technical_entrances" | "escape_pods", "room") => Some(Names::Room),
        ("networks", "id") | ("technical_entrances", "network") => Some(Names::Network),
        _ => None,
    }
}

/// The `[[rooms]]` or `[[networks]]` item with this id.
fn defined<'a>(outline: &'a Outline, what: Names, id: &str) -> Option<&'a Entry> {
    let list = match what {
        Names::Room => "rooms",
        Names::Network => "networks",
    };
    outline
        .items(&keys([list]))
        .map(|(_, item)| item)
        .find(|item| outline.field_str(item, "id") == Some(id))
}

fn position(outline: &Outline, item: &Entry) -> String {
    match outline.field_ints(item, "at").as_slice() {
        [x, y] => format!(" at [{x}, {y}]"),
        _ => String::new(),
    }
}

fn numbers(list: &[i64]) -> String {
    list.iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn room_hover(outline: &Outline, id: &str) -> Option<String> {
    let room = defined(outline, Names::Room, id)?;
    let mut text = format!("**{id}**");
    if let Some(name) = outline.field_str(room, "name") {
        let _ = write!(text, " — {name}");
    }
    let kind = outline.field_str(room, "kind").unwrap_or("?");
    let _ = write!(text, "\n- kind `{kind}`{}", position(outline, room));
    for (_, corridor) in outline.items(&keys(["corridors"])) {
        let between = outline.field_strs(corridor, "between");
        let other = match between.as_slice() {
            [a, b] if *a == id => *b,
            [a, b] if *b == id => *a,
            _ => continue,
        };
        let door = if outline.field(corridor, "door") == Some(&Scalar::Other("true".to_string())) {
            ", with a door"
        } else {
            ""
        };
        let _ = write!(
            text,
            "\n- corridor {} to {other}{door}",
            numbers(&outline.field_ints(corridor, "numbers"))
        );
    }
    for (_, entrance) in outline.items(&keys(["technical_entrances"])) {
        if outline.field_str(entrance, "room") == Some(id) {
            let network = outline.field_str(entrance, "network").unwrap_or("?");
            let _ = write!(
                text,
                "\n- technical entrance {} to network {network}",
                numbers(&outline.field_ints(entrance, "numbers"))
            );
        }
    }
    for (_, pod) in outline.items(&keys(["escape_pods"])) {
        if outline.field_str(pod, "room") == Some(id) {
            let number = outline.field(pod, "number").and_then(|n| n.as_int());
            let section = outline.field_str(pod, "section").unwrap_or("?");
            let _ = write!(
                text,
                "\n- escape pod {} of section {section}",
                number.map_or("?".to_string(), |n| n.to_string())
            );
        }
    }
    Some(text)
}

fn network_hover(outline: &Outline, id: &str) -> Option<String> {
    let network = defined(outline, Names::Network, id)?;
    let rooms: Vec<&str> = outline
        .items(&keys(["technical_entrances"]))
        .filter(|(_, e)| outline.field_str(e, "network") == Some(id))
        .filter_map(|(_, e)| outline.field_str(e, "room"))
        .collect();
    Some(format!(
        "**network {id}**{}\n- technical entrances in {}",
        position(outline, network),
        if rooms.is_empty() {
            "no room".to_string()
        } else {
            rooms.join(", ")
        }
    ))
}

impl LanguageSupport for NemesisLanguage {
    fn pack_files(&self, pack: &Sources) -> Vec<PathBuf> {
        ship_game::ship_files(pack)
    }

    fn hover(&self, file: &File<'_>, at: &At<'_>) -> Option<String> {
        if file.is_pack_file() {
            return None;
        }
        let id = at.str()?;
        match names(at)? {
            Names::Room => room_hover(file.outline, id),
            Names::Network => network_hover(file.outline, id),
        }
    }

    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        if file.is_pack_file() {
            return ship_game::ship_definition(file, at);
        }
        let (Some(id), Some(what)) = (at.str(), names(at)) else {
            return Vec::new();
        };
        defined(file.outline, what, id)
            .map(|item| Spot {
                path: file.path.to_path_buf(),
                span: Some(item.span),
            })
            .into_iter()
            .collect()
    }

    fn symbols(&self, file: &File<'_>) -> Vec<Symbol> {
        if file.is_pack_file() {
            return Vec::new();
        }
        let outline = file.outline;
        let mut parts = Vec::new();
        for (_, room) in outline.items(&keys(["rooms"])) {
            let id = outline.field_str(room, "id").unwrap_or("room");
            let detail = outline
                .field_str(room, "name")
                .map(str::to_string)
                .or_else(|| outline.field_str(room, "kind").map(|k| format!("kind {k}")));
            let mut symbol = Symbol::of(room, id.to_string(), SymbolKind::Part);
            if let Some(detail) = detail {
                symbol = symbol.detail(detail);
            }
            parts.push(symbol);
        }
        for (_, corridor) in outline.items(&keys(["corridors"])) {
            let between = outline.field_strs(corridor, "between").join(" – ");
            parts.push(
                Symbol::of(corridor, between, SymbolKind::Link)
                    .detail(numbers(&outline.field_ints(corridor, "numbers"))),
            );
        }
        for (_, network) in outline.items(&keys(["networks"])) {
            let id = outline.field_str(network, "id").unwrap_or("?");
            parts.push(Symbol::of(
                network,
                format!("network {id}"),
                SymbolKind::Group,
            ));
        }
        for (_, entrance) in outline.items(&keys(["technical_entrances"])) {
            let room = outline.field_str(entrance, "room").unwrap_or("?");
            let mut symbol = Symbol::of(
                entrance,
                format!("technical entrance, {room}"),
                SymbolKind::Feature,
            );
            if let Some(network) = outline.field_str(entrance, "network") {
                symbol = symbol.detail(format!("network {network}"));
            }
            parts.push(symbol);
        }
        for (_, pod) in outline.items(&keys(["escape_pods"])) {
            let number = outline.field(pod, "number").and_then(|n| n.as_int());
            let name = number.map_or("escape pod".to_string(), |n| format!("escape pod {n}"));
            let mut symbol = Symbol::of(pod, name, SymbolKind::Feature);
            if let Some(room) = outline.field_str(pod, "room") {
                symbol = symbol.detail(room);
            }
            parts.push(symbol);
        }
        parts.sort_by_key(|s| s.span.start);
        let whole = deckplan_schema::Span::from_range(0..file.text.len());
        let name_entry = outline.get(&keys(["name"]));
        vec![Symbol {
            name: outline.str(&keys(["name"])).unwrap_or("ship").to_string(),
            detail: outline.str(&keys(["board"])).map(str::to_string),
            kind: SymbolKind::Board,
            span: whole,
            name_span: name_entry.map_or(whole, |e| e.key_span.unwrap_or(e.span)),
            children: parts,
        }]
    }
}
