//! TI4 rules: tactical-action movement on a galaxy's adjacency.

pub mod movement;
