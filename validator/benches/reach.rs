//! Rules-engine benchmarks on one 500 × 500 page: a grid of 10 × 10 rooms
//! whose walls have a one-space gap in the middle of each side, with a few
//! obstacles, Spacers and Intruders.
//!
//! - `reach/500x500/move-1000`: every destination of a Spacer in a corner with
//!   move 1000 (it reaches the whole page);
//! - `why_not/500x500/far-corner`: explaining a space beyond the move;
//! - `intruder_moves/500x500/unlimited`: an Intruder without Speed crossing the page;
//! - `board/500x500`: building the board (graphs and reach) that they all read.
//!
//! Run with `cargo bench -p deckplan-validator --bench reach`.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

use std::collections::VecDeque;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use deckplan_schema::enormity::load::pack_file_from_source;
use deckplan_schema::{
    SourceFile, Span,
    enormity::{Direction, EdgeFeature, EdgeKind, Pack, Page, PageId, Size, Space, SpaceKind},
};
use deckplan_validator::enormity::board::{Board, PageSpace};
use deckplan_validator::enormity::rules::intruder_move::{IntruderMoveOptions, intruder_moves};
use deckplan_validator::enormity::rules::spacer_move::{MoveOptions, reach};
use deckplan_validator::enormity::rules::{Intruder, PlayState};

const SIDE: u16 = 500;
const ROOM: u16 = 10;
const PAGE: PageId = PageId { book: 1, page: 1 };

fn big_pack() -> Pack {
    let text = "format = 1\nname = \"Bench\"\nruleset = \"enormity\"\nstart = \"L1p1\"\n\
                pages = [\"book1/page1.toml\"]\n\n[[books]]\nnumber = 1\n\n\
                [[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n";
    let mut pack = pack_file_from_source(&SourceFile::new("pack.toml", text.to_owned()))
        .value
        .unwrap();
    let size = Size {
        columns: SIDE,
        rows: SIDE,
    };
    let mut page = Page::new(PAGE, "SR", size);
    let wall = EdgeFeature {
        kind: EdgeKind::Wall,
        span: Span::default(),
    };
    for a in 0..SIDE {
        for b in (ROOM..SIDE).step_by(usize::from(ROOM)) {
            if a % ROOM == ROOM / 2 {
                continue; // the gap in the middle of each wall
            }
            page.edges
                .insert(Space::new(b - 1, a).side(Direction::East), wall);
            page.edges
                .insert(Space::new(a, b - 1).side(Direction::North), wall);
        }
    }
    for k in 0..SIDE / ROOM {
        page.set_kind(Space::new(k * ROOM + 2, k * ROOM + 3), SpaceKind::Obstacle);
    }
    pack.pages.insert(PAGE, page);
    pack
}

fn at(col: u16, row: u16) -> PageSpace {
    PageSpace {
        page: PAGE,
        space: Space::new(col, row),
    }
}

fn state() -> PlayState {
    let mut state = PlayState::default();
    for k in 1..10 {
        state.spacers.insert(at(k * 37, k * 41), Direction::North);
        let intruder = Intruder {
            baseline: true,
            suppressed: k % 2 == 0,
            facing: Direction::South,
        };
        state.intruders.insert(at(k * 47 + 1, k * 29 + 1), intruder);
    }
    state
}

/// Breadth-first search over the Spacer graph ignoring every play-state rule.
fn plain_bfs(board: &Board<'_>, from: PageSpace) -> usize {
    let graph = board.spacer.moves();
    let mut seen = vec![false; graph.len()];
    let start = board.spacer.node(from).unwrap();
    seen[start.index()] = true;
    let mut queue = VecDeque::from([start]);
    let mut count = 0;
    while let Some(node) = queue.pop_front() {
        count += 1;
        for (next, _) in graph.steps_from(node) {
            if !seen[next.index()] {
                seen[next.index()] = true;
                queue.push_back(next);
            }
        }
    }
    count
}

fn benches(c: &mut Criterion) {
    let pack = big_pack();
    let state = state();
    let board = Board::new(&pack);
    let from = at(1, 1);

    let mut group = c.benchmark_group("reach");
    group.sample_size(30);
    group.bench_function("500x500/move-1000", |b| {
        b.iter(|| {
            let found = reach(&board, &state, black_box(from), MoveOptions::new(1000)).unwrap();
            black_box(found.destinations().count())
        });
    });
    // The same search with no rules at all, as a yardstick for the machine:
    // the rules cost the difference.
    group.bench_function("500x500/plain-bfs-baseline", |b| {
        b.iter(|| black_box(plain_bfs(&board, black_box(from))));
    });
    group.finish();

    let short = reach(&board, &state, from, MoveOptions::new(100)).unwrap();
    let mut group = c.benchmark_group("why_not");
    group.sample_size(20);
    group.bench_function("500x500/far-corner", |b| {
        b.iter(|| black_box(short.why_not(black_box(at(498, 498))).unwrap()));
    });
    group.finish();

    let options = IntruderMoveOptions::default();
    let mut group = c.benchmark_group("intruder_moves");
    group.sample_size(10);
    group.bench_function("500x500/unlimited", |b| {
        b.iter(|| {
            black_box(intruder_moves(&board, &state, at(498, 3), at(2, 495), options).unwrap())
        });
    });
    group.finish();

    let mut group = c.benchmark_group("board");
    group.sample_size(10);
    group.bench_function("500x500", |b| {
        b.iter(|| black_box(Board::new(&pack).spacer.len()))
    });
    group.finish();
}

criterion_group!(rules, benches);
criterion_main!(rules);
