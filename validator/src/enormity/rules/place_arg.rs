//! Places on a pack as the command line writes them: a page and a space
//! (`L1p1:C3`), a page and an intersection (`L1p1:C3 ne`) or a page and a door
//! number (`L1p1:2`). The `reach`, `blip` and `los` commands read every place
//! they are given here.
//!
//! The page comes first because a pack has many pages and a space name alone
//! is ambiguous; the colon keeps the whole place one shell word when the
//! intersection's space is quoted (`L1p1:"C3 ne"`). The coordinates themselves
//! are read by [`deckplan_schema::enormity::coord`], the one place that knows the printed
//! notation; this module splits a place into its parts, says which part is
//! wrong, and checks the place against the page it names. Where changing the
//! case of a letter, adding the colon or mending a corner's spelling gives a
//! place on the pack, the error offers it ("did you mean `L1p1:C3`?").

use std::collections::BTreeSet;
use std::fmt;

use deckplan_schema::enormity::coord::CoordError;
use deckplan_schema::enormity::{Corner, EdgeKind, Intersection, Pack, Page, PageId, Size, Space};

use crate::enormity::board::{PageIntersection, PageSpace};

/// The part of a place that did not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Part {
    /// The page before the colon (`L1p1`).
    Page,
    /// The space after the colon (`C3`).
    Space,
    /// The corner after the space (`ne`).
    Corner,
    /// The door number after the colon (`2`).
    DoorNumber,
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Page => "page",
            Self::Space => "space",
            Self::Corner => "corner",
            Self::DoorNumber => "door number",
        })
    }
}

/// Why a place could not be read or does not exist in the pack.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The text does not begin with `page:`.
    #[error("`{text}` does not start with a page and a colon; {}", fix_or(.suggestion, .example))]
    NoPage {
        /// The text as given.
        text: String,
        /// What a place of this kind looks like (`L1p1:C3`).
        example: &'static str,
        /// The text with the colon put in, when that names a place on the pack.
        suggestion: Option<String>,
    },
    /// An intersection was written as a bare space.
    #[error("`{text}` has no corner; write one after the space, like `{text} ne`")]
    NoCorner {
        /// The text as given.
        text: String,
    },
    /// One part does not read.
    #[error("bad {part} in `{text}`: {message}{}", help_in_brackets(.suggestion, .help))]
    BadPart {
        /// The text as given.
        text: String,
        /// Which part.
        part: Part,
        /// What is wrong with it.
        message: String,
        /// The coordinate reader's advice, if it had any.
        help: Option<String>,
        /// The whole place mended, when that names a place on the pack.
        suggestion: Option<String>,
    },
    /// The page is not in the pack.
    #[error("the pack has no page {page}; it has {}", list(.known))]
    UnknownPage {
        /// The page named.
        page: PageId,
        /// The pages the pack has.
        known: Vec<PageId>,
    },
    /// The place lies off its page.
    #[error("{place} is off the page ({size}); its {what} run from {first} to {last}")]
    OffPage {
        /// The place as printed (`L1p1 Z9`).
        place: String,
        /// The page's size.
        size: Size,
        /// What the page's places are called: `spaces` or `intersections`.
        what: &'static str,
        /// The page's first place (bottom left).
        first: String,
        /// The page's last place (top right).
        last: String,
    },
    /// The page has no door with that number.
    #[error("{page} has no door {number}; {}", doors_on_page(.doors))]
    UnknownDoor {
        /// The page.
        page: PageId,
        /// The number asked for.
        number: u16,
        /// The doors the page has.
        doors: Vec<u16>,
    },
}

/// The end of a [`PlaceError::NoPage`] message: the mended place, or the form.
fn fix_or(suggestion: &Option<String>, example: &str) -> String {
    match suggestion {
        Some(place) => format!("did you mean `{place}`?"),
        None => format!("write it like `{example}`"),
    }
}

/// The end of a [`PlaceError::BadPart`] message: the mended place, else the
/// coordinate reader's help, in brackets.
fn help_in_brackets(suggestion: &Option<String>, help: &Option<String>) -> String {
    match (suggestion, help) {
        (Some(place), _) => format!(" (did you mean `{place}`?)"),
        (None, Some(help)) => format!(" ({help})"),
        (None, None) => String::new(),
    }
}

fn list(pages: &[PageId]) -> String {
    let names: Vec<String> = pages.iter().map(ToString::to_string).collect();
    names.join(", ")
}

