//! Export tests: golden pictures, physical sizes, SVG against PNG, the Tiled
//! round trips (a page as a map, a pack as a world) with the import's errors,
//! and Tiled itself (`tmxrasterizer`) opening every exported page and the world.
//!
//! Golden pictures live in `tests/golden/`; after a deliberate change to the
//! drawing, record them again with `UPDATE_GOLDEN=1 cargo test -p
//! deckplan-validator --test enormity_export` and look at the new pictures
//! before committing them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use deckplan_schema::{
    SourceFile,
    enormity::{
        Direction, Edge, Intersection, LocationPlace, Offset, Pack, Page, PageEdge, PageId, Space,
    },
};
use deckplan_validator::diagnostic::Severity;
use deckplan_validator::enormity::draw::annotate;
use deckplan_validator::enormity::draw::annotate::{Annotation, Outline, annotated_page_scene};
use deckplan_validator::enormity::draw::layout::{LayoutStyle, layout, pack_scene};
use deckplan_validator::enormity::draw::page::{PageStyle, page_scene};
use deckplan_validator::enormity::tiled::{self, TiledError, world};
use deckplan_validator::export::png::{RasterOptions, encode, picture_size, rasterize};
use deckplan_validator::export::svg::{SvgOptions, render};
use deckplan_validator::export::units::{Length, pixels_per_space};
use deckplan_validator::export::{Paper, png};
use image::RgbaImage;

fn maps() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe")
}

fn pack() -> Pack {
    let loaded = deckplan_schema::enormity::load::load_pack(
        &deckplan_schema::sources::Sources::pack(&maps()),
    )
    .unwrap();
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    loaded.value.unwrap()
}

fn page(id: &str) -> Page {
    pack()
        .pages
        .remove(&PageId::parse(id).unwrap())
        .expect("the page is in the pack")
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgba8()
}

/// How two pictures differ: the share of pixels with a channel off by more than
/// `tolerance`, and the mean difference per channel.
fn difference(a: &RgbaImage, b: &RgbaImage, tolerance: u8) -> (f64, f64) {
    assert_eq!(a.dimensions(), b.dimensions(), "picture sizes differ");
    let mut off = 0usize;
    let mut total = 0u64;
    for (pa, pb) in a.pixels().zip(b.pixels()) {
        let diffs = pa.0.iter().zip(pb.0.iter()).map(|(x, y)| x.abs_diff(*y));
        let worst = diffs.clone().max().unwrap_or(0);
        total += diffs.map(u64::from).sum::<u64>();
        if worst > tolerance {
            off += 1;
        }
    }
    let pixels = f64::from(a.width() * a.height());
    (off as f64 / pixels, total as f64 / (pixels * 4.0))
}

/// Compares a picture with its golden copy: at most 0.2 % of the pixels may be
/// off by more than 24 levels in a channel (anti-aliasing noise between builds).
fn check_golden(name: &str, png: &[u8]) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, png).unwrap();
        return;
    }
    let golden = std::fs::read(&path).unwrap_or_else(|_| {
        panic!(
            "no golden picture {}; record it with UPDATE_GOLDEN=1",
            path.display()
        )
    });
    let (off, mean) = difference(&decode(png), &decode(&golden), 24);
    if off > 0.002 {
        let new = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}.new.png"));
        std::fs::write(&new, png).unwrap();
        panic!(
            "{name}: {:.2} % of pixels differ from {} (mean {mean:.2}); the new picture is {}",
            off * 100.0,
            path.display(),
            new.display()
        );
    }
}

fn png_of(scene: &deckplan_validator::draw::Scene, px_per_space: f64) -> Vec<u8> {
    let options = RasterOptions {
        px_per_space,
        paper: Paper::White,
    };
    encode(rasterize(scene, &options).unwrap(), None).unwrap()
}

#[test]
fn golden_page_with_coordinates_and_legend() {
    let style = PageStyle {
        title: true,
        coordinates: true,
        legend: true,
    };
    check_golden("L1p2", &png_of(&page_scene(&page("L1p2"), &style), 24.0));
}

#[test]
fn golden_pack_layout() {
    let scene = pack_scene(&pack(), &LayoutStyle::default());
    check_golden("pack-layout", &png_of(&scene, 10.0));
}

#[test]
fn golden_pack_layout_with_coordinates_and_legend() {
    let style = LayoutStyle {
        coordinates: true,
        legend: true,
        ..LayoutStyle::default()
    };
    check_golden(
        "pack-layout-full",
        &png_of(&pack_scene(&pack(), &style), 16.0),
    );
}

