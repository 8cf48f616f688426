//! Scenes rasterized with tiny-skia and written as PNG with the `image` crate.
//!
//! Everything is anti-aliased except plain rectangles, which are snapped to
//! whole pixels: the floor is drawn as rectangles that touch, and anti-aliased
//! touching edges leave faint seams at sizes like 25 mm at 300 DPI (295.3 px a
//! space). Text is filled from the embedded font's outlines ([`font`]).
//!
//! The PNG records its DPI in a `pHYs` chunk, so a printer or an image editor
//! prints one space at the size asked for. `image` does not write that chunk;
//! it is inserted after the header, which PNG allows.

use std::path::Path;

use image::ImageEncoder as _;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use tiny_skia::{FillRule, LineCap, Paint, PathBuilder, Pixmap, PixmapMut, StrokeDash, Transform};

use super::units::{pixel_extent, pixels_per_metre};
use super::{ExportError, Paper};
use crate::draw::font::{self, PathOp};
use crate::draw::{Cap, Colour, Point, Scene, Shape, Stroke};

/// The largest picture made, in pixels (4 bytes each in memory).
pub const MAX_PIXELS: u64 = deckplan_schema::limits::MAX_PICTURE_PIXELS;

/// Pictures up to this many pixels are compressed harder.
const SMALL_PICTURE: u64 = 8_000_000;

/// How a scene becomes pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterOptions {
    /// Pixels per space (DPI × the printed size of a space in inches).
    pub px_per_space: f64,
    /// What is under the map.
    pub paper: Paper,
}

/// The size in pixels of a scene's picture.
pub fn picture_size(scene: &Scene, px_per_space: f64) -> (u64, u64) {
    (
        pixel_extent(scene.bounds.width(), px_per_space),
        pixel_extent(scene.bounds.height(), px_per_space),
    )
}

/// Draws a scene into a new pixmap.
pub fn rasterize(scene: &Scene, options: &RasterOptions) -> Result<Pixmap, ExportError> {
    let scale = options.px_per_space;
    // NaN is refused too.
    if scale.is_nan() || scale < deckplan_schema::limits::MIN_PIXELS_PER_SPACE {
        return Err(ExportError::TooSmall {
            px_per_space: scale,
        });
    }
    let (width, height) = picture_size(scene, scale);
    let too_large = || ExportError::TooLarge {
        width,
        height,
        limit: MAX_PIXELS / 1_000_000,
    };
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(too_large());
    }
    let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
        return Err(too_large());
    };
    let mut pixmap = Pixmap::new(w, h).ok_or_else(too_large)?;
    draw_into(&mut pixmap, scene, scale, options.paper);
    Ok(pixmap)
}

/// Pictures above this many pixels are drawn in bands, one thread each.
const BANDED_PICTURE: u64 = 2_000_000;

/// Draws a scene over a pixmap at `scale` pixels per space, the scene's
/// bounds at the pixmap's top-left corner, on white paper or on what the
/// pixmap already holds.
///
/// A large picture is cut into horizontal bands drawn at once on every core:
/// each band draws the whole scene shifted up by its top row, and tiny-skia
/// clips to the band. Coverage is computed row by row, so bands join without
/// seams; the shift only changes the rounding of a few anti-aliased pixels.
pub fn draw_into(pixmap: &mut Pixmap, scene: &Scene, scale: f64, paper: Paper) {
    let (width, height) = (pixmap.width(), pixmap.height());
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let bands = if u64::from(width) * u64::from(height) > BANDED_PICTURE {
        threads.min(16)
    } else {
        1
    };
    let band_rows = (height as usize).div_ceil(bands).max(1);
    let row_bytes = width as usize * 4;
    std::thread::scope(|scope| {
        for (i, chunk) in pixmap
            .data_mut()
            .chunks_mut(band_rows * row_bytes)
            .enumerate()
        {
            let rows = (chunk.len() / row_bytes) as u32;
            let top = (i * band_rows) as f64;
            scope.spawn(move || {
                if let Some(mut band) = PixmapMut::from_bytes(chunk, width, rows) {
                    if paper == Paper::White {
                        band.fill(tiny_skia::Color::WHITE);
                    }
                    draw_band(&mut band, scene, scale, top);
                }
            });
        }
    });
}

