//! Every picture option works for every game, or says it does not:
//! `lint --annotate` draws a broken ship and galaxy as it does a page, and
//! `render --legend` names the game it cannot draw a legend for.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use deckplan_tests::files::copy_dir;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A folder of copies of bundled packs, removed when dropped.
struct Work(PathBuf);

impl Work {
    fn new(test: &str, packs: &[&str]) -> Self {
        let root =
            std::env::temp_dir().join(format!("deckplan-pictures-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        for pack in packs {
            copy_dir(&maps.join(pack), &root.join(pack));
        }
        Self(root)
    }

    /// Rewrites a file of the copies by `edit`, which must change it.
    fn edit(&self, file: &str, edit: impl Fn(&str) -> String) {
        let path = self.0.join(file);
        let before = std::fs::read_to_string(&path).unwrap();
        let after = edit(&before);
        assert_ne!(before, after, "the edit of {file} changed nothing");
        std::fs::write(path, after).unwrap();
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .args(args)
            .current_dir(&self.0)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }

    /// The files below a folder of the copies, as relative paths, sorted.
    fn files(&self, dir: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut stack = vec![self.0.join(dir)];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let relative = path.strip_prefix(&self.0).unwrap();
                    found.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        found.sort();
        found
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn lint_annotate_draws_a_broken_ship_and_galaxy_of_every_game() {
    let work = Work::new(
        "annotate",
        &[
            "kestrel-relay",
            "ti4-six-players",
            "battlestations-wayfarer",
        ],
    );
    // A corridor of the Nemesis ship gone (N002), a tile twice in the galaxy
    // (T005), the Battlestations ship without external doors (B009).
    work.edit("kestrel-relay/ship.toml", |text| {
        let first = text.find("[[corridors]]").unwrap();
        let second = first + 1 + text[first + 1..].find("[[corridors]]").unwrap();
        format!("{}{}", &text[..first], &text[second..])
    });
    work.edit("ti4-six-players/pack.toml", |text| {
        text.replacen("\n2 = 61\n", "\n2 = 26\n", 1)
    });
    work.edit("battlestations-wayfarer/ship.toml", |text| {
        let start = text.find("doors = [").unwrap();
        let end = start + text[start..].find(']').unwrap() + 1;
        format!("{}doors = []{}", &text[..start], &text[end..])
    });
    // Found from `.`, as a CI job over a repository of packs names them.
    let lint = work.run(&["lint", ".", "--annotate", "pictures"]);
    assert_eq!(lint.status.code(), Some(1), "{}", stderr(&lint));
    assert_eq!(
        stderr(&lint),
        "wrote 3 annotated page pictures to pictures\n"
    );
    assert_eq!(
        work.files("pictures"),
        [
            "pictures/battlestations-wayfarer/ship.png",
            "pictures/kestrel-relay/ship.png",
            "pictures/ti4-six-players/Six players_ the Learn to Play galaxy.png",
        ]
    );
}

#[test]
fn a_legend_is_drawn_or_refused_by_name() {
    let work = Work::new(
        "legend",
        &[
            "kestrel-relay",
            "ti4-six-players",
            "battlestations-wayfarer",
        ],
    );
    let nemesis = work.run(&["render", "kestrel-relay", "-o", "k.png", "--legend"]);
    assert_eq!(nemesis.status.code(), Some(2));
    assert_eq!(
        stderr(&nemesis),
        "error: --legend: Nemesis ships are drawn without a legend; docs/format.md explains what they show\n"
    );
    let ti4 = work.run(&["render", "ti4-six-players", "-o", "g.png", "--legend"]);
    assert_eq!(ti4.status.code(), Some(2));
    assert_eq!(
        stderr(&ti4),
        "error: --legend: TI4 galaxies are drawn without a legend; each tile names its system, \
         planets, anomaly and wormhole\n"
    );
    let battlestations = work.run(&[
        "render",
        "battlestations-wayfarer",
        "-o",
        "b.svg",
        "--legend",
    ]);
    assert_eq!(
        battlestations.status.code(),
        Some(0),
        "{}",
        stderr(&battlestations)
    );
    assert!(work.0.join("b.svg").is_file());
    assert!(!work.0.join("k.png").exists() && !work.0.join("g.png").exists());
}