#[test]
fn golden_annotated_page() {
    let marks = vec![
        Annotation {
            outline: Outline::Space(Space::parse("E4").unwrap()),
            code: "R001".into(),
            severity: Severity::Error,
            message: Some("board space E4 cannot be reached from the start".into()),
        },
        Annotation {
            outline: Outline::Space(Space::parse("E4").unwrap()),
            code: "S003".into(),
            severity: Severity::Warning,
            message: None,
        },
        Annotation {
            outline: Outline::Edge(Space::parse("H7").unwrap().side(Direction::North)),
            code: "R002".into(),
            severity: Severity::Warning,
            message: Some("door 1 is opened only by console 1".into()),
        },
        Annotation {
            outline: Outline::Intersection(Intersection::parse("C4 ne").unwrap()),
            code: "S001".into(),
            severity: Severity::Error,
            message: Some("spawn point C4 ne is off the lattice".into()),
        },
        Annotation {
            outline: Outline::Page,
            code: "E003".into(),
            severity: Severity::Warning,
            message: Some("the only Extraction Point is on the start page".into()),
        },
    ];
    let scene = annotated_page_scene(&page("L1p1"), &marks);
    check_golden("L1p1-annotated", &png_of(&scene, 32.0));
}

#[test]
fn lint_pictures_are_written_for_pages_with_problems() {
    let pack = pack();
    let source: Arc<SourceFile> = SourceFile::new("book1/page1.toml", String::new());
    let diagnostic = deckplan_validator::diagnostic::Diagnostic {
        code: "R001",
        name: "unreachable-space",
        severity: Severity::Error,
        message: "board space H3 cannot be reached".into(),
        file: source,
        span: None,
        place: Some(
            LocationPlace::space(PageId { book: 1, page: 1 }, Space::parse("H3").unwrap()).into(),
        ),
        help: None,
        labels: Vec::new(),
    };
    let dir = scratch("lint-pictures");
    let by_page = annotate::annotations_by_page(&[diagnostic]);
    let pages: Vec<PageId> = by_page.keys().copied().collect();
    assert_eq!(pages, [PageId { book: 1, page: 1 }]);
    let page = &pack.pages[&pages[0]];
    let scene = annotate::annotated_page_scene(page, &by_page[&pages[0]]);
    let path = dir.join("L1p1.png");
    let options = RasterOptions {
        px_per_space: 64.0,
        paper: Paper::White,
    };
    png::write(&scene, &options, None, &path).unwrap();
    let picture = decode(&std::fs::read(&path).unwrap());
    assert!(picture.width() > 12 * 64);
}

#[test]
fn a_printed_space_has_its_real_size() {
    let page = page("L1p1");
    let style = PageStyle {
        title: false,
        coordinates: false,
        legend: false,
    };
    let scene = page_scene(&page, &style);
    // 12 × 10 spaces and a 0.35-space margin each side.
    let (w, h) = (scene.bounds.width(), scene.bounds.height());
    assert!((w - 12.7).abs() < 1e-9 && (h - 10.7).abs() < 1e-9);
    for (dpi, space, expected) in [
        (300.0, "1in", (3810, 3210)),
        (300.0, "25mm", (3750, 3160)),
        (150.0, "2.54cm", (1905, 1605)),
    ] {
        let px = pixels_per_space(dpi, space.parse::<Length>().unwrap());
        assert_eq!(picture_size(&scene, px), expected, "{dpi} DPI, {space}");
    }
    // The written PNG records its DPI, so at 30 DPI it still prints 12.7 in wide.
    let options = RasterOptions {
        px_per_space: pixels_per_space(30.0, Length::inches(1.0)),
        paper: Paper::Transparent,
    };
    let png = encode(rasterize(&scene, &options).unwrap(), Some(30.0)).unwrap();
    let decoded = decode(&png);
    assert_eq!(decoded.dimensions(), (381, 321));
    assert_eq!(decoded.get_pixel(0, 0).0[3], 0, "the margin is transparent");
    let phys = png.windows(4).position(|w| w == b"pHYs").unwrap();
    let per_metre = u32::from_be_bytes(png[phys + 4..phys + 8].try_into().unwrap());
    let inches = 381.0 / f64::from(per_metre) / 0.0254;
    assert!((inches - 12.7).abs() < 0.01, "{inches} in");
    // The SVG is 12.7 in (322.58 mm) wide at 1-inch spaces.
    let svg = render(
        &scene,
        &SvgOptions {
            space_size: Length::inches(1.0),
            paper: Paper::White,
        },
    );
    assert!(
        svg.contains(r#"width="322.58mm" height="271.78mm""#),
        "{}",
        &svg[..300]
    );
}

#[test]
fn svg_parses_and_matches_the_png() {
    let style = PageStyle {
        title: true,
        coordinates: true,
        legend: true,
    };
    for id in ["L1p2", "L2p3"] {
        let scene = page_scene(&page(id), &style);
        let px = 40.0;
        let png = decode(&png_of(&scene, px));
        let svg = render(
            &scene,
            &SvgOptions {
                space_size: Length::inches(1.0),
                paper: Paper::White,
            },
        );
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default())
            .expect("usvg parses the SVG");
        let mut pixmap = resvg::tiny_skia::Pixmap::new(png.width(), png.height()).unwrap();
        // Scale the view box so one space is `px` pixels, as in the PNG.
        let size = tree.size();
        let transform = resvg::tiny_skia::Transform::from_scale(
            (scene.bounds.width() * px) as f32 / size.width(),
            (scene.bounds.height() * px) as f32 / size.height(),
        );
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        let from_svg =
            RgbaImage::from_raw(png.width(), png.height(), pixmap.take_demultiplied()).unwrap();
        let (off, mean) = difference(&png, &from_svg, 64);
        eprintln!(
            "{id}: SVG and PNG differ on {:.3} % of pixels, mean {mean:.3}",
            off * 100.0
        );
        assert!(
            off < 0.005 && mean < 0.5,
            "{id}: {:.2} % of pixels differ, mean {mean:.2}",
            off * 100.0
        );
    }
}

