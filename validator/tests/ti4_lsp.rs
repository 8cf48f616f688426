//! `deckplan lsp` on TI4 galaxies: the outline, and positions and tiles
//! described.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

#[path = "lsp/client.rs"]
mod client;

use client::{Client, Work, at, outline, position, uri};
use serde_json::json;

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
