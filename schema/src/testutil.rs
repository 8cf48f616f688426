//! What the unit tests share.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

/// A fresh, empty scratch folder for the test `name` of this process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-schema-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
