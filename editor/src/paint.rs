//! The shared drawing description painted with egui.
//!
//! A board on the canvas is the very [`Scene`] that `deckplan render` prints
//! (built by the game's drawing code in the validator): this module only
//! translates its rectangles, lines, polygons, circles and labels into egui
//! shapes, so the editor and the exported pictures cannot drift apart. The
//! label font is the embedded print font, registered with egui by
//! [`install_map_font`]. Where the scene lies on the screen is the board's
//! business: it paints through a [`ScreenMap`].
//!
//! A board builds its scene once per version of the board and paints it
//! every frame. Painting skips shapes outside the clip rectangle and
//! details smaller than a pixel, and draws dashes finer than a few pixels as
//! a faint solid line, so a zoomed-out 200 × 200 page costs about what a
//! small one does.

use std::sync::Arc;

use deckplan_validator::draw::triangulate::{is_convex, triangulate};
use deckplan_validator::draw::{
    Cap, Colour, Layer, Point, Rect as BoardRect, Scene, Shape, Stroke, Text, font,
};
use eframe::egui::{
    self, Color32, Context, FontData, FontDefinitions, FontFamily, FontId, Mesh, Painter, Pos2,
    Rect, Vec2, pos2,
};

/// Where a board's scene lies on the screen, for one frame: board units (y
/// up, as scenes count) to screen points (y down) and back.
pub trait ScreenMap {
    /// The screen point of a board point.
    fn screen(&self, x: f32, y: f32) -> Pos2;
    /// The board point of a screen point.
    fn board(&self, pos: Pos2) -> (f32, f32);
    /// Points per board unit.
    fn scale(&self) -> f32;
}

/// The egui font family of map labels: the print font, then egui's own fonts
/// for anything it lacks.
pub const MAP_FONT: &str = "deckplan-map";

/// Labels smaller than this (in points) are left out: they would be a smudge.
const MIN_TEXT: f32 = 4.5;
/// Shapes whose longest side is under this many points are left out.
const MIN_DETAIL: f32 = 0.75;
/// Dash patterns with a period under this many points are drawn as a solid
/// line, faded by the share of the period that is drawn: it looks the same
/// and costs one shape instead of thousands.
const MIN_DASH_PERIOD: f32 = 4.0;
/// Lines thinner than this many points are left out: egui would fade them to
/// a tenth of their colour or less, and a zoomed-out board holds tens of
/// thousands of them (the grid lines of every square).
const MIN_LINE: f32 = 0.1;
/// Walls and the barriers under them are never thinner than this many
/// points, so the rooms stay readable when a large board is zoomed out.
const MIN_STRUCTURE_LINE: f32 = 1.5;

/// Registers the map font with egui. Call once, before the first frame's
/// text (egui applies it at once then, else from the next frame).
pub fn install_map_font(ctx: &Context) {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        MAP_FONT.to_owned(),
        Arc::new(FontData::from_static(font::bytes())),
    );
    let mut family = vec![MAP_FONT.to_owned()];
    family.extend(
        fonts
            .families
            .get(&FontFamily::Proportional)
            .cloned()
            .unwrap_or_default(),
    );
    fonts
        .families
        .insert(FontFamily::Name(MAP_FONT.into()), family);
    ctx.set_fonts(fonts);
}

/// The family to set labels in: the map font once installed, else egui's own.
fn label_family(ctx: &Context) -> FontFamily {
    let map = FontFamily::Name(MAP_FONT.into());
    let installed = ctx.fonts(|fonts| fonts.definitions().families.contains_key(&map));
    if installed {
        map
    } else {
        FontFamily::Proportional
    }
}

/// The extent of a shape in board units, to skip it when it is off screen.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Extent {
    min: Point,
    max: Point,
}

impl Extent {
    fn of_points(points: &[Point], grow: f64) -> Self {
        let mut extent = Self {
            min: Point::new(f64::MAX, f64::MAX),
            max: Point::new(f64::MIN, f64::MIN),
        };
        for p in points {
            extent.min = Point::new(extent.min.x.min(p.x), extent.min.y.min(p.y));
            extent.max = Point::new(extent.max.x.max(p.x), extent.max.y.max(p.y));
        }
        extent.grow(grow)
    }

    fn grow(self, by: f64) -> Self {
        Self {
            min: self.min.offset(-by, -by),
            max: self.max.offset(by, by),
        }
    }

