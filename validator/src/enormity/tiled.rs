//! Tiled interop: pages as Tiled JSON maps (`.tmj`) and back.
//!
//! Tiled is the map editor most people who build grid maps already know, so a
//! page exported here opens in it, looks like the page, and can be edited and
//! read back. The mapping is one-to-one, so export → import gives the same page:
//!
//! | deckplan | Tiled |
//! |---|---|
//! | book, page, Location, title, notes, lint settings | map properties (`lint.<check>` = `level: reason`) |
//! | what each space is | tile layer `spaces`, one tile each for board, out of bounds and obstacle (tile property `kind`) |
//! | walls, red lines | polylines of class `wall` / `red-line` along grid lines, in layers `walls` and `red lines` |
//! | doors | a one-space polyline of class `door`, property `number` |
//! | Location and forced arrows | rectangles on the space, class `location-arrow` (properties `direction`, `target`) or `forced-arrow` |
//! | terrain tiles | rectangles of class `terrain`, property `keywords` (and `spaces` when not a rectangle), named like the tile |
//! | markers, consoles, keycards, discoveries | ellipses on the space, class `gear-cache`, `console` (`number`, `opens`, `closes`), … |
//! | spawn points, spawn links, Blips | ellipses on the intersection (`spawn-point`, `blip` with `direction`) and polylines `spawn-link` |
//!
//! Tiled counts pixels down from the top-left; the board counts rows up from
//! the bottom. A space is [`TILE`] pixels. On import, objects are read by their
//! class (not their layer), and a space or intersection by the object's centre,
//! so an object nudged in Tiled still lands where it was meant to.
//!
//! The tile layer needs a picture of its three tiles: [`tileset_png`] draws them
//! with the same renderer as `deckplan render`, written next to the map.
//!
//! A whole pack goes out as a Tiled world, one map per page, and comes back
//! as a pack: see [`world`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::{
    SourceFile, Span,
    enormity::{
        Axis, Console, Direction, Discovery, DiscoveryColour, DiscoveryMarker, Edge, EdgeFeature,
        EdgeKind, ForcedArrow, Intersection, Keycard, Keyword, LocationArrow, Marker, Page, PageId,
        Size, Space, SpaceKind, SpawnLink, StartingBlip, TerrainTile,
    },
    lint_table::LintLevel,
    lint_table::LintSetting,
};
use serde::Deserialize;
use serde_json::{Value, json};

pub mod world;

use crate::draw::{Cap, Colour, Layer, Point, Rect, Scene, Stroke};
use crate::enormity::draw::icons::palette;
use crate::enormity::draw::page::runs;
use crate::export::png::{RasterOptions, encode, rasterize};
use crate::export::{ExportError, Paper};

/// Pixels per space in the Tiled map.
pub const TILE: u32 = 32;
/// The Tiled version whose JSON format is written (Debian's `tiled`, 1.8).
const TILED_VERSION: &str = "1.8.2";
/// The JSON map format version written.
const MAP_VERSION: &str = "1.8";

/// The three tiles, in tileset order.
const TILE_KINDS: [(SpaceKind, &str); 3] = [
    (SpaceKind::Board, "board"),
    (SpaceKind::OutOfBounds, "out-of-bounds"),
    (SpaceKind::Obstacle, "obstacle"),
];

