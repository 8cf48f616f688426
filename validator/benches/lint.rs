//! Lint cost: how it grows with pack size, how it compares with just reading
//! the files, and how long a very large page takes.
//!
//! Packs are written by the generator (`deckplan_validator::enormity::generate`, also
//! `deckplan generate-pack`) into a temporary folder: rows of 24 × 16 pages of
//! corridors and walled rooms with doors, consoles, arrows, spawn points and
//! Extraction Points, joined east–west, so every check has real work to do.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deckplan_validator::enormity::generate::{self, PackSpec};
use deckplan_validator::lint;

/// Writes a generated pack of `pages` pages in one row (seed 1); returns its folder.
fn write_pack(root: &Path, pages: u32, columns: u16, rows: u16) -> PathBuf {
    let dir = root.join(format!("pack-{pages}-{columns}x{rows}"));
    let _ = std::fs::remove_dir_all(&dir);
    let spec = PackSpec {
        pages,
        columns,
        rows,
        seed: 1,
    };
    generate::write_pack(&dir, &spec).unwrap();
    dir
}

fn bench(c: &mut Criterion) {
    let root = std::env::temp_dir().join(format!("deckplan-bench-lint-{}", std::process::id()));
    let mut group = c.benchmark_group("lint");
    group.sample_size(10);
    // 1,000 pages show what crossing a join costs in a large pack.
    for pages in [1u32, 4, 16, 64, 1000] {
        let dir = write_pack(&root, pages, 24, 16);
        let outcome = lint::lint_paths(std::slice::from_ref(&dir)).unwrap();
        assert_eq!(
            outcome.diagnostics.len(),
            0,
            "the generated pack must lint clean: {:?}",
            outcome.diagnostics.first().map(|d| &d.message)
        );
        group.throughput(Throughput::Elements(u64::from(pages)));
        group.bench_with_input(BenchmarkId::new("parse-only", pages), &dir, |b, dir| {
            b.iter(|| {
                deckplan_schema::enormity::load::load_pack(
                    &deckplan_schema::sources::Sources::pack(dir),
                )
                .unwrap()
            });
        });
        group.bench_with_input(
            BenchmarkId::new("parse-and-check", pages),
            &dir,
            |b, dir| {
                b.iter(|| lint::lint_paths(std::slice::from_ref(dir)).unwrap());
            },
        );
    }
    group.finish();

    let mut large = c.benchmark_group("large-page");
    large.sample_size(10);
    for side in [500u16, 1000] {
        let dir = write_pack(&root, 1, side, side);
        large.bench_with_input(BenchmarkId::new("parse-only", side), &dir, |b, dir| {
            b.iter(|| {
                deckplan_schema::enormity::load::load_pack(
                    &deckplan_schema::sources::Sources::pack(dir),
                )
                .unwrap()
            });
        });
        large.bench_with_input(BenchmarkId::new("parse-and-check", side), &dir, |b, dir| {
            b.iter(|| lint::lint_paths(std::slice::from_ref(dir)).unwrap());
        });
    }
    large.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
