//! The Battlestations board's side panels, one per file: the inspector (the
//! ship, or the selected module), the levels, the tools' palette and the play test.

pub mod inspector;
pub mod levels;
pub mod palette;
pub mod playtest;
