//! The deckplan map models and their TOML formats, for every game deckplan knows.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset REGISTRY → lint · reformat · explain · draw
//!             shared: Diagnostic + Place, renderers, Scene → PNG/SVG, movement graph
//!             games:  enormity (board, checks, rules) · nemesis · ti4
//!  schema:    shared: SourceFile/Span, FormatError, Place, sniff, limits, save
//!             games:  Enormity (coord, model, resolve, write, load) · nemesis · ti4 ·
//!                     battlestations
//! ```
//!
//! See `docs/architecture.md` for the seam and the checklist for adding a game.
//!
//! This crate owns what a board *is* and how it is written; it knows nothing of
//! graphs, rules or drawing. Shared by every game: [`source`] (files with
//! spans), [`error`] (format errors and their stable `F` codes), [`place`]
//! (typed board places), [`sniff`] (which ruleset a file names), [`suggest`],
//! [`limits`] and [`save`]. Enormity's Location maps, the first game:
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
//!
//! Each later game is one folder: [`nemesis`], [`ti4`], [`battlestations`].

pub mod battlestations;
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
pub mod ship_pack;
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
