//! End-to-end tests of `deckplan blip` and `deckplan los` on the picture
//! fixtures of `tests/fixtures/rules`: the human text, the JSON document and
//! the exit codes (0 for an answer, 2 for a place that is not on the pack).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

mod common;

use common::stdout;

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/rules")
}

fn deckplan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(args)
        .current_dir(fixtures())
        .env("NO_COLOR", "1")
        .output()
        .expect("the deckplan binary runs")
}

#[test]
fn blip_prints_the_path_and_where_it_is_revealed() {
    // img/example-blip-movement-2.png: down first, then straight along B5's top line.
    let out = deckplan(&[
        "blip",
        "blip-movement",
        "--at",
        "L1p1:C2 ne",
        "--toward",
        "L1p1:B5",
        "--steps",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "Blip on L1p1 C2 ne, 3 moves toward the Spacer on L1p1 B5:\n  \
         1. south to L1p1 B2 ne\n  \
         2. east to L1p1 B3 ne\n  \
         3. east to L1p1 B4 ne\n  \
         revealed on moving adjacent to the Spacer on L1p1 B5 — at L1p1 B4 ne\n"
    );
}

#[test]
fn blip_json_lists_every_option() {
    let out = deckplan(&[
        "blip",
        "blip-spawn",
        "--at",
        "L1p1:A1 se",
        "--toward",
        "L1p1:D1",
        "--steps",
        "1",
        "--blip",
        "L1p1:A1 nw",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let options = json["options"].as_array().unwrap();
    // A1 se (x 1, y 0) is on D1's east line: straight north, no choice.
    assert_eq!(options.len(), 1);
    assert_eq!(options[0]["steps"][0]["to"], "L1p1 A1 ne");
    assert_eq!(options[0]["ending"]["kind"], "completed");
    assert_eq!(options[0]["revealed"], false);
}

#[test]
fn blip_stops_at_a_welded_door() {
    let out = deckplan(&[
        "blip",
        "blip-movement",
        "--at",
        "L1p1:D1 nw",
        "--toward",
        "L1p1:D6",
        "--steps",
        "4",
        "--weld-door",
        "L1p1:1",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Door 1 is on D2's north side, from D1 ne to D2 ne: the first step reaches it.
    assert_eq!(json["options"][0]["end"], "L1p1 D1 ne");
    assert_eq!(json["options"][0]["ending"]["kind"], "welded_door");
}

#[test]
fn los_says_what_blocks_the_line() {
    // img/los-example.png, second Grin.
    let out = deckplan(&[
        "los",
        "los-example",
        "--from",
        "L1p1:B5",
        "--to",
        "L1p1:D5",
        "--intruder",
        "L1p1:D5",
        "--open-door",
        "L1p1:1",
        "--open-door",
        "L1p1:2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(
        text.starts_with("L1p1 B5 has no line of sight to L1p1 D5.\n"),
        "{text}"
    );
    assert!(text.contains("  - wall on L1p1 C5 north\n"), "{text}");

    // The first Grin, through the open doors.
    let out = deckplan(&[
        "los",
        "los-example",
        "--from",
        "L1p1:B5",
        "--to",
        "L1p1:D2",
        "--open-door",
        "L1p1:1",
        "--open-door",
        "L1p1:2",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["visible"], true);
    assert_eq!(json["line"]["from"], "L1p1 B5 nw");
    assert_eq!(json["blockers"], serde_json::json!([]));
}

#[test]
fn places_off_the_pack_are_usage_errors() {
    let out = deckplan(&["los", "los-example", "--from", "L1p1:B5", "--to", "L1p1:Z9"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("L1p1 Z9 is off the page (5×4)"));
    let out = deckplan(&[
        "blip",
        "blip-movement",
        "--at",
        "L1p1:C3",
        "--toward",
        "L1p1:B5",
        "--steps",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// A question the rules cannot start from is refused with what is wrong and
/// where (exit 2), rather than answered about a different board.
#[test]
fn impossible_pieces_are_refused_by_name() {
    let cases: &[&[&str]] = &[
        // The Spacer a Blip moves toward stands out of bounds, or on an obstacle.
        &[
            "blip",
            "blip-movement",
            "--at",
            "L1p1:C2 ne",
            "--toward",
            "L1p1:A1",
            "--steps",
            "2",
        ],
        &[
            "blip",
            "blip-movement",
            "--at",
            "L1p1:C2 ne",
            "--toward",
            "L1p1:B6",
            "--steps",
            "2",
            "--patrol",
            "east",
        ],
        &[
            "reach",
            "blip-movement",
            "--from",
            "L1p1:C3",
            "--move",
            "2",
            "--spacer",
            "L1p1:B6",
        ],
        // The same Blip twice, and the moving Blip again among the others.
        &[
            "blip",
            "blip-movement",
            "--at",
            "L1p1:C2 ne",
            "--toward",
            "L1p1:C5",
            "--steps",
            "2",
            "--blip",
            "L1p1:D1 nw",
            "--blip",
            "L1p1:D1 nw",
        ],
        &[
            "blip",
            "blip-movement",
            "--at",
            "L1p1:C2 ne",
            "--toward",
            "L1p1:C5",
            "--steps",
            "2",
            "--blip",
            "L1p1:C2 ne",
        ],
        // Another Spacer on the moving Spacer's own space.
        &[
            "reach",
            "blip-movement",
            "--from",
            "L1p1:C3",
            "--move",
            "2",
            "--spacer",
            "L1p1:C3",
        ],
        // A door both open and welded; a Spacer and an Intruder on one space.
        &[
            "los",
            "blip-movement",
            "--from",
            "L1p1:C3",
            "--to",
            "L1p1:C5",
            "--open-door",
            "L1p1:1",
            "--welded-door",
            "L1p1:1",
        ],
        &[
            "reach",
            "blip-movement",
            "--from",
            "L1p1:C3",
            "--move",
            "2",
            "--spacer",
            "L1p1:C5",
            "--intruder",
            "L1p1:C5",
        ],
    ];
    let mut transcript = String::new();
    for args in cases {
        let out = deckplan(args);
        transcript.push_str(&format!(
            "$ deckplan {}\nexit {:?}\n{}\n",
            args.join(" "),
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
    insta::assert_snapshot!("impossible_pieces", transcript);
}

/// `--welded-door` is the one spelling across `reach`, `blip` and `los`;
/// the older `--weld-door` is still read.
#[test]
fn welded_door_is_spelled_the_same_everywhere() {
    for command in ["reach", "blip", "los"] {
        let out = deckplan(&[command, "--help"]);
        let help = stdout(&out);
        assert!(
            help.contains("--welded-door <PAGE:NUMBER>"),
            "{command}: {help}"
        );
        assert!(!help.contains("--weld-door"), "{command}: {help}");
    }
    // The old spelling still works (see `blip_stops_at_a_welded_door`), and
    // both name the same option: given twice, the door is refused as given twice.
    let out = deckplan(&[
        "los",
        "blip-movement",
        "--from",
        "L1p1:C2",
        "--to",
        "L1p1:C3",
        "--welded-door",
        "L1p1:1",
        "--weld-door",
        "L1p1:1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: L1p1 door 1 is given twice with --welded-door; give each door once\n"
    );
}

/// "Blips starting their turn adjacent to a welded door ignore it": from
/// D1 ne, an end of door 1's line, the Blip runs along it to D2 ne.
#[test]
fn blip_starting_beside_a_welded_door_ignores_it() {
    let out = deckplan(&[
        "blip",
        "blip-movement",
        "--at",
        "L1p1:D1 ne",
        "--toward",
        "L1p1:D6",
        "--steps",
        "2",
        "--welded-door",
        "L1p1:1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "Blip on L1p1 D1 ne, 2 moves toward the Spacer on L1p1 D6:\n  \
         1. east to L1p1 D2 ne\n  \
         2. east to L1p1 D3 ne\n  \
         moved all its steps — at L1p1 D3 ne\n"
    );
}

/// `deckplan noise` on an Enormity pack: one die per Blip, nearest first; two
/// Blips equally near are ordered by the players, and each distinct end state
/// is listed with its moves.
#[test]
fn noise_moves_every_blip_and_lists_each_end_state() {
    let out = deckplan(&[
        "noise",
        "blip-movement",
        "--spacer",
        "L1p1:C4",
        "--blip",
        "L1p1:C1 ne=1",
        "--blip",
        "L1p1:D2 ne=1",
    ]);
    assert_eq!(out.status.code(), Some(0));
    insta::assert_snapshot!("noise_two_blips", stdout(&out));

    let out = deckplan(&[
        "noise",
        "blip-movement",
        "--spacer",
        "L1p1:C4",
        "--blip",
        "L1p1:C1 ne=1",
        "--blip",
        "L1p1:D2 ne=1",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["outcomes"].as_array().unwrap().len(), 2);
    assert_eq!(
        json["order"],
        serde_json::json!([["L1p1 C1 ne", "L1p1 D2 ne"]])
    );
    assert_eq!(
        json["outcomes"][1]["revealed"],
        serde_json::json!(["L1p1 C3 ne"])
    );

    // A Blip without its die, and Nemesis options on an Enormity pack, are refused.
    let out = deckplan(&[
        "noise",
        "blip-movement",
        "--spacer",
        "L1p1:C4",
        "--blip",
        "L1p1:C1 ne",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: `L1p1:C1 ne` has no die; write the Noise on the Blip's die after `=`, like \
         `L1p1:C1 ne=2` (0 for a quiet die)\n"
    );
    let out = deckplan(&["noise", "blip-movement", "--room", "x"]);
    assert_eq!(out.status.code(), Some(2));
}

/// `--full-alert`: the Blip heads for the Extraction space, here one printed
/// out of bounds, and is revealed beside it.
#[test]
fn blip_on_full_alert_heads_for_the_extraction_space() {
    let out = deckplan(&[
        "blip",
        "blip-movement",
        "--at",
        "L1p1:C1 ne",
        "--toward",
        "L1p1:A1",
        "--steps",
        "3",
        "--full-alert",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "Blip on L1p1 C1 ne on Full Alert, 3 moves toward the Extraction space L1p1 A1:\n  \
         1. south to L1p1 B1 ne\n  \
         2. south to L1p1 A1 ne\n  \
         revealed on moving adjacent to the Extraction space L1p1 A1 — at L1p1 A1 ne\n"
    );
}

/// `deckplan reveal`: the steps of a reveal, with the players' choices.
#[test]
fn reveal_lists_the_steps_of_each_token() {
    let mut transcript = String::new();
    for args in [
        // Token B in Extraction: three Intruders next to the Spacer on C4.
        &["--token", "b", "--phase", "extraction"][..],
        // Token A in Infiltration after a Scout action: one, no ambush.
        &["--token", "a", "--phase", "infiltration", "--scout"][..],
        // An Echo: no spawn point on this fixture, so Overwhelm.
        &["--token", "echo", "--phase", "eclipse"][..],
        // The random token: a Unique Specimen card.
        &["--token", "unique", "--phase", "eclipse"][..],
    ] {
        let mut all = vec!["reveal", "blip-movement", "--spacer", "L1p1:C4"];
        all.extend_from_slice(args);
        let out = deckplan(&all);
        assert_eq!(out.status.code(), Some(0), "{all:?}");
        transcript.push_str(&format!("$ deckplan {}\n{}\n", all.join(" "), stdout(&out)));
    }
    insta::assert_snapshot!("reveal_steps", transcript);
    let out = deckplan(&[
        "reveal",
        "blip-movement",
        "--spacer",
        "L1p1:C4",
        "--token",
        "c",
        "--phase",
        "eclipse",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: `c` is not a reveal token; use echo, a, b or unique\n"
    );
}
