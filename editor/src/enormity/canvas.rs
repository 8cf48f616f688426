//! The page canvas: the map itself, and what the editor draws over it.
//!
//! The map is the shared drawing description — the same [`IndexedScene`]
//! the PNG and SVG exporters print (see [`crate::paint`]) — so the editor
//! shows a page as it will be printed. Over it go the editor's own marks,
//! which no printout has: the background scan being traced, the hover
//! highlight, the selection, problem outlines and the rulers. These are
//! pure functions of a [`Geometry`] and a [`Painter`], holding no state.

use deckplan_schema::enormity::coord::row_letters;
use deckplan_schema::enormity::{Background, Intersection, Space};
use deckplan_validator::draw::Layer;
use eframe::egui::{
    self, Align2, Color32, FontId, Painter, Rect, Stroke, StrokeKind, TextureId, pos2,
};

use crate::enormity::background::Placement;
use crate::enormity::problems::ProblemMark;
use crate::enormity::selection::Selection;
use crate::enormity::view::{Geometry, RULER_LEFT, RULER_TOP};
use crate::paint::IndexedScene;

/// The colours of the editor's own marks.
mod palette {
    use eframe::egui::Color32;

    pub const PAGE_OUTLINE: Color32 = Color32::from_gray(110);
    pub const HIGHLIGHT: Color32 = Color32::from_rgb(30, 120, 235);
    pub const SELECTION: Color32 = Color32::from_rgb(20, 100, 230);
    pub const ERROR: Color32 = Color32::from_rgb(230, 40, 40);
    pub const WARNING: Color32 = Color32::from_rgb(240, 160, 20);
}

/// What the pointer is over, to be outlined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// The space under the pointer.
    pub space: Option<Space>,
    /// The intersection near the pointer.
    pub intersection: Option<Intersection>,
}

/// A scan drawn under the page's features: its texture and size in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scan {
    /// The uploaded image.
    pub texture: TextureId,
    /// Its size in pixels.
    pub size: [usize; 2],
}

/// What to draw besides the map itself.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Layers {
    /// The faint grid lines.
    pub grid: bool,
    /// The page's background scan, when it is loaded.
    pub scan: Option<Scan>,
    /// The hover highlight.
    pub highlight: Highlight,
}

/// Draws the map of a page (its scene) and the hover highlight, skipping
/// whatever lies outside the painter's clip rect. A scan being traced goes
/// over the floor and under everything printed on it.
pub fn draw_page(
    painter: &Painter,
    scene: &IndexedScene,
    background: Option<&Background>,
    geo: &Geometry,
    layers: Layers,
) {
    let ground = |layer: Layer| matches!(layer, Layer::Ground | Layer::Floor);
    scene.paint(painter, geo, ground);
    if let (Some(scan), Some(background)) = (layers.scan, background) {
        draw_scan(painter, geo, scan, background);
    }
    scene.paint(painter, geo, |layer| {
        !ground(layer) && (layers.grid || layer != Layer::Grid)
    });
    if !layers.grid {
        draw_outline(painter, geo);
    }
    draw_highlight(painter, geo, layers.highlight);
}

