//! Time of the TI4 balance figures and of the suggested swaps (every pair
//! of movable systems judged again, with every check) on the bundled
//! six-player galaxy, the five-player one with hyperlanes, and the largest
//! galaxy the format allows (8 rings, every position filled), where the
//! pairs tried are capped.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use deckplan_schema::SourceFile;
use deckplan_validator::ti4::{self, balance};

/// Eight rings, all 217 positions holding a system (tiles repeat: the
/// catalogue has fewer), six home systems around the outer ring.
fn largest_galaxy() -> String {
    use std::fmt::Write as _;
    let systems: Vec<u32> = (19..=50).chain(59..=80).collect();
    let mut out =
        String::from("format = 1\nruleset = \"ti4\"\nname = \"Bench\"\nrings = 8\n\n[tiles]\n");
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

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ti4-balance");
    group.sample_size(10);
    let bundled = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(name)
            .join("pack.toml");
        std::fs::read_to_string(path).unwrap()
    };
    let galaxies = [
        ("ti4-six-players", bundled("ti4-six-players")),
        ("ti4-five-hyperlanes", bundled("ti4-five-hyperlanes")),
        ("eight-rings", largest_galaxy()),
    ];
    for (name, text) in galaxies {
        let source = SourceFile::new("pack.toml", text);
        let file = ti4::parse(&source).0.unwrap();
        let catalogue = file.catalogue(ti4::builtin_catalogue().unwrap());
        group.bench_function(format!("{name}/suggest-swaps"), |b| {
            b.iter(|| balance::suggest_swaps(&file, &catalogue, 8));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
