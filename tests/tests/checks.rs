//! Every check has a failing fixture that yields exactly its own diagnostics
//! (snapshotted in full) and a passing fixture that yields none.
//!
//! Fixtures live in `tests/fixtures/checks/<CODE>-<name>/{fail,pass}/`, each a
//! small pack. Adding a check means adding its folder and one line below. A check
//! with a second kind of message adds another failing case beside them (e.g.
//! `fail-none`) and a test of its own at the end.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};

use deckplan_validator::lint::{LintOutcome, lint_paths};
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ruleset::REGISTRY;

fn lint(path: &Path) -> LintOutcome {
    lint_paths(&[path.to_path_buf()]).unwrap()
}

fn fixture(dir: &str, case: &str) -> PathBuf {
    Path::new("fixtures/checks").join(dir).join(case)
}

fn render(outcome: &LintOutcome) -> String {
    human::render(&outcome.diagnostics, &outcome.summary(), Styling::Plain)
}

/// Lints a failing fixture: it must yield diagnostics of its check's code only.
fn failing(dir: &str, case: &str) -> LintOutcome {
    let code = dir.split('-').next().unwrap();
    let fail = lint(&fixture(dir, case));
    assert!(
        !fail.diagnostics.is_empty(),
        "{dir}/{case} produced no diagnostic"
    );
    let codes: Vec<&str> = fail.diagnostics.iter().map(|d| d.code).collect();
    assert!(
        codes.iter().all(|c| *c == code),
        "{dir}/{case} produced other codes: {codes:?}\n{}",
        render(&fail)
    );
    fail
}

/// Lints both fixtures of a check and compares them with what is expected.
fn run(dir: &str) {
    let fail = failing(dir, "fail");
    insta::assert_snapshot!(dir, render(&fail));
    let pass = lint(&fixture(dir, "pass"));
    assert!(
        pass.diagnostics.is_empty(),
        "{dir}/pass is not clean:\n{}",
        render(&pass)
    );
}

macro_rules! check_fixtures {
    ($($test:ident: $dir:literal,)*) => {
        $(
            #[test]
            fn $test() {
                run($dir);
            }
        )*

        /// Every registered check has a fixture folder listed here, and every folder is a check.
        #[test]
        fn every_check_has_fixtures() {
            let listed: Vec<&str> = vec![$($dir),*];
            // Nemesis checks (N…) are listed by tests/nemesis_checks.rs.
            let mut metas: Vec<_> = REGISTRY
                .all()
                .flat_map(|r| r.checks())
                .filter(|m| !m.code.starts_with('N'))
                .collect();
            metas.sort_by_key(|m| m.code);
            let expected: Vec<String> = metas.iter().map(|m| format!("{}-{}", m.code, m.name)).collect();
            let mut on_disk: Vec<String> = std::fs::read_dir("fixtures/checks")
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                // Nemesis fixtures (N…) are listed by tests/nemesis_checks.rs.
                .filter(|name| !name.starts_with('N'))
                .collect();
            on_disk.sort();
            assert_eq!(listed, expected, "the list below must name every check, in code order");
            assert_eq!(on_disk, expected, "fixture folders must match the registered checks");
        }
    };
}