fn doors_on_page(doors: &[u16]) -> String {
    if doors.is_empty() {
        return "it has no doors".to_string();
    }
    let numbers: Vec<String> = doors.iter().map(ToString::to_string).collect();
    format!("its doors are {}", numbers.join(", "))
}

/// Reads `L1p1:C3` and checks that the space lies on that page of the pack.
pub fn parse_space(pack: &Pack, text: &str) -> Result<PageSpace, PlaceError> {
    parse(pack, text)
}

/// Reads `L1p1:C3 ne` and checks that the intersection lies on that page.
pub fn parse_intersection(pack: &Pack, text: &str) -> Result<PageIntersection, PlaceError> {
    parse(pack, text)
}

/// Reads `L1p1:2` (door 2 of page L1p1) and checks that the door exists.
pub fn parse_door(pack: &Pack, text: &str) -> Result<(PageId, u16), PlaceError> {
    parse::<Door>(pack, text).map(|door| (door.page, door.number))
}

/// Writes a space the way [`parse_space`] reads it: `L1p1:C3`.
pub fn format_space(place: PageSpace) -> String {
    format!("{}:{}", place.page, place.space)
}

/// A door of a page, as a place.
struct Door {
    page: PageId,
    number: u16,
}

/// What a place names after its page. The three kinds share the splitting,
/// the page lookup and the suggestions; each reads and checks its own part.
trait Target: Sized {
    /// A place of this kind, for hints.
    const EXAMPLE: &'static str;

    /// Reads the part after the colon (`rest`) and checks it against `page`;
    /// `text` is the whole place, for messages.
    fn read(text: &str, page: &Page, rest: &str) -> Result<Self, PlaceError>;

    /// The part after the colon written the usual way (upper-case rows,
    /// lower-case corners), to try as a suggestion.
    fn tidy(rest: &str) -> String;
}

impl Target for PageSpace {
    const EXAMPLE: &'static str = "L1p1:C3";

    fn read(text: &str, page: &Page, rest: &str) -> Result<Self, PlaceError> {
        let space = Space::parse(rest).map_err(|e| bad(text, Part::Space, e))?;
        if !page.size.contains(space) {
            return Err(off_page(
                format!("{} {space}", page.id),
                page.size,
                "spaces",
                |last| (Space::new(0, 0).to_string(), last.to_string()),
            ));
        }
        Ok(Self {
            page: page.id,
            space,
        })
    }

    fn tidy(rest: &str) -> String {
        rest.trim().to_ascii_uppercase()
    }
}

impl Target for PageIntersection {
    const EXAMPLE: &'static str = "L1p1:C3 ne";

    fn read(text: &str, page: &Page, rest: &str) -> Result<Self, PlaceError> {
        let Some((space, _)) = rest.split_once(' ') else {
            // A lone space (`C3`) is a common slip; say so rather than
            // complain about the space.
            return match Space::parse(rest) {
                Ok(_) => Err(PlaceError::NoCorner {
                    text: text.to_string(),
                }),
                Err(e) => Err(bad(text, Part::Space, e)),
            };
        };
        Space::parse(space).map_err(|e| bad(text, Part::Space, e))?;
        // The space reads, so whatever Intersection::parse refuses is the corner.
        let point = Intersection::parse(rest).map_err(|e| bad(text, Part::Corner, e))?;
        if !page.size.contains_intersection(point) {
            return Err(off_page(
                format!("{} {point}", page.id),
                page.size,
                "intersections",
                |last| {
                    (
                        format!("{} {}", Space::new(0, 0), Corner::SouthWest.name()),
                        format!("{last} {}", Corner::NorthEast.name()),
                    )
                },
            ));
        }
        Ok(Self {
            page: page.id,
            point,
        })
    }

    fn tidy(rest: &str) -> String {
        let mut words = rest.split_whitespace();
        let space = words.next().unwrap_or_default().to_ascii_uppercase();
        let corner = words.next().unwrap_or_default().to_ascii_lowercase();
        let names = Corner::ALL.map(Corner::name);
        let corner = if names.contains(&corner.as_str()) {
            corner.as_str()
        } else {
            deckplan_schema::suggest::closest(&corner, names).unwrap_or(&corner)
        };
        format!("{space} {corner}")
    }
}

impl Target for Door {
    const EXAMPLE: &'static str = "L1p1:2";

