//! `deckplan lsp` against a client speaking JSON-RPC over its pipes, as an
//! editor does: diagnostics on open and on change (the same as `lint`), the
//! pack re-checked for every open file and for a file changed on disk,
//! code actions, hover, go to definition, document symbols, completion, and
//! bad input that the server answers and outlives.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use std::path::Path;
use std::process::Command;

use client::{Client, Work, apply, uri};
use serde_json::{Value, json};

const PACK: &str = "derelict-meridian-tithe";

/// `deckplan lint --format json` of `path`, run in `cwd`: its findings.
fn lint_json(cwd: &Path, path: &str) -> Vec<Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", "--format", "json", path])
        .current_dir(cwd)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    report["diagnostics"].as_array().cloned().unwrap()
}

/// A finding of `lint --format json` as the server publishes it: the same
/// code and message, the help on a line of its own, the board place after
/// the message, lines and columns from 0.
fn as_published(found: &Value) -> Value {
    let mut message = found["message"].as_str().unwrap().to_string();
    if let Some(place) = found["place"].as_str() {
        message.push_str(&format!(" (at {place})"));
    }
    if let Some(help) = found["help"].as_str() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let at = |line: &str, column: &str| {
        json!({
            "line": found[line].as_u64().unwrap() - 1,
            "character": found[column].as_u64().unwrap() - 1,
        })
    };
    json!({
        "code": found["code"],
        "severity": if found["severity"] == "error" { 1 } else { 2 },
        "message": message,
        "range": { "start": at("line", "column"), "end": at("end_line", "end_column") },
    })
}

/// The fields of published diagnostics that `as_published` builds.
fn comparable(published: &[Value]) -> Vec<Value> {
    published
        .iter()
        .map(|d| {
            json!({
                "code": d["code"],
                "severity": d["severity"],
                "message": d["message"],
                "range": d["range"],
            })
        })
        .collect()
}

fn misspelt(text: &str) -> String {
    let broken = text.replace("\ntitle = ", "\ntitel = ");
    assert_ne!(broken, text);
    broken
}

#[test]
fn diagnostics_come_on_open_and_on_change_from_the_unsaved_text_as_lint_gives_them() {
    let work = Work::with_pack("open-change", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let mut client = Client::start(&work.root);

    client.open(&page, &misspelt(&saved));
    let published = client.some_diagnostics(&page);
    assert_eq!(
        comparable(&published),
        vec![json!({
            "code": "F002",
            "severity": 1,
            "message": "unknown key `titel`\nhelp: did you mean `title`?",
            "range": {
                "start": { "line": 4, "character": 0 },
                "end": { "line": 4, "character": 5 },
            },
        })]
    );
    assert_eq!(published[0]["source"], "deckplan");
    // The file on disk was never changed: the server read the editor's text.
    assert_eq!(std::fs::read_to_string(&page).unwrap(), saved);

    // The same findings as `lint` gives for that text saved.
    let other = Work::with_pack("open-change-lint", PACK);
    std::fs::write(
        other.path(&format!("{PACK}/book1/page1.toml")),
        misspelt(&saved),
    )
    .unwrap();
    let linted: Vec<Value> = lint_json(&other.root, PACK)
        .iter()
        .map(as_published)
        .collect();
    assert_eq!(comparable(&published), linted);

    client.change(&page, &saved);
    client.clean(&page);
    assert!(client.shutdown().success());
}

#[test]
fn a_change_to_a_page_republishes_the_findings_of_the_other_open_files_of_its_pack() {
    let work = Work::with_pack("republish", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start(&work.root);
    client.open_saved(&pack);
    let saved = client.open_saved(&page);
    client.clean(&pack);

    // Page 1 becomes page 9: the pack's start and a join name a page no
    // longer there, in pack.toml, which did not change.
    let renumbered = saved.replace("\npage = 1\n", "\npage = 9\n");
    client.change(&page, &renumbered);
    let published = client.some_diagnostics(&pack);
    let codes_lines: Vec<(Value, Value, Value)> = published
        .iter()
        .map(|d| {
            (
                d["code"].clone(),
                d["range"]["start"]["line"].clone(),
                d["message"].clone(),
            )
        })
        .collect();
    assert_eq!(
        codes_lines,
        vec![
            (
                json!("F007"),
                json!(3),
                json!("start page L1p1 is not in this pack\nhelp: did you mean `L1p2`?")
            ),
            (
                json!("F007"),
                json!(40),
                json!(
                    "join names page L1p1, which is not in this pack\nhelp: did you mean `L1p2`?"
                )
            ),
        ]
    );

    client.change(&page, &saved);
    client.clean(&pack);
    assert!(client.shutdown().success());
}

/// The position (from 0, ASCII text) of the first `needle` in `text`,
/// `into` bytes into it.
fn position(text: &str, needle: &str, into: usize) -> Value {
    let at = text.find(needle).unwrap() + into;
    let line = text[..at].matches('\n').count();
    let character = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": character })
}

fn at(path: &Path, position: Value) -> Value {
    json!({ "textDocument": { "uri": uri(path) }, "position": position })
}

/// The code actions offered for `diagnostic` in `path`: their titles and
/// the edits of each, by file.
fn actions(client: &mut Client, path: &Path, diagnostic: &Value) -> Vec<(String, Value)> {
    let answer = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(path) },
            "range": diagnostic["range"],
            "context": { "diagnostics": [diagnostic] },
        }),
    );
    answer
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            assert_eq!(a["kind"], "quickfix");
            assert_eq!(a["diagnostics"][0]["code"], diagnostic["code"]);
            (
                a["title"].as_str().unwrap().to_string(),
                a["edit"]["changes"].clone(),
            )
        })
        .collect()
}

