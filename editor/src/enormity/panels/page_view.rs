//! The central page view: one page drawn on a zoomable, pannable canvas with
//! its rulers, the problems marked on it, the selection, and the active
//! tool's preview. Pointer gestures on the page go to the active tool; the
//! middle or right button pans, the wheel zooms.

use std::collections::HashMap;
use std::time::Instant;

use deckplan_schema::enormity::PageId;

use deckplan_validator::diagnostic::Severity;
use eframe::egui::{self, Color32, PointerButton, Pos2, Rect, Sense, Ui};

use crate::command::Commands;
use crate::enormity::align::{AlignStep, ScanAlign};
use crate::enormity::background::{Placement, Scans};
use crate::enormity::canvas::{self, Highlight, Layers, MarkStyle, Scan};
use crate::enormity::command::Command;
use crate::enormity::document::Document;
use crate::enormity::edit::StrokeId;
use crate::enormity::playtest::PlayTest;
use crate::enormity::problems::ProblemMark;
use crate::enormity::scenes::Scenes;
use crate::enormity::selection::{INTERSECTION_REACH, Selection};
use crate::enormity::tools::{Phase, Pointer, ToolContext, Tools};
use crate::enormity::view::{Geometry, View};
use crate::problems::Report;

/// Behind the page: dark enough that board spaces stand out, light enough
/// that out-of-bounds spaces (near-black) still read as part of the page.
pub const BACKDROP: Color32 = Color32::from_rgb(58, 62, 70);
const RULER_INK: Color32 = Color32::from_gray(205);
/// A canvas narrower or lower than this (in points) is not fitted for good.
const MIN_CANVAS: f32 = 64.0;
/// How far (in points) the pointer may wobble before a press counts as a drag.
const CLICK_WOBBLE: f32 = 4.0;

/// The page view's own state.
pub struct PageView {
    /// The zoom and pan of the page shown; `None` until it is first drawn (or
    /// after F / Ctrl+0), when the page is fitted once and the fit kept, so
    /// panels growing or shrinking never move the map under the pointer.
    pub view: Option<View>,
    /// The page `view` belongs to.
    viewed: Option<PageId>,
    /// The window size `view` was fitted for, while nobody has zoomed or
    /// panned since: resizing the window fits again (opening a window often
    /// resizes it once), resizing a panel does not.
    untouched_fit: Option<egui::Vec2>,
    /// The zoom and pan of the other pages seen, restored when they are shown again.
    other_views: HashMap<PageId, View>,
    /// The gesture in progress on the canvas.
    gesture: Option<Gesture>,
    /// Gestures so far (each gets its own stroke id).
    strokes: u64,
    /// Last frame's page-to-screen mapping (tests aim the pointer with it).
    pub geometry: Option<Geometry>,
    /// Last frame's canvas rectangle.
    pub canvas: Rect,
    /// The place under the pointer, in words, for the status bar.
    pub hover_text: Option<String>,
    /// The space under the pointer (play-test shows the path to it).
    pub hover_space: Option<deckplan_schema::enormity::Space>,
    /// A scan being aligned by dragging (pointer input goes to it, not the tool).
    pub align: Option<ScanAlign>,
}

impl Default for PageView {
    fn default() -> Self {
        Self {
            view: None,
            viewed: None,
            untouched_fit: None,
            other_views: HashMap::new(),
            gesture: None,
            strokes: 0,
            geometry: None,
            canvas: Rect::NOTHING,
            hover_text: None,
            hover_space: None,
            align: None,
        }
    }
}

#[derive(Clone, Copy)]
struct Gesture {
    stroke: StrokeId,
    press: Pos2,
    moved: bool,
    /// The last pointer position seen (the pointer may leave the window
    /// before the button comes up).
    last: Pos2,
}

