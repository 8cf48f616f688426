//! Where a page sits on the screen: the zoom and pan the user controls
//! ([`View`]) and, for one frame, the mapping between page positions and
//! screen points ([`Geometry`]).
//!
//! Page positions count rows from the bottom (row A is the bottom row) while
//! the screen counts down from the top, so the flip lives here and nowhere
//! else: drawing code asks for a space's rectangle or an intersection's point
//! and never does coordinate arithmetic of its own.

use std::ops::Range;

use deckplan_schema::enormity::{Axis, Edge, Intersection, Size, Space};
use eframe::egui::{Pos2, Rect, Vec2, pos2, vec2};

/// Room left around a fitted page for the row letters and column numbers.
pub const RULER_LEFT: f32 = 34.0;
/// Room above a fitted page for the column numbers.
pub const RULER_TOP: f32 = 24.0;
/// Breathing room on the other two sides of a fitted page.
const FIT_PAD: f32 = 14.0;
/// Smallest and largest size of a space, in points: beyond these a page is
/// either an unreadable speck or one space fills the window.
const CELL_RANGE: (f32, f32) = (3.0, 400.0);
/// A fitted page is not blown up past this, so a tiny test page still looks like a map.
const FIT_MAX_CELL: f32 = 96.0;

/// The user's zoom and pan, kept relative to the canvas so moving or
/// resizing the window does not move the page under the cursor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Size of one space, in points.
    pub cell: f32,
    /// Where the page's top-left corner is, from the canvas's top-left corner.
    pub offset: Vec2,
}

impl View {
    /// The largest view that shows the whole page (with its rulers) in `canvas`, centred.
    pub fn fit(size: Size, canvas: Rect) -> Self {
        let columns = f32::from(size.columns.max(1));
        let rows = f32::from(size.rows.max(1));
        let room = vec2(
            canvas.width() - RULER_LEFT - FIT_PAD,
            canvas.height() - RULER_TOP - FIT_PAD,
        );
        let cell = (room.x / columns)
            .min(room.y / rows)
            .clamp(CELL_RANGE.0, FIT_MAX_CELL);
        let page = vec2(columns, rows) * cell;
        let spare = (room - page).max(Vec2::ZERO) * 0.5;
        Self {
            cell,
            offset: vec2(RULER_LEFT, RULER_TOP) + spare,
        }
    }

    /// The page-to-screen mapping for this frame.
    pub fn geometry(&self, canvas: Rect, size: Size) -> Geometry {
        Geometry {
            origin: canvas.min + self.offset,
            cell: self.cell,
            size,
        }
    }

    /// Zooms by `factor`, keeping the page point under `anchor` (a screen point) where it is.
    pub fn zoom_about(&mut self, canvas: Rect, anchor: Pos2, factor: f32) {
        let cell = (self.cell * factor).clamp(CELL_RANGE.0, CELL_RANGE.1);
        let scale = cell / self.cell;
        let anchor = anchor - canvas.min;
        self.offset = anchor - (anchor - self.offset) * scale;
        self.cell = cell;
    }
}

/// One frame's mapping between a page and the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Screen point of the page's top-left corner (the north-west corner of the top row's first space).
    pub origin: Pos2,
    /// Size of one space, in points.
    pub cell: f32,
    /// The page's size.
    pub size: Size,
}

impl Geometry {
    /// The screen point of grid-line crossing `(x, y)`, counted from the bottom-left corner;
    /// fractional values give points inside spaces.
    pub fn at(&self, x: f32, y: f32) -> Pos2 {
        pos2(
            self.origin.x + x * self.cell,
            self.origin.y + (f32::from(self.size.rows) - y) * self.cell,
        )
    }

    /// The screen point of an intersection.
    pub fn point(&self, point: Intersection) -> Pos2 {
        self.at(f32::from(point.x), f32::from(point.y))
    }

    /// The screen rectangle of a space.
    pub fn space_rect(&self, space: Space) -> Rect {
        let (x, y) = (f32::from(space.col), f32::from(space.row));
        Rect::from_two_pos(self.at(x, y), self.at(x + 1.0, y + 1.0))
    }

