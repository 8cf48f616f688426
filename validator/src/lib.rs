//! Checks, board graphs and the command line for deckplan Location maps.
//!
//! The CLI (`src/main.rs`) is a thin layer over this library:
//! [`targets`] expands the paths given, [`lint`] loads and checks them into
//! [`diagnostic::Diagnostic`]s, [`render`] prints those in each output format,
//! and [`fmt`] rewrites files in canonical form.

pub mod board;
pub mod checks;
pub mod diagnostic;
pub mod explain;
pub mod fmt;
pub mod lint;
pub mod render;
pub mod rules;
pub mod show;
pub mod targets;