/// What the canvas keeps between frames: scan textures and page scenes.
pub struct Caches<'a> {
    /// Background scans, uploaded once.
    pub scans: &'a mut Scans,
    /// Page scenes, rebuilt when a page changes.
    pub scenes: &'a mut Scenes,
}

/// What the page view needs from the app this frame.
pub struct PageViewContext<'a> {
    /// The document.
    pub doc: &'a Document,
    /// The page to show.
    pub page: deckplan_schema::enormity::PageId,
    /// The selection.
    pub selection: Selection,
    /// The problems of the newest check.
    pub report: &'a Report,
    /// The problem selected in the panel, and when it was selected.
    pub focused_problem: Option<(usize, Instant)>,
    /// Whether grid lines are drawn.
    pub grid: bool,
}

impl PageView {
    /// Fits the shown page to the canvas (F, Ctrl+0) on the next frame.
    pub fn fit(&mut self) {
        self.view = None;
    }

    /// Makes `page` the page viewed: the zoom and pan of the page shown
    /// before are kept for when it comes back, and `page`'s own restored.
    pub fn switch_to(&mut self, page: PageId) {
        if self.viewed == Some(page) {
            return;
        }
        if let (Some(old), Some(view)) = (self.viewed, self.view) {
            self.other_views.insert(old, view);
        }
        self.view = self.other_views.remove(&page);
        self.viewed = Some(page);
        if self.align.as_ref().is_some_and(|a| a.page != page) {
            self.align = None; // an alignment belongs to the page it began on
        }
        self.untouched_fit = None;
    }

    /// Forgets every page's zoom and pan (another document was opened, or
    /// the page shown was removed).
    pub fn forget_views(&mut self) {
        self.view = None;
        self.viewed = None;
        self.untouched_fit = None;
        self.other_views.clear();
    }

    /// Zooms by `factor` around the canvas centre.
    pub fn zoom(&mut self, factor: f32) {
        if let Some(geo) = self.geometry {
            let mut view = self.view.unwrap_or(View {
                cell: geo.cell,
                offset: geo.origin - self.canvas.min,
            });
            view.zoom_about(self.canvas, self.canvas.center(), factor);
            self.view = Some(view);
            self.untouched_fit = None;
        }
    }

    /// Makes a page position (in spaces) visible: left as it is when it is
    /// well inside the canvas already, else centred (zoomed to at least `min_cell`).
    pub fn reveal(&mut self, size: deckplan_schema::enormity::Size, x: f32, y: f32, min_cell: f32) {
        let view = self.view.unwrap_or_else(|| View::fit(size, self.canvas));
        let geo = view.geometry(self.canvas, size);
        let margin = (geo.cell * 1.5).min(self.canvas.width() * 0.2);
        let visible = self.canvas.shrink(margin).contains(geo.at(x, y));
        if !(visible && geo.cell >= min_cell) {
            self.centre_on(size, x, y, min_cell);
        }
    }

    /// Pans so the page position (in spaces) of a page of `size` is at the
    /// canvas centre, zooming in to at least `min_cell` points per space.
    pub fn centre_on(
        &mut self,
        size: deckplan_schema::enormity::Size,
        x: f32,
        y: f32,
        min_cell: f32,
    ) {
        let current = self
            .view
            .map(|v| v.cell)
            .unwrap_or_else(|| View::fit(size, self.canvas).cell);
        let cell = current.max(min_cell);
        let rows = f32::from(size.rows);
        let offset = self.canvas.size() * 0.5 - egui::vec2(x * cell, (rows - y) * cell);
        self.view = Some(View { cell, offset });
        self.untouched_fit = None;
    }

