//! End to end: the `deckplan` binary run on packs written at test time, with
//! every output format snapshotted and every exit code checked, so the
//! contract CI scripts rely on cannot drift unnoticed.
//!
//! The binary runs inside the temporary folder and is given relative paths,
//! as in a checkout, so file names in the output are relative and the
//! snapshots hold no machine-specific path.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A clean `pack.toml`, in canonical form.
const PACK: &str = include_str!("data/one-page-pack/pack.toml");

/// A clean page, in canonical form.
const PAGE: &str = include_str!("data/one-page-pack/book1/page1.toml");

/// A temporary folder holding `clean/` (a valid one-page pack) and `broken/`
/// (two pages: a misspelt key with a suggested fix, and a duplicate with a
/// board place and a "first listed here" label). Removed when dropped.
struct Fixture {
    root: PathBuf,
}

impl Fixture {
    fn new(test: &str) -> Self {
        let root = std::env::temp_dir().join(format!("deckplan-cli-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write(&root.join("clean/pack.toml"), PACK);
        write(&root.join("clean/book1/page1.toml"), PAGE);

        let pack = PACK.replace(
            "\"book1/page1.toml\",\n",
            "\"book1/page1.toml\",\n    \"book1/page2.toml\",\n",
        );
        let misspelt = PAGE.replace("\ndoors = [", "\ndors = [");
        let duplicate = PAGE
            .replace("\npage = 1\n", "\npage = 2\n")
            .replace("    \"A1\",\n", "    \"A1\",\n    \"A1\",\n");
        assert_ne!(misspelt, PAGE);
        assert_ne!(duplicate, PAGE);
        write(&root.join("broken/pack.toml"), &pack);
        write(&root.join("broken/book1/page1.toml"), &misspelt);
        write(&root.join("broken/book1/page2.toml"), &duplicate);
        Self { root }
    }

    /// Runs `deckplan` in the fixture folder, with colour allowed so a test
    /// can see that `NO_COLOR` is what turns it off.
    fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, &[])
    }

    fn run_with(&self, args: &[&str], env: &[(&str, &str)]) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_deckplan"));
        command
            .args(args)
            .current_dir(&self.root)
            .env_remove("NO_COLOR");
        for (key, value) in env {
            command.env(key, value);
        }
        Run(command.output().unwrap())
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

struct Run(Output);

impl Run {
    fn code(&self) -> i32 {
        self.0.status.code().unwrap()
    }

    fn stdout(&self) -> String {
        String::from_utf8(self.0.stdout.clone()).unwrap()
    }

