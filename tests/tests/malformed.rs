//! The malformed-input corpus: map files that each break exactly one thing.
//!
//! Every case under `fixtures/malformed/<case>/` is a minimal pack folder
//! (`pack.toml` and its pages) or a lone `page.toml`. Two cases are built at
//! test time in a temporary folder instead: `oversized_grid` (a page too large
//! to commit) and `path_escape_symlink` (a link inside the pack that points out
//! of it).
//!
//! For each case this file
//! - lints it with [`lint_paths`] and snapshots the human output exactly
//!   (`tests/snapshots/malformed__<case>.snap`), so any change to a message, its
//!   `file:line:col`, caret, board place or help shows up in review;
//! - checks that it fails with at least one error and with exactly the codes
//!   listed below, so a case cannot start passing silently.
//!
//! Paths are relative to the crate root, which is the working directory of
//! `cargo test` for this crate ([`runs_from_the_crate_root`] makes sure).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use deckplan_tests::files::copy_dir;
use deckplan_validator::diagnostic::Severity;
use deckplan_validator::lint::lint_paths;
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ruleset::{LintOutcome, REGISTRY};

/// Where the committed cases live, relative to the crate root.
const FIXTURES: &str = "fixtures/malformed";

/// Placeholder for the temporary folder in snapshots of generated cases.
const TMP: &str = "[TMP]";

/// Declares every case: its name, what it breaks, and the exact set of codes
/// it must produce. Generates one snapshot test per case and the `CASES` table.
macro_rules! corpus {
    ($($name:ident: $what:literal => [$($code:literal),+ $(,)?];)+) => {
        /// Every case: name, what it breaks, expected codes.
        const CASES: &[(&str, &str, &[&str])] = &[$((stringify!($name), $what, &[$($code),+])),+];

        /// One snapshot test per case, so each failure is reported on its own.
        mod snapshot {
            $(
                #[test]
                fn $name() {
                    super::snapshot_case(stringify!($name), $what);
                }
            )+
        }
    };
}

