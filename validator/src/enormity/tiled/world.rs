//! A whole pack as a Tiled world (`.world`): one map per page, laid out as
//! the joins say, and read back into a pack.
//!
//! A world file lists maps and where each lies, in whole pixels, and nothing
//! else — Tiled rewrites it when a map is moved, dropping anything more. So
//! what a pack holds beyond its pages travels as it can:
//!
//! | pack | in the world |
//! |---|---|
//! | joins | not written: recovered on import from where the maps lie |
//! | where each page lies, exactly | map properties `origin.east`, `origin.north` (spaces, to the hundredth) |
//! | the page file's path in the pack | map property `file` (default `book<b>/page<p>.toml`) |
//! | start page | the map that carries the pack's properties |
//! | name, ruleset, books, Locations, lint settings | map properties of the start page's map: `pack.name`, `pack.ruleset`, `pack.book.<number>` (its title), `pack.location.<designation>` (its name), `pack.lint.<check>` (`level: reason`) |
//!
//! **Joins from places.** Two pages join where an edge of one lies along an
//! edge of the other and they share some length. Whether maps touch or overlap
//! is decided on the world's pixels, as Tiled shows them; the offset comes from
//! the exact places. The join runs from the page that comes first (`L1p1`
//! before `L1p2`), so a join written the other way round in `pack.toml` comes
//! back turned, with the same meaning.
//!
//! **Exact places.** A pixel is 1/[`TILE`] of a space, too coarse for an offset
//! like `0.1`, so each map also carries its place in hundredths. On import the
//! properties are used while they agree with the map's pixel place; a map moved
//! in Tiled is read where it now lies, to the nearest hundredth.
//!
//! Export says (in [`Exported::notes`]) when the world cannot give the joins
//! back as they are: a join the layout does not obey, pages that touch without
//! a join, pages laid over each other, or a join to a page that did not load
//! (a pack with a broken page file still exports, without that page).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use deckplan_schema::confine;
use deckplan_schema::enormity::limits;
use deckplan_schema::{
    SourceFile, Span,
    enormity::{
        Book, Direction, Join, Location, Offset, Pack, PageEdge, PageFile, PageId, Size,
        load as pages, write,
    },
    load, save,
};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    Properties, TILE, TiledError, TmjMap, TmjProperty, lint_setting, lint_text, page_of_map,
    prop_string, tileset_png, to_tiled, write_file, write_json,
};
use crate::enormity::draw::layout::layout;
use crate::export::ExportError;

/// The world file written into the export folder.
pub const WORLD_FILE: &str = "pack.world";
/// The tileset picture the maps of a world share.
pub const TILESET_FILE: &str = "spaces.tiles.png";

/// Map properties starting with this belong to the pack, not the page.
const PACK_PREFIX: &str = "pack.";
/// How far from the origin a map may lie, in pixels. With tiles and pages no
/// larger than a `u32` and a `u16` allow, every sum and difference of places
/// stays far inside an `i64`.
const MAX_WORLD_PIXELS: i64 = 1 << 40;
/// How far from the origin an exact place may lie, in spaces (see [`hundredths`]).
const MAX_ORIGIN_SPACES: f64 = 1e9;

/// Where a page lies in a pack layout: its bottom-left corner, in hundredths
/// of a space east and north of the start page's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Hundredths of a space east.
    pub east: i64,
    /// Hundredths of a space north.
    pub north: i64,
}

/// A map's rectangle in world pixels: y runs down, as in Tiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pixels {
    left: i64,
    top: i64,
    right: i64,
    bottom: i64,
}

impl Pixels {
    /// The rectangle of a page of `size` whose top-left corner is at `(x, y)`.
    ///
    /// Places are kept within [`MAX_WORLD_PIXELS`] and [`MAX_ORIGIN_SPACES`],
    /// where this arithmetic is exact; it saturates only so that nothing can
    /// overflow should a place slip past those checks.
    fn at(x: i64, y: i64, size: Size, (tile_w, tile_h): (i64, i64)) -> Self {
        Self {
            left: x,
            top: y,
            right: x.saturating_add(i64::from(size.columns).saturating_mul(tile_w)),
            bottom: y.saturating_add(i64::from(size.rows).saturating_mul(tile_h)),
        }
    }

    /// Where a page at `position` lies.
    fn of(position: Position, size: Size, tile: (i64, i64)) -> Self {
        let top_north = position.north.saturating_add(i64::from(size.rows) * 100);
        Self::at(
            to_pixels(position.east, tile.0),
            to_pixels(top_north, tile.1).saturating_neg(),
            size,
            tile,
        )
    }
}

