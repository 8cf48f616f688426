//! What the unit tests of TI4's files share.

#![allow(clippy::unwrap_used)]

use super::catalogue::Catalogue;
use super::galaxy::GalaxyFile;
use super::resolve::parse_galaxy;
use crate::error::FormatError;
use crate::source::SourceFile;

/// The built-in tile catalogue.
pub fn builtin() -> &'static Catalogue {
    Catalogue::builtin().unwrap()
}

/// A galaxy file's text read as `pack.toml`.
pub fn read(text: &str) -> Result<GalaxyFile, Vec<FormatError>> {
    parse_galaxy(&SourceFile::new("pack.toml", text.to_string()), builtin())
}
