//! Every bundled pack of every registered game is canonical: each file of
//! the pack, read and written back by its game's writer (what `deckplan fmt`
//! does), gives the very bytes it was read from, and no file of the pack
//! folder is left out of that.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_schema::sources::Sources;
use deckplan_tests::files::files_below;
use deckplan_tests::games;
use deckplan_validator::ruleset::Ruleset;

/// Each file of a pack written back by its game: its path in the pack, and
/// what is wrong with it (`None`: canonical).
fn written_back(ruleset: &dyn Ruleset, dir: &Path) -> Vec<(PathBuf, Option<String>)> {
    let formatted = ruleset
        .format(&Sources::pack(dir))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<(PathBuf, Option<String>)> = formatted
        .into_iter()
        .map(|file| {
            let path = file.path.strip_prefix(dir).unwrap().to_path_buf();
            let text = std::fs::read_to_string(&file.path).unwrap();
            let problem = match (&file.canonical, file.errors.is_empty()) {
                (Some(canonical), true) if *canonical == text && !file.changed => None,
                (Some(canonical), true) => Some(format!("written back as:\n{canonical}")),
                (_, _) => Some(format!("does not load: {:?}", file.errors)),
            };
            (path, problem)
        })
        .collect();
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

#[test]
fn every_file_of_every_bundled_pack_of_every_game_is_canonical() {
    for game in games::bundled() {
        for dir in &game.packs {
            let files = written_back(game.ruleset, dir);
            let paths: Vec<PathBuf> = files.iter().map(|(path, _)| path.clone()).collect();
            assert_eq!(
                paths,
                files_below(dir),
                "{}: {} writes back every file of the pack folder",
                game.name(),
                dir.display()
            );
            for (path, problem) in files {
                assert_eq!(
                    problem,
                    None,
                    "{}: {} is not canonical",
                    game.name(),
                    dir.join(path).display()
                );
            }
        }
    }
}

/// The test above can fail: a bundled file with its keys spaced out is
/// written back otherwise, and is named.
#[test]
fn a_file_not_in_canonical_form_is_found() {
    let dir = std::env::temp_dir().join(format!("deckplan-roundtrip-{}", std::process::id()));
    for game in games::bundled() {
        let _ = std::fs::remove_dir_all(&dir);
        deckplan_tests::files::copy_dir(&game.packs[0], &dir);
        let pack = dir.join("pack.toml");
        let text = std::fs::read_to_string(&pack).unwrap();
        let loose = text.replacen("format = 1", "format   =   1", 1);
        assert_ne!(loose, text, "{}", game.name());
        std::fs::write(&pack, loose).unwrap();
        let problems: Vec<(PathBuf, String)> = written_back(game.ruleset, &dir)
            .into_iter()
            .filter_map(|(path, problem)| problem.map(|p| (path, p)))
            .collect();
        assert_eq!(
            problems,
            [(
                PathBuf::from("pack.toml"),
                format!("written back as:\n{text}")
            )],
            "{}",
            game.name()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