    fn read(text: &str, page: &Page, rest: &str) -> Result<Self, PlaceError> {
        let number: u16 = rest.parse().map_err(|_| PlaceError::BadPart {
            text: text.to_string(),
            part: Part::DoorNumber,
            message: format!(
                "`{rest}` is not a door number; write it like `{}`",
                Self::EXAMPLE
            ),
            help: None,
            suggestion: None,
        })?;
        let doors: BTreeSet<u16> = page
            .edges
            .values()
            .filter_map(|feature| match feature.kind {
                EdgeKind::Door(number) => Some(number),
                EdgeKind::Wall | EdgeKind::RedLine => None,
            })
            .collect();
        if !doors.contains(&number) {
            return Err(PlaceError::UnknownDoor {
                page: page.id,
                number,
                doors: doors.into_iter().collect(),
            });
        }
        Ok(Self {
            page: page.id,
            number,
        })
    }

    fn tidy(rest: &str) -> String {
        rest.trim().to_string()
    }
}

/// Reads a place and, when it does not read, looks for a mended one to offer.
fn parse<T: Target>(pack: &Pack, text: &str) -> Result<T, PlaceError> {
    read_exactly::<T>(pack, text).map_err(|mut error| {
        if let PlaceError::NoPage { suggestion, .. } | PlaceError::BadPart { suggestion, .. } =
            &mut error
        {
            *suggestion = mend::<T>(pack, text);
        }
        error
    })
}

/// Reads a place as written, without suggestions.
fn read_exactly<T: Target>(pack: &Pack, text: &str) -> Result<T, PlaceError> {
    let Some((page, rest)) = text.split_once(':') else {
        return Err(PlaceError::NoPage {
            text: text.to_string(),
            example: T::EXAMPLE,
            suggestion: None,
        });
    };
    let id = PageId::parse(page.trim()).map_err(|e| bad(text, Part::Page, e))?;
    let page = pack.pages.get(&id).ok_or_else(|| PlaceError::UnknownPage {
        page: id,
        known: pack.pages.keys().copied().collect(),
    })?;
    T::read(text, page, rest.trim())
}

/// The place `text` probably meant: the page written `L1p1`, the colon put in
/// after it where it is missing, and the rest tidied. Offered only when that
/// reads as a place on the pack.
fn mend<T: Target>(pack: &Pack, text: &str) -> Option<String> {
    let (page, rest) = text
        .split_once(':')
        .or_else(|| split_after_page(text.trim()))?;
    let numbers = page.trim().strip_prefix(['L', 'l'])?;
    let candidate = format!("L{}:{}", numbers.to_ascii_lowercase(), T::tidy(rest));
    (candidate != text && read_exactly::<T>(pack, &candidate).is_ok()).then_some(candidate)
}

/// Splits a place written without its colon (`L1p1C3`, `L1p1 C3`) after the
/// page: `L`, digits, `p`, digits, in either case.
fn split_after_page(text: &str) -> Option<(&str, &str)> {
    let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let book = text.strip_prefix(['L', 'l'])?;
    let after_book = book.get(digits(book)..)?;
    let page = after_book.strip_prefix(['p', 'P'])?;
    let rest = page.get(digits(page)..)?;
    text.split_at_checked(text.len() - rest.len())
}

/// A part that the coordinate reader refused.
fn bad(text: &str, part: Part, error: CoordError) -> PlaceError {
    PlaceError::BadPart {
        text: text.to_string(),
        part,
        message: error.message,
        help: error.help,
        suggestion: None,
    }
}