    /// Draws the page and hands pointer input to the active tool.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        cx: &PageViewContext<'_>,
        tools: &mut Tools,
        caches: Caches<'_>,
        mut play: Option<&mut PlayTest>,
        out: &mut Commands,
    ) {
        let canvas = ui.available_rect_before_wrap();
        self.canvas = canvas;
        let response = ui.allocate_rect(canvas, Sense::click_and_drag());
        let painter = ui.painter_at(canvas);
        painter.rect_filled(canvas, 0.0, BACKDROP);
        let Some(page) = cx.doc.pack.pages.get(&cx.page) else {
            self.geometry = None;
            return;
        };

        // Zoom and pan: each page keeps its own, fitted the first time it is shown.
        self.switch_to(page.id);
        let window = ui.ctx().content_rect().size();
        if self.untouched_fit.is_some_and(|size| size != window) {
            self.view = None;
        }
        let fitted = self.view.is_none();
        let mut view = self.view.unwrap_or_else(|| View::fit(page.size, canvas));
        // A canvas squeezed to nothing (a window still opening) is no size to keep.
        let mut moved = fitted && canvas.width() > MIN_CANVAS && canvas.height() > MIN_CANVAS;
        if moved {
            self.untouched_fit = Some(window);
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
        {
            view.offset += response.drag_delta();
            moved = true;
            self.untouched_fit = None;
        }
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > 1e-4 {
                view.zoom_about(canvas, pointer, factor);
                moved = true;
                self.untouched_fit = None;
            }
        }
        if moved {
            self.view = Some(view);
        }
        let geo = view.geometry(canvas, page.size);
        self.geometry = Some(geo);

        let scan = cx.doc.scan_file(page.id).and_then(|path| {
            let texture = caches.scans.get(ui.ctx(), &path).ok()?;
            Some(Scan {
                texture: texture.id(),
                size: texture.size(),
            })
        });
        let scan_size = scan.map(|s| s.size);

        // The pointer gesture for the tool, or play-test clicks.
        let tool_cx = ToolContext {
            doc: cx.doc,
            page,
            geo,
            selection: cx.selection,
        };
        let mut pointer = None;
        if let Some(play) = play.as_deref_mut() {
            let pos = response.interact_pointer_pos();
            let said = match pos {
                Some(pos) if response.clicked() => play.click(page, &geo, pos),
                Some(pos) if response.secondary_clicked() => play.remove(page, &geo, pos),
                _ => None,
            };
            if let Some(said) = said {
                out.push(Command::Status(said));
            }
        } else if self.align.is_some() {
            let events = self.pointer(ui, &response);
            self.align_pointer(&events, page, &geo, &scan_size, out);
            pointer = events.last().copied();
        } else {
            let events = self.pointer(ui, &response);
            for event in &events {
                tools.active_mut().pointer(&tool_cx, event, out);
            }
            let Some(&last) = events.last() else {
                return;
            };
            pointer = Some(last);
        }

        // Draw.
        let shown_background = match (&self.align, &page.background, scan) {
            (Some(align), Some(background), Some(scan)) => Some(
                align
                    .preview(&Placement::of(background, scan.size))
                    .apply(background),
            ),
            _ => page.background.clone(),
        };
        let hover = response.hover_pos();
        let highlight = Highlight {
            space: hover.and_then(|p| geo.space_at(p)),
            intersection: hover.and_then(|p| geo.intersection_near(p, INTERSECTION_REACH)),
        };
        canvas::draw_page(
            &painter,
            caches.scenes.page(page),
            shown_background.as_ref(),
            &geo,
            Layers {
                grid: cx.grid,
                scan,
                highlight,
            },
        );
        self.draw_marks(ui, &painter, &geo, cx, false);
        canvas::draw_selection(&painter, &geo, cx.selection.filter_page(page.id));
        // The problem chosen in the panel goes over the selection, so it shows.
        self.draw_marks(ui, &painter, &geo, cx, true);
        match (&play, &pointer) {
            (Some(play), _) => {
                crate::enormity::panels::playtest::draw(&painter, &geo, page, play, highlight.space)
            }
            (None, Some(pointer)) if self.align.is_none() => {
                tools.active_mut().preview(&tool_cx, pointer, &painter)
            }
            (None, _) => {}
        }
        canvas::draw_rulers(&painter, &geo, highlight.space, BACKDROP, RULER_INK);
        if let Some(align) = &self.align {
            align.draw(&painter, &geo, pointer.and_then(|p| p.pos));
            align.draw_banner(&painter, canvas);
        }

        self.hover_text = hover_text(page, highlight);
        self.hover_space = highlight.space;
    }

    /// Hands pointer events to the scan alignment; its outcome becomes an
    /// undo step or a status message. Without a scan shown there is nothing
    /// to align.
    fn align_pointer(
        &mut self,
        events: &[Pointer],
        page: &deckplan_schema::enormity::Page,
        geo: &crate::enormity::view::Geometry,
        scan_size: &Option<[usize; 2]>,
        out: &mut Commands,
    ) {
        let (Some(align), Some(background), Some(size)) =
            (&mut self.align, &page.background, scan_size)
        else {
            self.align = None;
            return;
        };
        let placed = Placement::of(background, *size);
        for event in events {
            match align.pointer(background, &placed, geo, event) {
                AlignStep::Continue => {}
                AlignStep::FirstPlaced(at) => out.push(Command::Status(format!(
                    "Point 1 on corner {at}: now drag a second point of the scan"
                ))),
                AlignStep::Refused(problem) => {
                    out.push(Command::Status(format!("Not aligned: {problem}")));
                }
                AlignStep::Done(aligned) => {
                    // Said before applying, so a refusal's message stays.
                    out.push(Command::Status(
                        "Scan aligned: Ctrl+Z puts it back".to_string(),
                    ));
                    out.push(Command::Apply(crate::enormity::edit::Transaction {
                        label: "Align scan".into(),
                        edits: vec![crate::enormity::edit::Edit::Background {
                            page: page.id,
                            background: Some(aligned),
                        }],
                    }));
                    self.align = None;
                    return;
                }
            }
        }
    }

    /// Turns this frame's pointer state into the tool's view of a gesture:
    /// usually one event; a press and a move in the same frame (a fast
    /// stroke) give the press where it happened and then the move.
    fn pointer(&mut self, ui: &Ui, response: &egui::Response) -> Vec<Pointer> {
        let (pressed, down, released, pos, origin, modifiers) = ui.input(|i| {
            (
                i.pointer.primary_pressed(),
                i.pointer.primary_down(),
                i.pointer.primary_released(),
                i.pointer.interact_pos().or(i.pointer.latest_pos()),
                i.pointer.press_origin(),
                i.modifiers,
            )
        });
        let over_canvas = response.hovered() || response.is_pointer_button_down_on();
        if self.gesture.is_none() && pressed && over_canvas {
            self.strokes += 1;
            let press = origin.or(pos).unwrap_or_default();
            self.gesture = Some(Gesture {
                stroke: StrokeId(self.strokes),
                press,
                moved: false,
                last: press,
            });
            let mut events = vec![self.event(Phase::Pressed, Some(press), modifiers, response)];
            if released || !down {
                // A whole click within one frame.
                events.push(self.event(Phase::Released, pos, modifiers, response));
            } else if pos.is_some_and(|p| p != press) {
                events.push(self.event(Phase::Dragging, pos, modifiers, response));
            }
            return events;
        }
        let phase = match self.gesture {
            Some(_) if released || !down => Phase::Released,
            Some(_) => Phase::Dragging,
            None => Phase::Hover,
        };
        vec![self.event(phase, pos, modifiers, response)]
    }

    /// One pointer event of the current gesture (ending it when released).
    fn event(
        &mut self,
        phase: Phase,
        pos: Option<Pos2>,
        modifiers: egui::Modifiers,
        response: &egui::Response,
    ) -> Pointer {
        if let (Some(g), Some(pos)) = (&mut self.gesture, pos) {
            g.moved |= g.press.distance(pos) > CLICK_WOBBLE;
            g.last = pos;
        }
        let gesture = self.gesture;
        if phase == Phase::Released {
            self.gesture = None;
        }
        Pointer {
            phase,
            pos: if phase == Phase::Hover {
                response.hover_pos()
            } else {
                pos.or(gesture.map(|g| g.last))
            },
            press_pos: gesture.map(|g| g.press),
            moved: gesture.is_some_and(|g| g.moved),
            modifiers,
            stroke: gesture.map_or(StrokeId(0), |g| g.stroke),
        }
    }

    /// Outlines the problems on this page: the others, or only the focused one.
    fn draw_marks(
        &self,
        ui: &Ui,
        painter: &egui::Painter,
        geo: &Geometry,
        cx: &PageViewContext<'_>,
        focused_only: bool,
    ) {
        let focused = cx.focused_problem.map(|(index, _)| index);
        let pulse = cx.focused_problem.map_or(0.0, |(_, since)| {
            let t = since.elapsed().as_secs_f32();
            if t < 2.4 {
                // Not an immediate repaint: the pulse needs ~30 frames a second, not every frame.
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(33));
                (t * std::f32::consts::TAU / 0.8).cos().mul_add(0.5, 0.5)
            } else {
                0.0
            }
        });
        // Warnings first, errors on top; the focused problem last of all.
        let mut marks: Vec<(usize, ProblemMark, MarkStyle)> = cx
            .report
            .problems
            .iter()
            .enumerate()
            .filter(|(_, p)| crate::enormity::problems::page(p) == Some(cx.page))
            .filter_map(|(i, p)| {
                let style = match p.severity {
                    Severity::Error => MarkStyle::Error,
                    Severity::Warning => MarkStyle::Warning,
                };
                crate::enormity::problems::mark(p).map(|m| (i, m, style))
            })
            .collect();
        marks.sort_by_key(|(i, _, style)| (Some(*i) == focused, *style == MarkStyle::Error));
        for (index, mark, style) in marks {
            let selected = Some(index) == focused;
            if selected != focused_only {
                continue;
            }
            if selected || !matches!(mark, ProblemMark::Page) {
                canvas::draw_mark(painter, geo, mark, style, selected, pulse);
            }
        }
    }
}

