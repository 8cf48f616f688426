//! Rendering benchmarks: a large page printed at 300 DPI, and the whole
//! bundled pack laid out in one picture. Figures go to `docs/performance.md`.
//!
//! Run with `cargo bench -p deckplan-validator --bench render`.

#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use deckplan_schema::{
    Span,
    enormity::{
        Direction, EdgeFeature, EdgeKind, Intersection, Marker, Page, PageId, Size, Space,
        SpaceKind, StartingBlip,
    },
};
use deckplan_validator::enormity::draw::layout::{LayoutStyle, pack_scene};
use deckplan_validator::enormity::draw::page::{PageStyle, page_scene};
use deckplan_validator::export::Paper;
use deckplan_validator::export::png::{RasterOptions, encode, rasterize};
use deckplan_validator::export::svg::{SvgOptions, render};
use deckplan_validator::export::units::{Length, pixels_per_space};

/// A busy 24 × 16 page: rooms of 6 × 4 spaces with walls, a door in every
/// wall, out-of-bounds corners and a marker, spawn point and Blip in each room.
fn big_page() -> Page {
    let size = Size {
        columns: 24,
        rows: 16,
    };
    let mut page = Page::new(PageId { book: 1, page: 1 }, "SR", size);
    page.title = Some("Benchmark deck".to_string());
    let span = Span::default();
    for space in size.spaces() {
        let corner = (space.col < 2 || space.col >= 22) && (space.row < 2 || space.row >= 14);
        if corner {
            page.set_kind(space, SpaceKind::OutOfBounds);
        } else if (space.col + space.row * 3) % 17 == 0 {
            page.set_kind(space, SpaceKind::Obstacle);
        }
    }
    let mut door = 0;
    for col in (6..24).step_by(6) {
        for row in 0..16 {
            let kind = if row % 4 == 2 {
                door += 1;
                EdgeKind::Door(door)
            } else {
                EdgeKind::Wall
            };
            page.edges.insert(
                Space::new(col, row).side(Direction::West),
                EdgeFeature { kind, span },
            );
        }
    }
    for row in (4..16).step_by(4) {
        for col in 0..24 {
            let kind = if col % 6 == 3 {
                EdgeKind::RedLine
            } else {
                EdgeKind::Wall
            };
            page.edges.insert(
                Space::new(col, row).side(Direction::South),
                EdgeFeature { kind, span },
            );
        }
    }
    let markers = [
        Marker::GearCache,
        Marker::Engram,
        Marker::Objective,
        Marker::Dangerous,
        Marker::IntruderStart,
        Marker::SpacerStart,
    ];
    for (i, (col, row)) in (0..4)
        .flat_map(|r| (0..4).map(move |c| (c * 6 + 2, r * 4 + 1)))
        .enumerate()
    {
        let marker = markers[i % markers.len()];
        page.spaces
            .markers
            .entry(marker)
            .or_default()
            .insert(Space::new(col, row), span);
        page.intersections.spawn_points.insert(
            Intersection {
                x: col + 3,
                y: row + 2,
            },
            span,
        );
        page.intersections.blips.insert(
            Intersection {
                x: col + 1,
                y: row + 3,
            },
            StartingBlip {
                direction: Direction::East,
                span,
            },
        );
    }
    page
}

fn benches(c: &mut Criterion) {
    let page = big_page();
    // What `deckplan render page.toml -o page.png` draws: the map and its title.
    let style = PageStyle::default();
    let at_300 = RasterOptions {
        px_per_space: pixels_per_space(300.0, Length::inches(1.0)),
        paper: Paper::White,
    };
    let mut group = c.benchmark_group("page 24x16");
    group.sample_size(10);
    group.bench_function("scene", |b| b.iter(|| page_scene(black_box(&page), &style)));
    let scene = page_scene(&page, &style);
    group.bench_function("rasterize 300 dpi", |b| {
        b.iter(|| rasterize(black_box(&scene), &at_300).unwrap())
    });
    group.bench_function("scene + rasterize + png 300 dpi", |b| {
        b.iter(|| {
            let scene = page_scene(black_box(&page), &style);
            let pixmap = rasterize(&scene, &at_300).unwrap();
            encode(pixmap, Some(300.0)).unwrap()
        })
    });
    let svg = SvgOptions {
        space_size: Length::inches(1.0),
        paper: Paper::White,
    };
    group.bench_function("svg", |b| b.iter(|| render(black_box(&scene), &svg)));
    group.finish();

    let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
    let pack =
        deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&maps))
            .unwrap()
            .value
            .expect("the bundled pack loads");
    let at_100 = RasterOptions {
        px_per_space: 100.0,
        paper: Paper::White,
    };
    let mut group = c.benchmark_group("pack layout");
    group.sample_size(10);
    let layout_style = LayoutStyle::default();
    group.bench_function("scene", |b| {
        b.iter(|| pack_scene(black_box(&pack), &layout_style))
    });
    let scene = pack_scene(&pack, &layout_style);
    group.bench_function("rasterize 100 dpi", |b| {
        b.iter(|| rasterize(black_box(&scene), &at_100).unwrap())
    });
    group.bench_function("scene + rasterize + png 100 dpi", |b| {
        b.iter(|| {
            let scene = pack_scene(black_box(&pack), &layout_style);
            encode(rasterize(&scene, &at_100).unwrap(), Some(100.0)).unwrap()
        })
    });
    group.finish();
}

criterion_group!(render_benches, benches);
criterion_main!(render_benches);
