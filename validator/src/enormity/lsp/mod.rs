//! What the language server knows of Enormity's files: what a space, an
//! edge, an intersection, a door or a page is (hover, also on a space of the
//! grid), where a door, a page or a Location is defined, the outline of a
//! page and of `pack.toml`, and the editor's one-click fixes as text edits.
//!
//! Places are found by where they are written ([`Outline`] paths such as
//! `spaces.consoles[0].opens[1]`), so this works while a file is being typed;
//! what is there is read from the page as the loader resolves it, from the
//! editor's unsaved text.

mod describe;
mod fixes;

use std::path::PathBuf;

use deckplan_schema::SourceFile;
use deckplan_schema::enormity::load as pages;
use deckplan_schema::enormity::{Intersection, Pack, Page, PageEdge, PageId, Space, coord};
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::sources::{Sources, Target};

use crate::diagnostic::Diagnostic;
use crate::lsp::outline::{Entry, Outline, Step, keys};
use crate::lsp::support::{At, File, LanguageSupport, Spot, Symbol, SymbolKind, TextFix};

/// Enormity's answers to the language server.
#[derive(Clone, Copy, Debug, Default)]
pub struct EnormityLanguage;

impl LanguageSupport for EnormityLanguage {
    fn pack_files(&self, pack: &Sources) -> Vec<PathBuf> {
        let (Some(dir), Some((_, outline))) = (pack.pack_dir(), pack_file(pack)) else {
            return Vec::new();
        };
        outline
            .items(&keys(["pages"]))
            .filter_map(|(_, e)| e.scalar()?.as_str().map(|p| dir.join(p)))
            .collect()
    }

    fn hover(&self, file: &File<'_>, at: &At<'_>) -> Option<String> {
        if file.is_pack_file() {
            return pack_hover(file, at);
        }
        page_hover(file, at)
    }

    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        if file.is_pack_file() {
            pack_definition(file, at)
        } else {
            page_definition(file, at)
        }
    }

    fn symbols(&self, file: &File<'_>) -> Vec<Symbol> {
        if file.is_pack_file() {
            pack_symbols(file)
        } else {
            page_symbols(file)
        }
    }

    fn fixes(&self, file: &File<'_>, diagnostic: &Diagnostic) -> Vec<TextFix> {
        fixes::fixes(file, diagnostic)
    }
}

/// The page a file holds, when it resolves.
fn page_of(file: &File<'_>) -> Option<Page> {
    let source = SourceFile::new(file.path, file.text.to_string());
    pages::page_from_source(&source).value
}

/// The pack of a file, its files as the editor holds them: its own pack,
/// or the `pack.toml` beside it (a page not yet listed still names the
/// pack's Locations).
fn pack_sources(file: &File<'_>) -> Option<Sources> {
    if let Some(dir) = file.pack {
        return Some(file.sources(Target::Pack(dir.to_path_buf())));
    }
    let dir = file.path.parent()?;
    file.open
        .exists(&dir.join(PACK_FILE))
        .then(|| file.sources(Target::Pack(dir.to_path_buf())))
}

/// The pack whose `pack.toml` `file` is, its files as the editor holds them.
fn own_pack(file: &File<'_>) -> Option<Sources> {
    Some(file.sources(Target::Pack(file.path.parent()?.to_path_buf())))
}

/// A pack's `pack.toml` (its unsaved text when open) and its outline.
fn pack_file(pack: &Sources) -> Option<(PathBuf, Outline)> {
    let path = pack.target().top_file();
    let read = pack.top_file().ok()?;
    Some((path, Outline::of(read.source.text())))
}

/// The whole pack, its pages read as the editor holds them.
fn pack_of(pack: &Sources) -> Option<Pack> {
    pages::load_pack(pack).ok()?.value
}

/// The file of a page of the pack.
fn page_file(pack: &Sources, id: PageId) -> Option<PathBuf> {
    let loaded = pack_of(pack)?;
    let page = loaded.pages.get(&id)?;
    Some(page.source.path().to_path_buf())
}

/// The page a value names: `L1p2`, or the page of `L1p2 east`.
fn page_named(text: &str) -> Option<PageId> {
    PageId::parse(text)
        .ok()
        .or_else(|| PageEdge::parse(text).ok().map(|e| e.page))
}

