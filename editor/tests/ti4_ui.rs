//! Headless UI tests of TI4 galaxy editing: the real editor window driven
//! through egui_kittest — tiles placed from the palette (by a click and by
//! dragging), moved and swapped, hyperlanes turned and flipped, seats,
//! rings, modifiers (switched, added, renamed, removed) and custom tiles
//! (defined, renumbered, removed), each undone; map strings copied and
//! pasted; and the bundled five- and six-player galaxies built from an
//! empty document with the editor alone.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

mod common;

use common::{app, click_at, copied, drag, files, problems, save_into, scratch, type_into};
use deckplan_editor::action::Action;
use deckplan_editor::app::EditorApp;
use deckplan_editor::paint::ScreenMap as _;
use deckplan_editor::ti4::Inspect as _;
use deckplan_editor::ti4::action::GalaxyAction;
use deckplan_editor::ti4::document::{Document, Opened};
use deckplan_editor::ti4::edit::state;
use deckplan_editor::ti4::panels::playtest::shown;
use deckplan_schema::ti4::catalogue::{Face, Wormhole};
use deckplan_schema::ti4::galaxy::{Effect, GalaxyFile};
use deckplan_schema::ti4::hex::Hex;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::write::wormhole_name;
use deckplan_validator::ti4::draw::centre;
use egui::{Key, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};

/// What `deckplan export --map-string maps/ti4-five-hyperlanes` prints
/// (pinned by the validator's own CLI test).
const FIVE_MAP_STRING: &str = "77 40 41 85A0 39 65 67 60 70 66 74 88A0 75 87A0 68 72 73 69 7 62 76 8 79 71 9 80 83A0 86A0 84A0 63 10 64 78 11 61 59";

fn galaxy(harness: &Harness<'_, EditorApp>) -> GalaxyFile {
    harness.state().galaxy_document().unwrap().galaxy().clone()
}

fn slot(harness: &Harness<'_, EditorApp>, index: u32) -> Option<Slot> {
    galaxy(harness).tiles.get(&index).map(|p| p.slot)
}

fn seats(harness: &Harness<'_, EditorApp>) -> Vec<(u8, u32)> {
    galaxy(harness)
        .homes
        .iter()
        .map(|h| (h.seat, h.position))
        .collect()
}

fn big_harness(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_size(vec2(1800.0, 1300.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui_frame(ui), app);
    harness.run();
    harness
}

/// The screen point of a position's centre, zooming out until it is on the canvas.
fn at(harness: &mut Harness<'_, EditorApp>, index: u32) -> Pos2 {
    for _ in 0..12 {
        let geo = harness
            .state()
            .galaxy_geometry()
            .expect("a galaxy is shown");
        let canvas = harness.state().galaxy_canvas().unwrap();
        let p = centre(Hex::from_index(index));
        let pos = geo.screen(p.x as f32, p.y as f32);
        if canvas.shrink(30.0).contains(pos) {
            return pos;
        }
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
        harness.run();
    }
    panic!("#{index} never came into view");
}

fn undo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
}

fn redo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run();
}

fn key(harness: &mut Harness<'_, EditorApp>, key: Key) {
    harness.key_press(key);
    harness.run();
}

/// Starts a new galaxy from the File menu.
fn new_galaxy(harness: &mut Harness<'_, EditorApp>, name: &str, rings: u32) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    harness.get_by_label("TI4").click();
    harness.run();
    type_into(harness, "Galaxy name", name);
    type_into(harness, "Rings", &rings.to_string());
    harness.get_by_label("Create pack").click();
    harness.run();
    assert!(harness.state().dialog().is_none());
}

/// The palette line of a tile, found by searching its number.
fn palette_entry(harness: &mut Harness<'_, EditorApp>, token: &str) -> String {
    type_into(harness, "Search tiles", token);
    let prefix = format!("{token} · ");
    harness
        .query_all_by_role(egui::accesskit::Role::Button)
        .filter_map(|n| n.accesskit_node().label())
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no palette tile {token}"))
}

/// Places a tile by choosing it in the palette and clicking a position.
fn place(harness: &mut Harness<'_, EditorApp>, token: &str, index: u32) {
    let label = palette_entry(harness, token);
    harness.get_by_label(&label).click();
    harness.run();
    let pos = at(harness, index);
    click_at(harness, pos);
    assert_eq!(harness.state().galaxy_selection(), Some(index));
}

/// Selects a position with a click.
fn select(harness: &mut Harness<'_, EditorApp>, index: u32) {
    let pos = at(harness, index);
    click_at(harness, pos);
    assert_eq!(harness.state().galaxy_selection(), Some(index));
}