#[test]
fn the_did_you_mean_action_fixes_the_key_and_the_saved_file_lints_clean() {
    let work = Work::with_pack("did-you-mean", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let broken = misspelt(&saved);
    std::fs::write(&page, &broken).unwrap();
    let mut client = Client::start(&work.root);
    client.open(&page, &broken);
    let found = client.some_diagnostics(&page);
    let offered = actions(&mut client, &page, &found[0]);
    assert_eq!(
        offered,
        vec![(
            "Replace titel with title".to_string(),
            json!({ uri(&page): [{
                "range": {
                    "start": { "line": 4, "character": 0 },
                    "end": { "line": 4, "character": 5 },
                },
                "newText": "title",
            }]}),
        )]
    );
    let fixed = apply(&broken, offered[0].1[uri(&page)].as_array().unwrap());
    assert_eq!(fixed, saved);
    client.change(&page, &fixed);
    client.clean(&page);
    std::fs::write(&page, &fixed).unwrap();
    assert_eq!(lint_json(&work.root, PACK), Vec::<Value>::new());
    assert!(client.shutdown().success());
}

#[test]
fn a_check_finding_offers_the_lint_allow_line_and_the_game_s_own_fix() {
    let work = Work::with_pack("allow", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    // Console 1 opens door 2, as the keycard does: door 1 has no opener.
    let broken = saved.replace("opens = [1] }", "opens = [2] }");
    let mut client = Client::start(&work.root);
    client.open(&page, &broken);
    let found = client.some_diagnostics(&page);
    assert_eq!(
        comparable(&found),
        vec![json!({
            "code": "R002",
            "severity": 2,
            "message": "8 board spaces are reachable only through door 1 between H7 and I7, which nothing Spacers can reach opens (at L1p1 door 1 between H7 and I7)\nhelp: add `1` to the `opens` list of a console or keycard on L1p1",
            "range": {
                "start": { "line": 37, "character": 4 },
                "end": { "line": 37, "character": 35 },
            },
        })]
    );
    let offered = actions(&mut client, &page, &found[0]);
    let titles: Vec<&str> = offered.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Allow `door-without-opener` in this file (then say why in `reason`)",
            "Console 1 (L1p1 H5) opens door 1",
        ]
    );
    let edits = |i: usize| offered[i].1[uri(&page)].as_array().unwrap().clone();

    // The allow line goes in a new `[lint]` table at the end, its reason
    // left for the author: lint refuses an empty one, so it cannot go in
    // unexplained.
    let allowed = apply(&broken, &edits(0));
    assert_eq!(
        allowed,
        format!("{broken}\n[lint]\ndoor-without-opener = {{ level = \"allow\", reason = \"\" }}\n")
    );
    client.change(&page, &allowed);
    let found = client.diagnostics_where(&page, |d| d.iter().all(|d| d["code"] != "R002"));
    let codes: Vec<&Value> = found.iter().map(|d| &d["code"]).collect();
    assert_eq!(codes, [&json!("F003")]);
    assert_eq!(
        found[0]["range"]["start"]["line"],
        allowed.lines().count() - 1
    );
    let reasoned = allowed.replace(
        "reason = \"\"",
        "reason = \"the door is opened by the story\"",
    );
    client.change(&page, &reasoned);
    client.clean(&page);

    // The game's fix: the console opens the door too.
    let fixed = apply(&broken, &edits(1));
    assert_eq!(fixed, saved.replace("opens = [1] }", "opens = [1, 2] }"));
    client.change(&page, &fixed);
    client.clean(&page);
    assert!(client.shutdown().success());
}

