//! Scans to trace over: PNG and JPEG images decoded within fixed limits and
//! kept as textures.
//!
//! A scan is untrusted input, so decoding is bounded: at most 8192 × 8192
//! pixels and 256 MiB of decoder memory, checked from the image header
//! before the pixels are decoded, so a small file that claims a huge image
//! (a decompression bomb) is refused at once with a clear message.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use deckplan_schema::{confine, enormity::Background};
use eframe::egui::{ColorImage, Context, TextureHandle, TextureOptions};
use image::{ImageReader, Limits};

/// Largest width or height accepted, in pixels.
pub const MAX_SIDE: u32 = deckplan_schema::enormity::limits::MAX_SCAN_SIDE;
/// Most memory the decoder may use, in bytes.
pub const MAX_ALLOC: u64 = deckplan_schema::enormity::limits::MAX_SCAN_DECODED_BYTES;
/// Largest file read, in bytes (a compressed scan is far smaller than its pixels).
pub const MAX_FILE_BYTES: u64 = deckplan_schema::enormity::limits::MAX_SCAN_BYTES;

/// Why a scan cannot be shown.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ScanError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is larger than any sensible scan.
    #[error("{path} is larger than {} MiB", MAX_FILE_BYTES / (1024 * 1024))]
    FileTooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The image is larger than the limits (possibly a decompression bomb).
    #[error(
        "the image is {width} × {height} pixels; scans are limited to {MAX_SIDE} × {MAX_SIDE} pixels and {} MiB when decoded",
        MAX_ALLOC / (1024 * 1024)
    )]
    TooLarge {
        /// Width claimed by the file.
        width: u32,
        /// Height claimed by the file.
        height: u32,
    },
    /// Not a PNG or JPEG file.
    #[error("not a PNG or JPEG image")]
    UnknownFormat,
    /// The decoder refused the data.
    #[error("the image cannot be decoded: {0}")]
    Decode(String),
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

/// Decodes PNG or JPEG bytes into an RGBA image, within the limits.
pub fn decode(bytes: &[u8]) -> Result<ColorImage, ScanError> {
    let reader = |limits: Limits| -> Result<ImageReader<Cursor<&[u8]>>, ScanError> {
        let mut reader = ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| ScanError::Decode(e.to_string()))?;
        if reader.format().is_none() {
            return Err(ScanError::UnknownFormat);
        }
        reader.limits(limits);
        Ok(reader)
    };
    // Read the header first (no pixels are decoded for it): the size a file
    // claims decides whether it is decoded at all.
    let (width, height) = reader(Limits::default())?
        .into_dimensions()
        .map_err(|e| match e {
            image::ImageError::Unsupported(_) => ScanError::UnknownFormat,
            other => ScanError::Decode(other.to_string()),
        })?;
    let pixels = u64::from(width) * u64::from(height) * 4;
    if width > MAX_SIDE || height > MAX_SIDE || pixels > MAX_ALLOC {
        return Err(ScanError::TooLarge { width, height });
    }
    let image = reader(limits())?.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => ScanError::TooLarge { width, height },
        image::ImageError::Unsupported(_) => ScanError::UnknownFormat,
        other => ScanError::Decode(other.to_string()),
    })?;
    let rgba = image.to_rgba8();
    let size = [rgba.width() as usize, rgba.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, rgba.as_raw()))
}

/// Reads and decodes a scan file.
pub fn load(path: &Path) -> Result<ColorImage, ScanError> {
    let io = |source| ScanError::Io {
        path: path.to_path_buf(),
        source,
    };
    // A regular file only (a FIFO would block the editor), size checked first.
    let bytes = confine::read_bytes(path, path, MAX_FILE_BYTES).map_err(|e| match e {
        confine::ReadError::TooLarge { .. } => ScanError::FileTooLarge {
            path: path.to_path_buf(),
        },
        confine::ReadError::Io { reason, .. } => io(reason),
        other => io(std::io::Error::other(other.to_string())),
    })?;
    decode(&bytes)
}