/// Exports a page to Tiled and imports it back; returns the page file text.
fn roundtrip(original: &Page) -> String {
    let map = tiled::to_tiled(original, "spaces.tiles.png");
    let json = serde_json::to_string_pretty(&map).unwrap();
    let (mut imported, text) =
        tiled::from_tiled(&json).unwrap_or_else(|e| panic!("{} does not import: {e}", original.id));
    let mut original = original.clone();
    original.clear_spans();
    imported.clear_spans();
    assert_eq!(
        imported, original,
        "{} changed in the round trip",
        original.id
    );
    text
}

#[test]
fn every_bundled_page_survives_the_tiled_round_trip() {
    for page in pack().pages.values() {
        // The bundled files are canonical, so the page file comes back byte for byte.
        let text = roundtrip(page);
        assert_eq!(text, page.source.text(), "{}", page.id);
    }
}

#[test]
fn a_page_with_every_feature_survives_the_tiled_round_trip() {
    let text = r#"format = 1
book = 3
page = 7
location = "SR"
title = "Every \"feature\""
notes = """
Two lines
of notes."""

grid = """
D #....#
C ..O...
B ......
A #....#
"""

[edges]
walls = ["B2-B4 north", "A1 west"]
red_lines = ["C2 east"]
doors = [
    { number = 1, at = "B5 north" },
    { number = 3, at = "C5 east" },
]

[spaces]
terrain = [
    { spaces = ["B2", "B3", "A3"], keywords = ["obstacle", "indestructible"], name = "L-shaped wreck" },
    { spaces = ["D2"], keywords = ["cover"] },
]
forced_arrows = [{ at = "A4", direction = "south" }]
location_arrows = [{ at = "C6", direction = "east", target = "L3p8" }]
consoles = [{ number = 2, at = "C1", opens = [1], closes = [3] }]
keycards = [{ at = "D3", opens = [1, 3] }]
discoveries = [
    { at = "B6", number = 12 },
    { at = "A2", colour = "red" },
]
gear_caches = ["D4"]
engrams = ["D5"]
objectives = ["C4"]
dangerous = ["B5"]
intruder_starts = ["A5"]
spacer_starts = ["B1"]
extraction_points = ["C2"]

[intersections]
spawn_points = ["D1 ne", "A5 se", "C3 ne"]
spawn_links = [["D1 ne", "C3 ne"]]
blips = [{ at = "B2 ne", direction = "west" }]

[lint]
misaligned-join = { level = "allow", reason = "printed: half a space off" }
"#;
    let source = SourceFile::new("every.toml", text.to_string());
    let loaded = deckplan_schema::enormity::load::page_from_source(&source);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let page = loaded.value.unwrap();
    assert!(page.notes.is_some() && !page.lint.checks.is_empty());
    let _ = roundtrip(&page);
}

