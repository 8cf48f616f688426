//! Where a finding is on a board, as data.
//!
//! A diagnostic's place is read by programs — the editor outlines it and jumps
//! to it, `lint --annotate` draws it, JSON and SARIF consumers get it field by
//! field — and printed for people. Keeping it typed means nothing ever parses
//! a message or a place text back, so a check may reword what it says without
//! breaking a highlight.
//!
//! [`Place`] has one variant per game; each game owns the type inside it
//! ([`LocationPlace`] for Enormity's Location maps). A new game adds a variant,
//! and every consumer that must handle its places fails to compile until it does.

use std::fmt;

use crate::coord::{Edge, Intersection, PageEdge, PageId, Space};
use crate::model::Page;

/// A place on the board of some game.
// Deliberately exhaustive: a new game's places must be handled by every
// consumer (renderers, the editor), so adding one should not compile until they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// A place on an Enormity pack of Location maps.
    Location(LocationPlace),
    /// A place on a Nemesis ship.
    Nemesis(crate::nemesis::NemesisPlace),
    /// A place in a Twilight Imperium 4 galaxy.
    Ti4(Ti4Place),
    /// A place on a Battlestations ship.
    Battlestations(crate::battlestations::BattlestationsPlace),
}

impl Place {
    /// The name of the ruleset whose board this place is on (`enormity`).
    pub const fn ruleset(&self) -> &'static str {
        match self {
            Self::Location(_) => "enormity",
            Self::Nemesis(_) => "nemesis",
            Self::Ti4(_) => "ti4",
            Self::Battlestations(_) => "battlestations",
        }
    }

    /// The Location-map page the place is on, if it is on one.
    pub const fn page(&self) -> Option<PageId> {
        match self {
            Self::Location(place) => place.page(),
            Self::Nemesis(_) | Self::Ti4(_) | Self::Battlestations(_) => None,
        }
    }

    /// The Location-map place, if the place is one.
    pub const fn location(&self) -> Option<&LocationPlace> {
        match self {
            Self::Location(place) => Some(place),
            Self::Nemesis(_) | Self::Ti4(_) | Self::Battlestations(_) => None,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Location(place) => place.fmt(f),
            Self::Ti4(place) => place.fmt(f),
            Self::Nemesis(place) => place.fmt(f),
            Self::Battlestations(place) => place.fmt(f),
        }
    }
}

impl From<Ti4Place> for Place {
    fn from(place: Ti4Place) -> Self {
        Self::Ti4(place)
    }
}

/// A place in a TI4 galaxy, by spiral index (`position 19`, `position 19 ne`,
/// `seat 1 at position 19`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ti4Place {
    /// The galaxy as a whole.
    Galaxy,
    /// A system position.
    System {
        /// Its spiral index (0 = centre).
        position: u32,
    },
    /// One side of a position (a hyperlane's end, a border).
    Side {
        /// The position's spiral index.
        position: u32,
        /// The side, clockwise from north.
        side: crate::ti4::hex::Direction,
    },
    /// A home seat.
    Seat {
        /// The seat number, from 1.
        seat: u8,
        /// Its position's spiral index.
        position: u32,
    },
}

impl fmt::Display for Ti4Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Galaxy => f.write_str("the galaxy"),
            Self::System { position } => write!(f, "position {position}"),
            Self::Side { position, side } => write!(f, "position {position} {side} side"),
            Self::Seat { seat, position } => write!(f, "seat {seat} at position {position}"),
        }
    }
}

impl From<crate::nemesis::NemesisPlace> for Place {
    fn from(place: crate::nemesis::NemesisPlace) -> Self {
        Self::Nemesis(place)
    }
}

impl From<crate::battlestations::BattlestationsPlace> for Place {
    fn from(place: crate::battlestations::BattlestationsPlace) -> Self {
        Self::Battlestations(place)
    }
}

impl From<LocationPlace> for Place {
    fn from(place: LocationPlace) -> Self {
        Self::Location(place)
    }
}

/// A place on a pack of Location maps, printed as the game prints it
/// (`L1p2 H3`, `L1p2 door 4 between H3 and H4`, `L1p1 east / L1p2 west`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LocationPlace {
    /// A page as a whole.
    Page(PageId),
    /// A space.
    Space {
        /// Its page.
        page: PageId,
        /// The space.
        space: Space,
    },
    /// An edge between two spaces, or on the page outline.
    Edge {
        /// Its page.
        page: PageId,
        /// The edge.
        edge: Edge,
    },
    /// A numbered door.
    Door {
        /// Its page.
        page: PageId,
        /// The door's number.
        number: u16,
        /// The edge it stands on.
        edge: Edge,
        /// The two spaces it stands between (south or west first), when both
        /// are on the page; a door on the page outline has one.
        between: Option<(Space, Space)>,
    },
    /// A grid intersection.
    Intersection {
        /// Its page.
        page: PageId,
        /// The intersection.
        point: Intersection,
    },
    /// A spawn-cluster link between two intersections.
    SpawnLink {
        /// Its page.
        page: PageId,
        /// One end, as written.
        from: Intersection,
        /// The other end.
        to: Intersection,
    },
    /// A join between two page edges in `pack.toml`.
    Join {
        /// The edge the join is written from.
        from: PageEdge,
        /// The edge it is written to.
        to: PageEdge,
    },
}