/// A place off its page; `ends` names the page's first and last places from
/// its top-right space.
fn off_page(
    place: String,
    size: Size,
    what: &'static str,
    ends: impl FnOnce(Space) -> (String, String),
) -> PlaceError {
    let last = Space::new(size.columns.saturating_sub(1), size.rows.saturating_sub(1));
    let (first, last) = ends(last);
    PlaceError::OffPage {
        place,
        size,
        what,
        first,
        last,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;
    use crate::enormity::rules::testing::pack_of;

    /// L1p1 is 3×3 with door 2 over B2 and door 5 over A1; L1p3 is 2×1.
    fn pack() -> Pack {
        pack_of(
            &[
                "format = 1\nbook = 1\npage = 1\nlocation = \"T\"\n\
                 grid = \"\"\"\nC ...\nB ...\nA ...\n\"\"\"\n\n\
                 [edges]\ndoors = [{ number = 2, at = \"B2 north\" }, { number = 5, at = \"A1 north\" }]\n",
                "format = 1\nbook = 1\npage = 3\nlocation = \"T\"\ngrid = \"\"\"\nA ..\n\"\"\"\n",
            ],
            "",
        )
    }

    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn space_error(text: &str) -> String {
        parse_space(&pack(), text).unwrap_err().to_string()
    }

    fn intersection_error(text: &str) -> String {
        parse_intersection(&pack(), text).unwrap_err().to_string()
    }

    fn door_error(text: &str) -> String {
        parse_door(&pack(), text).unwrap_err().to_string()
    }

    #[test]
    fn reads_spaces_intersections_and_doors() {
        let pack = pack();
        assert_eq!(
            parse_space(&pack, "L1p1:C3").unwrap(),
            PageSpace {
                page: L1P1,
                space: Space::new(2, 2)
            }
        );
        assert_eq!(
            parse_space(&pack, "L1p3:A2").unwrap(),
            PageSpace {
                page: PageId { book: 1, page: 3 },
                space: Space::new(1, 0)
            }
        );
        assert_eq!(
            parse_intersection(&pack, "L1p1:C3 ne").unwrap(),
            PageIntersection {
                page: L1P1,
                point: Intersection { x: 3, y: 3 }
            }
        );
        assert_eq!(
            parse_intersection(&pack, "L1p1:A1 sw").unwrap(),
            PageIntersection {
                page: L1P1,
                point: Intersection { x: 0, y: 0 }
            }
        );
        assert_eq!(parse_door(&pack, "L1p1:2").unwrap(), (L1P1, 2));
        assert_eq!(parse_door(&pack, "L1p1:5").unwrap(), (L1P1, 5));
    }

    #[test]
    fn every_corner_name_reads() {
        let pack = pack();
        let b2 = Space::new(1, 1);
        for (name, corner) in [
            ("ne", Corner::NorthEast),
            ("nw", Corner::NorthWest),
            ("se", Corner::SouthEast),
            ("sw", Corner::SouthWest),
        ] {
            assert_eq!(
                parse_intersection(&pack, &format!("L1p1:B2 {name}")).unwrap(),
                PageIntersection {
                    page: L1P1,
                    point: b2.corner(corner)
                },
                "{name}"
            );
        }
    }

    #[test]
    fn space_round_trips_through_its_text() {
        let place = PageSpace {
            page: L1P1,
            space: Space::new(1, 2),
        };
        assert_eq!(format_space(place), "L1p1:C2");
        assert_eq!(parse_space(&pack(), &format_space(place)).unwrap(), place);
    }

    #[test]
    fn white_space_around_the_parts_is_ignored() {
        let pack = pack();
        assert_eq!(
            parse_space(&pack, " L1p1 : C3 ").unwrap(),
            parse_space(&pack, "L1p1:C3").unwrap()
        );
        assert_eq!(
            parse_intersection(&pack, "L1p1: C3  ne").unwrap(),
            parse_intersection(&pack, "L1p1:C3 ne").unwrap()
        );
    }

    #[test]
    fn a_missing_colon_is_pointed_out_and_put_in_where_that_helps() {
        assert_eq!(
            space_error("C3"),
            "`C3` does not start with a page and a colon; write it like `L1p1:C3`"
        );
        assert_eq!(
            space_error("L1p1C3"),
            "`L1p1C3` does not start with a page and a colon; did you mean `L1p1:C3`?"
        );
        assert_eq!(
            space_error("L1p1 C3"),
            "`L1p1 C3` does not start with a page and a colon; did you mean `L1p1:C3`?"
        );
        assert_eq!(
            intersection_error("L1p1 C3 ne"),
            "`L1p1 C3 ne` does not start with a page and a colon; did you mean `L1p1:C3 ne`?"
        );
        assert_eq!(
            intersection_error("C3 ne"),
            "`C3 ne` does not start with a page and a colon; write it like `L1p1:C3 ne`"
        );
        assert_eq!(
            door_error("2"),
            "`2` does not start with a page and a colon; write it like `L1p1:2`"
        );
        // No suggestion for a place that would be off the page.
        assert_eq!(
            space_error("L1p1Z9"),
            "`L1p1Z9` does not start with a page and a colon; write it like `L1p1:C3`"
        );
    }

    #[test]
    fn a_bad_page_is_named_as_the_page() {
        assert_eq!(
            space_error("Q1p1:C3"),
            "bad page in `Q1p1:C3`: `Q1p1` is not a page; write it like `L1p2`"
        );
        assert_eq!(
            space_error("L0p1:C3"),
            "bad page in `L0p1:C3`: `L0p1`: books and pages are numbered from 1"
        );
        assert_eq!(
            space_error("l1P1:C3"),
            "bad page in `l1P1:C3`: `l1P1` is not a page; write it like `L1p2` \
             (did you mean `L1p1:C3`?)"
        );
        assert_eq!(
            space_error("L1p2:A1"),
            "the pack has no page L1p2; it has L1p1, L1p3"
        );
    }

    #[test]
    fn a_bad_space_is_named_as_the_space() {
        assert_eq!(
            space_error("L1p1:c3"),
            "bad space in `L1p1:c3`: row letters are upper-case in `c3` (did you mean `L1p1:C3`?)"
        );
        // Upper-case D1 is off the page too, so only the reader's own help is left.
        assert_eq!(
            space_error("L1p1:d1"),
            "bad space in `L1p1:d1`: row letters are upper-case in `d1` (write `D1`)"
        );
        assert_eq!(
            space_error("L1p1:C"),
            "bad space in `L1p1:C`: `C` is not a space; write a row letter and a column number, like `H3`"
        );
        assert_eq!(
            space_error("L1p1:"),
            "bad space in `L1p1:`: `` is not a space; write a row letter and a column number, like `H3`"
        );
        assert_eq!(
            intersection_error("L1p1:c3 NE"),
            "bad space in `L1p1:c3 NE`: row letters are upper-case in `c3` (did you mean `L1p1:C3 ne`?)"
        );
    }

    #[test]
    fn a_space_off_its_page_says_how_far_the_page_goes() {
        assert_eq!(
            space_error("L1p1:D1"),
            "L1p1 D1 is off the page (3×3); its spaces run from A1 to C3"
        );
        assert_eq!(
            space_error("L1p3:A3"),
            "L1p3 A3 is off the page (2×1); its spaces run from A1 to A2"
        );
        assert_eq!(
            intersection_error("L1p1:D3 ne"),
            "L1p1 D3 ne is off the page (3×3); its intersections run from A1 sw to C3 ne"
        );
    }

    #[test]
    fn a_bad_corner_is_named_as_the_corner() {
        assert_eq!(
            intersection_error("L1p1:C3"),
            "`L1p1:C3` has no corner; write one after the space, like `L1p1:C3 ne`"
        );
        assert_eq!(
            intersection_error("L1p1:C3 up"),
            "bad corner in `L1p1:C3 up`: `up` is not a corner; expected one of `ne`, `nw`, `se`, `sw`"
        );
        assert_eq!(
            intersection_error("L1p1:C3 NE"),
            "bad corner in `L1p1:C3 NE`: `NE` is not a corner; expected one of `ne`, `nw`, `se`, `sw` \
             (did you mean `L1p1:C3 ne`?)"
        );
        assert_eq!(
            intersection_error("L1p1:C3 nee"),
            "bad corner in `L1p1:C3 nee`: `nee` is not a corner; expected one of `ne`, `nw`, `se`, `sw` \
             (did you mean `L1p1:C3 ne`?)"
        );
        // Mended, D3 ne would be off the page: only the reader's own help is left.
        assert_eq!(
            intersection_error("L1p1:D3 nee"),
            "bad corner in `L1p1:D3 nee`: `nee` is not a corner; expected one of `ne`, `nw`, `se`, `sw` \
             (did you mean `ne`?)"
        );
    }

    #[test]
    fn a_bad_door_says_which_doors_there_are() {
        assert_eq!(
            door_error("L1p1:x"),
            "bad door number in `L1p1:x`: `x` is not a door number; write it like `L1p1:2`"
        );
        assert_eq!(
            door_error("L1p1:-1"),
            "bad door number in `L1p1:-1`: `-1` is not a door number; write it like `L1p1:2`"
        );
        assert_eq!(
            door_error("L1p1:3"),
            "L1p1 has no door 3; its doors are 2, 5"
        );
        assert_eq!(door_error("L1p3:1"), "L1p3 has no door 1; it has no doors");
        assert_eq!(
            door_error("l1p1:2"),
            "bad page in `l1p1:2`: `l1p1` is not a page; write it like `L1p2` \
             (did you mean `L1p1:2`?)"
        );
    }
}
