//! The layout view: every page placed by its joins, as the validator lays
//! them out, with the joins drawn on the shared lines (green when the
//! intersections line up, amber when the offset is fractional — a misaligned
//! join). Drag a page next to another and it snaps edge to edge, making or
//! updating the join between them; whole spaces by default, half spaces with
//! Alt held. Dropping a page away from every other detaches it.
//!
//! Layout positions count in hundredths of a space, upward and eastward from
//! the start page's bottom-left corner; `screen_from_layout` is the only
//! place they meet screen points.

use deckplan_schema::enormity::model::Offset;
use deckplan_schema::enormity::{Direction, PageEdge, PageId};
use deckplan_validator::enormity::board::layout::{JoinProblem, PackLayout, Placement, UNIT};
use eframe::egui::{
    self, Align2, Color32, FontId, Painter, PointerButton, Pos2, Rect, Sense, Stroke, StrokeKind,
    Ui, Vec2, pos2, vec2,
};

use crate::command::Commands;
use crate::enormity::action::PageAction;
use crate::enormity::canvas::{self, Layers};
use crate::enormity::command::Command;
use crate::enormity::document::Document;
use crate::enormity::ops;
use crate::enormity::panels::page_view::BACKDROP;
use crate::enormity::scenes::Scenes;
use crate::enormity::view::Geometry;

/// How close (in spaces) two page edges must come to snap together.
const SNAP_REACH: i64 = 75;
const ALIGNED: Color32 = Color32::from_rgb(60, 200, 110);
const MISALIGNED: Color32 = Color32::from_rgb(245, 165, 30);
/// A misaligned join the pack allows, with a reason: as printed, not a mistake.
const ALLOWED: Color32 = Color32::from_rgb(110, 170, 235);

/// Why a misaligned join is meant: the reason of the `misaligned-join`
/// allowance that covers it, looked up as the validator files the finding
/// (the `to` page's `[lint]` table first, then the pack's).
fn allowed_because<'p>(
    pack: &'p deckplan_schema::enormity::Pack,
    join: &deckplan_schema::enormity::Join,
) -> Option<&'p str> {
    let name = deckplan_validator::enormity::checks::misaligned_join::META.name;
    let setting = pack
        .pages
        .get(&join.to.page)
        .and_then(|page| page.lint.checks.get(name))
        .or_else(|| pack.lint.checks.get(name))?;
    (setting.level == deckplan_schema::lint_table::LintLevel::Allow)
        .then_some(setting.reason.as_str())
}
const LABEL: Color32 = Color32::from_gray(230);

/// The layout view's state.
pub struct LayoutView {
    /// Zoom and pan; `None` until first drawn (or after F / Ctrl+0), when
    /// every page is fitted in once and the fit kept, so joining pages or
    /// resizing panels never moves the layout by itself.
    view: Option<Frame>,
    /// The window size `view` was fitted for, while nobody has zoomed or
    /// panned since: resizing the window fits again (as the page view does),
    /// resizing a panel or joining pages does not.
    untouched_fit: Option<Vec2>,
    drag: Option<PageDrag>,
    /// Last frame's canvas.
    pub canvas: Rect,
    /// Last frame's mapping (tests aim with it).
    pub frame: Option<Frame>,
    /// Last frame's page names and join badges, where they were drawn.
    pub labels: Vec<Rect>,
}

impl Default for LayoutView {
    fn default() -> Self {
        Self {
            view: None,
            untouched_fit: None,
            drag: None,
            canvas: Rect::NOTHING,
            frame: None,
            labels: Vec::new(),
        }
    }
}

/// The mapping between layout positions and the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// Points per space.
    pub cell: f32,
    /// The screen point of layout position (0, 0).
    pub origin: Pos2,
}

impl Frame {
    /// The screen point of a layout position (hundredths of a space).
    pub fn screen_from_layout(&self, x: i64, y: i64) -> Pos2 {
        pos2(
            self.origin.x + x as f32 / UNIT as f32 * self.cell,
            self.origin.y - y as f32 / UNIT as f32 * self.cell,
        )
    }

    /// A page's rectangle on screen.
    pub fn rect(&self, p: &Placement) -> Rect {
        Rect::from_two_pos(
            self.screen_from_layout(p.x, p.y),
            self.screen_from_layout(p.x + p.width, p.y + p.height),
        )
    }