fn page_hover(file: &File<'_>, at: &At<'_>) -> Option<String> {
    let path = at.entry.path.as_slice();
    let first = match path.first() {
        Some(Step::Key(key)) => key.as_str(),
        _ => "",
    };
    if path == keys(["grid"]).as_slice() {
        let page = page_of(file)?;
        let space = grid_space(file, at)?;
        return Some(describe::space(&page, space));
    }
    if path == keys(["location"]).as_slice() {
        return describe::location(&pack_sources(file)?, at.str()?);
    }
    if path == keys(["book"]).as_slice() {
        return describe::book(&pack_sources(file)?, at.int()?);
    }
    if at.under("target") {
        let id = PageId::parse(at.str()?).ok()?;
        let pack = pack_sources(file)?;
        let dir = pack.pack_dir()?;
        return Some(describe::page(&pack_of(&pack)?, dir, id));
    }
    let page = page_of(file)?;
    if let Some(number) = at.int().and_then(|n| u16::try_from(n).ok()) {
        if at.under("opens") || at.under("closes") {
            return Some(describe::door(&page, number));
        }
        if at.under("number") {
            return match path.get(1) {
                Some(Step::Key(key)) if key == "doors" => Some(describe::door(&page, number)),
                Some(Step::Key(key)) if key == "consoles" => Some(describe::console(&page, number)),
                _ => None,
            };
        }
        return None;
    }
    let text = at.str()?;
    if first == "intersections" {
        let point = Intersection::parse(text).ok()?;
        return Some(describe::intersection(&page, point));
    }
    if let Ok(space) = Space::parse(text) {
        return Some(describe::space(&page, space));
    }
    if let Ok(edges) = coord::parse_edge_run(text) {
        return Some(describe::edges(&page, &edges));
    }
    None
}

/// The space of the grid at the offset: its row by the line's label (or its
/// place from the top), its column by the symbol under the cursor.
fn grid_space(file: &File<'_>, at: &At<'_>) -> Option<Space> {
    let text = file.slice(at.entry.span);
    let quote = text.find('\n').map_or(0, |i| i + 1);
    let start = at.entry.span.start as usize;
    let inside = at.offset.checked_sub(start)?;
    let lines: Vec<(usize, &str)> = text
        .get(quote..)?
        .split('\n')
        .scan(quote, |offset, line| {
            let here = *offset;
            *offset += line.len() + 1;
            Some((here, line))
        })
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with("\"\"\""))
        .collect();
    let rows = u16::try_from(lines.len()).ok()?;
    let (index, (line_start, line)) = lines
        .iter()
        .enumerate()
        .find(|(_, (s, l))| *s <= inside && inside <= s + l.len())?;
    let (row, symbols_at) = match line.split_once(' ') {
        Some((label, _)) => (coord::parse_row_letters(label)?, label.len() + 1),
        None => (rows.checked_sub(u16::try_from(index).ok()? + 1)?, 0),
    };
    let col = (inside - line_start).checked_sub(symbols_at)?;
    Some(Space::new(u16::try_from(col).ok()?, row))
}

fn pack_hover(file: &File<'_>, at: &At<'_>) -> Option<String> {
    let dir = file.path.parent()?;
    let pack = own_pack(file)?;
    let path = at.entry.path.as_slice();
    if let [Step::Key(key), Step::Index(_)] = path
        && key == "pages"
    {
        let read = pack.read(at.str()?).ok()?;
        let page = pages::page_from_source(&read.source).value?;
        return Some(describe::page_summary(&page, dir));
    }
    let id = page_named(at.str()?)?;
    Some(describe::page(&pack_of(&pack)?, dir, id))
}