/// Why two dropped points cannot place a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FitProblem {
    /// Both intersections are the same.
    #[error("drop the second point on another intersection, away from the first")]
    SamePlace,
    /// The two scan points are too close together to measure the scale by.
    #[error(
        "the two points are less than {MIN_POINT_GAP} pixels apart on the scan: drag the second from another printed corner, far from the first"
    )]
    SameScanPoint,
    /// The line between the intersections points another way than the line
    /// between the scan points: the scan would have to turn.
    #[error(
        "the two points lie at different angles on the scan and on the grid: turn or mirror the scan first, or pick matching corners"
    )]
    Turned,
    /// The scale would be outside what a page file accepts.
    #[error(
        "the scan would be absurdly large or small: a page file accepts {} to {} pixels a space",
        Background::MIN_SCALE,
        Background::MAX_SCALE
    )]
    OutOfRange,
    /// The scan's corner would lie further from the page's than a page file
    /// accepts.
    #[error(
        "the scan's corner would lie more than {MAX_OFFSET} spaces from the page's, further than a page file accepts"
    )]
    OffsetOutOfRange,
}

/// Fewest pixels between the two scan points of an alignment: closer than
/// this, a slip of the hand would swing the scale wildly.
pub const MIN_POINT_GAP: f64 = 2.0;

/// Furthest the scan's corner may lie from the page's, east–west and
/// north–south, in spaces: what the loader accepts.
pub const MAX_OFFSET: f64 = deckplan_schema::enormity::limits::MAX_PAGE_SIDE as f64;

/// Where a scan lies on its page: the page position (in spaces, from the
/// page's bottom-left corner) of each image pixel, and back.
///
/// Pixels count from the image's top-left corner, rightwards and down, as
/// image files do. The image's own bottom-left corner lies at `offset`; from
/// there the image runs east and north, `scale` pixels to a space, mirrored
/// west–east first when `mirrored`, then turned clockwise by `quarter_turns`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Image pixels per space.
    pub scale: f64,
    /// The page position of the image's bottom-left corner.
    pub offset: [f64; 2],
    /// Quarter turns clockwise, 0 to 3.
    pub quarter_turns: u8,
    /// Whether the image is mirrored west–east (before it is turned).
    pub mirrored: bool,
    /// The image's height in pixels (pixel rows count down from the top).
    pub height: f64,
}

impl Placement {
    /// How `background` lays an image of `size` pixels.
    pub fn of(background: &Background, size: [usize; 2]) -> Self {
        Self {
            scale: background.scale.max(Background::MIN_SCALE),
            offset: background.offset,
            quarter_turns: (background.turn / 90 % 4) as u8,
            mirrored: background.mirrored,
            height: size[1] as f64,
        }
    }

    /// This placement, or why a page file could not hold it: its scale and
    /// offset must be within what the loader accepts.
    pub fn checked(self) -> Result<Self, FitProblem> {
        if !(Background::MIN_SCALE..=Background::MAX_SCALE).contains(&self.scale) {
            return Err(FitProblem::OutOfRange);
        }
        if !self
            .offset
            .iter()
            .all(|o| (-MAX_OFFSET..=MAX_OFFSET).contains(o))
        {
            return Err(FitProblem::OffsetOutOfRange);
        }
        Ok(self)
    }

    /// `background` placed like this (its image and opacity kept). Scale and
    /// offset are clamped to what the loader accepts, so the editor never
    /// saves a page it cannot open again; callers that can say why refuse
    /// first with [`Placement::checked`].
    pub fn apply(&self, background: &Background) -> Background {
        let offset = self.offset.map(|o| {
            if o.is_nan() {
                0.0
            } else {
                o.clamp(-MAX_OFFSET, MAX_OFFSET)
            }
        });
        Background {
            scale: self
                .scale
                .clamp(Background::MIN_SCALE, Background::MAX_SCALE),
            offset,
            turn: u16::from(self.quarter_turns % 4) * 90,
            mirrored: self.mirrored,
            ..background.clone()
        }
    }

    /// A pixel as pixels east and north of the image's bottom-left corner,
    /// on the page (mirrored and turned).
    fn local(&self, pixel: [f64; 2]) -> [f64; 2] {
        let [mut x, y] = [pixel[0], self.height - pixel[1]];
        if self.mirrored {
            x = -x;
        }
        (0..self.quarter_turns % 4).fold([x, y], |[x, y], _| [y, -x])
    }

    /// The pixel at a local position: the inverse of [`Placement::local`].
    fn pixel_of_local(&self, local: [f64; 2]) -> [f64; 2] {
        let [mut x, y] = (0..self.quarter_turns % 4).fold(local, |[x, y], _| [-y, x]);
        if self.mirrored {
            x = -x;
        }
        [x, self.height - y]
    }