#[test]
fn hover_says_what_is_at_a_place_a_door_a_page_and_a_location() {
    let work = Work::with_pack("hover", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start(&work.root);
    let page_text = client.open_saved(&page);
    let pack_text = client.open_saved(&pack);
    let cases = [
        (
            &page,
            &page_text,
            "\"H5\"",
            1,
            "**L1p1 H5** — board space\n- console 1: opens door 1",
        ),
        (
            &page,
            &page_text,
            "\"H7 north\"",
            1,
            "**L1p1 H7 north** (beside H7 and I7) — door 1 between H7 and I7",
        ),
        (
            &page,
            &page_text,
            "opens = [2]",
            9,
            "**L1p1 door 2 between B8 and C8** — `B8 north`\n- opened by the keycard on J9",
        ),
        (&page, &page_text, "\"TD\"", 1, "**TD** — Tithe Docks"),
        (
            &pack,
            &pack_text,
            "\"L1p1\"",
            1,
            "**L1p1** — Clamp Seven\n- `book1/page1.toml`, 12×10 spaces, Location `TD`\n- Location: Tithe Docks (TD)\n- the start page",
        ),
    ];
    for (path, text, needle, into, expected) in cases {
        let hover = client.request("textDocument/hover", at(path, position(text, needle, into)));
        assert_eq!(hover["contents"]["kind"], "markdown", "{needle}");
        assert_eq!(hover["contents"]["value"], expected, "{needle}");
    }
    // A key is described by the game's JSON Schema.
    let hover = client.request(
        "textDocument/hover",
        at(&page, position(&page_text, "colour", 1)),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .starts_with("A random discovery"),
        "{hover}"
    );
    // Nothing is said of a comment.
    let hover = client.request(
        "textDocument/hover",
        at(&page, position(&page_text, "#          1", 3)),
    );
    assert_eq!(hover, Value::Null);
    assert!(client.shutdown().success());
}

#[test]
fn definition_leads_to_the_door_the_page_file_and_the_location() {
    let work = Work::with_pack("definition", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let page2 = work.path(&format!("{PACK}/book1/page2.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start(&work.root);
    let page_text = client.open_saved(&page);
    let pack_text = client.open_saved(&pack);
    let line_of = |text: &str, needle: &str| position(text, needle, 0)["line"].clone();
    let cases = [
        // A console's `opens = [1]` → door 1.
        (
            &page,
            &page_text,
            "opens = [1]",
            9,
            &page,
            line_of(&page_text, "{ number = 1, at = \"H7 north\" }"),
        ),
        // A keycard's door.
        (
            &page,
            &page_text,
            "opens = [2]",
            9,
            &page,
            line_of(&page_text, "{ number = 2, at = \"B8 north\" }"),
        ),
        // The page's Location → its entry in pack.toml.
        (
            &page,
            &page_text,
            "\"TD\"",
            1,
            &pack,
            line_of(&pack_text, "[[locations]]\ndesignation = \"TD\""),
        ),
        // A pack's `pages` entry → the file; a page id → its file.
        (
            &pack,
            &pack_text,
            "\"book1/page2.toml\"",
            1,
            &page2,
            json!(0),
        ),
        (&pack, &pack_text, "\"L1p1\"", 1, &page, json!(0)),
        (&pack, &pack_text, "\"L1p2 west\"", 1, &page2, json!(0)),
    ];
    for (path, text, needle, into, file, line) in cases {
        let found = client.request(
            "textDocument/definition",
            at(path, position(text, needle, into)),
        );
        let found = found
            .as_array()
            .unwrap_or_else(|| panic!("{needle}: {found}"));
        assert_eq!(found.len(), 1, "{needle}");
        assert_eq!(found[0]["uri"], uri(file), "{needle}");
        assert_eq!(found[0]["range"]["start"]["line"], line, "{needle}");
    }
    // A Location arrow's target → that page's file.
    let page2_text = client.open_saved(&page2);
    let found = client.request(
        "textDocument/definition",
        at(&page2, position(&page2_text, "target = \"L2p1\"", 10)),
    );
    assert_eq!(
        found[0]["uri"],
        uri(&work.path(&format!("{PACK}/book2/page1.toml")))
    );
    assert!(client.shutdown().success());
}

/// The names of an outline, nested, with their details.
fn outline(symbols: &Value) -> Vec<String> {
    let mut names = Vec::new();
    fn walk(symbols: &Value, depth: usize, names: &mut Vec<String>) {
        for symbol in symbols.as_array().into_iter().flatten() {
            let detail = symbol["detail"]
                .as_str()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            names.push(format!(
                "{}{}{detail}",
                "  ".repeat(depth),
                symbol["name"].as_str().unwrap()
            ));
            walk(&symbol["children"], depth + 1, names);
        }
    }
    walk(symbols, 0, &mut names);
    names
}

#[test]
fn document_symbols_outline_a_page_and_a_pack() {
    let work = Work::with_pack("symbols", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start(&work.root);
    client.open_saved(&page);
    client.open_saved(&pack);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&page) } }),
    );
    assert_eq!(
        outline(&symbols),
        [
            "L1p1 (Clamp Seven)",
            "  door 1 (H7 north)",
            "  door 2 (B8 north)",
            "  Assessors' desks",
            "  Quarantine crates",
            "  console 1 (H5)",
            "  keycard (J9)",
            "  gear cache (B4)",
            "  engram (J6)",
            "  Spacer start (F2)",
            "  Spacer start (F3)",
            "  Spacer start (E2)",
            "  Spacer start (E3)",
            "  Extraction Point (G2)",
            "  spawn point (I9 ne)",
            "  spawn point (H10 ne)",
            "  spawn point (C4 ne)",
            "  spawn point (A3 ne)",
        ]
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&pack) } }),
    );
    assert_eq!(
        outline(&symbols),
        [
            "book1/page1.toml",
            "book1/page2.toml",
            "book1/page3.toml",
            "book1/page4.toml",
            "book2/page1.toml",
            "book2/page2.toml",
            "book2/page3.toml",
            "book2/page4.toml",
            "book 1 (The Receiving Decks)",
            "book 2 (The Furnace and the Spire)",
            "CH (Counting House)",
            "CRUC (Crucible)",
            "SPIRE (Confessor Spire)",
            "TD (Tithe Docks)",
            "L1p1 east – L1p2 west",
            "L1p2 north – L1p3 south",
            "L1p2 east – L2p1 west",
            "L1p3 east – L1p4 west",
            "L2p1 east – L2p2 west",
            "L2p2 south – L2p3 north",
            "L2p3 east – L2p4 west",
        ]
    );
    assert!(client.shutdown().success());
}

