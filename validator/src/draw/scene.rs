//! A scene: a flat list of drawing primitives in board units.
//!
//! Board units put one space at 1.0 × 1.0, with x to the right and **y up**,
//! the way board models count rows from the bottom; each game's drawing
//! places its board's parts in these units. Every backend maps this
//! to its own pixels once (`pixel_from_board`), so stroke widths, dashes and
//! text sizes are all in spaces and the picture looks the same at any DPI.
//!
//! The primitives are deliberately few — rectangles, polylines, polygons,
//! circles and text with an anchor — because each must map one-to-one onto
//! tiny-skia (PNG), SVG elements and egui shapes (the editor's painter).
//! Shapes go into fixed [`Layer`]s rather than one list, so that code drawing
//! a board in several parts (pages, levels, tiles) can emit part by part and
//! still get every floor under every wall (a wall on an edge two parts share
//! must not be covered by the next part).

/// A colour, straight (not premultiplied) RGBA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity (255 is opaque).
    pub a: u8,
}

impl Colour {
    /// Opaque black.
    pub const BLACK: Self = Self::rgb(0, 0, 0);
    /// Opaque white.
    pub const WHITE: Self = Self::rgb(255, 255, 255);

    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b, a: 255 }
    }

    /// The same colour with another opacity.
    pub const fn with_alpha(self, a: u8) -> Self {
        Self { a, ..self }
    }

    /// `#rrggbb`, without the opacity (SVG and Tiled take that separately).
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// A point in board units (y up).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Spaces from the left.
    pub x: f64,
    /// Spaces from the bottom.
    pub y: f64,
}

impl Point {
    /// A point.
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// This point moved by `(dx, dy)`.
    pub fn offset(self, dx: f64, dy: f64) -> Self {
        Self::new(self.x + dx, self.y + dy)
    }
}

/// An axis-aligned rectangle in board units.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Bottom-left corner.
    pub min: Point,
    /// Top-right corner.
    pub max: Point,
}

impl Rect {
    /// The rectangle from its left, bottom, right and top sides.
    pub const fn new(left: f64, bottom: f64, right: f64, top: f64) -> Self {
        Self {
            min: Point::new(left, bottom),
            max: Point::new(right, top),
        }
    }

    /// Width in spaces.
    pub fn width(self) -> f64 {
        self.max.x - self.min.x
    }

    /// Height in spaces.
    pub fn height(self) -> f64 {
        self.max.y - self.min.y
    }

    /// The four corners, counter-clockwise from the bottom-left: the
    /// rectangle as a polygon, to outline it.
    pub fn corners(self) -> Vec<Point> {
        vec![
            self.min,
            Point::new(self.max.x, self.min.y),
            self.max,
            Point::new(self.min.x, self.max.y),
        ]
    }

    /// The centre.
    pub fn centre(self) -> Point {
        Point::new(
            (self.min.x + self.max.x) / 2.0,
            (self.min.y + self.max.y) / 2.0,
        )
    }

    /// The smallest rectangle holding both.
    pub fn union(self, other: Self) -> Self {
        Self::new(
            self.min.x.min(other.min.x),
            self.min.y.min(other.min.y),
            self.max.x.max(other.max.x),
            self.max.y.max(other.max.y),
        )
    }

    /// This rectangle grown by `left`, `bottom`, `right` and `top` spaces.
    pub fn grow(self, left: f64, bottom: f64, right: f64, top: f64) -> Self {
        Self::new(
            self.min.x - left,
            self.min.y - bottom,
            self.max.x + right,
            self.max.y + top,
        )
    }
}

/// How the ends of an open line look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cap {
    /// Square, ending exactly at the end point.
    #[default]
    Butt,
    /// Rounded past the end point by half the width.
    Round,
    /// Square, past the end point by half the width.
    Square,
}

/// A dash pattern: `on` spaces drawn, `off` spaces skipped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dash {
    /// Length of each dash.
    pub on: f64,
    /// Length of each gap.
    pub off: f64,
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Width in spaces.
    pub width: f64,
    /// Colour.
    pub colour: Colour,
    /// Dashes, or `None` for a solid line.
    pub dash: Option<Dash>,
    /// Line ends.
    pub cap: Cap,
}

impl Stroke {
    /// A solid line with butt ends.
    pub const fn solid(width: f64, colour: Colour) -> Self {
        Self {
            width,
            colour,
            dash: None,
            cap: Cap::Butt,
        }
    }

    /// The same line, dashed.
    pub const fn dashed(self, on: f64, off: f64) -> Self {
        Self {
            dash: Some(Dash { on, off }),
            ..self
        }
    }

    /// The same line with other ends.
    pub const fn cap(self, cap: Cap) -> Self {
        Self { cap, ..self }
    }
}

