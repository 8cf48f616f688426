//! Scenes as SVG, for vector printing and for editing in Inkscape or Illustrator.
//!
//! The document's `width` and `height` are physical (millimetres), so a space
//! prints at its real size; the view box counts [`UNITS_PER_SPACE`] user units a
//! space. Each [`Layer`](crate::draw::Layer) becomes a named group. Labels are
//! written as the outlines of the embedded font's glyphs, with the text in an
//! `aria-label`: the picture then looks the same everywhere, PNG included,
//! whatever fonts the viewer has.
//!
//! A picture of a file is bounded like a PNG is: [`write`] refuses a scene of
//! more than [`MAX_SVG_ELEMENTS`] shapes and letters (each letter of a label
//! is an outline of its own) before writing anything, and stops as soon as
//! the document passes [`MAX_SVG_BYTES`].

use std::fmt::Write as _;
use std::path::Path;

use deckplan_schema::limits::{MAX_SVG_BYTES, MAX_SVG_ELEMENTS};

use super::units::Length;
use super::{ExportError, Paper};
use crate::draw::font::{self, PathOp};
use crate::draw::{Cap, Colour, Point, Scene, Shape, Stroke};

/// User units per space in the view box (whole numbers keep the file short).
pub const UNITS_PER_SPACE: f64 = 100.0;

/// How a scene becomes an SVG document.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SvgOptions {
    /// The printed size of one space.
    pub space_size: Length,
    /// What is under the map.
    pub paper: Paper,
}

/// A number with at most two decimals and no trailing zeros.
fn num(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let mut text = format!("{rounded:.2}");
    while text.ends_with('0') {
        text.pop();
    }
    if text.ends_with('.') {
        text.pop();
    }
    text
}

/// Escapes text for an attribute value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Renders a scene as an SVG document, however large: for a picture of a
/// file, use [`render_bounded`] or [`write`].
pub fn render(scene: &Scene, options: &SvgOptions) -> String {
    render_within(scene, options, usize::MAX).unwrap_or_default()
}

/// Renders a scene as an SVG document of at most [`MAX_SVG_ELEMENTS`] shapes
/// and [`MAX_SVG_BYTES`] bytes, or says which limit it passes.
pub fn render_bounded(scene: &Scene, options: &SvgOptions) -> Result<String, ExportError> {
    let bytes = usize::try_from(MAX_SVG_BYTES).unwrap_or(usize::MAX);
    render_limited(scene, options, MAX_SVG_ELEMENTS, bytes)
}

/// [`render_bounded`] with the limits given.
fn render_limited(
    scene: &Scene,
    options: &SvgOptions,
    most_elements: usize,
    most_bytes: usize,
) -> Result<String, ExportError> {
    let elements = elements(scene);
    if elements > most_elements {
        return Err(ExportError::SvgTooManyElements {
            elements,
            limit: most_elements,
        });
    }
    render_within(scene, options, most_bytes).ok_or(ExportError::SvgTooLarge {
        limit: most_bytes as u64,
    })
}

/// The shapes of a scene and the letters of its labels: what an SVG of it
/// holds, counted before any outline is made.
pub fn elements(scene: &Scene) -> usize {
    scene
        .shapes()
        .map(|shape| match shape {
            Shape::Text(text) => 1 + text.text.chars().count(),
            _ => 1,
        })
        .sum()
}

