//! "Open recent": the last packs and pages opened, newest first, kept in a
//! small JSON file so the list survives restarts without eframe's
//! persistence feature (and its extra dependencies).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How many paths are remembered.
pub const MAX_RECENT: usize = 10;

#[derive(Serialize, Deserialize, Default)]
struct RecentFile {
    paths: Vec<PathBuf>,
}

/// The recent paths and where they are kept.
#[derive(Debug, Default)]
pub struct Recent {
    paths: Vec<PathBuf>,
    file: Option<PathBuf>,
}

impl Recent {
    /// Reads the list from `file` (a missing or unreadable list is empty).
    pub fn load(file: Option<PathBuf>) -> Self {
        let paths = file
            .as_deref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .and_then(|text| serde_json::from_str::<RecentFile>(&text).ok())
            .map(|r| r.paths)
            .unwrap_or_default();
        Self { paths, file }
    }

    /// The paths, newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Puts `path` first and writes the list; a list that cannot be written
    /// is kept in memory for this session.
    pub fn add(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
        self.paths.insert(0, path.to_path_buf());
        self.paths.truncate(MAX_RECENT);
        self.store();
    }

    /// Forgets a path (one that no longer opens).
    pub fn remove(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
        self.store();
    }

    fn store(&self) {
        let Some(file) = &self.file else {
            return;
        };
        let list = RecentFile {
            paths: self.paths.clone(),
        };
        if let Ok(text) = serde_json::to_string_pretty(&list) {
            if let Some(parent) = file.parent() {
                let _ = std::fs::create_dir_all(parent);
            }
            let _ = deckplan_schema::save::write_atomically(file, &text);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::testutil::scratch;

    #[test]
    fn the_list_is_newest_first_unique_and_survives_a_restart() {
        let dir = scratch("recent");
        let file = dir.join("config/recent.json");
        let mut recent = Recent::load(Some(file.clone()));
        for n in 0..12 {
            recent.add(Path::new(&format!("/maps/{n}")));
        }
        recent.add(Path::new("/maps/5"));
        let again = Recent::load(Some(file));
        assert_eq!(again.paths().len(), MAX_RECENT);
        assert_eq!(again.paths()[0], Path::new("/maps/5"));
        assert_eq!(
            again
                .paths()
                .iter()
                .filter(|p| *p == Path::new("/maps/5"))
                .count(),
            1
        );
    }
}
