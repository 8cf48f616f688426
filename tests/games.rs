//! Every game the registry holds, for tests that run on every game: the
//! bundled example packs of each (`maps/`), and the per-game data a test
//! keeps in a table keyed by ruleset name.
//!
//! A test that runs "for every game" walks [`bundled`] or looks its data up
//! with [`each`]; both fail on a registered game they know nothing of, so a
//! game added to the registry is tested from the start or fails the tests,
//! never skipped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckplan_schema::load;
use deckplan_schema::sources::Sources;
use deckplan_validator::ruleset::{REGISTRY, Ruleset};

/// The folder of the bundled example packs.
pub fn maps_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps")
}

/// A registered game with its bundled packs.
#[derive(Clone)]
pub struct Game {
    /// The game.
    pub ruleset: &'static dyn Ruleset,
    /// Its pack folders in `maps/`, sorted; never empty.
    pub packs: Vec<PathBuf>,
}

impl Game {
    /// The ruleset's name, as packs give it (`enormity`).
    pub fn name(&self) -> &'static str {
        self.ruleset.name()
    }

    /// The bundled pack `maps/<folder>`, which must be one of this game's.
    pub fn pack(&self, folder: &str) -> &Path {
        self.packs
            .iter()
            .find(|p| p.file_name().is_some_and(|n| n == folder))
            .unwrap_or_else(|| {
                panic!(
                    "maps/{folder} is not a bundled pack of `{}`; its packs are {:?}",
                    self.name(),
                    self.packs
                )
            })
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("ruleset", &self.name())
            .field("packs", &self.packs)
            .finish()
    }
}

/// Every registered game with its bundled packs, in the registry's order.
/// Panics when a pack of `maps/` is read by no registered game, or when a
/// registered game has no bundled pack: every game ships an example, and the
/// tests that run on every game run on it.
pub fn bundled() -> Vec<Game> {
    let maps = maps_dir();
    let dirs = load::find_packs(&maps)
        .unwrap_or_else(|e| panic!("cannot list the packs of {}: {e}", maps.display()));
    let mut by_game: BTreeMap<&'static str, Vec<PathBuf>> = BTreeMap::new();
    for dir in dirs {
        let ruleset = REGISTRY
            .for_sources(&Sources::pack(&dir))
            .unwrap_or_else(|e| panic!("no registered game reads {}: {e:?}", dir.display()));
        by_game.entry(ruleset.name()).or_default().push(dir);
    }
    let names: Vec<&str> = REGISTRY.names().collect();
    if let Some(missing) = without_packs(&names, &by_game) {
        panic!("{missing}");
    }
    REGISTRY
        .all()
        .map(|ruleset| Game {
            ruleset,
            packs: by_game.remove(ruleset.name()).unwrap_or_default(),
        })
        .collect()
}

/// The registered game of this name, with its bundled packs.
pub fn game(name: &str) -> Game {
    bundled()
        .into_iter()
        .find(|g| g.name() == name)
        .unwrap_or_else(|| panic!("no game is registered as `{name}`"))
}

/// What is wrong when some of `games` have no packs in `by_game`.
fn without_packs(games: &[&str], by_game: &BTreeMap<&str, Vec<PathBuf>>) -> Option<String> {
    let missing: Vec<&str> = games
        .iter()
        .copied()
        .filter(|g| by_game.get(g).is_none_or(Vec::is_empty))
        .collect();
    (!missing.is_empty()).then(|| {
        format!(
            "registered games without a bundled pack in maps/: {missing:?}; \
             every game ships an example pack, which the tests of every game run on"
        )
    })
}

/// Every registered game with its entry in `table`, a test's per-game data
/// keyed by ruleset name, in the registry's order. Panics naming each
/// registered game the table has no entry for, each entry no game is
/// registered as, and each game listed twice: a test with per-game data
/// covers a new game once it is given the game's data, and fails until then.
pub fn each<'t, T>(table: &'t [(&str, T)]) -> Vec<(&'static dyn Ruleset, &'t T)> {
    let names: Vec<&str> = REGISTRY.names().collect();
    let keys: Vec<&str> = table.iter().map(|(key, _)| *key).collect();
    if let Some(problem) = mismatch(&names, &keys) {
        panic!("{problem}");
    }
    REGISTRY
        .all()
        .filter_map(|ruleset| {
            table
                .iter()
                .find(|(key, _)| *key == ruleset.name())
                .map(|(_, entry)| (ruleset, entry))
        })
        .collect()
}

/// What is wrong with a table keyed by `keys` for the games `names`.
fn mismatch(names: &[&str], keys: &[&str]) -> Option<String> {
    let mut problems = Vec::new();
    let missing: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !keys.contains(n))
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "no entry for the registered games {missing:?}: give each its data"
        ));
    }
    let unknown: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| !names.contains(k))
        .collect();
    if !unknown.is_empty() {
        problems.push(format!("entries for games not registered: {unknown:?}"));
    }
    let mut twice: Vec<&str> = keys
        .iter()
        .enumerate()
        .filter(|(i, k)| keys.get(..*i).is_some_and(|before| before.contains(k)))
        .map(|(_, k)| *k)
        .collect();
    twice.dedup();
    if !twice.is_empty() {
        problems.push(format!("entries given twice: {twice:?}"));
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_must_hold_every_game_once_and_no_other() {
        let games = ["enormity", "chess"];
        assert_eq!(mismatch(&games, &["chess", "enormity"]), None);
        assert_eq!(
            mismatch(&games, &["enormity"]),
            Some("no entry for the registered games [\"chess\"]: give each its data".to_string())
        );
        assert_eq!(
            mismatch(&games, &["enormity", "chess", "go", "chess"]),
            Some(
                "entries for games not registered: [\"go\"]; entries given twice: [\"chess\"]"
                    .to_string()
            )
        );
    }

    #[test]
    fn a_registered_game_without_a_pack_is_named() {
        let mut by_game = BTreeMap::new();
        by_game.insert("enormity", vec![PathBuf::from("maps/derelict")]);
        by_game.insert("go", Vec::new());
        assert_eq!(without_packs(&["enormity"], &by_game), None);
        assert_eq!(
            without_packs(&["enormity", "chess", "go"], &by_game),
            Some(
                "registered games without a bundled pack in maps/: [\"chess\", \"go\"]; \
                 every game ships an example pack, which the tests of every game run on"
                    .to_string()
            )
        );
    }

    #[test]
    fn every_registered_game_has_a_bundled_pack_and_every_pack_a_game() {
        let games = bundled();
        let names: Vec<&str> = games.iter().map(Game::name).collect();
        assert_eq!(names, REGISTRY.names().collect::<Vec<_>>());
        assert!(games.iter().all(|g| !g.packs.is_empty()), "{games:?}");
        let listed: usize = games.iter().map(|g| g.packs.len()).sum();
        let found = load::find_packs(&maps_dir()).map(|p| p.len()).ok();
        assert_eq!(Some(listed), found, "every pack of maps/ is listed once");
    }

    #[test]
    fn each_gives_every_game_its_entry_in_registry_order() {
        let mut table: Vec<(&str, usize)> = REGISTRY.names().map(|n| (n, n.len())).collect();
        table.reverse();
        let found: Vec<(&str, usize)> = each(&table)
            .into_iter()
            .map(|(ruleset, len)| (ruleset.name(), *len))
            .collect();
        table.reverse();
        assert_eq!(found, table);
    }
}
