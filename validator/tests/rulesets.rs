//! Which game reads a target, as every command asks the registry: a pack
//! written for a game deckplan does not know is refused by every command
//! with the same error, naming the games it knows; a near miss gets a
//! suggestion; `schema` reads the default game's files unless told another.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::{TempPack, deckplan_in as deckplan, stderr, stdout};

use deckplan_validator::ruleset::REGISTRY;

/// A clean `pack.toml` of the default game, in canonical form.
const PACK: &str = include_str!("data/one-page-pack/pack.toml");

/// A clean page, in canonical form.
const PAGE: &str = include_str!("data/one-page-pack/book1/page1.toml");

/// What every command that reads a pack says of one written for a game
/// deckplan does not know: the same error, at the `ruleset` value, naming
/// the registered games.
fn unknown_ruleset() -> String {
    format!(
        "pack.toml:3:11: error[F003]: unknown ruleset `chess`; deckplan knows {}\n  |\n3 | ruleset = \"chess\"\n  |           ^^^^^^^\n",
        REGISTRY.listed()
    )
}

#[test]
fn an_unknown_ruleset_is_refused_by_lint_fmt_show_and_render() {
    let pack = TempPack::new(
        "unknown-ruleset",
        &PACK.replace("ruleset = \"enormity\"", "ruleset = \"chess\""),
        PAGE,
    );
    let lint = deckplan(&pack.root, &["lint", "."]);
    assert_eq!(lint.status.code(), Some(1));
    assert_eq!(
        stdout(&lint),
        format!(
            "{}\nChecked 0 boards in 1 pack: 1 error, 0 warnings.\n",
            unknown_ruleset()
        )
    );
    let fmt = deckplan(&pack.root, &["fmt", "--check", "."]);
    assert_eq!(fmt.status.code(), Some(1));
    assert_eq!(
        stderr(&fmt),
        format!("{}\n1 file could not be formatted.\n", unknown_ruleset())
    );
    for command in [
        &["show", "."][..],
        &["render", ".", "-o", "out.png", "--page", "L1p1"][..],
    ] {
        let output = deckplan(&pack.root, command);
        assert_eq!(output.status.code(), Some(1), "{command:?}");
        assert_eq!(
            stderr(&output),
            format!(
                "{}\nFix this problem to draw the pack.\n",
                unknown_ruleset()
            ),
            "{command:?}"
        );
        assert_eq!(stdout(&output), "", "{command:?}");
    }
    assert!(!pack.path("out.png").exists());
    let reach = deckplan(
        &pack.root,
        &["reach", ".", "--from", "L1p1:A1", "--move", "2"],
    );
    assert_eq!(reach.status.code(), Some(1));
    assert_eq!(
        stderr(&reach),
        format!("{}\nFix this problem first.\n", unknown_ruleset())
    );
}

#[test]
fn a_near_miss_ruleset_gets_a_suggestion() {
    let pack = TempPack::new(
        "near-miss-ruleset",
        &PACK.replace("ruleset = \"enormity\"", "ruleset = \"Enormity\""),
        PAGE,
    );
    let output = deckplan(&pack.root, &["lint", "."]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("= help: did you mean `enormity`?"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn schema_names_the_ruleset_and_refuses_an_unknown_one() {
    let pack = TempPack::new("schema-ruleset", PACK, PAGE);
    let default = deckplan(&pack.root, &["schema", "--pack"]);
    let default_game = REGISTRY.default_ruleset().unwrap().name();
    let named = deckplan(&pack.root, &["schema", "--pack", "--ruleset", default_game]);
    assert_eq!(default.status.code(), Some(0));
    assert_eq!(stdout(&default), stdout(&named));
    assert!(stdout(&default).contains("\"ruleset\""));
    let unknown = deckplan(&pack.root, &["schema", "--ruleset", "chess"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        stderr(&unknown),
        format!(
            "error: unknown ruleset `chess`; deckplan knows {}\n",
            REGISTRY.listed()
        )
    );
}