#[test]
fn imported_maps_are_checked_like_page_files() {
    let mut map = tiled::to_tiled(&page("L1p1"), "t.png");
    // Make console 1 open door 9, which is not on the page.
    for layer in map["layers"].as_array_mut().unwrap() {
        for object in layer["objects"].as_array_mut().into_iter().flatten() {
            if object["type"] == "console" {
                object["properties"][1]["value"] = "9".into();
            }
        }
    }
    let err = tiled::from_tiled(&map.to_string()).unwrap_err().to_string();
    assert!(err.contains("door 9"), "{err}");
}

/// Exports a pack as a Tiled world into a fresh folder; returns the world file.
fn export_world(pack: &Pack, name: &str) -> PathBuf {
    let dir = scratch(name);
    let exported = world::write_world(pack, &dir).unwrap();
    assert_eq!(exported.notes, Vec::<String>::new());
    dir.join(world::WORLD_FILE)
}

/// Reads a world back and compares its pack with `expected`, spans aside.
fn assert_world_reads_as(world_file: &Path, expected: &Pack) -> world::ImportedPack {
    let imported = world::read_world(world_file).unwrap_or_else(|e| panic!("{e}"));
    let (mut got, mut expected) = (imported.pack.clone(), expected.clone());
    got.clear_spans();
    expected.clear_spans();
    assert_eq!(got.joins, expected.joins);
    assert_eq!(got, expected);
    imported
}

#[test]
fn the_bundled_pack_survives_the_tiled_world_round_trip() {
    let pack = pack();
    let world_file = export_world(&pack, "world-round-trip");
    let imported = assert_world_reads_as(&world_file, &pack);
    // The bundled files are canonical, so the pack folder comes back byte for byte.
    let folder = world_file.parent().unwrap().join("pack");
    let written = imported.write(&folder, false).unwrap();
    assert_eq!(written.len(), 9);
    for (file, _) in &imported.files {
        let original = std::fs::read_to_string(maps().join(file)).unwrap();
        let again = std::fs::read_to_string(folder.join(file)).unwrap();
        assert_eq!(again, original, "{file}");
    }
    let reloaded = deckplan_schema::enormity::load::load_pack(
        &deckplan_schema::sources::Sources::pack(&folder),
    )
    .unwrap();
    assert!(reloaded.errors.is_empty(), "{:?}", reloaded.errors);
}

/// The bundled pack with L2p3 laid `offset` under L2p2 instead of 0.5.
fn with_l2p3_offset(offset: Offset) -> Pack {
    let mut pack = pack();
    let l2p2 = PageId::parse("L2p2").unwrap();
    let join = pack
        .joins
        .iter_mut()
        .find(|j| j.from.page == l2p2 && j.from.side == Direction::South)
        .unwrap();
    join.offset = offset;
    pack
}

#[test]
fn a_world_keeps_offsets_finer_than_a_pixel() {
    // 0.13 of a space is 4.16 pixels: only the maps' `origin.*` properties hold it.
    let pack = with_l2p3_offset(Offset { hundredths: 13 });
    let world_file = export_world(&pack, "world-fine-offset");
    assert_world_reads_as(&world_file, &pack);
}

#[test]
fn a_join_written_the_other_way_round_comes_back_turned() {
    let mut pack = pack();
    // L2p2 south → L2p3 north, offset 0.5, is the same join as
    // L2p3 north → L2p2 south, offset −0.5.
    let join = &mut pack.joins[5];
    assert_eq!(join.from.to_string(), "L2p2 south");
    std::mem::swap(&mut join.from, &mut join.to);
    join.offset = Offset { hundredths: -50 };
    let world_file = export_world(&pack, "world-turned-join");
    assert_world_reads_as(&world_file, &self::pack());
}

/// Edits the world file of an export as JSON.
fn edit_json(path: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    edit(&mut json);
    std::fs::write(path, serde_json::to_string_pretty(&json).unwrap()).unwrap();
}

/// The entry of a map in a world's JSON.
fn world_entry<'a>(world: &'a mut serde_json::Value, file: &str) -> &'a mut serde_json::Value {
    world["maps"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|m| m["fileName"] == file)
        .unwrap()
}

#[test]
fn a_map_moved_in_tiled_is_read_where_it_now_lies() {
    let world_file = export_world(&pack(), "world-moved");
    // Half a space (16 pixels) up: L2p4 now sits 0.5 above L2p3 instead of level.
    edit_json(&world_file, |world| {
        let entry = world_entry(world, "L2p4.tmj");
        entry["y"] = (entry["y"].as_i64().unwrap() - 16).into();
    });
    let mut expected = pack();
    let join = expected.joins.last_mut().unwrap();
    assert_eq!(
        (join.from, join.to),
        (
            PageEdge::parse("L2p3 east").unwrap(),
            PageEdge::parse("L2p4 west").unwrap()
        )
    );
    join.offset = Offset { hundredths: 50 };
    assert_world_reads_as(&world_file, &expected);
}

