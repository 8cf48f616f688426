//! Hostile packs of every game against the `deckplan` binary: one test per
//! attack in `docs/robustness.md` ("Every game"). Each test copies the
//! bundled packs into a work folder beside an `outside/` folder, runs the
//! attack, and asserts the exact refusal or bound and that nothing outside
//! the pack (or the output asked for) changed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::{stderr, stdout};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use deckplan_tests::files::{copy_dir, files_below};
use deckplan_tests::games;

/// Free text an attacker writes in a name: an OSC sequence that retitles the
/// terminal, a bell, a line break that starts a GitHub workflow command, a
/// carriage return and a C1 control sequence introducer.
const EVIL: &str = r"\u001b]0;pwned\u0007\n::error title=evil::boom\r\u009b31m";

/// The same text as a terminal drawing shows it: one `�` a control character.
const EVIL_SHOWN: &str = "�]0;pwned��::error title=evil::boom��31m";

/// A work folder with copies of the bundled packs and an `outside/` folder,
/// removed on drop.
struct Work {
    root: PathBuf,
}

impl Work {
    fn new(test: &str) -> Self {
        let root = std::env::temp_dir().join(format!(
            "deckplan-hostile-games-{}-{test}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("outside")).unwrap();
        std::fs::write(root.join("outside/secret.txt"), "TOKEN=hunter2\n").unwrap();
        Self { root }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// Copies a bundled pack folder to `<name>`.
    fn copy_pack(&self, pack: &Path, name: &str) {
        copy_dir(pack, &self.path(name));
    }

    fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).unwrap()
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        std::fs::write(path, text).unwrap();
    }

    /// Replaces the first line starting with `prefix` in a file by `line`.
    fn replace_line(&self, relative: &str, prefix: &str, line: &str) {
        let text = self.read(relative);
        let mut done = false;
        let lines: Vec<&str> = text
            .lines()
            .map(|old| {
                if !done && old.starts_with(prefix) {
                    done = true;
                    line
                } else {
                    old
                }
            })
            .collect();
        assert!(done, "no line starting with `{prefix}` in {relative}");
        self.write(relative, &(lines.join("\n") + "\n"));
    }

    /// Sets the first `key = …` line in a file.
    fn set(&self, relative: &str, key: &str, value: &str) {
        self.replace_line(relative, &format!("{key} = "), &format!("{key} = {value}"));
    }

    #[cfg(unix)]
    fn link(&self, relative: &str, target: &str) {
        let path = self.path(relative);
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(target, path).unwrap();
    }

    #[cfg(unix)]
    fn fifo(&self, relative: &str) {
        let path = self.path(relative);
        let _ = std::fs::remove_file(&path);
        let status = Command::new("mkfifo").arg(&path).status().unwrap();
        assert!(status.success());
    }

    /// Every file below the work folder with its bytes (links as their target).
    fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        let mut stack = vec![self.root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                let meta = std::fs::symlink_metadata(&path).unwrap();
                let relative = path.strip_prefix(&self.root).unwrap().to_path_buf();
                if meta.is_symlink() {
                    let target = std::fs::read_link(&path).unwrap();
                    files.insert(relative, target.to_string_lossy().as_bytes().to_vec());
                } else if meta.is_dir() {
                    stack.push(path);
                } else if meta.is_file() {
                    files.insert(relative, std::fs::read(&path).unwrap());
                }
            }
        }
        files
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .args(args)
            .current_dir(&self.root)
            .env("NO_COLOR", "1")
            .output()
            .expect("the deckplan binary runs")
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The control characters in a command's output, other than line breaks.
fn raw_controls(output: &Output) -> Vec<char> {
    let mut text = stdout(output);
    text.push_str(&stderr(output));
    text.chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect()
}

/// What a game's copy is attacked with, in the free text fields an attacker
/// would use; the copy is named after the game.
struct Hostile {
    /// The bundled pack (its folder in `maps/`) copied.
    pack: &'static str,
    /// Names made hostile: in a file of the pack, the first line that starts
    /// with the prefix becomes its key set to the name followed by [`EVIL`].
    names: &'static [(&'static str, &'static str, &'static str)],
    /// The game's own commands, each run with `--format human` and `json`.
    verbs: &'static [&'static [&'static str]],
    /// Its commands that write what they are asked to, below `pictures/`
    /// or `tiled/` (kept out of the comparison of the files).
    writers: &'static [&'static [&'static str]],
    /// What `show` prints of the names, `{E}` standing for [`EVIL_SHOWN`].
    shown: &'static [&'static str],
}

