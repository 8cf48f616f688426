//! Checks, board graphs, rules engines, pictures and the command line of
//! deckplan, for every game it knows.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset REGISTRY → lint · reformat · explain · draw
//!             shared: Diagnostic + Place, renderers, Scene → PNG/SVG, movement graph
//!             games:  enormity (board, checks, rules) · nemesis · ti4 · battlestations
//!  schema:    shared: SourceFile/Span, FormatError, Place, sniff, limits, save
//!             games:  Enormity (coord, model, resolve, write, load) · nemesis · ti4 ·
//!                     battlestations
//! ```
//!
//! See `docs/architecture.md` for the seam and the checklist for adding a game.
//!
//! The CLI (`src/main.rs`, one file per subcommand under `src/cli/`) is a thin
//! layer over this library: [`targets`] expands the paths given, [`ruleset`]
//! picks the game each target is written for, [`lint`] and [`reformat`] drive
//! the game's loader, checks and writer, and [`render`] prints the
//! [`diagnostic::Diagnostic`]s in each output format.
//!
//! Shared by every game: [`check`] (a check's code, name and documentation),
//! [`movement`] (the game-neutral movement graph: reachability, trap regions,
//! cheapest moves), [`draw::scene`] and [`export`] (pictures as PNG or SVG).
//! Enormity's Location maps — the first game — are [`enormity`] with its
//! [`board`] (the Spacer graph, the Blip lattice and [`board::layout`], the one
//! join geometry), [`checks`], [`rules`], [`show`] and the page drawing in
//! [`draw`]; each later game is one folder ([`nemesis`], [`ti4`], [`battlestations`]).

// First, so that every check file below can use `declare_check!`.
#[macro_use]
pub mod check;

pub mod battlestations;
pub mod board;
pub mod checks;
pub mod diagnostic;
pub mod draw;
pub mod enormity;
pub mod explain;
pub mod export;
pub mod generate;
pub mod lint;
pub mod movement;
pub mod nemesis;
pub mod pipe;
pub mod reformat;
pub mod render;
pub mod rules;
pub mod ruleset;
pub mod ship_game;
pub mod show;
pub mod targets;
pub mod ti4;
pub mod tiled;