#[test]
fn completion_offers_the_keys_and_values_the_json_schema_allows() {
    let work = Work::with_pack("complete", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let mut client = Client::start(&work.root);
    let saved = client.open_saved(&page);
    let labels = |answer: &Value| -> Vec<String> {
        answer
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };

    // A value of an enumeration, its quotes included.
    let typing = saved.replace("colour = \"blue\"", "colour = \"");
    client.change(&page, &typing);
    let answer = client.request(
        "textDocument/completion",
        at(&page, position(&typing, "colour = \"", 10)),
    );
    assert_eq!(labels(&answer), ["\"blue\"", "\"yellow\"", "\"red\""]);
    assert_eq!(
        answer[0]["textEdit"]["range"],
        json!({
            "start": position(&typing, "colour = \"", 9),
            "end": position(&typing, "colour = \"", 10),
        })
    );

    // The keys of `[edges]` not written yet, where a key starts.
    let typing = saved.replace("doors = [", "\nd\ndoors = [");
    client.change(&page, &typing);
    let answer = client.request(
        "textDocument/completion",
        at(&page, position(&typing, "\nd\n", 2)),
    );
    let offered = labels(&answer);
    // `walls` and `doors` are written already.
    assert_eq!(offered, ["red_lines"]);
    assert!(client.shutdown().success());
}

#[test]
fn bad_input_is_reported_and_the_server_serves_on() {
    let work = Work::with_pack("bad-input", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let mut client = Client::start(&work.root);
    client.open(&page, &saved);
    client.clean(&page);

    // Not TOML: the syntax error, where it is.
    let unparsable = saved.replace("[edges]", "[edges");
    client.change(&page, &unparsable);
    let found = client.some_diagnostics(&page);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["code"], "F001");
    assert_eq!(
        found[0]["range"]["start"]["line"],
        position(&unparsable, "[edges", 0)["line"]
    );
    // Requests on it are answered.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&page) } }),
    );
    assert!(symbols.is_array(), "{symbols}");
    let hover = client.respond(
        "textDocument/hover",
        at(&page, json!({ "line": 9999, "character": 9999 })),
    );
    assert!(hover.response_result.is_ok());

    // Over the size limit: the size error, at the file.
    let huge = format!("{saved}\n{}", "# padding\n".repeat(2_000_000));
    client.change(&page, &huge);
    let found = client.some_diagnostics(&page);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0]["code"], "F009");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("the limit is"),
        "{found:#?}"
    );

    // Parameters that are not the protocol's get an error, not a crash.
    let answer = client.respond("textDocument/hover", json!({ "nonsense": true }));
    assert_eq!(answer.response_result.unwrap_err().code, -32602);
    let answer = client.respond("deckplan/unknown", json!({}));
    assert_eq!(answer.response_result.unwrap_err().code, -32601);

    // And the server still checks.
    client.change(&page, &saved);
    client.clean(&page);
    assert!(client.is_running());
    assert!(client.shutdown().success());
}

/// A top-level key of each registered game's board file (the first file of
/// its first bundled pack besides `pack.toml`, or `pack.toml` when that is
/// the board), and the key misspelt.
const MISSPELT_KEY: &[(&str, (&str, &str))] = &[
    ("enormity", ("title", "titel")),
    ("nemesis", ("name", "nmae")),
    ("ti4", ("name", "nmae")),
    ("battlestations", ("name", "nmae")),
];

#[test]
fn every_game_s_board_file_gets_lint_s_diagnostics_and_the_fix() {
    for (ruleset, (key, misspelt)) in deckplan_tests::games::each(MISSPELT_KEY) {
        let game = deckplan_tests::games::game(ruleset.name());
        let bundled = &game.packs[0];
        let pack = bundled.file_name().unwrap().to_str().unwrap();
        let files = deckplan_tests::files::files_below(bundled);
        let board = files
            .iter()
            .find(|f| *f != Path::new("pack.toml"))
            .or(files.first())
            .unwrap();
        let work = Work::with_pack(&format!("game-{pack}"), pack);
        let path = work.root.join(pack).join(board);
        let saved = std::fs::read_to_string(&path).unwrap();
        let broken = saved.replacen(&format!("\n{key} = "), &format!("\n{misspelt} = "), 1);
        assert_ne!(broken, saved, "{pack}");
        let mut client = Client::start(&work.root);
        client.open(&path, &broken);
        let published = client.some_diagnostics(&path);
        std::fs::write(&path, &broken).unwrap();
        let linted: Vec<Value> = lint_json(&work.root, pack)
            .iter()
            .map(as_published)
            .collect();
        assert_eq!(comparable(&published), linted, "{pack}");
        assert_eq!(published[0]["code"], "F002", "{pack}");
        let offered = actions(&mut client, &path, &published[0]);
        assert_eq!(
            offered[0].0,
            format!("Replace {misspelt} with {key}"),
            "{pack}"
        );
        let fixed = apply(&broken, offered[0].1[uri(&path)].as_array().unwrap());
        assert_eq!(fixed, saved, "{pack}");
        client.change(&path, &fixed);
        client.clean(&path);
        assert!(client.shutdown().success());
    }
}

#[test]
fn a_ship_file_is_checked_with_its_pack_and_its_lint_table() {
    let pack = "kestrel-relay";
    let work = Work::with_pack("ship-pack", pack);
    let ship = work.path(&format!("{pack}/ship.toml"));
    let pack_file = work.path(&format!("{pack}/pack.toml"));
    let mut client = Client::start(&work.root);
    let pack_text = client.open_saved(&pack_file);
    let saved = client.open_saved(&ship);
    client.clean(&ship);
    // A second corridor between the cockpit and the bridge annex.
    let first = "[[corridors]]\nbetween = [\"cockpit\", \"bridge-annex\"]\nnumbers = [1]\n";
    let doubled = saved.replace(
        first,
        &format!(
            "{first}\n[[corridors]]\nbetween = [\"bridge-annex\", \"cockpit\"]\nnumbers = [2]\n"
        ),
    );
    client.change(&ship, &doubled);
    let found = client.some_diagnostics(&ship);
    let codes: Vec<&Value> = found.iter().map(|d| &d["code"]).collect();
    assert_eq!(codes, [&json!("N002"), &json!("N002"), &json!("N009")]);
    // The first corridor is pointed at too.
    assert_eq!(
        found[2]["relatedInformation"][0]["message"],
        "the first corridor"
    );
    // The pack's `[lint]` table, unsaved, applies to the ship file.
    let allowing = format!(
        "{pack_text}\n[lint]\ncorridor-loop-or-double = {{ level = \"allow\", reason = \"a test\" }}\nnumbers-not-partition = {{ level = \"allow\", reason = \"a test\" }}\n"
    );
    client.change(&pack_file, &allowing);
    client.clean(&ship);
    assert!(client.shutdown().success());
}

