//! Frame time of the editor: one whole frame of the real window (menus,
//! panels, the page canvas) laid out and tessellated headless by
//! egui_kittest, for the bundled pack and a large 200 × 200 page, in edit
//! and play-test modes. It measures the UI code, not the GPU.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use deckplan_editor::app::{EditorApp, Startup};
use deckplan_editor::enormity::Inspect as _;
use deckplan_editor::enormity::document::{Document, NewPageSpec};
use deckplan_editor::enormity::scenes::page_scene;
use deckplan_schema::enormity::{PageId, Size};
use egui::{Key, Modifiers, vec2};
use egui_kittest::Harness;

fn harness(path: PathBuf) -> Harness<'static, EditorApp> {
    let app = EditorApp::new(Startup {
        path: Some(path),
        dirs: None,
        autosave_every: Duration::from_secs(3600),
    });
    let mut harness = Harness::builder()
        .with_size(vec2(1500.0, 950.0))
        .with_max_steps(8)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui_frame(ui), app);
    harness.run();
    harness
}

/// A new pack of one empty 200 × 200 page.
fn big_document() -> Document {
    Document::new_pack(&NewPageSpec {
        pack_name: "bench".into(),
        id: PageId { book: 1, page: 1 },
        size: Size {
            columns: 200,
            rows: 200,
        },
        designation: "BN".into(),
        location_name: "Bench".into(),
        title: None,
        fill: deckplan_schema::enormity::SpaceKind::Board,
    })
}

/// A pack with one empty 200 × 200 page, written to a scratch folder.
fn big_pack() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-bench-frame-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut doc = big_document();
    doc.save_as(&dir).unwrap();
    dir
}

/// Puts the editor in play-test mode with a Spacer in the middle of the page, move 6.
fn play(harness: &mut Harness<'static, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let geo = harness.state().page_geometry().unwrap();
    let centre = geo.page_rect().center();
    harness.hover_at(centre);
    harness.run();
    harness.drag_at(centre);
    harness.run();
    harness.drop_at(centre);
    harness.run();
    assert!(!harness.state().play_test().answer().reach.is_empty());
}

fn frames(c: &mut Criterion) {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
    let big = big_pack();
    let mut group = c.benchmark_group("frame");
    group.sample_size(20);
    for (name, path) in [("bundled", bundled), ("200x200", big.clone())] {
        let mut h = harness(path.clone());
        group.bench_function(format!("{name}/edit"), |b| b.iter(|| h.step()));
        let mut h = harness(path);
        play(&mut h);
        group.bench_function(format!("{name}/playtest"), |b| b.iter(|| h.step()));
    }
    group.finish();
    let _ = std::fs::remove_dir_all(big);
}

/// Building a page's scene, which the canvas does again after every edit
/// of that page (frames in between reuse it).
fn scenes(c: &mut Criterion) {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
    let doc = Document::open(&bundled).unwrap();
    let page = &doc.pack.pages[&PageId { book: 1, page: 1 }];
    let big = big_document();
    let big_page = &big.pack.pages[&PageId { book: 1, page: 1 }];
    let mut group = c.benchmark_group("scene");
    group.sample_size(20);
    group.bench_function("bundled L1p1", |b| b.iter(|| page_scene(page)));
    group.bench_function("200x200", |b| b.iter(|| page_scene(big_page)));
    group.finish();
}

criterion_group!(benches, frames, scenes);
criterion_main!(benches);