/// Draws a scene into one band of the picture, whose first row is `top`.
fn draw_band(pixmap: &mut PixmapMut<'_>, scene: &Scene, scale: f64, top: f64) {
    let bounds = scene.bounds;
    // Board units (y up) to pixels (y down).
    let transform = Transform::from_row(
        scale as f32,
        0.0,
        0.0,
        -scale as f32,
        (-bounds.min.x * scale) as f32,
        (bounds.max.y * scale - top) as f32,
    );
    let to_pixels = |p: Point| {
        (
            (p.x - bounds.min.x) * scale,
            (bounds.max.y - p.y) * scale - top,
        )
    };
    let mut batch = Batch::default();
    for shape in scene.shapes() {
        if let Some(rects) = axis_aligned_rects(shape, &to_pixels) {
            // Grid lines and walls run along the axes: filling their rectangles
            // gives the same pixels as stroking, at the cost of a memset.
            batch.flush(pixmap, transform);
            if let Shape::Line { stroke, .. } = shape {
                let paint = paint(stroke.colour);
                for rect in rects {
                    pixmap.fill_rect(rect, &paint, Transform::identity(), None);
                }
            }
            continue;
        }
        if !batch.add(shape) {
            batch.flush(pixmap, transform);
            if !batch.add(shape) {
                draw_shape(pixmap, shape, transform, &to_pixels);
            }
        }
    }
    batch.flush(pixmap, transform);
}

/// The pixel rectangles of a straight horizontal or vertical line with square or
/// butt ends (each dash its own rectangle), or `None` for any other shape.
fn axis_aligned_rects(
    shape: &Shape,
    to_pixels: &impl Fn(Point) -> (f64, f64),
) -> Option<Vec<tiny_skia::Rect>> {
    let Shape::Line { points, stroke } = shape else {
        return None;
    };
    let [a, b] = points.as_slice() else {
        return None;
    };
    let cap = match stroke.cap {
        Cap::Butt => 0.0,
        Cap::Square => stroke.width / 2.0,
        Cap::Round => return None,
    };
    // Overlapping square ends of translucent dashes would blend twice.
    if stroke.dash.is_some() && cap > 0.0 && stroke.colour.a != 255 {
        return None;
    }
    let horizontal = a.y == b.y;
    if !horizontal && a.x != b.x {
        return None;
    }
    let (start, end) = if horizontal { (a.x, b.x) } else { (a.y, b.y) };
    let (direction, length) = (if end >= start { 1.0 } else { -1.0 }, (end - start).abs());
    let half = stroke.width / 2.0;
    let pieces: Vec<(f64, f64)> = match stroke.dash {
        None => vec![(0.0, length)],
        Some(dash) if dash.on > 0.0 && dash.on + dash.off > 0.0 => {
            let count = (length / (dash.on + dash.off)).ceil() as usize + 1;
            (0..count)
                .map(|i| i as f64 * (dash.on + dash.off))
                .filter(|from| *from < length)
                .map(|from| (from, (from + dash.on).min(length)))
                .collect()
        }
        Some(_) => return None,
    };
    let rects = pieces
        .into_iter()
        .filter_map(|(from, to)| {
            let (lo, hi) = (start + direction * from, start + direction * to);
            let (lo, hi) = (lo.min(hi) - cap, lo.max(hi) + cap);
            let (min, max) = if horizontal {
                (Point::new(lo, a.y - half), Point::new(hi, a.y + half))
            } else {
                (Point::new(a.x - half, lo), Point::new(a.x + half, hi))
            };
            let (left, bottom) = to_pixels(min);
            let (right, top) = to_pixels(max);
            tiny_skia::Rect::from_ltrb(left as f32, top as f32, right as f32, bottom as f32)
        })
        .collect();
    Some(rects)
}

/// Consecutive shapes drawn alike, gathered into one path.
///
/// A map has hundreds of tiny strokes (grid crosses, dots), and each tiny-skia
/// call has a fixed cost; one call per run of alike shapes makes a 300 DPI page
/// several times faster. Only opaque, undashed shapes are gathered: for them
/// one path paints exactly the pixels the separate shapes would (a dash
/// pattern would restart differently, and overlaps of translucent shapes would
/// blend once instead of twice).
#[derive(Default)]
struct Batch {
    kind: Option<BatchKind>,
    builder: PathBuilder,
}