corpus! {
    // TOML syntax
    syntax_unclosed_string: "a string with no closing quote" => ["F001"];
    syntax_duplicate_key: "`book` given twice" => ["F001"];
    syntax_bad_table_header: "a table header with no closing bracket" => ["F001"];
    syntax_two_statements: "an unclosed string and an unclosed table header: both, and nothing else" => ["F001"];
    syntax_open_bracket: "an array never closed: one error, not one per line after it" => ["F001"];
    syntax_nemesis: "a Nemesis ship with an unclosed string: no missing keys after it" => ["F001"];
    syntax_ti4: "a TI4 galaxy with `rings =` and no value" => ["F001"];
    syntax_battlestations: "a Battlestations ship with an array never closed" => ["F001"];

    // Every error of a file in one run, and none that one error sets off
    every_error_page: "`wals`, `dors` and `D5 est` in one page; the console's door is not called missing" => ["F002", "F004"];
    every_error_nemesis: "`cokpit`, `nmae` and `numbrs` in one ship; the corridor left out is not called missing" => ["F002", "F003"];
    every_error_ti4: "`of_board`, `84C0` and `jion` in one galaxy; the modifier is not called empty" => ["F002", "F003"];
    every_error_battlestations: "`hlem`, `rotaton` and `nmae` in one ship; the custom module is not called nameless" => ["F002", "F003"];

    // Unknown keys
    unknown_key_spcaes: "a misspelt top-level table in a page" => ["F002"];
    unknown_key_dors: "a misspelt key in [edges]" => ["F002"];
    unknown_key_walss: "another misspelt key in [edges]" => ["F002"];
    unknown_key_spacer_start: "a misspelt key in [spaces]" => ["F002"];
    unknown_key_spawn_point: "a misspelt key in [intersections]" => ["F002"];
    unknown_key_in_inline_table: "an unknown key in a door" => ["F002"];
    unknown_key_no_close_match: "a top-level key like no known key" => ["F002"];
    unknown_key_pack_top_level: "a misspelt top-level key in pack.toml" => ["F002"];
    unknown_key_books: "a misspelt key in [[books]]" => ["F002"];
    unknown_key_locations: "a misspelt key in [[locations]]" => ["F002"];
    unknown_key_joins: "a misspelt key in [[joins]]" => ["F002"];
    unknown_key_lint: "a misspelt key in a lint setting" => ["F002"];

    // Missing keys, wrong types, numbers out of range, versions
    missing_key_grid: "a page without `grid`" => ["F003"];
    missing_key_location: "a page without `location`" => ["F003"];
    missing_key_start: "a pack without `start`" => ["F003"];
    wrong_type_book: "`book = \"one\"`" => ["F003"];
    wrong_type_pages: "`pages` as a string instead of an array" => ["F003"];
    page_number_zero: "`page = 0`" => ["F003"];
    door_number_too_large: "door 1000" => ["F003"];
    unsupported_format_page: "a page in `format = 2`" => ["F011"];
    unsupported_format_pack: "a pack.toml in `format = 2`" => ["F011"];

    // Coordinates that cannot be read
    coord_digit_first: "`3H`, column before row" => ["F004"];
    coord_lower_case: "`h3`, a lower-case row letter" => ["F004"];
    coord_column_zero: "`H0`, column zero" => ["F004"];
    coord_side_typo: "`B2 esat`, a misspelt side" => ["F004"];
    coord_run_two_rows: "a north run from row A to row B" => ["F004"];
    coord_bad_corner: "`D6 en`, a misspelt corner" => ["F004"];

    // Positions off the page
    off_page_space: "a Spacer start above the top row" => ["F005"];
    off_page_edge_run: "a wall run past the east edge" => ["F005"];
    off_page_intersection: "a spawn point past the east edge" => ["F005"];
    off_page_door: "a door on a space past the east edge" => ["F005"];

    // The grid
    grid_ragged_row: "a row one space longer than the others" => ["F003"];
    grid_unknown_symbol: "`X` in the grid" => ["F003"];
    grid_wrong_row_label: "row D labelled `E`" => ["F004"];
    grid_missing_label: "one line without a row label" => ["F003"];
    grid_empty: "`grid = \"\"`" => ["F003"];
    oversized_grid: "a grid of 5001 rows (written at test time)" => ["F009"];

    // Duplicates and conflicts
    duplicate_door_number: "two doors numbered 1" => ["F006"];
    duplicate_console_number: "two consoles numbered 1" => ["F006"];
    duplicate_marker_space: "a Spacer start listed twice" => ["F006"];
    wall_and_door_same_edge: "a wall and a door on `B2 east`" => ["F008"];
    two_terrain_tiles_one_space: "two terrain tiles covering E4" => ["F008"];
    discovery_number_and_colour: "a discovery with both number and colour" => ["F008"];

    // References that lead nowhere
    console_opens_missing_door: "a console opening door 2 on a page with door 1 only" => ["F007"];
    location_near_miss: "a page in Location `SRR` where the pack declares `SR`" => ["F007"];
    book_not_declared: "a page of book 2, which pack.toml does not declare" => ["F007"];
    start_page_missing: "`start = \"L1p2\"` in a one-page pack" => ["F007"];
    join_to_missing_page: "a join to L1p2 in a one-page pack" => ["F007"];

    // Values from a fixed set, and other invalid values
    unknown_terrain_keyword: "terrain keyword `covr`" => ["F003"];
    unknown_ruleset: "`ruleset = \"enormty\"`" => ["F003"];
    unknown_lint_level: "lint level `wran`" => ["F003"];
    unknown_check: "`[lint]` keys that name no check: a misspelt name, a format check, a check's code" => ["F013"];
    unknown_check_broken_page: "a misspelt check name in a page that does not read: reported with its error" => ["F002", "F013"];
    unknown_check_nemesis: "a Nemesis `[lint]` with a misspelt name, a check's code and a format check" => ["F013"];
    unknown_check_nemesis_broken_pack: "a misspelt check name in a Nemesis pack.toml that does not resolve" => ["F002", "F013"];
    unknown_check_ti4: "a galaxy's `[lint]` with a misspelt name and a check's code" => ["F013"];
    unknown_check_ti4_broken_galaxy: "a misspelt check name in a galaxy that does not resolve" => ["F003", "F013"];
    unknown_check_battlestations: "a Battlestations `[lint]` with a misspelt name and a check's code" => ["F013"];
    empty_lint_reason: "a lint setting with `reason = \"\"`" => ["F003"];
    spawn_link_three_ends: "a spawn link with three ends" => ["F003"];
    join_bad_offset: "join offset `0.333`" => ["F003"];
    join_same_page: "a join from a page to itself" => ["F003"];

    // Files and paths
    path_escape_parent: "page path `../outside.toml`" => ["F010"];
    path_escape_absolute: "page path `/tmp/outside.toml`" => ["F010"];
    path_escape_symlink: "a page that is a link to a file outside the pack (made at test time)" => ["F010"];
    page_path_not_toml: "page path `book1/page2.txt`" => ["F003"];
    page_file_missing: "a listed page file that does not exist" => ["F012"];
    page_defined_twice: "two files that both define L1p1" => ["F006"];
}

