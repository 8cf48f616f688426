//! The deckplan board models and their TOML formats, for every game deckplan knows.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset registry → lint · reformat · explain · draw
//!             shared: Diagnostic + Place, renderers, Scene → PNG/SVG, movement graph
//!             games:  one folder each (games.rs)
//!  schema:    shared: SourceFile/Span, FormatError, Place, TOML files, [lint], limits, save
//!             games:  one folder each (games.rs)
//! ```
//!
//! See `docs/architecture.md` for the seam and the checklist for adding a game.
//!
//! This crate owns what a board *is* and how it is written; it knows nothing of
//! graphs, rules or drawing. What every game shares lives at the crate root:
//!
//! - [`source`] — files with spans; [`error`] — format errors and their stable
//!   `F` codes; [`suggest`] — "did you mean";
//! - [`place`] — where a finding is on a board, as data ([`Place`]);
//! - [`document`] — reading a TOML map file into a game's raw types with
//!   every error at once (unknown keys with their "did you mean", wrong types,
//!   missing keys; every syntax error, from `syntax`), within the per-file cap;
//! - [`toml_file`] — the `format` version, serde's messages in a map author's
//!   terms, free-text limits, and quoting in canonical writers;
//! - [`lint_table`] — the `[lint]` table, read, written and described once;
//! - [`json_schema`] — what every published schema shares;
//! - [`id`] — short `Copy` ids of a board's named parts;
//! - [`sniff`] — which ruleset a file names, read before anything else;
//! - [`sources`] — the texts a target's files hold, from disk or from memory
//!   (an editor's unsaved documents): what every game's loader reads;
//! - [`load`], [`confine`], [`limits`] and [`save`] — reading within limits and
//!   writing atomically, inside a pack folder only;
//! - [`ship_pack`] — the pack format of games whose `pack.toml` names one ship file.
//!
//! Each game is one folder, registered by one line in [`games`](crate::games)
//! (its model, format, writer, JSON Schema and place type).

pub mod confine;
pub mod document;
pub mod error;
#[path = "games.rs"]
mod games;
pub mod id;
pub mod json_schema;
pub mod limits;
pub mod lint_table;
pub mod load;
pub mod memo;
pub mod place;
pub mod save;
pub mod ship_pack;
pub mod sniff;
pub mod source;
pub mod sources;
pub mod suggest;
mod syntax;
#[cfg(test)]
mod testutil;
pub mod toml_file;

// The games' folders (`enormity`, `nemesis`, …) are declared by the registry,
// `games.rs`, which `#[path]` lets hold them as folders beside this file.
pub use error::{FileError, FormatCode, FormatError, LoadError, Problems};
pub use games::*;
pub use place::BoardPlace;
pub use source::{LineCol, SourceFile, Span};
