//! `deckplan lsp` on Enormity's packs: hover on a place, a door, a page and
//! a Location; go to definition; the outline of a page and a pack; and the
//! fixes Enormity's checks offer (doors renumbered, arrows turned, Location
//! arrows added to a join).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use client::{Client, Work, actions, apply, at, comparable, lint_json, outline, position, uri};
use serde_json::{Value, json};

const PACK: &str = "derelict-meridian-tithe";

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