    fn of(shape: &Shape) -> Self {
        let stroke_width = |s: &Option<Stroke>| s.map_or(0.0, |s| s.width);
        match shape {
            Shape::Rect { rect, .. } => Self {
                min: rect.min,
                max: rect.max,
            },
            Shape::Line { points, stroke } => Self::of_points(points, stroke.width),
            Shape::Polygon { points, stroke, .. } => {
                Self::of_points(points, stroke_width(stroke) / 2.0)
            }
            Shape::Circle {
                centre,
                radius,
                stroke,
                ..
            } => Self::of_points(&[*centre], radius + stroke_width(stroke) / 2.0),
            Shape::Text(text) => {
                let width = font::measure(&text.text, text.size);
                let height = text.size;
                let left = text.at.x - width * text.anchor.horizontal();
                let bottom = text.at.y - font::cap_height(text.size) * text.anchor.vertical();
                // Room for descenders below the baseline and accents above the capitals.
                Self {
                    min: Point::new(left, bottom - height * 0.3),
                    max: Point::new(left + width, bottom + height),
                }
            }
        }
    }

    /// The longest side, in board units: how big the shape looks.
    fn size(self) -> f64 {
        (self.max.x - self.min.x).max(self.max.y - self.min.y)
    }

    fn overlaps(self, other: BoardRect) -> bool {
        self.min.x <= other.max.x
            && self.max.x >= other.min.x
            && self.min.y <= other.max.y
            && self.max.y >= other.min.y
    }
}

/// A scene with the extent of every shape, ready to be painted in part.
#[derive(Clone, Debug, Default)]
pub struct IndexedScene {
    layers: Vec<(Layer, Vec<(Extent, Shape)>)>,
}

impl IndexedScene {
    /// Indexes a scene, taking its shapes.
    pub fn new(scene: Scene) -> Self {
        let layers = scene
            .into_layers()
            .filter(|(_, shapes)| !shapes.is_empty())
            .map(|(layer, shapes)| {
                let shapes = shapes.into_iter().map(|s| (Extent::of(&s), s)).collect();
                (layer, shapes)
            })
            .collect();
        Self { layers }
    }

    /// Number of shapes.
    pub fn len(&self) -> usize {
        self.layers.iter().map(|(_, shapes)| shapes.len()).sum()
    }

    /// Whether there are no shapes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Paints the shapes of the layers `wanted` accepts that show inside the
    /// painter's clip rectangle, bottom layer first.
    pub fn paint(&self, painter: &Painter, geo: &dyn ScreenMap, wanted: impl Fn(Layer) -> bool) {
        let clip = painter.clip_rect();
        let (west, north) = geo.board(clip.left_top());
        let (east, south) = geo.board(clip.right_bottom());
        let visible = BoardRect::new(
            f64::from(west),
            f64::from(south),
            f64::from(east),
            f64::from(north),
        );
        let mut out = ShapeSink {
            painter,
            geo,
            family: label_family(painter.ctx()),
            shapes: Vec::new(),
        };
        let cell = f64::from(geo.scale());
        for (layer, shapes) in self.layers.iter().filter(|(layer, _)| wanted(*layer)) {
            for (extent, shape) in shapes {
                let small = extent.size() * cell < f64::from(MIN_DETAIL);
                if extent.overlaps(visible) && !small {
                    out.shape(*layer, shape);
                }
            }
        }
        painter.extend(out.shapes);
    }
}

/// Collects the egui shapes of one paint call.
struct ShapeSink<'a> {
    painter: &'a Painter,
    geo: &'a dyn ScreenMap,
    family: FontFamily,
    shapes: Vec<egui::Shape>,
}

/// An egui colour from a scene colour (straight alpha).
pub fn colour(c: Colour) -> Color32 {
    Color32::from_rgba_unmultiplied(c.r, c.g, c.b, c.a)
}