/// Why a Tiled map could not be read as a page.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TiledError {
    /// Not JSON, or not shaped like a Tiled map.
    #[error("not a Tiled JSON map: {0}")]
    Json(#[from] serde_json::Error),
    /// A Tiled map, but not one that describes a page.
    #[error("{}", problems.join("\n"))]
    Invalid {
        /// Each problem, one sentence with where it is.
        problems: Vec<String>,
    },
    /// The page read from the map does not resolve (e.g. a console opens a
    /// door that is not there). `text` is the page file it would make.
    #[error("the map makes a page with problems:\n{}", messages.join("\n"))]
    Page {
        /// The problems, as the page file loader reports them.
        messages: Vec<String>,
        /// The page file text.
        text: String,
    },
    /// A Tiled world that does not make a pack: each problem names its file.
    #[error("{}", problems.join("\n"))]
    World {
        /// Each problem, one sentence starting with the file it is in.
        problems: Vec<String>,
    },
    /// Files an import would write are already there, and replacing them was
    /// not asked for.
    #[error("{}", world::exists_message(first, *more))]
    Exists {
        /// The first file that exists.
        first: PathBuf,
        /// How many more exist.
        more: usize,
    },
    /// Reading or writing a file failed.
    #[error(transparent)]
    Export(#[from] ExportError),
}

// ---------------------------------------------------------------------------
// Export

/// A space's rectangle in Tiled pixels: `(x, y, width, height)`.
fn space_box(size: Size, space: Space) -> (u32, u32) {
    let top_row = u32::from(size.rows) - 1 - u32::from(space.row);
    (u32::from(space.col) * TILE, top_row * TILE)
}

/// An intersection in Tiled pixels.
fn point_px(size: Size, point: Intersection) -> (u32, u32) {
    (
        u32::from(point.x) * TILE,
        (u32::from(size.rows) - u32::from(point.y)) * TILE,
    )
}

fn prop_string(name: &str, value: &str) -> Value {
    json!({ "name": name, "type": "string", "value": value })
}

fn prop_int(name: &str, value: u16) -> Value {
    json!({ "name": name, "type": "int", "value": value })
}

fn number_list(numbers: &[u16]) -> String {
    numbers
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A lint setting as a property value: `level: reason`.
fn lint_text(setting: &LintSetting) -> String {
    format!("{}: {}", setting.level.name(), setting.reason)
}

/// Reads a property written by [`lint_text`]; the error ends a sentence
/// about the property.
fn lint_setting(value: &Value) -> Result<LintSetting, String> {
    let text = value.as_str().unwrap_or_default();
    let (level, reason) = text.split_once(':').unwrap_or((text, ""));
    let level = LintLevel::ALL
        .into_iter()
        .find(|l| l.name() == level.trim())
        .ok_or_else(|| format!("should read `allow|warn|deny: reason`, not `{text}`"))?;
    Ok(LintSetting {
        level,
        reason: reason.trim().to_string(),
        name_span: Span::default(),
    })
}

/// Builds objects with ids counted from 1.
struct Objects {
    next_id: u32,
}

impl Objects {
    fn object(
        &mut self,
        class: &str,
        name: &str,
        geometry: Value,
        properties: Vec<Value>,
    ) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let mut object = json!({
            "id": id,
            "name": name,
            "type": class,
            "rotation": 0,
            "visible": true,
        });
        if let (Some(object), Value::Object(geometry)) = (object.as_object_mut(), geometry) {
            object.extend(geometry);
            if !properties.is_empty() {
                object.insert("properties".to_string(), Value::Array(properties));
            }
        }
        object
    }

    /// A polyline between intersections.
    fn polyline(
        &mut self,
        class: &str,
        name: &str,
        (ax, ay): (u32, u32),
        (bx, by): (u32, u32),
        properties: Vec<Value>,
    ) -> Value {
        let dx = i64::from(bx) - i64::from(ax);
        let dy = i64::from(by) - i64::from(ay);
        let geometry = json!({
            "x": ax, "y": ay, "width": 0, "height": 0,
            "polyline": [{ "x": 0, "y": 0 }, { "x": dx, "y": dy }],
        });
        self.object(class, name, geometry, properties)
    }

    /// A rectangle over whole spaces.
    fn rect(
        &mut self,
        class: &str,
        name: &str,
        rect: (u32, u32, u32, u32),
        properties: Vec<Value>,
    ) -> Value {
        let (x, y, w, h) = rect;
        let geometry = json!({ "x": x, "y": y, "width": w, "height": h });
        self.object(class, name, geometry, properties)
    }

    /// An ellipse centred on `(cx, cy)`, `diameter` pixels wide.
    fn ellipse(
        &mut self,
        class: &str,
        name: &str,
        (cx, cy): (u32, u32),
        diameter: u32,
        properties: Vec<Value>,
    ) -> Value {
        let geometry = json!({
            "x": i64::from(cx) - i64::from(diameter / 2),
            "y": i64::from(cy) - i64::from(diameter / 2),
            "width": diameter, "height": diameter, "ellipse": true,
        });
        self.object(class, name, geometry, properties)
    }
}

fn object_layer(id: u32, name: &str, colour: Colour, objects: Vec<Value>) -> Value {
    json!({
        "id": id,
        "name": name,
        "type": "objectgroup",
        "color": colour.hex(),
        "draworder": "topdown",
        "objects": objects,
        "opacity": 1,
        "visible": true,
        "x": 0,
        "y": 0,
    })
}

/// The class written for a marker.
const fn marker_class(marker: Marker) -> &'static str {
    match marker {
        Marker::GearCache => "gear-cache",
        Marker::Engram => "engram",
        Marker::Objective => "objective",
        Marker::Dangerous => "dangerous",
        Marker::IntruderStart => "intruder-start",
        Marker::SpacerStart => "spacer-start",
        Marker::ExtractionPoint => "extraction-point",
    }
}

/// A page as a Tiled JSON map. `tileset_image` is the path of the tileset
/// picture relative to the map file (see [`tileset_png`]).
pub fn to_tiled(page: &Page, tileset_image: &str) -> Value {
    let size = page.size;
    // Object ids count up in the order the layers are built below; that order
    // is part of the output, so it stays the same.
    let mut objects = Objects { next_id: 1 };
    let walls = line_objects(page, EdgeKind::Wall, "wall", &mut objects);
    let red_lines = line_objects(page, EdgeKind::RedLine, "red-line", &mut objects);
    let doors = door_objects(page, &mut objects);
    let arrows = arrow_objects(page, &mut objects);
    let terrain = terrain_objects(page, &mut objects);
    let markers = marker_objects(page, &mut objects);
    let spawns = spawn_objects(page, &mut objects);
    let blips = blip_objects(page, &mut objects);

    let layers = vec![
        json!({
            "id": 1, "name": "spaces", "type": "tilelayer",
            "width": size.columns, "height": size.rows,
            "data": space_tiles(page), "opacity": 1, "visible": true, "x": 0, "y": 0,
        }),
        object_layer(2, "terrain", palette::COVER, terrain),
        object_layer(3, "red lines", palette::RED, red_lines),
        object_layer(4, "walls", palette::WALL, walls),
        object_layer(5, "doors", palette::DOOR, doors),
        object_layer(6, "arrows", Colour::WHITE, arrows),
        object_layer(7, "markers", palette::ORANGE, markers),
        object_layer(8, "spawn points", palette::RED, spawns),
        object_layer(9, "blips", palette::BLIP, blips),
    ];
    json!({
        "type": "map",
        "version": MAP_VERSION,
        "tiledversion": TILED_VERSION,
        "orientation": "orthogonal",
        "renderorder": "right-down",
        "width": size.columns,
        "height": size.rows,
        "tilewidth": TILE,
        "tileheight": TILE,
        "infinite": false,
        "compressionlevel": -1,
        "backgroundcolor": palette::GROUND.hex(),
        "nextlayerid": layers.len() + 1,
        "nextobjectid": objects.next_id,
        "properties": map_properties(page),
        "tilesets": [tileset(tileset_image)],
        "layers": layers,
    })
}

/// The page's own data as map properties, sorted by name as Tiled sorts them.
fn map_properties(page: &Page) -> Vec<Value> {
    let mut properties = vec![
        prop_int("book", page.id.book),
        prop_int("page", page.id.page),
        prop_string("location", &page.location),
    ];
    if let Some(title) = &page.title {
        properties.push(prop_string("title", title));
    }
    if let Some(notes) = &page.notes {
        properties.push(prop_string("notes", notes));
    }
    for (name, setting) in &page.lint.checks {
        properties.push(prop_string(&format!("lint.{name}"), &lint_text(setting)));
    }
    properties.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    properties
}