/// Spaces to the nearest hundredth of a space (halves away from zero), kept
/// within [`MAX_ORIGIN_SPACES`] of the origin so that nothing computed from it
/// can overflow: a place further out counts as that far, and what is not a
/// number as 0.
fn hundredths(spaces: f64) -> i64 {
    if spaces.is_nan() {
        return 0;
    }
    (spaces.clamp(-MAX_ORIGIN_SPACES, MAX_ORIGIN_SPACES) * 100.0).round() as i64
}

/// An `i128` as the nearest `i64`.
fn saturate(wide: i128) -> i64 {
    i64::try_from(wide).unwrap_or(if wide < 0 { i64::MIN } else { i64::MAX })
}

/// Hundredths of a space to pixels, halves rounded up.
fn to_pixels(hundredths: i64, tile: i64) -> i64 {
    saturate((i128::from(hundredths) * i128::from(tile) + 50).div_euclid(100))
}

/// Pixels to hundredths of a space, to the nearest (halves up).
fn to_hundredths(pixels: i64, tile: i64) -> i64 {
    let tile = i128::from(tile.max(1));
    saturate((i128::from(pixels) * 200 + tile).div_euclid(2 * tile))
}

/// A page placed in a world.
struct Placed {
    id: PageId,
    pixels: Pixels,
    exact: Position,
}

/// How two placed pages lie.
enum Lie {
    Apart,
    Overlap,
    Joined(Join),
}

/// How `a` and `b` lie; a join runs from `a`, which should come first.
fn lie(a: &Placed, b: &Placed) -> Lie {
    let (p, q) = (a.pixels, b.pixels);
    let shared_x = p.right.min(q.right).saturating_sub(p.left.max(q.left));
    let shared_y = p.bottom.min(q.bottom).saturating_sub(p.top.max(q.top));
    if shared_x > 0 && shared_y > 0 {
        return Lie::Overlap;
    }
    let up = b.exact.north.saturating_sub(a.exact.north);
    let right = b.exact.east.saturating_sub(a.exact.east);
    let (side, shift) = if shared_y > 0 && p.right == q.left {
        (Direction::East, up)
    } else if shared_y > 0 && q.right == p.left {
        (Direction::West, up)
    } else if shared_x > 0 && p.top == q.bottom {
        (Direction::North, right)
    } else if shared_x > 0 && q.top == p.bottom {
        (Direction::South, right)
    } else {
        return Lie::Apart;
    };
    Lie::Joined(Join {
        from: PageEdge { page: a.id, side },
        to: PageEdge {
            page: b.id,
            side: side.opposite(),
        },
        offset: Offset {
            hundredths: i32::try_from(shift).unwrap_or(i32::MAX),
        },
        span: Span::default(),
        from_span: Span::default(),
        to_span: Span::default(),
        offset_span: None,
    })
}

/// Pairs of pages laid over each other, and the joins where pages touch, in
/// `pack.toml` order. `placed` is sorted by page.
fn contacts(placed: &[Placed]) -> (Vec<(usize, usize)>, Vec<Join>) {
    let mut overlaps = Vec::new();
    let mut joins = Vec::new();
    for (i, a) in placed.iter().enumerate() {
        for (j, b) in placed.iter().enumerate().skip(i + 1) {
            match lie(a, b) {
                Lie::Apart => {}
                Lie::Overlap => overlaps.push((i, j)),
                Lie::Joined(join) => joins.push(join),
            }
        }
    }
    joins.sort_by_key(|j| (j.from, j.to));
    (overlaps, joins)
}

/// A join as it comes back from a world: from the page that comes first.
fn turned(join: &Join) -> (PageEdge, PageEdge, Offset) {
    if join.from.page <= join.to.page {
        (join.from, join.to, join.offset)
    } else {
        let back = Offset {
            hundredths: join.offset.hundredths.saturating_neg(),
        };
        (join.to, join.from, back)
    }
}

// ---------------------------------------------------------------------------
// Export

/// What exporting a pack wrote, and what its world cannot give back.
#[derive(Debug, Default)]
pub struct Exported {
    /// Every file written, the world last.
    pub files: Vec<PathBuf>,
    /// One sentence for each join the world will not give back as it is.
    pub notes: Vec<String>,
}

/// Where each page of a pack lies in its layout, exactly (hundredths of a space).
pub fn positions(pack: &Pack) -> BTreeMap<PageId, Position> {
    layout(pack)
        .placements
        .into_iter()
        .map(|(id, at)| {
            let position = Position {
                east: at.x,
                north: at.y,
            };
            (id, position)
        })
        .collect()
}

