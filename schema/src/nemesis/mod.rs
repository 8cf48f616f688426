//! Nemesis ships: rooms joined by corridors, in their own TOML format.
//!
//! A Nemesis pack is a folder with a `pack.toml` (`ruleset = "nemesis"`, the
//! ship file, lint settings) and one ship file (rooms, corridors with their
//! numbers, doors, technical-corridor entrances and networks, escape pods,
//! the room-tile pool). The pieces mirror the Location-map format's:
//!
//! - `raw` (private) — serde types that mirror the files key for key;
//! - [`resolve`] — raw types → the checked [`model`], every problem at once;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`limits`] — how much one ship file may list;
//! - [`NemesisFormat`] — what the shared pack of one ship file
//!   ([`ship_pack`](crate::ship_pack)) needs to read them from disk;
//! - [`json_schema`] — the published JSON Schemas;
//! - [`place`] — where a finding is on a ship.

pub mod json_schema;
pub mod limits;
pub mod model;
pub mod place;
mod raw;
pub mod resolve;
pub mod write;

pub use model::*;
pub use place::NemesisPlace;

/// Nemesis files in the shared pack of one ship file: read with
/// [`ship_pack::load_pack`](crate::ship_pack::load_pack) and its kin.
#[derive(Clone, Copy, Debug)]
pub struct NemesisFormat;

impl crate::ship_pack::ShipFormat for NemesisFormat {
    const RULESET: &'static str = resolve::RULESET;
    const GAME: &'static str = "Nemesis";
    type Ship = Ship;

    fn parse_ship(
        source: &std::sync::Arc<crate::SourceFile>,
    ) -> Result<Ship, Vec<crate::FormatError>> {
        resolve::parse_ship(source)
    }
}