fn page_definition(file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
    let here = |span| Spot {
        path: file.path.to_path_buf(),
        span: Some(span),
    };
    let path = at.entry.path.as_slice();
    if let Some(number) = at.int()
        && (at.under("opens") || at.under("closes"))
    {
        return file
            .outline
            .items(&keys(["edges", "doors"]))
            .filter(|(i, _)| {
                let number_path = [
                    Step::Key("edges".into()),
                    Step::Key("doors".into()),
                    Step::Index(*i),
                    Step::Key("number".into()),
                ];
                file.outline.scalar(&number_path).and_then(|s| s.as_int()) == Some(number)
            })
            .map(|(_, door)| here(door.span))
            .collect();
    }
    let Some(pack) = pack_sources(file) else {
        return Vec::new();
    };
    if path == keys(["location"]).as_slice() {
        return in_pack_list(&pack, "locations", "designation", at.str());
    }
    if path == keys(["book"]).as_slice() {
        let number = at.int().map(|n| n.to_string());
        return in_pack_list(&pack, "books", "number", number.as_deref());
    }
    if at.under("target")
        && let Some(id) = at.str().and_then(|t| PageId::parse(t).ok())
    {
        return page_file(&pack, id)
            .map(|path| Spot { path, span: None })
            .into_iter()
            .collect();
    }
    Vec::new()
}

/// The item of a list of tables in `pack.toml` whose `key` is `value`.
fn in_pack_list(pack: &Sources, list: &str, key: &str, value: Option<&str>) -> Vec<Spot> {
    let (Some(value), Some((path, outline))) = (value, pack_file(pack)) else {
        return Vec::new();
    };
    outline
        .items(&keys([list]))
        .filter(|(i, _)| {
            let at = [
                Step::Key(list.into()),
                Step::Index(*i),
                Step::Key(key.into()),
            ];
            match outline.scalar(&at) {
                Some(crate::lsp::outline::Scalar::Str(s)) => s == value,
                Some(crate::lsp::outline::Scalar::Int(n)) => n.to_string() == value,
                _ => false,
            }
        })
        .map(|(_, item)| Spot {
            path: path.clone(),
            span: Some(item.span),
        })
        .collect()
}

fn pack_definition(file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
    let (Some(dir), Some(pack)) = (file.path.parent(), own_pack(file)) else {
        return Vec::new();
    };
    let Some(text) = at.str() else {
        return Vec::new();
    };
    if let [Step::Key(key), Step::Index(_)] = at.entry.path.as_slice()
        && key == "pages"
    {
        // Only a file inside the pack: the loader would refuse any other.
        return if pack.has(text) {
            vec![Spot {
                path: dir.join(text),
                span: None,
            }]
        } else {
            Vec::new()
        };
    }
    page_named(text)
        .and_then(|id| page_file(&pack, id))
        .map(|path| Spot { path, span: None })
        .into_iter()
        .collect()
}

/// A string of an item (`at = "H5"`), for symbol details.
fn item_str<'a>(outline: &'a Outline, item: &Entry, key: &str) -> Option<&'a str> {
    let mut path = item.path.clone();
    path.push(Step::Key(key.to_string()));
    outline.str(&path)
}

fn item_int(outline: &Outline, item: &Entry, key: &str) -> Option<i64> {
    let mut path = item.path.clone();
    path.push(Step::Key(key.to_string()));
    outline.scalar(&path).and_then(|s| s.as_int())
}