/// Each page's file in the pack, relative to the pack folder, in `pack.toml`
/// order; a page whose file is unknown (built in memory) is named
/// `book<b>/page<p>.toml`, after the others.
pub fn page_files(pack: &Pack) -> Vec<(PageId, String)> {
    let folder = pack.source.path().parent().unwrap_or(Path::new(""));
    let by_source: BTreeMap<PathBuf, PageId> = pack
        .pages
        .values()
        .map(|page| (clean(page.source.path()), page.id))
        .collect();
    let mut files: Vec<(PageId, String)> = pack
        .page_files
        .iter()
        .filter_map(|file| {
            let id = by_source.get(&clean(&folder.join(&file.path)))?;
            Some((*id, file.path.clone()))
        })
        .collect();
    let named: BTreeSet<PageId> = files.iter().map(|(id, _)| *id).collect();
    for id in pack.pages.keys().filter(|id| !named.contains(id)) {
        files.push((*id, default_file(*id)));
    }
    files
}

/// A path without its `.` parts (`./book1/page1.toml` is `book1/page1.toml`),
/// to compare paths that name the same file.
fn clean(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

/// Why a map's `file` property cannot name a page file, and what to write
/// instead, like `example`. The path must lead down from the pack folder, so
/// that no two maps name one file in different ways (`a.toml`, `x/../a.toml`)
/// and none names `pack.toml` or a file outside in disguise.
fn page_file_problem(file: &str, example: &str) -> Option<String> {
    if file.starts_with('/') || file.starts_with('\\') || file.get(1..2) == Some(":") {
        Some(format!(
            "an absolute path; write it relative to the pack folder, like `{example}`"
        ))
    } else if file.contains('\\') {
        Some(format!(
            "which separates folders with `\\`; use `/`, like `{example}`"
        ))
    } else if file.split('/').any(|part| part == "..") {
        Some(format!(
            "which goes through `..`; name the file from the pack folder down, like `{example}`"
        ))
    } else {
        None
    }
}

/// The page file of a page whose map does not say: `book1/page2.toml`.
fn default_file(id: PageId) -> String {
    format!("book{}/page{}.toml", id.book, id.page)
}

fn prop_float(name: &str, value: f64) -> Value {
    json!({ "name": name, "type": "float", "value": value })
}

/// The properties that carry the pack, written on the start page's map.
fn pack_properties(pack: &Pack) -> Vec<Value> {
    let mut properties = vec![
        prop_string("pack.name", &pack.name),
        prop_string("pack.ruleset", deckplan_schema::enormity::resolve::RULESET),
    ];
    for book in pack.books.values() {
        let title = book.title.as_deref().unwrap_or_default();
        properties.push(prop_string(&format!("pack.book.{}", book.number), title));
    }
    for location in pack.locations.values() {
        let name = format!("pack.location.{}", location.designation);
        properties.push(prop_string(&name, &location.name));
    }
    for (check, setting) in &pack.lint.checks {
        let name = format!("pack.lint.{check}");
        properties.push(prop_string(&name, &lint_text(setting)));
    }
    properties
}

/// Writes a pack as a Tiled world into `dir`: a map per page (`L1p2.tmj`),
/// their shared tileset picture and [`WORLD_FILE`].
pub fn write_world(pack: &Pack, dir: &Path) -> Result<Exported, ExportError> {
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let at = positions(pack);
    let tile = i64::from(TILE);
    let mut exported = Exported::default();
    let mut entries = Vec::new();
    let mut placed = Vec::new();
    for (id, file) in page_files(pack) {
        let (Some(page), Some(&position)) = (pack.pages.get(&id), at.get(&id)) else {
            continue;
        };
        let mut map = to_tiled(page, TILESET_FILE);
        let mut extra = vec![
            prop_string("file", &file),
            prop_float("origin.east", position.east as f64 / 100.0),
            prop_float("origin.north", position.north as f64 / 100.0),
        ];
        if id == pack.start {
            extra.extend(pack_properties(pack));
        }
        if let Some(Value::Array(properties)) = map.get_mut("properties") {
            properties.extend(extra);
            properties.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
        }
        let name = format!("{id}.tmj");
        let path = dir.join(&name);
        write_json(&map, &path)?;
        exported.files.push(path);
        let pixels = Pixels::of(position, page.size, (tile, tile));
        entries.push(json!({
            "fileName": name,
            "x": pixels.left,
            "y": pixels.top,
            "width": pixels.right.saturating_sub(pixels.left),
            "height": pixels.bottom.saturating_sub(pixels.top),
        }));
        placed.push(Placed {
            id,
            pixels,
            exact: position,
        });
    }
    if !entries.is_empty() {
        let tileset = dir.join(TILESET_FILE);
        write_file(&tileset, &tileset_png()?)?;
        exported.files.push(tileset);
    }
    let world = dir.join(WORLD_FILE);
    let json = json!({ "maps": entries, "onlyShowAdjacentMaps": false, "type": "world" });
    write_json(&json, &world)?;
    exported.files.push(world);
    placed.sort_by_key(|p| p.id);
    exported.notes = notes(pack, &placed);
    Ok(exported)
}

/// What the world will not give back of the pack's joins.
fn notes(pack: &Pack, placed: &[Placed]) -> Vec<String> {
    let (overlaps, joins) = contacts(placed);
    let recovered: BTreeSet<_> = joins.iter().map(turned).collect();
    let declared: BTreeSet<_> = pack.joins.iter().map(turned).collect();
    let in_world: BTreeSet<PageId> = placed.iter().map(|p| p.id).collect();
    let mut notes = Vec::new();
    for join in &pack.joins {
        let mut absent = vec![join.from.page, join.to.page];
        absent.dedup();
        absent.retain(|id| !in_world.contains(id));
        if !absent.is_empty() {
            let pages = match absent.as_slice() {
                [one] => format!("{one}, which did not load"),
                _ => format!(
                    "{} and {}, neither of which loaded",
                    join.from.page, join.to.page
                ),
            };
            notes.push(format!(
                "the join {} → {} (offset {}) is left out with {pages}",
                join.from, join.to, join.offset
            ));
        } else if !recovered.contains(&turned(join)) {
            notes.push(format!(
                "the join {} → {} (offset {}) is not where the layout puts the pages, so the world cannot keep it",
                join.from, join.to, join.offset
            ));
        }
    }
    for (from, to, offset) in recovered.difference(&declared) {
        notes.push(format!(
            "{} and {} touch in the layout without a join; importing the world joins them ({from} → {to}, offset {offset})",
            from.page, to.page
        ));
    }
    for (i, j) in overlaps {
        if let (Some(a), Some(b)) = (placed.get(i), placed.get(j)) {
            notes.push(format!(
                "{} and {} overlap in the layout, so the world will not import until they are moved apart in Tiled",
                a.id, b.id
            ));
        }
    }
    notes
}

// ---------------------------------------------------------------------------
// Import

#[derive(Deserialize)]
struct TmjWorld {
    #[serde(default)]
    maps: Vec<TmjWorldMap>,
    #[serde(default)]
    patterns: Vec<Value>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TmjWorldMap {
    file_name: String,
    x: i64,
    y: i64,
}

/// A pack read from a world, with the files of its folder.
#[derive(Debug)]
pub struct ImportedPack {
    /// The pack, with its pages, resolved like one read from its files.
    pub pack: Pack,
    /// The files of the pack folder in canonical form, as (path relative to
    /// the folder, text): every page file, then `pack.toml`.
    pub files: Vec<(String, String)>,
}

/// One map of a world, read as a page.
struct WorldMap {
    /// Where the world lists it, from 0.
    listed: usize,
    /// Its path as shown in messages.
    shown: String,
    /// Its page file in the pack.
    file: String,
    page: deckplan_schema::enormity::Page,
    text: String,
    tile: (i64, i64),
    pixels: Pixels,
    properties: Vec<TmjProperty>,
}

/// Reads a Tiled world, and every map it lists, as a pack (see the module
/// documentation for what comes from where). Every problem is reported at
/// once, each starting with the file it is in.
pub fn read_world(path: &Path) -> Result<ImportedPack, TiledError> {
    let shown = path.display().to_string();
    let fail = |problem: String| TiledError::World {
        problems: vec![format!("{shown}: {problem}")],
    };
    let json =
        confine::read_text(path, path, limits::MAX_TILED_FILE_BYTES).map_err(|e| match e {
            confine::ReadError::Io { reason, .. } => {
                fail(format!("cannot read the file: {reason}"))
            }
            e => fail(format!("cannot read the file: {e}")),
        })?;
    let world: TmjWorld =
        serde_json::from_str(&json).map_err(|e| fail(format!("not a Tiled world: {e}")))?;
    if let Some(kind) = world.kind.as_deref().filter(|k| *k != "world") {
        return Err(fail(format!(
            "not a Tiled world but a Tiled `{kind}`; a single map imports as a page file"
        )));
    }
    if world.maps.is_empty() {
        return Err(fail(if world.patterns.is_empty() {
            "the world lists no maps".into()
        } else {
            "the world finds its maps by pattern; deckplan reads worlds that list each map under `maps`".into()
        }));
    }

    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // A world's maps are read only inside its folder, links resolved.
    let root =
        confine::Root::new(folder).map_err(|e| fail(format!("cannot read its folder: {e}")))?;
    let mut problems = Vec::new();
    let mut maps: Vec<WorldMap> = Vec::new();
    let mut listed = BTreeSet::new();
    for (index, entry) in world.maps.iter().enumerate() {
        let name = &entry.file_name;
        if !listed.insert(name.as_str()) {
            problems.push(format!("{shown}: lists {name} twice"));
            continue;
        }
        let within = |pixels: &i64| (-MAX_WORLD_PIXELS..=MAX_WORLD_PIXELS).contains(pixels);
        if !within(&entry.x) || !within(&entry.y) {
            problems.push(format!(
                "{shown}: {name} lies at ({}, {}), too far out to be a page of a pack",
                entry.x, entry.y
            ));
            continue;
        }
        match read_world_map(&root, &folder.join(name), Path::new(name), index, entry) {
            Ok(map) => maps.push(map),
            Err(MapProblem::Unreadable(confine::ReadError::Io { reason, .. })) => {
                problems.push(format!(
                    "{shown}: lists {name}, which cannot be read: {reason}"
                ));
            }
            Err(MapProblem::Unreadable(e)) => {
                problems.push(format!("{shown}: lists {name}, which is refused: {e}"));
            }
            Err(MapProblem::Invalid(found)) => problems.extend(found),
        }
    }
    check_maps(&maps, &mut problems);
    if !problems.is_empty() {
        return Err(TiledError::World { problems });
    }
    maps.sort_by_key(|m| m.page.id);

    // Exact places where the properties still agree with the world.
    let placed: Vec<Placed> = maps
        .iter()
        .map(|map| Placed {
            id: map.page.id,
            pixels: map.pixels,
            exact: exact_position(map),
        })
        .collect();
    let (overlaps, joins) = contacts(&placed);
    for (i, j) in overlaps {
        if let (Some(a), Some(b)) = (maps.get(i), maps.get(j)) {
            problems.push(format!(
                "{shown}: {} ({}) and {} ({}) overlap; pages lie edge to edge, never over each other",
                a.shown, a.page.id, b.shown, b.page.id
            ));
        }
    }

    let pack = read_pack_properties(&maps, &mut problems);
    let Some(mut pack) = pack.filter(|_| problems.is_empty()) else {
        return Err(TiledError::World { problems });
    };
    pack.joins = joins;
    // The world's order is the order of the pages in `pack.toml`.
    let mut in_world_order: Vec<&WorldMap> = maps.iter().collect();
    in_world_order.sort_by_key(|m| m.listed);
    pack.page_files = in_world_order
        .iter()
        .map(|m| PageFile {
            path: m.file.clone(),
            span: Span::default(),
        })
        .collect();
    resolve(pack, &in_world_order, &shown)
}

/// Why a map listed in a world could not be read.
enum MapProblem {
    /// The file cannot be read, or leads outside the world's folder.
    Unreadable(confine::ReadError),
    /// It can, but it is not a page; each problem names the file.
    Invalid(Vec<String>),
}

fn read_world_map(
    root: &confine::Root,
    path: &Path,
    name: &Path,
    listed: usize,
    entry: &TmjWorldMap,
) -> Result<WorldMap, MapProblem> {
    let shown = path.display().to_string();
    let json = root
        .resolve(path, name)
        .and_then(|real| confine::read_text(&real, path, limits::MAX_TILED_FILE_BYTES))
        .map_err(MapProblem::Unreadable)?;
    let invalid = |lines: Vec<String>| {
        MapProblem::Invalid(lines.into_iter().map(|l| format!("{shown}: {l}")).collect())
    };
    let map: TmjMap = serde_json::from_str(&json)
        .map_err(|e| invalid(vec![format!("not a Tiled JSON map: {e}")]))?;
    let properties = map.properties.clone();
    let tile = (i64::from(map.tilewidth), i64::from(map.tileheight));
    let props = Properties(&properties);
    let file = match props.string("file") {
        Some(file) => file,
        None => match (props.number("book"), props.number("page")) {
            (Some(Ok(book)), Some(Ok(page))) => default_file(PageId { book, page }),
            _ => "imported.toml".into(),
        },
    };
    let (page, text) = page_of_map(map, &file).map_err(|error| match error {
        TiledError::Invalid { problems } => invalid(problems),
        TiledError::Page { messages, .. } => invalid(messages),
        other => invalid(vec![other.to_string()]),
    })?;
    let pixels = Pixels::at(entry.x, entry.y, page.size, tile);
    Ok(WorldMap {
        listed,
        shown,
        file,
        page,
        text,
        tile,
        pixels,
        properties,
    })
}

/// What must hold between the maps before they are laid out: one tile size,
/// one map per page, one file per page.
fn check_maps(maps: &[WorldMap], problems: &mut Vec<String>) {
    let Some(first) = maps.first() else {
        return;
    };
    let mut pages: BTreeMap<PageId, &WorldMap> = BTreeMap::new();
    let mut files: BTreeMap<String, &WorldMap> = BTreeMap::new();
    for map in maps {
        if map.tile != first.tile {
            problems.push(format!(
                "{}: its tiles are {} × {} pixels, but those of {} are {} × {}; the maps of a world share one tile size",
                map.shown, map.tile.0, map.tile.1, first.shown, first.tile.0, first.tile.1
            ));
        }
        if let Some(other) = pages.insert(map.page.id, map) {
            problems.push(format!(
                "{}: it is page {}, and so is {}",
                map.shown, map.page.id, other.shown
            ));
        }
        if let Some(problem) = page_file_problem(&map.file, &default_file(map.page.id)) {
            problems.push(format!(
                "{}: its page file (property `file`) is `{}`, {problem}",
                map.shown, map.file
            ));
            continue;
        }
        let file = clean(Path::new(&map.file)).to_string_lossy().into_owned();
        if file == load::PACK_FILE {
            problems.push(format!(
                "{}: its page file (property `file`) cannot be `{}`, the pack's own file",
                map.shown,
                load::PACK_FILE
            ));
        } else if let Some(other) = files.insert(file, map) {
            problems.push(format!(
                "{}: its page file (property `file`) is `{}`, like that of {}",
                map.shown, map.file, other.shown
            ));
        }
    }
}

/// A map's exact place: from its `origin.*` properties while they agree with
/// where the world puts it, else from the world, to the nearest hundredth.
fn exact_position(map: &WorldMap) -> Position {
    let props = Properties(&map.properties);
    // A property too far out to hold is clamped, and then disagrees with the
    // world's place unless that is where the map lies.
    let property = |name: &str| props.get(name)?.as_f64().map(hundredths);
    let from_properties = property("origin.east")
        .zip(property("origin.north"))
        .map(|(east, north)| Position { east, north })
        .filter(|position| Pixels::of(*position, map.page.size, map.tile) == map.pixels);
    from_properties.unwrap_or_else(|| {
        let top_north = to_hundredths(map.pixels.top.saturating_neg(), map.tile.1);
        Position {
            east: to_hundredths(map.pixels.left, map.tile.0),
            north: top_north.saturating_sub(i64::from(map.page.size.rows) * 100),
        }
    })
}

/// The pack carried by the start page's map: its name, ruleset, books,
/// Locations, lint settings and start. Pages, page files and joins are left
/// for the caller.
fn read_pack_properties(maps: &[WorldMap], problems: &mut Vec<String>) -> Option<Pack> {
    let carries = |map: &&WorldMap| {
        map.properties
            .iter()
            .any(|p| p.name.starts_with(PACK_PREFIX))
    };
    let carriers: Vec<&WorldMap> = maps.iter().filter(carries).collect();
    let carrier = match carriers.as_slice() {
        [one] => *one,
        [] => {
            let names: Vec<&str> = maps.iter().map(|m| m.shown.as_str()).collect();
            problems.push(format!(
                "{}: no map carries the pack's properties (`pack.name`, `pack.book.<number>`, …); `deckplan export --tiled` writes them on the start page's map",
                names.join(", ")
            ));
            return None;
        }
        [first, more @ ..] => {
            let others: Vec<&str> = more.iter().map(|m| m.shown.as_str()).collect();
            problems.push(format!(
                "{}: it carries the pack's properties, and so does {}; only the start page's map should",
                first.shown,
                others.join(", ")
            ));
            return None;
        }
    };
    let at = &carrier.shown;
    let mut pack = Pack::new("", carrier.page.id);
    let mut named = false;
    for property in &carrier.properties {
        let Some(key) = property.name.strip_prefix(PACK_PREFIX) else {
            continue;
        };
        let text = || match &property.value {
            Value::String(s) => Some(s.clone()),
            _ => None,
        };
        let Some(value) = text() else {
            problems.push(format!(
                "{at}: the map property `{}` should be a string, not {}",
                property.name, property.value
            ));
            continue;
        };
        if key == "name" {
            pack.name = value;
            named = true;
        } else if key == "ruleset" {
            match value.as_str() {
                "enormity" => {}
                other => problems.push(format!(
                    "{at}: the map property `pack.ruleset` is `{other}`; deckplan knows `enormity`"
                )),
            }
        } else if let Some(number) = key.strip_prefix("book.") {
            match number.parse::<u16>() {
                Ok(number) => {
                    let title = (!value.is_empty()).then_some(value);
                    let span = Span::default();
                    pack.books.insert(
                        number,
                        Book {
                            number,
                            title,
                            span,
                        },
                    );
                }
                Err(_) => problems.push(format!(
                    "{at}: the map property `{}` should name a book by number, like `pack.book.1`",
                    property.name
                )),
            }
        } else if let Some(designation) = key.strip_prefix("location.") {
            pack.locations.insert(
                designation.to_string(),
                Location {
                    designation: designation.to_string(),
                    name: value,
                    span: Span::default(),
                },
            );
        } else if let Some(check) = key.strip_prefix("lint.") {
            match lint_setting(&property.value) {
                Ok(setting) => {
                    pack.lint.checks.insert(check.to_string(), setting);
                }
                Err(problem) => problems.push(format!(
                    "{at}: the map property `{}` {problem}",
                    property.name
                )),
            }
        } else {
            problems.push(format!(
                "{at}: unknown map property `{}`; the pack's properties are pack.name, pack.ruleset, pack.book.<number>, pack.location.<designation> and pack.lint.<check>",
                property.name
            ));
        }
    }
    if !named {
        problems.push(format!(
            "{at}: it carries the pack's properties but not `pack.name`, the pack's name"
        ));
    }
    for map in maps {
        let id = map.page.id;
        if !pack.books.contains_key(&id.book) {
            problems.push(format!(
                "{}: page {id} is in book {}, which the pack does not declare; add the map property `pack.book.{}` (its title) to {at}",
                map.shown, id.book, id.book
            ));
        }
        let location = &map.page.location;
        if !pack.locations.contains_key(location) {
            problems.push(format!(
                "{}: page {id} is in Location `{location}`, which the pack does not declare; add the map property `pack.location.{location}` (its name) to {at}",
                map.shown
            ));
        }
    }
    Some(pack)
}

/// Writes `pack.toml` in canonical form and reads it back with the pages, as
/// a pack folder would be read, so what is imported is what a lint will see.
fn resolve(pack: Pack, maps: &[&WorldMap], shown: &str) -> Result<ImportedPack, TiledError> {
    let text = write::write_pack(&pack);
    let source = SourceFile::new(load::PACK_FILE, text.clone());
    let loaded = pages::pack_file_from_source(&source);
    let mut errors = loaded.errors;
    let mut files = Vec::new();
    let resolved = loaded.value.map(|mut resolved| {
        for map in maps {
            resolved.pages.insert(map.page.id, map.page.clone());
            files.push((map.file.clone(), map.text.clone()));
        }
        pages::resolve_references(&resolved, true, &mut errors);
        resolved
    });
    match resolved {
        Some(pack) if errors.is_empty() => {
            files.push((load::PACK_FILE.to_string(), text));
            Ok(ImportedPack { pack, files })
        }
        _ => Err(TiledError::World {
            problems: errors
                .iter()
                .map(|e| {
                    let help = e
                        .error
                        .help
                        .as_deref()
                        .map_or_else(String::new, |h| format!(" ({h})"));
                    format!(
                        "{shown}: the pack it makes has a problem: {}{help}",
                        e.error.message
                    )
                })
                .collect(),
        }),
    }
}

impl ImportedPack {
    /// Writes the pack's files into `dir` (created if need be), each
    /// atomically, the page files before `pack.toml` so it never lists a page
    /// not yet written. Unless `overwrite`, nothing is written when any of the
    /// files is already there. Returns the files written.
    pub fn write(&self, dir: &Path, overwrite: bool) -> Result<Vec<PathBuf>, TiledError> {
        let paths: Vec<PathBuf> = self.files.iter().map(|(file, _)| dir.join(file)).collect();
        if !overwrite {
            let existing: Vec<&PathBuf> = paths
                .iter()
                .filter(|p| std::fs::symlink_metadata(p).is_ok())
                .collect();
            if let Some(first) = existing.first() {
                return Err(TiledError::Exists {
                    first: (*first).clone(),
                    more: existing.len() - 1,
                });
            }
        }
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| ExportError::Io { path, source }
        };
        for (path, (file, text)) in paths.iter().zip(&self.files) {
            // Folders below `dir` are made one by one, never through a link
            // that is already there.
            if let Some(parent) = Path::new(file).parent() {
                save::create_dir_within(dir, parent).map_err(io(dir))?;
            }
            save::write_atomically(path, text).map_err(io(path))?;
        }
        Ok(paths)
    }
}

/// The message of [`TiledError::Exists`].
pub(super) fn exists_message(first: &Path, more: usize) -> String {
    match more {
        0 => format!(
            "{} already exists; pass --overwrite to replace it",
            first.display()
        ),
        more => format!(
            "{} and {more} more of the files to write already exist; pass --overwrite to replace them",
            first.display()
        ),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn places_round_to_pixels_and_back() {
        assert_eq!(to_pixels(50, 32), 16);
        assert_eq!(to_pixels(-50, 32), -16);
        assert_eq!(to_pixels(10, 32), 3);
        assert_eq!(to_hundredths(16, 32), 50);
        assert_eq!(to_hundredths(-16, 32), -50);
        assert_eq!(to_hundredths(3, 32), 9);
        // A 12 × 10 page whose corner is 12 spaces east and 2.5 north: Tiled
        // puts its top-left corner 12.5 spaces above the world's origin.
        let position = Position {
            east: 1200,
            north: 250,
        };
        let size = Size {
            columns: 12,
            rows: 10,
        };
        let pixels = Pixels::of(position, size, (32, 32));
        assert_eq!((pixels.left, pixels.top), (384, -400));
        assert_eq!((pixels.right, pixels.bottom), (768, -80));
    }

    #[test]
    fn spaces_become_hundredths_within_bounds() {
        assert_eq!(hundredths(0.125), 13);
        assert_eq!(hundredths(-0.125), -13);
        assert_eq!(hundredths(2.0), 200);
        assert_eq!(hundredths(f64::NAN), 0);
        assert_eq!(hundredths(f64::INFINITY), 100_000_000_000);
        assert_eq!(hundredths(-1e300), -100_000_000_000);
    }

    #[test]
    fn places_beyond_every_bound_saturate_instead_of_overflowing() {
        let size = Size {
            columns: u16::MAX,
            rows: u16::MAX,
        };
        let tile = (i64::from(u32::MAX), i64::from(u32::MAX));
        let far = Position {
            east: i64::MAX,
            north: i64::MIN,
        };
        let pixels = Pixels::of(far, size, tile);
        assert_eq!((pixels.left, pixels.right), (i64::MAX, i64::MAX));
        assert_eq!((pixels.top, pixels.bottom), (i64::MAX, i64::MAX));
        assert_eq!(to_hundredths(i64::MIN, 1), i64::MIN);
        let a = Placed {
            id: PageId { book: 1, page: 1 },
            pixels: Pixels::at(i64::MIN, i64::MIN, size, tile),
            exact: Position {
                east: i64::MIN,
                north: i64::MIN,
            },
        };
        let b = Placed {
            id: PageId { book: 1, page: 2 },
            pixels,
            exact: far,
        };
        assert!(matches!(lie(&a, &b), Lie::Apart));
    }

    #[test]
    fn pages_join_where_their_edges_meet() {
        let size = Size {
            columns: 4,
            rows: 3,
        };
        let page = |n, east, north| Placed {
            id: PageId { book: 1, page: n },
            pixels: Pixels::of(Position { east, north }, size, (32, 32)),
            exact: Position { east, north },
        };
        // Page 2 east of page 1, 0.1 up; page 3 below page 1, 2 right; page 4
        // only touches page 1 at a corner.
        let placed = [
            page(1, 0, 0),
            page(2, 400, 10),
            page(3, 200, -300),
            page(4, -400, 300),
        ];
        let (overlaps, joins) = contacts(&placed);
        assert!(overlaps.is_empty());
        let joins: Vec<String> = joins
            .iter()
            .map(|j| format!("{} → {} {}", j.from, j.to, j.offset))
            .collect();
        assert_eq!(
            joins,
            ["L1p1 east → L1p2 west 0.1", "L1p1 south → L1p3 north 2"]
        );
        // Touching and overlapping are decided on pixels: 3.99 spaces east is
        // 127.68 pixels, drawn at 128, edge to edge; 3.9 is drawn over page 1.
        let (overlaps, joins) = contacts(&[page(1, 0, 0), page(2, 399, 0)]);
        assert!(overlaps.is_empty());
        assert_eq!(joins.len(), 1);
        let (overlaps, _) = contacts(&[page(1, 0, 0), page(2, 390, 0)]);
        assert_eq!(overlaps, [(0, 1)]);
    }
}