    /// The two screen ends of an edge.
    pub fn edge_ends(&self, edge: Edge) -> [Pos2; 2] {
        let (x, y) = (f32::from(edge.x), f32::from(edge.y));
        match edge.axis {
            Axis::Horizontal => [self.at(x, y), self.at(x + 1.0, y)],
            Axis::Vertical => [self.at(x, y), self.at(x, y + 1.0)],
        }
    }

    /// The whole page on screen.
    pub fn page_rect(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            vec2(f32::from(self.size.columns), f32::from(self.size.rows)) * self.cell,
        )
    }

    /// The page position (in spaces, from the bottom-left corner) of a screen point.
    pub fn page_pos(&self, pos: Pos2) -> (f32, f32) {
        (
            (pos.x - self.origin.x) / self.cell,
            f32::from(self.size.rows) - (pos.y - self.origin.y) / self.cell,
        )
    }

    /// The space under a screen point, if it is on the page.
    pub fn space_at(&self, pos: Pos2) -> Option<Space> {
        let (x, y) = self.page_pos(pos);
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        // In range for u16 because the page is; the check below rejects the rest.
        let space = Space::new(
            x.floor().min(f32::from(u16::MAX)) as u16,
            y.floor().min(f32::from(u16::MAX)) as u16,
        );
        self.size.contains(space).then_some(space)
    }

    /// The intersection within `reach` (a fraction of a space) of a screen point, if any:
    /// Blips and spawn points sit on intersections, so hovering near one names it.
    pub fn intersection_near(&self, pos: Pos2, reach: f32) -> Option<Intersection> {
        let (x, y) = self.page_pos(pos);
        let (rx, ry) = (x.round(), y.round());
        if rx < 0.0 || ry < 0.0 || (x - rx).hypot(y - ry) > reach {
            return None;
        }
        let point = Intersection {
            x: rx.min(f32::from(u16::MAX)) as u16,
            y: ry.min(f32::from(u16::MAX)) as u16,
        };
        self.size.contains_intersection(point).then_some(point)
    }

    /// The space under a screen point, or the nearest space on the page when
    /// the point is off it (so a rectangle dragged past the edge stops at it).
    pub fn space_clamped(&self, pos: Pos2) -> Space {
        let (x, y) = self.page_pos(pos);
        let clamp = |v: f32, count: u16| {
            let last = f32::from(count.saturating_sub(1));
            v.floor().clamp(0.0, last) as u16
        };
        Space::new(clamp(x, self.size.columns), clamp(y, self.size.rows))
    }

    /// The intersection nearest a screen point, on the page (corners included).
    pub fn nearest_intersection(&self, pos: Pos2) -> Intersection {
        let (x, y) = self.page_pos(pos);
        Intersection {
            x: x.round().clamp(0.0, f32::from(self.size.columns)) as u16,
            y: y.round().clamp(0.0, f32::from(self.size.rows)) as u16,
        }
    }

    /// The edge within `reach` (a fraction of a space) of a screen point: the
    /// nearer of the horizontal and the vertical grid line through the point.
    pub fn edge_near(&self, pos: Pos2, reach: f32) -> Option<Edge> {
        let (x, y) = self.page_pos(pos);
        if !(x > -reach && y > -reach) {
            return None;
        }
        let to_row_line = (y - y.round()).abs();
        let to_col_line = (x - x.round()).abs();
        let edge = if to_row_line <= to_col_line {
            (to_row_line <= reach && x >= 0.0).then(|| {
                Edge::horizontal(
                    x.floor().min(f32::from(u16::MAX)) as u16,
                    y.round().max(0.0) as u16,
                )
            })
        } else {
            (to_col_line <= reach && y >= 0.0).then(|| {
                Edge::vertical(
                    x.round().max(0.0) as u16,
                    y.floor().min(f32::from(u16::MAX)) as u16,
                )
            })
        }?;
        self.size.contains_edge(edge).then_some(edge)
    }

    /// The screen point of a page position in spaces (fractions allowed).
    pub fn point_at(&self, x: f32, y: f32) -> Pos2 {
        self.at(x, y)
    }

    /// The columns and rows with any part inside `clip`: drawing loops over
    /// these only, so a zoomed-in large page costs what the window shows.
    pub fn visible(&self, clip: Rect) -> (Range<u16>, Range<u16>) {
        let (west, north) = self.page_pos(clip.left_top());
        let (east, south) = self.page_pos(clip.right_bottom());
        let span = |low: f32, high: f32, count: u16| {
            let count_f = f32::from(count);
            let start = low.floor().clamp(0.0, count_f) as u16;
            let end = high.ceil().clamp(0.0, count_f) as u16;
            start..end.max(start)
        };
        (
            span(west, east, self.size.columns),
            span(south, north, self.size.rows),
        )
    }
}