/// The tileset of the three tiles, each with its `kind` property.
fn tileset(tileset_image: &str) -> Value {
    let tiles: Vec<Value> = TILE_KINDS
        .iter()
        .enumerate()
        .map(|(id, (_, name))| json!({ "id": id, "properties": [prop_string("kind", name)] }))
        .collect();
    json!({
        "firstgid": 1,
        "name": "deckplan spaces",
        "tilewidth": TILE,
        "tileheight": TILE,
        "tilecount": TILE_KINDS.len(),
        "columns": TILE_KINDS.len(),
        "image": tileset_image,
        "imagewidth": TILE * TILE_KINDS.len() as u32,
        "imageheight": TILE,
        "margin": 0,
        "spacing": 0,
        "tiles": tiles,
    })
}

/// The tile of every space, top row first, as Tiled's rows run.
fn space_tiles(page: &Page) -> Vec<u32> {
    let size = page.size;
    (0..size.rows)
        .rev()
        .flat_map(|row| (0..size.columns).map(move |col| Space::new(col, row)))
        .map(|space| {
            let kind = page.kind(space).unwrap_or(SpaceKind::OutOfBounds);
            let index = TILE_KINDS.iter().position(|(k, _)| *k == kind).unwrap_or(1);
            index as u32 + 1
        })
        .collect()
}

/// Walls or red lines: one polyline per straight run, so a long wall is one
/// object to move in Tiled, not one per space.
fn line_objects(page: &Page, kind: EdgeKind, class: &str, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    let edges = page
        .edges
        .iter()
        .filter(|(_, f)| f.kind == kind)
        .map(|(e, _)| *e);
    runs(edges.collect::<Vec<_>>())
        .into_iter()
        .map(|(first, length)| {
            let (start, _) = first.ends();
            let end = match first.axis {
                Axis::Horizontal => Intersection {
                    x: start.x + length,
                    y: start.y,
                },
                Axis::Vertical => Intersection {
                    x: start.x,
                    y: start.y + length,
                },
            };
            objects.polyline(
                class,
                "",
                point_px(size, start),
                point_px(size, end),
                Vec::new(),
            )
        })
        .collect()
}

/// Each door as a polyline along its one edge, with its number.
fn door_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    page.edges
        .iter()
        .filter_map(|(edge, feature)| match feature.kind {
            EdgeKind::Door(number) => {
                let (a, b) = edge.ends();
                Some(objects.polyline(
                    "door",
                    &format!("door {number}"),
                    point_px(size, a),
                    point_px(size, b),
                    vec![prop_int("number", number)],
                ))
            }
            _ => None,
        })
        .collect()
}

/// A space's rectangle in Tiled pixels: `(x, y, width, height)`.
fn space_rect(size: Size, space: Space) -> (u32, u32, u32, u32) {
    let (x, y) = space_box(size, space);
    (x, y, TILE, TILE)
}

/// Location arrows, then forced arrows, as rectangles on their space.
fn arrow_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    let mut arrows = Vec::new();
    for (space, arrow) in &page.spaces.location_arrows {
        arrows.push(objects.rect(
            "location-arrow",
            &arrow.target.to_string(),
            space_rect(size, *space),
            vec![
                prop_string("direction", arrow.direction.name()),
                prop_string("target", &arrow.target.to_string()),
            ],
        ));
    }
    for (space, arrow) in &page.spaces.forced_arrows {
        arrows.push(objects.rect(
            "forced-arrow",
            arrow.direction.name(),
            space_rect(size, *space),
            vec![prop_string("direction", arrow.direction.name())],
        ));
    }
    arrows
}

/// Each terrain tile as the rectangle around its spaces; a tile that does not
/// fill its rectangle also lists its spaces, so import gets the same tile.
fn terrain_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    let mut terrain = Vec::new();
    for tile in &page.spaces.terrain {
        let cols = tile.spaces.iter().map(|s| s.col);
        let rows = tile.spaces.iter().map(|s| s.row);
        let (Some(left), Some(right), Some(bottom), Some(top)) = (
            cols.clone().min(),
            cols.max(),
            rows.clone().min(),
            rows.max(),
        ) else {
            continue;
        };
        let (x, y) = space_box(size, Space::new(left, top));
        let width = (u32::from(right) - u32::from(left) + 1) * TILE;
        let height = (u32::from(top) - u32::from(bottom) + 1) * TILE;
        let keywords: Vec<&str> = tile.keywords.iter().map(|k| k.name()).collect();
        let mut props = vec![prop_string("keywords", &keywords.join(","))];
        let area = (usize::from(right - left) + 1) * (usize::from(top - bottom) + 1);
        if area != tile.spaces.len() {
            let spaces: Vec<String> = tile.spaces.iter().map(Space::to_string).collect();
            props.push(prop_string("spaces", &spaces.join(" ")));
        }
        terrain.push(objects.rect(
            "terrain",
            tile.name.as_deref().unwrap_or(""),
            (x, y, width, height),
            props,
        ));
    }
    terrain
}

/// The centre of a space in Tiled pixels.
fn space_centre(size: Size, space: Space) -> (u32, u32) {
    let (x, y) = space_box(size, space);
    (x + TILE / 2, y + TILE / 2)
}

