//! Small packs for the rules' unit tests, written as page text so a test reads
//! like the map it plays on: whole page files ([`pack_of`]), bare grids with
//! any extra tables ([`one_page`], [`two_pages`]) or the picture fixtures of
//! `tests/fixtures/rules` ([`fixture`]).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use deckplan_schema::enormity::load::{pack_file_from_source, page_from_source};
use deckplan_schema::{
    SourceFile,
    enormity::{Direction, Intersection, Pack, PageId, Space},
};

use super::Intruder;
use crate::enormity::board::{Board, PageIntersection, PageSpace};

/// The pack header of every test pack: one book, Location `T`.
const PACK: &str = r#"format = 1
name = "Test"
ruleset = "enormity"
start = "L1p1"
pages = ["p1.toml", "p2.toml"]

[[books]]
number = 1

[[locations]]
designation = "T"
name = "Test"
"#;

/// A pack of pages given as whole page files, with extra `pack.toml` text
/// (joins) appended. Every file must load without errors.
pub fn pack_of(pages: &[&str], joins: &str) -> Pack {
    let text = format!("{PACK}\n{joins}");
    let loaded = pack_file_from_source(&SourceFile::new("pack.toml", text));
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mut pack = loaded.value.unwrap();
    for (i, page) in pages.iter().enumerate() {
        let source = SourceFile::new(format!("p{}.toml", i + 1), (*page).to_string());
        let loaded = page_from_source(&source);
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let page = loaded.value.unwrap();
        pack.pages.insert(page.id, page);
    }
    pack
}

/// A pack of one page file.
pub fn single_page_pack(page: &str) -> Pack {
    pack_of(&[page], "")
}

/// The fixture pack `tests/fixtures/rules/<name>`.
pub fn fixture(name: &str) -> Pack {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/rules")
        .join(name);
    let loaded =
        deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&path))
            .unwrap();
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    loaded.value.unwrap()
}

/// The file of page `number` of book 1 from its grid (top row first, with row
/// labels) and any further TOML tables (`[edges]`, `[spaces]`).
fn page_file(number: u16, grid: &str, extra: &str) -> String {
    format!(
        "format = 1\nbook = 1\npage = {number}\nlocation = \"T\"\n\ngrid = \"\"\"\n{grid}\"\"\"\n\n{extra}"
    )
}

/// A pack of one page (L1p1) from its grid (top row first, with row labels)
/// and any further TOML tables (`[edges]`, `[spaces]`).
pub fn one_page(grid: &str, extra: &str) -> Pack {
    single_page_pack(&page_file(1, grid, extra))
}

/// A pack of L1p1 and L1p2, L1p2 laid against L1p1's east edge shifted up by
/// `offset` spaces, or not joined at all.
pub fn two_pages(first: &str, second: &str, offset: Option<i32>) -> Pack {
    two_pages_with(first, "", second, "", offset)
}

/// [`two_pages`] with extra TOML for each page.
pub fn two_pages_with(
    first: &str,
    first_extra: &str,
    second: &str,
    second_extra: &str,
    offset: Option<i32>,
) -> Pack {
    let joins = offset.map_or_else(String::new, |offset| {
        format!("[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n")
    });
    pack_of(
        &[
            &page_file(1, first, first_extra),
            &page_file(2, second, second_extra),
        ],
        &joins,
    )
}

/// The board of a test pack.
pub fn board_of(pack: &Pack) -> Board<'_> {
    Board::new(pack)
}

/// A space of L1p1 by its printed name.
pub fn at(name: &str) -> PageSpace {
    PageSpace {
        page: PageId { book: 1, page: 1 },
        space: Space::parse(name).unwrap(),
    }
}

/// An intersection of L1p1 by its printed name (`C3 ne`).
pub fn corner(name: &str) -> PageIntersection {
    PageIntersection {
        page: PageId { book: 1, page: 1 },
        point: Intersection::parse(name).unwrap(),
    }
}

/// A space of L1p2 by its printed name.
pub fn at2(name: &str) -> PageSpace {
    PageSpace {
        page: PageId { book: 1, page: 2 },
        space: Space::parse(name).unwrap(),
    }
}

/// An unsuppressed baseline Intruder facing north.
pub fn intruder() -> Intruder {
    Intruder {
        baseline: true,
        suppressed: false,
        facing: Direction::North,
    }
}
