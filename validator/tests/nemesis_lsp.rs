//! `deckplan lsp` on Nemesis ships: a ship file checked with its pack and
//! the pack's `[lint]` table, its outline, and its rooms found and described.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use client::{Client, Work, at, outline, position, uri};
use serde_json::{Value, json};

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