/// Markers, consoles, keycards and discoveries, as ellipses on their space.
fn marker_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    let marker_size = TILE * 3 / 4;
    let mut markers = Vec::new();
    for (marker, spaces) in &page.spaces.markers {
        for space in spaces.keys() {
            markers.push(objects.ellipse(
                marker_class(*marker),
                marker.label(),
                space_centre(size, *space),
                marker_size,
                Vec::new(),
            ));
        }
    }
    for (number, console) in &page.spaces.consoles {
        let mut props = vec![prop_int("number", *number)];
        if !console.opens.is_empty() {
            props.push(prop_string("opens", &number_list(&console.opens)));
        }
        if !console.closes.is_empty() {
            props.push(prop_string("closes", &number_list(&console.closes)));
        }
        markers.push(objects.ellipse(
            "console",
            &format!("console {number}"),
            space_centre(size, console.at),
            marker_size,
            props,
        ));
    }
    for (space, keycard) in &page.spaces.keycards {
        markers.push(objects.ellipse(
            "keycard",
            "keycard",
            space_centre(size, *space),
            marker_size,
            vec![prop_string("opens", &number_list(&keycard.opens))],
        ));
    }
    for (space, discovery) in &page.spaces.discoveries {
        let prop = match discovery.discovery {
            Discovery::Numbered(n) => prop_int("number", n),
            Discovery::Coloured(colour) => prop_string("colour", colour.name()),
        };
        markers.push(objects.ellipse(
            "discovery",
            "discovery",
            space_centre(size, *space),
            marker_size,
            vec![prop],
        ));
    }
    markers
}

/// Spawn links, then spawn points, on the intersections.
fn spawn_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    let points = &page.intersections;
    let mut spawns = Vec::new();
    for link in &points.spawn_links {
        spawns.push(objects.polyline(
            "spawn-link",
            "",
            point_px(size, link.a),
            point_px(size, link.b),
            Vec::new(),
        ));
    }
    for point in points.spawn_points.keys() {
        spawns.push(objects.ellipse(
            "spawn-point",
            "spawn point",
            point_px(size, *point),
            TILE / 2,
            Vec::new(),
        ));
    }
    spawns
}

/// The starting Blips, on their intersection, with the way each faces.
fn blip_objects(page: &Page, objects: &mut Objects) -> Vec<Value> {
    let size = page.size;
    page.intersections
        .blips
        .iter()
        .map(|(point, blip)| {
            objects.ellipse(
                "blip",
                "Blip",
                point_px(size, *point),
                TILE / 2,
                vec![prop_string("direction", blip.direction.name())],
            )
        })
        .collect()
}

/// The picture of the three tiles (board, out of bounds, obstacle), drawn like
/// the rendered pages: floor with its grid and crosses, dark ground with a
/// dashed grid, a crate.
pub fn tileset_png() -> Result<Vec<u8>, ExportError> {
    let count = TILE_KINDS.len() as f64;
    let mut scene = Scene::new(Rect::new(0.0, 0.0, count, 1.0));
    for (i, (kind, _)) in TILE_KINDS.iter().enumerate() {
        let x = i as f64;
        let cell = Rect::new(x, 0.0, x + 1.0, 1.0);
        let corners = [
            cell.min,
            Point::new(cell.max.x, cell.min.y),
            cell.max,
            Point::new(cell.min.x, cell.max.y),
        ];
        let sides = [(0, 1), (1, 2), (2, 3), (3, 0)];
        let side_points =
            |(a, b): (usize, usize)| corners.get(a).copied().zip(corners.get(b).copied());
        match kind {
            SpaceKind::OutOfBounds => {
                scene.fill_rect(Layer::Ground, cell, palette::GROUND);
                let grid = Stroke::solid(0.04, palette::GROUND_GRID).dashed(0.06, 0.06);
                for (a, b) in sides.into_iter().filter_map(side_points) {
                    scene.line(Layer::Ground, a, b, grid);
                }
            }
            SpaceKind::Board | SpaceKind::Obstacle => {
                scene.fill_rect(Layer::Floor, cell, palette::FLOOR);
                let grid = Stroke::solid(0.04, palette::FLOOR_GRID);
                for (a, b) in sides.into_iter().filter_map(side_points) {
                    scene.line(Layer::Grid, a, b, grid);
                }
                let cross = Stroke::solid(0.05, palette::FLOOR_CROSS).cap(Cap::Butt);
                for c in corners {
                    scene.line(Layer::Grid, c.offset(-0.1, 0.0), c.offset(0.1, 0.0), cross);
                    scene.line(Layer::Grid, c.offset(0.0, -0.1), c.offset(0.0, 0.1), cross);
                }
                if *kind == SpaceKind::Obstacle {
                    let inset = cell.grow(-0.08, -0.08, -0.08, -0.08);
                    scene.fill_rect(Layer::Terrain, inset, palette::OBSTACLE);
                    let hatch = Stroke::solid(0.06, palette::OBSTACLE_HATCH);
                    scene.line(Layer::Terrain, inset.min, inset.max, hatch);
                    scene.line(
                        Layer::Terrain,
                        Point::new(inset.min.x, inset.max.y),
                        Point::new(inset.max.x, inset.min.y),
                        hatch,
                    );
                }
            }
        }
    }
    let options = RasterOptions {
        px_per_space: f64::from(TILE),
        paper: Paper::Transparent,
    };
    encode(rasterize(&scene, &options)?, None)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    deckplan_schema::save::write_bytes_atomically(path, bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The tileset picture's file name for a map file: `page.tmj` → `page.tiles.png`.
pub fn tileset_name(map: &Path) -> String {
    let stem = map
        .file_stem()
        .map_or_else(|| "map".into(), |s| s.to_string_lossy());
    format!("{stem}.tiles.png")
}

/// Writes a page as a Tiled map. `tileset` names the tileset picture, a file
/// in the same folder; it is written too unless `write_tileset` is false (when
/// several maps share one).
pub fn write_page(
    page: &Page,
    path: &Path,
    tileset: &str,
    write_tileset: bool,
) -> Result<(), ExportError> {
    let map = to_tiled(page, tileset);
    write_json(&map, path)?;
    if write_tileset {
        write_file(&path.with_file_name(tileset), &tileset_png()?)?;
    }
    Ok(())
}

/// Writes JSON, pretty-printed like Tiled does.
pub fn write_json(value: &Value, path: &Path) -> Result<(), ExportError> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| ExportError::Encode(e.to_string()))?;
    write_file(path, format!("{text}\n").as_bytes())
}