/// The problems reading a world reports, one per line.
fn world_problems(world_file: &Path) -> Vec<String> {
    match world::read_world(world_file) {
        Err(TiledError::World { problems }) => problems,
        Err(other) => panic!("not a world problem: {other}"),
        Ok(_) => panic!("{} read without problems", world_file.display()),
    }
}

#[test]
fn a_world_listing_a_missing_map_is_refused() {
    let world_file = export_world(&pack(), "world-missing-map");
    edit_json(&world_file, |world| {
        world_entry(world, "L1p4.tmj")["fileName"] = "L9p9.tmj".into();
    });
    assert_eq!(
        world_problems(&world_file),
        [format!(
            "{}: lists L9p9.tmj, which cannot be read: No such file or directory (os error 2)",
            world_file.display()
        )]
    );
}

#[test]
fn a_map_too_far_out_is_refused() {
    let world_file = export_world(&pack(), "world-too-far");
    // The most negative number a world can hold, which has no absolute value.
    edit_json(&world_file, |world| {
        let entry = world_entry(world, "L1p2.tmj");
        entry["x"] = i64::MIN.into();
        entry["y"] = i64::MAX.into();
    });
    assert_eq!(
        world_problems(&world_file),
        [format!(
            "{}: L1p2.tmj lies at (-9223372036854775808, 9223372036854775807), too far out to be a page of a pack",
            world_file.display()
        )]
    );
}

#[test]
fn exact_places_too_far_out_to_hold_give_way_to_the_world() {
    let world_file = export_world(&pack(), "world-far-properties");
    let dir = world_file.parent().unwrap();
    edit_json(&dir.join("L1p3.tmj"), |map| {
        for property in map["properties"].as_array_mut().unwrap() {
            match property["name"].as_str() {
                Some("origin.east") => property["value"] = 1e300.into(),
                Some("origin.north") => property["value"] = (-1e300).into(),
                _ => {}
            }
        }
    });
    assert_world_reads_as(&world_file, &pack());
}

#[test]
fn a_page_file_must_lead_down_from_the_pack_folder() {
    let world_file = export_world(&pack(), "world-page-files");
    let dir = world_file.parent().unwrap();
    let set_file = |id: &str, file: &str| {
        edit_json(&dir.join(format!("{id}.tmj")), |map| {
            let properties = map["properties"].as_array_mut().unwrap();
            let property = properties.iter_mut().find(|p| p["name"] == "file").unwrap();
            property["value"] = file.into();
        });
    };
    // Each would be written over another file: pack.toml itself, L1p1's page
    // file, or a file outside the pack folder.
    set_file("L1p2", "book1/../pack.toml");
    set_file("L1p3", "x/../book1/page1.toml");
    set_file("L1p4", "/tmp/page.toml");
    set_file("L2p1", "book2\\page1.toml");
    // A `.` part is harmless, and the file it names is still compared.
    set_file("L2p2", "./book1/page1.toml");
    let map = |id: &str| dir.join(format!("{id}.tmj")).display().to_string();
    assert_eq!(
        world_problems(&world_file),
        [
            format!(
                "{}: its page file (property `file`) is `book1/../pack.toml`, which goes through `..`; name the file from the pack folder down, like `book1/page2.toml`",
                map("L1p2")
            ),
            format!(
                "{}: its page file (property `file`) is `x/../book1/page1.toml`, which goes through `..`; name the file from the pack folder down, like `book1/page3.toml`",
                map("L1p3")
            ),
            format!(
                "{}: its page file (property `file`) is `/tmp/page.toml`, an absolute path; write it relative to the pack folder, like `book1/page4.toml`",
                map("L1p4")
            ),
            format!(
                "{}: its page file (property `file`) is `book2\\page1.toml`, which separates folders with `\\`; use `/`, like `book2/page1.toml`",
                map("L2p1")
            ),
            format!(
                "{}: its page file (property `file`) is `./book1/page1.toml`, like that of {}",
                map("L2p2"),
                map("L1p1")
            ),
        ]
    );
}

