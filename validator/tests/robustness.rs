//! Hostile packs against the `deckplan` binary: one test per attack in
//! `docs/robustness.md`. Each test builds a pack and an `outside/` folder next
//! to it, runs the attack, and asserts the exact refusal and that nothing in
//! `outside/` changed or was printed.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::{stderr, stdout};

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use deckplan_tests::files::copy_dir;

const PACK: &str = r#"format = 1
name = "Test"
ruleset = "enormity"
start = "L1p1"
pages = [
    "book1/page1.toml",
]

[[books]]
number = 1

[[locations]]
designation = "SR"
name = "Solar Ring"
"#;

/// A page in canonical form.
const PAGE: &str = r#"format = 1
book = 1
page = 1
location = "SR"
title = "Test"

# 123
grid = """
B ...
A ...
"""

[spaces]
spacer_starts = [
    "A1",
]
"#;

/// The same page, not in canonical form (`fmt` rewrites it).
const UNFORMATTED: &str = "format=1\nbook=1\npage=1\nlocation=\"SR\"\ntitle=\"Test\"\ngrid=\"\"\"\nB ...\nA ...\n\"\"\"\n[spaces]\nspacer_starts=[\"A1\"]\n";

/// What an attacker would like to read or overwrite.
const SECRET: &str = "TOKEN=hunter2\n";

/// `work/pack` (a pack) and `work/outside` (files outside it), removed on drop.
struct Work {
    root: PathBuf,
}

