//! Frame time of the editor: one whole frame of the real window (menus,
//! panels, the board's canvas) laid out and tessellated headless by
//! egui_kittest — for the bundled Enormity pack and a large 200 × 200 page,
//! for the bundled Nemesis ship and the largest ship the format allows, and
//! for the bundled Battlestations ship and the largest one the format allows, for
//! the bundled six-player TI4 galaxy and one of eight rings, every position filled —
//! in edit and play-test modes. It measures the UI code, not the GPU.

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
use deckplan_editor::nemesis::Inspect as _;
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

/// Runs frames until the play test is idle: its board (built on a worker
/// after the first question about a map) ready and the question answered
/// (on a worker too, for a large page), however loaded the machine is.
fn settle_play_test(harness: &mut Harness<'static, EditorApp>) {
    // Frames are stepped, not run: a spinner repaints while the worker works.
    for _ in 0..10 {
        harness.run_steps(2);
        if !harness.state().play_test().is_busy() {
            return;
        }
        assert!(
            harness
                .state_mut()
                .wait_for_play_test(Duration::from_secs(300))
        );
    }
    panic!("the play test never settled");
}

/// Puts the editor in play-test mode with a Spacer in the middle of the page, move 6.
fn play(harness: &mut Harness<'static, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    settle_play_test(harness);
    let geo = harness.state().page_geometry().unwrap();
    let centre = geo.page_rect().center();
    harness.hover_at(centre);
    harness.run();
    harness.drag_at(centre);
    harness.run();
    harness.drop_at(centre);
    settle_play_test(harness);
    assert!(!harness.state().play_test().answer().reach.is_empty());
}

/// The largest Nemesis ship the format allows: 1,000 rooms (the most a
/// ship file lists) on a 50 × 20 grid of drawing positions, 1,000
/// corridors between neighbours, a technical entrance in every room on one
/// of 1,000 networks, the four escape pods and a pool of 1,000 room tiles.
fn biggest_ship() -> String {
    use std::fmt::Write as _;
    let mut out =
        String::from("format = 1\nruleset = \"nemesis\"\nname = \"Bench\"\nboard = \"largest\"\n");
    let room = |c: u16, r: u16| format!("r{c}-{r}");
    for r in 0..20u16 {
        for c in 0..50u16 {
            let kind = if (c + r) % 2 == 0 { "1" } else { "2" };
            let _ = write!(
                out,
                "\n[[rooms]]\nid = \"{}\"\nkind = \"{kind}\"\nat = [{}, {}]\n",
                room(c, r),
                c * 2,
                r * 2
            );
        }
    }
    let mut corridors = 0;
    for r in 0..20u16 {
        for c in 0..49u16 {
            let _ = write!(
                out,
                "\n[[corridors]]\nbetween = [\"{}\", \"{}\"]\nnumbers = [1]\nother_end = [2]\n",
                room(c, r),
                room(c + 1, r)
            );
            corridors += 1;
        }
    }
    for r in 0..20u16 {
        if corridors == 1000 {
            break;
        }
        let _ = write!(
            out,
            "\n[[corridors]]\nbetween = [\"{}\", \"{}\"]\nnumbers = [3]\ndoor = true\n",
            room(0, r),
            room(0, (r + 1) % 20)
        );
        corridors += 1;
    }
    for r in 0..20u16 {
        for c in 0..50u16 {
            let _ = write!(
                out,
                "\n[[networks]]\nid = \"n{c}-{r}\"\nat = [{}, {}]\n",
                c * 2 + 1,
                r * 2 + 1
            );
        }
    }
    for r in 0..20u16 {
        for c in 0..50u16 {
            let _ = write!(
                out,
                "\n[[technical_entrances]]\nroom = \"{}\"\nnumbers = [4]\nnetwork = \"n{c}-{r}\"\n",
                room(c, r)
            );
        }
    }
    for (number, section) in [(1, "A"), (2, "B"), (3, "A"), (4, "B")] {
        let _ = write!(
            out,
            "\n[[escape_pods]]\nnumber = {number}\nsection = \"{section}\"\nroom = \"{}\"\n",
            room(number, 0)
        );
    }
    out.push_str("\n[tiles]\none = [\n");
    for n in 0..500 {
        let _ = writeln!(out, "    \"Tile {n}\",");
    }
    out.push_str("]\ntwo = [\n");
    for n in 0..500 {
        let _ = writeln!(out, "    \"Tile {n}\",");
    }
    out.push_str("]\n");
    out
}

