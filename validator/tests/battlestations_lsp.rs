//! `deckplan lsp` on Battlestations ships: the outline, and doors that lead
//! to their modules.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use client::{Client, Work, at, outline, position, uri};
use serde_json::json;

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
