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
//! - [`load`] — packs and ship files from disk;
//! - [`json_schema`] — the published JSON Schemas;
//! - [`place`] — where a finding is on a ship.
//!
//! Module and level ids are the short [`Id`]s Nemesis rooms use.

pub mod json_schema;
pub mod load;
pub mod model;
pub mod place;
mod raw;
pub mod resolve;
pub mod square;
pub mod write;

pub use crate::nemesis::Id;
pub use model::*;
pub use place::BattlestationsPlace;
pub use square::{Side, Square};