    /// A screen distance as layout units.
    fn layout_from_screen_delta(&self, delta: Vec2) -> (i64, i64) {
        let per_point = UNIT as f32 / self.cell;
        (
            (delta.x * per_point).round() as i64,
            (-delta.y * per_point).round() as i64,
        )
    }
}

#[derive(Clone, Copy)]
struct PageDrag {
    page: PageId,
    press: Pos2,
    from: Placement,
}

/// Where a dragged page would snap: its edge against another's, at an offset.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Snap {
    fixed: PageEdge,
    moved: PageEdge,
    offset: Offset,
    at: Placement,
}

impl LayoutView {
    /// Fits every page in again.
    pub fn fit(&mut self) {
        self.view = None;
    }

    /// Zooms around the canvas centre.
    pub fn zoom(&mut self, factor: f32) {
        if let Some(mut frame) = self.frame {
            let centre = self.canvas.center();
            frame.origin = centre + (frame.origin - centre) * factor;
            frame.cell *= factor;
            self.view = Some(frame);
            self.untouched_fit = None;
        }
    }

    /// Draws the layout and handles dragging pages.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        doc: &Document,
        shown: Option<PageId>,
        scenes: &mut Scenes,
        out: &mut Commands,
    ) {
        let canvas = ui.available_rect_before_wrap();
        self.canvas = canvas;
        let response = ui.allocate_rect(canvas, Sense::click_and_drag());
        let painter = ui.painter_at(canvas);
        painter.rect_filled(canvas, 0.0, BACKDROP);
        let layout = PackLayout::new(&doc.pack);
        if layout.placements.is_empty() {
            return;
        }
        let frame = self.pan_and_zoom(ui, &response, &layout, canvas);
        self.frame = Some(frame);
        let (dragging, released) = self.track_drag(ui, &response, &layout, frame, out);

        // Pages, then joins on top, then the dragged page's ghost.
        draw_pages(&painter, doc, &layout, frame, shown, dragging, scenes);
        self.labels = draw_labels(&painter, doc, &layout, frame);
        if let Some(dragging) = dragging.filter(|d| d.moved) {
            draw_ghost(&painter, canvas, doc, frame, dragging, scenes);
        }

        if released && let Some(dragging) = dragging {
            drop_page(doc, &layout, dragging, out);
        }
        if released {
            self.drag = None;
        }
        if response.double_clicked()
            && let Some(pos) = response.interact_pointer_pos()
            && let Some((id, _)) = layout
                .placements
                .iter()
                .find(|(_, p)| frame.rect(p).contains(pos))
        {
            out.push(Command::ShowPage(*id));
            out.push(Command::Run(PageAction::ToggleLayout.into()));
        }
        painter.text(
            canvas.left_bottom() + vec2(10.0, -8.0),
            Align2::LEFT_BOTTOM,
            "Drag a page against another to join them (Alt: half spaces) · double-click a page to draw it",
            FontId::proportional(13.0),
            Color32::from_gray(190),
        );
    }

    /// This frame's mapping: every page fitted in until someone zooms or
    /// pans (again when the window is resized), panned by a middle or right
    /// drag, zoomed around the pointer by scrolling or pinching.
    fn pan_and_zoom(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        layout: &PackLayout,
        canvas: Rect,
    ) -> Frame {
        let window = ui.ctx().content_rect().size();
        if self.untouched_fit.is_some_and(|size| size != window) {
            self.view = None;
        }
        let mut frame = self.view.unwrap_or_else(|| fit(layout, canvas));
        if self.view.is_none() && canvas.width() > 64.0 && canvas.height() > 64.0 {
            self.view = Some(frame);
            self.untouched_fit = Some(window);
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
        {
            frame.origin += response.drag_delta();
            self.view = Some(frame);
            self.untouched_fit = None;
        }
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > 1e-4 {
                let cell = (frame.cell * factor).clamp(1.0, 200.0);
                let factor = cell / frame.cell;
                frame.origin = pointer + (frame.origin - pointer) * factor;
                frame.cell = cell;
                self.view = Some(frame);
                self.untouched_fit = None;
            }
        }
        frame
    }

    /// Starts dragging the page under a primary press (and shows it), and
    /// follows the drag: where the page would go and what it would snap to
    /// (half spaces with Alt). Also returns whether the button was released
    /// this frame.
    fn track_drag(
        &mut self,
        ui: &Ui,
        response: &egui::Response,
        layout: &PackLayout,
        frame: Frame,
        out: &mut Commands,
    ) -> (Option<Dragging>, bool) {
        let (pressed, released, pos, origin, alt) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_released(),
                i.pointer.interact_pos(),
                i.pointer.press_origin(),
                i.modifiers.alt,
            )
        });
        if pressed
            && response.hovered()
            && let Some(pos) = origin.or(pos)
        {
            let hit = layout
                .placements
                .iter()
                .rev()
                .find(|(_, p)| frame.rect(p).contains(pos));
            if let Some((&page, &from)) = hit {
                self.drag = Some(PageDrag {
                    page,
                    press: pos,
                    from,
                });
                out.push(Command::ShowPage(page));
            }
        }
        let dragging = self.drag.and_then(|drag| {
            let pos = pos?;
            let (dx, dy) = frame.layout_from_screen_delta(pos - drag.press);
            let moved = drag.press.distance(pos) > 4.0;
            let ghost = Placement {
                x: drag.from.x + dx,
                y: drag.from.y + dy,
                ..drag.from
            };
            let snapped = snap(layout, drag.page, ghost, if alt { UNIT / 2 } else { UNIT });
            Some(Dragging {
                drag,
                ghost,
                snapped,
                moved,
            })
        });
        (dragging, released)
    }
}