    /// The page position of an image pixel.
    pub fn page_point(&self, pixel: [f64; 2]) -> [f64; 2] {
        let [x, y] = self.local(pixel);
        [
            self.offset[0] + x / self.scale,
            self.offset[1] + y / self.scale,
        ]
    }

    /// The image pixel at a page position.
    pub fn pixel_at(&self, point: [f64; 2]) -> [f64; 2] {
        self.pixel_of_local([
            (point[0] - self.offset[0]) * self.scale,
            (point[1] - self.offset[1]) * self.scale,
        ])
    }

    /// The same scale, shifted so `pixel` lies at `point`.
    pub fn moved(&self, pixel: [f64; 2], point: [f64; 2]) -> Self {
        let at = self.page_point(pixel);
        Self {
            offset: [
                self.offset[0] + point[0] - at[0],
                self.offset[1] + point[1] - at[1],
            ],
            ..*self
        }
    }

    /// The scale and offset that lay two pixels on two page points, the
    /// scan turned as it is: the scale by least squares over both axes
    /// (which is the distance ratio when the two lines agree), then the shift
    /// that splits what is left over evenly between the two points.
    pub fn fitted(&self, pairs: [([f64; 2], [f64; 2]); 2]) -> Result<Self, FitProblem> {
        let [(p1, g1), (p2, g2)] = pairs;
        let (l1, l2) = (self.local(p1), self.local(p2));
        let dl = [l2[0] - l1[0], l2[1] - l1[1]];
        let dg = [g2[0] - g1[0], g2[1] - g1[1]];
        let ll = dl[0] * dl[0] + dl[1] * dl[1];
        let gg = dg[0] * dg[0] + dg[1] * dg[1];
        if gg < 1e-6 {
            return Err(FitProblem::SamePlace);
        }
        if ll < MIN_POINT_GAP * MIN_POINT_GAP {
            return Err(FitProblem::SameScanPoint);
        }
        let dot = dl[0] * dg[0] + dl[1] * dg[1];
        // More than 10° apart: not a slightly skewed scan but a wrong pair.
        if dot < 10f64.to_radians().cos() * (ll * gg).sqrt() {
            return Err(FitProblem::Turned);
        }
        // Pixels per space: 1/k for the k that minimises |k·dl − dg|².
        let scale = ll / dot;
        if !(Background::MIN_SCALE..=Background::MAX_SCALE).contains(&scale) {
            return Err(FitProblem::OutOfRange);
        }
        let offset = [
            (g1[0] + g2[0] - (l1[0] + l2[0]) / scale) / 2.0,
            (g1[1] + g2[1] - (l1[1] + l2[1]) / scale) / 2.0,
        ];
        Self {
            scale,
            offset,
            ..*self
        }
        .checked()
    }
}

/// Textures of the scans in use, by file; failures are remembered too, so a
/// broken scan is reported once and not re-read every frame.
#[derive(Default)]
pub struct Scans {
    loaded: HashMap<PathBuf, Result<TextureHandle, String>>,
}

impl Scans {
    /// The texture of a scan, loading it the first time.
    pub fn get(&mut self, ctx: &Context, path: &Path) -> Result<&TextureHandle, &str> {
        let entry = self.loaded.entry(path.to_path_buf()).or_insert_with(|| {
            load(path)
                .map(|image| {
                    ctx.load_texture(
                        format!("scan {}", path.display()),
                        image,
                        TextureOptions::LINEAR,
                    )
                })
                .map_err(|e| e.to_string())
        });
        entry.as_ref().map_err(String::as_str)
    }

    /// The size in pixels of a loaded scan.
    pub fn size(&self, path: &Path) -> Option<[usize; 2]> {
        match self.loaded.get(path) {
            Some(Ok(texture)) => Some(texture.size()),
            _ => None,
        }
    }

    /// Forgets a scan so it is read again (after the file changed).
    pub fn forget(&mut self, path: &Path) {
        self.loaded.remove(path);
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    /// CRC-32 of PNG chunks.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFF_u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = (data.len() as u32).to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
        out
    }