/// Builds the bundled galaxy `name` in a new, empty document with the
/// palette, the keyboard and the inspector only (its modifiers through the
/// inspector's form), saves it in a fresh folder and checks the folder
/// holds exactly the bundled files, byte for byte.
fn rebuild_with_the_editor_alone(name: &str) {
    let dir = scratch(&format!("{name}-rebuild"));
    let bundled = common::bundled(name);
    let wanted = match Document::open(&bundled).unwrap() {
        Opened::Editable(doc) => doc.galaxy().clone(),
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut harness = big_harness(app(None, &dir));
    new_galaxy(&mut harness, &wanted.name, wanted.rings);
    for (index, placed) in &wanted.tiles {
        let (token, turns, flipped) = match placed.slot {
            Slot::System(number) => (number.to_string(), 0, false),
            Slot::Hyperlane {
                number,
                face,
                rotation,
            } => (number.to_string(), rotation, face == Face::B),
            other => panic!("the bundled galaxy holds no {other}"),
        };
        place(&mut harness, &token, *index);
        for _ in 0..turns {
            key(&mut harness, Key::R);
        }
        if flipped {
            key(&mut harness, Key::B);
        }
        assert_eq!(slot(&harness, *index), Some(placed.slot), "#{index}");
    }
    for home in &wanted.homes {
        select(&mut harness, home.position);
        key(&mut harness, Key::H);
    }
    for modifier in &wanted.modifiers {
        add_modifier(
            &mut harness,
            &modifier.name,
            modifier.effect,
            modifier.enabled,
        );
    }
    assert_eq!(problems(&mut harness), Vec::new());
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run();
    let copy = dir.join("copy");
    save_into(&mut harness, &copy);
    assert!(harness.state().dialog().is_none(), "saved");
    // A new pack folder also gets the shell's `.gitignore` of backups.
    let written: Vec<_> = files(&copy)
        .into_iter()
        .filter(|(p, _)| p.as_os_str() != ".gitignore")
        .collect();
    assert!(written == files(&bundled), "the rebuilt pack.toml differs");
}

/// Sets a checkbox of the inspector to `on` (a click when it differs).
fn tick(harness: &mut Harness<'_, EditorApp>, label: &str, on: bool) {
    let node = harness.get_by_label(label);
    let ticked = node.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True);
    if ticked != on {
        node.click();
        harness.run();
    }
}

/// Fills in the inspector's modifier form and presses "Add modifier".
fn add_modifier(harness: &mut Harness<'_, EditorApp>, name: &str, effect: Effect, enabled: bool) {
    type_into(harness, "Modifier name", name);
    match effect {
        Effect::Join(a, b) => {
            harness.get_by_label("Join wormholes").click();
            harness.run();
            for wormhole in ["alpha", "beta", "gamma", "delta"] {
                let on = [wormhole_name(a), wormhole_name(b)].contains(&wormhole);
                tick(harness, &format!("{wormhole} wormholes"), on);
            }
        }
        Effect::Block(a, b) => {
            harness.get_by_label("Block a border").click();
            harness.run();
            type_into(harness, "Border of #", &a.to_string());
            type_into(harness, "and #", &b.to_string());
        }
    }
    tick(harness, "In force", enabled);
    harness.get_by_label("Add modifier").click();
    harness.run();
}

/// The bundled five-player galaxy, built from an empty document with the
/// palette, the keyboard and the inspector only, saves byte for byte as
/// its file.
#[test]
fn the_bundled_five_player_galaxy_is_built_from_nothing_with_the_editor_alone() {
    rebuild_with_the_editor_alone("ti4-five-hyperlanes");
}

/// So does the six-player galaxy, its switched-off wormhole modifier added
/// through the inspector's form.
#[test]
fn the_bundled_six_player_galaxy_is_built_from_nothing_with_the_editor_alone() {
    rebuild_with_the_editor_alone("ti4-six-players");
}

#[test]
fn a_palette_tile_is_placed_by_a_click_or_a_drag_and_each_is_one_undo_step() {
    let dir = scratch("ti4-place");
    let mut harness = big_harness(app(None, &dir));
    new_galaxy(&mut harness, "Test", 3);
    place(&mut harness, "26", 0);
    assert_eq!(slot(&harness, 0), Some(Slot::System(26)));
    // Marked as on the map in the palette.
    assert_eq!(
        palette_entry(&mut harness, "26"),
        "26 · Lodor 3/1 · alpha wormhole · on the map"
    );
    // Dragged from the palette onto #1.
    let label = palette_entry(&mut harness, "65");
    let from = harness.get_by_label(&label).rect().center();
    let to = at(&mut harness, 1);
    drag(&mut harness, from, to);
    assert_eq!(slot(&harness, 1), Some(Slot::System(65)));
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Place tile 65 at #1")
    );
    undo(&mut harness);
    assert_eq!(slot(&harness, 1), None);
    undo(&mut harness);
    assert_eq!(slot(&harness, 0), None);
    redo(&mut harness);
    assert_eq!(slot(&harness, 0), Some(Slot::System(26)));
    // Delete clears the selected position.
    select(&mut harness, 0);
    key(&mut harness, Key::Delete);
    assert_eq!(slot(&harness, 0), None);
    undo(&mut harness);
    assert_eq!(slot(&harness, 0), Some(Slot::System(26)));
}