/// A page being dragged, this frame.
#[derive(Clone, Copy)]
struct Dragging {
    drag: PageDrag,
    /// Where the pointer has taken it.
    ghost: Placement,
    /// Where it would snap, if anywhere.
    snapped: Option<Snap>,
    /// Whether the pointer has gone far enough to be a drag, not a click.
    moved: bool,
}

/// Every placed page with its outline (bold for the page shown), the dragged
/// one dimmed where it was.
fn draw_pages(
    painter: &Painter,
    doc: &Document,
    layout: &PackLayout,
    frame: Frame,
    shown: Option<PageId>,
    dragging: Option<Dragging>,
    scenes: &mut Scenes,
) {
    for (id, placement) in &layout.placements {
        let Some(page) = doc.pack.pages.get(id) else {
            continue;
        };
        let rect = frame.rect(placement);
        let geo = Geometry {
            origin: rect.min,
            cell: frame.cell,
            size: page.size,
        };
        let dimmed = dragging.is_some_and(|d| d.drag.page == *id && d.moved);
        canvas::draw_page(
            painter,
            scenes.page(page),
            None,
            &geo,
            Layers {
                grid: frame.cell >= 10.0,
                ..Layers::default()
            },
        );
        if dimmed {
            painter.rect_filled(rect, 0.0, Color32::from_black_alpha(140));
        }
        let outline = if Some(*id) == shown {
            Stroke::new(3.0, Color32::from_rgb(30, 120, 235))
        } else {
            Stroke::new(1.0, Color32::from_gray(140))
        };
        painter.rect_stroke(rect, 0.0, outline, StrokeKind::Outside);
    }
}

/// Join badges and page names, drawn last, on a backing, so a page above
/// another does not hide them; each takes the first free place it can have.
/// Returns where they were drawn.
fn draw_labels(painter: &Painter, doc: &Document, layout: &PackLayout, frame: Frame) -> Vec<Rect> {
    let mut labels = Labels::default();
    for contact in layout.contacts() {
        if let Some(join) = doc.pack.joins.get(contact.join) {
            let allowed = allowed_because(&doc.pack, join).is_some();
            draw_join(
                painter,
                &frame,
                layout,
                join,
                (contact.aligned, allowed),
                &mut labels,
            );
        }
    }
    for (id, placement) in &layout.placements {
        if let Some(page) = doc.pack.pages.get(id) {
            let start = *id == doc.pack.start;
            page_label(painter, frame.rect(placement), page, start, &mut labels);
        }
    }
    labels.taken
}