/// Each registered game's attack, by ruleset name.
const HOSTILE: &[(&str, Hostile)] = &[
    (
        "enormity",
        Hostile {
            pack: "derelict-meridian-tithe",
            names: &[
                ("pack.toml", "name = ", "Derelict"),
                ("book1/page1.toml", "title = ", "Clamp"),
                ("pack.toml", "name = \"Counting House\"", "Counting"),
            ],
            verbs: &[
                &["reach", "enormity", "--from", "L1p1:F2", "--move", "3"],
                &["los", "enormity", "--from", "L1p1:F2", "--to", "L1p1:E2"],
            ],
            writers: &[&["export", "--tiled", "tiled", "enormity"]],
            shown: &["\nL1p1 · TD · Clamp{E}\n"],
        },
    ),
    (
        "nemesis",
        Hostile {
            pack: "kestrel-relay",
            names: &[
                ("pack.toml", "name = ", "Kestrel"),
                ("ship.toml", "name = ", "Kestrel"),
                ("ship.toml", "board = ", "Board"),
                ("ship.toml", "name = \"Cockpit\"", "Cockpit"),
            ],
            verbs: &[
                &["move", "nemesis", "--from", "cockpit"],
                &["noise", "nemesis", "--room", "cockpit"],
                &[
                    "intruder",
                    "nemesis",
                    "--room",
                    "cockpit",
                    "--corridor",
                    "1",
                ],
            ],
            writers: &[],
            shown: &["Kestrel{E} · Board{E}\n\n"],
        },
    ),
    (
        "ti4",
        Hostile {
            pack: "ti4-six-players",
            names: &[("pack.toml", "name = ", "Six")],
            verbs: &[&["reach", "ti4", "--from", "0", "--move", "2"]],
            writers: &[&["export", "--map-string", "ti4"]],
            shown: &["\nSix{E} · 3 rings\n"],
        },
    ),
    (
        "battlestations",
        Hostile {
            pack: "battlestations-wayfarer",
            names: &[
                ("pack.toml", "name = ", "Wayfarer"),
                ("ship.toml", "name = ", "Wayfarer"),
                ("ship.toml", "name = \"Port Engine\"", "Port"),
            ],
            verbs: &[&[
                "reach",
                "battlestations",
                "--from",
                "lower B3",
                "--move",
                "2",
            ]],
            writers: &[],
            shown: &[
                "Wayfarer{E} (forward: east)\n",
                "\n  engine-port      Port{E} ",
            ],
        },
    ),
];

/// A copy of each game's pack, named after the game, with hostile names.
fn hostile_packs(work: &Work) {
    for (ruleset, hostile) in games::each(HOSTILE) {
        let game = ruleset.name();
        work.copy_pack(games::game(game).pack(hostile.pack), game);
        for (file, prefix, name) in hostile.names {
            let key = prefix.split(" = ").next().unwrap();
            work.replace_line(
                &format!("{game}/{file}"),
                prefix,
                &format!("{key} = \"{name}{EVIL}\""),
            );
        }
    }
}

