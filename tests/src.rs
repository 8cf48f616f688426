//! End-to-end tests live in `tests/`. The library holds what the tests and
//! the fuzz targets (`tests/fuzz`) share: the properties every reader keeps.

#[path = "properties.rs"]
pub mod properties;