/// The dragged page, faded, where it would land, outlined in the colour of
/// the join it would make, with a line saying what dropping it does.
fn draw_ghost(
    painter: &Painter,
    canvas: Rect,
    doc: &Document,
    frame: Frame,
    dragging: Dragging,
    scenes: &mut Scenes,
) {
    let Dragging {
        drag,
        ghost,
        snapped,
        ..
    } = dragging;
    let at = snapped.map_or(ghost, |s| s.at);
    let rect = frame.rect(&at);
    let colour = match snapped {
        Some(s) if s.offset.is_aligned() => ALIGNED,
        Some(_) => MISALIGNED,
        None => Color32::from_gray(200),
    };
    // The page itself, faded, where it would land.
    if let Some(page) = doc.pack.pages.get(&drag.page) {
        let mut faded = painter.clone();
        faded.multiply_opacity(0.75);
        let geo = Geometry {
            origin: rect.min,
            cell: frame.cell,
            size: page.size,
        };
        canvas::draw_page(&faded, scenes.page(page), None, &geo, Layers::default());
    }
    painter.rect_filled(rect, 0.0, colour.gamma_multiply(0.12));
    painter.rect_stroke(rect, 0.0, Stroke::new(3.0, colour), StrokeKind::Outside);
    let text = match snapped {
        Some(s) => format!(
            "{} against {}, offset {}{}",
            s.moved,
            s.fixed,
            s.offset,
            if s.offset.is_aligned() {
                ""
            } else {
                " (misaligned)"
            }
        ),
        None => format!("{}: drop against another page's edge to join it", drag.page),
    };
    // Above the ghost, on a backing, kept inside the canvas.
    let galley = painter.layout_no_wrap(text, FontId::proportional(14.0), LABEL);
    let size = galley.size();
    let x = (rect.center().x - size.x / 2.0)
        .min(canvas.right() - size.x - 8.0)
        .max(canvas.left() + 8.0);
    let y = (rect.top() - size.y - 8.0).max(canvas.top() + 8.0);
    let backing = Rect::from_min_size(pos2(x, y), size).expand2(vec2(6.0, 3.0));
    painter.rect(
        backing,
        4.0,
        Color32::from_black_alpha(200),
        Stroke::new(1.0, colour),
        StrokeKind::Outside,
    );
    painter.galley(pos2(x, y), galley, LABEL);
}

/// What dropping a dragged page does: joins it where it snapped, or, dropped
/// away from every other page, detaches it from the page it was joined to.
fn drop_page(doc: &Document, layout: &PackLayout, dragging: Dragging, out: &mut Commands) {
    let Dragging {
        drag,
        snapped,
        moved,
        ..
    } = dragging;
    let placed_by = layout.origins.get(&drag.page).and_then(|o| o.join);
    match snapped {
        Some(s) if moved => {
            let edit = ops::join_pages(&doc.pack, s.fixed, s.moved, s.offset, placed_by);
            out.push(Command::Apply(crate::enormity::edit::Transaction {
                label: format!("Join {} to {}", s.moved.page, s.fixed.page),
                edits: vec![edit],
            }));
        }
        None if moved => {
            if let Some(index) = placed_by {
                out.push(Command::Apply(crate::enormity::edit::Transaction {
                    label: format!("Detach {}", drag.page),
                    edits: vec![ops::unjoin(&doc.pack, index)],
                }));
            }
        }
        _ => {}
    }
}

/// A frame showing every placed page.
fn fit(layout: &PackLayout, canvas: Rect) -> Frame {
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for p in layout.placements.values() {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x + p.width);
        y1 = y1.max(p.y + p.height);
    }
    let width = (x1 - x0).max(UNIT) as f32 / UNIT as f32;
    let height = (y1 - y0).max(UNIT) as f32 / UNIT as f32;
    let room = canvas.size() - vec2(80.0, 110.0);
    let cell = (room.x / width).min(room.y / height).clamp(1.0, 60.0);
    let centre = (
        (x0 + x1) as f32 / 2.0 / UNIT as f32,
        (y0 + y1) as f32 / 2.0 / UNIT as f32,
    );
    Frame {
        cell,
        origin: pos2(
            canvas.center().x - centre.0 * cell,
            canvas.center().y + centre.1 * cell,
        ),
    }
}