// ---------------------------------------------------------------------------
// Import

#[derive(Deserialize)]
struct TmjMap {
    width: u16,
    height: u16,
    tilewidth: u32,
    tileheight: u32,
    #[serde(default)]
    infinite: bool,
    #[serde(default)]
    orientation: String,
    #[serde(default)]
    properties: Vec<TmjProperty>,
    #[serde(default)]
    tilesets: Vec<TmjTileset>,
    #[serde(default)]
    layers: Vec<TmjLayer>,
}

#[derive(Clone, Deserialize)]
struct TmjProperty {
    name: String,
    value: Value,
}

#[derive(Deserialize)]
struct TmjTileset {
    firstgid: u32,
    #[serde(default)]
    tiles: Vec<TmjTile>,
}

#[derive(Deserialize)]
struct TmjTile {
    id: u32,
    #[serde(default)]
    properties: Vec<TmjProperty>,
}

#[derive(Deserialize)]
#[serde(tag = "type")]
enum TmjLayer {
    #[serde(rename = "tilelayer")]
    Tiles {
        name: String,
        #[serde(default)]
        data: Value,
    },
    #[serde(rename = "objectgroup")]
    Objects {
        #[serde(default)]
        objects: Vec<TmjObject>,
    },
    #[serde(rename = "group")]
    Group {
        #[serde(default)]
        layers: Vec<TmjLayer>,
    },
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct TmjObject {
    #[serde(default)]
    id: u32,
    #[serde(default)]
    name: String,
    #[serde(default, rename = "type")]
    kind: String,
    #[serde(default)]
    class: String,
    x: f64,
    y: f64,
    #[serde(default)]
    width: f64,
    #[serde(default)]
    height: f64,
    #[serde(default)]
    polyline: Option<Vec<TmjPoint>>,
    #[serde(default)]
    properties: Vec<TmjProperty>,
}

#[derive(Clone, Copy, Deserialize)]
struct TmjPoint {
    x: f64,
    y: f64,
}

/// Reads properties by name.
struct Properties<'a>(&'a [TmjProperty]);

impl Properties<'_> {
    fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|p| p.name == name).map(|p| &p.value)
    }

    fn string(&self, name: &str) -> Option<String> {
        match self.get(name)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    fn number(&self, name: &str) -> Option<Result<u16, String>> {
        let value = self.get(name)?;
        let parsed = match value {
            Value::Number(n) => n.as_u64().and_then(|n| u16::try_from(n).ok()),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        };
        Some(parsed.ok_or_else(|| format!("`{name}` is {value}, not a whole number")))
    }
}

/// Collects problems while reading, so every one is reported at once.
struct Reader {
    size: Size,
    tile_w: f64,
    tile_h: f64,
    problems: Vec<String>,
}

impl Reader {
    fn problem(&mut self, text: String) {
        self.problems.push(text);
    }

    /// Board units (y up) of a Tiled pixel position.
    fn board(&self, x: f64, y: f64) -> (f64, f64) {
        (x / self.tile_w, f64::from(self.size.rows) - y / self.tile_h)
    }

    /// The space under an object's centre.
    fn space(&mut self, object: &TmjObject, what: &str) -> Option<Space> {
        let (x, y) = self.board(
            object.x + object.width / 2.0,
            object.y + object.height / 2.0,
        );
        let (col, row) = (x.floor(), y.floor());
        let on_page = col >= 0.0
            && row >= 0.0
            && col < f64::from(self.size.columns)
            && row < f64::from(self.size.rows);
        if on_page {
            Some(Space::new(col as u16, row as u16))
        } else {
            self.problem(format!("{what} (object {}) is off the page", object.id));
            None
        }
    }

    /// The intersection nearest a Tiled pixel position.
    fn intersection_at(&mut self, x: f64, y: f64, what: &str, id: u32) -> Option<Intersection> {
        let (x, y) = self.board(x, y);
        let (gx, gy) = (x.round(), y.round());
        let on_page = gx >= 0.0
            && gy >= 0.0
            && gx <= f64::from(self.size.columns)
            && gy <= f64::from(self.size.rows);
        if on_page {
            Some(Intersection {
                x: gx as u16,
                y: gy as u16,
            })
        } else {
            self.problem(format!("{what} (object {id}) is off the page"));
            None
        }
    }

    /// The intersection under an object's centre.
    fn intersection(&mut self, object: &TmjObject, what: &str) -> Option<Intersection> {
        self.intersection_at(
            object.x + object.width / 2.0,
            object.y + object.height / 2.0,
            what,
            object.id,
        )
    }

    /// The ends of each segment of a polyline, as intersections.
    fn polyline(&mut self, object: &TmjObject, what: &str) -> Vec<(Intersection, Intersection)> {
        let Some(points) = &object.polyline else {
            self.problem(format!(
                "{what} (object {}) must be a polyline along grid lines",
                object.id
            ));
            return Vec::new();
        };
        let ends: Vec<Option<Intersection>> = points
            .iter()
            .map(|p| self.intersection_at(object.x + p.x, object.y + p.y, what, object.id))
            .collect();
        ends.windows(2)
            .filter_map(|pair| match pair {
                [Some(a), Some(b)] => Some((*a, *b)),
                _ => None,
            })
            .collect()
    }

    /// The unit edges along a straight segment of a grid line.
    fn edges(&mut self, a: Intersection, b: Intersection, what: &str, id: u32) -> Vec<Edge> {
        if a.y == b.y {
            (a.x.min(b.x)..a.x.max(b.x))
                .map(|x| Edge::horizontal(x, a.y))
                .collect()
        } else if a.x == b.x {
            (a.y.min(b.y)..a.y.max(b.y))
                .map(|y| Edge::vertical(a.x, y))
                .collect()
        } else {
            self.problem(format!(
                "{what} (object {id}) runs from {a} to {b}, not along one grid line"
            ));
            Vec::new()
        }
    }