#[test]
fn tiles_are_moved_and_swapped_by_dragging_and_hyperlanes_turned_and_flipped() {
    let dir = scratch("ti4-move");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    // #2 holds 40, #3 41; #37 is empty, in the ring beyond the layout.
    let (from, to) = (at(&mut harness, 2), at(&mut harness, 3));
    drag(&mut harness, from, to);
    assert_eq!(
        (slot(&harness, 2), slot(&harness, 3)),
        (Some(Slot::System(41)), Some(Slot::System(40)))
    );
    undo(&mut harness);
    assert_eq!(
        (slot(&harness, 2), slot(&harness, 3)),
        (Some(Slot::System(40)), Some(Slot::System(41)))
    );
    let (from, to) = (at(&mut harness, 2), at(&mut harness, 37));
    drag(&mut harness, from, to);
    assert_eq!(
        (slot(&harness, 2), slot(&harness, 37)),
        (None, Some(Slot::System(40)))
    );
    // Outside the rings: T007, live.
    let found = problems(&mut harness);
    assert!(
        found.contains(&(
            "T007",
            "position 37 is in ring 4, outside the galaxy's 3 rings".to_string()
        )),
        "{found:?}"
    );
    undo(&mut harness);
    assert_eq!(
        (slot(&harness, 2), slot(&harness, 37)),
        (Some(Slot::System(40)), None)
    );

    // #4 holds 85A0.
    select(&mut harness, 4);
    key(&mut harness, Key::R);
    key(&mut harness, Key::R);
    key(&mut harness, Key::B);
    let lane = |face, rotation| {
        Some(Slot::Hyperlane {
            number: 85,
            face,
            rotation,
        })
    };
    assert_eq!(slot(&harness, 4), lane(Face::B, 2));
    undo(&mut harness);
    assert_eq!(slot(&harness, 4), lane(Face::A, 2));
    undo(&mut harness);
    assert_eq!(slot(&harness, 4), lane(Face::A, 1));
    undo(&mut harness);
    assert_eq!(slot(&harness, 4), lane(Face::A, 0));
    // A system does not turn.
    select(&mut harness, 5);
    assert!(
        !harness
            .state()
            .actions()
            .enabled(GalaxyAction::Rotate.into())
    );
}

#[test]
fn seats_are_placed_moved_and_taken_away_each_in_one_step() {
    let dir = scratch("ti4-seats");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    let before = seats(&harness);
    select(&mut harness, 22);
    key(&mut harness, Key::H);
    assert_eq!(seats(&harness), [(1, 19), (3, 25), (4, 31), (5, 34)]);
    select(&mut harness, 20);
    key(&mut harness, Key::H);
    assert_eq!(
        seats(&harness),
        [(1, 19), (2, 20), (3, 25), (4, 31), (5, 34)]
    );
    select(&mut harness, 21);
    harness.get_by_label("Move seat 2 here").click();
    harness.run();
    assert_eq!(
        seats(&harness),
        [(1, 19), (2, 21), (3, 25), (4, 31), (5, 34)]
    );
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Move seat 2 to #21")
    );
    undo(&mut harness);
    undo(&mut harness);
    undo(&mut harness);
    assert_eq!(seats(&harness), before);
}

