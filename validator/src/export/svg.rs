//! Scenes as SVG, for vector printing and for editing in Inkscape or Illustrator.
//!
//! The document's `width` and `height` are physical (millimetres), so a space
//! prints at its real size; the view box counts [`UNITS_PER_SPACE`] user units a
//! space. Each [`Layer`](crate::draw::Layer) becomes a named group. Labels are
//! written as the outlines of the embedded font's glyphs, with the text in an
//! `aria-label`: the picture then looks the same everywhere, PNG included,
//! whatever fonts the viewer has.

use std::fmt::Write as _;

use super::Paper;
use super::units::Length;
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

/// Renders a scene as an SVG document.
pub fn render(scene: &Scene, options: &SvgOptions) -> String {
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
        }
        let _ = writeln!(out, "</g>");
    }
    out.push_str("</svg>\n");
    out
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
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(escape(r#"a<"b">&"#), "a&lt;&quot;b&quot;&gt;&amp;");
    }
}
