//! Aligning a scan by hand: the user drags a point of the scan (a printed
//! grid corner) onto a grid intersection, then a second one; the two pairs
//! give the scan's scale and offset, applied as one undo step. Esc cancels.
//!
//! The scan follows the pointer while a point is dragged, the drop snapped
//! to the nearest intersection, so the fit is seen before letting go.

use deckplan_schema::enormity::{Background, Intersection, PageId};
use eframe::egui::{Align2, Color32, FontId, Painter, Pos2, Stroke, vec2};

use crate::enormity::background::{FitProblem, Placement};
use crate::enormity::tools::{Phase, Pointer};
use crate::enormity::view::Geometry;

/// An alignment in progress on one page.
#[derive(Clone, Debug, PartialEq)]
pub struct ScanAlign {
    /// The page whose scan is aligned.
    pub page: PageId,
    /// The first pair dropped: a scan pixel and the intersection it lies on.
    first: Option<([f64; 2], Intersection)>,
    /// The scan pixel the drag in progress holds, and where it would drop.
    held: Option<([f64; 2], Intersection)>,
}

/// What a pointer event did to an alignment.
#[derive(Clone, Debug, PartialEq)]
pub enum AlignStep {
    /// Nothing to report.
    Continue,
    /// The first point was dropped; a second one is wanted.
    FirstPlaced(Intersection),
    /// Both points are placed: the scan's new placement.
    Done(Background),
    /// The second drop cannot place the scan; the first one stays.
    Refused(FitProblem),
}

fn point(at: Intersection) -> [f64; 2] {
    [f64::from(at.x), f64::from(at.y)]
}

impl ScanAlign {
    /// Starts aligning the scan of `page`.
    pub fn new(page: PageId) -> Self {
        Self {
            page,
            first: None,
            held: None,
        }
    }

    /// What to do next, for the banner over the canvas.
    pub fn hint(&self) -> &'static str {
        match self.first {
            None => {
                "Align the scan, point 1 of 2: drag a printed grid corner of the scan onto its intersection · Esc cancels"
            }
            Some(_) => {
                "Align the scan, point 2 of 2: drag another printed corner, far from the first, onto its intersection · Esc cancels"
            }
        }
    }

    /// The placement shown now: the page's own, moved by what was dropped
    /// and what is being dragged.
    pub fn preview(&self, placed: &Placement) -> Placement {
        match (self.first, self.held) {
            (None, None) => *placed,
            (None, Some((pixel, to))) | (Some((pixel, to)), None) => placed.moved(pixel, point(to)),
            (Some((p1, g1)), Some((p2, g2))) => placed
                .fitted([(p1, point(g1)), (p2, point(g2))])
                .unwrap_or_else(|_| placed.moved(p1, point(g1))),
        }
    }

    /// Follows the pointer: a press takes hold of the scan point under it, a
    /// drag carries it to the nearest intersection, a release drops it there.
    pub fn pointer(
        &mut self,
        background: &Background,
        placed: &Placement,
        geo: &Geometry,
        pointer: &Pointer,
    ) -> AlignStep {
        let Some(pos) = pointer.pos else {
            return AlignStep::Continue;
        };
        let target = geo.nearest_intersection(pos);
        match pointer.phase {
            Phase::Hover => AlignStep::Continue,
            Phase::Pressed => {
                // The scan point under the pointer, as the scan is shown now.
                let (x, y) = geo.page_pos(pointer.press_pos.unwrap_or(pos));
                let pixel = self.preview(placed).pixel_at([f64::from(x), f64::from(y)]);
                self.held = Some((pixel, target));
                AlignStep::Continue
            }
            Phase::Dragging => {
                if let Some((_, to)) = &mut self.held {
                    *to = target;
                }
                AlignStep::Continue
            }
            Phase::Released => {
                let Some((pixel, _)) = self.held.take() else {
                    return AlignStep::Continue;
                };
                match self.first {
                    None => {
                        self.first = Some((pixel, target));
                        AlignStep::FirstPlaced(target)
                    }
                    Some((p1, g1)) => {
                        match placed.fitted([(p1, point(g1)), (pixel, point(target))]) {
                            Ok(fitted) => AlignStep::Done(fitted.apply(background)),
                            Err(problem) => AlignStep::Refused(problem),
                        }
                    }
                }
            }
        }
    }

    /// Rings the intersections dropped on (numbered), and links the point
    /// being dragged to the ring it would drop on.
    pub fn draw(&self, painter: &Painter, geo: &Geometry, pointer: Option<Pos2>) {
        let colour = Color32::from_rgb(235, 120, 30);
        let ring = |at: Intersection, label: &str| {
            let centre = geo.point(at);
            painter.circle_stroke(centre, 10.0, Stroke::new(4.0, Color32::WHITE));
            painter.circle_stroke(centre, 10.0, Stroke::new(2.0, colour));
            painter.text(
                centre + vec2(12.0, -12.0),
                Align2::LEFT_BOTTOM,
                label,
                FontId::proportional(16.0),
                colour,
            );
        };
        if let Some((_, at)) = self.first {
            ring(at, "1");
        }
        if let Some((_, at)) = self.held {
            ring(at, if self.first.is_some() { "2" } else { "1" });
            if let Some(pointer) = pointer {
                painter.line_segment([pointer, geo.point(at)], Stroke::new(1.5, colour));
            }
        }
    }

    /// A banner along the foot of the canvas saying what to do (the top
    /// holds the column numbers and a page's first row).
    pub fn draw_banner(&self, painter: &Painter, canvas: eframe::egui::Rect) {
        let at = canvas.center_bottom() - vec2(0.0, 24.0);
        let galley = painter.layout_no_wrap(
            self.hint().to_string(),
            FontId::proportional(15.0),
            Color32::WHITE,
        );
        let rect = Align2::CENTER_CENTER
            .anchor_size(at, galley.size())
            .expand2(vec2(10.0, 6.0));
        painter.rect_filled(rect, 4.0, Color32::from_rgba_unmultiplied(20, 24, 32, 225));
        painter.galley(rect.min + vec2(10.0, 6.0), galley, Color32::WHITE);
    }
}
