//! Turning and mirroring a page with everything on it: spaces, walls and
//! doors, arrows (which turn with the page), markers, terrain, spawn points,
//! links and Blips. The geometry is in one place, [`Transform`], and the
//! page is rebuilt from it, so a feature cannot be left behind facing the
//! old way.
//!
//! Positions count columns from the west and rows from the south, on grid
//! lines `0..=columns` and `0..=rows`; a quarter turn clockwise takes the
//! point `(x, y)` of a page `columns` wide to `(y, columns − x)`.

use deckplan_schema::model::{SpawnLink, StartingBlip};
use deckplan_schema::{Axis, Direction, Edge, Intersection, Page, Size, Space};

/// A change of a page's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// A quarter turn clockwise.
    RotateClockwise,
    /// West and east swapped.
    MirrorWestEast,
    /// North and south swapped.
    MirrorNorthSouth,
}

impl Transform {
    /// The undo step's name.
    pub const fn label(self) -> &'static str {
        match self {
            Self::RotateClockwise => "Rotate page",
            Self::MirrorWestEast => "Mirror page west–east",
            Self::MirrorNorthSouth => "Mirror page north–south",
        }
    }

    /// The page's size afterwards.
    pub const fn size(self, size: Size) -> Size {
        match self {
            Self::RotateClockwise => Size {
                columns: size.rows,
                rows: size.columns,
            },
            Self::MirrorWestEast | Self::MirrorNorthSouth => size,
        }
    }

    /// Where a grid point `(x, y)` of a page of `size` goes.
    const fn point(self, size: Size, x: u16, y: u16) -> (u16, u16) {
        match self {
            Self::RotateClockwise => (y, size.columns.saturating_sub(x)),
            Self::MirrorWestEast => (size.columns.saturating_sub(x), y),
            Self::MirrorNorthSouth => (x, size.rows.saturating_sub(y)),
        }
    }

    /// Where an intersection goes.
    pub const fn intersection(self, size: Size, point: Intersection) -> Intersection {
        let (x, y) = self.point(size, point.x, point.y);
        Intersection { x, y }
    }

    /// Where a space goes: the space between the images of its corners.
    pub const fn space(self, size: Size, space: Space) -> Space {
        let (x0, y0) = self.point(size, space.col, space.row);
        let (x1, y1) = self.point(size, space.col + 1, space.row + 1);
        Space {
            col: if x0 < x1 { x0 } else { x1 },
            row: if y0 < y1 { y0 } else { y1 },
        }
    }

    /// Where an edge goes: the edge between the images of its ends.
    pub fn edge(self, size: Size, edge: Edge) -> Edge {
        let (end_x, end_y) = match edge.axis {
            Axis::Horizontal => (edge.x + 1, edge.y),
            Axis::Vertical => (edge.x, edge.y + 1),
        };
        let (x0, y0) = self.point(size, edge.x, edge.y);
        let (x1, y1) = self.point(size, end_x, end_y);
        if y0 == y1 {
            Edge::horizontal(x0.min(x1), y0)
        } else {
            Edge::vertical(x0, y0.min(y1))
        }
    }

    /// Which way an arrow points afterwards.
    pub const fn direction(self, direction: Direction) -> Direction {
        match (self, direction) {
            (Self::RotateClockwise, Direction::North) => Direction::East,
            (Self::RotateClockwise, Direction::East) => Direction::South,
            (Self::RotateClockwise, Direction::South) => Direction::West,
            (Self::RotateClockwise, Direction::West) => Direction::North,
            (Self::MirrorWestEast, Direction::East) => Direction::West,
            (Self::MirrorWestEast, Direction::West) => Direction::East,
            (Self::MirrorNorthSouth, Direction::North) => Direction::South,
            (Self::MirrorNorthSouth, Direction::South) => Direction::North,
            (_, same) => same,
        }
    }
}