    /// A PNG whose header claims `width` × `height` but holds (almost) no data.
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend_from_slice(&height.to_be_bytes());
        ihdr.extend_from_slice(&[8, 6, 0, 0, 0]); // 8-bit RGBA
        png.extend(chunk(b"IHDR", &ihdr));
        png.extend(chunk(
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ));
        png.extend(chunk(b"IEND", &[]));
        png
    }

    fn placed(scale: f64, offset: [f64; 2], quarter_turns: u8, mirrored: bool) -> Placement {
        Placement {
            scale,
            offset,
            quarter_turns,
            mirrored,
            height: 1000.0,
        }
    }

    #[test]
    fn pixels_land_on_the_page_and_back() {
        let plain = placed(100.0, [-0.5, 0.25], 0, false);
        // The bottom-left pixel corner at the offset, the top-right 12 × 10 spaces on.
        assert_eq!(plain.page_point([0.0, 1000.0]), [-0.5, 0.25]);
        assert_eq!(plain.page_point([1200.0, 0.0]), [11.5, 10.25]);
        assert_eq!(plain.pixel_at([11.5, 10.25]), [1200.0, 0.0]);
        // A quarter turn clockwise: the image's top-left corner comes to its
        // (turned) top-right, east of the corner held at the offset.
        let turned = placed(100.0, [0.0, 12.0], 1, false);
        assert_eq!(turned.page_point([0.0, 1000.0]), [0.0, 12.0]);
        assert_eq!(turned.page_point([0.0, 0.0]), [10.0, 12.0]);
        assert_eq!(turned.page_point([1200.0, 1000.0]), [0.0, 0.0]);
        let mirrored = placed(50.0, [24.0, 0.0], 0, true);
        assert_eq!(mirrored.page_point([1200.0, 0.0]), [0.0, 20.0]);
        for placement in [plain, turned, mirrored, placed(64.0, [3.0, 1.0], 3, true)] {
            let [u, v] = placement.pixel_at(placement.page_point([123.0, 456.0]));
            assert!(
                (u - 123.0).abs() < 1e-9 && (v - 456.0).abs() < 1e-9,
                "{placement:?}"
            );
        }
    }

    #[test]
    fn two_points_fit_the_scale_and_offset_exactly() {
        let start = placed(60.0, [3.0, -2.0], 0, false);
        // Pixel (100, 900) onto intersection (1, 1), pixel (1100, 100) onto (11, 9):
        // 1000 × 800 pixels across 10 × 8 spaces is 100 pixels a space,
        // and the image's bottom-left corner lands on the page's.
        let fitted = start
            .fitted([([100.0, 900.0], [1.0, 1.0]), ([1100.0, 100.0], [11.0, 9.0])])
            .unwrap();
        assert_eq!(fitted.scale, 100.0);
        assert_eq!(fitted.offset, [0.0, 0.0]);
        // A skewed scan: least squares on both axes, the miss split evenly.
        let skewed = start
            .fitted([([0.0, 1000.0], [0.0, 0.0]), ([1000.0, 0.0], [10.0, 10.5])])
            .unwrap();
        // (1000² · 2) / (1000·10 + 1000·10.5) = 97.56… pixels a space.
        assert_eq!(skewed.scale, 2_000_000.0 / 20_500.0);
        assert!((skewed.offset[0] - (-0.125)).abs() < 1e-12);
        assert!((skewed.offset[1] - 0.125).abs() < 1e-12);
        let turned = placed(100.0, [0.0, 0.0], 1, false)
            .fitted([([0.0, 0.0], [5.0, 7.0]), ([200.0, 0.0], [5.0, 5.0])])
            .unwrap();
        assert_eq!(turned.scale, 100.0);
        assert_eq!(turned.page_point([0.0, 0.0]), [5.0, 7.0]);
    }

    #[test]
    fn a_fit_is_refused_for_coinciding_or_crossed_points() {
        let start = placed(100.0, [0.0, 0.0], 0, false);
        let same = start.fitted([([0.0, 0.0], [1.0, 1.0]), ([500.0, 0.0], [1.0, 1.0])]);
        assert_eq!(same, Err(FitProblem::SamePlace));
        let crossed = start.fitted([([0.0, 0.0], [1.0, 1.0]), ([500.0, 0.0], [1.0, 6.0])]);
        assert_eq!(crossed, Err(FitProblem::Turned));
        let tiny = start.fitted([([0.0, 0.0], [0.0, 0.0]), ([0.002, 0.0], [10.0, 0.0])]);
        assert_eq!(tiny, Err(FitProblem::SameScanPoint));
        // Two scan points a pixel and a half apart are refused; two apart are not.
        let close = start.fitted([([0.0, 0.0], [0.0, 0.0]), ([1.5, 0.0], [1.0, 0.0])]);
        assert_eq!(close, Err(FitProblem::SameScanPoint));
        assert_eq!(
            FitProblem::SameScanPoint.to_string(),
            "the two points are less than 2 pixels apart on the scan: drag the second from another printed corner, far from the first"
        );
        let apart = start
            .fitted([([0.0, 0.0], [0.0, 0.0]), ([2.0, 0.0], [1.0, 0.0])])
            .unwrap();
        assert_eq!(apart.scale, 2.0);
        // A scale out of range from points far enough apart.
        let huge = start.fitted([([0.0, 0.0], [0.0, 0.0]), ([3.0, 0.0], [1000.0, 0.0])]);
        assert_eq!(huge, Err(FitProblem::OutOfRange));
    }

    #[test]
    fn a_fit_is_refused_when_the_scan_would_lie_further_off_than_a_page_accepts() {
        let start = placed(100.0, [0.0, 0.0], 0, false);
        // 1 pixel a space, and pixel x = 6000 on column 0: the corner 6000 spaces west.
        let far = start.fitted([
            ([6000.0, 1000.0], [0.0, 0.0]),
            ([6010.0, 1000.0], [10.0, 0.0]),
        ]);
        assert_eq!(far, Err(FitProblem::OffsetOutOfRange));
        assert_eq!(
            FitProblem::OffsetOutOfRange.to_string(),
            "the scan's corner would lie more than 5000 spaces from the page's, further than a page file accepts"
        );
        // At the limit itself it still fits.
        let edge = start
            .fitted([
                ([5000.0, 1000.0], [0.0, 0.0]),
                ([5010.0, 1000.0], [10.0, 0.0]),
            ])
            .unwrap();
        assert_eq!(edge.offset, [-5000.0, 0.0]);
    }

    #[test]
    fn an_applied_placement_stays_within_what_a_page_accepts() {
        let background = Background::new("scans/a.png");
        let wild = Placement {
            scale: 1e9,
            offset: [-7000.0, f64::NAN],
            quarter_turns: 1,
            mirrored: true,
            height: 10.0,
        };
        let applied = wild.apply(&background);
        assert_eq!(applied.scale, Background::MAX_SCALE);
        assert_eq!(applied.offset, [-5000.0, 0.0]);
        assert_eq!((applied.turn, applied.mirrored), (90, true));
        assert_eq!(wild.checked(), Err(FitProblem::OutOfRange));
        let off = Placement { scale: 1.0, ..wild };
        assert_eq!(off.checked(), Err(FitProblem::OffsetOutOfRange));
    }

    #[test]
    fn a_placement_moves_a_pixel_onto_a_point_keeping_its_scale() {
        let moved = placed(100.0, [0.0, 0.0], 0, false).moved([250.0, 750.0], [4.0, 4.0]);
        assert_eq!(moved.scale, 100.0);
        assert_eq!(moved.offset, [1.5, 1.5]);
    }

    #[test]
    fn a_decompression_bomb_is_refused_from_its_header() {
        let bomb = png_claiming(100_000, 100_000);
        assert!(bomb.len() < 100);
        match decode(&bomb) {
            Err(ScanError::TooLarge { width, height }) => {
                assert_eq!((width, height), (100_000, 100_000));
            }
            other => panic!("{other:?}"),
        }
        let wide = png_claiming(9000, 10);
        assert!(matches!(decode(&wide), Err(ScanError::TooLarge { .. })));
    }

    #[test]
    fn a_real_png_decodes_and_other_bytes_do_not() {
        let mut bytes = Vec::new();
        let image = image::RgbaImage::from_pixel(3, 2, image::Rgba([10, 20, 30, 255]));
        image
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
            .unwrap();
        let decoded = decode(&bytes).unwrap();
        assert_eq!(decoded.size, [3, 2]);
        assert!(matches!(
            decode(b"GIF89a not really"),
            Err(ScanError::UnknownFormat)
        ));
    }
}