#[derive(Clone, Copy, PartialEq)]
enum BatchKind {
    Lines(Stroke),
    FilledCircles(Colour),
    StrokedCircles(Stroke),
}

impl Batch {
    /// Adds a shape if it fits the batch (or starts one); false if it does not.
    fn add(&mut self, shape: &Shape) -> bool {
        let opaque_solid = |s: &Stroke| s.dash.is_none() && s.colour.a == 255;
        let kind = match shape {
            Shape::Line { stroke, .. } if opaque_solid(stroke) => BatchKind::Lines(*stroke),
            Shape::Circle {
                fill: Some(fill),
                stroke: None,
                ..
            } if fill.a == 255 => BatchKind::FilledCircles(*fill),
            Shape::Circle {
                fill: None,
                stroke: Some(stroke),
                ..
            } if opaque_solid(stroke) => BatchKind::StrokedCircles(*stroke),
            _ => return false,
        };
        if self.kind.is_some_and(|k| k != kind) {
            return false;
        }
        self.kind = Some(kind);
        match shape {
            Shape::Line { points, .. } => {
                let mut points = points.iter();
                if let Some(first) = points.next() {
                    self.builder.move_to(first.x as f32, first.y as f32);
                    for p in points {
                        self.builder.line_to(p.x as f32, p.y as f32);
                    }
                }
            }
            Shape::Circle { centre, radius, .. } => {
                self.builder
                    .push_circle(centre.x as f32, centre.y as f32, *radius as f32);
            }
            _ => {}
        }
        true
    }

    /// Draws what was gathered and empties the batch.
    fn flush(&mut self, pixmap: &mut PixmapMut<'_>, transform: Transform) {
        let builder = std::mem::take(&mut self.builder);
        let Some(kind) = self.kind.take() else {
            return;
        };
        let Some(path) = builder.finish() else {
            return;
        };
        match kind {
            BatchKind::Lines(stroke) | BatchKind::StrokedCircles(stroke) => {
                fill_and_stroke(pixmap, &path, None, Some(&stroke), transform);
            }
            BatchKind::FilledCircles(fill) => {
                fill_and_stroke(pixmap, &path, Some(fill), None, transform);
            }
        }
    }
}

fn paint(colour: Colour) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color_rgba8(colour.r, colour.g, colour.b, colour.a);
    paint.anti_alias = true;
    paint
}

fn skia_stroke(stroke: &Stroke) -> tiny_skia::Stroke {
    tiny_skia::Stroke {
        width: stroke.width as f32,
        line_cap: match stroke.cap {
            Cap::Butt => LineCap::Butt,
            Cap::Round => LineCap::Round,
            Cap::Square => LineCap::Square,
        },
        dash: stroke
            .dash
            .and_then(|d| StrokeDash::new(vec![d.on as f32, d.off as f32], 0.0)),
        ..tiny_skia::Stroke::default()
    }
}

fn polyline_path(points: &[Point], close: bool) -> Option<tiny_skia::Path> {
    let mut builder = PathBuilder::new();
    let mut points = points.iter();
    let first = points.next()?;
    builder.move_to(first.x as f32, first.y as f32);
    for p in points {
        builder.line_to(p.x as f32, p.y as f32);
    }
    if close {
        builder.close();
    }
    builder.finish()
}

/// The path of a text's outline, in board units.
pub(crate) fn text_path(ops: &[PathOp]) -> Option<tiny_skia::Path> {
    let mut builder = PathBuilder::new();
    let f = |p: Point| (p.x as f32, p.y as f32);
    for op in ops {
        match *op {
            PathOp::MoveTo(p) => {
                let (x, y) = f(p);
                builder.move_to(x, y);
            }
            PathOp::LineTo(p) => {
                let (x, y) = f(p);
                builder.line_to(x, y);
            }
            PathOp::QuadTo(c, p) => {
                let ((cx, cy), (x, y)) = (f(c), f(p));
                builder.quad_to(cx, cy, x, y);
            }
            PathOp::CubicTo(c1, c2, p) => {
                let ((ax, ay), (bx, by), (x, y)) = (f(c1), f(c2), f(p));
                builder.cubic_to(ax, ay, bx, by, x, y);
            }
            PathOp::Close => builder.close(),
        }
    }
    builder.finish()
}