#[test]
fn overlapping_maps_are_refused() {
    let world_file = export_world(&pack(), "world-overlap");
    // One space (32 pixels) west: L1p2 now covers L1p1's east column.
    edit_json(&world_file, |world| {
        let entry = world_entry(world, "L1p2.tmj");
        entry["x"] = (entry["x"].as_i64().unwrap() - 32).into();
    });
    let dir = world_file.parent().unwrap();
    assert_eq!(
        world_problems(&world_file),
        [format!(
            "{}: {} (L1p1) and {} (L1p2) overlap; pages lie edge to edge, never over each other",
            world_file.display(),
            dir.join("L1p1.tmj").display(),
            dir.join("L1p2.tmj").display()
        )]
    );
}

#[test]
fn a_map_that_is_not_a_page_is_refused() {
    let world_file = export_world(&pack(), "world-not-a-page");
    let dir = world_file.parent().unwrap();
    edit_json(&dir.join("L1p3.tmj"), |map| {
        let properties = map["properties"].as_array_mut().unwrap();
        properties.retain(|p| p["name"] != "book");
    });
    std::fs::write(dir.join("L1p4.tmj"), "<map/>").unwrap();
    assert_eq!(
        world_problems(&world_file),
        [
            format!(
                "{}: the map needs an int property `book` (Map ▸ Map Properties)",
                dir.join("L1p3.tmj").display()
            ),
            format!(
                "{}: not a Tiled JSON map: expected value at line 1 column 1",
                dir.join("L1p4.tmj").display()
            ),
        ]
    );
}

#[test]
fn two_maps_of_one_page_are_refused() {
    let world_file = export_world(&pack(), "world-same-page");
    let dir = world_file.parent().unwrap();
    std::fs::copy(dir.join("L1p1.tmj"), dir.join("copy.tmj")).unwrap();
    edit_json(&world_file, |world| {
        let copy = serde_json::json!({ "fileName": "copy.tmj", "x": -2000, "y": 0 });
        world["maps"].as_array_mut().unwrap().push(copy);
    });
    let (copy, original) = (dir.join("copy.tmj"), dir.join("L1p1.tmj"));
    assert_eq!(
        world_problems(&world_file),
        [
            format!(
                "{}: it is page L1p1, and so is {}",
                copy.display(),
                original.display()
            ),
            format!(
                "{}: its page file (property `file`) is `book1/page1.toml`, like that of {}",
                copy.display(),
                original.display()
            ),
        ]
    );
}

#[test]
fn the_pack_must_travel_on_exactly_one_map() {
    let world_file = export_world(&pack(), "world-no-pack");
    let dir = world_file.parent().unwrap();
    let strip = |map: &mut serde_json::Value| {
        let properties = map["properties"].as_array_mut().unwrap();
        properties.retain(|p| !p["name"].as_str().unwrap().starts_with("pack."));
    };
    edit_json(&dir.join("L1p1.tmj"), strip);
    let maps: Vec<String> = pack()
        .pages
        .keys()
        .map(|id| dir.join(format!("{id}.tmj")).display().to_string())
        .collect();
    assert_eq!(
        world_problems(&world_file),
        [format!(
            "{}: no map carries the pack's properties (`pack.name`, `pack.book.<number>`, …); `deckplan export --tiled` writes them on the start page's map",
            maps.join(", ")
        )]
    );
    // Two maps carrying it are as bad as none.
    let add = |map: &mut serde_json::Value| {
        let name = serde_json::json!({ "name": "pack.name", "type": "string", "value": "X" });
        map["properties"].as_array_mut().unwrap().push(name);
    };
    edit_json(&dir.join("L1p2.tmj"), add);
    edit_json(&dir.join("L2p1.tmj"), add);
    assert_eq!(
        world_problems(&world_file),
        [format!(
            "{}: it carries the pack's properties, and so does {}; only the start page's map should",
            dir.join("L1p2.tmj").display(),
            dir.join("L2p1.tmj").display()
        )]
    );
}

