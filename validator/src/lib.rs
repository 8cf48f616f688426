//! Checks, board graphs and the command line for deckplan Location maps.

pub mod show;