/// A background scan laid as its [`Placement`] says: scaled, shifted, and
/// mirrored or turned, at its opacity.
fn draw_scan(painter: &Painter, geo: &Geometry, scan: Scan, background: &Background) {
    let placement = Placement::of(background, scan.size);
    let (w, h) = (scan.size[0] as f64, scan.size[1] as f64);
    let alpha = (background.opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
    let tint = Color32::from_white_alpha(alpha);
    // The image's four corners where they lie on the page, each with its
    // texture coordinate: the quad carries any turn or mirror.
    let mut mesh = egui::Mesh::with_texture(scan.texture);
    for (pixel, uv) in [
        ([0.0, 0.0], pos2(0.0, 0.0)),
        ([w, 0.0], pos2(1.0, 0.0)),
        ([w, h], pos2(1.0, 1.0)),
        ([0.0, h], pos2(0.0, 1.0)),
    ] {
        let [x, y] = placement.page_point(pixel);
        mesh.vertices.push(egui::epaint::Vertex {
            pos: geo.at(x as f32, y as f32),
            uv,
            color: tint,
        });
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    // Only the part over the page: the margins of a scan would spill under the rulers.
    let painter = painter.with_clip_rect(painter.clip_rect().intersect(geo.page_rect()));
    painter.add(egui::Shape::mesh(mesh));
}

/// The page outline alone (when the grid is hidden).
fn draw_outline(painter: &Painter, geo: &Geometry) {
    painter.rect_stroke(
        geo.page_rect(),
        0.0,
        Stroke::new(1.0, palette::PAGE_OUTLINE),
        StrokeKind::Outside,
    );
}

/// The selected place: a bold outline that reads on light and dark spaces.
pub fn draw_selection(painter: &Painter, geo: &Geometry, selection: Selection) {
    let stroke = Stroke::new(3.0, palette::SELECTION);
    let halo = Stroke::new(6.0, Color32::from_white_alpha(170));
    match selection {
        Selection::None => {}
        Selection::Space { space, .. } => {
            let rect = geo.space_rect(space);
            painter.rect_stroke(rect, 2.0, halo, StrokeKind::Inside);
            painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
        }
        Selection::Edge { edge, .. } => {
            let ends = geo.edge_ends(edge);
            painter.line_segment(
                ends,
                Stroke::new((geo.cell * 0.2).clamp(6.0, 20.0), halo.color),
            );
            painter.line_segment(
                ends,
                Stroke::new((geo.cell * 0.1).clamp(3.0, 10.0), stroke.color),
            );
        }
        Selection::Intersection { point, .. } => {
            let radius = (geo.cell * 0.26).clamp(7.0, 24.0);
            painter.circle_stroke(geo.point(point), radius, halo);
            painter.circle_stroke(geo.point(point), radius, stroke);
        }
        Selection::Area { area, .. } => {
            let rect = geo.space_rect(area.min).union(geo.space_rect(area.max));
            painter.rect_filled(rect, 2.0, palette::SELECTION.gamma_multiply(0.12));
            painter.rect_stroke(rect, 2.0, halo, StrokeKind::Outside);
            painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Outside);
        }
    }
}

/// How a problem is marked on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkStyle {
    /// An error (red).
    Error,
    /// A warning (amber).
    Warning,
}

/// Outlines a problem's place: red for errors, amber for warnings; the
/// problem selected in the panel gets a thicker, pulsing outline.
pub fn draw_mark(
    painter: &Painter,
    geo: &Geometry,
    mark: ProblemMark,
    style: MarkStyle,
    selected: bool,
    pulse: f32,
) {
    let colour = match style {
        MarkStyle::Error => palette::ERROR,
        MarkStyle::Warning => palette::WARNING,
    };
    let width = if selected { 3.0 + 2.0 * pulse } else { 2.0 };
    let stroke = Stroke::new(width, colour);
    let grow = if selected { 2.0 + 4.0 * pulse } else { 0.0 };
    // The focused problem gets a pale halo under its outline, so it reads on
    // dark out-of-bounds spaces and over the blue selection alike.
    let halo = Stroke::new(width + 4.0, Color32::from_white_alpha(200));
    match mark {
        ProblemMark::Space(space) => {
            let rect = geo.space_rect(space).shrink(1.5).expand(grow);
            let fill = colour.gamma_multiply(if selected { 0.28 } else { 0.16 });
            painter.rect_filled(rect, 3.0, fill);
            if selected {
                painter.rect_stroke(rect, 3.0, halo, StrokeKind::Middle);
            }
            painter.rect_stroke(rect, 3.0, stroke, StrokeKind::Middle);
        }
        ProblemMark::Edge(edge) => {
            let [a, b] = geo.edge_ends(edge);
            let rect = Rect::from_two_pos(a, b).expand((geo.cell * 0.16).max(4.0) + grow);
            if selected {
                painter.rect_stroke(rect, 4.0, halo, StrokeKind::Middle);
            }
            painter.rect_stroke(rect, 4.0, stroke, StrokeKind::Middle);
        }
        ProblemMark::Intersection(point) => {
            let radius = (geo.cell * 0.3).clamp(7.0, 28.0) + grow;
            if selected {
                painter.circle_stroke(geo.point(point), radius, halo);
            }
            painter.circle_stroke(geo.point(point), radius, stroke);
        }
        ProblemMark::Link(a, b) => {
            let (a, b) = (geo.point(a), geo.point(b));
            painter.line_segment([a, b], Stroke::new(width + 4.0, colour.gamma_multiply(0.5)));
        }
        ProblemMark::Page => {
            painter.rect_stroke(
                geo.page_rect().expand(3.0 + grow),
                2.0,
                stroke,
                StrokeKind::Outside,
            );
        }
        ProblemMark::Join(..) => {}
    }
}