#[test]
fn a_nemesis_ship_has_an_outline_and_its_rooms_are_found_and_described() {
    let pack = "kestrel-relay";
    let work = Work::with_pack("nemesis", pack);
    let ship = work.path(&format!("{pack}/ship.toml"));
    let pack_file = work.path(&format!("{pack}/pack.toml"));
    let mut client = Client::start(&work.root);
    let text = client.open_saved(&ship);
    let pack_text = client.open_saved(&pack_file);

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&ship) } }),
    );
    let names = outline(&symbols);
    assert_eq!(names.len(), 1 + 15 + 24 + 2 + 10 + 4, "{names:#?}");
    assert_eq!(
        names[..4],
        [
            "Kestrel Relay (Kestrel Relay, single side)",
            "  cockpit (Cockpit)",
            "  bridge-annex (kind 1)",
            "  comms (kind 2)",
        ]
    );
    assert!(
        names.contains(&"  cockpit – bridge-annex (1)".to_string()),
        "{names:#?}"
    );
    assert!(names.contains(&"  network fore".to_string()), "{names:#?}");
    assert!(
        names.contains(&"  technical entrance, cockpit (network fore)".to_string()),
        "{names:#?}"
    );
    assert!(
        names.contains(&"  escape pod 1 (evac-a)".to_string()),
        "{names:#?}"
    );

    // A corridor's room → the room.
    let corridor = "between = [\"cockpit\", \"bridge-annex\"]";
    let found = client.request(
        "textDocument/definition",
        at(&ship, position(&text, corridor, 25)),
    );
    assert_eq!(found[0]["uri"], uri(&ship));
    assert_eq!(
        found[0]["range"]["start"]["line"],
        position(&text, "[[rooms]]\nid = \"bridge-annex\"", 0)["line"]
    );
    // A technical entrance's network → the network.
    let found = client.request(
        "textDocument/definition",
        at(&ship, position(&text, "network = \"aft\"", 12)),
    );
    assert_eq!(
        found[0]["range"]["start"]["line"],
        position(&text, "[[networks]]\nid = \"aft\"", 0)["line"]
    );
    // The pack's `ship` → the ship file.
    let found = client.request(
        "textDocument/definition",
        at(&pack_file, position(&pack_text, "\"ship.toml\"", 1)),
    );
    assert_eq!(found[0]["uri"], uri(&ship));

    let hover = client.request(
        "textDocument/hover",
        at(&ship, position(&text, corridor, 12)),
    );
    assert_eq!(
        hover["contents"]["value"],
        "**cockpit** — Cockpit\n- kind `cockpit` at [6, 0]\n- corridor 1 to bridge-annex\n- corridor 2 to comms\n- corridor 3 to observation\n- technical entrance 4 to network fore"
    );
    let hover = client.request(
        "textDocument/hover",
        at(
            &ship,
            position(&text, "section = \"B\"\nroom = \"evac-b\"", 22),
        ),
    );
    assert_eq!(
        hover["contents"]["value"],
        "**evac-b** — Evacuation Section B\n- kind `special` at [12, 8]\n- corridor 4 to starboard-lab, with a door\n- corridor 3 to armoury\n- corridor 1 to engine-3\n- technical entrance 2 to network aft\n- escape pod 2 of section B\n- escape pod 4 of section B"
    );
    let hover = client.request(
        "textDocument/hover",
        at(&ship, position(&text, "network = \"fore\"", 12)),
    );
    assert_eq!(
        hover["contents"]["value"],
        "**network fore** at [8, 0]\n- technical entrances in cockpit, bridge-annex, observation, port-lab, starboard-lab"
    );
    assert!(client.shutdown().success());
}

#[test]
fn a_ti4_galaxy_has_an_outline_and_its_positions_and_tiles_are_described() {
    let pack = "ti4-six-players";
    let work = Work::with_pack("ti4", pack);
    let galaxy = work.path(&format!("{pack}/pack.toml"));
    let saved = std::fs::read_to_string(&galaxy).unwrap();
    // A custom tile at position 36, with a blockade beside it.
    let text = saved.replace("\n36 = 78\n", "\n36 = 1000\n")
        + "\n[[modifiers]]\nname = \"Blockade\"\nblock = [1, 7]\n\n[[custom]]\nnumber = 1000\nname = \"Far Reach\"\nwormholes = [\"alpha\"]\n";
    let mut client = Client::start(&work.root);
    client.open(&galaxy, &text);
    client.clean(&galaxy);

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&galaxy) } }),
    );
    let names = outline(&symbols);
    assert_eq!(names.len(), 1 + 37 + 6 + 2 + 1, "{names:#?}");
    assert_eq!(
        names[..3],
        [
            "Six players: the Learn to Play galaxy (3 rings)",
            "  position 0 (tile 18, Mecatol Rex)",
            "  position 1 (tile 26, Lodor)",
        ]
    );
    assert!(
        names.contains(&"  position 36 (tile 1000, Far Reach)".to_string()),
        "{names:#?}"
    );
    assert!(
        names.contains(&"  seat 1 (position 19)".to_string()),
        "{names:#?}"
    );
    assert!(names.contains(&"  Blockade".to_string()), "{names:#?}");
    assert!(
        names.contains(&"  custom tile 1000 (Far Reach)".to_string()),
        "{names:#?}"
    );

    let hover = |client: &mut Client, needle: &str, into: usize| {
        let hover = client.request(
            "textDocument/hover",
            at(&galaxy, position(&text, needle, into)),
        );
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("(nothing)")
            .to_string()
    };
    let hovers = [
        hover(&mut client, "\n0 = 18", 1),
        hover(&mut client, "\n0 = 18", 5),
        hover(&mut client, "\n36 = 1000", 7),
        hover(&mut client, "position = 19", 12),
        hover(&mut client, "block = [1, 7]", 13),
    ];
    assert_eq!(
        hovers,
        [
            "**position 0** (ring 0)\n\n**tile 18** — Mecatol Rex\n- Mecatol Rex: 1 resource, 6 influence",
            "**tile 18** — Mecatol Rex\n- Mecatol Rex: 1 resource, 6 influence",
            "**tile 1000** — Far Reach (a custom tile of this galaxy)",
            "**position 19** (ring 3)\n\n**tile 1** — Jord\n- home system of Federation of Sol\n- Jord: 4 resources, 2 influence",
            "**position 7** (ring 2)\n\n**tile 71** — Ba'Kal and Alio Prima\n- Ba'Kal: 3 resources, 2 influence, industrial\n- Alio Prima: 1 resource, 1 influence, cultural",
        ]
    );

    let definition = |client: &mut Client, needle: &str, into: usize| {
        let found = client.request(
            "textDocument/definition",
            at(&galaxy, position(&text, needle, into)),
        );
        found[0]["range"]["start"]["line"].clone()
    };
    assert_eq!(
        definition(&mut client, "position = 19", 12),
        position(&text, "\n19 = ", 1)["line"]
    );
    assert_eq!(
        definition(&mut client, "block = [1, 7]", 13),
        position(&text, "\n7 = ", 1)["line"]
    );
    assert_eq!(
        definition(&mut client, "\n36 = 1000", 7),
        position(&text, "[[custom]]", 0)["line"]
    );
    assert!(client.shutdown().success());
}

