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

use deckplan_schema::confine;
use eframe::egui::{ColorImage, Context, TextureHandle, TextureOptions};
use image::{ImageReader, Limits};

/// Largest width or height accepted, in pixels.
pub const MAX_SIDE: u32 = deckplan_schema::limits::MAX_SCAN_SIDE;
/// Most memory the decoder may use, in bytes.
pub const MAX_ALLOC: u64 = deckplan_schema::limits::MAX_SCAN_DECODED_BYTES;
/// Largest file read, in bytes (a compressed scan is far smaller than its pixels).
pub const MAX_FILE_BYTES: u64 = deckplan_schema::limits::MAX_SCAN_BYTES;

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