check_fixtures! {
    a001_misaligned_join: "A001-misaligned-join",
    a002_overlapping_pages: "A002-overlapping-pages",
    a003_impossible_join: "A003-impossible-join",
    a004_location_arrow_placement: "A004-location-arrow-placement",
    a005_location_arrow_target: "A005-location-arrow-target",
    a006_join_without_location_arrow: "A006-join-without-location-arrow",
    b001_missing_module: "B001-missing-module",
    b002_helm_facing: "B002-helm-facing",
    b003_engine_facing: "B003-engine-facing",
    b004_gun_facing: "B004-gun-facing",
    b005_stabilizer_exposed: "B005-stabilizer-exposed",
    b006_overlapping_modules: "B006-overlapping-modules",
    b007_door_off_hull: "B007-door-off-hull",
    b008_unreachable_square: "B008-unreachable-square",
    b009_module_without_door_path: "B009-module-without-door-path",
    b010_ladder_misaligned: "B010-ladder-misaligned",
    b011_unreachable_level: "B011-unreachable-level",
    e001_multiple_extraction_points: "E001-multiple-extraction-points",
    e002_extraction_point_unreachable: "E002-extraction-point-unreachable",
    e003_extraction_off_start_page: "E003-extraction-off-start-page",
    l001_unknown_check: "L001-unknown-check",
    l002_misplaced_lint_setting: "L002-misplaced-lint-setting",
    r001_unreachable_space: "R001-unreachable-space",
    r002_door_without_opener: "R002-door-without-opener",
    r003_trap_region: "R003-trap-region",
    r004_forced_arrow_blocked: "R004-forced-arrow-blocked",
    r005_no_spacer_start: "R005-no-spacer-start",
    r006_unrevealed_page: "R006-unrevealed-page",
    s001_spawn_point_unreachable: "S001-spawn-point-unreachable",
    s002_area_without_spawn: "S002-area-without-spawn",
    s003_spawn_point_near_spacer_start: "S003-spawn-point-near-spacer-start",
    s004_spawn_link_endpoint: "S004-spawn-link-endpoint",
    t001_adjacent_anomalies: "T001-adjacent-anomalies",
    t002_lone_wormhole: "T002-lone-wormhole",
    t003_seat_placement: "T003-seat-placement",
    t004_unreachable_system: "T004-unreachable-system",
    t005_tile_used_twice: "T005-tile-used-twice",
    t006_hyperlane_dead_end: "T006-hyperlane-dead-end",
    t007_position_outside_rings: "T007-position-outside-rings",
    x001_door_placement: "X001-door-placement",
    x002_feature_out_of_bounds: "X002-feature-out-of-bounds",
    x003_idle_edge_feature: "X003-idle-edge-feature",
}

/// E003 says something else when the pack has no Extraction Point at all.
#[test]
fn e003_pack_without_extraction_point() {
    let dir = "E003-extraction-off-start-page";
    let fail = failing(dir, "fail-none");
    insta::assert_snapshot!("E003-extraction-off-start-page-none", render(&fail));
}

/// R001's help names every kind of barrier around the area: a wall, an
/// obstacle, an Obstacle terrain tile and an out-of-bounds space.
#[test]
fn r001_names_every_kind_of_barrier() {
    let dir = "R001-unreachable-space";
    let fail = failing(dir, "fail-barriers");
    insta::assert_snapshot!("R001-unreachable-space-barriers", render(&fail));
}

/// R003 names the arrow to turn, and which way, when turning one frees the area.
#[test]
fn r003_names_the_arrow_to_turn() {
    let dir = "R003-trap-region";
    let fail = failing(dir, "fail-turn");
    insta::assert_snapshot!("R003-trap-region-turn", render(&fail));
}

/// B009 with doors that lead only into a part walled off from the rest:
/// every module of the main part is reported (and the closet by B008).
#[test]
fn b009_doors_only_into_a_walled_off_closet() {
    let dir = "B009-module-without-door-path";
    let outcome = lint(&fixture(dir, "fail-closet"));
    insta::assert_snapshot!("B009-module-without-door-path-closet", render(&outcome));
}

/// R001 on a page cut off by an impossible join names that join.
#[test]
fn r001_names_the_impossible_join_that_cuts_a_page_off() {
    let dir = "R001-unreachable-space";
    let fail = failing(dir, "fail-impossible-join");
    insta::assert_snapshot!("R001-unreachable-space-impossible-join", render(&fail));
}

/// E002 on a page nobody reaches says it follows from the page, not the point.
#[test]
fn e002_on_a_cut_off_page_names_the_page() {
    let dir = "E002-extraction-point-unreachable";
    let fail = failing(dir, "fail-cut-off");
    insta::assert_snapshot!("E002-extraction-point-unreachable-cut-off", render(&fail));
}

/// L001 still reads the `[lint]` table of a page that has format errors, and
/// reports the misspelt name beside them.
#[test]
fn l001_checks_the_settings_of_a_page_with_format_errors() {
    let outcome = lint(&fixture("L001-unknown-check", "fail-broken-page"));
    let codes: Vec<&str> = outcome.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["F002", "L001"]);
    insta::assert_snapshot!("L001-unknown-check-broken-page", render(&outcome));
}