#[test]
fn a_battlestations_ship_has_an_outline_and_its_doors_lead_to_their_modules() {
    let pack = "battlestations-wayfarer";
    let work = Work::with_pack("battlestations", pack);
    let ship = work.path(&format!("{pack}/ship.toml"));
    let mut client = Client::start(&work.root);
    let text = client.open_saved(&ship);

    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": uri(&ship) } }),
    );
    let names = outline(&symbols);
    assert_eq!(
        names[..6],
        [
            "Wayfarer (flying east)",
            "  door lower A8 west",
            "  door lower M15 south",
            "  door upper H1 north",
            "  cannon (cannon, lower)",
            "  life-support (life-support, lower)",
        ]
    );

    let hover = |client: &mut Client, needle: &str, into: usize| {
        let hover = client.request(
            "textDocument/hover",
            at(&ship, position(&text, needle, into)),
        );
        hover["contents"]["value"]
            .as_str()
            .unwrap_or("(nothing)")
            .to_string()
    };
    let hovers = [
        hover(&mut client, "\"lower A8 west\"", 3),
        hover(&mut client, "id = \"cannon\"", 7),
    ];
    assert_eq!(
        hovers,
        [
            "**door lower A8 west**, on the module\n\n**engine-port** — Port Engine\n- role `engine`, level lower, squares A6–E10, turned 180°",
            "**cannon**\n- role `cannon`, level lower, squares A1–E5",
        ]
    );
    let found = client.request(
        "textDocument/definition",
        at(&ship, position(&text, "\"lower A8 west\"", 3)),
    );
    assert_eq!(
        found[0]["range"]["start"]["line"],
        position(&text, "[[modules]]\nid = \"engine-port\"", 0)["line"]
    );
    assert!(client.shutdown().success());
}

#[test]
fn a_burst_of_changes_publishes_the_findings_of_the_last_text_only() {
    let work = Work::with_pack("debounce", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    // Changes within the quiet time are checked together; one that comes
    // while a check runs drops that check's findings.
    let mut client = Client::start_with(&work.root, &[], json!({ "debounceMs": 1500 }));
    client.open(&page, &saved);
    client.clean(&page);
    for n in 0..20 {
        client.change(
            &page,
            &saved.replace("\ntitle = ", &format!("\ntitle{n} = ")),
        );
    }
    client.change(&page, &saved);
    // The first publication is of the last text: nothing of the burst was
    // published.
    let first = client.diagnostics_where(&page, |_| true);
    assert_eq!(first, Vec::<Value>::new());
    assert!(client.shutdown().success());
}

#[test]
fn a_door_numbered_twice_is_renumbered_by_its_action() {
    let work = Work::with_pack("duplicate-door", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let broken = saved.replace(
        "{ number = 2, at = \"B8 north\" }",
        "{ number = 1, at = \"B8 north\" }",
    );
    let mut client = Client::start(&work.root);
    client.open(&page, &broken);
    let found = client.some_diagnostics(&page);
    let codes: Vec<&Value> = found.iter().map(|d| &d["code"]).collect();
    assert_eq!(codes, [&json!("F006"), &json!("F007")]);
    let offered = actions(&mut client, &page, &found[0]);
    let titles: Vec<&str> = offered.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Renumber this door 1 as door 2",
            "Remove this second door 1"
        ]
    );
    let fixed = apply(&broken, offered[0].1[uri(&page)].as_array().unwrap());
    assert_eq!(fixed, saved);
    client.change(&page, &fixed);
    client.clean(&page);
    assert!(client.shutdown().success());
}