/// The status bar's description of the place under the pointer:
/// `L1p2 H3 · board · console 1 (opens door 1)`, then the intersection if one is near.
fn hover_text(page: &deckplan_schema::enormity::Page, highlight: Highlight) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(space) = highlight.space {
        parts.push(page.place(space));
        parts.extend(crate::enormity::describe::space(page, space));
    }
    if let Some(point) = highlight.intersection {
        let said = crate::enormity::describe::intersection(page, point);
        parts.push(if said.is_empty() {
            format!("corner {point}")
        } else {
            format!("corner {point}: {}", said.join(", "))
        });
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// The page position (in spaces) at the middle of a mark, for centring on it.
pub fn mark_centre(mark: ProblemMark, size: deckplan_schema::enormity::Size) -> (f32, f32) {
    match mark {
        ProblemMark::Space(s) => (f32::from(s.col) + 0.5, f32::from(s.row) + 0.5),
        ProblemMark::Edge(e) => match e.axis {
            deckplan_schema::enormity::Axis::Horizontal => (f32::from(e.x) + 0.5, f32::from(e.y)),
            deckplan_schema::enormity::Axis::Vertical => (f32::from(e.x), f32::from(e.y) + 0.5),
        },
        ProblemMark::Intersection(p) => (f32::from(p.x), f32::from(p.y)),
        ProblemMark::Link(a, b) => (
            (f32::from(a.x) + f32::from(b.x)) * 0.5,
            (f32::from(a.y) + f32::from(b.y)) * 0.5,
        ),
        ProblemMark::Join(..) | ProblemMark::Page => {
            (f32::from(size.columns) * 0.5, f32::from(size.rows) * 0.5)
        }
    }
}
