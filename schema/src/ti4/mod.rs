//! Twilight Imperium 4 galaxies: the hex grid, the tile catalogue and map strings.
//!
//! - [`hex`] — cube coordinates of flat-topped hexes, the six directions, rings,
//!   distance and the spiral index map strings use (0 = centre, each ring from north,
//!   clockwise);
//! - [`catalogue`] — every base-game and Prophecy of Kings tile (planets, wormholes,
//!   anomalies, home systems, hyperlane lanes), shipped as `data/ti4/tiles.toml`;
//! - [`map_string`] — the community's map strings, read into a [`map_string::Galaxy`]
//!   with strict, spanned errors and written back in one canonical form;
//! - [`galaxy`] — the galaxy file's model: tiles by position, home seats, custom
//!   tiles and adjacency modifiers;
//! - `raw` (private) — serde types that mirror the galaxy file key for key;
//! - [`resolve`] — raw types → the checked [`galaxy::GalaxyFile`], every problem at
//!   once, with its span;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`limits`] — how much one galaxy may define;
//! - [`json_schema`] — the published JSON Schema of galaxy files;
//! - [`place`] — where a finding is in a galaxy.
//!
//! This module knows positions and tiles only: adjacency, movement and checks build
//! on it elsewhere.

pub mod catalogue;
pub mod galaxy;
pub mod hex;
pub mod json_schema;
pub mod limits;
pub mod map_string;
pub mod place;
mod raw;
pub mod resolve;
#[cfg(test)]
mod testing;
pub mod write;

pub use place::Ti4Place;
