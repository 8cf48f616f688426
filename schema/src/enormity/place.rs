//! Places on a pack of Location maps, as data: a page, a space, an edge, a
//! door, an intersection, a spawn link or a join.

use std::fmt;

use serde_json::{Value, json};

use super::coord::{Edge, Intersection, PageEdge, PageId, Space};
use super::model::Page;
use crate::place::BoardPlace;

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

impl BoardPlace for LocationPlace {
    const RULESET: &'static str = "enormity";

    fn fields(&self) -> Value {
        match *self {
            Self::Page(page) => json!({ "kind": "page", "page": page.to_string() }),
            Self::Space { page, space } => {
                json!({ "kind": "space", "page": page.to_string(), "space": space.to_string() })
            }
            Self::Edge { page, edge } => {
                json!({ "kind": "edge", "page": page.to_string(), "edge": edge.to_string() })
            }
            Self::Door {
                page,
                number,
                edge,
                between,
            } => json!({
                "kind": "door",
                "page": page.to_string(),
                "number": number,
                "edge": edge.to_string(),
                "between": between.map(|(a, b)| [a.to_string(), b.to_string()]),
            }),
            Self::Intersection { page, point } => json!({
                "kind": "intersection",
                "page": page.to_string(),
                "intersection": point.to_string(),
            }),
            Self::SpawnLink { page, from, to } => json!({
                "kind": "spawn-link",
                "page": page.to_string(),
                "from": from.to_string(),
                "to": to.to_string(),
            }),
            Self::Join { from, to } => {
                json!({ "kind": "join", "from": from.to_string(), "to": to.to_string() })
            }
        }
    }

    fn board(&self) -> Option<String> {
        self.page().map(|page| page.to_string())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Place;
    use crate::enormity::coord::Direction;

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