    fn direction(&mut self, props: &Properties<'_>, what: &str, id: u32) -> Option<Direction> {
        let Some(text) = props.string("direction") else {
            self.problem(format!(
                "{what} (object {id}) needs a `direction` property (north, east, south or west)"
            ));
            return None;
        };
        match Direction::parse(&text) {
            Ok(direction) => Some(direction),
            Err(e) => {
                self.problem(format!("{what} (object {id}): {}", e.message));
                None
            }
        }
    }

    fn numbers(&mut self, props: &Properties<'_>, name: &str, what: &str, id: u32) -> Vec<u16> {
        let Some(text) = props.string(name) else {
            return Vec::new();
        };
        let mut numbers = Vec::new();
        for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
            match part.parse() {
                Ok(n) => numbers.push(n),
                Err(_) => self.problem(format!(
                    "{what} (object {id}): `{name}` lists `{part}`, which is not a door number"
                )),
            }
        }
        numbers
    }

    fn number(&mut self, props: &Properties<'_>, what: &str, id: u32) -> Option<u16> {
        match props.number("number") {
            Some(Ok(n)) => Some(n),
            Some(Err(e)) => {
                self.problem(format!("{what} (object {id}): {e}"));
                None
            }
            None => {
                self.problem(format!("{what} (object {id}) needs a `number` property"));
                None
            }
        }
    }
}

/// The classes of objects that import reads, for the help of an error.
const CLASSES: &str = "wall, red-line, door, location-arrow, forced-arrow, terrain, gear-cache, engram, objective, dangerous, intruder-start, spacer-start, extraction-point, console, keycard, discovery, spawn-point, spawn-link, blip";

fn marker_of_class(class: &str) -> Option<Marker> {
    Marker::ALL.into_iter().find(|m| marker_class(*m) == class)
}

/// Every layer, groups opened.
fn flatten(layers: Vec<TmjLayer>, into: &mut Vec<TmjLayer>) {
    for layer in layers {
        match layer {
            TmjLayer::Group { layers } => flatten(layers, into),
            other => into.push(other),
        }
    }
}

/// Reads a Tiled JSON map as a page, checked like a page file: the map is
/// turned into the canonical page file text, and that text is resolved.
/// Returns the page and its file text.
pub fn from_tiled(json: &str) -> Result<(Page, String), TiledError> {
    page_of_map(serde_json::from_str(json)?, "imported.toml")
}

/// [`from_tiled`] for a map already parsed; `file` names the page file in
/// the page's source.
fn page_of_map(map: TmjMap, file: &str) -> Result<(Page, String), TiledError> {
    let page = read_map(map)?;
    let text = deckplan_schema::enormity::write::write_page(&page);
    let source: Arc<SourceFile> = SourceFile::new(file, text.clone());
    let loaded = deckplan_schema::enormity::load::page_from_source(&source);
    match loaded.value {
        Some(page) if loaded.errors.is_empty() => Ok((page, text)),
        _ => Err(TiledError::Page {
            messages: loaded
                .errors
                .iter()
                .map(|e| match &e.error.place {
                    Some(place) => format!("{place}: {}", e.error.message),
                    None => e.error.message.clone(),
                })
                .collect(),
            text,
        }),
    }
}

fn read_map(map: TmjMap) -> Result<Page, TiledError> {
    let invalid = |problem: String| TiledError::Invalid {
        problems: vec![problem],
    };
    if map.infinite {
        return Err(invalid(
            "the map is infinite; a page has a fixed size (uncheck Map ▸ Map Properties ▸ Infinite)".into(),
        ));
    }
    if !map.orientation.is_empty() && map.orientation != "orthogonal" {
        return Err(invalid(format!(
            "the map is {}; pages are orthogonal grids",
            map.orientation
        )));
    }
    if map.width == 0 || map.height == 0 || map.tilewidth == 0 || map.tileheight == 0 {
        return Err(invalid("the map has no spaces".into()));
    }
    // Checked before the page's grid is allocated from the declared size.
    let spaces = u32::from(map.width) * u32::from(map.height);
    let side = deckplan_schema::enormity::limits::MAX_PAGE_SIDE;
    let most = deckplan_schema::enormity::limits::pack_limits().page_spaces;
    if map.width > side || map.height > side || spaces > most {
        return Err(invalid(format!(
            "the map is {} × {} spaces; a page has at most {side} a side and {most} in all",
            map.width, map.height
        )));
    }
    let props = Properties(&map.properties);
    let mut reader = Reader {
        size: Size {
            columns: map.width,
            rows: map.height,
        },
        tile_w: f64::from(map.tilewidth),
        tile_h: f64::from(map.tileheight),
        problems: Vec::new(),
    };
    let page_number = |name: &str, reader: &mut Reader| match props.number(name) {
        Some(Ok(n)) if n > 0 => n,
        Some(Ok(_)) => {
            reader.problem(format!("the map property `{name}` must be 1 or more"));
            1
        }
        Some(Err(e)) => {
            reader.problem(format!("the map property {e}"));
            1
        }
        None => {
            reader.problem(format!(
                "the map needs an int property `{name}` (Map ▸ Map Properties)"
            ));
            1
        }
    };
    let book = page_number("book", &mut reader);
    let number = page_number("page", &mut reader);
    let location = props.string("location").unwrap_or_else(|| {
        reader.problem(
            "the map needs a string property `location` (the Location designation, like `SR`)"
                .into(),
        );
        String::new()
    });
    let mut page = Page::new(PageId { book, page: number }, location, reader.size);
    page.title = props.string("title");
    page.notes = props.string("notes");
    for property in &map.properties {
        let Some(check) = property.name.strip_prefix("lint.") else {
            continue;
        };
        match lint_setting(&property.value) {
            Ok(setting) => {
                page.lint.checks.insert(check.to_string(), setting);
            }
            Err(problem) => {
                reader.problem(format!("the map property `{}` {problem}", property.name))
            }
        }
    }

    // Tile ids to space kinds, from the tile property `kind` (or tileset order).
    let mut kinds: BTreeMap<u32, SpaceKind> = BTreeMap::new();
    for tileset in &map.tilesets {
        for (i, (kind, _)) in TILE_KINDS.iter().enumerate() {
            kinds.insert(tileset.firstgid + i as u32, *kind);
        }
        for tile in &tileset.tiles {
            let named = Properties(&tile.properties).string("kind");
            if let Some((kind, _)) = named
                .as_deref()
                .and_then(|n| TILE_KINDS.iter().find(|(_, name)| *name == n))
            {
                kinds.insert(tileset.firstgid + tile.id, *kind);
            }
        }
    }

    let mut layers = Vec::new();
    flatten(map.layers, &mut layers);
    let mut tile_layers = 0;
    let mut objects = Vec::new();
    for layer in layers {
        match layer {
            TmjLayer::Tiles { name, data } => {
                tile_layers += 1;
                if tile_layers > 1 {
                    reader.problem(format!(
                        "tile layer `{name}`: a page has one tile layer, for what each space is"
                    ));
                    continue;
                }
                read_tiles(&mut reader, &mut page, &kinds, &name, &data);
            }
            TmjLayer::Objects { objects: list } => objects.extend(list),
            TmjLayer::Group { .. } | TmjLayer::Other => {}
        }
    }
    if tile_layers == 0 {
        reader.problem("the map has no tile layer saying what each space is".into());
    }
    for object in &objects {
        read_object(&mut reader, &mut page, object);
    }
    if reader.problems.is_empty() {
        Ok(page)
    } else {
        Err(TiledError::Invalid {
            problems: reader.problems,
        })
    }
}