#[test]
fn pack_properties_are_checked() {
    let world_file = export_world(&pack(), "world-pack-properties");
    let dir = world_file.parent().unwrap();
    let start = dir.join("L1p1.tmj");
    edit_json(&start, |map| {
        let properties = map["properties"].as_array_mut().unwrap();
        // Book 2 and the Crucible are no longer declared; a property is misspelt.
        properties.retain(|p| p["name"] != "pack.book.2" && p["name"] != "pack.location.CRUC");
        properties.push(serde_json::json!({ "name": "pack.lint.trap-region", "type": "string", "value": "never" }));
        properties.push(serde_json::json!({ "name": "pack.nmae", "type": "string", "value": "X" }));
    });
    let at = start.display();
    let mut expected = vec![
        format!(
            "{at}: the map property `pack.lint.trap-region` should read `allow|warn|deny: reason`, not `never`"
        ),
        format!(
            "{at}: unknown map property `pack.nmae`; the pack's properties are pack.name, pack.ruleset, pack.book.<number>, pack.location.<designation> and pack.lint.<check>"
        ),
    ];
    for id in ["L2p1", "L2p2", "L2p3", "L2p4"] {
        let map = dir.join(format!("{id}.tmj"));
        expected.push(format!(
            "{}: page {id} is in book 2, which the pack does not declare; add the map property `pack.book.2` (its title) to {at}",
            map.display()
        ));
        if id == "L2p1" || id == "L2p2" {
            expected.push(format!(
                "{}: page {id} is in Location `CRUC`, which the pack does not declare; add the map property `pack.location.CRUC` (its name) to {at}",
                map.display()
            ));
        }
    }
    assert_eq!(world_problems(&world_file), expected);
}

#[test]
fn a_file_that_is_not_a_world_is_refused() {
    let dir = scratch("world-not-a-world");
    let map = dir.join("page.world");
    std::fs::write(&map, tiled::to_tiled(&page("L1p1"), "t.png").to_string()).unwrap();
    assert_eq!(
        world_problems(&map),
        [format!(
            "{}: not a Tiled world but a Tiled `map`; a single map imports as a page file",
            map.display()
        )]
    );
    let empty = dir.join("empty.world");
    std::fs::write(&empty, r#"{"maps": [], "type": "world"}"#).unwrap();
    assert_eq!(
        world_problems(&empty),
        [format!("{}: the world lists no maps", empty.display())]
    );
    let missing = dir.join("missing.world");
    assert_eq!(
        world_problems(&missing),
        [format!(
            "{}: cannot read the file: No such file or directory (os error 2)",
            missing.display()
        )]
    );
}

#[test]
fn an_import_never_overwrites_unless_asked() {
    let world_file = export_world(&pack(), "world-overwrite");
    let imported = world::read_world(&world_file).unwrap();
    let folder = world_file.parent().unwrap().join("pack");
    std::fs::create_dir_all(folder.join("book1")).unwrap();
    std::fs::write(folder.join("book1/page2.toml"), "mine").unwrap();
    let error = imported.write(&folder, false).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{} already exists; pass --overwrite to replace it",
            folder.join("book1/page2.toml").display()
        )
    );
    // Nothing was written.
    assert!(!folder.join("pack.toml").exists());
    assert_eq!(
        std::fs::read_to_string(folder.join("book1/page2.toml")).unwrap(),
        "mine"
    );
    imported.write(&folder, true).unwrap();
    let error = imported.write(&folder, false).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{} and 8 more of the files to write already exist; pass --overwrite to replace them",
            folder.join("book1/page1.toml").display()
        )
    );
}

#[test]
fn export_says_which_joins_a_world_cannot_keep() {
    let mut pack = pack();
    // L1p4 also claims to lie west of L1p1. The layout walks out from the start
    // page, L1p1, so it puts L1p4 there, and L1p3's join to L1p4 is the one lost.
    let mut join = pack.joins[0].clone();
    join.from = PageEdge::parse("L1p1 west").unwrap();
    join.to = PageEdge::parse("L1p4 east").unwrap();
    pack.joins.push(join);
    let exported = world::write_world(&pack, &scratch("world-notes")).unwrap();
    assert_eq!(
        exported.notes,
        [
            "the join L1p3 east → L1p4 west (offset 0) is not where the layout puts the pages, so the world cannot keep it"
        ]
    );
}

#[test]
fn export_leaves_out_the_joins_of_pages_that_did_not_load() {
    let mut pack = pack();
    // As when L1p2's file has an error: the pack loads without the page.
    pack.pages.remove(&PageId::parse("L1p2").unwrap());
    let dir = scratch("world-missing-page");
    let exported = world::write_world(&pack, &dir).unwrap();
    assert!(!dir.join("L1p2.tmj").exists());
    assert_eq!(
        exported.notes,
        [
            "the join L1p1 east → L1p2 west (offset 0) is left out with L1p2, which did not load",
            "the join L1p2 north → L1p3 south (offset 2) is left out with L1p2, which did not load",
            "the join L1p2 east → L2p1 west (offset -2) is left out with L1p2, which did not load",
        ]
    );
}

