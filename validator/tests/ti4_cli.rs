//! The TI4 galaxy commands end to end: map strings in and out, lint, fmt,
//! schema, and what `show` and `render` say until galaxies are drawn.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The "Learn to Play" six-player galaxy, from TI4-TTPG's map-string database.
const SIX: &str = "26 61 64 59 62 63 71 45 69 41 65 68 72 79 66 80 75 67 0 73 40 0 74 46 0 37 49 0 60 77 0 76 47 0 70 78";

fn deckplan(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("deckplan-ti4-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn a_map_string_imports_as_a_clean_canonical_galaxy_and_exports_unchanged() {
    let dir = scratch("import");
    let out = deckplan(
        &dir,
        &["import", "--map-string", SIX, "--name", "Six", "-o", "six"],
    );
    assert_eq!(
        text(&out.stdout),
        "wrote six/pack.toml\n",
        "{}",
        text(&out.stderr)
    );
    let out = deckplan(&dir, &["lint", "six"]);
    assert_eq!(
        text(&out.stdout),
        "Checked 1 galaxy in 1 pack: no problems.\n"
    );
    let out = deckplan(&dir, &["fmt", "--check", "six"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    let out = deckplan(&dir, &["export", "--map-string", "six"]);
    assert_eq!(text(&out.stdout), format!("{SIX}\n"));
    let again = deckplan(&dir, &["import", "--map-string", SIX, "-o", "six"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr)
            .contains("six/pack.toml already exists; pass --overwrite to replace it")
    );
}

#[test]
fn a_bad_map_string_is_refused_at_its_token() {
    let dir = scratch("bad");
    let out = deckplan(&dir, &["import", "--map-string", "26 61 84C0"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: map string: `84C0` at bytes 6..10: `C` is not a hyperlane face: faces are A and B; did you mean `84A0` or `84B0`?\n"
    );
}

/// `26,,30` leaves position 2 empty: an error, as TI4-TTPG's validator has
/// it, never tile 30 read at position 2.
#[test]
fn an_empty_token_is_refused_and_a_string_may_start_with_minus_one() {
    let dir = scratch("empty");
    let out = deckplan(&dir, &["import", "--map-string", "26,,30"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: map string: `,` at bytes 3..4: two commas with no tile between them: write `0` for an open position or `-1` for a position without a tile\n"
    );
    // Without `=`, a string that starts with `-1` is still the option's value.
    let out = deckplan(&dir, &["import", "--map-string", "-1 26 30"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with("[tiles]\n0 = 18\n2 = 26\n3 = 30\n"),
        "{}",
        text(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bundled_hyperlane_galaxy_exports_its_hyperlanes() {
    let out = deckplan(
        &repository(),
        &["export", "--map-string", "maps/ti4-five-hyperlanes"],
    );
    assert_eq!(
        text(&out.stdout),
        "77 40 41 85A0 39 65 67 60 70 66 74 88A0 75 87A0 68 72 73 69 7 62 76 8 79 71 9 80 83A0 86A0 84A0 63 10 64 78 11 61 59\n"
    );
}

#[test]
fn show_draws_the_galaxy_with_symbols_seats_and_balance() {
    let out = deckplan(
        &repository(),
        &["show", "tests/fixtures/checks/ti4/T003-seat-placement/pass"],
    );
    assert_eq!(
        text(&out.stdout),
        "                [1]
                #1


                18
                #0


                [2]
                #4

T003-seat-placement pass · 2 rings
α β γ δ wormholes   : asteroid field   ~ nebula   * supernova   @ gravity rift   [ ] home seat   #19 position (spiral index)
Seat 1 (position 1): within 1 move 1 resources / 6 influence; within 2 moves 5 / 7; wormholes within 2: none
Seat 2 (position 4): within 1 move 1 resources / 6 influence; within 2 moves 5 / 8; wormholes within 2: none
Seat 1 share: 0.5 systems, 0.5 resources / 3 influence, optimal 0 / 3 = 3, 0 tech, 0 legendary, 0 wormholes, 0 anomalies
Seat 2 share: 0.5 systems, 0.5 resources / 3 influence, optimal 0 / 3 = 3, 0 tech, 0 legendary, 0 wormholes, 0 anomalies
Spread of optimal totals: 0 (every seat equal)
",
        "{}",
        text(&out.stderr)
    );
    let out = deckplan(
        &repository(),
        &[
            "show",
            "tests/fixtures/checks/ti4/T001-adjacent-anomalies/fail",
        ],
    );
    assert!(
        text(&out.stdout)
            .starts_with("         41@\n         #1\n                42~\n                #2\n"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn render_draws_a_galaxy_as_one_picture() {
    let out_dir = std::env::temp_dir().join(format!("deckplan-ti4-render-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(&out_dir).unwrap();
    let picture = out_dir.join("galaxy.svg");
    let out = deckplan(
        &repository(),
        &[
            "render",
            "maps/ti4-six-players",
            "-o",
            picture.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&picture).unwrap();
    // Mecatol Rex in the centre, a seat ring, and every one of the 37 positions outlined.
    assert!(svg.contains("Mecatol Rex 1/6"), "{svg}");
    assert!(svg.contains("seat 1"), "{svg}");
    assert!(svg.contains("aria-label=\"alpha wormhole\""), "{svg}");
    assert_eq!(
        svg.matches("<polygon").count(),
        37 + 6,
        "37 hexes and 6 seat rings"
    );
    let _ = std::fs::remove_dir_all(&out_dir);
}

#[test]
fn the_schema_of_a_galaxy_needs_no_flag() {
    let out = deckplan(&repository(), &["schema", "--ruleset", "ti4"]);
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(schema["title"], "deckplan TI4 galaxy");
}

#[test]
fn reach_lists_systems_with_a_path_and_the_rift_rolls() {
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-six-players",
            "--from",
            "25",
            "--move",
            "2",
        ],
    );
    let answer = text(&out.stdout);
    assert!(
        answer.starts_with("A ship at 25 (tile 3, Darien) with move 2 can move into 10 systems (no active system named: each as if activated; systems holding your command tokens cannot be activated):\n"),
        "{answer}"
    );
    assert!(
        answer.contains(
            "2 (tile 61, Ang): 25 → 24 → 10 → 2 (gravity rift roll at 10: destroyed on 1–3)\n"
        ),
        "{answer}"
    );
    assert!(
        answer.contains("\n24 (tile 46, empty): 25 → 24\n"),
        "{answer}"
    );
    assert!(
        answer.contains("\n10 (tile 41, gravity rift): 25 → 24 → 10\n"),
        "{answer}"
    );
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-six-players",
            "--from",
            "25",
            "--move",
            "2",
            "--active",
            "11",
            "--enemy",
            "24",
            "--format",
            "json",
        ],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["destinations"][0]["path"],
        serde_json::json!(["25", "11"])
    );
    assert_eq!(json["destinations"].as_array().map(Vec::len), Some(1));
}

/// The answer reads without the spiral in one's head: JSON carries each
/// system's tile number and name beside its position.
#[test]
fn reach_json_carries_tile_numbers_and_names() {
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-five-hyperlanes",
            "--from",
            "19",
            "--move",
            "1",
            "--format",
            "json",
        ],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        json["start"],
        serde_json::json!({ "system": "19", "tile": 7, "name": "Winnu" })
    );
    let rift = json["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["system"] == "7")
        .unwrap();
    assert_eq!(
        (&rift["tile"], &rift["name"], &rift["path"]),
        (
            &serde_json::json!(67),
            &serde_json::json!("Cormund"),
            &serde_json::json!(["19", "7"])
        )
    );
    assert_eq!(json["planning"], true);
}

/// From 19 with move 2, position 8 is two systems away by 19 → 7 → 8 (7 is
/// a gravity rift: one point and a roll) and by 19 → 20 → 8 (two points, no
/// roll). Both are legal; the one shown is the one without a roll.
#[test]
fn reach_shows_the_safest_of_the_shortest_paths() {
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-five-hyperlanes",
            "--from",
            "19",
            "--move",
            "2",
        ],
    );
    let answer = text(&out.stdout);
    assert!(
        answer.contains("\n8 (tile 60, Perimeter): 19 → 20 → 8\n"),
        "{answer}"
    );
}

#[test]
fn check_path_says_legal_or_names_the_first_rule_broken() {
    let legal = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-five-hyperlanes",
            "--check-path",
            "19,7,8",
            "--move",
            "1",
        ],
    );
    assert_eq!(legal.status.code(), Some(0));
    assert_eq!(
        text(&legal.stdout),
        "19 → 7 → 8 is a legal move: 2 systems entered; gravity rift roll at 7 (tile 67, Cormund): destroyed on 1–3.\n"
    );
    let broken = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-five-hyperlanes",
            "--check-path",
            "19 → 20 → 8",
            "--move",
            "1",
        ],
    );
    assert_eq!(broken.status.code(), Some(1));
    assert_eq!(
        text(&broken.stdout),
        "19 → 20 → 8 is not a legal move at 8 (tile 60, Perimeter): entering it makes 2 systems entered, more than move 1 allows.\n"
    );
    let mismatch = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-five-hyperlanes",
            "--from",
            "20",
            "--check-path",
            "19,7",
            "--move",
            "1",
        ],
    );
    assert_eq!(
        text(&mismatch.stderr),
        "error: --check-path starts at 19, but --from is 20\n"
    );
}

#[test]
fn adjacent_lists_every_neighbour_by_what_joins_it() {
    let out = deckplan(
        &repository(),
        &["reach", "maps/ti4-five-hyperlanes", "--adjacent", "5"],
    );
    // Position 5 (south-west of the centre) touches four systems, reaches 3
    // and 13 along the hyperlanes south-east and south of it, and 23 by its
    // alpha wormhole.
    assert_eq!(
        text(&out.stdout),
        "7 systems adjacent to 5 (tile 39, alpha wormhole):\n\
         \x20 0 (tile 18, Mecatol Rex): sides touch (north-east side)\n\
         \x20 3 (tile 41, gravity rift): a hyperlane (leaving by the south-east side)\n\
         \x20 6 (tile 65, Primor): sides touch (north side)\n\
         \x20 13 (tile 75, Loki, Abaddon and Ashtroth): a hyperlane (leaving by the south side)\n\
         \x20 15 (tile 68, Everra): sides touch (south-west side)\n\
         \x20 16 (tile 72, Lisis and Velnor): sides touch (north-west side)\n\
         \x20 23 (tile 79, asteroid field): alpha wormholes\n"
    );
}

#[test]
fn off_board_systems_and_modifiers_are_named_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("deckplan-ti4-off-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("pack.toml"),
        "format = 1\nruleset = \"ti4\"\nname = \"t\"\nrings = 1\noff_board = [51]\n\n\
         [tiles]\n0 = 18\n1 = 17\n2 = 26\n3 = 25\n\n\
         [[modifiers]]\nname = \"Wormhole Reconstruction\"\njoin = [\"alpha\", \"beta\"]\nenabled = false\n",
    )
    .unwrap();
    let pack = dir.to_str().unwrap();
    let from_off = deckplan(
        &repository(),
        &[
            "reach",
            pack,
            "--from",
            "off-board 51",
            "--move",
            "1",
            "--active",
            "1",
        ],
    );
    assert_eq!(
        text(&from_off.stdout),
        "A ship at off-board 51 (Creuss) with move 1 can move into the active system, 1 (tile 17, delta wormhole):\n\
         1 (tile 17, delta wormhole): off-board 51 → 1\n"
    );
    let joined = deckplan(
        &repository(),
        &[
            "reach",
            pack,
            "--adjacent",
            "2",
            "--modifier",
            "Wormhole Reconstruction=on",
        ],
    );
    assert!(
        text(&joined.stdout).contains(
            "  3 (tile 25, Quann): sides touch (south side); alpha and beta wormholes joined by the modifier \"Wormhole Reconstruction\"\n"
        ),
        "{}",
        text(&joined.stdout)
    );
    let unknown = deckplan(
        &repository(),
        &["reach", pack, "--from", "off:82", "--move", "1"],
    );
    assert_eq!(
        text(&unknown.stderr),
        "error: tile 82 is not beside this galaxy's board (its `off_board` lists 51)\n"
    );
    let misspelt = deckplan(
        &repository(),
        &[
            "reach",
            pack,
            "--adjacent",
            "2",
            "--modifier",
            "Wormhole Reconstuction=on",
        ],
    );
    assert_eq!(
        text(&misspelt.stderr),
        "error: --modifier `Wormhole Reconstuction=on`: the galaxy has no modifier named `Wormhole Reconstuction`; did you mean `Wormhole Reconstruction`?\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reach_refuses_a_ship_under_its_own_command_token() {
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/ti4-six-players",
            "--from",
            "25",
            "--move",
            "2",
            "--token",
            "25",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: the ship starts at position 25, which holds its own command token and is not the active system\n"
    );
}

#[test]
fn enormity_reach_refuses_the_ti4_flags() {
    let out = deckplan(
        &repository(),
        &[
            "reach",
            "maps/derelict-meridian-tithe",
            "--from",
            "L1p1:C3",
            "--move",
            "2",
            "--active",
            "3",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: --active does not apply to Enormity Location maps: it is an option of `reach` for Twilight Imperium 4 galaxies\n"
    );
}

/// Two anomalies side by side (T001), as a lone galaxy file with `extra` appended.
fn anomalies_galaxy(dir: &Path, extra: &str) {
    std::fs::write(
        dir.join("galaxy.toml"),
        format!(
            "format = 1\nruleset = \"ti4\"\nname = \"Rifts\"\nrings = 1\n\n[tiles]\n0 = 18\n1 = 41\n2 = 42\n3 = 19\n{extra}"
        ),
    )
    .unwrap();
}

#[test]
fn a_galaxy_lint_table_allows_a_warning_with_its_reason_and_is_kept_by_fmt() {
    let dir = scratch("lint-table");
    anomalies_galaxy(&dir, "");
    let out = deckplan(&dir, &["lint", "galaxy.toml"]);
    assert!(
        text(&out.stdout).contains("warning[T001]"),
        "{}",
        text(&out.stdout)
    );
    anomalies_galaxy(
        &dir,
        "\n[lint]\nadjacent-anomalies = { level = \"allow\", reason = \"the draft left no other place\" }\n",
    );
    let out = deckplan(&dir, &["lint", "galaxy.toml"]);
    assert_eq!(
        text(&out.stdout),
        "Checked 1 galaxy on its own: no problems.\n"
    );
    let out = deckplan(&dir, &["fmt", "--check", "galaxy.toml"]);
    assert!(out.status.success(), "{}", text(&out.stdout));
    anomalies_galaxy(
        &dir,
        "\n[lint]\nadjacent-anomalies = { level = \"deny\", reason = \"this table plays without anomaly clusters\" }\n",
    );
    let out = deckplan(&dir, &["lint", "galaxy.toml"]);
    assert!(
        text(&out.stdout).contains("error[T001]") && !out.status.success(),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_galaxy_lint_table_names_unknown_checks_and_codes_used_as_names() {
    let dir = scratch("lint-unknown");
    anomalies_galaxy(
        &dir,
        "\n[lint]\nT001 = { level = \"allow\", reason = \"drafted\" }\nlone-wormhol = { level = \"warn\", reason = \"house rule\" }\n",
    );
    let out = deckplan(&dir, &["lint", "--format", "json", "galaxy.toml"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let found: Vec<(String, String, String, u64)> = json["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
                d["help"].as_str().unwrap_or_default().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![
            (
                "T001".to_string(),
                "tile 42 at position 2 is next to tile 41 at position 1, both with an anomaly"
                    .to_string(),
                "swap one of them with a system elsewhere in its ring, unless no other placement is possible".to_string(),
                9
            ),
            (
                "F013".to_string(),
                "`T001` is a check code; settings name checks by name".to_string(),
                "did you mean `adjacent-anomalies`?".to_string(),
                13
            ),
            (
                "F013".to_string(),
                "`lone-wormhol` is not a TI4 check".to_string(),
                "did you mean `lone-wormhole`?".to_string(),
                14
            ),
        ]
    );
}

#[test]
fn lint_json_carries_each_seat_balance_as_information() {
    let out = deckplan(
        &repository(),
        &["lint", "--format", "json", "maps/ti4-five-hyperlanes"],
    );
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let seats = json["information"].as_array().unwrap();
    // Five seats, then the spread of their optimal totals.
    assert_eq!(seats.len(), 6);
    assert_eq!(
        seats[1],
        serde_json::json!({
            "file": "maps/ti4-five-hyperlanes/pack.toml",
            "kind": "seat-balance",
            "seat": 2,
            "position": 22,
            "within_one_move": { "resources": 4, "influence": 7 },
            "within_two_moves": { "resources": 16, "influence": 13 },
            "wormholes_within_two_moves": ["alpha", "beta"],
            "share": {
                "systems": 5.2, "resources": 6.7, "influence": 8.7,
                "optimal_resources": 5.0, "optimal_influence": 6.7, "optimal_total": 11.7,
                "tech_specialties": 1.0, "legendary_planets": 0.5,
                "wormholes": 2.0, "anomalies": 1.0
            }
        })
    );
    assert_eq!(
        seats[5],
        serde_json::json!({
            "file": "maps/ti4-five-hyperlanes/pack.toml",
            "kind": "balance-spread",
            "optimal_total_spread": 2.0,
            "best_seat": 4,
            "worst_seat": 2
        })
    );
    // The same figures `show` prints for that seat.
    let shown = deckplan(&repository(), &["show", "maps/ti4-five-hyperlanes"]);
    assert!(text(&shown.stdout).contains(
        "Seat 2 (position 22): within 1 move 4 resources / 7 influence; within 2 moves 16 / 13; wormholes within 2: alpha, beta\n"
    ));
    assert!(text(&shown.stdout).contains(
        "Seat 2 share: 5.2 systems, 6.7 resources / 8.7 influence, optimal 5 / 6.7 = 11.7, 1 tech, 0.5 legendary, 2 wormholes, 1 anomalies\nSeat 3"
    ));
    assert!(
        text(&shown.stdout).ends_with("Spread of optimal totals: 2 (seat 4 best, seat 2 worst)\n")
    );
    // An Enormity pack has no such figures, and its JSON has no `information` key.
    let out = deckplan(
        &repository(),
        &["lint", "--format", "json", "maps/derelict-meridian-tithe"],
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.get("information").is_none());
}