fn read_tiles(
    reader: &mut Reader,
    page: &mut Page,
    kinds: &BTreeMap<u32, SpaceKind>,
    name: &str,
    data: &Value,
) {
    let Some(cells) = data.as_array() else {
        reader.problem(format!(
            "tile layer `{name}` is not stored as CSV; set Map ▸ Map Properties ▸ Tile Layer Format to CSV"
        ));
        return;
    };
    let size = page.size;
    if cells.len() != size.area() {
        reader.problem(format!(
            "tile layer `{name}` has {} tiles for a {size} page",
            cells.len()
        ));
        return;
    }
    let spaces = (0..size.rows)
        .rev()
        .flat_map(|row| (0..size.columns).map(move |col| Space::new(col, row)));
    for (space, cell) in spaces.zip(cells) {
        // The top three bits of a gid are flip flags.
        let gid = cell.as_u64().map_or(0, |g| (g & 0x1fff_ffff) as u32);
        let kind = if gid == 0 {
            Some(SpaceKind::OutOfBounds)
        } else {
            kinds.get(&gid).copied()
        };
        match kind {
            Some(kind) => page.set_kind(space, kind),
            None => reader.problem(format!(
                "tile layer `{name}`: space {space} holds tile {gid}, which is not a board, out-of-bounds or obstacle tile"
            )),
        }
    }
}