fn draw_highlight(painter: &Painter, geo: &Geometry, highlight: Highlight) {
    let stroke = Stroke::new(2.0, palette::HIGHLIGHT);
    if let Some(space) = highlight.space {
        painter.rect_stroke(geo.space_rect(space), 0.0, stroke, StrokeKind::Inside);
    }
    if let Some(point) = highlight.intersection {
        painter.circle_stroke(geo.point(point), (geo.cell * 0.22).clamp(5.0, 20.0), stroke);
    }
}

/// Row letters down the left and column numbers along the top. They follow
/// the page while it is in view and stick to the canvas edge when it is
/// panned past, so the coordinates stay readable at any zoom.
pub fn draw_rulers(
    painter: &Painter,
    geo: &Geometry,
    highlight: Option<Space>,
    backdrop: Color32,
    ink: Color32,
) {
    let canvas = painter.clip_rect();
    let page = geo.page_rect();
    let (cols, rows) = geo.visible(canvas);
    let font = FontId::proportional(13.0);
    // Label every row and column while the labels fit, else every second, fifth, tenth …
    let step = |room: f32| {
        [1_u16, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]
            .into_iter()
            .find(|s| f32::from(*s) * geo.cell >= room)
            .unwrap_or(5000)
    };
    let widest_number = geo.size.columns.to_string().len() as f32;
    let (row_step, col_step) = (step(16.0), step(widest_number * 8.0 + 6.0));
    let colour = |hit: bool| if hit { palette::HIGHLIGHT } else { ink };

    let x = (page.left() - 6.0).max(canvas.left() + RULER_LEFT - 6.0);
    if page.left() - RULER_LEFT < canvas.left() {
        let strip = Rect::from_min_max(
            canvas.min,
            pos2(canvas.left() + RULER_LEFT, canvas.bottom()),
        );
        painter.rect_filled(strip, 0.0, backdrop);
    }
    // Labels of rows and columns scrolled under the other ruler are left out.
    let (first_x, first_y) = (canvas.left() + RULER_LEFT, canvas.top() + RULER_TOP);
    for row in rows.filter(|r| r % row_step == 0) {
        let y = geo.at(0.0, f32::from(row) + 0.5).y;
        if y < first_y {
            continue;
        }
        let hit = highlight.is_some_and(|s| s.row == row);
        painter.text(
            pos2(x, y),
            Align2::RIGHT_CENTER,
            row_letters(row),
            font.clone(),
            colour(hit),
        );
    }

    let y = (page.top() - 4.0).max(canvas.top() + RULER_TOP - 4.0);
    if page.top() - RULER_TOP < canvas.top() {
        let strip = Rect::from_min_max(canvas.min, pos2(canvas.right(), canvas.top() + RULER_TOP));
        painter.rect_filled(strip, 0.0, backdrop);
    }
    for col in cols.filter(|c| (c + 1) % col_step == 0) {
        let x = geo.at(f32::from(col) + 0.5, 0.0).x;
        if x < first_x {
            continue;
        }
        let hit = highlight.is_some_and(|s| s.col == col);
        let label = (u32::from(col) + 1).to_string();
        painter.text(
            pos2(x, y),
            Align2::CENTER_BOTTOM,
            label,
            font.clone(),
            colour(hit),
        );
    }
}