impl LocationPlace {
    /// A space on a page.
    pub const fn space(page: PageId, space: Space) -> Self {
        Self::Space { page, space }
    }

    /// A door of `page` on `edge`, with the spaces it stands between.
    pub fn door(page: &Page, number: u16, edge: Edge) -> Self {
        let between = match edge.spaces(page.size) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        };
        Self::Door {
            page: page.id,
            number,
            edge,
            between,
        }
    }

    /// The page the place is on; `None` for a join, which is on two.
    pub const fn page(&self) -> Option<PageId> {
        match *self {
            Self::Page(page)
            | Self::Space { page, .. }
            | Self::Edge { page, .. }
            | Self::Door { page, .. }
            | Self::Intersection { page, .. }
            | Self::SpawnLink { page, .. } => Some(page),
            Self::Join { .. } => None,
        }
    }

    /// The place without its page, as printed after it (`H3`, `door 4 between
    /// H3 and H4`); empty for a whole page.
    pub fn on_page(&self) -> String {
        match self {
            Self::Page(_) => String::new(),
            Self::Space { space, .. } => space.to_string(),
            Self::Edge { edge, .. } => edge.to_string(),
            Self::Door {
                number,
                edge,
                between,
                ..
            } => edge.door_place(*number, between.is_none()),
            Self::Intersection { point, .. } => point.to_string(),
            Self::SpawnLink { from, to, .. } => format!("spawn link from {from} to {to}"),
            Self::Join { from, to } => format!("{from} / {to}"),
        }
    }
}

impl fmt::Display for LocationPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Page(page) => write!(f, "{page}"),
            Self::Join { .. } => f.write_str(&self.on_page()),
            _ => match self.page() {
                Some(page) => write!(f, "{page} {}", self.on_page()),
                None => f.write_str(&self.on_page()),
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::coord::Direction;

    fn page() -> PageId {
        PageId { book: 1, page: 2 }
    }

    #[test]
    fn places_print_as_the_game_prints_them() {
        let h3 = Space::parse("H3").unwrap();
        let h4 = Space::parse("H4").unwrap();
        let cases = [
            (LocationPlace::Page(page()), "L1p2"),
            (LocationPlace::space(page(), h3), "L1p2 H3"),
            (
                LocationPlace::Edge {
                    page: page(),
                    edge: h3.side(Direction::North),
                },
                "L1p2 H3 north",
            ),
            (
                LocationPlace::Door {
                    page: page(),
                    number: 4,
                    edge: h3.side(Direction::East),
                    between: Some((h3, h4)),
                },
                "L1p2 door 4 between H3 and H4",
            ),
            (
                LocationPlace::Door {
                    page: page(),
                    number: 1,
                    edge: h3.side(Direction::East),
                    between: None,
                },
                "L1p2 door 1 on the east edge beside H3",
            ),
            (
                LocationPlace::Intersection {
                    page: page(),
                    point: Intersection::parse("H3 ne").unwrap(),
                },
                "L1p2 H3 ne",
            ),
            (
                LocationPlace::SpawnLink {
                    page: page(),
                    from: Intersection::parse("A4 se").unwrap(),
                    to: Intersection::parse("D6 ne").unwrap(),
                },
                "L1p2 spawn link from A4 se to D6 ne",
            ),
            (
                LocationPlace::Join {
                    from: PageEdge::parse("L1p1 east").unwrap(),
                    to: PageEdge::parse("L1p2 west").unwrap(),
                },
                "L1p1 east / L1p2 west",
            ),
        ];
        for (place, printed) in cases {
            assert_eq!(Place::from(place).to_string(), printed);
        }
    }

    #[test]
    fn a_join_is_on_no_single_page() {
        let join = LocationPlace::Join {
            from: PageEdge::parse("L1p1 east").unwrap(),
            to: PageEdge::parse("L1p2 west").unwrap(),
        };
        assert_eq!(join.page(), None);
        assert_eq!(
            LocationPlace::Page(page()).page(),
            Some(page()),
            "a page is on itself"
        );
    }
}