#[test]
fn rings_are_added_and_removed_and_modifiers_switched() {
    let dir = scratch("ti4-rings");
    let pack = copied("ti4-six-players", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    harness.get_by_label("Add ring").click();
    harness.run();
    assert_eq!(galaxy(&harness).rings, 4);
    harness.get_by_label("Remove ring").click();
    harness.run();
    harness.get_by_label("Remove ring").click();
    harness.run();
    assert_eq!(galaxy(&harness).rings, 2);
    // The outer ring's tiles stay, each reported.
    let found = problems(&mut harness);
    assert_eq!(
        found.iter().filter(|(code, _)| *code == "T007").count(),
        18,
        "{found:?}"
    );
    undo(&mut harness);
    undo(&mut harness);
    undo(&mut harness);
    assert_eq!(galaxy(&harness).rings, 3);
    let name = "Wormhole Reconstruction (alpha and beta wormholes adjacent)";
    harness.get_by_label(name).click();
    harness.run();
    assert!(galaxy(&harness).modifiers[0].enabled);
    undo(&mut harness);
    assert!(!galaxy(&harness).modifiers[0].enabled);
    assert!(!harness.state().actions().dirty);
}

/// The status bar's message.
fn status(harness: &Harness<'_, EditorApp>) -> String {
    harness
        .state()
        .status_message()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn modifiers_are_added_renamed_and_removed_each_in_one_step_and_bad_ones_refused() {
    let dir = scratch("ti4-modifiers");
    let pack = copied("ti4-six-players", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    let before = state(&galaxy(&harness));
    let modifiers = |harness: &Harness<'_, EditorApp>| -> Vec<(String, Effect, bool)> {
        galaxy(harness)
            .modifiers
            .iter()
            .map(|m| (m.name.clone(), m.effect, m.enabled))
            .collect()
    };
    let reconstruction = (
        "Wormhole Reconstruction (alpha and beta wormholes adjacent)".to_string(),
        Effect::Join(Wormhole::Alpha, Wormhole::Beta),
        false,
    );
    // Refused: no name, positions that do not touch, one wormhole type.
    add_modifier(&mut harness, "", Effect::Block(1, 7), true);
    assert_eq!(
        status(&harness),
        "Modifier not added: a modifier needs a name"
    );
    add_modifier(&mut harness, "Far", Effect::Block(1, 4), true);
    assert_eq!(
        status(&harness),
        "Modifier not added: #1 and #4 do not touch: a blocked border lies between two positions whose sides touch"
    );
    type_into(&mut harness, "Modifier name", "One");
    harness.get_by_label("Join wormholes").click();
    harness.run();
    tick(&mut harness, "alpha wormholes", true);
    tick(&mut harness, "beta wormholes", false);
    harness.get_by_label("Add modifier").click();
    harness.run();
    assert_eq!(
        status(&harness),
        "Modifier not added: tick two wormhole types to join"
    );
    assert_eq!(state(&galaxy(&harness)), before);
    // Added, with its border written lower position first.
    add_modifier(&mut harness, "Wall", Effect::Block(7, 1), true);
    let wall = ("Wall".to_string(), Effect::Block(1, 7), true);
    assert_eq!(modifiers(&harness), [reconstruction.clone(), wall.clone()]);
    undo(&mut harness);
    assert_eq!(modifiers(&harness), std::slice::from_ref(&reconstruction));
    redo(&mut harness);
    assert_eq!(modifiers(&harness), [reconstruction.clone(), wall.clone()]);
    // Renamed to the name typed in the form; an empty one is refused.
    let name = &reconstruction.0;
    type_into(&mut harness, "Modifier name", "Reconstruction");
    let rename = harness.query_all_by_label("Rename").next().unwrap();
    rename.click();
    harness.run();
    assert_eq!(modifiers(&harness)[0].0, "Reconstruction");
    undo(&mut harness);
    assert_eq!(&modifiers(&harness)[0].0, name);
    type_into(&mut harness, "Modifier name", " ");
    harness.query_all_by_label("Rename").next().unwrap().click();
    harness.run();
    assert_eq!(status(&harness), "Not renamed: a modifier needs a name");
    // Removed, and back with undo.
    harness.query_all_by_label("Remove").next().unwrap().click();
    harness.run();
    assert_eq!(modifiers(&harness), std::slice::from_ref(&wall));
    undo(&mut harness);
    assert_eq!(modifiers(&harness), [reconstruction, wall]);
    undo(&mut harness);
    assert_eq!(state(&galaxy(&harness)), before);
    assert!(!harness.state().actions().dirty);
}

#[test]
fn the_map_string_is_copied_as_export_prints_it_and_pasted_as_import_reads_it() {
    let dir = scratch("ti4-map-string");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run();
    assert_eq!(
        harness.state().galaxy_copied().as_deref(),
        Some(FIVE_MAP_STRING)
    );
    let before = galaxy(&harness);
    // Ctrl+V with a map string on the clipboard.
    harness.event(egui::Event::Paste("26 39 25".to_string()));
    harness.run();
    harness.run();
    assert_eq!(
        deckplan_editor::ti4::ops::map_string(&galaxy(&harness)),
        "26 39 25"
    );
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Paste map string")
    );
    undo(&mut harness);
    assert_eq!(galaxy(&harness), before);
    // The Galaxy menu's dialog, with import's errors.
    harness.get_by_label("Galaxy").click();
    harness.run();
    harness.get_by_label_contains("Paste map string…").click();
    harness.run();
    type_into(&mut harness, "Map string", "26 999 25");
    harness.get_by_label("Read map string").click();
    harness.run();
    harness.get_by_label_contains("map string: ");
    type_into(&mut harness, "Map string", FIVE_MAP_STRING);
    harness.get_by_label("Read map string").click();
    harness.run();
    assert!(!harness.state().board().unwrap().has_dialog());
    assert_eq!(
        deckplan_editor::ti4::ops::map_string(&galaxy(&harness)),
        FIVE_MAP_STRING
    );
}

#[test]
fn position_numbers_are_a_view_toggle() {
    let dir = scratch("ti4-positions");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    let action: Action = GalaxyAction::ShowPositions.into();
    assert_eq!(harness.state().actions().checked(action), Some(false));
    key(&mut harness, Key::N);
    assert_eq!(harness.state().actions().checked(action), Some(true));
    key(&mut harness, Key::N);
    assert_eq!(harness.state().actions().checked(action), Some(false));
}

#[test]
fn a_galaxy_is_recovered_after_a_crash() {
    use deckplan_editor::dialogs::Dialog;
    use deckplan_editor::paths::AppDirs;
    use deckplan_editor::recovery;
    use deckplan_editor::ti4::edit::{Edit, Transaction};

    let dir = scratch("ti4-recover");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let dirs = AppDirs::under(&dir);
    let mut crashed = match Document::open(&pack).unwrap() {
        Opened::Editable(doc) => *doc,
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut step = Transaction::new("Place");
    step.edits.push(Edit::Tile(2, Some(Slot::System(26))));
    crashed.apply(step).unwrap();
    let slot = dirs
        .recovery()
        .join(recovery::slot_name(&crashed.origin, 0));
    recovery::write(&slot, &crashed).unwrap();

    let mut harness = big_harness(app(None, &dir));
    assert!(matches!(harness.state().dialog(), Some(Dialog::Recover(found)) if found.len() == 1));
    harness.get_by_label("Recover").click();
    harness.run();
    let doc = harness.state().galaxy_document().unwrap();
    assert!(doc.is_dirty(), "recovered work is unsaved");
    assert_eq!(doc.origin, crashed.origin);
    assert_eq!(doc.text(), crashed.text());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let text = std::fs::read_to_string(pack.join("pack.toml")).unwrap();
    assert_eq!(text, crashed.text());
    assert!(recovery::find(&dirs.recovery()).is_empty());
}

#[test]
fn a_problem_chosen_in_the_panel_selects_its_position() {
    let dir = scratch("ti4-jump");
    let pack = dir.join("pack");
    deckplan_tests::files::copy_dir(
        &common::fixture("ti4", "T007-position-outside-rings", "fail"),
        &pack,
    );
    let mut harness = big_harness(app(Some(pack), &dir));
    let found = problems(&mut harness);
    let (_, message) = found
        .iter()
        .find(|(code, _)| *code == "T007")
        .unwrap()
        .clone();
    assert_eq!(harness.state().galaxy_selection(), None);
    harness.get_by_label(&message).click();
    harness.run();
    let position: u32 = message
        .strip_prefix("position ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(harness.state().galaxy_selection(), Some(position));
}

#[test]
fn the_palette_is_searched_by_planet_name_and_filtered_by_kind() {
    let dir = scratch("ti4-palette");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    let listed = |harness: &Harness<'_, EditorApp>| -> Vec<String> {
        harness
            .query_all_by_role(egui::accesskit::Role::Button)
            .filter_map(|n| n.accesskit_node().label())
            .filter(|l| l.contains(" · "))
            .collect()
    };
    type_into(&mut harness, "Search tiles", "mecatol");
    assert_eq!(listed(&harness), ["18 · Mecatol Rex 1/6 · on the map"]);
    harness.get_by_label("Search tiles").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness.run();
    harness.get_by_label("Hyperlane").click();
    harness.run();
    let lanes = listed(&harness);
    assert_eq!(lanes.len(), 9, "{lanes:?}");
    assert!(lanes.iter().all(|l| l.contains("hyperlane")), "{lanes:?}");
    assert_eq!(lanes[0], "83 · hyperlane · on the map");
    harness.get_by_label("Wormhole").click();
    harness.run();
    type_into(&mut harness, "Search tiles", "beta");
    assert_eq!(
        listed(&harness),
        [
            "25 · Quann 2/1 · beta wormhole",
            "40 · beta wormhole · empty · on the map",
            "64 · Atlas 3/1 · beta wormhole · on the map",
        ]
    );
}

#[test]
fn the_balance_panel_shows_what_show_prints_and_follows_each_edit() {
    let dir = scratch("ti4-balance");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    harness.get_by_label("Spread of optimal totals: 2 (seat 4 best, seat 2 worst)");
    harness.get_by_label("Seat 2: optimal 5 / 6.7 = 11.7");
    harness.get_by_label(
        "5.2 systems, 6.7 resources / 8.7 influence, optimal 5 / 6.7 = 11.7, 1 tech, 0.5 legendary, 2 wormholes, 1 anomalies",
    );
    // Seat 2's neighbour #23 (79: asteroid field, alpha) swapped with #36 (59,
    // Archon Vail 1/3 with propulsion) by the first seat's home.
    let (from, to) = (at(&mut harness, 23), at(&mut harness, 36));
    drag(&mut harness, from, to);
    assert_eq!(slot(&harness, 23), Some(Slot::System(59)));
    harness.get_by_label_contains("Seat 2: optimal 5 / 9.7");
    undo(&mut harness);
    harness.get_by_label("Seat 2: optimal 5 / 6.7 = 11.7");
}

/// The answer `deckplan reach` gives for the same question, from the engine.
fn reach_lines(
    pack: &std::path::Path,
    play: &deckplan_editor::ti4::playtest::PlayTest,
) -> Vec<String> {
    use deckplan_validator::ti4::adjacency::{Adjacency, Node};
    use deckplan_validator::ti4::rules::movement::{Outcome, reach};
    let (file, _) =
        deckplan_validator::ti4::load_galaxy(&deckplan_schema::sources::Sources::pack(pack))
            .unwrap();
    let file = file.unwrap();
    let catalogue = file.catalogue(deckplan_validator::ti4::builtin_catalogue().unwrap());
    let adjacency = Adjacency::of(&file, &catalogue);
    let source = deckplan_schema::SourceFile::new("pack.toml", String::new());
    let galaxy = deckplan_validator::ti4::checks::Galaxy {
        file: &file,
        catalogue: &catalogue,
        adjacency: &adjacency,
        source: &source,
    };
    let ship = play.question();
    let Outcome::Moves(moves) = reach(&galaxy, &ship) else {
        panic!("the ship moves");
    };
    let start = ship.from.unwrap_or(Node::Board(0));
    deckplan_validator::ti4::cli::reach::answer_lines(&galaxy, &ship, start, &moves)
}

#[test]
fn the_play_test_answers_as_deckplan_reach_does() {
    let dir = scratch("ti4-play");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack.clone()), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let pos = at(&mut harness, 19);
    click_at(&mut harness, pos);
    // What the README shows `deckplan reach maps/ti4-five-hyperlanes --from 19 --move 1` print.
    for line in [
        "A ship at 19 (tile 7, Winnu) with move 1 can move into 6 systems (no active system named: each as if activated; systems holding your command tokens cannot be activated):",
        "1 (tile 77, empty): 19 → 7 → 1 (gravity rift roll at 7: destroyed on 1–3)",
        "7 (tile 67, Cormund): 19 → 7",
        "8 (tile 60, Perimeter): 19 → 7 → 8 (gravity rift roll at 7: destroyed on 1–3)",
        "18 (tile 69, Accoen and Jeol Ir): 19 → 7 → 18 (gravity rift roll at 7: destroyed on 1–3)",
        "20 (tile 62, Sem-Lore): 19 → 20",
        "36 (tile 59, Archon Vail): 19 → 36",
    ] {
        harness.get_by_label(&shown(line));
    }
    // A command token on #36 and another player's ships on #7.
    harness.get_by_label("Command token").click();
    harness.run();
    let pos = at(&mut harness, 36);
    click_at(&mut harness, pos);
    harness.get_by_label("Enemy ships").click();
    harness.run();
    let pos = at(&mut harness, 7);
    click_at(&mut harness, pos);
    let play = harness.state().galaxy_play_test().unwrap().clone();
    assert_eq!(play.ship, Some(19));
    assert_eq!(play.tokens.iter().copied().collect::<Vec<_>>(), [36]);
    assert_eq!(play.enemies.iter().copied().collect::<Vec<_>>(), [7]);
    let expected = reach_lines(&pack, &play);
    assert_eq!(
        expected[0],
        "A ship at 19 (tile 7, Winnu) with move 1 can move into 2 systems (no active system named: each as if activated; systems holding your command tokens cannot be activated):"
    );
    for line in &expected {
        harness.get_by_label(&shown(line));
    }
    assert_eq!(harness.state().galaxy_answer().unwrap(), expected);
    // The galaxy is not changed by the play test.
    assert!(!harness.state().actions().dirty);
}

/// Lets the search for swaps, which runs on a worker, end.
fn wait_for_swaps(harness: &mut Harness<'_, EditorApp>) {
    for _ in 0..3000 {
        if !harness.state().galaxy_searching_swaps() {
            harness.run();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.step();
    }
    panic!("the search for swaps did not end");
}

/// The largest galaxy the format allows: 8 rings, every position filled
/// (tiles repeat), six seats on the outer ring.
fn eight_rings() -> String {
    let systems: Vec<u32> = (19..=50).chain(59..=80).collect();
    let mut text =
        String::from("format = 1\nruleset = \"ti4\"\nname = \"Big\"\nrings = 8\n\n[tiles]\n");
    let homes: Vec<u32> = (0..6).map(|seat| 169 + seat * 8).collect();
    for position in 0..217u32 {
        let tile = match homes.iter().position(|home| *home == position) {
            Some(seat) => seat as u32 + 1,
            None => systems[position as usize % systems.len()],
        };
        text.push_str(&format!("{position} = {tile}\n"));
    }
    for (seat, position) in homes.iter().enumerate() {
        text.push_str(&format!(
            "\n[[homes]]\nseat = {}\nposition = {position}\n",
            seat + 1
        ));
    }
    text
}

/// On a large galaxy the search runs on a worker: the panel shows how many
/// pairs it has tried, and Stop ends it with nothing suggested.
#[test]
fn a_long_search_for_swaps_shows_its_progress_and_stops_when_asked() {
    let dir = scratch("ti4-swaps-stop");
    let pack = dir.join("big");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(pack.join("pack.toml"), eight_rings()).unwrap();
    let mut harness = big_harness(app(Some(pack), &dir));
    harness.get_by_label("Suggest swaps").click();
    harness.run_steps(2);
    assert!(harness.state().galaxy_searching_swaps());
    harness.get_by_label_contains("Trying swaps: ");
    // Once the pairs are chosen (100,000 pairs × positions over 217 positions).
    for _ in 0..500 {
        if harness.query_by_label_contains(" of 460 pairs").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
        harness.step();
    }
    harness.get_by_label_contains(" of 460 pairs");
    assert!(harness.query_by_label("Suggest swaps").is_none());
    harness.get_by_label("Stop").click();
    harness.run_steps(2);
    assert!(!harness.state().galaxy_searching_swaps());
    harness.run();
    harness.get_by_label("Suggest swaps");
    assert!(harness.query_by_label_contains("Swap #").is_none());
    assert!(harness.query_by_label_contains("No swap").is_none());
}

#[test]
fn suggested_swaps_narrow_the_spread_in_one_undo_step() {
    let dir = scratch("ti4-swaps");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    let before = galaxy(&harness);
    let catalogue = before.catalogue(deckplan_validator::ti4::builtin_catalogue().unwrap());
    let swaps = deckplan_validator::ti4::balance::suggest_swaps(&before, &catalogue, 5);
    assert_eq!(swaps.len(), 5, "{swaps:?}");
    let best = swaps[0];
    assert!(best.spread < 2.0, "{best:?}");
    harness.get_by_label("Suggest swaps").click();
    // The spinner keeps the window drawing while the worker searches.
    harness.run_steps(2);
    wait_for_swaps(&mut harness);
    let label = format!(
        "Swap #{} and #{}: spread 2 to {}",
        best.a,
        best.b,
        deckplan_validator::ti4::balance::printed(best.spread)
    );
    harness.get_by_label(&label).click();
    harness.run();
    assert_eq!(
        slot(&harness, best.a),
        before.tiles.get(&best.b).map(|p| p.slot)
    );
    assert_eq!(
        slot(&harness, best.b),
        before.tiles.get(&best.a).map(|p| p.slot)
    );
    harness.get_by_label_contains(&format!(
        "Spread of optimal totals: {} ",
        deckplan_validator::ti4::balance::printed(best.spread)
    ));
    // The suggestions were for the galaxy before the swap.
    assert!(harness.query_by_label(&label).is_none());
    undo(&mut harness);
    assert_eq!(state(&galaxy(&harness)), state(&before));
}

#[test]
fn a_system_beside_the_board_is_ticked_on_and_off_in_the_palette() {
    let dir = scratch("ti4-off-board");
    let pack = copied("ti4-five-hyperlanes", &dir);
    let mut harness = big_harness(app(Some(pack), &dir));
    type_into(&mut harness, "Search tiles", "82");
    harness.get_by_label_contains("· beside the board").click();
    harness.run();
    assert_eq!(galaxy(&harness).off_board, [82]);
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Set tile 82 beside the board")
    );
    undo(&mut harness);
    assert!(galaxy(&harness).off_board.is_empty());
}

/// A planet as the custom tile dialog is filled in: name, resources,
/// influence, trait, specialty (the dialog's words, "none" for none) and
/// whether it is legendary.
type PlanetRow<'a> = (&'a str, u8, u8, &'a str, &'a str, bool);

