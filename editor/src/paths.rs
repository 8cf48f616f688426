//! Where the editor keeps its own files: the recent-files list under the
//! user's config folder, autosaved work under the state folder. `etcetera`
//! finds the base folders: the XDG base directories on Linux and macOS
//! (`$XDG_CONFIG_HOME` and `$XDG_STATE_HOME`, else `~/.config` and
//! `~/.local/state`), the app-data folders on Windows.

use std::path::{Path, PathBuf};

use etcetera::BaseStrategy;

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
        Self::from_base(&etcetera::choose_base_strategy().ok()?)
    }

    /// The `deckplan` folders under a platform's base folders. Windows has
    /// no state folder: autosaves go with caches, in the app data kept on
    /// this machine (not the roaming one). A relative folder (from an empty
    /// `HOME`) would move with the working folder, so it counts as none.
    fn from_base(base: &impl BaseStrategy) -> Option<Self> {
        let config = base.config_dir();
        let state = base.state_dir().unwrap_or_else(|| base.cache_dir());
        (config.is_absolute() && state.is_absolute()).then(|| Self {
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
#[allow(clippy::expect_used)]
mod tests {
    use super::*;

    /// Base folders as a platform gives them.
    struct Base {
        home: PathBuf,
        state: Option<PathBuf>,
    }

    impl BaseStrategy for Base {
        fn home_dir(&self) -> &Path {
            &self.home
        }
        fn config_dir(&self) -> PathBuf {
            self.home.join("config")
        }
        fn data_dir(&self) -> PathBuf {
            self.home.join("data")
        }
        fn cache_dir(&self) -> PathBuf {
            self.home.join("cache")
        }
        fn state_dir(&self) -> Option<PathBuf> {
            self.state.clone()
        }
        fn runtime_dir(&self) -> Option<PathBuf> {
            None
        }
    }

    #[test]
    fn the_folders_are_deckplan_s_own_under_the_base_folders() {
        let home = PathBuf::from("/home/ada");
        let xdg = Base {
            home: home.clone(),
            state: Some(home.join(".local/state")),
        };
        assert_eq!(
            AppDirs::from_base(&xdg),
            Some(AppDirs {
                config: home.join("config/deckplan"),
                state: home.join(".local/state/deckplan"),
            })
        );
        // No state folder (Windows): autosaves go with the caches.
        let windows = Base {
            home: home.clone(),
            state: None,
        };
        assert_eq!(
            AppDirs::from_base(&windows).map(|dirs| dirs.recovery()),
            Some(home.join("cache/deckplan/recovery"))
        );
        // An empty `HOME` gives relative folders: nothing is remembered.
        let relative = Base {
            home: PathBuf::new(),
            state: None,
        };
        assert_eq!(AppDirs::from_base(&relative), None);
    }

    /// On Linux the folders follow the XDG variables, and the defaults under
    /// `HOME` when they are unset or relative. A test cannot set its own
    /// environment, so each case runs this test again in a child process.
    #[cfg(target_os = "linux")]
    #[test]
    fn on_linux_the_folders_follow_the_xdg_variables() {
        const EXPECT: &str = "DECKPLAN_TEST_EXPECT_DIRS";
        if let Some(expected) = std::env::var_os(EXPECT) {
            let dirs = AppDirs::from_env().expect("a home folder");
            let found = format!("{} {}", dirs.config.display(), dirs.state.display());
            assert_eq!(found, expected.to_string_lossy());
            return;
        }
        let cases = [
            (
                Some(("/xdg/config", "/xdg/state")),
                "/xdg/config/deckplan /xdg/state/deckplan",
            ),
            (
                None,
                "/home/ada/.config/deckplan /home/ada/.local/state/deckplan",
            ),
            (
                Some(("config", "state")),
                "/home/ada/.config/deckplan /home/ada/.local/state/deckplan",
            ),
        ];
        for (xdg, expected) in cases {
            let mut child = std::process::Command::new(std::env::current_exe().expect("the test"));
            child
                .args([
                    "--exact",
                    "paths::tests::on_linux_the_folders_follow_the_xdg_variables",
                ])
                .env(EXPECT, expected)
                .env("HOME", "/home/ada")
                .env_remove("XDG_CONFIG_HOME")
                .env_remove("XDG_STATE_HOME");
            if let Some((config, state)) = xdg {
                child
                    .env("XDG_CONFIG_HOME", config)
                    .env("XDG_STATE_HOME", state);
            }
            let output = child.output().expect("the test runs");
            assert!(
                output.status.success(),
                "{xdg:?}: {}",
                String::from_utf8_lossy(&output.stdout)
            );
        }
    }

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