/// Writes a scene as an SVG file within the limits of [`render_bounded`];
/// nothing is written when it passes one.
pub fn write(scene: &Scene, options: &SvgOptions, path: &Path) -> Result<(), ExportError> {
    let document = render_bounded(scene, options)?;
    deckplan_schema::save::write_atomically(path, &document).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The SVG document, or `None` as soon as it passes `limit` bytes.
fn render_within(scene: &Scene, options: &SvgOptions, limit: usize) -> Option<String> {
    let bounds = scene.bounds;
    let to_user = |p: Point| {
        (
            (p.x - bounds.min.x) * UNITS_PER_SPACE,
            (bounds.max.y - p.y) * UNITS_PER_SPACE,
        )
    };
    let (width, height) = (
        bounds.width() * UNITS_PER_SPACE,
        bounds.height() * UNITS_PER_SPACE,
    );
    let mm = options.space_size.in_millimetres();
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{}mm" viewBox="0 0 {} {}">"#,
        num(bounds.width() * mm),
        num(bounds.height() * mm),
        num(width),
        num(height)
    );
    if options.paper == Paper::White {
        let _ = writeln!(
            out,
            r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
            num(width),
            num(height)
        );
    }
    for (layer, shapes) in scene.layers() {
        if shapes.is_empty() {
            continue;
        }
        let _ = writeln!(out, r#"<g id="{}">"#, layer.name());
        for shape in shapes {
            write_shape(&mut out, shape, &to_user);
            if out.len() > limit {
                return None;
            }
        }
        let _ = writeln!(out, "</g>");
    }
    out.push_str("</svg>\n");
    (out.len() <= limit).then_some(out)
}

fn fill_attrs(fill: Option<Colour>) -> String {
    match fill {
        None => r#" fill="none""#.to_string(),
        Some(c) if c.a == 255 => format!(r#" fill="{}""#, c.hex()),
        Some(c) => format!(
            r#" fill="{}" fill-opacity="{}""#,
            c.hex(),
            num(f64::from(c.a) / 255.0)
        ),
    }
}

fn stroke_attrs(stroke: Option<&Stroke>) -> String {
    let Some(stroke) = stroke else {
        return String::new();
    };
    let mut out = format!(
        r#" stroke="{}" stroke-width="{}""#,
        stroke.colour.hex(),
        num(stroke.width * UNITS_PER_SPACE)
    );
    if stroke.colour.a != 255 {
        let _ = write!(
            out,
            r#" stroke-opacity="{}""#,
            num(f64::from(stroke.colour.a) / 255.0)
        );
    }
    match stroke.cap {
        Cap::Butt => {}
        Cap::Round => out.push_str(r#" stroke-linecap="round""#),
        Cap::Square => out.push_str(r#" stroke-linecap="square""#),
    }
    if let Some(dash) = stroke.dash {
        let _ = write!(
            out,
            r#" stroke-dasharray="{} {}""#,
            num(dash.on * UNITS_PER_SPACE),
            num(dash.off * UNITS_PER_SPACE)
        );
    }
    out
}

fn points_attr(points: &[Point], to_user: &impl Fn(Point) -> (f64, f64)) -> String {
    points
        .iter()
        .map(|p| {
            let (x, y) = to_user(*p);
            format!("{},{}", num(x), num(y))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn path_data(ops: &[PathOp], to_user: &impl Fn(Point) -> (f64, f64)) -> String {
    let mut d = String::new();
    let p = |point: Point| {
        let (x, y) = to_user(point);
        format!("{} {}", num(x), num(y))
    };
    for op in ops {
        match *op {
            PathOp::MoveTo(a) => {
                let _ = write!(d, "M{}", p(a));
            }
            PathOp::LineTo(a) => {
                let _ = write!(d, "L{}", p(a));
            }
            PathOp::QuadTo(c, a) => {
                let _ = write!(d, "Q{} {}", p(c), p(a));
            }
            PathOp::CubicTo(c1, c2, a) => {
                let _ = write!(d, "C{} {} {}", p(c1), p(c2), p(a));
            }
            PathOp::Close => d.push('Z'),
        }
    }
    d
}

fn write_shape(out: &mut String, shape: &Shape, to_user: &impl Fn(Point) -> (f64, f64)) {
    match shape {
        Shape::Rect { rect, fill } => {
            let (x, y) = to_user(Point::new(rect.min.x, rect.max.y));
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}"{} shape-rendering="crispEdges"/>"#,
                num(x),
                num(y),
                num(rect.width() * UNITS_PER_SPACE),
                num(rect.height() * UNITS_PER_SPACE),
                fill_attrs(Some(*fill))
            );
        }
        Shape::Line { points, stroke } => {
            let _ = writeln!(
                out,
                r#"<polyline points="{}" fill="none"{}/>"#,
                points_attr(points, to_user),
                stroke_attrs(Some(stroke))
            );
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                out,
                r#"<polygon points="{}"{}{}/>"#,
                points_attr(points, to_user),
                fill_attrs(*fill),
                stroke_attrs(stroke.as_ref())
            );
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            let (x, y) = to_user(*centre);
            let _ = writeln!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}"{}{}/>"#,
                num(x),
                num(y),
                num(radius * UNITS_PER_SPACE),
                fill_attrs(*fill),
                stroke_attrs(stroke.as_ref())
            );
        }
        Shape::Text(text) => {
            let d = path_data(&font::outline(text), to_user);
            if !d.is_empty() {
                let _ = writeln!(
                    out,
                    r#"<path aria-label="{}" d="{d}"{}/>"#,
                    escape(&text.text),
                    fill_attrs(Some(text.colour))
                );
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::draw::{Anchor, Layer, Rect};

    fn options() -> SvgOptions {
        SvgOptions {
            space_size: Length::inches(1.0),
            paper: Paper::White,
        }
    }

    /// Two shapes and a label of three letters.
    fn scene() -> Scene {
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 2.0, 1.0));
        scene.fill_rect(Layer::Floor, Rect::new(0.0, 0.0, 1.0, 1.0), Colour::BLACK);
        scene.text(
            Layer::Markers,
            Point::new(1.0, 0.5),
            "abc",
            0.3,
            Colour::BLACK,
            Anchor::Centre,
        );
        scene
    }

    #[test]
    fn an_svg_past_either_limit_is_refused_and_one_within_them_is_whole() {
        let scene = scene();
        assert_eq!(elements(&scene), 5);
        let whole = render(&scene, &options());
        assert_eq!(
            render_limited(&scene, &options(), 5, whole.len()).unwrap(),
            whole
        );
        assert_eq!(
            render_limited(&scene, &options(), 4, whole.len())
                .unwrap_err()
                .to_string(),
            "the SVG would draw 5 shapes and letters, more than the limit of 4; draw it as a PNG instead"
        );
        assert!(matches!(
            render_limited(&scene, &options(), 5, whole.len() - 1),
            Err(ExportError::SvgTooLarge { limit }) if limit as usize == whole.len() - 1
        ));
        assert_eq!(
            ExportError::SvgTooLarge {
                limit: MAX_SVG_BYTES
            }
            .to_string(),
            "the SVG would be larger than the limit of 128 MiB; draw it as a PNG instead"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape(r#"a<"b">&"#), "a&lt;&quot;b&quot;&gt;&amp;");
    }
}