/// The best snap for a page dragged to `ghost`: the nearest other page edge
/// within reach that it could lie against, the offset rounded to `step`.
fn snap(layout: &PackLayout, page: PageId, ghost: Placement, step: i64) -> Option<Snap> {
    let mut best: Option<(i64, Snap)> = None;
    let round = |v: i64| (v as f64 / step as f64).round() as i64 * step;
    for (&other, q) in &layout.placements {
        if other == page {
            continue;
        }
        let overlaps_y = ghost.y < q.y + q.height && q.y < ghost.y + ghost.height;
        let overlaps_x = ghost.x < q.x + q.width && q.x < ghost.x + ghost.width;
        let candidates = [
            // ghost west against q east
            (
                overlaps_y,
                (ghost.x - (q.x + q.width)).abs(),
                Direction::East,
                ghost.y - q.y,
            ),
            // ghost east against q west
            (
                overlaps_y,
                (ghost.x + ghost.width - q.x).abs(),
                Direction::West,
                ghost.y - q.y,
            ),
            // ghost south against q north
            (
                overlaps_x,
                (ghost.y - (q.y + q.height)).abs(),
                Direction::North,
                ghost.x - q.x,
            ),
            // ghost north against q south
            (
                overlaps_x,
                (ghost.y + ghost.height - q.y).abs(),
                Direction::South,
                ghost.x - q.x,
            ),
        ];
        for (overlaps, distance, side, along) in candidates {
            if !overlaps || distance > SNAP_REACH {
                continue;
            }
            let offset = round(along);
            let at = match side {
                Direction::East => Placement {
                    x: q.x + q.width,
                    y: q.y + offset,
                    ..ghost
                },
                Direction::West => Placement {
                    x: q.x - ghost.width,
                    y: q.y + offset,
                    ..ghost
                },
                Direction::North => Placement {
                    x: q.x + offset,
                    y: q.y + q.height,
                    ..ghost
                },
                Direction::South => Placement {
                    x: q.x + offset,
                    y: q.y - ghost.height,
                    ..ghost
                },
            };
            let candidate = Snap {
                fixed: PageEdge { page: other, side },
                moved: PageEdge {
                    page,
                    side: side.opposite(),
                },
                offset: Offset {
                    hundredths: i32::try_from(offset).unwrap_or(0),
                },
                at,
            };
            if best.as_ref().is_none_or(|(d, _)| distance < *d) {
                best = Some((distance, candidate));
            }
        }
    }
    best.map(|(_, s)| s)
}

/// Labels already drawn on the layout, so the next one goes where it
/// overprints none of them.
#[derive(Debug, Default)]
pub struct Labels {
    taken: Vec<Rect>,
}

impl Labels {
    /// The first of `candidates` (label rectangles, best first) that overlaps
    /// no label drawn before; the first when none is free. It is then taken.
    pub fn place(&mut self, candidates: impl IntoIterator<Item = Rect>) -> Option<Rect> {
        let candidates: Vec<Rect> = candidates.into_iter().collect();
        let free = candidates
            .iter()
            .find(|c| !self.taken.iter().any(|t| t.intersects(**c)))
            .or(candidates.first())
            .copied()?;
        self.taken.push(free);
        Some(free)
    }
}

/// A page's name above its top-left corner, or, where another label is
/// there already, inside the page's top-left corner, then further along.
fn page_label(
    painter: &Painter,
    rect: Rect,
    page: &deckplan_schema::enormity::Page,
    start: bool,
    labels: &mut Labels,
) {
    let mut text = match &page.title {
        Some(title) => format!("{} · {title}", page.id),
        None => page.id.to_string(),
    };
    if start {
        text.push_str(" · start");
    }
    let galley = painter.layout_no_wrap(text, FontId::proportional(13.0), LABEL);
    let size = galley.size() + vec2(8.0, 2.0);
    let above = rect.left_top() + vec2(-4.0, -size.y - 3.0);
    let inside = rect.left_top() + vec2(2.0, 2.0);
    let candidates = [
        above,
        inside,
        above + vec2(rect.width() - size.x, 0.0),
        inside + vec2(0.0, size.y + 2.0),
        rect.left_bottom() + vec2(2.0, -size.y - 2.0),
    ]
    .map(|at| Rect::from_min_size(at, size));
    let Some(backing) = labels.place(candidates) else {
        return;
    };
    painter.rect_filled(backing, 3.0, Color32::from_black_alpha(150));
    painter.galley(backing.min + vec2(4.0, 1.0), galley, LABEL);
}