/// Where a text's anchor point lies on the text's box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// Top-left corner.
    TopLeft,
    /// Middle of the top side.
    Top,
    /// Top-right corner.
    TopRight,
    /// Middle of the left side.
    Left,
    /// The centre.
    Centre,
    /// Middle of the right side.
    Right,
    /// Bottom-left corner.
    BottomLeft,
    /// Middle of the bottom side.
    Bottom,
    /// Bottom-right corner.
    BottomRight,
}

impl Anchor {
    /// How far along the text's width the anchor is: 0, ½ or 1.
    pub const fn horizontal(self) -> f64 {
        match self {
            Self::TopLeft | Self::Left | Self::BottomLeft => 0.0,
            Self::Top | Self::Centre | Self::Bottom => 0.5,
            Self::TopRight | Self::Right | Self::BottomRight => 1.0,
        }
    }

    /// How far up the text's cap height the anchor is: 0 (the baseline), ½ or 1.
    pub const fn vertical(self) -> f64 {
        match self {
            Self::BottomLeft | Self::Bottom | Self::BottomRight => 0.0,
            Self::Left | Self::Centre | Self::Right => 0.5,
            Self::TopLeft | Self::Top | Self::TopRight => 1.0,
        }
    }
}

/// One line of text.
///
/// The text box is the advance width by the cap height: anchoring `Centre`
/// centres capitals and digits on the point, which is what map labels need.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Where the anchor lies.
    pub at: Point,
    /// The text (one line).
    pub text: String,
    /// Font size (the em) in spaces.
    pub size: f64,
    /// Fill colour.
    pub colour: Colour,
    /// Which point of the box `at` is.
    pub anchor: Anchor,
}

/// A drawing primitive.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A filled axis-aligned rectangle.
    Rect {
        /// Where.
        rect: Rect,
        /// Fill.
        fill: Colour,
    },
    /// An open polyline.
    Line {
        /// At least two points.
        points: Vec<Point>,
        /// How it is drawn.
        stroke: Stroke,
    },
    /// A closed polygon, filled, outlined or both.
    Polygon {
        /// At least three points; the last joins the first.
        points: Vec<Point>,
        /// Fill, if any.
        fill: Option<Colour>,
        /// Outline, if any.
        stroke: Option<Stroke>,
    },
    /// A circle, filled, outlined or both.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius in spaces.
        radius: f64,
        /// Fill, if any.
        fill: Option<Colour>,
        /// Outline, if any.
        stroke: Option<Stroke>,
    },
    /// A line of text.
    Text(Text),
}

/// Drawing order, bottom first. Every shape goes into one layer.
///
/// The layers name what a board is made of — ground, floor, grid, what
/// stands on its spaces, what lies on the edges between them, what sits where
/// lines meet, the outlines of its parts — so that any game's drawing puts
/// each shape where the others expect it: a board drawn part by part still
/// gets every floor under every wall.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Layer {
    /// The margins, and whatever lies under the whole picture: coordinates,
    /// titles, legends, a background of space.
    Margin,
    /// Behind the board's spaces: the paper, or the ground around them that
    /// is out of bounds, with its faint grid.
    Ground,
    /// The board's floor: the spaces figures stand on, the corridors between
    /// rooms, the tiles of a map.
    Floor,
    /// Grid lines and marks on the floor (crosses where lines meet, lanes
    /// drawn dashed).
    Grid,
    /// What fills spaces on the floor: terrain, obstacles, blocked squares,
    /// rooms.
    Terrain,
    /// Markers on spaces and their labels: arrows, consoles, caches, starts,
    /// names.
    Markers,
    /// Barriers on the edges between spaces that are not walls (lines some
    /// moves may not cross), under the walls.
    Barriers,
    /// Walls and hulls.
    Walls,
    /// Doors, over the walls they open.
    Doors,
    /// What sits where lines meet, over walls and doors: features on the
    /// points where grid lines cross, the hubs where corridors meet or end,
    /// and their labels.
    Junctions,
    /// Outlines and labels of a board's parts, over everything drawn on them:
    /// the pages of a pack, the modules of a ship, the home systems of a
    /// galaxy.
    Outlines,
    /// Lint problems drawn over the board.
    Annotations,
}

impl Layer {
    /// Every layer, bottom first.
    pub const ALL: [Self; 12] = [
        Self::Margin,
        Self::Ground,
        Self::Floor,
        Self::Grid,
        Self::Terrain,
        Self::Markers,
        Self::Barriers,
        Self::Walls,
        Self::Doors,
        Self::Junctions,
        Self::Outlines,
        Self::Annotations,
    ];