/// `page` turned or mirrored, with everything on it. Its id, Location,
/// title, notes, scan and lint settings stay as they are.
pub fn transformed(page: &Page, how: Transform) -> Page {
    let size = page.size;
    let mut out = Page::new(page.id, page.location.clone(), how.size(size));
    out.title.clone_from(&page.title);
    out.notes.clone_from(&page.notes);
    out.background.clone_from(&page.background);
    out.lint = page.lint.clone();
    out.source = page.source.clone();
    for row in 0..size.rows {
        for col in 0..size.columns {
            let space = Space { row, col };
            if let Some(kind) = page.kind(space) {
                out.set_kind(how.space(size, space), kind);
            }
        }
    }
    out.edges = page
        .edges
        .iter()
        .map(|(edge, feature)| (how.edge(size, *edge), *feature))
        .collect();
    let space = |s: &Space| how.space(size, *s);
    let features = &page.spaces;
    let into = &mut out.spaces;
    into.terrain = features
        .terrain
        .iter()
        .map(|tile| {
            let mut tile = tile.clone();
            tile.spaces = tile.spaces.iter().map(space).collect();
            tile.spaces.sort_unstable();
            tile
        })
        .collect();
    into.forced_arrows = features
        .forced_arrows
        .iter()
        .map(|(s, arrow)| {
            let mut arrow = *arrow;
            arrow.direction = how.direction(arrow.direction);
            (space(s), arrow)
        })
        .collect();
    into.location_arrows = features
        .location_arrows
        .iter()
        .map(|(s, arrow)| {
            let mut arrow = *arrow;
            arrow.direction = how.direction(arrow.direction);
            (space(s), arrow)
        })
        .collect();
    into.consoles = features
        .consoles
        .iter()
        .map(|(n, console)| {
            let mut console = console.clone();
            console.at = space(&console.at);
            (*n, console)
        })
        .collect();
    into.keycards = features
        .keycards
        .iter()
        .map(|(s, k)| (space(s), k.clone()))
        .collect();
    into.discoveries = features
        .discoveries
        .iter()
        .map(|(s, d)| (space(s), *d))
        .collect();
    into.markers = features
        .markers
        .iter()
        .map(|(marker, spaces)| {
            let spaces = spaces.iter().map(|(s, span)| (space(s), *span)).collect();
            (*marker, spaces)
        })
        .collect();
    let point = |p: &Intersection| how.intersection(size, *p);
    let corners = &page.intersections;
    out.intersections.spawn_points = corners
        .spawn_points
        .iter()
        .map(|(p, span)| (point(p), *span))
        .collect();
    out.intersections.spawn_links = corners
        .spawn_links
        .iter()
        .map(|link| SpawnLink {
            a: point(&link.a),
            b: point(&link.b),
            ..*link
        })
        .collect();
    out.intersections.blips = corners
        .blips
        .iter()
        .map(|(p, blip)| {
            (
                point(p),
                StartingBlip {
                    direction: how.direction(blip.direction),
                    ..*blip
                },
            )
        })
        .collect();
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::write::write_page;
    use deckplan_schema::{EdgeKind, PageId};

    fn l1p1() -> Page {
        let pack = crate::testutil::bundled_pack();
        pack.pages[&PageId { book: 1, page: 1 }].clone()
    }

    /// The page as a save writes it: what must come back unchanged.
    fn written(page: &Page) -> String {
        write_page(page)
    }

    #[test]
    fn four_quarter_turns_and_two_mirrors_give_the_page_back() {
        let page = l1p1();
        let mut turned = page.clone();
        for _ in 0..4 {
            turned = transformed(&turned, Transform::RotateClockwise);
        }
        assert_eq!(written(&turned), written(&page));
        for mirror in [Transform::MirrorWestEast, Transform::MirrorNorthSouth] {
            let twice = transformed(&transformed(&page, mirror), mirror);
            assert_eq!(written(&twice), written(&page));
        }
    }

    #[test]
    fn a_quarter_turn_moves_corners_walls_and_arrows_clockwise() {
        let size = Size {
            columns: 12,
            rows: 10,
        };
        let turn = Transform::RotateClockwise;
        assert_eq!(
            turn.size(size),
            Size {
                columns: 10,
                rows: 12
            }
        );
        // The south-west space A1 goes to the north-west corner: L1 on a 12-row page.
        assert_eq!(turn.space(size, Space::new(0, 0)), Space::new(0, 11));
        // The north-west space J1 goes to the north-east: L10.
        assert_eq!(turn.space(size, Space::new(0, 9)), Space::new(9, 11));
        // A1's north side becomes L1's east side.
        assert_eq!(
            turn.edge(size, Edge::horizontal(0, 1)),
            Edge::vertical(1, 11)
        );
        assert_eq!(turn.direction(Direction::North), Direction::East);
        assert_eq!(
            turn.intersection(size, Intersection { x: 0, y: 0 }),
            Intersection { x: 0, y: 12 }
        );
    }

    #[test]
    fn a_mirrored_page_keeps_every_feature() {
        let page = l1p1();
        let mirrored = transformed(&page, Transform::MirrorWestEast);
        let doors = |p: &Page| {
            p.edges
                .values()
                .filter(|f| matches!(f.kind, EdgeKind::Door(_)))
                .count()
        };
        assert_eq!(doors(&mirrored), doors(&page));
        assert_eq!(mirrored.edges.len(), page.edges.len());
        assert_eq!(mirrored.spaces.consoles.len(), page.spaces.consoles.len());
        assert_eq!(
            mirrored.intersections.spawn_points.len(),
            page.intersections.spawn_points.len()
        );
        // Console 1 on H5 of a 12-column page goes to H8.
        assert_eq!(page.spaces.consoles[&1].at, Space::new(4, 7));
        assert_eq!(mirrored.spaces.consoles[&1].at, Space::new(7, 7));
    }
}
