//! The Battlestations board's side panels, one per file: the inspector (the
//! ship, or the selected module), the levels and the tools' palette.

pub mod inspector;
pub mod levels;
pub mod palette;
