//! The pack generator (`deckplan generate-pack`, the benchmarks' input): its
//! packs lint clean and are canonical, one seed always writes the same bytes,
//! and lint's whole report on a damaged generated pack is pinned, so a change
//! to loading or to the board graphs that alters any finding shows here.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_validator::enormity::generate::{self, PackSpec};
use deckplan_validator::lint;
use deckplan_validator::reformat;
use deckplan_validator::render::human::{self, Styling};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("deckplan-generated-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn spec(pages: u32, columns: u16, rows: u16, seed: u64) -> PackSpec {
    PackSpec {
        pages,
        columns,
        rows,
        seed,
    }
}

/// Every file of a folder, by path relative to it, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                found.push((path.strip_prefix(dir).unwrap().to_path_buf(), bytes));
            }
        }
    }
    found.sort();
    found
}

/// Lint's human report of `dir`, with the folder written as `PACK`.
fn report(dir: &Path) -> String {
    let outcome = lint::lint_paths(&[dir.to_path_buf()]).unwrap();
    let mut out = Vec::new();
    human::render_to(
        &mut out,
        &outcome.diagnostics,
        &outcome.summary(),
        Styling::Plain,
    )
    .unwrap();
    String::from_utf8(out)
        .unwrap()
        .replace(&dir.display().to_string(), "PACK")
}