/// Plants `from` → `to` in Location Book 1's page 2, then applies the
/// server's fix of the one finding that gives, as the editor applies it:
/// the line the fix offers is the saved one, the findings are then clean,
/// in the server and in `lint` of the file saved.
fn arrow_turned_back(test: &str, from: &str, to: &str, finding: &Value, fix: &str) {
    let work = Work::with_pack(test, PACK);
    let page = work.path(&format!("{PACK}/book1/page2.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let broken = saved.replace(from, to);
    assert_ne!(broken, saved);
    std::fs::write(&page, &broken).unwrap();
    let mut client = Client::start(&work.root);
    client.open(&page, &broken);
    let found = client.some_diagnostics(&page);
    assert_eq!(comparable(&found), vec![finding.clone()]);
    let line = found[0]["range"]["start"]["line"].clone();
    let offered = actions(&mut client, &page, &found[0]);
    let titles: Vec<&str> = offered.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(titles[1..], [fix]);
    // The arrow's line, and only it, written again.
    assert_eq!(
        offered[1].1,
        json!({ uri(&page): [{
            "range": {
                "start": { "line": line, "character": 0 },
                "end": { "line": line.as_u64().unwrap() + 1, "character": 0 },
            },
            "newText": format!("    {from}\n"),
        }]})
    );
    let fixed = apply(&broken, offered[1].1[uri(&page)].as_array().unwrap());
    assert_eq!(fixed, saved);
    client.change(&page, &fixed);
    client.clean(&page);
    std::fs::write(&page, &fixed).unwrap();
    assert_eq!(lint_json(&work.root, PACK), Vec::<Value>::new());
    assert!(client.shutdown().success());
}

#[test]
fn a_forced_arrow_into_out_of_bounds_space_is_turned_by_its_action() {
    // Turned north it crosses a red line, west it would send a Spacer back
    // and forth with the arrow on B7: east is the one turn offered.
    arrow_turned_back(
        "forced-arrow",
        "{ at = \"B8\", direction = \"east\" },",
        "{ at = \"B8\", direction = \"south\" },",
        &json!({
            "code": "R004",
            "severity": 1,
            "message": "the forced arrow on B8 points south into out-of-bounds space A8 (at L1p2 B8)\nhelp: turn the arrow, clear the way, or join a page on that edge",
            "range": {
                "start": { "line": 50, "character": 4 },
                "end": { "line": 50, "character": 38 },
            },
        }),
        "Turn the arrow on L1p2 B8 to point east",
    );
}

#[test]
fn a_location_arrow_along_its_edge_is_turned_across_it_by_its_action() {
    arrow_turned_back(
        "location-arrow",
        "{ at = \"J7\", direction = \"north\", target = \"L1p3\" },",
        "{ at = \"J7\", direction = \"west\", target = \"L1p3\" },",
        &json!({
            "code": "A004",
            "severity": 1,
            "message": "the Location arrow on J7 points west (along the edge), but J7 is on the north edge: it must point off the page (at L1p2 J7)\nhelp: point it north to lead off the page from J7",
            "range": {
                "start": { "line": 53, "character": 4 },
                "end": { "line": 53, "character": 54 },
            },
        }),
        "Turn the Location arrow on L1p2 J7 to point north",
    );
}

#[test]
fn a_join_across_books_without_location_arrows_gets_them_by_its_action() {
    let work = Work::with_pack("join-arrows", PACK);
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let page = work.path(&format!("{PACK}/book1/page2.toml"));
    let other = work.path(&format!("{PACK}/book2/page1.toml"));
    let saved = std::fs::read_to_string(&page).unwrap();
    let other_saved = std::fs::read_to_string(&other).unwrap();
    // Neither side of the join L1p2 east – L2p1 west has its arrows: page
    // L2p1 has no Location arrow left at all.
    let arrows = "    { at = \"F12\", direction = \"east\", target = \"L2p1\" },\n    { at = \"E12\", direction = \"east\", target = \"L2p1\" },\n";
    let other_arrows = "location_arrows = [\n    { at = \"H1\", direction = \"west\", target = \"L1p2\" },\n    { at = \"G1\", direction = \"west\", target = \"L1p2\" },\n]\n";
    let broken = saved.replace(arrows, "");
    let other_broken = other_saved.replace(other_arrows, "");
    assert_ne!(broken, saved);
    assert_ne!(other_broken, other_saved);
    std::fs::write(&page, &broken).unwrap();
    std::fs::write(&other, &other_broken).unwrap();
    let mut client = Client::start(&work.root);
    let pack_text = client.open_saved(&pack);
    client.open(&page, &broken);
    client.open(&other, &other_broken);
    let found = client.some_diagnostics(&pack);
    let join = position(&pack_text, "[[joins]]\nfrom = \"L1p2 east\"", 0)["line"].clone();
    assert_eq!(
        comparable(&found),
        vec![json!({
            "code": "A006",
            "severity": 2,
            "message": "the join from L1p2 east to L2p1 west joins pages of different Location Books, but no Location arrow points across it (at L1p2 east / L2p1 west)\nhelp: add a Location arrow on a space along L1p2 east, pointing east with `target = \"L2p1\"` (or along L2p1 west, pointing west with `target = \"L1p2\"`), or remove the join",
            "range": {
                "start": { "line": join, "character": 0 },
                "end": { "line": join, "character": 9 },
            },
        })]
    );
    let offered = actions(&mut client, &pack, &found[0]);
    let titles: Vec<&str> = offered.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        titles[1..],
        ["Place Location arrows across the join on L1p2 E12, F12 and L2p1 G1, H1"]
    );
    // Every board space facing the other page gets its arrow: the ones the
    // pack had, in both page files and nowhere else.
    let at_line = |text: &str, needle: &str| {
        let line = position(text, needle, 0)["line"].clone();
        json!({ "start": { "line": line, "character": 0 }, "end": { "line": line, "character": 0 } })
    };
    assert_eq!(
        offered[1].1,
        json!({
            uri(&page): [{
                "range": at_line(&broken, "]\nconsoles = ["),
                "newText": arrows,
            }],
            uri(&other): [{
                "range": at_line(&other_broken, "consoles = ["),
                "newText": other_arrows,
            }],
        })
    );
    let fixed = apply(&broken, offered[1].1[uri(&page)].as_array().unwrap());
    let other_fixed = apply(&other_broken, offered[1].1[uri(&other)].as_array().unwrap());
    assert_eq!(fixed, saved);
    assert_eq!(other_fixed, other_saved);
    client.change(&page, &fixed);
    client.change(&other, &other_fixed);
    client.clean(&pack);
    std::fs::write(&page, &fixed).unwrap();
    std::fs::write(&other, &other_fixed).unwrap();
    assert_eq!(lint_json(&work.root, PACK), Vec::<Value>::new());
    assert!(client.shutdown().success());
}

/// A client that can watch files for the server.
fn watching() -> Value {
    json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } })
}

