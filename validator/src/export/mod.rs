//! Pictures made from the drawing description in [`crate::draw`]:
//!
//! - [`png`] — anti-aliased raster pictures (tiny-skia, written with `image`),
//!   carrying their DPI so they print at the real size;
//! - [`svg`] — the same scene as vector graphics, for vector printing;
//! - [`units`] — DPI and physical space sizes (`1in`, `25mm`) to pixels.

pub mod png;
pub mod svg;
pub mod units;

use std::path::PathBuf;

/// What fills the picture around and under the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// White paper.
    #[default]
    White,
    /// Nothing: transparent pixels (PNG) or no background rectangle (SVG).
    Transparent,
}

/// Why a picture or file could not be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The picture would be too large to hold in memory.
    #[error(
        "the picture would be {width} × {height} pixels, more than the limit of {limit} million; lower --dpi or --space-size"
    )]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// The limit, in millions of pixels.
        limit: u64,
    },
    /// A space would be drawn smaller than a few pixels: nothing would be legible.
    #[error(
        "a space would be {px_per_space:.2} pixels wide, less than {min}; raise --dpi or --space-size",
        min = deckplan_schema::limits::MIN_PIXELS_PER_SPACE
    )]
    TooSmall {
        /// Pixels per space asked for.
        px_per_space: f64,
    },
    /// An SVG would hold more shapes than a viewer opens.
    #[error(
        "the SVG would draw {elements} shapes and letters, more than the limit of {limit}; draw it as a PNG instead"
    )]
    SvgTooManyElements {
        /// Shapes in the scene, and letters in its labels.
        elements: usize,
        /// The limit.
        limit: usize,
    },
    /// An SVG would be larger than the limit (long names make long outlines).
    #[error(
        "the SVG would be larger than the limit of {} MiB; draw it as a PNG instead",
        limit / (1024 * 1024)
    )]
    SvgTooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
    /// Encoding the picture failed.
    #[error("cannot encode the picture: {0}")]
    Encode(String),
    /// Reading or writing a file failed.
    #[error("cannot write {path}: {source}", path = path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}