/// A join: a bold line along the shared edge, green or amber, with its
/// offset on a badge where no other label is.
fn draw_join(
    painter: &Painter,
    frame: &Frame,
    layout: &PackLayout,
    join: &deckplan_schema::enormity::Join,
    (aligned, allowed): (bool, bool),
    labels: &mut Labels,
) {
    let (Some(a), Some(b)) = (
        layout.placements.get(&join.from.page),
        layout.placements.get(&join.to.page),
    ) else {
        return;
    };
    let vertical = matches!(join.from.side, Direction::East | Direction::West);
    let (start, end) = if vertical {
        let x = match join.from.side {
            Direction::East => a.x + a.width,
            _ => a.x,
        };
        let (y0, y1) = (a.y.max(b.y), (a.y + a.height).min(b.y + b.height));
        (
            frame.screen_from_layout(x, y0),
            frame.screen_from_layout(x, y1),
        )
    } else {
        let y = match join.from.side {
            Direction::North => a.y + a.height,
            _ => a.y,
        };
        let (x0, x1) = (a.x.max(b.x), (a.x + a.width).min(b.x + b.width));
        (
            frame.screen_from_layout(x0, y),
            frame.screen_from_layout(x1, y),
        )
    };
    let colour = match (aligned, allowed) {
        (true, _) => ALIGNED,
        (false, true) => ALLOWED,
        (false, false) => MISALIGNED,
    };
    painter.line_segment(
        [start, end],
        Stroke::new(5.0, Color32::from_black_alpha(160)),
    );
    painter.line_segment([start, end], Stroke::new(3.0, colour));
    let mid = start.lerp(end, 0.5);
    let text = match (aligned, allowed) {
        (true, _) => format!("offset {}", join.offset),
        // Printed this way, with the reason in the joins panel: not a warning.
        (false, true) => format!("offset {} as printed", join.offset),
        (false, false) => format!("offset {} ⚠", join.offset),
    };
    let galley = painter.layout_no_wrap(text, FontId::proportional(12.0), Color32::BLACK);
    let size = galley.size() + vec2(8.0, 4.0);
    // The middle of the shared edge first, then slid along it either way.
    let step = if vertical { size.y + 4.0 } else { size.x + 4.0 };
    let length = (end - start).length().max(1.0);
    let along = (end - start) / length;
    let mut candidates = vec![Rect::from_center_size(mid, size)];
    for k in 1..=6 {
        for sign in [-1.0, 1.0] {
            let shift = sign * step * k as f32;
            if shift.abs() <= length / 2.0 {
                candidates.push(Rect::from_center_size(mid + along * shift, size));
            }
        }
    }
    let Some(rect) = labels.place(candidates) else {
        return;
    };
    painter.rect_filled(rect, 4.0, colour);
    painter.galley(rect.min + vec2(4.0, 2.0), galley, Color32::BLACK);
}

