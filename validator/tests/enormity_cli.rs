//! End-to-end tests of the `deckplan` binary: exit codes of `lint` (0 clean,
//! 1 errors, 2 usage or I/O failure), `fmt --check` and `fmt` on a file that is
//! not in canonical form, `explain`, plain output under `NO_COLOR`, and a pack
//! exported to Tiled and imported back.
//!
//! Each test writes its own small pack into a fresh folder under the system
//! temporary folder and runs the binary there.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::{TempPack, deckplan_in as deckplan, stderr, stdout};

use std::path::Path;
use std::process::Command;

use deckplan_schema::FormatCode;

/// A clean `pack.toml`, in canonical form.
const PACK: &str = include_str!("data/one-page-pack/pack.toml");

/// A clean page, in canonical form.
const PAGE: &str = include_str!("data/one-page-pack/book1/page1.toml");

#[test]
fn lint_exits_0_on_a_clean_pack() {
    let pack = TempPack::new("clean", PACK, PAGE);
    let output = deckplan(&pack.root, &["lint", "."]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(stdout(&output), "Checked 1 page in 1 pack: no problems.\n");
}

#[test]
fn lint_exits_1_on_a_broken_pack() {
    let pack = TempPack::new("broken", PACK, &PAGE.replace("doors = [", "dors = ["));
    let output = deckplan(&pack.root, &["lint", "."]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.starts_with("book1/page1.toml:19:1: error[F002]: unknown key `dors`\n"),
        "{text}"
    );
    assert!(text.contains("= help: did you mean `doors`?"), "{text}");
}

#[test]
fn lint_exits_2_on_a_missing_path() {
    let pack = TempPack::new("missing", PACK, PAGE);
    let output = deckplan(&pack.root, &["lint", "no-such-pack"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no-such-pack: no such file or folder"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_missing_pack_is_named_once_with_its_reason() {
    let pack = TempPack::new("missing-reach", PACK, PAGE);
    let output = deckplan(
        &pack.root,
        &["reach", "no-such-pack", "--from", "L1p1:A1", "--move", "3"],
    );
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(
        text.starts_with("error: cannot read no-such-pack"),
        "{text}"
    );
    assert_eq!(text.matches("os error 2").count(), 1, "{text}");
}

#[test]
fn lint_exits_2_on_a_bad_flag() {
    let pack = TempPack::new("flag", PACK, PAGE);
    let output = deckplan(&pack.root, &["lint", "--no-such-flag", "."]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--no-such-flag"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn fmt_check_diff_shows_what_would_change_and_changes_nothing() {
    let squeezed = PACK.replace(
        "pages = [\n    \"book1/page1.toml\",\n]",
        "pages = [\"book1/page1.toml\"]",
    );
    assert_ne!(squeezed, PACK);
    let pack = TempPack::new("fmt-diff", &squeezed, PAGE);
    let check = deckplan(&pack.root, &["fmt", "--check", "--diff", "."]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert_eq!(
        stdout(&check),
        "would reformat pack.toml\n\
         --- a/pack.toml\n\
         +++ b/pack.toml\n\
         @@ -2,7 +2,9 @@\n \
         name = \"Test\"\n \
         ruleset = \"enormity\"\n \
         start = \"L1p1\"\n\
         -pages = [\"book1/page1.toml\"]\n\
         +pages = [\n\
         +    \"book1/page1.toml\",\n\
         +]\n \n \
         [[books]]\n \
         number = 1\n\
         1 file would be reformatted, 1 already formatted; run `deckplan fmt` to fix.\n"
    );
    let unchanged = std::fs::read_to_string(pack.path("pack.toml")).unwrap();
    assert_eq!(unchanged, squeezed, "`fmt --check --diff` changed the file");
}

#[test]
fn fmt_check_reports_then_fmt_rewrites() {
    let squeezed = PACK.replace(
        "pages = [\n    \"book1/page1.toml\",\n]",
        "pages = [\"book1/page1.toml\"]",
    );
    assert_ne!(squeezed, PACK);
    let pack = TempPack::new("fmt", &squeezed, PAGE);

    let check = deckplan(&pack.root, &["fmt", "--check", "."]);
    assert_eq!(check.status.code(), Some(1), "{}", stdout(&check));
    assert_eq!(
        stdout(&check),
        "would reformat pack.toml\n\
         1 file would be reformatted, 1 already formatted; run `deckplan fmt` to fix.\n"
    );
    let unchanged = std::fs::read_to_string(pack.path("pack.toml")).unwrap();
    assert_eq!(unchanged, squeezed, "`fmt --check` changed the file");

    let fmt = deckplan(&pack.root, &["fmt", "."]);
    assert_eq!(fmt.status.code(), Some(0), "{}", stderr(&fmt));
    assert_eq!(
        stdout(&fmt),
        "formatted pack.toml\nReformatted 1 file, 1 already formatted.\n"
    );
    let rewritten = std::fs::read_to_string(pack.path("pack.toml")).unwrap();
    assert_eq!(rewritten, PACK);

    let again = deckplan(&pack.root, &["fmt", "--check", "."]);
    assert_eq!(again.status.code(), Some(0), "{}", stdout(&again));
    assert_eq!(stdout(&again), "2 files already formatted.\n");
}

#[test]
fn explain_prints_the_documentation_of_a_code() {
    let output = deckplan(&std::env::temp_dir(), &["explain", "F002"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("# F002 unknown-key\n\n"), "{text}");
    assert!(
        text.contains(FormatCode::UnknownKey.doc().trim_end()),
        "{text}"
    );
}

/// A retired code is never given again, and `explain` says what became of it.
#[test]
fn explain_says_what_became_of_a_retired_code() {
    let output = deckplan(&std::env::temp_dir(), &["explain", "L001"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout(&output),
        "# L001 unknown-check (retired)\n\nNo check gives this code any more, and none will. \
         A `[lint]` setting that names no check is the format error F013 (`unknown-check`), \
         the same in every game.\n"
    );
    let now = deckplan(&std::env::temp_dir(), &["explain", "unknown-check"]);
    assert!(stdout(&now).starts_with("# F013 unknown-check\n\n"));
}

#[test]
fn explain_exits_2_on_an_unknown_code() {
    let output = deckplan(&std::env::temp_dir(), &["explain", "F999"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unknown code `F999`"));
}

#[test]
fn no_color_output_has_no_escape_codes() {
    let pack = TempPack::new("no-color", PACK, &PAGE.replace("page = 1", "page = 0"));
    let output = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", "."])
        .current_dir(&pack.root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("error[F003]"), "{text}");
    assert!(!text.contains('\x1b'), "escape codes in {text:?}");
    assert!(!stderr(&output).contains('\x1b'));
}

#[test]
fn lint_annotate_writes_a_picture_of_each_page_with_problems() {
    // Walls shut D5 and D6 off in the north-east corner: R001 on L1p1.
    let walled = PAGE.replace(
        "walls = [\n",
        "walls = [\n    \"C5-C6 north\",\n    \"D4 east\",\n",
    );
    let pack = TempPack::new("annotate", PACK, &walled);
    let output = deckplan(&pack.root, &["lint", ".", "--annotate", "pictures"]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(
        stdout(&output).contains("error[R001]"),
        "{}",
        stdout(&output)
    );
    let written: Vec<String> = std::fs::read_dir(pack.path("pictures"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, vec!["L1p1.png".to_string()]);
    let png = std::fs::read(pack.path("pictures/L1p1.png")).unwrap();
    assert_eq!(png.get(..8), Some(&b"\x89PNG\r\n\x1a\n"[..]));
    assert_eq!(
        stderr(&output),
        "wrote 1 annotated page picture to pictures\n"
    );
}

#[test]
fn lint_annotate_on_a_clean_pack_writes_no_folder() {
    let pack = TempPack::new("annotate-clean", PACK, PAGE);
    let output = deckplan(&pack.root, &["lint", ".", "--annotate", "pictures"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(
        stderr(&output),
        "no annotated page pictures: no page has a problem to draw\n"
    );
    assert!(!pack.path("pictures").exists(), "an empty folder was made");
}

#[test]
fn lint_of_a_lone_page_says_only_its_format_was_checked() {
    let pack = TempPack::new("lone", PACK, PAGE);
    let output = deckplan(&pack.root, &["lint", "book1/page1.toml"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert_eq!(
        stdout(&output),
        "Checked 1 page on its own (format and settings only: the rule checks need the pack): no problems.\n"
    );
    let both = deckplan(&pack.root, &["lint", ".", "book1/page1.toml"]);
    assert_eq!(
        stdout(&both),
        "Checked 1 page in 1 pack and 1 page on its own (format and settings only: the rule checks need the pack): no problems.\n"
    );
}

#[test]
fn render_layout_without_dpi_keeps_within_4000_pixels_and_says_so() {
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
    let out = std::env::temp_dir().join(format!("deckplan-cli-{}-layout", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    let output = deckplan(
        &out,
        &[
            "render",
            bundled.to_str().unwrap(),
            "--layout",
            "-o",
            "pack.png",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let png = std::fs::read(out.join("pack.png")).unwrap();
    // The PNG header's width and height, big-endian at bytes 16..24.
    let side = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    let (width, height) = (side(16), side(20));
    let _ = std::fs::remove_dir_all(&out);
    // The note names the DPI chosen, the size drawn (the PNG's own) and the
    // size 300 DPI would have given; the numbers follow the bundled pack.
    let note = stderr(&output);
    let numbers: Vec<u64> = note
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    let [
        dpi,
        drawn_w,
        drawn_h,
        four_thousand,
        three_hundred,
        full_w,
        full_h,
    ] = numbers[..]
    else {
        panic!("unexpected note: {note}");
    };
    assert_eq!(
        note,
        format!(
            "note: drawing at {dpi} DPI ({width} × {height} pixels) to keep it within 4000 pixels a side; \
             at 300 DPI it would be {full_w} × {full_h} (choose with --dpi)\n"
        )
    );
    assert_eq!((drawn_w, drawn_h), (u64::from(width), u64::from(height)));
    assert_eq!((four_thousand, three_hundred), (4000, 300));
    assert!(full_w.max(full_h) > 4000 && dpi < 300, "{note}");
    assert!(
        width.max(height) <= 4000 && width.max(height) > 3900,
        "{width} × {height}"
    );
}

/// The width and height of a PNG file, from its header (big-endian at bytes 16..24).
#[test]
fn a_pack_exported_to_tiled_imports_back_as_the_same_folder() {
    let pack = TempPack::new("tiled-world", PACK, PAGE);
    let output = deckplan(&pack.root, &["export", ".", "--tiled", "tiled"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(pack.path("tiled/pack.world").is_file());

    let import = ["import", "--tiled", "tiled/pack.world", "-o", "copy"];
    let output = deckplan(&pack.root, &import);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "wrote copy/book1/page1.toml\nwrote copy/pack.toml\n"
    );
    for file in ["pack.toml", "book1/page1.toml"] {
        let original = std::fs::read_to_string(pack.path(file)).unwrap();
        let copy = std::fs::read_to_string(pack.path(&format!("copy/{file}"))).unwrap();
        assert_eq!(copy, original, "{file}");
    }

    // Importing again would replace the files: refused unless asked for.
    let output = deckplan(&pack.root, &import);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: copy/book1/page1.toml and 1 more of the files to write already exist; pass --overwrite to replace them\n"
    );
    let output = deckplan(&pack.root, &[&import[..], &["--overwrite"]].concat());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));

    let output = deckplan(&pack.root, &["import", "--tiled", "tiled/pack.world"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "error: a Tiled world imports as a pack folder; name it with -o DIR\n"
    );
}

#[test]
fn a_world_of_a_pack_with_a_broken_page_leaves_its_joins_out() {
    // A second page joined east of the first, whose file has a format error.
    let pack_toml = PACK.replace(
        "    \"book1/page1.toml\",\n",
        "    \"book1/page1.toml\",\n    \"book1/page2.toml\",\n",
    ) + "\n[[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = 0\n";
    let pack = TempPack::new("tiled-broken-page", &pack_toml, PAGE);
    let page2 = PAGE
        .replace("page = 1", "page = 2")
        .replace("format = 1", "format = 9");
    std::fs::write(pack.path("book1/page2.toml"), page2).unwrap();
    let output = deckplan(&pack.root, &["export", ".", "--tiled", "tiled"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "wrote tiled/L1p1.tmj\nwrote tiled/spaces.tiles.png\nwrote tiled/pack.world\n"
    );
    let stderr = stderr(&output);
    let notes: Vec<&str> = stderr.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(
        notes,
        [
            "note: the join L1p1 east → L1p2 west (offset 0) is left out with L1p2, which did not load"
        ],
        "{stderr}"
    );
}

#[test]
fn a_world_that_is_not_a_pack_exits_1_with_each_problem() {
    let pack = TempPack::new("tiled-bad-world", PACK, PAGE);
    std::fs::write(
        pack.path("bad.world"),
        r#"{"maps": [{"fileName": "gone.tmj", "x": 0, "y": 0}], "type": "world"}"#,
    )
    .unwrap();
    let output = deckplan(&pack.root, &["import", "--tiled", "bad.world", "-o", "out"]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "error: bad.world: lists gone.tmj, which cannot be read: No such file or directory (os error 2)\n"
    );
    assert!(!pack.path("out").exists());
}