fn read_object(reader: &mut Reader, page: &mut Page, object: &TmjObject) {
    let class = if object.kind.is_empty() {
        object.class.as_str()
    } else {
        object.kind.as_str()
    };
    let props = Properties(&object.properties);
    let id = object.id;
    let no_span = Span::default();
    let add_edges = |reader: &mut Reader, page: &mut Page, kind: EdgeKind, what: &str| {
        let mut added = 0;
        for (a, b) in reader.polyline(object, what) {
            for edge in reader.edges(a, b, what, id) {
                if page.edges.contains_key(&edge) {
                    reader.problem(format!(
                        "{what} (object {id}): edge {edge} already has a feature"
                    ));
                }
                page.edges.insert(
                    edge,
                    EdgeFeature {
                        kind,
                        span: no_span,
                    },
                );
                added += 1;
            }
        }
        added
    };
    match class {
        "wall" => {
            add_edges(reader, page, EdgeKind::Wall, "wall");
        }
        "red-line" => {
            add_edges(reader, page, EdgeKind::RedLine, "red line");
        }
        "door" => {
            if let Some(number) = reader.number(&props, "door", id) {
                let added = add_edges(reader, page, EdgeKind::Door(number), "door");
                if added != 1 {
                    reader.problem(format!(
                        "door {number} (object {id}) spans {added} edges; a door is one space wide"
                    ));
                }
            }
        }
        "location-arrow" => {
            let space = reader.space(object, "Location arrow");
            let direction = reader.direction(&props, "Location arrow", id);
            let target = match props.string("target").map(|t| PageId::parse(&t)) {
                Some(Ok(target)) => Some(target),
                Some(Err(e)) => {
                    reader.problem(format!("Location arrow (object {id}): {}", e.message));
                    None
                }
                None => {
                    reader.problem(format!(
                        "Location arrow (object {id}) needs a `target` property, like `L1p2`"
                    ));
                    None
                }
            };
            if let (Some(space), Some(direction), Some(target)) = (space, direction, target) {
                page.spaces.location_arrows.insert(
                    space,
                    LocationArrow {
                        direction,
                        target,
                        span: no_span,
                        target_span: no_span,
                    },
                );
            }
        }
        "forced-arrow" => {
            let space = reader.space(object, "forced arrow");
            let direction = reader.direction(&props, "forced arrow", id);
            if let (Some(space), Some(direction)) = (space, direction) {
                page.spaces.forced_arrows.insert(
                    space,
                    ForcedArrow {
                        direction,
                        span: no_span,
                    },
                );
            }
        }
        "terrain" => read_terrain(reader, page, object, &props),
        "console" => {
            let space = reader.space(object, "console");
            let number = reader.number(&props, "console", id);
            let opens = reader.numbers(&props, "opens", "console", id);
            let closes = reader.numbers(&props, "closes", "console", id);
            if let (Some(at), Some(number)) = (space, number) {
                page.spaces.consoles.insert(
                    number,
                    Console {
                        at,
                        opens,
                        closes,
                        span: no_span,
                    },
                );
            }
        }
        "keycard" => {
            let space = reader.space(object, "keycard");
            let opens = reader.numbers(&props, "opens", "keycard", id);
            if let Some(space) = space {
                page.spaces
                    .keycards
                    .insert(space, Keycard { opens, span: no_span });
            }
        }
        "discovery" => {
            let space = reader.space(object, "discovery");
            let discovery = match (props.number("number"), props.string("colour")) {
                (Some(Ok(n)), None) => Some(Discovery::Numbered(n)),
                (None, Some(colour)) => {
                    let found = DiscoveryColour::ALL.into_iter().find(|c| c.name() == colour);
                    if found.is_none() {
                        reader.problem(format!(
                            "discovery (object {id}): `{colour}` is not blue, yellow or red"
                        ));
                    }
                    found.map(Discovery::Coloured)
                }
                _ => {
                    reader.problem(format!(
                        "discovery (object {id}) needs either a `number` or a `colour` property"
                    ));
                    None
                }
            };
            if let (Some(space), Some(discovery)) = (space, discovery) {
                page.spaces.discoveries.insert(
                    space,
                    DiscoveryMarker {
                        discovery,
                        span: no_span,
                    },
                );
            }
        }
        "spawn-point" => {
            if let Some(point) = reader.intersection(object, "spawn point") {
                page.intersections.spawn_points.insert(point, no_span);
            }
        }
        "spawn-link" => {
            let ends = reader.polyline(object, "spawn link");
            match ends.as_slice() {
                [(a, b)] => {
                    let (a, b) = if a.reading_order() <= b.reading_order() {
                        (*a, *b)
                    } else {
                        (*b, *a)
                    };
                    page.intersections.spawn_links.push(SpawnLink { a, b, span: no_span });
                }
                _ => reader.problem(format!(
                    "spawn link (object {id}) must be one straight segment between two spawn points"
                )),
            }
        }
        "blip" => {
            let point = reader.intersection(object, "Blip");
            let direction = reader.direction(&props, "Blip", id);
            if let (Some(point), Some(direction)) = (point, direction) {
                page.intersections.blips.insert(
                    point,
                    StartingBlip {
                        direction,
                        span: no_span,
                    },
                );
            }
        }
        other => match marker_of_class(other) {
            Some(marker) => {
                if let Some(space) = reader.space(object, marker.label()) {
                    page.spaces
                        .markers
                        .entry(marker)
                        .or_default()
                        .insert(space, no_span);
                }
            }
            None if other.is_empty() => reader.problem(format!(
                "object {id} `{}` has no class; deckplan reads {CLASSES}",
                object.name
            )),
            None => reader.problem(format!(
                "object {id} has the class `{other}`, which deckplan does not read; use one of {CLASSES}"
            )),
        },
    }
}

fn read_terrain(reader: &mut Reader, page: &mut Page, object: &TmjObject, props: &Properties<'_>) {
    let id = object.id;
    let mut keywords = Vec::new();
    for word in props
        .string("keywords")
        .unwrap_or_default()
        .split([',', ' '])
        .filter(|w| !w.is_empty())
    {
        match Keyword::ALL.into_iter().find(|k| k.name() == word) {
            Some(keyword) => keywords.push(keyword),
            None => reader.problem(format!(
                "terrain (object {id}): `{word}` is not a keyword (cover, obscuring, obstacle, destructible, indestructible)"
            )),
        }
    }
    keywords.sort();
    keywords.dedup();
    let mut spaces: BTreeSet<Space> = BTreeSet::new();
    if let Some(list) = props.string("spaces") {
        for text in list.split([',', ' ']).filter(|w| !w.is_empty()) {
            match Space::parse(text) {
                Ok(space) if page.size.contains(space) => {
                    spaces.insert(space);
                }
                Ok(space) => {
                    reader.problem(format!("terrain (object {id}): {space} is off the page"))
                }
                Err(e) => reader.problem(format!("terrain (object {id}): {}", e.message)),
            }
        }
    } else {
        // Every space whose centre lies inside the rectangle.
        for space in page.size.spaces() {
            let (cx, cy) = (
                (f64::from(space.col) + 0.5) * reader.tile_w,
                (f64::from(page.size.rows) - f64::from(space.row) - 0.5) * reader.tile_h,
            );
            let inside = cx > object.x
                && cx < object.x + object.width
                && cy > object.y
                && cy < object.y + object.height;
            if inside {
                spaces.insert(space);
            }
        }
    }
    if spaces.is_empty() {
        reader.problem(format!("terrain (object {id}) covers no space"));
        return;
    }
    let mut spaces: Vec<Space> = spaces.into_iter().collect();
    spaces.sort_by_key(|s| s.reading_order());
    page.spaces.terrain.push(TerrainTile {
        name: (!object.name.is_empty()).then(|| object.name.clone()),
        spaces,
        keywords,
        span: Span::default(),
    });
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn bad_maps_say_what_is_wrong() {
        let err = from_tiled("{}").unwrap_err();
        assert!(err.to_string().starts_with("not a Tiled JSON map"), "{err}");
        let map = r#"{"width": 2, "height": 1, "tilewidth": 32, "tileheight": 32,
            "layers": [{"type": "tilelayer", "name": "spaces", "data": [1, 9]},
                       {"type": "objectgroup", "name": "x", "objects": [
                          {"id": 4, "type": "chair", "x": 0, "y": 0}]}]}"#;
        let err = from_tiled(map).unwrap_err().to_string();
        assert!(err.contains("int property `book`"), "{err}");
        assert!(err.contains("space A2 holds tile 9"), "{err}");
        assert!(err.contains("class `chair`"), "{err}");
    }
}