fn fill_and_stroke(
    pixmap: &mut PixmapMut<'_>,
    path: &tiny_skia::Path,
    fill: Option<Colour>,
    stroke: Option<&Stroke>,
    transform: Transform,
) {
    if let Some(fill) = fill {
        pixmap.fill_path(path, &paint(fill), FillRule::Winding, transform, None);
    }
    if let Some(stroke) = stroke {
        pixmap.stroke_path(
            path,
            &paint(stroke.colour),
            &skia_stroke(stroke),
            transform,
            None,
        );
    }
}

fn draw_shape(
    pixmap: &mut PixmapMut<'_>,
    shape: &Shape,
    transform: Transform,
    to_pixels: &impl Fn(Point) -> (f64, f64),
) {
    match shape {
        Shape::Rect { rect, fill } => {
            // Snapped to whole pixels so touching rectangles leave no seam.
            let (left, top) = to_pixels(Point::new(rect.min.x, rect.max.y));
            let (right, bottom) = to_pixels(Point::new(rect.max.x, rect.min.y));
            let (left, top, right, bottom) =
                (left.round(), top.round(), right.round(), bottom.round());
            if let Some(rect) =
                tiny_skia::Rect::from_ltrb(left as f32, top as f32, right as f32, bottom as f32)
            {
                let mut paint = paint(*fill);
                paint.anti_alias = false;
                pixmap.fill_rect(rect, &paint, Transform::identity(), None);
            }
        }
        Shape::Line { points, stroke } => {
            if let Some(path) = polyline_path(points, false) {
                fill_and_stroke(pixmap, &path, None, Some(stroke), transform);
            }
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            if let Some(path) = polyline_path(points, true) {
                fill_and_stroke(pixmap, &path, *fill, stroke.as_ref(), transform);
            }
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            if let Some(path) =
                PathBuilder::from_circle(centre.x as f32, centre.y as f32, *radius as f32)
            {
                fill_and_stroke(pixmap, &path, *fill, stroke.as_ref(), transform);
            }
        }
        Shape::Text(text) => {
            if let Some(path) = text_path(&font::outline(text)) {
                fill_and_stroke(pixmap, &path, Some(text.colour), None, transform);
            }
        }
    }
}

/// Encodes a pixmap as PNG, recording `dpi` when given.
pub fn encode(pixmap: Pixmap, dpi: Option<f64>) -> Result<Vec<u8>, ExportError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    // Opaque pixels are the same premultiplied or not: skip that pass on paper.
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == 255);
    let rgba = if opaque {
        pixmap.take()
    } else {
        pixmap.take_demultiplied()
    };
    let mut png = Vec::new();
    // A 300 DPI page is tens of millions of pixels, mostly flat colour. Measured
    // on one: the fast compressor with the Paeth filter takes a fifth of the
    // time of the default one with adaptive filters, for a file 3 times larger
    // (1.4 MB, against 5 times larger without a filter). Screen-sized pictures
    // (lint artifacts, docs) are small enough to compress well.
    let (compression, filter) = if u64::from(width) * u64::from(height) <= SMALL_PICTURE {
        (CompressionType::Default, FilterType::Adaptive)
    } else {
        (CompressionType::Fast, FilterType::Paeth)
    };
    PngEncoder::new_with_quality(&mut png, compression, filter)
        .write_image(&rgba, width, height, image::ExtendedColorType::Rgba8)
        .map_err(|e| ExportError::Encode(e.to_string()))?;
    match dpi.map(pixels_per_metre) {
        Some(per_metre) if per_metre > 0 => Ok(with_physical_size(png, per_metre)),
        _ => Ok(png),
    }
}

/// Inserts a `pHYs` chunk (pixels per metre) right after the PNG header.
fn with_physical_size(png: Vec<u8>, per_metre: u32) -> Vec<u8> {
    // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC).
    const AFTER_IHDR: usize = 8 + 25;
    if png.len() < AFTER_IHDR || png.get(12..16) != Some(b"IHDR".as_slice()) {
        return png;
    }
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.push(1); // unit: metre
    let crc = crc32(chunk.get(4..).unwrap_or_default());
    chunk.extend_from_slice(&crc.to_be_bytes());
    let (head, tail) = png.split_at(AFTER_IHDR);
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(head);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(tail);
    out
}

