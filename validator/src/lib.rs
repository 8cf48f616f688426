//! Checks, board graphs, rules engines, pictures and the command line of
//! deckplan, for every game it knows.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset REGISTRY → lint · reformat · explain · draw · verbs
//!             shared: Diagnostic + Place, checks, renderers, Scene → PNG/SVG,
//!                     movement graph, the command line
//!             games:  one folder each (games.rs)
//!  schema:    shared: SourceFile/Span, FormatError, Place, TOML files, [lint], limits, save
//!             games:  one folder each
//! ```
//!
//! See `docs/architecture.md` for the seam and the checklist for adding a game.
//!
//! What every game shares lives at the crate root: [`targets`] expands the
//! paths a command names, [`ruleset`] is the seam each game implements and
//! picks the game a target is written for, [`lint`] and [`reformat`] drive the
//! game's loader, checks and writer, [`check`] is a check's declaration and
//! runner, [`diagnostic`] and [`render`] the findings and their output
//! formats, [`explain`] their documentation, [`movement`] the game-neutral
//! movement graph (reachability, trap regions, cheapest moves), [`draw`] and
//! [`export`] pictures as PNG or SVG, [`verb`] the subcommands a game adds,
//! [`lsp`] the language server, and [`cli`] the `deckplan` command line itself.
//!
//! Each game is one folder, registered by one line in `games.rs` (its model
//! checks, rules engine, drawings and subcommands).

// First, so that every check file can use `declare_check!` and `checks!`.
#[macro_use]
pub mod check;

pub mod cli;
pub mod diagnostic;
pub mod draw;
pub mod explain;
pub mod export;
#[path = "games.rs"]
mod games;
pub mod lint;
pub mod lsp;
pub mod movement;
pub mod pipe;
pub mod reformat;
pub mod render;
pub mod ruleset;
pub mod ship_game;
pub mod targets;
pub mod verb;

// The games' folders (`enormity`, `nemesis`, …) are declared by the registry,
// `games.rs`, which `#[path]` lets hold them as folders beside this file.
pub use games::*;
