//! Battlestations ships: modules of squares on a module grid, in their own
//! TOML format.
//!
//! A Battlestations pack is a folder with a `pack.toml` (`ruleset =
//! "battlestations"`, the ship file, lint settings) and one ship file
//! (modules with their roles, rotations and squares, external doors, the
//! forward direction, levels). The pieces mirror the other games':
//!
//! - [`square`] — squares named over the whole ship (`H3`) and sides;
//! - `raw` (private) — serde types that mirror the files key for key;
//! - [`resolve`] — raw types → the checked [`model`], every problem at once;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`limits`] — how much one ship file may list;
//! - [`BattlestationsFormat`] — what the shared pack of one ship file
//!   ([`ship_pack`](crate::ship_pack)) needs to read them from disk;
//! - [`json_schema`] — the published JSON Schemas;
//! - [`place`] — where a finding is on a ship.
//!
//! Module and level ids are the shared short [`Id`](crate::id::Id)s.

pub mod json_schema;
pub mod limits;
pub mod model;
pub mod place;
mod raw;
pub mod resolve;
pub mod square;
pub mod write;

pub use model::*;
pub use place::BattlestationsPlace;
pub use square::{Side, Square};

/// Battlestations files in the shared pack of one ship file: read with
/// [`ship_pack::load_pack`](crate::ship_pack::load_pack) and its kin.
#[derive(Clone, Copy, Debug)]
pub struct BattlestationsFormat;

impl crate::ship_pack::ShipFormat for BattlestationsFormat {
    const RULESET: &'static str = resolve::RULESET;
    const GAME: &'static str = "Battlestations";
    type Ship = Ship;

    fn parse_ship(
        source: &std::sync::Arc<crate::SourceFile>,
    ) -> Result<Ship, Vec<crate::FormatError>> {
        resolve::parse_ship(source)
    }
}