/// Item: `show` printed a ship's or galaxy's name (and the Nemesis board)
/// raw, so a name could forge a CI workflow command or drive the terminal.
/// Every command, in every output format, on every game: no control
/// character reaches the output, and no line starts with the forged command.
#[test]
fn control_characters_from_every_game_are_escaped_in_every_command() {
    let work = Work::new("controls");
    hostile_packs(&work);
    let mut commands: Vec<Vec<&str>> = Vec::new();
    for (ruleset, hostile) in games::each(HOSTILE) {
        let pack = ruleset.name();
        for format in ["human", "json", "sarif", "github"] {
            commands.push(vec!["lint", pack, "--format", format]);
        }
        commands.push(vec!["show", pack]);
        commands.push(vec!["fmt", "--check", pack]);
        commands.push(vec!["render", pack, "-o", "pictures", "--format", "svg"]);
        for verb in hostile.verbs {
            for format in ["human", "json"] {
                commands.push([verb, &["--format", format][..]].concat());
            }
        }
        commands.extend(hostile.writers.iter().map(|args| args.to_vec()));
    }
    let before = work.files();
    for args in &commands {
        let output = work.run(args);
        assert_eq!(raw_controls(&output), [], "{args:?}");
        let forged = format!("{}{}", stdout(&output), stderr(&output))
            .lines()
            .any(|line| line.starts_with("::error title=evil"));
        assert!(!forged, "{args:?} starts a line with the forged command");
    }
    let mut after = work.files();
    after.retain(|path, _| !path.starts_with("pictures") && !path.starts_with("tiled"));
    assert_eq!(
        after, before,
        "only the pictures and maps asked for were written"
    );

    for (ruleset, hostile) in games::each(HOSTILE) {
        let shown = stdout(&work.run(&["show", ruleset.name()]));
        for name in hostile.shown {
            let name = name.replace("{E}", EVIL_SHOWN);
            assert!(shown.contains(&name), "{name:?} in:\n{shown}");
        }
    }
}

/// Runs a command and asserts that no control character reached its output.
fn escaped_run(work: &Work, args: &[&str]) -> Output {
    let output = work.run(args);
    assert_eq!(raw_controls(&output), [], "{args:?}");
    output
}

