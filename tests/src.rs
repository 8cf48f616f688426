//! End-to-end tests live in `tests/`. The library holds what the tests of
//! every crate and the fuzz targets (`tests/fuzz`) share: the properties
//! every reader keeps, every registered game with its bundled packs and
//! the per-game data of a test, and copies of folders.

#[path = "files.rs"]
pub mod files;
#[path = "games.rs"]
pub mod games;
#[path = "properties.rs"]
pub mod properties;