/// Chooses `option` in the drop-down named `name`.
fn choose(harness: &mut Harness<'_, EditorApp>, name: &str, option: &str) {
    harness.get_by_label(name).click();
    harness.run();
    harness.get_by_label(option).click();
    harness.run();
}

/// Fills in the open custom tile dialog's planets, replacing any it shows.
fn fill_planets(harness: &mut Harness<'_, EditorApp>, planets: &[PlanetRow<'_>]) {
    while harness.query_by_label("Remove planet 1").is_some() {
        harness.get_by_label("Remove planet 1").click();
        harness.run();
    }
    for (k, (name, resources, influence, planet_trait, tech, legendary)) in
        planets.iter().enumerate()
    {
        let row = format!("Planet {}", k + 1);
        harness.get_by_label("Add planet").click();
        harness.run();
        type_into(harness, &format!("{row} name"), name);
        type_into(harness, &format!("{row} resources"), &resources.to_string());
        type_into(harness, &format!("{row} influence"), &influence.to_string());
        choose(harness, &format!("{row} trait"), planet_trait);
        choose(harness, &format!("{row} specialty"), tech);
        tick(harness, &format!("{row} legendary"), *legendary);
    }
}

/// Custom tiles are defined in the dialog (what the file would refuse is
/// refused there, with the reason), listed and placed from the palette,
/// renumbered with their positions, kept while the map holds them, taken
/// out, each in one undo step, and saved as the exact `[[custom]]` text.
#[test]
fn custom_tiles_are_defined_placed_renumbered_and_removed_in_the_inspector() {
    let dir = scratch("ti4-custom-tiles");
    let mut harness = big_harness(app(None, &dir));
    new_galaxy(&mut harness, "Homebrew", 3);
    place(&mut harness, "26", 0);
    let before = state(&galaxy(&harness));
    harness.get_by_label("New custom tile…").click();
    harness.run();
    assert!(harness.state().board().unwrap().has_dialog());
    harness.get_by_label("New custom tile");
    // The lowest free number from 1000 is offered; a published one is refused.
    assert_eq!(
        harness
            .get_by_label("Tile number")
            .accesskit_node()
            .value()
            .as_deref(),
        Some("1000")
    );
    type_into(&mut harness, "Tile number", "26");
    type_into(&mut harness, "Tile name", "Far Reach");
    harness.get_by_label("Save tile").click();
    harness.run();
    harness.get_by_label(
        "tile 26 is already a base-game or Prophecy of Kings tile: number custom tiles from 1000 up",
    );
    fill_planets(&mut harness, &[("", 2, 1, "none", "none", false)]);
    type_into(&mut harness, "Tile number", "1000");
    harness.get_by_label("Save tile").click();
    harness.run();
    harness.get_by_label("planet 1 needs a name");
    assert_eq!(state(&galaxy(&harness)), before);
    // Filled in whole and saved.
    choose(&mut harness, "Tile back", "red");
    tick(&mut harness, "alpha", true);
    tick(&mut harness, "nebula", true);
    fill_planets(
        &mut harness,
        &[
            ("Faria", 2, 1, "hazardous", "warfare", false),
            ("Vesta", 1, 3, "none", "none", true),
        ],
    );
    harness.get_by_label("Save tile").click();
    harness.run();
    assert!(!harness.state().board().unwrap().has_dialog());
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Add custom tile 1000 “Far Reach”")
    );
    // In the palette with its name, and placed from there.
    assert_eq!(
        palette_entry(&mut harness, "1000"),
        "1000 · Far Reach · Faria 2/1 · Vesta 1/3 · alpha wormhole · nebula"
    );
    place(&mut harness, "1000", 7);
    // Kept while the map holds it.
    harness.get_by_label("Remove tile").click();
    harness.run();
    assert_eq!(
        status(&harness),
        "Not removed: tile 1000 is on the map at #7: clear it from the map first"
    );
    assert_eq!(galaxy(&harness).custom.len(), 1);
    // Renumbered from the selected position's button: #7 follows.
    harness.get_by_label("Edit custom tile 1000…").click();
    harness.run();
    harness.get_by_label("Custom tile 1000");
    type_into(&mut harness, "Tile number", "1001");
    harness.get_by_label("Save tile").click();
    harness.run();
    assert_eq!(slot(&harness, 7), Some(Slot::System(1001)));
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Renumber custom tile 1000 “Far Reach” to 1001")
    );
    undo(&mut harness);
    assert_eq!(slot(&harness, 7), Some(Slot::System(1000)));
    assert_eq!(galaxy(&harness).custom[0].system.number, 1000);
    redo(&mut harness);
    assert_eq!(slot(&harness, 7), Some(Slot::System(1001)));
    assert_eq!(problems(&mut harness), Vec::new());
    // Saved as the exact `[[custom]]` text.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    harness.run();
    let copy = dir.join("copy");
    save_into(&mut harness, &copy);
    let text = std::fs::read_to_string(copy.join("pack.toml")).unwrap();
    assert_eq!(
        text.split_once("[tiles]").unwrap().1,
        "\n0 = 26\n7 = 1001\n\n\
         [[custom]]\nnumber = 1001\nname = \"Far Reach\"\nback = \"red\"\n\
         wormholes = [\"alpha\"]\nanomalies = [\"nebula\"]\nplanets = [\n    \
         { name = \"Faria\", resources = 2, influence = 1, trait = \"hazardous\", tech = \"warfare\" },\n    \
         { name = \"Vesta\", resources = 1, influence = 3, legendary = true },\n]\n"
    );
    // Opened again, changed nothing: no step. Then, off the map, taken out.
    harness.get_by_label("Edit…").click();
    harness.run();
    harness.get_by_label("Save tile").click();
    harness.run();
    assert!(!harness.state().board().unwrap().has_dialog());
    assert!(!harness.state().actions().dirty);
    select(&mut harness, 7);
    key(&mut harness, Key::Delete);
    harness.get_by_label("Remove tile").click();
    harness.run();
    assert!(galaxy(&harness).custom.is_empty());
    assert_eq!(
        harness.state().actions().undo.as_deref(),
        Some("Remove custom tile 1001 “Far Reach”")
    );
    undo(&mut harness);
    assert_eq!(galaxy(&harness).custom[0].name, "Far Reach");
}
