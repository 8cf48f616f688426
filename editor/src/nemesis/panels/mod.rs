//! The Nemesis board's panels, one per file: the outline of the ship, the
//! inspector and the play-test panel. A panel reads what it shows and
//! records commands; panels never call each other.

pub mod inspector;
pub mod outline;
pub mod playtest;
