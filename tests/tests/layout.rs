//! The source tree shows the architecture: every game is a folder in each
//! crate it has code in, and the code every game shares never names one.
//!
//! A file under `<crate>/src/` that is not in a game's folder may name a
//! game's module (`enormity::`, `nemesis::`, …) only if it is the crate's
//! registry (`games.rs`), `lib.rs` or `main.rs`. A shared file's unit tests
//! (from its `#[cfg(test)]` on) may use a game's boards as examples: they
//! are not code any game runs.
//!
//! Tests are named the same way: a test file of one game is
//! `<game>_<topic>.rs`, in every crate's tests; a test file of what every
//! game shares has a name without a game.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_validator::ruleset::REGISTRY;

/// The crates whose sources are split by game.
const CRATES: [&str; 3] = ["schema", "validator", "editor"];

/// Files allowed to name every game.
const REGISTRY_FILES: [&str; 3] = ["games.rs", "lib.rs", "main.rs"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The game modules a text names, as `enormity::`.
fn named_games(text: &str, games: &[String]) -> Vec<String> {
    let mut named = Vec::new();
    for game in games {
        let needle = format!("{game}::");
        let hit = text.match_indices(&needle).any(|(at, _)| {
            // A whole module name: not the tail of a longer identifier.
            text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        });
        if hit {
            named.push(needle);
        }
    }
    named
}

/// Which shared files of one crate name a game, with the games they name.
fn offenders(src: &Path, games: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for path in sources(src) {
        let relative = path.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap();
        let in_game = relative.components().count() > 1
            && games.iter().any(|g| first.as_os_str() == g.as_str());
        let registry = relative.components().count() == 1
            && REGISTRY_FILES.iter().any(|f| relative == Path::new(f));
        if in_game || registry {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let named = named_games(code, games);
        if !named.is_empty() {
            found.push(format!("{} names {}", relative.display(), named.join(", ")));
        }
    }
    found
}

fn games() -> Vec<String> {
    REGISTRY.names().map(str::to_string).collect()
}

#[test]
fn code_outside_the_games_folders_names_no_game() {
    let games = games();
    for krate in CRATES {
        let src = root().join(krate).join("src");
        let found = offenders(&src, &games);
        assert!(
            found.is_empty(),
            "{krate}: shared code names a game; move it into the game's folder or ask the game through its trait:\n{}",
            found.join("\n")
        );
    }
}

#[test]
fn every_registered_game_is_a_folder_in_each_crate() {
    for krate in CRATES {
        for game in games() {
            let folder = root().join(krate).join("src").join(&game);
            assert!(
                folder.join("mod.rs").is_file(),
                "{krate} has no folder for `{game}`"
            );
        }
    }
}

/// The test above must be able to fail: a shared file that names a game is
/// found, one in the game's folder or in a registry file is not.
#[test]
fn the_layout_check_finds_a_shared_file_that_names_a_game() {
    let games = vec!["chess".to_string()];
    let dir = std::env::temp_dir().join(format!("deckplan-layout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("chess")).unwrap();
    std::fs::write(dir.join("chess/mod.rs"), "use crate::chess::Board;\n").unwrap();
    std::fs::write(dir.join("games.rs"), "pub mod chess;\n").unwrap();
    std::fs::write(dir.join("lint.rs"), "use crate::chess::Board;\n").unwrap();
    std::fs::write(
        dir.join("render.rs"),
        "fn f() {}\n#[cfg(test)]\nmod tests { use crate::chess::Board; }\n",
    )
    .unwrap();
    std::fs::write(dir.join("draw.rs"), "use crate::nonchess::Board;\n").unwrap();
    let found = offenders(&dir, &games);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["lint.rs names chess::"]);
}

/// Each game has its rules page and its section of the format reference.
#[test]
fn every_registered_game_has_its_rules_page_and_format_section() {
    let format = std::fs::read_to_string(root().join("docs/format.md")).unwrap();
    for ruleset in REGISTRY.all() {
        let page = root()
            .join("docs/rules")
            .join(format!("{}.md", ruleset.name()));
        let text =
            std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        assert!(text.starts_with("# "), "{} has no title", page.display());
        let heading = format!("\n## {}\n", ruleset.title());
        assert!(
            format.contains(&heading),
            "docs/format.md has no section `## {}`",
            ruleset.title()
        );
    }
}

/// Each game's test files are named after it (`<game>_<topic>.rs`), and
/// every registered game has its end-to-end tests of the command line
/// (`validator/tests/<game>_cli.rs`) and of the editor
/// (`editor/tests/<game>_ui.rs`).
#[test]
fn every_registered_game_has_its_command_line_and_editor_tests() {
    for ruleset in REGISTRY.all() {
        for file in [
            format!("validator/tests/{}_cli.rs", ruleset.name()),
            format!("editor/tests/{}_ui.rs", ruleset.name()),
        ] {
            assert!(
                root().join(&file).is_file(),
                "`{}` has no {file}",
                ruleset.name()
            );
        }
    }
}

/// The names a line of the layout tree in `docs/architecture.md` gives:
/// the files (`a.rs`) and folders (`draw/`) before its description.
fn tree_names(line: &str) -> Vec<String> {
    let Some(rest) = line
        .strip_prefix("├── ")
        .or_else(|| line.strip_prefix("└── "))
    else {
        return Vec::new();
    };
    rest.split_whitespace()
        .take_while(|word| word.ends_with(".rs") || word.ends_with('/'))
        .map(str::to_string)
        .collect()
}

/// The layout tree of `docs/architecture.md`, by crate: the names under
/// each `<crate>/src/` heading line.
fn documented_layout() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let tree = text
        .split("## The layout")
        .nth(1)
        .and_then(|s| s.split("```text").nth(1))
        .and_then(|s| s.split("```").next())
        .expect("docs/architecture.md has a text block under \"The layout\"");
    let mut crates: Vec<(String, Vec<String>)> = Vec::new();
    for line in tree.lines() {
        if let Some(krate) = line.split_once("/src/").map(|(c, _)| c)
            && !line.starts_with(['├', '└', '│', ' '])
        {
            crates.push((krate.to_string(), Vec::new()));
        } else if let Some((_, names)) = crates.last_mut() {
            names.extend(tree_names(line));
        }
    }
    crates
}

/// What `<crate>/src/` holds: its files and folders, folders with a `/`.
fn actual_layout(krate: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(krate).join("src"))
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .filter(|name| name.ends_with('/') || name.ends_with(".rs"))
        .collect();
    names.sort();
    names
}

#[test]
fn the_layout_in_the_architecture_notes_matches_the_folders() {
    let documented = documented_layout();
    let crates: Vec<&str> = documented.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(crates, CRATES, "the crates the layout tree shows");
    for (krate, mut names) in documented {
        names.sort();
        let actual = actual_layout(&krate);
        let missing: Vec<&String> = actual.iter().filter(|n| !names.contains(n)).collect();
        let stale: Vec<&String> = names.iter().filter(|n| !actual.contains(n)).collect();
        assert!(
            missing.is_empty() && stale.is_empty(),
            "docs/architecture.md's layout of {krate}/src: not shown {missing:?}; shown but not there {stale:?}"
        );
        for game in games() {
            assert!(
                names.contains(&format!("{game}/")),
                "the layout of {krate}/src shows the folder of {game}"
            );
        }
    }
}

#[test]
fn the_layout_check_reads_names_and_skips_descriptions() {
    assert_eq!(
        tree_names("├── diagnostic.rs render/   findings as data; json.rs renderers"),
        ["diagnostic.rs", "render/"]
    );
    assert_eq!(
        tree_names("└── enormity/ nemesis/"),
        ["enormity/", "nemesis/"]
    );
    assert!(tree_names("│                           schema completion").is_empty());
}