/// The largest ship as a pack in a scratch folder.
fn big_ship() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-bench-ship-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("pack.toml"),
        "format = 1\nname = \"Bench\"\nruleset = \"nemesis\"\nship = \"ship.toml\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("ship.toml"), biggest_ship()).unwrap();
    dir
}

/// Puts the editor in play-test mode with a Character in the first room,
/// asking where a Movement action from there leads.
fn play_ship(harness: &mut Harness<'static, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let first = harness.state().ship_document().unwrap().ship().rooms[0].id;
    let play = harness.state_mut().ship_play_test_mut();
    play.state.characters.insert(first, 1);
    play.room = Some(first);
    harness.run();
}

fn ship_frames(c: &mut Criterion) {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/kestrel-relay");
    let big = big_ship();
    let mut group = c.benchmark_group("frame");
    group.sample_size(20);
    for (name, path) in [("kestrel", bundled), ("largest-ship", big.clone())] {
        let mut h = harness(path.clone());
        assert!(
            h.state().ship_document().is_some(),
            "{name} opens as a ship"
        );
        group.bench_function(format!("{name}/edit"), |b| b.iter(|| h.step()));
        let mut h = harness(path);
        play_ship(&mut h);
        group.bench_function(format!("{name}/playtest"), |b| b.iter(|| h.step()));
    }
    group.finish();
    // Laying out and drawing the ship, which the canvas does again after
    // every edit (frames in between reuse it).
    let text = biggest_ship();
    let source = deckplan_schema::SourceFile::new("ship.toml", text);
    let ship = deckplan_schema::nemesis::resolve::parse_ship(&source).unwrap();
    let kestrel = deckplan_schema::nemesis::resolve::parse_ship(&deckplan_schema::SourceFile::new(
        "ship.toml",
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/kestrel-relay/ship.toml"),
        )
        .unwrap(),
    ))
    .unwrap();
    let mut group = c.benchmark_group("scene");
    group.sample_size(10);
    group.bench_function("kestrel", |b| {
        b.iter(|| deckplan_editor::nemesis::canvas_scene(&kestrel))
    });
    group.bench_function("largest-ship", |b| {
        b.iter(|| deckplan_editor::nemesis::canvas_scene(&ship))
    });
    group.finish();
    let _ = std::fs::remove_dir_all(big);
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

/// The bundled Wayfarer in edit mode, and play-testing a character with
/// move 3 and two move actions on the lower ladder square (both levels reached).
fn deck_frames(c: &mut Criterion) {
    use deckplan_editor::battlestations::Inspect as _;
    let wayfarer = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/battlestations-wayfarer");
    let mut group = c.benchmark_group("frame");
    group.sample_size(20);
    let mut h = harness(wayfarer.clone());
    assert!(
        h.state().deck_document().is_some(),
        "the Wayfarer opens as a ship"
    );
    group.bench_function("wayfarer/edit", |b| b.iter(|| h.step()));
    let mut h = harness(wayfarer);
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    h.run();
    let play = h.state_mut().deck_play_test_mut().unwrap();
    play.from = Some(deckplan_validator::battlestations::grid::Cell {
        level: 0,
        row: 2,
        column: 7,
    });
    play.who.actions = 2;
    h.run();
    assert!(h.state_mut().deck_answer().unwrap().reach.is_some());
    group.bench_function("wayfarer/playtest", |b| b.iter(|| h.step()));
    group.finish();
}