    fn stderr(&self) -> String {
        String::from_utf8(self.0.stderr.clone()).unwrap()
    }
}

#[test]
fn clean_pack_passes_in_every_format() {
    let fixture = Fixture::new("clean");
    for format in ["human", "json", "sarif", "github"] {
        let run = fixture.run(&["lint", "--format", format, "clean"]);
        assert_eq!(run.code(), 0, "{format}: {}", run.stderr());
        assert_eq!(run.stderr(), "", "{format}");
    }
    let run = fixture.run(&["lint", "clean"]);
    assert_eq!(run.stdout(), "Checked 1 page in 1 pack: no problems.\n");
    let run = fixture.run(&["lint", "--deny", "warnings", "clean"]);
    assert_eq!(run.code(), 0);
    let run = fixture.run(&["lint", "clean/book1/page1.toml"]);
    assert_eq!(run.code(), 0);
    assert_eq!(
        run.stdout(),
        "Checked 1 page on its own (format and settings only: the rule checks need the pack): no problems.\n"
    );
}

#[test]
fn broken_pack_in_human_format() {
    let fixture = Fixture::new("human");
    let run = fixture.run(&["lint", "broken"]);
    assert_eq!(run.code(), 1);
    assert_eq!(run.stderr(), "");
    insta::assert_snapshot!("broken_human", run.stdout());
}

#[test]
fn broken_pack_in_json_format() {
    let fixture = Fixture::new("json");
    let run = fixture.run(&["lint", "--format", "json", "broken"]);
    assert_eq!(run.code(), 1);
    let value: serde_json::Value = serde_json::from_str(&run.stdout()).unwrap();
    assert_eq!(value["summary"]["errors"], 2);
    assert_eq!(value["diagnostics"][1]["page"], "L1p2");
    insta::assert_snapshot!("broken_json", run.stdout());
}

#[test]
fn broken_pack_in_github_format() {
    let fixture = Fixture::new("github");
    let run = fixture.run(&["lint", "--format", "github", "broken"]);
    assert_eq!(run.code(), 1);
    insta::assert_snapshot!("broken_github", run.stdout());
}

#[test]
fn broken_pack_in_sarif_format_is_valid_sarif() {
    let fixture = Fixture::new("sarif");
    let run = fixture.run(&["lint", "--format", "sarif", "broken"]);
    assert_eq!(run.code(), 1);
    let log: serde_json::Value = serde_json::from_str(&run.stdout()).unwrap();
    common::assert_valid_sarif(&log);

    // The base folder and the version are the only parts that vary by
    // machine or release; check them, then pin them for the snapshot of the
    // exact text.
    let run_log = &log["runs"][0];
    let uri = run_log["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    let root = fixture.root.canonicalize().unwrap();
    let name = root.file_name().unwrap().to_str().unwrap();
    assert!(uri.starts_with("file:///"), "{uri}");
    assert!(uri.ends_with(&format!("/{name}/")), "{uri}");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(run_log["tool"]["driver"]["version"], version);
    assert_ne!(version, "2.1.0", "the SARIF version would be pinned too");
    let text = run
        .stdout()
        .replace(uri, "file:///[root]/")
        .replace(&format!("\"{version}\""), "\"[version]\"");
    insta::assert_snapshot!("broken_sarif", text);
}

#[test]
fn no_color_turns_escape_codes_off() {
    let fixture = Fixture::new("no-color");
    let run = fixture.run_with(&["lint", "broken"], &[("NO_COLOR", "1")]);
    assert_eq!(run.code(), 1);
    assert!(run.stdout().contains("error[F002]"));
    assert!(!run.stdout().contains('\x1b'), "{:?}", run.stdout());
    assert!(!run.stderr().contains('\x1b'));
}

#[test]
fn deny_warnings_still_fails_on_errors() {
    // Only errors exist among today's codes; the warning case is unit-tested
    // in `lint::tests::warnings_fail_only_when_denied`.
    let fixture = Fixture::new("deny");
    let run = fixture.run(&["lint", "--deny", "warnings", "broken"]);
    assert_eq!(run.code(), 1);
}

#[test]
fn usage_and_io_failures_exit_2() {
    let fixture = Fixture::new("usage");
    let run = fixture.run(&["lint", "missing"]);
    assert_eq!(run.code(), 2);
    assert_eq!(run.stdout(), "");
    assert!(
        run.stderr().contains("missing: no such file or folder"),
        "{}",
        run.stderr()
    );

    let run = fixture.run(&["lint", "--format", "xml", "clean"]);
    assert_eq!(run.code(), 2);
    assert!(run.stderr().contains("xml"), "{}", run.stderr());

    let run = fixture.run(&["lint", "--no-such-flag", "clean"]);
    assert_eq!(run.code(), 2);
}

#[test]
fn explain_knows_codes_and_refuses_unknown_ones() {
    let fixture = Fixture::new("explain");
    let run = fixture.run(&["explain", "F002"]);
    assert_eq!(run.code(), 0);
    assert!(
        run.stdout()
            .starts_with("# F002 unknown-key\n\n## What it checks"),
        "{}",
        run.stdout()
    );

    let run = fixture.run(&["explain", "ZZZ999"]);
    assert_eq!(run.code(), 2);
    assert_eq!(run.stdout(), "");
    assert!(run.stderr().contains("unknown code `ZZZ999`"));
}

/// `1000` copies of `item`, as the items of a TOML array.
fn many(item: &str) -> String {
    vec![item; 1000].join(", ")
}

/// A Nemesis corridor of 1,000 bad numbers.
fn nemesis_over_the_cap(dir: &Path) {
    write(
        &dir.join("pack.toml"),
        "format = 1\nname = \"Cap\"\nruleset = \"nemesis\"\nship = \"ship.toml\"\n",
    );
    write(
        &dir.join("ship.toml"),
        &format!(
            "format = 1\nruleset = \"nemesis\"\nname = \"Cap\"\n\n[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[rooms]]\nid = \"b\"\nkind = \"2\"\nat = [1, 0]\n\n[[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [{}]\n",
            many("5")
        ),
    );
}

/// An `off_board` list of 1,000 tiles that are not beside the board.
fn ti4_over_the_cap(dir: &Path) {
    write(
        &dir.join("pack.toml"),
        &format!(
            "format = 1\nruleset = \"ti4\"\nname = \"Cap\"\nrings = 1\noff_board = [{}]\n\n[tiles]\n0 = 18\n",
            many("5")
        ),
    );
}

/// A Battlestations module row of 1,000 unknown symbols.
fn battlestations_over_the_cap(dir: &Path) {
    write(
        &dir.join("pack.toml"),
        "format = 1\nname = \"Cap\"\nruleset = \"battlestations\"\nship = \"ship.toml\"\n",
    );
    write(
        &dir.join("ship.toml"),
        &format!(
            "format = 1\nruleset = \"battlestations\"\nname = \"Cap\"\nmodule_size = 3\nforward = \"north\"\n\n\
             [[modules]]\nid = \"helm\"\nrole = \"helm\"\nat = [0, 0]\nsquares = [\"...\", \"...\", \"{}\"]\n",
            "X".repeat(1000)
        ),
    );
}

/// An Enormity `pack.toml` of 1,000 joins to a page the pack does not have.
fn enormity_over_the_cap(dir: &Path) {
    let joins = "[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\n\n".repeat(1000);
    write(&dir.join("pack.toml"), &format!("{PACK}\n{joins}"));
    write(&dir.join("book1/page1.toml"), PAGE);
}

/// A file of one game with more errors than the cap.
struct OverTheCap {
    /// Writes the pack into the folder given.
    write: fn(&Path),
    /// The error found 1,000 times; 199 of them are listed.
    repeated: &'static str,
    /// Whether they are format errors, which `fmt --check` lists too (a
    /// join to a missing page is found by `lint` only).
    formatting: bool,
}

/// Each registered game's file over the cap, by ruleset name.
const OVER_THE_CAP: &[(&str, OverTheCap)] = &[
    (
        "enormity",
        OverTheCap {
            write: enormity_over_the_cap,
            repeated: "join names page L1p2, which is not in this pack",
            formatting: false,
        },
    ),
    (
        "nemesis",
        OverTheCap {
            write: nemesis_over_the_cap,
            repeated: "corridor number 5 is out of range; corridors are numbered 1 to 4",
            formatting: true,
        },
    ),
    (
        "ti4",
        OverTheCap {
            write: ti4_over_the_cap,
            repeated: "tile 5 is not a system set beside the board",
            formatting: true,
        },
    ),
    (
        "battlestations",
        OverTheCap {
            write: battlestations_over_the_cap,
            repeated: "`X` is not a square symbol",
            formatting: true,
        },
    ),
];

/// Every registered game's file stops at the per-file cap of 200 errors in
/// `lint` (and in `fmt --check`, for format errors), the last of them
/// counting the rest; each game's file is its entry in [`OVER_THE_CAP`].
#[test]
fn every_game_s_file_stops_at_the_error_cap() {
    let root = std::env::temp_dir().join(format!("deckplan-cli-{}-cap", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .args(args)
            .current_dir(&root)
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let more = "and 801 more errors in this file (at most 200 are listed)";
    for (ruleset, over) in deckplan_tests::games::each(OVER_THE_CAP) {
        let pack = ruleset.name();
        (over.write)(&root.join(pack));
        let lint = run(&["lint", "--format", "json", pack]);
        assert_eq!(lint.status.code(), Some(1), "{pack}");
        let value: serde_json::Value = serde_json::from_slice(&lint.stdout).unwrap();
        let messages: Vec<&str> = value["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["message"].as_str().unwrap())
            .collect();
        assert_eq!(messages.len(), 200, "{pack}");
        assert_eq!(
            messages.iter().filter(|m| **m == over.repeated).count(),
            199,
            "{pack}"
        );
        assert!(messages.contains(&more), "{pack}: {messages:?}");

        if over.formatting {
            let check = run(&["fmt", "--check", pack]);
            assert_eq!(check.status.code(), Some(1), "{pack}");
            let stderr = String::from_utf8(check.stderr).unwrap();
            assert_eq!(stderr.matches("error[").count(), 200, "{pack}");
            assert!(stderr.contains(more), "{pack}");
            assert!(
                stderr.ends_with("\n1 file could not be formatted.\n"),
                "{pack}: {stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&root).unwrap();
}