    /// The id of the layer's group in an SVG picture. The ids are those the
    /// first published pictures gave, kept so that stylesheets and scripts
    /// that select a group keep working.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Margin => "margin",
            Self::Ground => "out-of-bounds",
            Self::Floor => "floor",
            Self::Grid => "grid",
            Self::Terrain => "terrain",
            Self::Markers => "markers",
            Self::Barriers => "red-lines",
            Self::Walls => "walls",
            Self::Doors => "doors",
            Self::Junctions => "intersections",
            Self::Outlines => "pages",
            Self::Annotations => "annotations",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// A whole picture: the area to draw and the shapes in each layer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scene {
    /// The area the picture shows, in board units.
    pub bounds: Rect,
    layers: [Vec<Shape>; Layer::ALL.len()],
}

impl Scene {
    /// An empty scene showing `bounds`.
    pub fn new(bounds: Rect) -> Self {
        Self {
            bounds,
            layers: Default::default(),
        }
    }

    /// Adds a shape to a layer.
    pub fn push(&mut self, layer: Layer, shape: Shape) {
        if let Some(shapes) = self.layers.get_mut(layer.index()) {
            shapes.push(shape);
        }
    }

    /// The shapes of one layer, in drawing order.
    pub fn layer(&self, layer: Layer) -> &[Shape] {
        self.layers.get(layer.index()).map_or(&[], Vec::as_slice)
    }

    /// Every layer with its shapes, bottom first.
    pub fn layers(&self) -> impl Iterator<Item = (Layer, &[Shape])> {
        Layer::ALL
            .into_iter()
            .map(|layer| (layer, self.layer(layer)))
    }

    /// Every layer with its shapes, bottom first, taken out of the scene
    /// (for painters that keep the shapes, without copying them).
    pub fn into_layers(self) -> impl Iterator<Item = (Layer, Vec<Shape>)> {
        Layer::ALL.into_iter().zip(self.layers)
    }

    /// Every shape, bottom first.
    pub fn shapes(&self) -> impl Iterator<Item = &Shape> {
        self.layers.iter().flatten()
    }

    /// Number of shapes.
    pub fn len(&self) -> usize {
        self.layers.iter().map(Vec::len).sum()
    }

    /// Whether the scene has no shapes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Fills a rectangle.
    pub fn fill_rect(&mut self, layer: Layer, rect: Rect, fill: Colour) {
        self.push(layer, Shape::Rect { rect, fill });
    }

    /// Draws a straight line.
    pub fn line(&mut self, layer: Layer, from: Point, to: Point, stroke: Stroke) {
        self.push(
            layer,
            Shape::Line {
                points: vec![from, to],
                stroke,
            },
        );
    }

    /// Draws an open polyline.
    pub fn polyline(&mut self, layer: Layer, points: Vec<Point>, stroke: Stroke) {
        if points.len() >= 2 {
            self.push(layer, Shape::Line { points, stroke });
        }
    }

    /// Draws a closed polygon.
    pub fn polygon(
        &mut self,
        layer: Layer,
        points: Vec<Point>,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    ) {
        if points.len() >= 3 {
            self.push(
                layer,
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                },
            );
        }
    }

    /// Draws a circle.
    pub fn circle(
        &mut self,
        layer: Layer,
        centre: Point,
        radius: f64,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    ) {
        self.push(
            layer,
            Shape::Circle {
                centre,
                radius,
                fill,
                stroke,
            },
        );
    }

    /// Writes a line of text.
    pub fn text(
        &mut self,
        layer: Layer,
        at: Point,
        text: impl Into<String>,
        size: f64,
        colour: Colour,
        anchor: Anchor,
    ) {
        self.push(
            layer,
            Shape::Text(Text {
                at,
                text: text.into(),
                size,
                colour,
                anchor,
            }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_keep_drawing_order_whatever_the_push_order() {
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 1.0, 1.0));
        let wall = Stroke::solid(0.1, Colour::BLACK);
        scene.line(
            Layer::Walls,
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            wall,
        );
        scene.fill_rect(Layer::Floor, Rect::new(0.0, 0.0, 1.0, 1.0), Colour::WHITE);
        let order: Vec<bool> = scene
            .shapes()
            .map(|s| matches!(s, Shape::Rect { .. }))
            .collect();
        assert_eq!(order, [true, false]);
        assert_eq!(scene.len(), 2);
    }

    #[test]
    fn a_rectangle_outlines_counter_clockwise() {
        let corners = Rect::new(1.0, 2.0, 4.0, 6.0).corners();
        let expected =
            [(1.0, 2.0), (4.0, 2.0), (4.0, 6.0), (1.0, 6.0)].map(|(x, y)| Point::new(x, y));
        assert_eq!(corners, expected);
    }

    #[test]
    fn anchors_place_the_box() {
        assert!((Anchor::TopRight.horizontal() - 1.0).abs() < f64::EPSILON);
        assert!((Anchor::Bottom.vertical()).abs() < f64::EPSILON);
        assert!((Anchor::Centre.vertical() - 0.5).abs() < f64::EPSILON);
        assert_eq!(Colour::rgb(255, 16, 0).hex(), "#ff1000");
    }
}