/// Writes a pack of `files` (name, text) into a scratch folder named `name`.
fn scratch_pack(name: &str, files: &[(&str, String)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-bench-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

/// The largest Battlestations ship the format allows: 400 module cards (the
/// most a ship lists) of 9 × 9 squares, 50 to each of 8 levels (the most),
/// each with a console, a blocked square and a ladder.
fn largest_deck_ship() -> String {
    use std::fmt::Write as _;
    let levels: Vec<String> = (1..=8).map(|l| format!("\"deck-{l}\"")).collect();
    let mut out = format!(
        "format = 1\nruleset = \"battlestations\"\nname = \"Bench\"\nmodule_size = 9\nforward = \"east\"\nlevels = [{}]\n",
        levels.join(", ")
    );
    let roles = [
        "helm",
        "engine",
        "hyperdrive",
        "life-support",
        "science",
        "cannon",
        "missile-bay",
        "hull-stabilizer",
    ];
    for level in 1..=8 {
        for row in 0..5u16 {
            for column in 0..10u16 {
                let n = usize::from(row * 10 + column);
                let _ = write!(
                    out,
                    "\n[[modules]]\nid = \"m{level}-{row}-{column}\"\nrole = \"{}\"\nlevel = \"deck-{level}\"\nat = [{column}, {row}]\nsquares = [\n    \"C........\",\n    \".........\",\n    \"..#......\",\n    \".........\",\n    \"....H....\",\n    \".........\",\n    \".........\",\n    \".........\",\n    \".........\",\n]\n",
                    roles[n % roles.len()]
                );
            }
        }
    }
    out
}

/// The largest TI4 galaxy the format allows: 8 rings, every one of its 217
/// positions holding a system (tiles repeat: the catalogue has fewer), six
/// home systems seated around the outer ring.
fn largest_galaxy() -> String {
    use std::fmt::Write as _;
    let systems: Vec<u32> = (19..=50).chain(59..=80).collect();
    let mut out =
        String::from("format = 1\nruleset = \"ti4\"\nname = \"Bench\"\nrings = 8\n\n[tiles]\n");
    // The outer ring's positions are 169 to 216: a seat every eighth.
    let homes: Vec<usize> = (0..6).map(|seat| 169 + seat * 8).collect();
    for position in 0..217 {
        let tile = match homes.iter().position(|home| *home == position) {
            Some(seat) => seat as u32 + 1,
            None => systems[position % systems.len()],
        };
        let _ = writeln!(out, "{position} = {tile}");
    }
    for (seat, position) in homes.iter().enumerate() {
        let _ = write!(
            out,
            "\n[[homes]]\nseat = {}\nposition = {position}\n",
            seat + 1
        );
    }
    out
}

/// The largest Battlestations ship and the largest TI4 galaxy, each in edit
/// mode; the galaxy also play-testing a ship's move from its centre.
fn largest_frames(c: &mut Criterion) {
    use deckplan_editor::battlestations::Inspect as _;
    use deckplan_editor::ti4::Inspect as _;
    let ship = scratch_pack(
        "deck",
        &[
            (
                "pack.toml",
                "format = 1\nname = \"Bench\"\nruleset = \"battlestations\"\nship = \"ship.toml\"\n".into(),
            ),
            ("ship.toml", largest_deck_ship()),
        ],
    );
    let galaxy = scratch_pack("galaxy", &[("pack.toml", largest_galaxy())]);
    let mut group = c.benchmark_group("frame");
    group.sample_size(20);
    let mut h = harness(ship.clone());
    let modules = h.state().deck_document().map(|d| d.ship().modules.len());
    assert_eq!(modules, Some(400), "the largest ship opens for editing");
    group.bench_function("largest-deck-ship/edit", |b| b.iter(|| h.step()));
    let mut h = harness(galaxy.clone());
    assert!(
        h.state().galaxy_document().is_some(),
        "the eight-ring galaxy opens for editing"
    );
    group.bench_function("eight-ring-galaxy/edit", |b| b.iter(|| h.step()));
    let six = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/ti4-six-players");
    let mut h = harness(six);
    group.bench_function("ti4-six-players/edit", |b| b.iter(|| h.step()));
    group.finish();
    let _ = std::fs::remove_dir_all(ship);
    let _ = std::fs::remove_dir_all(galaxy);
}

criterion_group!(
    benches,
    frames,
    scenes,
    ship_frames,
    deck_frames,
    largest_frames
);
criterion_main!(benches);