/// The CRC-32 of PNG chunks (ISO 3309); bitwise, as it only covers a few bytes.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffff_u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

/// Rasterizes a scene and writes it as a PNG file.
pub fn write(
    scene: &Scene,
    options: &RasterOptions,
    dpi: Option<f64>,
    path: &Path,
) -> Result<(), ExportError> {
    let pixmap = rasterize(scene, options)?;
    let png = encode(pixmap, dpi)?;
    deckplan_schema::save::write_bytes_atomically(path, &png).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::draw::{Layer, Rect};

    #[test]
    fn crc_matches_the_png_reference() {
        // The CRC of an IEND chunk's type, as found at the end of every PNG.
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
    }

    #[test]
    fn the_png_records_its_dpi() {
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 2.0, 1.0));
        scene.fill_rect(Layer::Floor, Rect::new(0.0, 0.0, 1.0, 1.0), Colour::BLACK);
        let options = RasterOptions {
            px_per_space: 10.0,
            paper: Paper::White,
        };
        let png = encode(rasterize(&scene, &options).unwrap(), Some(300.0)).unwrap();
        let decoder = image::codecs::png::PngDecoder::new(std::io::Cursor::new(&png)).unwrap();
        let image = image::DynamicImage::from_decoder(decoder)
            .unwrap()
            .to_rgba8();
        assert_eq!(image.dimensions(), (20, 10));
        assert_eq!(image.get_pixel(2, 5).0, [0, 0, 0, 255]);
        assert_eq!(image.get_pixel(15, 5).0, [255, 255, 255, 255]);
        let phys = png.windows(4).position(|w| w == b"pHYs").unwrap();
        assert_eq!(&png[phys + 4..phys + 8], &11_811u32.to_be_bytes());
    }

    #[test]
    fn bands_join_without_seams() {
        // A picture big enough to be drawn in bands, against the same drawn whole.
        let mut scene = Scene::new(Rect::new(0.0, 0.0, 12.0, 10.0));
        let page = deckplan_schema::enormity::Page::new(
            deckplan_schema::enormity::PageId { book: 1, page: 1 },
            "SR",
            deckplan_schema::enormity::Size {
                columns: 12,
                rows: 10,
            },
        );
        crate::enormity::draw::page::draw_page(&mut scene, &page, crate::draw::Point::default());
        scene.circle(
            Layer::Markers,
            crate::draw::Point::new(6.0, 5.0),
            3.3,
            None,
            Some(Stroke::solid(0.3, Colour::rgb(200, 30, 30)).dashed(0.4, 0.2)),
        );
        let scale = 150.0;
        let banded = rasterize(
            &scene,
            &RasterOptions {
                px_per_space: scale,
                paper: Paper::White,
            },
        )
        .unwrap();
        let mut whole = Pixmap::new(banded.width(), banded.height()).unwrap();
        whole.fill(tiny_skia::Color::WHITE);
        draw_band(&mut whole.as_mut(), &scene, scale, 0.0);
        assert!(u64::from(whole.width() * whole.height()) > BANDED_PICTURE);
        let differ: Vec<(usize, u8)> = banded
            .data()
            .iter()
            .zip(whole.data())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, b))| (i / 4 / whole.width() as usize, a.abs_diff(*b)))
            .collect();
        let worst = differ.iter().map(|d| d.1).max().unwrap_or(0);
        let rows: std::collections::BTreeSet<usize> = differ.iter().map(|d| d.0).collect();
        // Shifting a band moves coordinates by whole pixels, which only changes
        // the rounding of a few anti-aliased edge pixels.
        assert!(
            worst <= 16 && differ.len() * 10_000 < whole.data().len(),
            "{} bytes differ, worst {worst}, rows {rows:?}",
            differ.len()
        );
    }

    #[test]
    fn giant_pictures_are_refused() {
        let scene = Scene::new(Rect::new(0.0, 0.0, 1000.0, 1000.0));
        let options = RasterOptions {
            px_per_space: 300.0,
            paper: Paper::White,
        };
        let err = rasterize(&scene, &options).unwrap_err();
        assert!(err.to_string().contains("300000 × 300000"), "{err}");
    }
}
