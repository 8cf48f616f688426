//! Enormity's Location maps: packs of pages on square grids, joined edge to
//! edge, in their own TOML format.
//!
//! A pack is a folder with a `pack.toml` (name, ruleset, books and their
//! pages, joins, start, lint settings) and one file per page:
//!
//! - [`coord`] — positions (spaces, edges, intersections, pages) and the printed
//!   notation (`H3`, `H3 north`, `H3 ne`, `L1p2`), converted nowhere else;
//! - `raw` (private) — serde types that mirror the files key for key, with spans;
//! - [`resolve`] — raw types → the checked [`model`], collecting every
//!   [`FormatError`](crate::FormatError) with its span, board place and a suggested fix;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`load`] — packs and pages from disk, with path and size limits, and the
//!   references between files;
//! - [`limits`] — how large a page, a pack and what it imports may be;
//! - [`json_schema`] — the published JSON Schema of both file kinds;
//! - [`place`] — where a finding is on a pack.

pub mod coord;
pub mod json_schema;
pub mod limits;
pub mod load;
pub mod model;
pub mod place;
mod raw;
pub mod resolve;
pub mod write;

pub use coord::{Axis, Corner, Direction, Edge, Intersection, PageEdge, PageId, Size, Space};
pub use model::*;
pub use place::LocationPlace;
