//! `deckplan lsp` against a client speaking JSON-RPC over its pipes, as an
//! editor does, on what the server does for every game: diagnostics on open
//! and on change (the same as `lint`), the pack re-checked for every open
//! file and for a file changed on disk, the generic fixes (a misspelt key,
//! a check allowed), completion from the JSON Schema, every game's board
//! file, and bad input that the server answers and outlives. The examples
//! are an Enormity pack; what each game's own language support adds is
//! tested in `<game>_lsp.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use std::path::Path;

use client::{
    Client, Work, actions, apply, as_published, at, comparable, lint_json, position, uri,
};
use serde_json::{Value, json};

const PACK: &str = "derelict-meridian-tithe";

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
