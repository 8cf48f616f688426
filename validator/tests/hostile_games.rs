//! Hostile packs of every game against the `deckplan` binary: one test per
//! attack in `docs/robustness.md` ("Every game"). Each test copies the
//! bundled packs into a work folder beside an `outside/` folder, runs the
//! attack, and asserts the exact refusal or bound and that nothing outside
//! the pack (or the output asked for) changed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use deckplan_tests::files::copy_dir;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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

    /// Copies the bundled pack `maps/<pack>` to `<name>`.
    fn copy_pack(&self, pack: &str, name: &str) {
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(pack);
        copy_dir(&from, &self.path(name));
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

    /// Replaces the first line starting with `key = ` in a file.
    fn set(&self, relative: &str, key: &str, value: &str) {
        let text = self.read(relative);
        let prefix = format!("{key} = ");
        let mut done = false;
        let lines: Vec<String> = text
            .lines()
            .map(|line| {
                if !done && line.starts_with(&prefix) {
                    done = true;
                    format!("{prefix}{value}")
                } else {
                    line.to_string()
                }
            })
            .collect();
        assert!(done, "no `{key}` in {relative}");
        self.write(relative, &(lines.join("\n") + "\n"));
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

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The control characters in a command's output, other than line breaks.
fn raw_controls(output: &Output) -> Vec<char> {
    let mut text = stdout(output);
    text.push_str(&stderr(output));
    text.chars()
        .filter(|c| c.is_control() && *c != '\n')
        .collect()
}

/// A pack of every game, each with hostile text in the free text fields an
/// attacker would use: names, the Nemesis board and room names, the
/// Battlestations module names, an Enormity page's title and its Location's
/// name.
fn hostile_packs(work: &Work) {
    work.copy_pack("derelict-meridian-tithe", "enormity");
    let evil_text = |name: &str| format!("\"{name}{EVIL}\"");
    work.set("enormity/pack.toml", "name", &evil_text("Derelict"));
    work.set("enormity/book1/page1.toml", "title", &evil_text("Clamp"));
    let pack = work.read("enormity/pack.toml");
    work.write(
        "enormity/pack.toml",
        &pack.replace(
            "name = \"Counting House\"",
            &format!("name = {}", evil_text("Counting")),
        ),
    );
    work.copy_pack("kestrel-relay", "nemesis");
    work.copy_pack("ti4-six-players", "ti4");
    work.copy_pack("battlestations-wayfarer", "battlestations");
    let evil = |name: &str| format!("\"{name}{EVIL}\"");
    work.set("nemesis/pack.toml", "name", &evil("Kestrel"));
    work.set("nemesis/ship.toml", "name", &evil("Kestrel"));
    work.set("nemesis/ship.toml", "board", &evil("Board"));
    let ship = work.read("nemesis/ship.toml");
    work.write(
        "nemesis/ship.toml",
        &ship.replace("name = \"Cockpit\"", &format!("name = {}", evil("Cockpit"))),
    );
    work.set("ti4/pack.toml", "name", &evil("Six"));
    work.set("battlestations/pack.toml", "name", &evil("Wayfarer"));
    work.set("battlestations/ship.toml", "name", &evil("Wayfarer"));
    let ship = work.read("battlestations/ship.toml");
    work.write(
        "battlestations/ship.toml",
        &ship.replace(
            "name = \"Port Engine\"",
            &format!("name = {}", evil("Port")),
        ),
    );
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
    for pack in ["enormity", "nemesis", "ti4", "battlestations"] {
        for format in ["human", "json", "sarif", "github"] {
            commands.push(vec!["lint", pack, "--format", format]);
        }
        commands.push(vec!["show", pack]);
        commands.push(vec!["fmt", "--check", pack]);
        commands.push(vec!["render", pack, "-o", "pictures", "--format", "svg"]);
    }
    for format in ["human", "json"] {
        commands.push(vec![
            "move", "nemesis", "--from", "cockpit", "--format", format,
        ]);
        commands.push(vec![
            "noise", "nemesis", "--room", "cockpit", "--format", format,
        ]);
        commands.push(vec![
            "intruder",
            "nemesis",
            "--room",
            "cockpit",
            "--corridor",
            "1",
            "--format",
            format,
        ]);
        commands.push(vec![
            "reach", "ti4", "--from", "0", "--move", "2", "--format", format,
        ]);
        commands.push(vec![
            "reach",
            "battlestations",
            "--from",
            "lower B3",
            "--move",
            "2",
            "--format",
            format,
        ]);
    }
    commands.push(vec!["export", "--map-string", "ti4"]);
    commands.push(vec!["export", "--tiled", "tiled", "enormity"]);
    let before = work.files();
    for format in ["human", "json"] {
        commands.push(vec![
            "reach", "enormity", "--from", "L1p1:F2", "--move", "3", "--format", format,
        ]);
        commands.push(vec![
            "los", "enormity", "--from", "L1p1:F2", "--to", "L1p1:E2", "--format", format,
        ]);
    }
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

    let show = |pack: &str| stdout(&work.run(&["show", pack]));
    assert!(
        show("nemesis").starts_with(&format!("Kestrel{EVIL_SHOWN} · Board{EVIL_SHOWN}\n\n")),
        "{}",
        show("nemesis")
    );
    assert!(
        show("ti4").contains(&format!("\nSix{EVIL_SHOWN} · 3 rings\n")),
        "{}",
        show("ti4")
    );
    let battlestations = show("battlestations");
    assert!(
        battlestations.starts_with(&format!("Wayfarer{EVIL_SHOWN} (forward: east)\n")),
        "{battlestations}"
    );
    assert!(
        battlestations.contains(&format!("  engine-port      Port{EVIL_SHOWN} ")),
        "{battlestations}"
    );
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
    work.copy_pack("ti4-six-players", "ti4");
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

/// Item: `fmt --check` passed over a ship file it could not read — linked
/// outside the pack, a FIFO, missing — with "1 file already formatted." and
/// exit 0. It fails the gate now, with the reason, for both ship games, and
/// for a galaxy whose `pack.toml` is such a file.
#[cfg(unix)]
#[test]
fn fmt_check_fails_on_a_ship_or_galaxy_it_cannot_read() {
    let work = Work::new("unreadable");
    let located = |code: &str, message: &str, help: &str| {
        format!(
            "pack/pack.toml:4:8: error[{code}]: {message}\n  |\n4 | ship = \"ship.toml\"\n  |        ^^^^^^^^^^^\n  = help: {help}\n\n1 file could not be formatted.\n"
        )
    };
    for game in ["kestrel-relay", "battlestations-wayfarer"] {
        let cases = [
            (
                "outside",
                located(
                    "F010",
                    "`pack/ship.toml` is a symbolic link that leads outside the pack folder",
                    "files of a pack live inside its folder; a link may only point to another file of the pack",
                ),
            ),
            (
                "fifo",
                located(
                    "F012",
                    "`pack/ship.toml` is a FIFO, not a regular file",
                    "name a map file (a regular file)",
                ),
            ),
            (
                "missing",
                located(
                    "F012",
                    "cannot read ship file `ship.toml`: No such file or directory (os error 2)",
                    "check the path; it is relative to the folder of pack.toml",
                ),
            ),
        ];
        for (how, expected) in cases {
            let _ = std::fs::remove_dir_all(work.path("pack"));
            work.copy_pack(game, "pack");
            match how {
                "outside" => work.link("pack/ship.toml", "../outside/secret.txt"),
                "fifo" => work.fifo("pack/ship.toml"),
                _ => std::fs::remove_file(work.path("pack/ship.toml")).unwrap(),
            }
            let before = work.files();
            let output = work.run(&["fmt", "--check", "pack"]);
            assert_eq!(stderr(&output), expected, "{game} {how}");
            assert_eq!(stdout(&output), "1 file already formatted.\n");
            assert_eq!(output.status.code(), Some(1), "{game} {how}");
            assert_eq!(work.files(), before);
            assert!(!stderr(&output).contains("hunter2"));
        }
    }
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
        work.copy_pack("ti4-six-players", "pack");
        match how {
            "outside" => work.link("pack/pack.toml", "../outside/secret.txt"),
            _ => work.fifo("pack/pack.toml"),
        }
        for command in [&["fmt", "--check", "pack"][..], &["lint", "pack"]] {
            let output = work.run(command);
            assert_eq!(stderr(&output), expected, "{command:?} {how}");
            assert_eq!(output.status.code(), Some(2));
        }
    }
}

/// Item: `fmt` replaced an in-pack link at `pack.toml` or a ship file with a
/// formatted copy and left the link's target unformatted. For every game,
/// the link stays a link and its target is formatted, as `docs/format.md`
/// says.
#[cfg(unix)]
#[test]
fn fmt_keeps_an_in_pack_link_a_link_and_formats_its_target() {
    let work = Work::new("links");
    let games: [(&str, &[&str]); 4] = [
        ("kestrel-relay", &["pack.toml", "ship.toml"]),
        ("battlestations-wayfarer", &["pack.toml", "ship.toml"]),
        ("ti4-six-players", &["pack.toml"]),
        (
            "derelict-meridian-tithe",
            &["pack.toml", "book1/page1.toml"],
        ),
    ];
    for (game, linked) in games {
        let _ = std::fs::remove_dir_all(work.path("pack"));
        work.copy_pack(game, "pack");
        let mut canonical = Vec::new();
        for file in linked {
            let text = work.read(&format!("pack/{file}"));
            canonical.push(text.clone());
            // Unformatted: `fmt` puts the spaces back.
            let stored = format!("files/{}", file.replace('/', "-"));
            let unformatted = text.replace("name = ", "name   =   ");
            assert_ne!(unformatted, text);
            work.write(&format!("pack/{stored}"), &unformatted);
            std::fs::remove_file(work.path(&format!("pack/{file}"))).unwrap();
            let depth = file.matches('/').count();
            work.link(
                &format!("pack/{file}"),
                &format!("{}{stored}", "../".repeat(depth)),
            );
        }
        let output = work.run(&["fmt", "pack"]);
        assert!(output.status.success(), "{game}: {}", stderr(&output));
        for (file, text) in linked.iter().zip(&canonical) {
            let path = work.path(&format!("pack/{file}"));
            let meta = std::fs::symlink_metadata(&path).unwrap();
            assert!(meta.is_symlink(), "{game}: {file} is no longer a link");
            assert_eq!(
                &std::fs::read_to_string(&path).unwrap(),
                text,
                "{game}: {file}"
            );
        }
        let output = work.run(&["fmt", "--check", "pack"]);
        assert_eq!(output.status.code(), Some(0), "{game}: {}", stdout(&output));
    }
}

/// Item: `render --dpi 1e308` wrote a blank 1 × 1 PNG and exited 0, for every
/// game (the size overflowed to infinity); it is refused like `--dpi 1e200`.
#[test]
fn an_infinite_picture_is_refused_like_a_huge_one() {
    let work = Work::new("dpi");
    for (game, target) in [
        ("kestrel-relay", "pack"),
        ("battlestations-wayfarer", "pack"),
        ("ti4-six-players", "pack"),
        ("derelict-meridian-tithe", "pack/book1/page1.toml"),
    ] {
        let _ = std::fs::remove_dir_all(work.path("pack"));
        work.copy_pack(game, "pack");
        for dpi in ["1e200", "1e308"] {
            let output = work.run(&["render", target, "-o", "p.png", "--dpi", dpi]);
            assert_eq!(
                stderr(&output),
                "error: the picture would be 18446744073709551615 × 18446744073709551615 pixels, more than the limit of 150 million; lower --dpi or --space-size\n",
                "{game} {dpi}"
            );
            assert_eq!(stdout(&output), "");
            assert_eq!(output.status.code(), Some(2));
            assert!(!work.path("p.png").exists());
            assert!(
                work.files()
                    .keys()
                    .all(|p| p.starts_with("pack") || p.starts_with("outside"))
            );
        }
    }
}

/// A Nemesis ship of 980 rooms, each named with 4096 characters.
fn nemesis_ship_of_long_names() -> String {
    let mut ship = String::from("format = 1\nruleset = \"nemesis\"\nname = \"Big\"\n");
    let name = "W".repeat(4096);
    for i in 0..980 {
        ship.push_str(&format!(
            "\n[[rooms]]\nid = \"r{i}\"\nkind = \"1\"\nname = \"{name}\"\nat = [{}, {}]\n",
            i % 99,
            i / 99
        ));
    }
    ship
}

/// A Battlestations ship of 400 modules (the limit) of 9 × 9 squares, each
/// named with 4096 characters.
fn battlestations_ship_of_long_names() -> String {
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
    ship
}

/// Item: SVG had no bound — 980 rooms with 4,096-character names rendered to
/// 969 MB, 400 Battlestations modules with long names to 425 MB, the largest
/// legal Enormity page to 760 MB. A picture of more than 1,000,000 shapes and
/// letters is refused before anything is drawn; the largest legal galaxy
/// (8 rings, every position filled, a 4,096-character name) stays far below.
#[test]
fn an_svg_past_the_limit_is_refused_for_every_game() {
    let work = Work::new("svg");
    let ship_pack = |game: &str| {
        format!("format = 1\nname = \"Big\"\nruleset = \"{game}\"\nship = \"ship.toml\"\n")
    };
    work.write("nemesis/pack.toml", &ship_pack("nemesis"));
    work.write("nemesis/ship.toml", &nemesis_ship_of_long_names());
    work.write("battlestations/pack.toml", &ship_pack("battlestations"));
    work.write(
        "battlestations/ship.toml",
        &battlestations_ship_of_long_names(),
    );
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
    let before = work.files();
    for (target, elements) in [
        ("nemesis", 4_022_905),
        ("battlestations", 1_737_142),
        ("enormity/book1/page1.toml", 1_957_239),
    ] {
        let output = work.run(&["render", target, "-o", "picture.svg"]);
        assert_eq!(
            stderr(&output),
            format!(
                "error: the SVG would draw {elements} shapes and letters, more than the limit of 1000000; draw it as a PNG instead\n"
            ),
            "{target}"
        );
        assert_eq!(output.status.code(), Some(2));
    }
    assert_eq!(work.files(), before, "no picture was written");

    let mut galaxy = format!(
        "format = 1\nruleset = \"ti4\"\nname = \"{}\"\nrings = 8\n\n[tiles]\n",
        "W".repeat(4096)
    );
    for position in 0..217 {
        galaxy.push_str(&format!("{position} = {}\n", 19 + position % 40));
    }
    work.write("ti4/pack.toml", &galaxy);
    let output = work.run(&["render", "ti4", "-o", "galaxy.svg", "--coords"]);
    assert_eq!(stdout(&output), "wrote galaxy.svg\n");
    let bytes = std::fs::metadata(work.path("galaxy.svg")).unwrap().len();
    assert!(bytes < 4_000_000, "{bytes} bytes");
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
