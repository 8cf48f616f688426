//! Every picture option works for every registered game, or says it does
//! not: `lint --annotate` draws a broken board of each game, `render
//! --legend` draws each game's legend or names the game it cannot draw one
//! for, and a game's own options of `show` and `render` are listed under it
//! and refused, by name, to the others. What is broken, and what comes out,
//! is each game's entry in [`PICTURES`]; a registered game without one fails
//! the tests.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::stderr;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use deckplan_tests::files::{copy_dir, files_below};
use deckplan_tests::games;

/// A folder of copies of bundled packs, removed when dropped.
struct Work(PathBuf);

impl Work {
    /// Copies of the bundled pack each game's entry names.
    fn new(test: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("deckplan-pictures-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (ruleset, pictures) in games::each(PICTURES) {
            let pack = games::game(ruleset.name())
                .pack(pictures.pack)
                .to_path_buf();
            copy_dir(&pack, &root.join(pictures.pack));
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

    /// The files below a folder of the copies, as paths relative to the
    /// copies, sorted.
    fn files(&self, dir: &str) -> Vec<String> {
        files_below(&self.0.join(dir))
            .iter()
            .map(|p| format!("{dir}/{}", p.to_string_lossy().replace('\\', "/")))
            .collect()
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one game's pictures are tested with.
struct Pictures {
    /// The bundled pack (its folder in `maps/`) the tests copy.
    pack: &'static str,
    /// The file of the pack that is broken for `lint --annotate`…
    file: &'static str,
    /// …and how; the edit must change the file.
    break_it: fn(&str) -> String,
    /// Whether what is broken is an error (`lint` exits 1), not a warning.
    error: bool,
    /// The annotated pictures drawn of the broken pack, below its folder.
    annotated: &'static [&'static str],
    /// What `render PACK -o legend --format svg --legend` does.
    legend: Legend,
}

/// A game's answer to `--legend`.
enum Legend {
    /// Drawn: what `render` prints, every file it wrote.
    Drawn(&'static str),
    /// Refused: the error (exit 2), and nothing written.
    Refused(&'static str),
}

/// Each registered game's pictures, by ruleset name.
const PICTURES: &[(&str, Pictures)] = &[
    (
        "enormity",
        Pictures {
            pack: "derelict-meridian-tithe",
            file: "book1/page1.toml",
            // The console that opens door 1 gone (R002, a warning).
            break_it: |text| {
                text.replacen(
                    "consoles = [\n    { number = 1, at = \"H5\", opens = [1] },\n]\n",
                    "",
                    1,
                )
            },
            error: false,
            annotated: &["L1p1.png"],
            legend: Legend::Drawn(
                "wrote legend/L1p1.svg\nwrote legend/L1p2.svg\nwrote legend/L1p3.svg\n\
                 wrote legend/L1p4.svg\nwrote legend/L2p1.svg\nwrote legend/L2p2.svg\n\
                 wrote legend/L2p3.svg\nwrote legend/L2p4.svg\n",
            ),
        },
    ),
    (
        "nemesis",
        Pictures {
            pack: "kestrel-relay",
            file: "ship.toml",
            // A corridor of the ship gone (N002).
            break_it: |text| {
                let first = text.find("[[corridors]]").unwrap();
                let second = first + 1 + text[first + 1..].find("[[corridors]]").unwrap();
                format!("{}{}", &text[..first], &text[second..])
            },
            error: true,
            annotated: &["ship.png"],
            legend: Legend::Refused(
                "error: --legend: Nemesis ships are drawn without a legend; docs/format.md explains what they show\n",
            ),
        },
    ),
    (
        "ti4",
        Pictures {
            pack: "ti4-six-players",
            file: "pack.toml",
            // A tile twice in the galaxy (T005).
            break_it: |text| text.replacen("\n2 = 61\n", "\n2 = 26\n", 1),
            error: true,
            annotated: &["Six players_ the Learn to Play galaxy.png"],
            legend: Legend::Refused(
                "error: --legend: TI4 galaxies are drawn without a legend; each tile names its system, \
                 planets, anomaly and wormhole\n",
            ),
        },
    ),
    (
        "battlestations",
        Pictures {
            pack: "battlestations-wayfarer",
            file: "ship.toml",
            // The ship without external doors (B009).
            break_it: |text| {
                let start = text.find("doors = [").unwrap();
                let end = start + text[start..].find(']').unwrap() + 1;
                format!("{}doors = []{}", &text[..start], &text[end..])
            },
            error: true,
            annotated: &["ship.png"],
            legend: Legend::Drawn("wrote legend/ship.svg\n"),
        },
    ),
];

#[test]
fn lint_annotate_draws_a_broken_board_of_every_game() {
    let work = Work::new("annotate");
    let mut expected = Vec::new();
    let mut error = false;
    for (_, pictures) in games::each(PICTURES) {
        work.edit(
            &format!("{}/{}", pictures.pack, pictures.file),
            pictures.break_it,
        );
        error |= pictures.error;
        expected.extend(
            pictures
                .annotated
                .iter()
                .map(|file| format!("pictures/{}/{file}", pictures.pack)),
        );
    }
    expected.sort();
    // Found from `.`, as a CI job over a repository of packs names them.
    let lint = work.run(&["lint", ".", "--annotate", "pictures"]);
    assert_eq!(
        lint.status.code(),
        Some(i32::from(error)),
        "{}",
        stderr(&lint)
    );
    assert_eq!(
        stderr(&lint),
        format!(
            "wrote {} annotated page pictures to pictures\n",
            expected.len()
        )
    );
    assert_eq!(work.files("pictures"), expected);
}

#[test]
fn a_legend_is_drawn_or_refused_by_name_for_every_game() {
    let work = Work::new("legend");
    for (ruleset, pictures) in games::each(PICTURES) {
        let game = ruleset.name();
        let _ = std::fs::remove_dir_all(work.0.join("legend"));
        let args = [
            "render",
            pictures.pack,
            "-o",
            "legend",
            "--format",
            "svg",
            "--legend",
        ];
        let output = work.run(&args);
        match pictures.legend {
            Legend::Drawn(written) => {
                assert_eq!(output.status.code(), Some(0), "{game}: {}", stderr(&output));
                assert_eq!(String::from_utf8_lossy(&output.stdout), written, "{game}");
                let files: Vec<String> = work
                    .files("legend")
                    .into_iter()
                    .map(|file| format!("wrote {file}\n"))
                    .collect();
                assert_eq!(files.concat(), written, "{game}");
            }
            Legend::Refused(error) => {
                assert_eq!(output.status.code(), Some(2), "{game}");
                assert_eq!(stderr(&output), error, "{game}");
                assert!(!work.0.join("legend").exists(), "{game}");
            }
        }
    }
}

/// A PNG's width and height.
fn png_size(path: &Path) -> (u32, u32) {
    let png = std::fs::read(path).unwrap();
    let side = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (side(16), side(20))
}

/// Every bundled pack of every registered game renders, by default, one
/// picture of each board — each page or ship file, or the `pack.toml` that
/// is the board — within 4000 pixels a side.
#[test]
fn every_bundled_board_renders_within_4000_pixels_a_side_by_default() {
    let out = std::env::temp_dir().join(format!("deckplan-pictures-{}-sizes", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    for game in games::bundled() {
        for pack in &game.packs {
            let folder = out.join(pack.file_name().unwrap());
            let output = Command::new(env!("CARGO_BIN_EXE_deckplan"))
                .args([
                    "render",
                    pack.to_str().unwrap(),
                    "-o",
                    folder.to_str().unwrap(),
                ])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            let pictures = files_below(&folder);
            for picture in &pictures {
                let (width, height) = png_size(&folder.join(picture));
                assert!(
                    width.max(height) <= 4000,
                    "{}: {} is {width} × {height}",
                    game.name(),
                    picture.display()
                );
            }
            let boards = files_below(pack).len().saturating_sub(1).max(1);
            assert_eq!(
                pictures.len(),
                boards,
                "{}: {}",
                game.name(),
                pack.display()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_games_own_drawing_options_are_listed_under_it_and_refused_to_the_others() {
    let work = Work::new("own-options");
    let help = work.run(&["render", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    let under = |heading: &str, option: &str| {
        help.split(&format!("\n{heading}:\n"))
            .nth(1)
            .and_then(|section| section.split("\n\n").next())
            .is_some_and(|section| section.contains(option))
    };
    assert!(under("Enormity Location maps", "--page <PAGE>"), "{help}");
    assert!(
        under("Enormity Location maps, Nemesis ships", "--layout"),
        "{help}"
    );
    let cases: [(&[&str], &str); 4] = [
        (
            &["show", "ti4-six-players", "--page", "L1p1"],
            "error: --page does not apply to Twilight Imperium 4 galaxies: it is an option of `show` for Enormity Location maps\n",
        ),
        (
            &["render", "kestrel-relay", "-o", "k.png", "--page", "L1p1"],
            "error: --page does not apply to Nemesis ships: it is an option of `render` for Enormity Location maps\n",
        ),
        (
            &["render", "ti4-six-players", "-o", "g.png", "--layout"],
            "error: --layout does not apply to Twilight Imperium 4 galaxies: it is an option of `render` for Enormity Location maps and Nemesis ships\n",
        ),
        (
            &["show", "derelict-meridian-tithe", "--hull"],
            "error: --hull marks the squares outside a ship's hull; Enormity Location maps have none\n",
        ),
    ];
    for (args, expected) in cases {
        let output = work.run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), expected, "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // A game's own option still does what it did.
    let page = work.run(&["show", "derelict-meridian-tithe", "--page", "L1p2"]);
    assert_eq!(page.status.code(), Some(0), "{}", stderr(&page));
    let layout = work.run(&["render", "kestrel-relay", "--layout", "-o", "k.svg"]);
    assert_eq!(layout.status.code(), Some(0), "{}", stderr(&layout));
    assert!(!work.0.join("g.png").exists() && !work.0.join("k.png").exists());
}
