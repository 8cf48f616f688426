//! Nemesis ships: rooms joined by corridors, in their own TOML format.
//!
//! A Nemesis pack is a folder with a `pack.toml` (`ruleset = "nemesis"`, the
//! ship file, lint settings) and one ship file (rooms, corridors with their
//! numbers, doors, technical-corridor entrances and networks, escape pods,
//! the room-tile pool). The pieces mirror the Location-map format's:
//!
//! - [`id`] — short `Copy` ids of rooms and networks;
//! - `raw` (private) — serde types that mirror the files key for key;
//! - [`resolve`] — raw types → the checked [`model`], every problem at once;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`load`] — packs and ship files from disk;
//! - [`json_schema`] — the published JSON Schemas;
//! - [`place`] — where a finding is on a ship.

pub mod id;
pub mod json_schema;
pub mod load;
pub mod model;
pub mod place;
mod raw;
pub mod resolve;
pub mod write;

pub use id::Id;
pub use model::*;
pub use place::NemesisPlace;
