//! What is selected: one place on one page, or a rectangle of spaces. The
//! inspector edits what is on it, Delete clears it, the select tool moves it;
//! a rectangle can also be copied, pasted, turned and mirrored
//! ([`crate::enormity::region`]).
//!
//! A selection names a *place*, not a feature, because several features can
//! share a space (a console on a Spacer start under a terrain tile) and the
//! inspector shows them all together.

use deckplan_schema::enormity::{Edge, Intersection, PageId, Space};
use eframe::egui::Pos2;

use crate::enormity::region::Area;
use crate::enormity::view::Geometry;

/// How close (in spaces) the pointer must be to an intersection to pick it.
pub const INTERSECTION_REACH: f32 = 0.2;
/// How close (in spaces) the pointer must be to a grid line to pick its edge.
pub const EDGE_REACH: f32 = 0.12;

/// The selected place.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    /// Nothing: the inspector shows the page.
    #[default]
    None,
    /// A space and everything on it.
    Space {
        /// Its page.
        page: PageId,
        /// The space.
        space: Space,
    },
    /// An edge (wall, red line or door).
    Edge {
        /// Its page.
        page: PageId,
        /// The edge.
        edge: Edge,
    },
    /// An intersection (spawn point, links, starting Blip).
    Intersection {
        /// Its page.
        page: PageId,
        /// The intersection.
        point: Intersection,
    },
    /// A rectangle of spaces, with the edges and corners on its outline.
    Area {
        /// Its page.
        page: PageId,
        /// The rectangle.
        area: Area,
    },
}

impl Selection {
    /// The page of the selected place.
    pub fn page(self) -> Option<PageId> {
        match self {
            Self::None => None,
            Self::Space { page, .. }
            | Self::Edge { page, .. }
            | Self::Intersection { page, .. }
            | Self::Area { page, .. } => Some(page),
        }
    }

    /// This selection if it is on `page`, else none.
    pub fn filter_page(self, page: PageId) -> Self {
        if self.page() == Some(page) {
            self
        } else {
            Self::None
        }
    }

    /// The place under a screen point: an intersection when close to one,
    /// else an edge when close to a grid line, else the space.
    pub fn pick(page: PageId, geo: &Geometry, pos: Pos2) -> Self {
        if let Some(point) = geo.intersection_near(pos, INTERSECTION_REACH) {
            return Self::Intersection { page, point };
        }
        if let Some(edge) = geo.edge_near(pos, EDGE_REACH) {
            return Self::Edge { page, edge };
        }
        match geo.space_at(pos) {
            Some(space) => Self::Space { page, space },
            None => Self::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckplan_schema::enormity::Size;
    use eframe::egui::pos2;

    #[test]
    fn picks_intersections_then_edges_then_spaces() {
        let geo = Geometry {
            origin: pos2(0.0, 0.0),
            cell: 100.0,
            size: Size {
                columns: 4,
                rows: 3,
            },
        };
        let page = PageId { book: 1, page: 1 };
        assert_eq!(
            Selection::pick(page, &geo, pos2(102.0, 98.0)),
            Selection::Intersection {
                page,
                point: Intersection { x: 1, y: 2 }
            }
        );
        assert_eq!(
            Selection::pick(page, &geo, pos2(150.0, 105.0)),
            Selection::Edge {
                page,
                edge: Edge::horizontal(1, 2)
            }
        );
        assert_eq!(
            Selection::pick(page, &geo, pos2(150.0, 150.0)),
            Selection::Space {
                page,
                space: Space::new(1, 1)
            }
        );
        assert_eq!(
            Selection::pick(page, &geo, pos2(-50.0, 150.0)),
            Selection::None
        );
    }
}
