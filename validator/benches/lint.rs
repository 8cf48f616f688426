//! Lint cost: how it grows with pack size, how it compares with just reading
//! the files, and how long a very large page takes.
//!
//! Packs are generated into a temporary folder: rows of 24 × 16 pages, each a
//! ring corridor around walled rooms with doors, consoles, spawn points and an
//! Extraction Point, joined east–west, so every check has real work to do.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deckplan_schema::coord::row_letters;
use deckplan_schema::load;
use deckplan_validator::lint;

/// One page's text: a grid with a walled room per 6 columns and a door into each.
fn page_text(book: u16, page: u16, columns: u16, rows: u16) -> String {
    let mut text =
        format!("format = 1\nbook = {book}\npage = {page}\nlocation = \"SR\"\n\ngrid = \"\"\"\n");
    for row in (0..rows).rev() {
        let _ = writeln!(
            text,
            "{} {}",
            row_letters(row),
            ".".repeat(usize::from(columns))
        );
    }
    text.push_str("\"\"\"\n\n[edges]\nwalls = [\n");
    let top = row_letters(rows.saturating_sub(2));
    let mut doors = String::new();
    let mut consoles = String::new();
    for (index, start) in (1..columns.saturating_sub(4)).step_by(6).enumerate() {
        // A room from column `start + 1` to `start + 4`, rows B to the second-last, with a door in its south wall.
        let (west, east) = (start + 1, start + 4);
        let _ = writeln!(text, "    \"A{}-A{} north\",", west + 1, east);
        let _ = writeln!(text, "    \"{top}{west}-{top}{east} north\",");
        let _ = writeln!(text, "    \"B{west}-{top}{west} west\",");
        let _ = writeln!(text, "    \"B{east}-{top}{east} east\",");
        let number = index + 1;
        let _ = writeln!(
            doors,
            "    {{ number = {number}, at = \"A{west} north\" }},"
        );
        let _ = writeln!(
            consoles,
            "    {{ number = {number}, at = \"A{}\", opens = [{number}] }},",
            west + 2
        );
    }
    let _ = write!(
        text,
        "]\ndoors = [\n{doors}]\n\n[spaces]\nconsoles = [\n{consoles}]\n"
    );
    if book == 1 && page == 1 {
        text.push_str("spacer_starts = [\n    \"A1\",\n]\n");
    } else {
        text.push_str("extraction_points = [\n    \"A2\",\n]\n");
    }
    let _ = write!(
        text,
        "\n[intersections]\nspawn_points = [\n    \"{top}{} ne\",\n]\n",
        columns - 1
    );
    text
}

/// Pages per Location Book in a generated pack (a book holds at most 999).
const PAGES_PER_BOOK: u16 = 500;

/// The book and page number of the `index`-th page (from 0) of a generated pack.
fn page_id(index: u16) -> (u16, u16) {
    (index / PAGES_PER_BOOK + 1, index % PAGES_PER_BOOK + 1)
}

/// Writes a pack of `pages` pages in one row, joined east to west, 500 to a
/// book; returns its folder.
fn write_pack(root: &Path, pages: u16, columns: u16, rows: u16) -> PathBuf {
    let dir = root.join(format!("pack-{pages}-{columns}x{rows}"));
    let _ = std::fs::remove_dir_all(&dir);
    let mut pack = String::from(
        "format = 1\nname = \"Bench\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\n",
    );
    for index in 0..pages {
        let (book, page) = page_id(index);
        std::fs::create_dir_all(dir.join(format!("book{book}"))).unwrap();
        let _ = writeln!(pack, "    \"book{book}/page{page}.toml\",");
        std::fs::write(
            dir.join(format!("book{book}/page{page}.toml")),
            page_text(book, page, columns, rows),
        )
        .unwrap();
    }
    pack.push_str("]\n");
    for book in 1..=page_id(pages.saturating_sub(1)).0 {
        let _ = write!(pack, "\n[[books]]\nnumber = {book}\n");
    }
    pack.push_str("\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n");
    if pages == 1 {
        pack.push_str("\n[lint]\nextraction-off-start-page = { level = \"allow\", reason = \"a one-page benchmark\" }\n");
    }
    for index in 1..pages {
        let (from, to) = (page_id(index - 1), page_id(index));
        let _ = write!(
            pack,
            "\n[[joins]]\nfrom = \"L{}p{} east\"\nto = \"L{}p{} west\"\noffset = 0\n",
            from.0, from.1, to.0, to.1
        );
    }
    std::fs::write(dir.join("pack.toml"), pack).unwrap();
    dir
}

fn bench(c: &mut Criterion) {
    let root = std::env::temp_dir().join(format!("deckplan-bench-lint-{}", std::process::id()));
    let mut group = c.benchmark_group("lint");
    group.sample_size(10);
    // 1,000 pages show what crossing a join costs in a large pack.
    for pages in [1u16, 4, 16, 64, 1000] {
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
            b.iter(|| load::load_pack(dir).unwrap());
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
            b.iter(|| load::load_pack(dir).unwrap());
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