impl ShapeSink<'_> {
    fn at(&self, p: Point) -> Pos2 {
        self.geo.screen(p.x as f32, p.y as f32)
    }

    fn points(&self, points: &[Point]) -> Vec<Pos2> {
        points.iter().map(|p| self.at(*p)).collect()
    }

    fn width(&self, layer: Layer, width: f64) -> f32 {
        let width = width as f32 * self.geo.scale();
        match layer {
            Layer::Walls | Layer::Barriers => width.max(MIN_STRUCTURE_LINE),
            _ => width,
        }
    }

    /// A solid outline as egui draws it; dashed ones are stroked as paths.
    fn solid(&self, layer: Layer, stroke: Option<&Stroke>) -> egui::Stroke {
        stroke
            .filter(|s| s.dash.is_none())
            .map_or(egui::Stroke::NONE, |s| {
                egui::Stroke::new(self.width(layer, s.width), colour(s.colour))
            })
    }

    fn shape(&mut self, layer: Layer, shape: &Shape) {
        match shape {
            Shape::Rect { rect, fill } => {
                let rect = Rect::from_two_pos(self.at(rect.min), self.at(rect.max));
                self.shapes
                    .push(egui::Shape::rect_filled(rect, 0.0, colour(*fill)));
            }
            Shape::Line { points, stroke } => self.line(layer, points, stroke),
            Shape::Polygon {
                points,
                fill,
                stroke,
            } => self.polygon(layer, points, *fill, stroke.as_ref()),
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke,
            } => {
                let (centre, radius) = (self.at(*centre), *radius as f32 * self.geo.scale());
                let outline = self.solid(layer, stroke.as_ref());
                self.shapes
                    .push(egui::Shape::Circle(egui::epaint::CircleShape {
                        center: centre,
                        radius,
                        fill: fill.map_or(Color32::TRANSPARENT, colour),
                        stroke: outline,
                    }));
                if let Some(dashed) = stroke.filter(|s| s.dash.is_some()) {
                    // egui dashes paths only: the ring as a polygon fine enough to look round.
                    let corners =
                        ((radius * std::f32::consts::TAU / 2.0).ceil() as usize).clamp(16, 256);
                    let ring: Vec<Pos2> = (0..=corners)
                        .map(|i| {
                            let angle = i as f32 / corners as f32 * std::f32::consts::TAU;
                            centre + Vec2::angled(angle) * radius
                        })
                        .collect();
                    self.stroke_path(layer, ring, &dashed);
                }
            }
            Shape::Text(text) => self.text(text),
        }
    }

    fn line(&mut self, layer: Layer, points: &[Point], stroke: &Stroke) {
        if self.width(layer, stroke.width) < MIN_LINE {
            return;
        }
        let mut points = self.points(points);
        if stroke.cap == Cap::Square {
            extend_ends(&mut points, self.width(layer, stroke.width) / 2.0);
        }
        self.stroke_path(layer, points, stroke);
    }

    /// Strokes an open path (closed when its last point is its first), with
    /// the stroke's dashes and round caps.
    fn stroke_path(&mut self, layer: Layer, points: Vec<Pos2>, stroke: &Stroke) {
        let width = self.width(layer, stroke.width);
        let ink = colour(stroke.colour);
        match stroke.dash {
            Some(dash) => {
                let (on, off) = (
                    dash.on as f32 * self.geo.scale(),
                    dash.off as f32 * self.geo.scale(),
                );
                if on + off < MIN_DASH_PERIOD {
                    let share = if on + off > 0.0 { on / (on + off) } else { 1.0 };
                    let faded = ink.gamma_multiply(share);
                    self.shapes
                        .push(egui::Shape::line(points, egui::Stroke::new(width, faded)));
                } else {
                    let points = self.clipped(points, on + off);
                    self.shapes.extend(egui::Shape::dashed_line(
                        &points,
                        egui::Stroke::new(width, ink),
                        on,
                        off,
                    ));
                }
            }
            None => {
                // Round ends and joins: a disc at every corner (opaque lines
                // only: a see-through disc would show darker over the line).
                if stroke.cap == Cap::Round && ink.is_opaque() {
                    self.shapes.extend(
                        points
                            .iter()
                            .map(|p| egui::Shape::circle_filled(*p, width / 2.0, ink)),
                    );
                }
                self.shapes
                    .push(egui::Shape::line(points, egui::Stroke::new(width, ink)));
            }
        }
    }

    /// A straight dashed line cut down to its visible part, starting on a
    /// whole dash period so the dashes do not crawl while panning. A long
    /// run of dashes off screen is thousands of shapes not worth making.
    fn clipped(&self, points: Vec<Pos2>, period: f32) -> Vec<Pos2> {
        let ([a, b], true) = (
            [
                points.first().copied().unwrap_or_default(),
                points.last().copied().unwrap_or_default(),
            ],
            points.len() == 2,
        ) else {
            return points;
        };
        let clip = self.painter.clip_rect().expand(period);
        let length = a.distance(b);
        if length <= f32::EPSILON || clip.contains(a) && clip.contains(b) {
            return points;
        }
        let along = (b - a) / length;
        // The part of the line inside the clip rectangle, as distances from `a`.
        let (mut from, mut to) = (0.0_f32, length);
        for (start, step, low, high) in [
            (a.x, along.x, clip.left(), clip.right()),
            (a.y, along.y, clip.top(), clip.bottom()),
        ] {
            if step.abs() <= f32::EPSILON {
                if start < low || start > high {
                    return Vec::new();
                }
                continue;
            }
            let (t1, t2) = ((low - start) / step, (high - start) / step);
            from = from.max(t1.min(t2));
            to = to.min(t1.max(t2));
        }
        if from >= to {
            return Vec::new();
        }
        let from = (from / period).floor() * period;
        vec![a + along * from, a + along * to]
    }

    fn polygon(
        &mut self,
        layer: Layer,
        points: &[Point],
        fill: Option<Colour>,
        stroke: Option<&Stroke>,
    ) {
        let screen = self.points(points);
        let solid = self.solid(layer, stroke);
        match fill.map(colour) {
            Some(fill) if is_convex(points) => {
                self.shapes
                    .push(egui::Shape::convex_polygon(screen.clone(), fill, solid));
            }
            Some(fill) => {
                let mut mesh = Mesh::default();
                for p in &screen {
                    mesh.colored_vertex(*p, fill);
                }
                for [a, b, c] in triangulate(points) {
                    let index = |i: usize| u32::try_from(i).unwrap_or_default();
                    mesh.add_triangle(index(a), index(b), index(c));
                }
                self.shapes.push(egui::Shape::mesh(mesh));
                // A mesh has hard edges: the outline, or a thin line of an
                // opaque fill, smooths them (over a see-through fill the line
                // would show as a darker rim).
                let edge = if solid != egui::Stroke::NONE {
                    solid
                } else if fill.is_opaque() {
                    egui::Stroke::new(1.0, fill)
                } else {
                    egui::Stroke::NONE
                };
                if edge != egui::Stroke::NONE {
                    self.shapes
                        .push(egui::Shape::closed_line(screen.clone(), edge));
                }
            }
            None if solid != egui::Stroke::NONE => {
                self.shapes
                    .push(egui::Shape::closed_line(screen.clone(), solid));
            }
            None => {}
        }
        if let Some(dashed) = stroke.filter(|s| s.dash.is_some()) {
            let mut ring = screen;
            ring.extend(ring.first().copied());
            self.stroke_path(layer, ring, dashed);
        }
    }

    fn text(&mut self, text: &Text) {
        let size = text.size as f32 * self.geo.scale();
        if size < MIN_TEXT {
            return;
        }
        let galley = self.painter.layout_no_wrap(
            text.text.clone(),
            FontId::new(size, self.family.clone()),
            colour(text.colour),
        );
        // The scene anchors text on its advance width and cap height, from the
        // baseline; egui places a galley by its top-left corner.
        let baseline = galley
            .rows
            .first()
            .and_then(|row| Some(row.pos.y + row.glyphs.first()?.pos.y))
            .unwrap_or(galley.size().y * 0.8);
        let cap = font::cap_height(text.size) as f32 * self.geo.scale();
        let at = self.at(text.at);
        let left = at.x - galley.size().x * text.anchor.horizontal() as f32;
        let top = at.y + cap * text.anchor.vertical() as f32 - baseline;
        self.shapes.push(egui::Shape::galley(
            pos2(left, top),
            galley,
            colour(text.colour),
        ));
    }
}