fn changed_on_disk(client: &mut Client, changes: &[(&Path, u8)]) {
    let changes: Vec<Value> = changes
        .iter()
        .map(|(path, kind)| json!({ "uri": uri(path), "type": kind }))
        .collect();
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": changes }),
    );
}

/// The code, first line and message of each finding.
fn codes_lines(found: &[Value]) -> Vec<(Value, Value, Value)> {
    found
        .iter()
        .map(|d| {
            (
                d["code"].clone(),
                d["range"]["start"]["line"].clone(),
                d["message"].clone(),
            )
        })
        .collect()
}

#[test]
fn a_client_that_watches_files_is_asked_to_watch_the_map_files() {
    let work = Work::with_pack("watch-register", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let mut client = Client::start_capable(&work.root, watching());
    // Any answer comes after the request, sent at `initialized`.
    client.respond(
        "textDocument/hover",
        at(&page, json!({ "line": 0, "character": 0 })),
    );
    let requests: Vec<(String, Value)> = client
        .server_requests()
        .into_iter()
        .map(|r| (r.method, r.params))
        .collect();
    assert_eq!(
        requests,
        [(
            "client/registerCapability".to_string(),
            json!({ "registrations": [{
                "id": "deckplan-watch-map-files",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": { "watchers": [{ "globPattern": "**/*.toml" }] },
            }]}),
        )]
    );
    assert!(client.shutdown().success());

    // A client that cannot is not asked.
    let mut client = Client::start(&work.root);
    client.respond(
        "textDocument/hover",
        at(&page, json!({ "line": 0, "character": 0 })),
    );
    assert!(client.server_requests().is_empty());
    assert!(client.shutdown().success());
}

#[test]
fn a_page_changed_or_deleted_on_disk_rechecks_its_open_pack() {
    let work = Work::with_pack("watch-change", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let last = work.path(&format!("{PACK}/book2/page4.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start_capable(&work.root, watching());
    let pack_text = client.open_saved(&pack);
    client.clean(&pack);

    // Page 1 becomes page 9 on disk, as in the republish test.
    let saved = std::fs::read_to_string(&page).unwrap();
    std::fs::write(&page, saved.replace("\npage = 1\n", "\npage = 9\n")).unwrap();
    changed_on_disk(&mut client, &[(&page, 2)]);
    let found = client.some_diagnostics(&pack);
    assert_eq!(
        codes_lines(&found),
        vec![
            (
                json!("F007"),
                json!(3),
                json!("start page L1p1 is not in this pack\nhelp: did you mean `L1p2`?")
            ),
            (
                json!("F007"),
                json!(40),
                json!(
                    "join names page L1p1, which is not in this pack\nhelp: did you mean `L1p2`?"
                )
            ),
        ]
    );
    std::fs::write(&page, &saved).unwrap();
    changed_on_disk(&mut client, &[(&page, 2)]);
    client.clean(&pack);

    // A page deleted, then made again.
    let last_saved = std::fs::read_to_string(&last).unwrap();
    std::fs::remove_file(&last).unwrap();
    changed_on_disk(&mut client, &[(&last, 3)]);
    let found = client.some_diagnostics(&pack);
    assert_eq!(
        codes_lines(&found),
        vec![(
            json!("F012"),
            position(&pack_text, "\"book2/page4.toml\"", 0)["line"].clone(),
            json!(
                "cannot read page file `book2/page4.toml`: No such file or directory (os error 2)\nhelp: check the path; it is relative to the folder of pack.toml"
            )
        )]
    );
    std::fs::write(&last, &last_saved).unwrap();
    changed_on_disk(&mut client, &[(&last, 1)]);
    client.clean(&pack);
    assert!(client.shutdown().success());
}

#[test]
fn a_file_open_in_the_editor_is_checked_from_its_text_there_whatever_is_on_disk() {
    let work = Work::with_pack("watch-open", PACK);
    let page = work.path(&format!("{PACK}/book1/page1.toml"));
    let pack = work.path(&format!("{PACK}/pack.toml"));
    let mut client = Client::start_capable(&work.root, watching());
    client.open_saved(&pack);
    let saved = client.open_saved(&page);
    client.clean(&page);
    // Saved broken by another tool while the editor holds the good text.
    std::fs::write(&page, misspelt(&saved)).unwrap();
    changed_on_disk(&mut client, &[(&page, 2)]);
    // A change to the pack, the same text, checks the page with it: the
    // editor's text, still clean.
    client.change(&pack, &std::fs::read_to_string(&pack).unwrap());
    client.clean(&page);
    // Closed, the page is what is on disk.
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri(&page) } }),
    );
    let found = client.some_diagnostics(&page);
    assert_eq!(
        codes_lines(&found),
        vec![(
            json!("F002"),
            json!(4),
            json!("unknown key `titel`\nhelp: did you mean `title`?")
        )]
    );
    assert!(client.shutdown().success());
}