impl Work {
    fn new(test: &str) -> Self {
        let root =
            std::env::temp_dir().join(format!("deckplan-hostile-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("pack/book1")).unwrap();
        std::fs::create_dir_all(root.join("outside")).unwrap();
        std::fs::write(root.join("pack/pack.toml"), PACK).unwrap();
        std::fs::write(root.join("pack/book1/page1.toml"), PAGE).unwrap();
        std::fs::write(root.join("outside/secret.txt"), SECRET).unwrap();
        Self { root }
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        std::fs::write(path, text).unwrap();
    }

    #[cfg(unix)]
    fn link(&self, relative: &str, target: &str) {
        let path = self.path(relative);
        let _ = std::fs::remove_file(&path);
        std::os::unix::fs::symlink(target, path).unwrap();
    }

    /// Every file below `outside/` with its bytes.
    fn outside(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        let mut files = BTreeMap::new();
        let mut stack = vec![self.path("outside")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    files.insert(path.clone(), std::fs::read(path).unwrap());
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

/// Asserts the output never shows the secret.
fn assert_not_leaked(output: &Output) {
    for text in [stdout(output), stderr(output)] {
        assert!(!text.contains("hunter2"), "the secret was printed:\n{text}");
    }
}

#[cfg(unix)]
#[test]
fn fmt_does_not_follow_a_link_at_the_old_temporary_name() {
    let work = Work::new("temp-link");
    work.write("pack/book1/page1.toml", UNFORMATTED);
    std::fs::set_permissions(
        work.path("pack/book1/page1.toml"),
        std::os::unix::fs::PermissionsExt::from_mode(0o640),
    )
    .unwrap();
    work.link(
        "pack/book1/.page1.toml.deckplan-tmp",
        "../../outside/secret.txt",
    );
    let before = work.outside();
    let output = work.run(&["fmt", "pack"]);
    assert_eq!(stderr(&output), "");
    assert_eq!(
        stdout(&output),
        "formatted pack/book1/page1.toml\nReformatted 1 file, 1 already formatted.\n"
    );
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(work.outside(), before);
    let page = work.path("pack/book1/page1.toml");
    let metadata = std::fs::symlink_metadata(&page).unwrap();
    assert!(metadata.is_file());
    use std::os::unix::fs::PermissionsExt as _;
    assert_eq!(metadata.permissions().mode() & 0o777, 0o640);
    assert_eq!(std::fs::read_to_string(page).unwrap(), PAGE);
}

#[cfg(unix)]
#[test]
fn a_pack_toml_linked_outside_is_refused_and_not_printed() {
    let work = Work::new("pack-link");
    work.link("pack/pack.toml", "../outside/secret.txt");
    for args in [
        &["lint", "pack"][..],
        &["fmt", "--check", "pack"],
        &["fmt", "pack"],
        &["show", "pack"],
    ] {
        let output = work.run(args);
        assert_eq!(
            stderr(&output),
            "error: `pack/pack.toml` is a symbolic link that leads outside the pack folder\n",
            "{args:?}"
        );
        assert_eq!(stdout(&output), "", "{args:?}");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_not_leaked(&output);
    }
    assert_eq!(
        std::fs::read_to_string(work.path("outside/secret.txt")).unwrap(),
        SECRET
    );
}

/// The error every command gives for a page that leads out through `link`.
fn escaped_page(link: &str, summary: &str) -> String {
    format!(
        "pack/pack.toml:6:5: error[F010]: `{link}` is a symbolic link that leads outside the pack folder
  |
6 |     \"book1/page1.toml\",
  |     ^^^^^^^^^^^^^^^^^^
  = help: files of a pack live inside its folder; a link may only point to another file of the pack

{summary}
"
    )
}

#[cfg(unix)]
#[test]
fn fmt_and_fmt_check_refuse_a_page_linked_outside() {
    let work = Work::new("page-link");
    work.write("outside/page.toml", &format!("# {SECRET}{UNFORMATTED}"));
    work.link("pack/book1/page1.toml", "../../outside/page.toml");
    let before = work.outside();
    for args in [&["fmt", "--check", "pack"][..], &["fmt", "pack"]] {
        let output = work.run(args);
        assert_eq!(
            stderr(&output),
            escaped_page("pack/book1/page1.toml", "1 file could not be formatted."),
            "{args:?}"
        );
        // Only pack.toml was formatted; the page was refused, never read.
        assert_eq!(stdout(&output), "1 file already formatted.\n", "{args:?}");
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert_not_leaked(&output);
    }
    let output = work.run(&["lint", "pack"]);
    assert_eq!(
        stdout(&output),
        escaped_page(
            "pack/book1/page1.toml",
            "Checked 1 page in 1 pack: 1 error, 0 warnings."
        )
    );
    assert_eq!(work.outside(), before);
    assert!(
        std::fs::symlink_metadata(work.path("pack/book1/page1.toml"))
            .unwrap()
            .is_symlink()
    );
}

#[cfg(unix)]
#[test]
fn fmt_refuses_a_folder_linked_outside() {
    let work = Work::new("folder-link");
    work.write("outside/book1/page1.toml", UNFORMATTED);
    std::fs::remove_dir_all(work.path("pack/book1")).unwrap();
    work.link("pack/book1", "../outside/book1");
    let before = work.outside();
    let output = work.run(&["fmt", "pack"]);
    assert_eq!(
        stderr(&output),
        escaped_page("pack/book1", "1 file could not be formatted.")
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(work.outside(), before);
}

#[cfg(unix)]
#[test]
fn fmt_writes_through_a_link_that_stays_inside_and_keeps_it() {
    let work = Work::new("inside-link");
    work.write("pack/pages/real.toml", UNFORMATTED);
    work.link("pack/book1/page1.toml", "../pages/real.toml");
    let output = work.run(&["fmt", "pack"]);
    assert_eq!(
        stdout(&output),
        "formatted pack/book1/page1.toml\nReformatted 1 file, 1 already formatted.\n"
    );
    assert_eq!(output.status.code(), Some(0));
    let link = work.path("pack/book1/page1.toml");
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        std::fs::read_to_string(work.path("pack/pages/real.toml")).unwrap(),
        PAGE
    );
}

#[cfg(unix)]
#[test]
fn annotate_replaces_a_link_in_its_folder_without_following_it() {
    let work = Work::new("annotate-link");
    // An unreachable space: a finding on L1p1 to draw.
    work.write(
        "pack/book1/page1.toml",
        &PAGE.replace("B ...\nA ...", "B .#.\nA #.#"),
    );
    std::fs::create_dir(work.path("pictures")).unwrap();
    work.link("pictures/L1p1.png", "../outside/secret.txt");
    let before = work.outside();
    let output = work.run(&["lint", "pack", "--annotate", "pictures"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "wrote 1 annotated page picture to pictures\n"
    );
    assert_eq!(work.outside(), before);
    let picture = work.path("pictures/L1p1.png");
    assert!(std::fs::symlink_metadata(&picture).unwrap().is_file());
    assert!(std::fs::read(picture).unwrap().starts_with(b"\x89PNG"));
}

/// A page of 40,000 bad coordinates on one 349 KB line.
fn flood_page() -> String {
    let items = vec!["\"Q9\""; 40_000].join(", ");
    PAGE.replace(
        "spacer_starts = [\n    \"A1\",\n]",
        &format!("spacer_starts = [{items}]"),
    )
}

#[test]
fn a_flood_of_errors_on_one_long_line_is_capped_and_shortened() {
    let work = Work::new("flood");
    let page = flood_page();
    assert!(page.len() > 240_000, "{}", page.len());
    work.write("pack/book1/page1.toml", &page);
    for args in [
        &["lint", "pack"][..],
        &["fmt", "--check", "pack"],
        &["show", "pack"],
    ] {
        let output = work.run(args);
        let text = stdout(&output) + &stderr(&output);
        assert!(text.len() < 200_000, "{args:?}: {} bytes", text.len());
        assert!(
            text.contains(
                "error[F009]: and 39801 more errors in this file (at most 200 are listed)\n"
            ),
            "{args:?}: {}",
            text.lines().rev().take(8).collect::<Vec<_>>().join("\n")
        );
        let longest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(longest < 200, "{args:?}: a line of {longest} characters");
        assert_ne!(output.status.code(), Some(101), "{args:?}");
    }
}

#[test]
fn thousands_of_overlapping_pages_report_a_bounded_number_of_pairs() {
    let work = Work::new("overlap");
    let pages = 400;
    let mut pack = PACK.replace(
        "pages = [\n    \"book1/page1.toml\",\n]",
        &format!(
            "pages = [{}]",
            (1..=pages)
                .map(|p| format!("\"book1/page{p}.toml\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    // Every page is joined east of page 1, so all of pages 2.. lie on one spot.
    for p in 2..=pages {
        let _ = write!(
            pack,
            "\n[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p{p} west\"\n"
        );
    }
    work.write("pack/pack.toml", &pack);
    for p in 1..=pages {
        work.write(
            &format!("pack/book1/page{p}.toml"),
            &PAGE.replace("page = 1", &format!("page = {p}")),
        );
    }
    let output = work.run(&["lint", "pack", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let overlaps: Vec<&serde_json::Value> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "A002")
        .collect();
    assert_eq!(overlaps.len(), 200);
    let pairs = (pages - 1) * (pages - 2) / 2;
    let expected = format!(
        "and {} more `overlapping-pages` findings (at most 200 are listed per check)",
        pairs - 199
    );
    assert!(
        overlaps.iter().any(|d| d["message"] == expected.as_str()),
        "no `{expected}`"
    );
}

#[test]
fn a_tiled_map_declaring_a_huge_grid_is_refused_before_allocating() {
    let work = Work::new("huge-map");
    work.write(
        "huge.tmj",
        r#"{"type":"map","orientation":"orthogonal","width":65535,"height":65535,"tilewidth":32,"tileheight":32,"infinite":false,"layers":[],"tilesets":[],"properties":[]}"#,
    );
    let output = work.run(&["import", "--tiled", "huge.tmj"]);
    assert_eq!(
        stderr(&output),
        "error: huge.tmj: the map is 65535 × 65535 spaces; a page has at most 5000 a side and 4000000 in all\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn a_fifo_page_is_refused_without_blocking() {
    let work = Work::new("fifo");
    std::fs::remove_file(work.path("pack/book1/page1.toml")).unwrap();
    let made = Command::new("mkfifo")
        .arg(work.path("pack/book1/page1.toml"))
        .status()
        .unwrap();
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", "pack"])
        .current_dir(&work.root)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("deckplan blocked on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        stdout(&output),
        "pack/pack.toml:6:5: error[F012]: `pack/book1/page1.toml` is a FIFO, not a regular file
  |
6 |     \"book1/page1.toml\",
  |     ^^^^^^^^^^^^^^^^^^
  = help: name a map file (a regular file)

Checked 1 page in 1 pack: 1 error, 0 warnings.
"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    let work = Work::new("pipe");
    work.write("pack/book1/page1.toml", &flood_page());
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", "pack"])
        .current_dir(&work.root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, then close the pipe, as `| head -1` does.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    let _ = std::io::Read::read(&mut out, &mut first).unwrap();
    drop(out);
    let output = child.wait_with_output().unwrap();
    assert_eq!(stderr(&output), "");
    assert_eq!(
        output.status.code(),
        Some(i32::from(deckplan_validator::pipe::CLOSED_PIPE_EXIT))
    );
}

#[test]
fn escape_sequences_from_a_page_are_escaped_in_every_format() {
    let work = Work::new("escapes");
    work.write(
        "pack/book1/page1.toml",
        &PAGE.replace(
            "title = \"Test\"",
            "title = \"Test\"\n\"x\\u001b]0;pwned\\u0007\" = 1",
        ),
    );
    let output = work.run(&["lint", "pack"]);
    assert_eq!(
        stdout(&output),
        "pack/book1/page1.toml:6:1: error[F002]: unknown key `x\\u{1b}]0;pwned\\u{7}`
  |
6 | \"x\\u001b]0;pwned\\u0007\" = 1
  | ^^^^^^^^^^^^^^^^^^^^^^^
  = help: expected one of `format`, `book`, `page`, `location`, `title`, `notes`, `grid`, `edges`, `spaces`, `intersections`, `background`, `lint`

Checked 1 page in 1 pack: 1 error, 0 warnings.
"
    );
    for format in ["human", "json", "sarif", "github"] {
        let output = work.run(&["lint", "pack", "--format", format]);
        assert!(
            !output.stdout.contains(&0x1b) && !output.stdout.contains(&0x07),
            "{format}: {}",
            stdout(&output)
        );
    }
}

#[test]
fn a_page_that_is_not_utf8_is_placed_and_not_blamed_on_permissions() {
    let work = Work::new("utf8");
    let mut bytes = PAGE.as_bytes().to_vec();
    bytes.splice(40..40, [0xff]);
    std::fs::write(work.path("pack/book1/page1.toml"), bytes).unwrap();
    let output = work.run(&["lint", "pack"]);
    assert_eq!(
        stdout(&output),
        "pack/pack.toml:6:5: error[F012]: `pack/book1/page1.toml` is not UTF-8 text: byte 0xFF at line 4, column 12
  |
6 |     \"book1/page1.toml\",
  |     ^^^^^^^^^^^^^^^^^^
  = help: save the file as UTF-8 text

Checked 1 page in 1 pack: 1 error, 0 warnings.
"
    );
}

#[test]
fn a_picture_too_small_to_read_is_refused() {
    let work = Work::new("dpi");
    let output = work.run(&[
        "render",
        "pack/book1/page1.toml",
        "-o",
        "page.png",
        "--dpi",
        "1e-300",
    ]);
    assert_eq!(
        stderr(&output),
        "error: a space would be 0.00 pixels wide, less than 4; raise --dpi or --space-size\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!work.path("page.png").exists());
}

#[test]
fn a_patrol_of_a_hundred_thousand_steps_is_refused() {
    let work = Work::new("patrol");
    let output = work.run(&[
        "blip",
        "pack",
        "--at",
        "L1p1:A1 ne",
        "--toward",
        "L1p1:A1",
        "--steps",
        "100000",
        "--patrol",
        "north",
    ]);
    assert_eq!(
        stderr(&output),
        "error: 100000 steps is more than the 1000 a Blip can be moved at once\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_pack_over_the_space_limit_is_refused() {
    let work = Work::new("spaces");
    // Three pages of 1500 × 1000 = 4,500,000 spaces, over the pack's 4,000,000.
    let row = ".".repeat(1500);
    let mut grid = String::new();
    for _ in 0..1000 {
        grid.push_str(&row);
        grid.push('\n');
    }
    let pages = 3;
    let pack = PACK.replace(
        "pages = [\n    \"book1/page1.toml\",\n]",
        &format!(
            "pages = [{}]",
            (1..=pages)
                .map(|p| format!("\"book1/page{p}.toml\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    work.write("pack/pack.toml", &pack);
    for p in 1..=pages {
        work.write(
            &format!("pack/book1/page{p}.toml"),
            &format!(
                "format = 1\nbook = 1\npage = {p}\nlocation = \"SR\"\ngrid = \"\"\"\n{grid}\"\"\"\n"
            ),
        );
    }
    let output = work.run(&["lint", "pack", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "F009")
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        vec!["with page L1p3 the pack has more than 4000000 spaces"]
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_page_over_the_space_limit_is_refused() {
    let work = Work::new("page-spaces");
    let row = ".".repeat(2001);
    let grid: String = (0..2000).map(|_| format!("{row}\n")).collect();
    work.write(
        "big.toml",
        &format!(
            "format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\ngrid = \"\"\"\n{grid}\"\"\"\n"
        ),
    );
    let output = work.run(&["lint", "big.toml", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        vec!["the grid has 2001 × 2000 = 4002000 spaces; a page has at most 4000000"]
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn annotate_prints_the_findings_and_skips_a_page_too_large_to_draw() {
    let work = Work::new("annotate-large");
    // An open 400 × 400 page with no Extraction Point: one finding on it,
    // and at 64 pixels a space its picture would pass the pixel limit.
    let row = ".".repeat(400);
    let grid: String = (0..400).map(|_| format!("{row}\n")).collect();
    work.write(
        "pack/book1/page1.toml",
        &format!(
            "format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\ngrid = \"\"\"\n{grid}\"\"\"\n\n\
             [spaces]\nspacer_starts = [\"A1\"]\n\n[intersections]\nspawn_points = [\"C3 ne\"]\n"
        ),
    );
    let output = work.run(&["lint", "pack", "--annotate", "pictures", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let codes: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, vec!["E003"]);
    let text = stderr(&output);
    assert!(
        text.starts_with("note: no picture of L1p1: the picture would be ")
            && text.ends_with(
                " pixels, more than the limit of 150 million; lower --dpi or --space-size\n\
                 wrote 0 annotated page pictures to pictures\n"
            ),
        "{text}"
    );
    // E003 is a warning: the run passes, pictures or not.
    assert_eq!(output.status.code(), Some(0));
}

/// The bundled Nemesis pack, copied into `work/pack`.
fn nemesis_pack(work: &Work) {
    std::fs::remove_dir_all(work.path("pack")).unwrap();
    let bundled = deckplan_tests::games::game("nemesis");
    copy_dir(bundled.pack("kestrel-relay"), &work.path("pack"));
}

#[cfg(unix)]
#[test]
fn a_nemesis_ship_linked_outside_is_refused_and_not_printed() {
    let work = Work::new("nemesis-link");
    nemesis_pack(&work);
    let ship = std::fs::read_to_string(work.path("pack/ship.toml")).unwrap();
    work.write("outside/ship.toml", &format!("# {SECRET}{ship}"));
    work.link("pack/ship.toml", "../outside/ship.toml");
    let before = work.outside();
    let output = work.run(&["lint", "pack", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let messages: Vec<&str> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        vec!["`pack/ship.toml` is a symbolic link that leads outside the pack folder"]
    );
    for args in [&["fmt", "pack"][..], &["fmt", "--check", "pack"]] {
        let output = work.run(args);
        assert_not_leaked(&output);
        assert_eq!(stdout(&output), "1 file already formatted.\n", "{args:?}");
    }
    assert_eq!(work.outside(), before);
}

/// The bundled Battlestations pack, copied into `work/pack`.
fn battlestations_pack(work: &Work) {
    std::fs::remove_dir_all(work.path("pack")).unwrap();
    let bundled = deckplan_tests::games::game("battlestations");
    copy_dir(bundled.pack("battlestations-wayfarer"), &work.path("pack"));
}

#[cfg(unix)]
#[test]
fn a_battlestations_ship_linked_or_named_outside_is_refused_and_not_printed() {
    let work = Work::new("battlestations-link");
    battlestations_pack(&work);
    let ship = std::fs::read_to_string(work.path("pack/ship.toml")).unwrap();
    work.write("outside/ship.toml", &format!("# {SECRET}{ship}"));
    work.link("pack/ship.toml", "../outside/ship.toml");
    let before = work.outside();
    let messages = |output: &std::process::Output| -> Vec<String> {
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        json["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["message"].as_str().unwrap().to_string())
            .collect()
    };
    let output = work.run(&["lint", "pack", "--format", "json"]);
    assert_eq!(
        messages(&output),
        ["`pack/ship.toml` is a symbolic link that leads outside the pack folder"]
    );
    for args in [
        &["fmt", "pack"][..],
        &["fmt", "--check", "pack"],
        &["show", "pack"],
        &["reach", "pack", "--from", "lower A8", "--move", "2"],
    ] {
        let output = work.run(args);
        assert_not_leaked(&output);
        // fmt formats pack.toml and refuses the ship; the rest print nothing.
        let expected = if args[0] == "fmt" {
            "1 file already formatted.\n"
        } else {
            ""
        };
        assert_eq!(stdout(&output), expected, "{args:?}");
    }
    // A path that climbs out is refused by name, before anything is read.
    let pack = std::fs::read_to_string(work.path("pack/pack.toml")).unwrap();
    work.write(
        "pack/pack.toml",
        &pack.replace("ship = \"ship.toml\"", "ship = \"../outside/ship.toml\""),
    );
    let output = work.run(&["lint", "pack", "--format", "json"]);
    assert_eq!(
        messages(&output),
        ["ship path `../outside/ship.toml` leads outside the pack folder"]
    );
    assert_not_leaked(&output);
    assert_eq!(work.outside(), before);
}
