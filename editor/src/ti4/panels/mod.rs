//! The TI4 board's side panels, one a file: the tile palette, the galaxy's
//! inspector (the selected position, rings, seats, modifiers, custom
//! tiles), the custom tile form, the seats' balance figures and the play
//! test.

pub mod balance;
pub mod custom;
pub mod inspector;
pub mod palette;
pub mod playtest;