/// Moves the two ends of a polyline outwards by `by`: a square line cap.
fn extend_ends(points: &mut [Pos2], by: f32) {
    let push = |end: Pos2, towards: Pos2| -> Pos2 {
        let d: Vec2 = end - towards;
        if d.length() <= f32::EPSILON {
            end
        } else {
            end + d.normalized() * by
        }
    };
    if let [first, second, ..] = points {
        *first = push(*first, *second);
    }
    if let [.., before, last] = points {
        *last = push(*last, *before);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::scenes::page_scene;
    use crate::enormity::view::Geometry;
    use deckplan_schema::{
        Span,
        enormity::{Direction, EdgeFeature, EdgeKind, Page, PageId, Size, Space, SpaceKind},
    };
    use deckplan_validator::enormity::draw::icons::palette;
    use eframe::egui::{RawInput, vec2};
    use eframe::epaint::ColorMode;

    /// A 3 × 2 page: B3 out of bounds, a wall along the top of A1–A2, door 1
    /// between A2 and A3.
    fn page() -> Page {
        let mut page = Page::new(
            PageId { book: 1, page: 1 },
            "SR",
            Size {
                columns: 3,
                rows: 2,
            },
        );
        page.set_kind(Space::new(2, 1), SpaceKind::OutOfBounds);
        let span = Span::default();
        for col in 0..2 {
            page.edges.insert(
                Space::new(col, 0).side(Direction::North),
                EdgeFeature {
                    kind: EdgeKind::Wall,
                    span,
                },
            );
        }
        page.edges.insert(
            Space::new(1, 0).side(Direction::East),
            EdgeFeature {
                kind: EdgeKind::Door(1),
                span,
            },
        );
        page
    }

    /// The page's top-left corner at (100, 50), `cell` points to a space.
    fn geometry(page: &Page, cell: f32) -> Geometry {
        Geometry {
            origin: pos2(100.0, 50.0),
            cell,
            size: page.size,
        }
    }

    /// Paints `page` in one egui pass, clipped to `clip`, and returns every
    /// shape painted, nested lists flattened.
    fn painted(page: &Page, geo: Geometry, clip: Rect) -> Vec<egui::Shape> {
        let ctx = Context::default();
        install_map_font(&ctx);
        let scene = page_scene(page);
        let input = RawInput {
            screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1000.0, 800.0))),
            ..RawInput::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            let painter = ui.painter().with_clip_rect(clip);
            scene.paint(&painter, &geo, |_| true);
        });
        // No renderer here to take the font texture.
        output.textures_delta.clear();
        let mut flat = Vec::new();
        let mut stack: Vec<egui::Shape> = output.shapes.into_iter().map(|c| c.shape).collect();
        while let Some(shape) = stack.pop() {
            match shape {
                egui::Shape::Vec(inner) => stack.extend(inner),
                other => flat.push(other),
            }
        }
        flat
    }

    fn everywhere() -> Rect {
        Rect::from_min_size(Pos2::ZERO, vec2(1000.0, 800.0))
    }

    fn lines_of(shapes: &[egui::Shape], ink: Colour) -> Vec<(Vec<Pos2>, f32)> {
        shapes
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Path(path) if path.stroke.color == ColorMode::Solid(colour(ink)) => {
                    Some((path.points.clone(), path.stroke.width))
                }
                egui::Shape::LineSegment { points, stroke } if stroke.color == colour(ink) => {
                    Some((points.to_vec(), stroke.width))
                }
                _ => None,
            })
            .collect()
    }

    fn texts(shapes: &[egui::Shape]) -> Vec<(String, Rect)> {
        shapes
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Text(text) => Some((
                    text.galley.job.text.clone(),
                    text.galley.rect.translate(text.pos.to_vec2()),
                )),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn shapes_land_where_the_board_says() {
        let page = page();
        let shapes = painted(&page, geometry(&page, 20.0), everywhere());
        // B3 is the top row's last space: x 140..160, y 50..70 on screen.
        let ground = colour(palette::GROUND);
        let ground_rects: Vec<Rect> = shapes
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Rect(r) if r.fill == ground => Some(r.rect),
                _ => None,
            })
            .collect();
        assert_eq!(
            ground_rects,
            [Rect::from_min_max(pos2(140.0, 50.0), pos2(160.0, 70.0))]
        );
        // The wall: one run along y = 70 from x 100 to 140, 0.14 × 20 wide,
        // square ends reaching half its width past the run.
        let walls = lines_of(&shapes, palette::WALL);
        assert_eq!(walls.len(), 1);
        let (points, width) = &walls[0];
        assert!((width - 2.8).abs() < 1e-4);
        assert!((points[0].x - 98.6).abs() < 1e-4 && (points[1].x - 141.4).abs() < 1e-4);
        assert!(points.iter().all(|p| (p.y - 70.0).abs() < 1e-4));
    }

    #[test]
    fn the_notched_door_is_filled_as_triangles_and_its_number_centred() {
        let page = page();
        let shapes = painted(&page, geometry(&page, 40.0), everywhere());
        let door = colour(palette::DOOR);
        let meshes: Vec<&Mesh> = shapes
            .iter()
            .filter_map(|s| match s {
                egui::Shape::Mesh(mesh) if mesh.vertices.iter().all(|v| v.color == door) => {
                    Some(&**mesh)
                }
                _ => None,
            })
            .collect();
        assert_eq!(meshes.len(), 1, "one door");
        assert_eq!(meshes[0].vertices.len(), 16);
        assert_eq!(meshes[0].indices.len(), 14 * 3);
        // Door 1 sits on the line x = 2 between y = 0 and 1: screen (180, 110).
        // The digit is centred across, and its capitals' middle is on the
        // point: the baseline lies half a cap height below it.
        let (galley, pos) = shapes
            .iter()
            .find_map(|s| match s {
                egui::Shape::Text(t) if t.galley.job.text == "1" => Some((t.galley.clone(), t.pos)),
                _ => None,
            })
            .unwrap();
        let row = &galley.rows[0];
        let baseline = pos.y + row.pos.y + row.glyphs[0].pos.y;
        let size = galley.job.sections[0].format.font_id.size;
        let cap = font::cap_height(f64::from(size)) as f32;
        assert!(
            (baseline - (110.0 + cap / 2.0)).abs() < 0.5,
            "baseline {baseline}, cap {cap}"
        );
        let centre_x = pos.x + galley.rect.center().x;
        assert!((centre_x - 180.0).abs() < 1.0, "centre {centre_x}");
    }

    #[test]
    fn lines_too_thin_to_see_are_left_out_but_walls_never_are() {
        let page = page();
        // The floor grid is 0.02 of a space wide: 0.4 points at 20 a space,
        // 0.08 at 4, where egui would fade it to almost nothing.
        let near = painted(&page, geometry(&page, 20.0), everywhere());
        assert!(!lines_of(&near, palette::FLOOR_GRID).is_empty());
        let far = painted(&page, geometry(&page, 4.0), everywhere());
        assert_eq!(lines_of(&far, palette::FLOOR_GRID), Vec::new());
        let walls = lines_of(&far, palette::WALL);
        assert_eq!(walls.len(), 1, "the wall is kept");
        assert!(
            (walls[0].1 - MIN_STRUCTURE_LINE).abs() < 1e-4,
            "at its least width"
        );
    }

    #[test]
    fn only_what_shows_is_painted() {
        let page = page();
        let geo = geometry(&page, 20.0);
        // Only A1 (x 100..120, y 70..90) and a little around it.
        let clip = Rect::from_min_max(pos2(95.0, 65.0), pos2(125.0, 95.0));
        let shapes = painted(&page, geo, clip);
        assert!(
            lines_of(&shapes, palette::WALL).len() == 1,
            "the wall reaches into view"
        );
        let door = colour(palette::DOOR);
        assert!(
            !shapes.iter().any(
                |s| matches!(s, egui::Shape::Mesh(m) if m.vertices.iter().any(|v| v.color == door))
            ),
            "the door at x = 140 is out of view"
        );
        assert!(texts(&shapes).is_empty());
    }

    #[test]
    fn details_finer_than_a_pixel_are_left_out() {
        let page = page();
        let crosses = |cell: f32| {
            lines_of(
                &painted(&page, geometry(&page, cell), everywhere()),
                palette::FLOOR_CROSS,
            )
            .len()
        };
        // Two strokes for each of the 11 intersections touching the floor
        // (all 12 but the top-right corner, which only out-of-bounds B3 touches).
        assert_eq!(crosses(40.0), 22);
        assert_eq!(crosses(3.0), 0);
        // Labels go before they become a smudge.
        assert!(texts(&painted(&page, geometry(&page, 12.0), everywhere())).is_empty());
    }

    #[test]
    fn fine_dashes_become_a_faint_line() {
        let page = page();
        let dashes = |cell: f32| {
            let shapes = painted(&page, geometry(&page, cell), everywhere());
            let grid = colour(palette::GROUND_GRID);
            let faded = grid.gamma_multiply(0.5);
            let solid = lines_of(&shapes, palette::GROUND_GRID).len();
            let faint = shapes
                .iter()
                .filter(|s| matches!(s, egui::Shape::Path(p) if p.stroke.color == ColorMode::Solid(faded)))
                .count();
            (solid, faint)
        };
        // B3's ground grid: two runs of edges that touch no floor (its top and right sides).
        let (solid, faint) = dashes(100.0);
        assert!(solid > 2, "dashes drawn one by one: {solid}");
        assert_eq!(faint, 0);
        assert_eq!(dashes(20.0), (0, 2));
    }
}