impl crate::paint::ScreenMap for Geometry {
    fn screen(&self, x: f32, y: f32) -> Pos2 {
        self.at(x, y)
    }

    fn board(&self, pos: Pos2) -> (f32, f32) {
        self.page_pos(pos)
    }

    fn scale(&self) -> f32 {
        self.cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: Size = Size {
        columns: 8,
        rows: 4,
    };

    fn geometry() -> Geometry {
        Geometry {
            origin: pos2(100.0, 50.0),
            cell: 10.0,
            size: SIZE,
        }
    }

    #[test]
    fn row_a_is_at_the_bottom() {
        let g = geometry();
        let a1 = g.space_rect(Space::new(0, 0));
        assert_eq!(a1, Rect::from_min_max(pos2(100.0, 80.0), pos2(110.0, 90.0)));
        let d8 = g.space_rect(Space::new(7, 3));
        assert_eq!(d8, Rect::from_min_max(pos2(170.0, 50.0), pos2(180.0, 60.0)));
        assert_eq!(g.space_at(a1.center()), Some(Space::new(0, 0)));
        assert_eq!(g.space_at(d8.center()), Some(Space::new(7, 3)));
        assert_eq!(g.space_at(pos2(99.0, 85.0)), None);
        assert_eq!(g.space_at(pos2(105.0, 91.0)), None);
        assert_eq!(g.space_at(pos2(181.0, 55.0)), None);
    }

    #[test]
    fn intersections_are_found_only_close_by() {
        let g = geometry();
        assert_eq!(
            g.intersection_near(pos2(111.0, 79.0), 0.25),
            Some(Intersection { x: 1, y: 1 })
        );
        assert_eq!(g.intersection_near(pos2(105.0, 85.0), 0.25), None);
        assert_eq!(g.point(Intersection { x: 8, y: 4 }), pos2(180.0, 50.0));
    }

    #[test]
    fn only_the_clipped_part_is_visible() {
        let g = geometry();
        let (cols, rows) = g.visible(Rect::from_min_max(pos2(0.0, 0.0), pos2(1000.0, 1000.0)));
        assert_eq!((cols, rows), (0..8, 0..4));
        // Page x 2.5..5.5 and y 2.1..5 (clamped to 4): columns 3 to 6, rows C and D.
        let (cols, rows) = g.visible(Rect::from_min_max(pos2(125.0, 40.0), pos2(155.0, 69.0)));
        assert_eq!((cols, rows), (2..6, 2..4));
        let (cols, rows) = g.visible(Rect::from_min_max(pos2(0.0, 0.0), pos2(50.0, 40.0)));
        assert!(cols.is_empty() || rows.is_empty());
    }

    #[test]
    fn fit_shows_the_whole_page_and_zoom_keeps_the_anchor() {
        let canvas = Rect::from_min_size(pos2(200.0, 30.0), vec2(800.0, 600.0));
        let mut view = View::fit(SIZE, canvas);
        let page = view.geometry(canvas, SIZE).page_rect();
        assert!(canvas.contains_rect(page), "{page:?} in {canvas:?}");
        let anchor = pos2(500.0, 300.0);
        let before = view.geometry(canvas, SIZE);
        view.zoom_about(canvas, anchor, 2.0);
        let after = view.geometry(canvas, SIZE);
        let (bx, by) = before.page_pos(anchor);
        let (ax, ay) = after.page_pos(anchor);
        assert!((bx - ax).abs() < 1e-4 && (by - ay).abs() < 1e-4);
    }
}
