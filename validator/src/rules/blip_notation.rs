//! Places on a pack as the `blip` and `los` commands take them: a page and a
//! space (`L1p1:C3`), a page and an intersection (`L1p1:C3 ne`) or a page and a
//! door number (`L1p1:2`).
//!
//! The page comes first because a pack has many pages and a space name alone
//! is ambiguous; the colon keeps the whole place one shell word when the
//! intersection's space is quoted (`L1p1:"C3 ne"`). The coordinates themselves
//! are read by [`deckplan_schema::coord`], the one place that knows the printed
//! notation, and checked against the page they name.

use deckplan_schema::coord::CoordError;
use deckplan_schema::{Intersection, Pack, PageId, Space};

use crate::board::{PageIntersection, PageSpace};

/// Why a place could not be read or does not exist in the pack.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The text has no `page:` prefix.
    #[error("`{text}` does not name a page; write it like `L1p1:{example}`")]
    NoPage {
        /// The text as given.
        text: String,
        /// What the part after the colon should look like.
        example: &'static str,
    },
    /// A coordinate did not parse.
    #[error("{message}")]
    Coordinate {
        /// The coordinate parser's message.
        message: String,
    },
    /// The page is not in the pack.
    #[error("the pack has no page {page}")]
    UnknownPage {
        /// The page named.
        page: PageId,
    },
    /// The place lies off its page.
    #[error("{place} is off the page ({size})")]
    OffPage {
        /// The place as written back.
        place: String,
        /// The page's size.
        size: String,
    },
    /// The page has no door with that number.
    #[error("{page} has no door {number}")]
    UnknownDoor {
        /// The page.
        page: PageId,
        /// The number asked for.
        number: u16,
    },
}

impl From<CoordError> for PlaceError {
    fn from(error: CoordError) -> Self {
        let message = match error.help {
            Some(help) => format!("{} ({help})", error.message),
            None => error.message,
        };
        Self::Coordinate { message }
    }
}

/// Splits `L1p1:rest` into the page and the rest.
fn split_page<'t>(text: &'t str, example: &'static str) -> Result<(PageId, &'t str), PlaceError> {
    let (page, rest) = text.split_once(':').ok_or_else(|| PlaceError::NoPage {
        text: text.to_string(),
        example,
    })?;
    Ok((PageId::parse(page.trim())?, rest.trim()))
}

/// Reads `L1p1:C3` and checks that the space lies on that page of the pack.
pub fn parse_space(pack: &Pack, text: &str) -> Result<PageSpace, PlaceError> {
    let (page, rest) = split_page(text, "C3")?;
    let space = Space::parse(rest)?;
    let size = pack
        .pages
        .get(&page)
        .ok_or(PlaceError::UnknownPage { page })?
        .size;
    if !size.contains(space) {
        return Err(PlaceError::OffPage {
            place: format!("{page} {space}"),
            size: size.to_string(),
        });
    }
    Ok(PageSpace { page, space })
}

/// Reads `L1p1:C3 ne` and checks that the intersection lies on that page.
pub fn parse_intersection(pack: &Pack, text: &str) -> Result<PageIntersection, PlaceError> {
    let (page, rest) = split_page(text, "C3 ne")?;
    let point = Intersection::parse(rest)?;
    let size = pack
        .pages
        .get(&page)
        .ok_or(PlaceError::UnknownPage { page })?
        .size;
    if !size.contains_intersection(point) {
        return Err(PlaceError::OffPage {
            place: format!("{page} {point}"),
            size: size.to_string(),
        });
    }
    Ok(PageIntersection { page, point })
}

/// Reads `L1p1:2` (door 2 of page L1p1) and checks that the door exists.
pub fn parse_door(pack: &Pack, text: &str) -> Result<(PageId, u16), PlaceError> {
    let (page, rest) = split_page(text, "2")?;
    let number: u16 = rest.parse().map_err(|_| PlaceError::Coordinate {
        message: format!("`{rest}` is not a door number"),
    })?;
    let found = pack
        .pages
        .get(&page)
        .ok_or(PlaceError::UnknownPage { page })?
        .edges
        .values()
        .any(|f| f.kind == deckplan_schema::EdgeKind::Door(number));
    if !found {
        return Err(PlaceError::UnknownDoor { page, number });
    }
    Ok((page, number))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;
    use crate::rules::testing::single_page_pack;

    const PAGE: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
C ...
B ...
A ...
"""

[edges]
doors = [{ number = 2, at = "B2 north" }]
"#;

    #[test]
    fn reads_spaces_intersections_and_doors() {
        let pack = single_page_pack(PAGE);
        let page = PageId { book: 1, page: 1 };
        assert_eq!(
            parse_space(&pack, "L1p1:C3").unwrap(),
            PageSpace {
                page,
                space: Space::new(2, 2)
            }
        );
        assert_eq!(
            parse_intersection(&pack, "L1p1:C3 ne").unwrap(),
            PageIntersection {
                page,
                point: Intersection { x: 3, y: 3 }
            }
        );
        assert_eq!(parse_door(&pack, "L1p1:2").unwrap(), (page, 2));
    }

    #[test]
    fn explains_what_is_wrong() {
        let pack = single_page_pack(PAGE);
        assert_eq!(
            parse_space(&pack, "C3").unwrap_err().to_string(),
            "`C3` does not name a page; write it like `L1p1:C3`"
        );
        assert_eq!(
            parse_space(&pack, "L1p1:D1").unwrap_err().to_string(),
            "L1p1 D1 is off the page (3×3)"
        );
        assert_eq!(
            parse_space(&pack, "L1p2:A1").unwrap_err().to_string(),
            "the pack has no page L1p2"
        );
        assert_eq!(
            parse_intersection(&pack, "L1p1:C3 up")
                .unwrap_err()
                .to_string(),
            "`up` is not a corner; expected one of `ne`, `nw`, `se`, `sw`"
        );
        assert_eq!(
            parse_door(&pack, "L1p1:3").unwrap_err().to_string(),
            "L1p1 has no door 3"
        );
    }
}