fn page_symbols(file: &File<'_>) -> Vec<Symbol> {
    let outline = file.outline;
    let book = outline.scalar(&keys(["book"])).and_then(|s| s.as_int());
    let page = outline.scalar(&keys(["page"])).and_then(|s| s.as_int());
    let name = match (book, page) {
        (Some(book), Some(page)) => format!("L{book}p{page}"),
        _ => "page".to_string(),
    };
    let mut children = Vec::new();
    let features: [(&[&str], &str, SymbolKind); 6] = [
        (&["edges", "doors"], "door", SymbolKind::Link),
        (&["spaces", "consoles"], "console", SymbolKind::Feature),
        (&["spaces", "keycards"], "keycard", SymbolKind::Feature),
        (
            &["spaces", "location_arrows"],
            "Location arrow",
            SymbolKind::Link,
        ),
        (
            &["spaces", "forced_arrows"],
            "forced arrow",
            SymbolKind::Feature,
        ),
        (
            &["intersections", "blips"],
            "starting Blip",
            SymbolKind::Feature,
        ),
    ];
    for (path, noun, kind) in features {
        let path: Vec<Step> = path.iter().map(|k| Step::Key((*k).to_string())).collect();
        for (_, item) in outline.items(&path) {
            let label = match (
                item_int(outline, item, "number"),
                item_str(outline, item, "target"),
            ) {
                (Some(n), _) => format!("{noun} {n}"),
                (None, Some(target)) => format!("{noun} to {target}"),
                (None, None) => noun.to_string(),
            };
            let mut symbol = Symbol::of(item, label, kind);
            if let Some(place) = item_str(outline, item, "at") {
                symbol = symbol.detail(place);
            }
            children.push(symbol);
        }
    }
    for (_, item) in outline.items(&keys(["spaces", "terrain"])) {
        let name = item_str(outline, item, "name").unwrap_or("terrain tile");
        children.push(Symbol::of(item, name.to_string(), SymbolKind::Feature));
    }
    for marker in deckplan_schema::enormity::Marker::ALL {
        for (_, item) in outline.items(&keys(["spaces", marker.key()])) {
            let mut symbol = Symbol::of(item, marker.label().to_string(), SymbolKind::Feature);
            if let Some(space) = item.scalar().and_then(|s| s.as_str()) {
                symbol = symbol.detail(space);
            }
            children.push(symbol);
        }
    }
    for (_, item) in outline.items(&keys(["intersections", "spawn_points"])) {
        let mut symbol = Symbol::of(item, "spawn point".to_string(), SymbolKind::Feature);
        if let Some(point) = item.scalar().and_then(|s| s.as_str()) {
            symbol = symbol.detail(point);
        }
        children.push(symbol);
    }
    children.sort_by_key(|s| s.span.start);
    let whole = deckplan_schema::Span::from_range(0..file.text.len());
    let mut board = Symbol {
        name,
        detail: outline.str(&keys(["title"])).map(str::to_string),
        kind: SymbolKind::Board,
        span: whole,
        name_span: outline
            .get(&keys(["page"]))
            .map_or(whole, |e| e.key_span.unwrap_or(e.span)),
        children,
    };
    if board.detail.is_none() {
        board.detail = outline.str(&keys(["location"])).map(str::to_string);
    }
    vec![board]
}

fn pack_symbols(file: &File<'_>) -> Vec<Symbol> {
    let outline = file.outline;
    let mut out = Vec::new();
    for (_, item) in outline.items(&keys(["pages"])) {
        if let Some(path) = item.scalar().and_then(|s| s.as_str()) {
            out.push(Symbol::of(item, path.to_string(), SymbolKind::File));
        }
    }
    for (_, item) in outline.items(&keys(["books"])) {
        let number = item_int(outline, item, "number").map_or("?".into(), |n| n.to_string());
        let mut symbol = Symbol::of(item, format!("book {number}"), SymbolKind::Group);
        if let Some(title) = item_str(outline, item, "title") {
            symbol = symbol.detail(title);
        }
        out.push(symbol);
    }
    for (_, item) in outline.items(&keys(["locations"])) {
        let designation = item_str(outline, item, "designation").unwrap_or("?");
        let mut symbol = Symbol::of(item, designation.to_string(), SymbolKind::Part);
        if let Some(name) = item_str(outline, item, "name") {
            symbol = symbol.detail(name);
        }
        out.push(symbol);
    }
    for (_, item) in outline.items(&keys(["joins"])) {
        let from = item_str(outline, item, "from").unwrap_or("?");
        let to = item_str(outline, item, "to").unwrap_or("?");
        out.push(Symbol::of(item, format!("{from} – {to}"), SymbolKind::Link));
    }
    out.sort_by_key(|s| s.span.start);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_space_of_the_grid_is_found_by_its_row_label_and_column() {
        let text = "format = 1\ngrid = \"\"\"\nB #.O\nA ...\n\"\"\"\n";
        let outline = Outline::of(text);
        let file = File {
            path: std::path::Path::new("/p/page.toml"),
            text,
            pack: None,
            outline: &outline,
            open: &crate::lsp::buffers::Buffers::default(),
        };
        let entry = outline.get(&keys(["grid"])).unwrap();
        let offset = text.find("#.O").unwrap() + 2;
        let space = grid_space(&file, &At { entry, offset }).unwrap();
        assert_eq!(space.to_string(), "B3");
        let offset = text.find("A ...").unwrap();
        assert_eq!(
            grid_space(&file, &At { entry, offset }),
            None,
            "on the label"
        );
    }
}
