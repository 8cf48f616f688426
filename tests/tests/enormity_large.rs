//! Very large pages validate without exhausting the stack or the clock: every
//! graph algorithm the checks use must be iterative.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::fmt::Write as _;

use deckplan_schema::enormity::coord::row_letters;
use deckplan_schema::{SourceFile, load::PACK_FILE};
use deckplan_validator::enormity::lint::check_pack;

/// A pack of one open `side` × `side` page with a Spacer start and a spawn point.
fn open_pack(side: u16) -> deckplan_schema::enormity::Pack {
    let mut grid = String::new();
    for row in (0..side).rev() {
        let _ = writeln!(
            grid,
            "{} {}",
            row_letters(row),
            ".".repeat(usize::from(side))
        );
    }
    let page = format!(
        "format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\n\ngrid = \"\"\"\n{grid}\"\"\"\n\n\
         [spaces]\nspacer_starts = [\"A1\"]\n\n[intersections]\nspawn_points = [\"C3 ne\"]\n"
    );
    let pack = "format = 1\nname = \"Big\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\"page.toml\"]\n\n\
                [[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n";
    let mut pack = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(
        PACK_FILE,
        pack.to_string(),
    ))
    .value
    .unwrap();
    let page =
        deckplan_schema::enormity::load::page_from_source(&SourceFile::new("page.toml", page))
            .value
            .unwrap();
    pack.pages.insert(page.id, page);
    pack
}

#[test]
fn a_large_open_page_is_checked_without_overflowing_the_stack() {
    // One long strongly connected region: a recursive SCC search would need a
    // stack frame per space (90 000 here) and abort the process.
    let pack = open_pack(300);
    let codes: Vec<&str> = check_pack(&pack, true).iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        vec!["E003"],
        "only the missing Extraction Point is reported"
    );
}
