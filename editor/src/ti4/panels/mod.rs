//! The TI4 board's side panels, one a file: the tile palette and the
//! galaxy's inspector (the selected position, rings, seats, modifiers).

pub mod inspector;
pub mod palette;
