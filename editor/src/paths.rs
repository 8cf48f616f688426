//! Where the editor keeps its own files: the recent-files list under the
//! user's config folder, autosaved work under the state folder, following
//! the XDG base directories (with the usual fallbacks under `$HOME`, and the
//! Windows app-data folders).

use std::path::{Path, PathBuf};

/// The editor's folders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppDirs {
    /// Settings (`recent.json`, `export-folder`).
    pub config: PathBuf,
    /// Working state (`recovery/`).
    pub state: PathBuf,
}

impl AppDirs {
    /// The folders for this user, from the environment; `None` when no home
    /// folder is known (then nothing is remembered and nothing autosaved).
    pub fn from_env() -> Option<Self> {
        let var = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let home = var("HOME");
        let config = var("XDG_CONFIG_HOME")
            .or_else(|| home.as_ref().map(|h| h.join(".config")))
            .or_else(|| var("APPDATA"))?;
        let state = var("XDG_STATE_HOME")
            .or_else(|| home.as_ref().map(|h| h.join(".local").join("state")))
            .or_else(|| var("LOCALAPPDATA"))?;
        Some(Self {
            config: config.join("deckplan"),
            state: state.join("deckplan"),
        })
    }

    /// Folders under one root (tests use a scratch folder).
    pub fn under(root: &Path) -> Self {
        Self {
            config: root.join("config"),
            state: root.join("state"),
        }
    }

    /// The recent-files list.
    pub fn recent_file(&self) -> PathBuf {
        self.config.join("recent.json")
    }

    /// The folder the last picture was exported to.
    pub fn export_folder_file(&self) -> PathBuf {
        self.config.join("export-folder")
    }

    /// The folder of autosaved documents, one sub-folder each.
    pub fn recovery(&self) -> PathBuf {
        self.state.join("recovery")
    }
}

/// A path as the editor shows it: under the home folder `home`, written
/// from `~` as shells and file managers do (shorter, and the same on every
/// machine of one user).
pub fn shown_from(path: &Path, home: Option<&Path>) -> String {
    match home.and_then(|home| path.strip_prefix(home).ok()) {
        Some(rest) if rest.as_os_str().is_empty() => "~".to_string(),
        Some(rest) => Path::new("~").join(rest).display().to_string(),
        None => path.display().to_string(),
    }
}

/// A path as the editor shows it, shortened under this user's home folder.
pub fn shown(path: &Path) -> String {
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .filter(|h| h.is_absolute());
    shown_from(path, home.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_under_home_is_shown_from_tilde() {
        let home = Path::new("/home/ada");
        let shown = |p: &str| shown_from(Path::new(p), Some(home));
        assert_eq!(shown("/home/ada/packs/derelict"), "~/packs/derelict");
        assert_eq!(shown("/home/ada"), "~");
        assert_eq!(shown("/home/adam/packs"), "/home/adam/packs");
        assert_eq!(shown("/srv/packs"), "/srv/packs");
        assert_eq!(shown_from(Path::new("/home/ada/x"), None), "/home/ada/x");
    }
}
