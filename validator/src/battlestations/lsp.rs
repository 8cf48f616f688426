//! What the language server knows of a Battlestations ship file: the outline
//! of the ship (its modules and external doors), hover on a module or on a
//! door's square saying which module card holds it, and a door leading to
//! that module.
//!
//! Everything is read from where it is written ([`Outline`]), so it works
//! while the file is being typed.

use std::path::PathBuf;

use deckplan_schema::battlestations::square::Square;
use deckplan_schema::sources::Sources;

use crate::lsp::outline::{Entry, Outline, Scalar, Step, keys};
use crate::lsp::support::{At, File, LanguageSupport, Spot, Symbol, SymbolKind};
use crate::ship_game;

/// Battlestations' answers to the language server.
#[derive(Clone, Copy, Debug, Default)]
pub struct BattlestationsLanguage;

/// Squares along a module's side when the file says nothing.
const DEFAULT_MODULE_SIZE: i64 = 5;

fn module_size(outline: &Outline) -> u16 {
    let size = outline
        .scalar(&keys(["module_size"]))
        .and_then(Scalar::as_int)
        .unwrap_or(DEFAULT_MODULE_SIZE);
    u16::try_from(size).unwrap_or(0).max(1)
}

/// A square as a door or a name writes it: `[LEVEL ]SQUARE[ SIDE]`.
fn square_of(text: &str) -> Option<(Option<&str>, Square)> {
    let mut words = text.split_whitespace();
    let first = words.next()?;
    match Square::parse(first) {
        Ok(square) => Some((None, square)),
        Err(_) => Some((Some(first), Square::parse(words.next()?).ok()?)),
    }
}

/// The module card that holds a square.
fn module_at<'a>(outline: &'a Outline, level: Option<&str>, square: Square) -> Option<&'a Entry> {
    let size = module_size(outline);
    let cell = [
        i64::from(square.column / size),
        i64::from(square.row / size),
    ];
    outline
        .items(&keys(["modules"]))
        .map(|(_, m)| m)
        .find(|module| {
            outline.field_ints(module, "at") == cell && outline.field_str(module, "level") == level
        })
}

/// A module in a few words: `a cannon module on level lower, squares A1–E5`.
fn module_text(outline: &Outline, module: &Entry) -> String {
    let id = outline.field_str(module, "id").unwrap_or("?");
    let mut text = format!("**{id}**");
    if let Some(name) = outline.field_str(module, "name") {
        text.push_str(&format!(" — {name}"));
    }
    let role = outline.field_str(module, "role").unwrap_or("?");
    text.push_str(&format!("\n- role `{role}`"));
    if let Some(level) = outline.field_str(module, "level") {
        text.push_str(&format!(", level {level}"));
    }
    if let [column, row] = outline.field_ints(module, "at").as_slice()
        && let (Ok(column), Ok(row)) = (u16::try_from(*column), u16::try_from(*row))
    {
        let size = module_size(outline);
        let first = Square::new(column * size, row * size);
        let last = Square::new(column * size + size - 1, row * size + size - 1);
        text.push_str(&format!(", squares {first}–{last}"));
    }
    if let Some(rotation) = outline.field(module, "rotation").and_then(Scalar::as_int) {
        text.push_str(&format!(", turned {rotation}°"));
    }
    text
}

/// Whether the entry is a module's `id`.
fn is_module_id(at: &At<'_>) -> bool {
    matches!(at.entry.path.first(), Some(Step::Key(key)) if key == "modules") && at.under("id")
}

fn is_door(at: &At<'_>) -> bool {
    at.entry.path.len() == 2 && at.under("doors")
}

impl LanguageSupport for BattlestationsLanguage {
    fn pack_files(&self, pack: &Sources) -> Vec<PathBuf> {
        ship_game::ship_files(pack)
    }

    fn hover(&self, file: &File<'_>, at: &At<'_>) -> Option<String> {
        if file.is_pack_file() {
            return None;
        }
        let outline = file.outline;
        if is_module_id(at) {
            let module = outline.get(at.entry.path.get(..2)?)?;
            return Some(module_text(outline, module));
        }
        if is_door(at) {
            let written = at.str()?;
            let (level, square) = square_of(written)?;
            return Some(match module_at(outline, level, square) {
                Some(module) => format!(
                    "**door {written}**, on the module\n\n{}",
                    module_text(outline, module)
                ),
                None => format!("**door {written}** — no module holds its square"),
            });
        }
        None
    }

    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        if file.is_pack_file() {
            return ship_game::ship_definition(file, at);
        }
        if !is_door(at) {
            return Vec::new();
        }
        at.str()
            .and_then(square_of)
            .and_then(|(level, square)| module_at(file.outline, level, square))
            .map(|module| Spot {
                path: file.path.to_path_buf(),
                span: Some(module.span),
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
        for (_, door) in outline.items(&keys(["doors"])) {
            if let Some(text) = door.scalar().and_then(Scalar::as_str) {
                parts.push(Symbol::of(door, format!("door {text}"), SymbolKind::Link));
            }
        }
        for (_, module) in outline.items(&keys(["modules"])) {
            let id = outline.field_str(module, "id").unwrap_or("module");
            let role = outline.field_str(module, "role").unwrap_or("?");
            let detail = match outline.field_str(module, "level") {
                Some(level) => format!("{role}, {level}"),
                None => role.to_string(),
            };
            parts.push(Symbol::of(module, id.to_string(), SymbolKind::Part).detail(detail));
        }
        parts.sort_by_key(|s| s.span.start);
        let whole = deckplan_schema::Span::from_range(0..file.text.len());
        let name_entry = outline.get(&keys(["name"]));
        vec![Symbol {
            name: outline.str(&keys(["name"])).unwrap_or("ship").to_string(),
            detail: outline
                .str(&keys(["forward"]))
                .map(|f| format!("flying {f}")),
            kind: SymbolKind::Board,
            span: whole,
            name_span: name_entry.map_or(whole, |e| e.key_span.unwrap_or(e.span)),
            children: parts,
        }]
    }
}
