//! Physical sizes: how many pixels a space takes at a DPI, and how big the
//! printed picture is, so that a space printed at 100 % has its real size.

use std::fmt;
use std::str::FromStr;

/// Millimetres per inch.
const MM_PER_INCH: f64 = 25.4;

/// A physical length, kept in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Length {
    inches: f64,
}

impl Length {
    /// A length in inches.
    pub const fn inches(inches: f64) -> Self {
        Self { inches }
    }

    /// A length in millimetres.
    pub fn millimetres(mm: f64) -> Self {
        Self {
            inches: mm / MM_PER_INCH,
        }
    }

    /// The length in inches.
    pub const fn in_inches(self) -> f64 {
        self.inches
    }

    /// The length in millimetres.
    pub fn in_millimetres(self) -> f64 {
        self.inches * MM_PER_INCH
    }
}

impl fmt::Display for Length {
    /// Millimetres, which SVG and people both read: `25.4mm`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mm = (self.in_millimetres() * 1000.0).round() / 1000.0;
        write!(f, "{mm}mm")
    }
}

impl FromStr for Length {
    type Err = String;

    /// Reads `1in`, `25mm`, `2.5cm` or `72pt`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let split = text
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let value: f64 = number
            .trim()
            .parse()
            .map_err(|_| format!("`{text}` is not a length; write it like `1in` or `25mm`"))?;
        if !value.is_finite() || value <= 0.0 {
            return Err(format!("`{text}`: a length must be greater than zero"));
        }
        match unit {
            "in" => Ok(Self::inches(value)),
            "mm" => Ok(Self::millimetres(value)),
            "cm" => Ok(Self::millimetres(value * 10.0)),
            "pt" => Ok(Self::inches(value / 72.0)),
            "" => Err(format!(
                "`{text}` has no unit; write `{value}in` or `{value}mm`"
            )),
            other => Err(format!(
                "`{other}` is not a unit; use `in`, `mm`, `cm` or `pt`"
            )),
        }
    }
}

/// Pixels per space for a DPI and a printed space size.
pub fn pixels_per_space(dpi: f64, space: Length) -> f64 {
    dpi * space.in_inches()
}

/// Pixels per metre, as a PNG's `pHYs` chunk records a DPI.
pub fn pixels_per_metre(dpi: f64) -> u32 {
    let per_metre = (dpi / MM_PER_INCH * 1000.0).round();
    if per_metre.is_finite() && per_metre >= 1.0 && per_metre <= f64::from(u32::MAX) {
        per_metre as u32
    } else {
        0
    }
}

/// The size in whole pixels of `extent` spaces at `px_per_space`.
pub fn pixel_extent(extent: f64, px_per_space: f64) -> u64 {
    // A hair below a whole pixel is that pixel: 12.7 × 295.2755… is 3750, not 3751.
    let pixels = (extent * px_per_space - 1e-6).ceil();
    // Anything past `u64` saturates, an infinite size (`--dpi 1e308` overflows
    // to it) included, so the pixel limit refuses it; NaN and less than a
    // pixel are one pixel.
    if pixels >= 1.0 { pixels as u64 } else { 1 }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn lengths_read_common_units() {
        assert_eq!("1in".parse::<Length>().unwrap(), Length::inches(1.0));
        let mm: Length = "25.4mm".parse().unwrap();
        assert!((mm.in_inches() - 1.0).abs() < 1e-12);
        let cm: Length = "2.54cm".parse().unwrap();
        assert!((cm.in_inches() - 1.0).abs() < 1e-12);
        assert!(("72pt".parse::<Length>().unwrap().in_inches() - 1.0).abs() < 1e-12);
        assert!("25".parse::<Length>().unwrap_err().contains("no unit"));
        assert!("2ft".parse::<Length>().unwrap_err().contains("not a unit"));
        assert!("-1in".parse::<Length>().is_err());
        assert_eq!(Length::inches(1.0).to_string(), "25.4mm");
    }

    #[test]
    fn a_space_prints_at_its_real_size() {
        // 1 inch at 300 DPI is 300 pixels; 25 mm is 295.28 pixels.
        assert!((pixels_per_space(300.0, Length::inches(1.0)) - 300.0).abs() < 1e-9);
        let mm = pixels_per_space(300.0, Length::millimetres(25.0));
        assert!((mm - 295.275_590_551).abs() < 1e-6);
        // A 24 × 16 page with 1-inch spaces at 300 DPI is 7200 × 4800 pixels.
        assert_eq!(pixel_extent(24.0, 300.0), 7200);
        assert_eq!(pixel_extent(16.0, 300.0), 4800);
        // Partial pixels round up so nothing is cut off; rounding noise does not.
        assert_eq!(pixel_extent(10.5, 295.275_590_551), 3101);
        assert_eq!(
            pixel_extent(12.7, pixels_per_space(300.0, Length::millimetres(25.0))),
            3750
        );
        // A size past any picture saturates, so the pixel limit refuses it,
        // also when it overflows to infinity; less than a pixel is one.
        assert_eq!(pixel_extent(24.0, 1e200), u64::MAX);
        assert_eq!(pixel_extent(24.0, 1e308), u64::MAX);
        assert_eq!(pixel_extent(24.0, f64::INFINITY), u64::MAX);
        assert_eq!(pixel_extent(24.0, f64::NAN), 1);
        assert_eq!(pixel_extent(24.0, 1e-300), 1);
        // 300 DPI is 11 811 pixels per metre (PNG pHYs).
        assert_eq!(pixels_per_metre(300.0), 11_811);
        assert_eq!(pixels_per_metre(96.0), 3780);
    }
}