#[test]
fn generated_packs_lint_clean_and_are_canonical() {
    let root = scratch("clean");
    let specs = [
        spec(1, 8, 6, 1),
        spec(3, 24, 16, 2),
        spec(7, 13, 11, 3),
        spec(2, 61, 47, 4),
        spec(4, 24, 16, 0x00DE_C0DE),
    ];
    for (n, spec) in specs.iter().enumerate() {
        let dir = root.join(n.to_string());
        let written = generate::write_pack(&dir, spec).unwrap();
        assert_eq!(written.len(), spec.pages as usize + 1);
        assert_eq!(
            report(&dir),
            format!(
                "Checked {} in 1 pack: no problems.\n",
                if spec.pages == 1 {
                    "1 page".to_string()
                } else {
                    format!("{} pages", spec.pages)
                }
            ),
            "{spec:?}"
        );
        let reformatted = reformat::format_paths(std::slice::from_ref(&dir)).unwrap();
        assert_eq!(reformatted.len(), spec.pages as usize + 1);
        for file in reformatted {
            assert!(file.errors.is_empty(), "{}", file.path.display());
            assert!(!file.changed, "{} is not canonical", file.path.display());
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn one_seed_writes_the_same_bytes_and_another_seed_other_ones() {
    let root = scratch("seeds");
    let write = |name: &str, seed| {
        let dir = root.join(name);
        generate::write_pack(&dir, &spec(5, 30, 20, seed)).unwrap();
        files(&dir)
    };
    let first = write("a", 42);
    let again = write("b", 42);
    let other = write("c", 43);
    assert_eq!(first.len(), 6);
    assert_eq!(first, again);
    let differing = first
        .iter()
        .zip(&other)
        .filter(|((_, a), (_, b))| a != b)
        .count();
    // Every page differs; `pack.toml` only by the seed in its name.
    assert_eq!(differing, 6);
    let _ = std::fs::remove_dir_all(&root);
}

/// Replaces the first `from` in a file of the pack with `to`.
fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "`{from}` is not in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// Removes every line of a file that contains all of `parts`.
fn drop_lines(dir: &Path, file: &str, parts: &[&str]) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: String = text
        .lines()
        .filter(|line| !parts.iter().all(|p| line.contains(p)))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_ne!(kept, text, "nothing dropped from {file}");
    std::fs::write(&path, kept).unwrap();
}

/// Replaces door `number` of a page with a wall and removes its console.
fn seal_door(dir: &Path, file: &str, number: u16) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let entry = format!("{{ number = {number}, at = ");
    let door = text
        .lines()
        .find(|line| line.contains(&entry) && line.ends_with(" north\" },"))
        .unwrap();
    let at = door
        .trim()
        .trim_start_matches(&entry)
        .trim_end_matches(" },");
    let text = text.replacen("walls = [\n", &format!("walls = [\n    {at},\n"), 1);
    std::fs::write(&path, text).unwrap();
    drop_lines(dir, file, &[&entry]);
}

#[test]
fn lint_reports_the_same_findings_on_a_damaged_generated_pack() {
    let dir = scratch("damaged");
    generate::write_pack(&dir, &spec(30, 24, 16, 11)).unwrap();
    // Consoles gone: the doors they opened have no opener (door 1 keeps its keycard).
    drop_lines(&dir, "book1/page3.toml", &["opens = ["]);
    // A corridor's forced arrow turned south, into a room's wall or off the page.
    edit(
        &dir,
        "book1/page5.toml",
        "direction = \"east\" }",
        "direction = \"south\" }",
    );
    // A Location arrow naming a page that is not joined there.
    edit(
        &dir,
        "book1/page7.toml",
        "target = \"L1p6\"",
        "target = \"L1p20\"",
    );
    // The foot of the spine out of bounds, under the Location arrow.
    edit(&dir, "book1/page11.toml", "A ..", "A ##");
    edit(&dir, "book1/page11.toml", "B ..", "B ##");
    // A second Extraction Point.
    edit(
        &dir,
        "book1/page21.toml",
        "extraction_points = [\n",
        "extraction_points = [\n    \"A2\",\n",
    );
    // Door 3 walled up and its console removed: the room behind it is sealed.
    seal_door(&dir, "book1/page26.toml", 3);
    // A join shifted by half a space.
    edit(
        &dir,
        "pack.toml",
        "to = \"L1p16 west\"\noffset = 0",
        "to = \"L1p16 west\"\noffset = 0.5",
    );
    // A join slid a whole page height along: the pages past it are cut off.
    edit(
        &dir,
        "pack.toml",
        "to = \"L1p21 west\"\noffset = 0",
        "to = \"L1p21 west\"\noffset = 16",
    );
    insta::assert_snapshot!(report(&dir));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_pack_limits_can_be_changed_for_one_run() {
    let dir = scratch("limits");
    generate::write_pack(&dir, &spec(3, 20, 10, 5)).unwrap();
    let lint = |flags: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .arg("lint")
            .arg(&dir)
            .args(flags)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let text = String::from_utf8(output.stdout)
            .unwrap()
            .replace(&dir.display().to_string(), "PACK");
        let summary = text.lines().last().unwrap_or_default().to_string();
        let first = text.lines().next().unwrap_or_default().to_string();
        (output.status.code(), first, summary)
    };
    assert_eq!(
        lint(&[]),
        (
            Some(0),
            "Checked 3 pages in 1 pack: no problems.".to_string(),
            "Checked 3 pages in 1 pack: no problems.".to_string()
        )
    );
    assert_eq!(
        lint(&["--max-pages", "2"]),
        (
            Some(1),
            "PACK/pack.toml:5:9: error[F009]: 3 pages listed; a pack holds at most 2".to_string(),
            "Checked 0 pages in 1 pack: 1 error, 0 warnings.".to_string()
        )
    );
    assert_eq!(
        lint(&["--max-pack-spaces", "400"]).1,
        "PACK/pack.toml:8:5: error[F009]: with page L1p3 the pack has more than 400 spaces"
    );
    assert_eq!(
        lint(&["--max-page-spaces", "199"]).1,
        "PACK/book1/page1.toml:9:8: error[F009]: the grid has 20 × 10 = 200 spaces; a page has at most 199"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game's subcommand takes the limits before its name or after it, like
/// the shared ones.
#[test]
fn a_game_subcommand_takes_the_limits_on_either_side_of_its_name() {
    let dir = scratch("limits-verb");
    generate::write_pack(&dir, &spec(3, 20, 10, 5)).unwrap();
    let pack = dir.display().to_string();
    let reach = |args: &[&str]| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .args(args)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let text = String::from_utf8(output.stderr)
            .unwrap()
            .replace(&pack, "PACK");
        (
            output.status.code(),
            text.lines().next().unwrap_or_default().to_string(),
        )
    };
    let refused = (
        Some(1),
        "PACK/pack.toml:5:9: error[F009]: 3 pages listed; a pack holds at most 2".to_string(),
    );
    let question = ["reach", &pack, "--from", "L1p1:B2", "--move", "1"];
    let after: Vec<&str> = question
        .iter()
        .copied()
        .chain(["--max-pages", "2"])
        .collect();
    let before: Vec<&str> = ["--max-pages", "2"].into_iter().chain(question).collect();
    assert_eq!(reach(&after), refused);
    assert_eq!(reach(&before), refused);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reach_streaming_json_into_a_reader_that_stops_exits_quietly() {
    use std::io::Read as _;
    let dir = scratch("pipe");
    // About a megabyte of JSON: far more than a pipe holds.
    generate::write_pack(&dir, &spec(1, 300, 300, 9)).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args([
            "reach", "--from", "L1p1:A1", "--move", "3000", "--format", "json",
        ])
        .arg(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut start = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut start).unwrap();
    // The reader's end is dropped here, like `| head -c 100`.
    let output = child.wait_with_output().unwrap();
    assert!(start.starts_with(b"{\"from\":\"L1p1:A1\""));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(
        output.status.code(),
        Some(i32::from(deckplan_validator::pipe::CLOSED_PIPE_EXIT))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
