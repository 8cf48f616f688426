//! TI4 rules: tactical-action movement on a galaxy's adjacency, and the
//! words that name systems and adjacency in the answers.

pub mod describe;
pub mod movement;
