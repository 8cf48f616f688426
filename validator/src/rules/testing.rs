//! Small packs for the rules' unit tests, written as page text so a test reads
//! like the map it plays on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use deckplan_schema::load::{pack_file_from_source, page_from_source};
use deckplan_schema::{Direction, Pack, PageId, SourceFile, Space};

use super::Intruder;
use crate::board::{Board, PageSpace};

const PACK: &str = r#"format = 1
name = "Test"
ruleset = "enormity"
start = "L1p1"
pages = ["book1/page1.toml", "book1/page2.toml"]

[[books]]
number = 1

[[locations]]
designation = "SR"
name = "Solar Ring"
"#;

fn page(number: u16, grid: &str, extra: &str) -> deckplan_schema::Page {
    let text = format!(
        "format = 1\nbook = 1\npage = {number}\nlocation = \"SR\"\n\ngrid = \"\"\"\n{grid}\"\"\"\n\n{extra}"
    );
    let loaded = page_from_source(&SourceFile::new(format!("page{number}.toml"), text));
    let errors: Vec<String> = loaded
        .errors
        .iter()
        .map(|e| e.error.message.clone())
        .collect();
    loaded
        .value
        .unwrap_or_else(|| panic!("test page: {errors:?}"))
}

fn pack(joins: &str) -> Pack {
    let text = format!("{PACK}{joins}");
    pack_file_from_source(&SourceFile::new("pack.toml", text))
        .value
        .expect("test pack")
}

/// A pack of one page (L1p1) from its grid (top row first, with row labels)
/// and any further TOML tables (`[edges]`, `[spaces]`).
pub fn one_page(grid: &str, extra: &str) -> Pack {
    let mut pack = pack("");
    let page = page(1, grid, extra);
    pack.pages.insert(page.id, page);
    pack
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
        format!("\n[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n")
    });
    let mut pack = pack(&joins);
    for page in [page(1, first, first_extra), page(2, second, second_extra)] {
        pack.pages.insert(page.id, page);
    }
    pack
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
pub fn corner(name: &str) -> crate::board::PageIntersection {
    crate::board::PageIntersection {
        page: PageId { book: 1, page: 1 },
        point: deckplan_schema::Intersection::parse(name).unwrap(),
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