/// The joins panel shown beside the layout: every join with its offset,
/// whether it lines up, and a button to remove it.
pub fn joins_ui(ui: &mut Ui, doc: &Document, out: &mut Commands) {
    ui.heading("Joins");
    ui.weak("Pages lie edge to edge where they are joined; the offset shifts them along the edge.");
    ui.add_space(4.0);
    if doc.pack.joins.is_empty() {
        ui.weak("No joins yet: drag a page against another in the layout.");
        return;
    }
    let layout = PackLayout::new(&doc.pack);
    egui::Grid::new("joins-grid")
        .num_columns(4)
        .striped(true)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for (index, join) in doc.pack.joins.iter().enumerate() {
                ui.label(format!("{}\n↔ {}", join.from, join.to));
                let problem = layout.problems.iter().find(|(i, _)| *i == index);
                match problem {
                    Some((_, problem)) => {
                        let why = match problem {
                            JoinProblem::NotOpposite => "edges cannot touch".to_string(),
                            JoinProblem::NoContact => "edges do not meet".to_string(),
                            JoinProblem::Inconsistent { page } => {
                                format!("{page} is already placed elsewhere")
                            }
                        };
                        ui.colored_label(
                            Color32::from_rgb(240, 90, 80),
                            format!("offset {}\n⊗ {why}", join.offset),
                        );
                    }
                    None if join.offset.is_aligned() => {
                        ui.colored_label(ALIGNED, format!("offset {}\n✔ aligned", join.offset));
                    }
                    None => match allowed_because(&doc.pack, join) {
                        // The reason is written out below the table, where it can wrap.
                        Some(_) => {
                            ui.colored_label(
                                ALLOWED,
                                format!("offset {}\n✔ as printed", join.offset),
                            );
                        }
                        None => {
                            ui.colored_label(
                                MISALIGNED,
                                format!("offset {}\n⚠ misaligned", join.offset),
                            );
                        }
                    },
                }
                // Its own column, so every row's ✖ lines up.
                match crate::enormity::fixes::location_arrows_for(&doc.pack, &layout, index) {
                    Some(arrows) => {
                        if ui
                            .button("Add arrows")
                            .on_hover_text(&arrows.label)
                            .clicked()
                        {
                            out.push(Command::Status(format!(
                                "{} (Ctrl+Z undoes it)",
                                arrows.label
                            )));
                            out.push(Command::Apply(crate::enormity::edit::Transaction {
                                label: arrows.label,
                                edits: arrows.edits,
                            }));
                        }
                    }
                    None => {
                        ui.label("");
                    }
                }
                if ui.button("✖").on_hover_text("Remove this join").clicked() {
                    out.push(Command::Apply(crate::enormity::edit::Transaction {
                        label: "Remove join".into(),
                        edits: vec![ops::unjoin(&doc.pack, index)],
                    }));
                }
                ui.end_row();
            }
        });
    for join in &doc.pack.joins {
        if let (false, Some(reason)) = (join.offset.is_aligned(), allowed_because(&doc.pack, join))
        {
            ui.add_space(6.0);
            ui.label(format!("As printed, {} ↔ {}: {reason}", join.from, join.to));
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn layout_of_two() -> PackLayout {
        let mut layout = PackLayout::default();
        let page = |p| PageId { book: 1, page: p };
        layout.placements.insert(
            page(1),
            Placement {
                x: 0,
                y: 0,
                width: 600,
                height: 400,
            },
        );
        layout.placements.insert(
            page(2),
            Placement {
                x: 2000,
                y: 0,
                width: 500,
                height: 400,
            },
        );
        layout
    }

    #[test]
    fn a_page_dropped_near_an_edge_snaps_to_whole_or_half_spaces() {
        let layout = layout_of_two();
        let moved = PageId { book: 1, page: 2 };
        let ghost = Placement {
            x: 630,
            y: 140,
            width: 500,
            height: 400,
        };
        let whole = snap(&layout, moved, ghost, UNIT).unwrap();
        assert_eq!(whole.fixed.side, Direction::East);
        assert_eq!(whole.moved.side, Direction::West);
        assert_eq!(whole.offset, Offset::spaces(1));
        assert_eq!((whole.at.x, whole.at.y), (600, 100));
        let half = snap(&layout, moved, ghost, UNIT / 2).unwrap();
        assert_eq!(half.offset.hundredths, 150);
        assert!(!half.offset.is_aligned());
        let far = Placement { x: 900, ..ghost };
        assert!(snap(&layout, moved, far, UNIT).is_none());
    }

    #[test]
    fn a_label_takes_the_first_place_no_other_label_holds() {
        let at = |x: f32, y: f32| Rect::from_min_size(pos2(x, y), vec2(40.0, 10.0));
        let mut labels = Labels::default();
        assert_eq!(
            labels.place([at(0.0, 0.0), at(0.0, 20.0)]),
            Some(at(0.0, 0.0))
        );
        // The first place overlaps the label just drawn: the second is free.
        assert_eq!(
            labels.place([at(30.0, 5.0), at(0.0, 20.0)]),
            Some(at(0.0, 20.0))
        );
        // Nothing free: the first place, overprinting, rather than no label.
        assert_eq!(
            labels.place([at(10.0, 0.0), at(10.0, 20.0)]),
            Some(at(10.0, 0.0))
        );
        assert_eq!(labels.place(std::iter::empty()), None);
        assert_eq!(labels.taken.len(), 3);
    }
}
