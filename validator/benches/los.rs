//! Line of sight from one space to every other on a 100×100 page.
//!
//! Two pages: an open hall (no blockers: every answer is the first line
//! tried) and a warren of 10×10 rooms with doorways, obstacles, out-of-bounds
//! pillars, obscuring terrain and Intruders (most answers are "no", which
//! tries all sixteen corner pairs and then lists the blockers of the best).
//! The attacker stands near the middle. `one-to-all` asks yes or no
//! (`SightMap::can_see`); `one-to-all-explained` also finds what blocks the
//! best line of every hidden space (`SightMap::line_of_sight`); `build`
//! measures indexing the page.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use deckplan_schema::enormity::coord::row_letters;
use deckplan_schema::{
    SourceFile,
    enormity::{Direction, Pack, PageId, Space},
};
use deckplan_validator::enormity::board::{Board, PageSpace};
use deckplan_validator::enormity::rules::los::SightMap;
use deckplan_validator::enormity::rules::{Intruder, PlayState};

const SIDE: u16 = 100;

const PACK: &str = r#"format = 1
name = "Bench"
ruleset = "enormity"
start = "L1p1"
pages = ["page.toml"]

[[books]]
number = 1

[[locations]]
designation = "B"
name = "Bench"
"#;

fn name(col: u16, row: u16) -> String {
    format!("{}{}", row_letters(row), col + 1)
}

/// The page TOML: an open hall, or rooms with doorways and clutter.
fn page(rooms: bool) -> String {
    let mut grid = String::new();
    for row in (0..SIDE).rev() {
        for col in 0..SIDE {
            let pillar = rooms && col % 20 == 12 && row % 20 == 12;
            let obstacle = rooms && (u32::from(col) * 7 + u32::from(row) * 13) % 37 == 0;
            grid.push(if pillar {
                '#'
            } else if obstacle {
                'O'
            } else {
                '.'
            });
        }
        grid.push('\n');
    }
    let mut walls = Vec::new();
    let mut terrain = Vec::new();
    if rooms {
        for line in (9..SIDE - 1).step_by(10) {
            for along in 0..SIDE {
                if along % 10 == 4 {
                    continue; // doorway
                }
                walls.push(format!("\"{} east\"", name(line, along)));
                walls.push(format!("\"{} north\"", name(along, line)));
            }
        }
        for k in 0..SIDE / 10 {
            let (col, row) = (k * 10 + 6, k * 10 + 2);
            terrain.push(format!(
                "{{ spaces = [\"{}\", \"{}\"], keywords = [\"obscuring\"] }}",
                name(col, row),
                name(col + 1, row)
            ));
        }
    }
    format!(
        "format = 1\nbook = 1\npage = 1\nlocation = \"B\"\ngrid = \"\"\"\n{grid}\"\"\"\n\n[edges]\nwalls = [{}]\n\n[spaces]\nterrain = [{}]\n",
        walls.join(", "),
        terrain.join(", ")
    )
}

fn pack(rooms: bool) -> Pack {
    let loaded = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(
        "pack.toml",
        PACK.to_string(),
    ));
    let mut pack = loaded.value.expect("the bench pack parses");
    let page = deckplan_schema::enormity::load::page_from_source(&SourceFile::new(
        "page.toml",
        page(rooms),
    ))
    .value
    .expect("the bench page parses");
    pack.pages.insert(page.id, page);
    pack
}

fn state(rooms: bool) -> PlayState {
    let mut state = PlayState::default();
    if rooms {
        for k in 0..SIDE / 10 {
            state.intruders.insert(
                PageSpace {
                    page: PageId { book: 1, page: 1 },
                    space: Space::new(k * 10 + 3, 47),
                },
                Intruder {
                    baseline: true,
                    suppressed: false,
                    facing: Direction::North,
                },
            );
        }
    }
    state
}

/// Asks one question per space of the page; returns how many were visible.
/// With `explain`, blocked answers also work out what blocks the best line.
fn sweep(map: &SightMap<'_>, from: PageSpace, explain: bool) -> usize {
    let mut visible = 0;
    for row in 0..SIDE {
        for col in 0..SIDE {
            let to = PageSpace {
                page: from.page,
                space: Space::new(col, row),
            };
            if to == from {
                continue;
            }
            let seen = if explain {
                map.line_of_sight(from, to).expect("on the page").visible
            } else {
                map.can_see(from, to).expect("on the page")
            };
            visible += usize::from(seen);
        }
    }
    visible
}

fn bench(c: &mut Criterion) {
    let from = PageSpace {
        page: PageId { book: 1, page: 1 },
        space: Space::new(45, 45),
    };
    let mut group = c.benchmark_group("los");
    group.sample_size(10);
    for (label, rooms) in [("open", false), ("rooms", true)] {
        let pack = pack(rooms);
        let board = Board::new(&pack);
        let state = state(rooms);
        let map = SightMap::new(&board, &state);
        eprintln!(
            "{label}: {} of 9999 spaces visible",
            sweep(&map, from, true)
        );
        group.bench_function(format!("{label}/one-to-all"), |b| {
            b.iter(|| sweep(black_box(&map), black_box(from), false));
        });
        group.bench_function(format!("{label}/one-to-all-explained"), |b| {
            b.iter(|| sweep(black_box(&map), black_box(from), true));
        });
        group.bench_function(format!("{label}/build"), |b| {
            b.iter(|| SightMap::new(black_box(&board), black_box(&state)));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