/// A case ready to lint: the path to pass, and the temporary folder to clean up
/// and to hide in output (generated cases only).
struct Prepared {
    path: PathBuf,
    temp: Option<PathBuf>,
}

impl Drop for Prepared {
    fn drop(&mut self) {
        if let Some(temp) = &self.temp {
            let _ = std::fs::remove_dir_all(temp);
        }
    }
}

/// A fresh, empty temporary folder for one case of one test run.
fn temp_dir(name: &str, purpose: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "deckplan-corpus-{}-{name}-{purpose}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Sets a case up: committed cases are linted in place; generated ones are
/// written to a temporary folder.
fn prepare(name: &str, purpose: &str) -> Prepared {
    match name {
        "oversized_grid" => {
            let temp = temp_dir(name, purpose);
            let rows = ".\n".repeat(5001);
            let text = format!(
                "format = 1\nbook = 1\npage = 1\nlocation = \"SR\"\n\ngrid = \"\"\"\n{rows}\"\"\"\n"
            );
            let path = temp.join("page.toml");
            std::fs::write(&path, text).unwrap();
            Prepared {
                path,
                temp: Some(temp),
            }
        }
        "path_escape_symlink" => symlink_case(name, purpose),
        _ => {
            let dir = Path::new(FIXTURES).join(name);
            let path = if dir.join("pack.toml").is_file() {
                dir
            } else {
                dir.join("page.toml")
            };
            Prepared { path, temp: None }
        }
    }
}

/// The committed pack lists `book1/page2.toml`; here that file becomes a link
/// to a valid page outside the pack folder.
#[cfg(unix)]
fn symlink_case(name: &str, purpose: &str) -> Prepared {
    let temp = temp_dir(name, purpose);
    let pack = temp.join("pack");
    copy_dir(&Path::new(FIXTURES).join(name), &pack);
    let page1 = std::fs::read_to_string(pack.join("book1/page1.toml")).unwrap();
    let outside = temp.join("outside.toml");
    std::fs::write(&outside, page1.replace("page = 1\n", "page = 2\n")).unwrap();
    std::os::unix::fs::symlink(&outside, pack.join("book1/page2.toml")).unwrap();
    Prepared {
        path: pack,
        temp: Some(temp),
    }
}

#[cfg(not(unix))]
fn symlink_case(_name: &str, _purpose: &str) -> Prepared {
    panic!("the symlink case needs a Unix file system");
}

/// Lints a case; returns the outcome and the human output with any temporary
/// folder replaced by `[TMP]`.
fn lint_case(name: &str, purpose: &str) -> (LintOutcome, String) {
    let prepared = prepare(name, purpose);
    let outcome = lint_paths(std::slice::from_ref(&prepared.path))
        .unwrap_or_else(|e| panic!("case `{name}` could not be linted: {e}"));
    let mut output = human::render(&outcome.diagnostics, &outcome.summary(), Styling::Plain);
    if let Some(temp) = &prepared.temp {
        output = output.replace(&*temp.to_string_lossy(), TMP);
    }
    (outcome, output)
}

fn snapshot_case(name: &str, what: &str) {
    let (_, output) = lint_case(name, "snapshot");
    insta::with_settings!({ description => what, omit_expression => true }, {
        insta::assert_snapshot!(name, output);
    });
}

#[test]
fn every_case_fails_with_exactly_its_codes() {
    let mut wrong = Vec::new();
    for &(name, _, expected) in CASES {
        let (outcome, _) = lint_case(name, "codes");
        assert!(
            outcome
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error),
            "case `{name}` produced no error"
        );
        let found: BTreeSet<&str> = outcome.diagnostics.iter().map(|d| d.code).collect();
        let expected: BTreeSet<&str> = expected.iter().copied().collect();
        if found != expected {
            wrong.push(format!("{name}: expected {expected:?}, found {found:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "cases with other codes:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn corpus_is_large_enough_and_every_fixture_is_a_case() {
    assert!(CASES.len() >= 30, "only {} cases", CASES.len());
    let names: BTreeSet<&str> = CASES.iter().map(|&(name, _, _)| name).collect();
    assert_eq!(names.len(), CASES.len(), "a case is listed twice");
    for entry in std::fs::read_dir(FIXTURES).unwrap() {
        let entry = entry.unwrap();
        if !entry.file_type().unwrap().is_dir() {
            continue; // README.md
        }
        let folder = entry.file_name();
        let folder = folder.to_string_lossy();
        assert!(
            names.contains(folder.as_ref()),
            "fixture folder `{folder}` is not listed in CASES"
        );
    }
}

/// The game a committed case is written for: the ruleset its `pack.toml`
/// (or lone file) names on a line of its own, else the default one. Read
/// from the lines, not the TOML: a case with a syntax error names its game
/// all the same.
fn game_of(name: &str) -> Option<&'static str> {
    let dir = Path::new(FIXTURES).join(name);
    let top = if dir.join("pack.toml").is_file() {
        dir.join("pack.toml")
    } else {
        dir.join("page.toml")
    };
    let text = std::fs::read_to_string(top).unwrap();
    let named = text.lines().find_map(|line| {
        let value = line.strip_prefix("ruleset = \"")?;
        value.strip_suffix('"')
    });
    match named {
        Some(named) => REGISTRY.get(named).map(|r| r.name()),
        None => REGISTRY.default_ruleset().map(|r| r.name()),
    }
}

/// Every registered game's files are in the corpus: a TOML syntax error
/// (`syntax_…`), and every error of a file reported in one run
/// (`every_error_…`).
#[test]
fn every_game_has_a_syntax_case_and_an_every_error_case() {
    for prefix in ["syntax_", "every_error_"] {
        let games: BTreeSet<&str> = CASES
            .iter()
            .filter(|(name, _, _)| name.starts_with(prefix))
            .filter_map(|(name, _, _)| game_of(name))
            .collect();
        let registered: BTreeSet<&str> = REGISTRY.names().collect();
        assert_eq!(games, registered, "the games of the `{prefix}…` cases");
    }
}

#[test]
fn runs_from_the_crate_root() {
    assert_eq!(
        std::env::current_dir().unwrap(),
        Path::new(env!("CARGO_MANIFEST_DIR")),
        "snapshots hold paths relative to the crate root"
    );
}