/// Item: `import --graphml` printed a node's `kind`, an edge's `id` and
/// `weight` raw in its errors, and `import --tiled` a `location` property, an
/// object's class and a world's `fileName`.
#[test]
fn control_characters_in_imported_files_are_escaped_in_their_errors() {
    let work = Work::new("imports");
    let evil = "x\u{1b}]0;pwned\u{7}\n::error title=evil::";
    let escaped = r"x\u{1b}]0;pwned\u{7}\u{a}::error title=evil::";
    let before = work.files();

    work.write(
        "in/bad-edge.graphml",
        &format!(
            r#"<graph><node id="a" name="1"/><node id="b" name="2"/><edge id="e{evil}" source="a" target="b" weight="9{evil}"/></graph>"#
        ),
    );
    let output = escaped_run(
        &work,
        &["import", "--graphml", "in/bad-edge.graphml", "-o", "out"],
    );
    assert_eq!(
        stderr(&output),
        format!(
            "error: in/bad-edge.graphml: edge `e{escaped}` has weight `9{escaped}`; a corridor's label is one or two of the digits 1-4, like `3` or `12`\n"
        )
    );
    assert_eq!(output.status.code(), Some(1));

    work.write(
        "in/bad-kind.graphml",
        &format!(
            r#"<graph><node id="a" name="1" kind="{evil}"/><node id="b" name="2"/><edge id="e" source="a" target="b" weight="1"/></graph>"#
        ),
    );
    let output = escaped_run(
        &work,
        &["import", "--graphml", "in/bad-kind.graphml", "-o", "out"],
    );
    assert_eq!(
        stderr(&output),
        format!("error: in/bad-kind.graphml: `{escaped}` is not a room kind\n")
    );

    let page = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps/derelict-meridian-tithe/book1/page1.toml");
    let output = work.run(&["export", "--tiled", "in/page.tmj", page.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let map: serde_json::Value = serde_json::from_str(&work.read("in/page.tmj")).unwrap();
    let with = |location: &str, class: &str| {
        let mut map = map.clone();
        for property in map["properties"].as_array_mut().unwrap() {
            if property["name"] == "location" {
                property["value"] = format!("TD{location}").into();
            }
        }
        let objects = map["layers"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|l| l["type"] == "objectgroup")
            .unwrap();
        objects["objects"][0]["type"] = format!("terrain{class}").into();
        map.to_string()
    };
    work.write("in/bad-location.tmj", &with(evil, ""));
    let output = escaped_run(&work, &["import", "--tiled", "in/bad-location.tmj"]);
    assert_eq!(
        stderr(&output),
        format!(
            "error: in/bad-location.tmj: the map makes a page with problems:\n`TD{escaped}` is not a Location designation\n"
        )
    );
    work.write("in/bad-class.tmj", &with("", evil));
    let output = escaped_run(&work, &["import", "--tiled", "in/bad-class.tmj"]);
    assert!(
        stderr(&output).starts_with(&format!(
            "error: in/bad-class.tmj: object 7 has the class `terrain{escaped}`, which deckplan does not read;"
        )),
        "{}",
        stderr(&output)
    );
    work.write(
        "in/bad.world",
        &serde_json::json!({
            "type": "world",
            "maps": [{"fileName": format!("a{evil}.tmj"), "x": 0, "y": 0}],
        })
        .to_string(),
    );
    let output = escaped_run(&work, &["import", "--tiled", "in/bad.world", "-o", "out"]);
    assert_eq!(
        stderr(&output),
        format!(
            "error: in/bad.world: lists a{escaped}.tmj, which cannot be read: No such file or directory (os error 2)\n"
        )
    );
    let mut after = work.files();
    after.retain(|path, _| !path.starts_with("in"));
    assert_eq!(after, before, "nothing but the inputs was written");
}

/// A galaxy is named by free text, and `render -o DIR` names each board's
/// picture after it: the name is one harmless file name inside DIR, never a
/// path out of it.
#[test]
fn a_board_name_cannot_lead_a_picture_out_of_its_folder() {
    let work = Work::new("picture-name");
    work.copy_pack(games::game("ti4").pack("ti4-six-players"), "ti4");
    work.set("ti4/pack.toml", "name", r#""../../escaped\u001b[2J""#);
    std::fs::create_dir_all(work.path("out/pictures")).unwrap();
    let before = work.files();
    let output = work.run(&["render", "ti4", "-o", "out/pictures/all", "--format", "svg"]);
    assert_eq!(
        stdout(&output),
        "wrote out/pictures/all/_.._escaped__2J.svg\n"
    );
    assert_eq!(output.status.code(), Some(0));
    let mut after = work.files();
    let written: Vec<PathBuf> = after
        .keys()
        .filter(|p| !before.contains_key(*p))
        .cloned()
        .collect();
    assert_eq!(
        written,
        [PathBuf::from("out/pictures/all/_.._escaped__2J.svg")]
    );
    after.retain(|path, _| before.contains_key(path));
    assert_eq!(after, before);
}

/// Item: a 16 MB galaxy whose one tile is a 16 MB string took 41 s to lint,
/// its "did you mean" comparing the string with every catalogue name. The
/// token is too long to be a typo, so nothing is compared (the work of a
/// suggestion is bounded whatever the input: `schema/src/suggest.rs`).
#[test]
fn a_huge_token_is_refused_without_a_suggestion() {
    let work = Work::new("huge-token");
    let head = "format = 1\nruleset = \"ti4\"\nname = \"Big\"\nrings = 3\n\n[tiles]\n0 = \"";
    let tail = "\"\n";
    let limit = 16 * 1024 * 1024;
    let token = "1".repeat(limit - head.len() - tail.len());
    work.write("big/pack.toml", &format!("{head}{token}{tail}"));
    let output = work.run(&["lint", "big"]);
    let excerpt = "1".repeat(115);
    assert_eq!(
        stdout(&output),
        format!(
            "big/pack.toml:7:5: error[F003]: not a tile: expected a tile number, `0`, `-1` or a hyperlane such as `83A2`\n  |\n7 | 0 = \"{excerpt}…\n  |     {}\n  = at: position 0\n\nChecked 1 galaxy in 1 pack: 1 error, 0 warnings.\n",
            "^".repeat(116)
        )
    );
    assert_eq!(output.status.code(), Some(1));
}

/// What `fmt --check` says of a board file of each game's first bundled
/// pack that is missing: the message and the help. `None`: the game's pack
/// is its `pack.toml` alone (TI4's galaxy), which the test below covers.
const MISSING_BOARD_FILE: &[(&str, Option<(&str, &str)>)] = &[
    (
        "enormity",
        Some((
            "cannot read `pack/book1/page1.toml`: No such file or directory (os error 2)",
            "check that the file exists and can be read",
        )),
    ),
    (
        "nemesis",
        Some((
            "cannot read ship file `ship.toml`: No such file or directory (os error 2)",
            "check the path; it is relative to the folder of pack.toml",
        )),
    ),
    ("ti4", None),
    (
        "battlestations",
        Some((
            "cannot read ship file `ship.toml`: No such file or directory (os error 2)",
            "check the path; it is relative to the folder of pack.toml",
        )),
    ),
];

/// The first file of a pack folder other than its `pack.toml`: the first
/// board file the pack names.
fn first_board_file(pack: &Path) -> Option<String> {
    files_below(pack)
        .into_iter()
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .find(|p| p != "pack.toml")
}

/// `N file(s) already formatted.`
fn already_formatted(files: usize) -> String {
    let noun = if files == 1 { "file" } else { "files" };
    format!("{files} {noun} already formatted.\n")
}

/// Item: `fmt --check` passed over a ship file it could not read — linked
/// outside the pack, a FIFO, missing — with "1 file already formatted." and
/// exit 0. It fails the gate now, with the reason, for a board file of every
/// game, pointing at where `pack.toml` names it.
#[cfg(unix)]
#[test]
fn fmt_check_fails_on_a_board_file_it_cannot_read() {
    let work = Work::new("unreadable");
    for (ruleset, missing) in games::each(MISSING_BOARD_FILE) {
        let game = games::game(ruleset.name());
        let bundled = &game.packs[0];
        let Some((message, help)) = missing else {
            assert_eq!(first_board_file(bundled), None, "{}", game.name());
            continue;
        };
        let file = first_board_file(bundled).unwrap();
        let pack_toml = std::fs::read_to_string(bundled.join("pack.toml")).unwrap();
        let named = format!("\"{file}\"");
        let (row, line) = pack_toml
            .lines()
            .enumerate()
            .find(|(_, line)| line.contains(&named))
            .unwrap();
        let column = line.find(&named).unwrap();
        let located = |code: &str, message: &str, help: &str| {
            let number = row + 1;
            let gutter = " ".repeat(number.to_string().len());
            format!(
                "pack/pack.toml:{number}:{}: error[{code}]: {message}\n{gutter} |\n{number} | {line}\n{gutter} | {}{}\n{gutter} = help: {help}\n\n1 file could not be formatted.\n",
                column + 1,
                " ".repeat(column),
                "^".repeat(named.len()),
            )
        };
        let cases = [
            (
                "outside",
                located(
                    "F010",
                    &format!("`pack/{file}` is a symbolic link that leads outside the pack folder"),
                    "files of a pack live inside its folder; a link may only point to another file of the pack",
                ),
            ),
            (
                "fifo",
                located(
                    "F012",
                    &format!("`pack/{file}` is a FIFO, not a regular file"),
                    "name a map file (a regular file)",
                ),
            ),
            ("missing", located("F012", message, help)),
        ];
        let depth = file.matches('/').count() + 1;
        let secret = format!("{}outside/secret.txt", "../".repeat(depth));
        for (how, expected) in cases {
            let _ = std::fs::remove_dir_all(work.path("pack"));
            work.copy_pack(bundled, "pack");
            let path = format!("pack/{file}");
            match how {
                "outside" => work.link(&path, &secret),
                "fifo" => work.fifo(&path),
                _ => std::fs::remove_file(work.path(&path)).unwrap(),
            }
            let before = work.files();
            let output = work.run(&["fmt", "--check", "pack"]);
            assert_eq!(stderr(&output), expected, "{} {how}", game.name());
            let others = files_below(bundled).len() - 1;
            assert_eq!(stdout(&output), already_formatted(others));
            assert_eq!(output.status.code(), Some(1), "{} {how}", game.name());
            assert_eq!(work.files(), before);
            assert!(!stderr(&output).contains("hunter2"));
        }
    }
}

/// The same for a `pack.toml` that cannot be read, the file that says which
/// game a pack is: `fmt --check` and `lint` refuse it by name, for every
/// game's pack.
#[cfg(unix)]
#[test]
fn fmt_check_and_lint_refuse_a_pack_toml_they_cannot_read() {
    let work = Work::new("unreadable-pack");
    for game in games::bundled() {
        for (how, expected) in [
            (
                "outside",
                "error: `pack/pack.toml` is a symbolic link that leads outside the pack folder\n",
            ),
            (
                "fifo",
                "error: `pack/pack.toml` is a FIFO, not a regular file\n",
            ),
        ] {
            let _ = std::fs::remove_dir_all(work.path("pack"));
            work.copy_pack(&game.packs[0], "pack");
            match how {
                "outside" => work.link("pack/pack.toml", "../outside/secret.txt"),
                _ => work.fifo("pack/pack.toml"),
            }
            for command in [&["fmt", "--check", "pack"][..], &["lint", "pack"]] {
                let output = work.run(command);
                assert_eq!(
                    stderr(&output),
                    expected,
                    "{}: {command:?} {how}",
                    game.name()
                );
                assert_eq!(output.status.code(), Some(2));
            }
        }
    }
}

/// Item: `fmt` replaced an in-pack link at `pack.toml` or a ship file with a
/// formatted copy and left the link's target unformatted. For every game,
/// the link stays a link and its target is formatted, as `docs/format.md`
/// says: its `pack.toml` and its first board file (if it has one besides).
#[cfg(unix)]
#[test]
fn fmt_keeps_an_in_pack_link_a_link_and_formats_its_target() {
    let work = Work::new("links");
    for game in games::bundled() {
        let bundled = &game.packs[0];
        let linked: Vec<String> = std::iter::once("pack.toml".to_string())
            .chain(first_board_file(bundled))
            .collect();
        let _ = std::fs::remove_dir_all(work.path("pack"));
        work.copy_pack(bundled, "pack");
        let mut canonical = Vec::new();
        for file in &linked {
            let text = work.read(&format!("pack/{file}"));
            canonical.push(text.clone());
            // Unformatted: `fmt` puts the spaces back.
            let stored = format!("files/{}", file.replace('/', "-"));
            let unformatted = text.replacen(" = ", "   =   ", 1);
            assert_ne!(unformatted, text);
            work.write(&format!("pack/{stored}"), &unformatted);
            std::fs::remove_file(work.path(&format!("pack/{file}"))).unwrap();
            let depth = file.matches('/').count();
            work.link(
                &format!("pack/{file}"),
                &format!("{}{stored}", "../".repeat(depth)),
            );
        }
        let name = game.name();
        let output = work.run(&["fmt", "pack"]);
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        for (file, text) in linked.iter().zip(&canonical) {
            let path = work.path(&format!("pack/{file}"));
            let meta = std::fs::symlink_metadata(&path).unwrap();
            assert!(meta.is_symlink(), "{name}: {file} is no longer a link");
            assert_eq!(
                &std::fs::read_to_string(&path).unwrap(),
                text,
                "{name}: {file}"
            );
        }
        let output = work.run(&["fmt", "--check", "pack"]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stdout(&output));
    }
}

/// Item: `render --dpi 1e308` wrote a blank 1 × 1 PNG and exited 0, for every
/// game (the size overflowed to infinity); it is refused like `--dpi 1e200`,
/// and no picture is written.
#[test]
fn an_infinite_picture_is_refused_like_a_huge_one() {
    let work = Work::new("dpi");
    for game in games::bundled() {
        let _ = std::fs::remove_dir_all(work.path("pack"));
        work.copy_pack(&game.packs[0], "pack");
        let before = work.files();
        for dpi in ["1e200", "1e308"] {
            let output = work.run(&["render", "pack", "-o", "p.png", "--dpi", dpi]);
            assert_eq!(
                stderr(&output),
                "error: the picture would be 18446744073709551615 × 18446744073709551615 pixels, more than the limit of 150 million; lower --dpi or --space-size\n",
                "{} {dpi}",
                game.name()
            );
            assert_eq!(stdout(&output), "");
            assert_eq!(output.status.code(), Some(2));
            assert_eq!(work.files(), before, "{} {dpi}", game.name());
            // A pack drawn as a folder of pages has its folder made first.
            let _ = std::fs::remove_dir(work.path("p.png"));
        }
    }
}

/// A pack of two files: a `pack.toml` naming `ship.toml`, and the ship.
fn ship_pack(work: &Work, game: &str, ship: &str) {
    work.write(
        &format!("{game}/pack.toml"),
        &format!("format = 1\nname = \"Big\"\nruleset = \"{game}\"\nship = \"ship.toml\"\n"),
    );
    work.write(&format!("{game}/ship.toml"), ship);
}

/// A Nemesis ship of 980 rooms, each named with 4096 characters.
fn nemesis_ship_of_long_names(work: &Work) {
    let mut ship = String::from("format = 1\nruleset = \"nemesis\"\nname = \"Big\"\n");
    let name = "W".repeat(4096);
    for i in 0..980 {
        ship.push_str(&format!(
            "\n[[rooms]]\nid = \"r{i}\"\nkind = \"1\"\nname = \"{name}\"\nat = [{}, {}]\n",
            i % 99,
            i / 99
        ));
    }
    ship_pack(work, "nemesis", &ship);
}

/// A Battlestations ship of 400 modules (the limit) of 9 × 9 squares, each
/// named with 4096 characters.
fn battlestations_ship_of_long_names(work: &Work) {
    let mut ship = String::from(
        "format = 1\nruleset = \"battlestations\"\nname = \"Big\"\nmodule_size = 9\nforward = \"north\"\n",
    );
    let name = "W".repeat(4096);
    for i in 0..400 {
        ship.push_str(&format!(
            "\n[[modules]]\nid = \"m{i}\"\nrole = \"science\"\nname = \"{name}\"\nat = [{}, {}]\n",
            i % 20,
            i / 20
        ));
    }
    ship_pack(work, "battlestations", &ship);
}

/// The largest legal Enormity page: 1000 × 1000 spaces, generated.
fn enormity_page_of_a_million_spaces(work: &Work) {
    let generated = work.run(&[
        "generate-pack",
        "enormity",
        "--pages",
        "1",
        "--columns",
        "1000",
        "--rows",
        "1000",
        "--seed",
        "1",
    ]);
    assert!(generated.status.success(), "{}", stderr(&generated));
}

/// The largest legal galaxy: 8 rings, every position filled, a
/// 4,096-character name.
fn largest_galaxy(work: &Work) {
    let mut galaxy = format!(
        "format = 1\nruleset = \"ti4\"\nname = \"{}\"\nrings = 8\n\n[tiles]\n",
        "W".repeat(4096)
    );
    for position in 0..217 {
        galaxy.push_str(&format!("{position} = {}\n", 19 + position % 40));
    }
    work.write("ti4/pack.toml", &galaxy);
}

/// What a game's largest SVG is drawn of, and what comes of it.
struct LargestSvg {
    /// Writes the input below a folder named after the game.
    write: fn(&Work),
    /// What is drawn: `render <target> -o picture.svg`, and more arguments.
    target: &'static str,
    args: &'static [&'static str],
    /// `Some(n)`: refused, as `n` shapes and letters are too many; `None`:
    /// written, in less than 4 MB.
    refused: Option<usize>,
}

/// Each registered game's largest SVG, by ruleset name.
const LARGEST_SVG: &[(&str, LargestSvg)] = &[
    (
        "enormity",
        LargestSvg {
            write: enormity_page_of_a_million_spaces,
            target: "enormity/book1/page1.toml",
            args: &[],
            refused: Some(1_957_239),
        },
    ),
    (
        "nemesis",
        LargestSvg {
            write: nemesis_ship_of_long_names,
            target: "nemesis",
            args: &[],
            refused: Some(4_022_905),
        },
    ),
    (
        "ti4",
        LargestSvg {
            write: largest_galaxy,
            target: "ti4",
            args: &["--coords"],
            refused: None,
        },
    ),
    (
        "battlestations",
        LargestSvg {
            write: battlestations_ship_of_long_names,
            target: "battlestations",
            args: &[],
            refused: Some(1_737_142),
        },
    ),
];

/// Item: SVG had no bound — 980 rooms with 4,096-character names rendered to
/// 969 MB, 400 Battlestations modules with long names to 425 MB, the largest
/// legal Enormity page to 760 MB. A picture of more than 1,000,000 shapes and
/// letters is refused before anything is drawn; the largest legal galaxy
/// (8 rings, every position filled, a 4,096-character name) stays far below.
#[test]
fn an_svg_past_the_limit_is_refused_for_every_game() {
    let work = Work::new("svg");
    for (ruleset, largest) in games::each(LARGEST_SVG) {
        let game = ruleset.name();
        (largest.write)(&work);
        let before = work.files();
        let args = [
            &["render", largest.target, "-o", "picture.svg"][..],
            largest.args,
        ]
        .concat();
        let output = work.run(&args);
        if let Some(elements) = largest.refused {
            assert_eq!(
                stderr(&output),
                format!(
                    "error: the SVG would draw {elements} shapes and letters, more than the limit of 1000000; draw it as a PNG instead\n"
                ),
                "{game}"
            );
            assert_eq!(output.status.code(), Some(2), "{game}");
            assert_eq!(work.files(), before, "{game}: no picture was written");
        } else {
            assert_eq!(stdout(&output), "wrote picture.svg\n", "{game}");
            let bytes = std::fs::metadata(work.path("picture.svg")).unwrap().len();
            assert!(bytes < 4_000_000, "{game}: {bytes} bytes");
            std::fs::remove_file(work.path("picture.svg")).unwrap();
        }
    }
}

/// An Enormity pack of `pages` pages of 3 × 2 spaces, none joined to the
/// start page: every page has a problem to draw.
fn pack_of_small_pages(work: &Work, dir: &str, pages: usize) {
    let list: String = (1..=pages)
        .map(|n| format!("    \"book1/page{n}.toml\",\n"))
        .collect();
    work.write(
        &format!("{dir}/pack.toml"),
        &format!(
            "format = 1\nname = \"Many\"\nruleset = \"enormity\"\nstart = \"L1p1\"\npages = [\n{list}]\n\n[[books]]\nnumber = 1\n\n[[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n"
        ),
    );
    for n in 1..=pages {
        work.write(
            &format!("{dir}/book1/page{n}.toml"),
            &format!(
                "format = 1\nbook = 1\npage = {n}\nlocation = \"SR\"\ntitle = \"Test\"\n\n# 123\ngrid = \"\"\"\nB ...\nA ...\n\"\"\"\n\n[spaces]\nspacer_starts = [\n    \"A1\",\n]\n"
            ),
        );
    }
}

/// Item: `lint --annotate` had a limit per picture but none per run (123
/// pages at the pack space limit wrote 954 MB of PNGs in 113 s). A run writes
/// at most 50 pictures, 400 million pixels and 64 MiB, and names what it left
/// out; the findings are all printed.
#[test]
fn annotate_stops_at_the_run_budget_and_names_what_it_left_out() {
    let work = Work::new("annotate-budget");
    pack_of_small_pages(&work, "pack", 53);
    let before = work.files();
    let output = work.run(&["lint", "pack", "--annotate", "pictures"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).ends_with("Checked 53 pages in 1 pack: 104 errors, 2 warnings.\n"),
        "{}",
        stdout(&output)
    );
    assert_eq!(
        stderr(&output),
        "note: one run writes at most 50 annotated pictures, 400 million pixels and 64 MiB; left out: L1p51.png, L1p52.png, L1p53.png\nwrote 50 annotated page pictures to pictures\n"
    );
    let mut after = work.files();
    let pictures: Vec<PathBuf> = after
        .keys()
        .filter(|p| p.starts_with("pictures"))
        .cloned()
        .collect();
    assert_eq!(pictures.len(), 50);
    assert!(pictures.contains(&PathBuf::from("pictures/L1p50.png")));
    after.retain(|path, _| !path.starts_with("pictures"));
    assert_eq!(after, before, "nothing but the pictures was written");
}

/// Item: a 1,000-room Nemesis ship gave one N002 finding per room; the cap
/// of 200 findings per check did not apply to the Nemesis checks. Every
/// game's checks run through `check::find_all` now, which keeps 200 of each.
#[test]
fn the_findings_of_one_nemesis_check_are_capped() {
    let work = Work::new("findings");
    let mut ship = String::from("format = 1\nruleset = \"nemesis\"\nname = \"Big\"\n");
    for i in 0..1000 {
        ship.push_str(&format!(
            "\n[[rooms]]\nid = \"r{i}\"\nkind = \"1\"\nat = [{}, {}]\n",
            i % 99,
            i / 99
        ));
    }
    work.write("big/ship.toml", &ship);
    work.write(
        "big/pack.toml",
        "format = 1\nname = \"Big\"\nruleset = \"nemesis\"\nship = \"ship.toml\"\n",
    );
    let output = work.run(&["lint", "big", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut counts = BTreeMap::new();
    for diagnostic in report["diagnostics"].as_array().unwrap() {
        *counts
            .entry(diagnostic["code"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    assert_eq!(counts["N002"], 200);
    assert!(counts.values().all(|&n| n <= 200));
    let closing: Vec<&str> = report["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["message"].as_str())
        .filter(|m| m.starts_with("and "))
        .collect();
    assert_eq!(
        closing,
        ["and 801 more `numbers-not-partition` findings (at most 200 are listed per check)"]
    );
}
