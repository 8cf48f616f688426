//! Checks, board graphs and the command line for deckplan Location maps.
//!
//! The CLI (`src/main.rs`) is a thin layer over this library:
//! [`targets`] expands the paths given, [`lint`] loads and checks them into
//! [`diagnostic::Diagnostic`]s, [`render`] prints those in each output format,
//! and [`fmt`] rewrites files in canonical form.
//!
//! Board geometry and movement are shared by every game: [`movement`] is the
//! game-neutral movement graph (reachability, trap regions, cheapest moves)
//! that the Spacer graph and the Blip lattice of [`board`] are instances of, and
//! [`board::layout`] is the one join geometry that checks, rules, pictures
//! and the Tiled export read.
//!
//! Pictures come from one drawing description: [`draw`] turns pages, packs and
//! lint problems into a scene of lines, fills and labels in board units, and
//! [`export`] writes scenes as PNG or SVG (and pages as Tiled maps).

pub mod board;
#[macro_use]
pub mod check;
pub mod checks;
pub mod diagnostic;
pub mod draw;
pub mod enormity;
pub mod explain;
pub mod export;
pub mod lint;
pub mod movement;
pub mod nemesis;
pub mod pipe;
pub mod reformat;
pub mod render;
pub mod rules;
pub mod ruleset;
pub mod show;
pub mod targets;
pub mod ti4;
