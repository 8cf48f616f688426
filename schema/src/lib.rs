//! The deckplan map model for Location maps, and its TOML format.
//!
//! This crate owns what a map *is* and how it is written; it knows nothing of
//! graphs, rules or drawing. The pieces fit like this:
//!
//! - [`coord`] — positions (spaces, edges, intersections, pages) and the printed
//!   notation (`H3`, `H3 north`, `H3 ne`, `L1p2`), converted nowhere else;
//! - `raw` (private) — serde types that mirror the files key for key, with spans;
//! - [`resolve`] — raw types → the checked [`model`], collecting every
//!   [`FormatError`] with its span, board place and a suggested fix;
//! - [`write`] — the canonical writer behind `deckplan fmt`;
//! - [`load`] — packs and pages from disk, with path and size limits;
//! - [`confine`] and [`save`] — reading and writing that stay inside a pack;
//! - [`json_schema`] — the published JSON Schema of both file kinds.

pub mod confine;
pub mod coord;
pub mod error;
pub mod json_schema;
pub mod limits;
pub mod load;
pub mod model;
pub mod nemesis;
pub mod place;
mod raw;
pub mod resolve;
pub mod save;
pub mod sniff;
pub mod source;
pub mod suggest;
pub mod ti4;
pub mod write;

pub use coord::{Axis, Corner, Direction, Edge, Intersection, PageEdge, PageId, Size, Space};
pub use error::{FileError, FormatCode, FormatError, LoadError};
pub use model::*;
pub use place::{LocationPlace, Place, Ti4Place};
pub use source::{LineCol, SourceFile, Span};