#[test]
fn layout_places_pages_by_their_joins() {
    let pack = pack();
    let placed = layout(&pack);
    assert_eq!(placed.groups, 1);
    let at = |id: &str| placed.origins[&PageId::parse(id).unwrap()];
    let (l1p1, l1p2, l1p3, l2p1) = (at("L1p1"), at("L1p2"), at("L1p3"), at("L2p1"));
    assert_eq!((l1p1.x, l1p1.y), (0.0, 0.0));
    // L1p1 east → L1p2 west, offset 0: L1p1 is 12 columns wide.
    assert_eq!((l1p2.x, l1p2.y), (12.0, 0.0));
    // L1p2 north → L1p3 south, offset 2: two spaces to the right, on top.
    assert_eq!((l1p3.x, l1p3.y), (14.0, 10.0));
    // L1p2 east → L2p1 west, offset −2.
    assert_eq!((l2p1.x, l2p1.y), (24.0, -2.0));
    // L2p2 south → L2p3 north, offset 0.5: misaligned by half a space.
    let (l2p2, l2p3) = (at("L2p2"), at("L2p3"));
    assert!((l2p3.x - l2p2.x - 0.5).abs() < 1e-9);
}

/// Whether Tiled's `tmxrasterizer` can be run. When it cannot, the test says
/// it skipped straight on stderr: the test harness hides what a passing test
/// prints, and a skip that shows only as `ok` would pass for a real run.
fn tmxrasterizer_installed(test: &str) -> bool {
    use std::io::Write as _;
    let found = Command::new("tmxrasterizer")
        .arg("--version")
        .output()
        .is_ok();
    if !found {
        let _ = writeln!(
            std::io::stderr().lock(),
            "SKIPPED {test}: tmxrasterizer is not installed (Debian/Ubuntu package `tiled`)"
        );
    }
    found
}

#[test]
fn tmxrasterizer_renders_every_exported_page() {
    if !tmxrasterizer_installed("tmxrasterizer_renders_every_exported_page") {
        return;
    }
    let dir = scratch("tiled");
    let pack = pack();
    let mut files: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for (id, page) in &pack.pages {
        let name = format!("{id}.tmj");
        tiled::write_page(page, &dir.join(&name), "spaces.tiles.png", files.is_empty()).unwrap();
        let size = (
            u32::from(page.size.columns) * tiled::TILE,
            u32::from(page.size.rows) * tiled::TILE,
        );
        files.insert(name, size);
    }
    for (name, (width, height)) in files {
        let out = dir.join(name.replace(".tmj", ".png"));
        let status = Command::new("tmxrasterizer")
            .env("QT_QPA_PLATFORM", "offscreen")
            .arg(dir.join(&name))
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            status.status.success(),
            "tmxrasterizer failed on {name}: {}",
            String::from_utf8_lossy(&status.stderr)
        );
        let picture = decode(&std::fs::read(&out).unwrap());
        assert_eq!(picture.dimensions(), (width, height), "{name}");
        // The tiles were found: the floor colour shows, not only the background.
        let floor = picture
            .pixels()
            .filter(|p| p.0[..3] == [158, 166, 173])
            .count();
        assert!(floor > 100, "{name} shows no floor tiles");
    }
}

#[test]
fn tmxrasterizer_renders_the_exported_world() {
    if !tmxrasterizer_installed("tmxrasterizer_renders_the_exported_world") {
        return;
    }
    let world_file = export_world(&pack(), "tiled-world");
    let out = world_file.with_extension("png");
    let status = Command::new("tmxrasterizer")
        .env("QT_QPA_PLATFORM", "offscreen")
        .arg(&world_file)
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "tmxrasterizer failed on the world: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    // Tiled draws the maps where the world puts them: the picture spans the
    // layout, 59.5 × 33 spaces at 32 pixels (L1p1's west edge to L2p4's east,
    // L1p3's top to the bottom of L2p3 and L2p4).
    let picture = decode(&std::fs::read(&out).unwrap());
    assert_eq!(picture.dimensions(), (1904, 1056));
    let floor = picture
        .pixels()
        .filter(|p| p.0[..3] == [158, 166, 173])
        .count();
    assert!(floor > 8 * 100, "the world shows no floor tiles");
}

#[test]
fn an_edge_is_annotated_where_it_is() {
    let page = page("L1p1");
    let edge = Edge::horizontal(6, 8);
    let scene = annotated_page_scene(
        &page,
        &[Annotation {
            outline: Outline::Edge(edge),
            code: "X001".into(),
            severity: Severity::Error,
            message: None,
        }],
    );
    let tabs = scene
        .shapes()
        .filter(|s| matches!(s, deckplan_validator::draw::Shape::Text(t) if t.text == "X001"))
        .count();
    assert_eq!(tabs, 1);
}
