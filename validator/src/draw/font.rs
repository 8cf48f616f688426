//! The label font: text measured and turned into outlines.
//!
//! tiny-skia draws no text, and an SVG that names a font looks different on
//! every machine. So deckplan embeds one small font — DejaVu Sans Condensed
//! Bold, subset to Latin and punctuation (28 kB, licence in
//! `validator/assets/LICENSE-DejaVu.txt`) — and both exporters draw each label
//! as the glyphs' own outlines. The PNG and the SVG then show the very same
//! shapes, and a printed label cannot fall back to a font the printer lacks.
//!
//! A condensed bold face was chosen because map labels are short, set small and
//! read against busy ground ("L2 p.2" inside an arrow, door numbers); it is also
//! the look of the printed Location maps. `ab_glyph` reads it: a small, widely
//! used crate that only parses outlines, leaving filling to the rasterizer.
//!
//! Characters the subset lacks are drawn as the font's missing-glyph box.

use std::sync::OnceLock;

use ab_glyph::{Font as _, FontRef, GlyphId, OutlineCurve};

use super::scene::{Point, Text};

static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSansCondensed-Bold-subset.ttf");

/// The parsed font and the metrics every label uses.
struct Face {
    font: FontRef<'static>,
    /// Font units per em.
    units_per_em: f64,
    /// Height of a capital letter, in font units.
    cap_height: f64,
}

fn face() -> Option<&'static Face> {
    static FACE: OnceLock<Option<Face>> = OnceLock::new();
    FACE.get_or_init(|| {
        let font = FontRef::try_from_slice(FONT_BYTES).ok()?;
        let units_per_em = f64::from(font.units_per_em()?);
        let cap_height = font
            .outline(font.glyph_id('H'))
            .map_or(units_per_em * 0.73, |o| f64::from(o.bounds.min.y));
        Some(Face {
            font,
            units_per_em,
            cap_height,
        })
    })
    .as_ref()
}

/// One step of an outline path, in board units (y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathOp {
    /// Starts a contour.
    MoveTo(Point),
    /// A straight segment.
    LineTo(Point),
    /// A quadratic Bézier segment: control, end.
    QuadTo(Point, Point),
    /// A cubic Bézier segment: two controls, end.
    CubicTo(Point, Point, Point),
    /// Closes the contour.
    Close,
}

/// The glyphs of a text with their pen positions, in font units from the start
/// of the baseline.
fn glyphs(face: &Face, text: &str) -> (Vec<(GlyphId, f64)>, f64) {
    let mut placed = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut previous: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = face.font.glyph_id(ch);
        if let Some(prev) = previous {
            pen += f64::from(face.font.kern_unscaled(prev, id));
        }
        placed.push((id, pen));
        pen += f64::from(face.font.h_advance_unscaled(id));
        previous = Some(id);
    }
    (placed, pen)
}

/// The font file itself, for painters that lay text out on their own (the
/// editor registers it with egui, so its canvas shows the printed labels).
pub fn bytes() -> &'static [u8] {
    FONT_BYTES
}

/// Width of a text at a font size, in the same units as the size.
pub fn measure(text: &str, size: f64) -> f64 {
    face().map_or(0.0, |face| glyphs(face, text).1 * size / face.units_per_em)
}

/// Height of capitals at a font size.
pub fn cap_height(size: f64) -> f64 {
    face().map_or(size * 0.73, |face| {
        face.cap_height * size / face.units_per_em
    })
}

/// The outline of a text, placed by its anchor, in board units.
pub fn outline(text: &Text) -> Vec<PathOp> {
    let Some(face) = face() else {
        return Vec::new();
    };
    let scale = text.size / face.units_per_em;
    let (placed, width) = glyphs(face, &text.text);
    let left = text.at.x - width * scale * text.anchor.horizontal();
    let baseline = text.at.y - face.cap_height * scale * text.anchor.vertical();
    let mut ops = Vec::new();
    for (id, pen) in placed {
        let Some(glyph) = face.font.outline(id) else {
            continue;
        };
        let origin_x = left + pen * scale;
        let at = |p: ab_glyph::Point| {
            Point::new(
                origin_x + f64::from(p.x) * scale,
                baseline + f64::from(p.y) * scale,
            )
        };
        let mut end: Option<ab_glyph::Point> = None;
        for curve in &glyph.curves {
            let start = match curve {
                OutlineCurve::Line(a, _)
                | OutlineCurve::Quad(a, _, _)
                | OutlineCurve::Cubic(a, _, _, _) => *a,
            };
            if end != Some(start) {
                if end.is_some() {
                    ops.push(PathOp::Close);
                }
                ops.push(PathOp::MoveTo(at(start)));
            }
            let last = match curve {
                OutlineCurve::Line(_, b) => {
                    ops.push(PathOp::LineTo(at(*b)));
                    *b
                }
                OutlineCurve::Quad(_, c, b) => {
                    ops.push(PathOp::QuadTo(at(*c), at(*b)));
                    *b
                }
                OutlineCurve::Cubic(_, c1, c2, b) => {
                    ops.push(PathOp::CubicTo(at(*c1), at(*c2), at(*b)));
                    *b
                }
            };
            end = Some(last);
        }
        if end.is_some() {
            ops.push(PathOp::Close);
        }
    }
    ops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::scene::{Anchor, Colour};

    #[test]
    fn the_embedded_font_loads_and_measures() {
        assert!(face().is_some());
        let wide = measure("L2 p.2", 1.0);
        assert!(wide > 2.0 && wide < 4.0, "width {wide}");
        assert!(measure("WW", 1.0) > measure("ii", 1.0));
        let cap = cap_height(1.0);
        assert!(cap > 0.6 && cap < 0.8, "cap height {cap}");
    }

    #[test]
    fn centred_text_is_centred_on_its_point() {
        let text = Text {
            at: Point::new(5.0, 5.0),
            text: "H".to_string(),
            size: 1.0,
            colour: Colour::BLACK,
            anchor: Anchor::Centre,
        };
        let points: Vec<Point> = outline(&text)
            .into_iter()
            .filter_map(|op| match op {
                PathOp::MoveTo(p) | PathOp::LineTo(p) => Some(p),
                _ => None,
            })
            .collect();
        let min_y = points.iter().map(|p| p.y).fold(f64::MAX, f64::min);
        let max_y = points.iter().map(|p| p.y).fold(f64::MIN, f64::max);
        assert!(((min_y + max_y) / 2.0 - 5.0).abs() < 0.01);
        let min_x = points.iter().map(|p| p.x).fold(f64::MAX, f64::min);
        let max_x = points.iter().map(|p| p.x).fold(f64::MIN, f64::max);
        assert!(((min_x + max_x) / 2.0 - 5.0).abs() < 0.05);
    }
}
