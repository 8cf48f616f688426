//! Headless UI tests of Battlestations editing: the real editor window
//! driven through egui_kittest — module cards placed, moved, turned, painted
//! and deleted, levels, doors and the forward direction, each with its undo
//! and redo; problems shown live and jumped to; recovery after a crash; and
//! the bundled Wayfarer built from an empty document with the editor alone.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

mod common;

use common::{app, click_at, copied, drag, harness, problems, scratch, type_into};
use deckplan_editor::app::EditorApp;
use deckplan_editor::battlestations::Inspect as _;
use deckplan_editor::battlestations::document::{Document, Opened};
use deckplan_editor::battlestations::selection::Selection;
use deckplan_editor::dialogs::Dialog;
use deckplan_editor::paint::ScreenMap as _;
use deckplan_editor::paths::AppDirs;
use deckplan_editor::recovery;
use deckplan_schema::battlestations::{Content, Role, Ship, Side, Square};
use deckplan_schema::id::Id;
use deckplan_validator::battlestations::grid::Cell;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn id(text: &str) -> Id {
    Id::new(text).unwrap()
}

fn ship(harness: &Harness<'_, EditorApp>) -> Ship {
    harness.state().deck_document().unwrap().ship().clone()
}

fn text(harness: &Harness<'_, EditorApp>) -> String {
    harness.state().deck_document().unwrap().ship_text()
}

/// The screen point at (`x`, `y`) of a square (0–1 from its left and top),
/// zooming out until it is on the canvas.
fn point(harness: &mut Harness<'_, EditorApp>, level: usize, square: &str, x: f64, y: f64) -> Pos2 {
    let square = Square::parse(square).unwrap();
    for _ in 0..12 {
        let sheet = harness.state_mut().deck_sheet().expect("a ship is shown");
        let geo = harness.state().deck_geometry().expect("a ship is drawn");
        let canvas = harness.state().deck_canvas().unwrap();
        let rect = sheet.cell_rect(Cell::of(level, square));
        let pos = geo.screen((rect.min.x + x) as f32, (rect.max.y - y) as f32);
        if canvas.shrink(20.0).contains(pos) {
            return pos;
        }
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
        harness.run();
    }
    panic!("{square} never came into view");
}

/// The middle of a square.
fn at(harness: &mut Harness<'_, EditorApp>, level: usize, square: &str) -> Pos2 {
    point(harness, level, square, 0.5, 0.5)
}

/// Just inside a side of a square, where the Door tool takes it.
fn beside(harness: &mut Harness<'_, EditorApp>, level: usize, square: &str, side: Side) -> Pos2 {
    let (dx, dy) = side.delta();
    point(
        harness,
        level,
        square,
        0.5 + 0.4 * f64::from(dx),
        0.5 + 0.4 * f64::from(dy),
    )
}

/// Starts a new Battlestations pack from the File menu.
fn new_ship(harness: &mut Harness<'_, EditorApp>, name: &str) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    harness.get_by_label("Battlestations").click();
    harness.run();
    type_into(harness, "Ship name", name);
    harness.get_by_label("Create pack").click();
    harness.run();
    assert!(harness.state().dialog().is_none());
}

fn click(harness: &mut Harness<'_, EditorApp>, label: &str) {
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, label)
        .click();
    harness.run();
}

fn undo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
}

fn redo(harness: &mut Harness<'_, EditorApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run();
}

/// Places a card of `role` on the slot holding `square`, with nothing selected first
/// (so the palette's role is the only button of that name).
fn place(harness: &mut Harness<'_, EditorApp>, role: Role, level: usize, square: &str) {
    click(harness, "Module");
    harness.key_press(Key::Escape);
    harness.run();
    click(harness, role.title());
    let pos = at(harness, level, square);
    click_at(harness, pos);
}

fn modules(harness: &Harness<'_, EditorApp>) -> Vec<(String, (u16, u16), usize, u8)> {
    ship(harness)
        .modules
        .iter()
        .map(|m| (m.id.to_string(), m.at, m.level, m.quarters))
        .collect()
}

/// Placing, moving, turning and deleting a card are each one undo step.
#[test]
fn a_module_is_placed_moved_turned_and_deleted_each_in_one_undo_step() {
    let dir = scratch("battlestations-modules");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Cutter");
    assert_eq!(ship(&harness).module_size, 5);

    place(&mut harness, Role::Helm, 0, "C3");
    place(&mut harness, Role::Engine, 0, "H2");
    let two = vec![
        ("helm".to_string(), (0, 0), 0, 0),
        ("engine".to_string(), (1, 0), 0, 0),
    ];
    assert_eq!(modules(&harness), two);
    assert_eq!(
        harness.state().deck_selection(),
        Selection::Module(id("engine"))
    );
    undo(&mut harness);
    assert_eq!(modules(&harness), two[..1]);
    redo(&mut harness);
    assert_eq!(modules(&harness), two);

    // Moved by a drag from its card to an empty slot (below the helm).
    click(&mut harness, "Select");
    let (from, to) = (at(&mut harness, 0, "H2"), at(&mut harness, 0, "C8"));
    drag(&mut harness, from, to);
    let moved = vec![
        ("helm".to_string(), (0, 0), 0, 0),
        ("engine".to_string(), (0, 1), 0, 0),
    ];
    assert_eq!(modules(&harness), moved);
    undo(&mut harness);
    assert_eq!(modules(&harness), two);
    redo(&mut harness);
    assert_eq!(modules(&harness), moved);
    // A slot another card holds is refused, and says why.
    let (from, to) = (at(&mut harness, 0, "C8"), at(&mut harness, 0, "A1"));
    drag(&mut harness, from, to);
    assert_eq!(modules(&harness), moved);
    assert_eq!(
        harness.state().status_message(),
        Some("Not moved: module helm lies there")
    );

    // Dragged onto the upper level once the ship has two, and back by undo.
    click(&mut harness, "Add level");
    // (The second level may zoom the view out: both points are taken after.)
    at(&mut harness, 1, "H3");
    let (from, to) = (at(&mut harness, 0, "C8"), at(&mut harness, 1, "H3"));
    drag(&mut harness, from, to);
    assert_eq!(modules(&harness)[1], ("engine".to_string(), (1, 0), 1, 0));
    undo(&mut harness);
    assert_eq!(modules(&harness), moved);
    undo(&mut harness);
    assert!(ship(&harness).levels.is_empty());
    click(&mut harness, "Select");
    let pos = at(&mut harness, 0, "C8");
    click_at(&mut harness, pos);

    // Turned a quarter, by the inspector's button and by its key.
    click(&mut harness, "Turn 90°");
    harness.key_press(Key::R);
    harness.run();
    assert_eq!(modules(&harness)[1].3, 2);
    undo(&mut harness);
    assert_eq!(modules(&harness)[1].3, 1);
    undo(&mut harness);
    assert_eq!(modules(&harness), moved);
    redo(&mut harness);
    assert!(
        text(&harness).contains("rotation = 90\n"),
        "{}",
        text(&harness)
    );

    // Deleted with the inspector's button.
    click(&mut harness, "Delete module");
    assert_eq!(modules(&harness), vec![("helm".to_string(), (0, 0), 0, 0)]);
    assert_eq!(harness.state().deck_selection(), Selection::None);
    undo(&mut harness);
    assert_eq!(modules(&harness)[1], ("engine".to_string(), (0, 1), 0, 1));
}

/// A drag of the brush over a card paints its squares as one undo step,
/// written to the card as printed even when the card is turned.
#[test]
fn squares_are_painted_with_the_brush_in_one_undo_step() {
    let dir = scratch("battlestations-paint");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Cutter");
    place(&mut harness, Role::Science, 0, "A1");
    click(&mut harness, "Turn 90°");
    click(&mut harness, "Paint");
    click(&mut harness, "Blocked");
    let (from, to) = (at(&mut harness, 0, "A1"), at(&mut harness, 0, "C1"));
    drag(&mut harness, from, to);
    click(&mut harness, "Console");
    let pos = at(&mut harness, 0, "E5");
    click_at(&mut harness, pos);
    let cards = |h: &Harness<'_, EditorApp>| -> Vec<String> {
        ship(h).modules[0]
            .card
            .iter()
            .map(|row| row.iter().map(|c| c.symbol()).collect())
            .collect()
    };
    // Turned a quarter clockwise, the card's left column lies along the top
    // (its bottom square at the left), and its top right square at the bottom right.
    let painted = ["....C", ".....", "#....", "#....", "#...."];
    assert_eq!(cards(&harness), painted);
    assert_eq!(ship(&harness).modules[0].content(0, 0), Content::Blocked);
    undo(&mut harness);
    assert_eq!(
        cards(&harness),
        [".....", ".....", "#....", "#....", "#...."]
    );
    undo(&mut harness);
    assert_eq!(
        cards(&harness),
        [".....", ".....", ".....", ".....", "....."]
    );
    redo(&mut harness);
    redo(&mut harness);
    assert_eq!(cards(&harness), painted);
}

/// Levels are added, renamed and removed as tabs; a ladder lines up with the
/// one on the level above it, and one that does not is a live problem.
#[test]
fn a_level_is_added_and_a_ladder_joins_it_with_undo() {
    let dir = scratch("battlestations-levels");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Tower");
    place(&mut harness, Role::Helm, 0, "A1");
    click(&mut harness, "Add level");
    assert_eq!(ship(&harness).levels, [id("level-1"), id("level-2")]);
    type_into(&mut harness, "Level id", "upper");
    click(&mut harness, "level-1");
    type_into(&mut harness, "Level id", "lower");
    assert_eq!(ship(&harness).levels, [id("lower"), id("upper")]);
    undo(&mut harness);
    assert_eq!(ship(&harness).levels, [id("level-1"), id("upper")]);
    redo(&mut harness);

    // A card on the upper level, right above the helm, and a ladder on each.
    place(&mut harness, Role::Science, 1, "A1");
    assert_eq!(ship(&harness).modules[1].level, 1);
    click(&mut harness, "Paint");
    click(&mut harness, "Ladder");
    let lower = at(&mut harness, 0, "C3");
    click_at(&mut harness, lower);
    let found = problems(&mut harness);
    assert!(
        found.contains(&(
            "B010",
            "ladder at lower C3 has no ladder above or below it".to_string()
        )),
        "{found:?}"
    );
    let upper = at(&mut harness, 1, "C3");
    click_at(&mut harness, upper);
    let found = problems(&mut harness);
    assert!(found.iter().all(|(code, _)| *code != "B010"), "{found:?}");
    assert!(text(&harness).contains("level = \"upper\"\nat = [0, 0]\nsquares = [\n    \".....\",\n    \".....\",\n    \"..H..\","), "{}", text(&harness));
    undo(&mut harness);
    let found = problems(&mut harness);
    assert!(found.iter().any(|(code, _)| *code == "B010"), "{found:?}");

    // Removing the upper level takes its card along; undo brings both back.
    click(&mut harness, "upper");
    click(&mut harness, "Remove level");
    assert!(ship(&harness).levels.is_empty());
    assert_eq!(ship(&harness).modules.len(), 1);
    undo(&mut harness);
    assert_eq!(ship(&harness).levels, [id("lower"), id("upper")]);
    assert_eq!(ship(&harness).modules.len(), 2);
}

/// The Door tool puts an external door on the hull side clicked (and takes
/// it off), refuses a side inside the ship, and the forward direction is
/// chosen in the inspector; each with undo. View › Show hull squares shows
/// the squares outside.
#[test]
fn a_door_on_the_hull_and_the_forward_direction_with_undo() {
    let dir = scratch("battlestations-hull");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Skiff");
    place(&mut harness, Role::Helm, 0, "A1");
    place(&mut harness, Role::Engine, 0, "F1");
    click(&mut harness, "Door");
    let pos = beside(&mut harness, 0, "A3", Side::West);
    click_at(&mut harness, pos);
    let doors = |h: &Harness<'_, EditorApp>| -> Vec<(Square, Side)> {
        ship(h).doors.iter().map(|d| (d.square, d.side)).collect()
    };
    let west = vec![(Square::parse("A3").unwrap(), Side::West)];
    assert_eq!(doors(&harness), west);
    assert!(text(&harness).contains("doors = [\n    \"A3 west\",\n]\n"));
    undo(&mut harness);
    assert_eq!(doors(&harness), []);
    redo(&mut harness);
    assert_eq!(doors(&harness), west);
    // E3's east side faces F3 of the engine: no hull there.
    let pos = beside(&mut harness, 0, "E3", Side::East);
    click_at(&mut harness, pos);
    assert_eq!(doors(&harness), west);
    assert_eq!(
        harness.state().status_message(),
        Some("The east side of E3 is inside the ship, not on the hull")
    );
    // A second click on a door takes it off.
    let pos = beside(&mut harness, 0, "A3", Side::West);
    click_at(&mut harness, pos);
    assert_eq!(doors(&harness), []);
    undo(&mut harness);
    assert_eq!(doors(&harness), west);

    // Forward: east for a new ship, chosen in the ship's inspector.
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(ship(&harness).forward, Side::East);
    click(&mut harness, "north");
    assert_eq!(ship(&harness).forward, Side::North);
    assert!(text(&harness).contains("forward = \"north\"\n"));
    undo(&mut harness);
    assert_eq!(ship(&harness).forward, Side::East);

    // The hull squares, on demand.
    assert!(!harness.state().deck_hull_shown());
    harness.key_press(Key::H);
    harness.run();
    assert!(harness.state().deck_hull_shown());
}

/// A problem chosen in the panel selects the module it is about.
#[test]
fn a_problem_chosen_in_the_panel_selects_its_module() {
    let dir = scratch("battlestations-jump");
    let pack = copied("battlestations-wayfarer", &dir);
    let mut harness = harness(app(Some(pack), &dir));
    assert_eq!(problems(&mut harness), Vec::new());
    // The upper ladder painted over: the lower one leads nowhere (B010).
    click(&mut harness, "Paint");
    click(&mut harness, "Floor");
    let pos = at(&mut harness, 1, "H3");
    click_at(&mut harness, pos);
    let found = problems(&mut harness);
    let message = "ladder at lower H3 has no ladder above or below it".to_string();
    assert_eq!(
        found,
        [
            (
                "B011",
                "level `upper` cannot be reached from the rest of the ship".to_string()
            ),
            ("B010", message.clone())
        ]
    );
    click(&mut harness, &message);
    assert_eq!(
        harness.state().deck_selection(),
        Selection::Module(id("life-support"))
    );
}

/// Unsaved Battlestations work autosaved before a crash comes back at the next start.
#[test]
fn a_battlestations_ship_is_recovered_after_a_crash() {
    let dir = scratch("battlestations-recover");
    let pack = copied("battlestations-wayfarer", &dir);
    let dirs = AppDirs::under(&dir);
    let mut crashed = match Document::open(&pack).unwrap() {
        Opened::Editable(doc) => *doc,
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut step = deckplan_editor::battlestations::edit::Transaction::new("Rename");
    step.edits
        .push(deckplan_editor::battlestations::edit::Edit::ShipName(
            "Wayfarer Lost".into(),
        ));
    crashed.apply(step).unwrap();
    let slot = dirs
        .recovery()
        .join(recovery::slot_name(&crashed.origin, 0));
    recovery::write(&slot, &crashed).unwrap();

    let mut harness = harness(app(None, &dir));
    assert!(matches!(harness.state().dialog(), Some(Dialog::Recover(found)) if found.len() == 1));
    harness.get_by_label("Recover").click();
    harness.run();
    let doc = harness.state().deck_document().unwrap();
    assert!(doc.is_dirty(), "recovered work is unsaved");
    assert_eq!(doc.ship_text(), crashed.ship_text());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let text = std::fs::read_to_string(pack.join("ship.toml")).unwrap();
    assert_eq!(text, crashed.ship_text());
    assert!(recovery::find(&dirs.recovery()).is_empty());
}

/// The bundled Wayfarer, built from an empty document with the editor's
/// tools, tabs and inspector only, saves byte for byte as its files.
#[test]
fn the_bundled_wayfarer_is_built_from_nothing_with_the_editor_alone() {
    let dir = scratch("wayfarer-rebuild");
    let bundled = common::bundled("battlestations-wayfarer");
    let wayfarer = match Document::open(&bundled).unwrap() {
        Opened::Editable(doc) => doc.ship().clone(),
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, &wayfarer.name);

    // Levels: added, then named in their tabs.
    click(&mut harness, "Add level");
    for (index, level) in wayfarer.levels.iter().enumerate().rev() {
        click(&mut harness, &format!("level-{}", index + 1));
        type_into(&mut harness, "Level id", level.as_str());
    }
    assert_eq!(ship(&harness).levels, wayfarer.levels);

    let size = wayfarer.module_size;
    for (index, module) in wayfarer.modules.iter().enumerate() {
        // Placed from the palette, then named and turned in the inspector.
        if let Some(name) = module
            .name
            .as_deref()
            .filter(|_| module.role == Role::Custom)
        {
            click(&mut harness, "Module");
            harness.key_press(Key::Escape);
            harness.run();
            click(&mut harness, "Custom");
            type_into(&mut harness, "Custom name", name);
        }
        let origin = module.origin(size).to_string();
        place(&mut harness, module.role, module.level, &origin);
        type_into(&mut harness, "Id", module.id.as_str());
        assert_eq!(
            harness.state().deck_selection(),
            Selection::Module(module.id)
        );
        if module.role != Role::Custom
            && let Some(name) = &module.name
        {
            type_into(&mut harness, "Name", name);
        }
        for _ in 0..module.quarters {
            click(&mut harness, "Turn 90°");
        }
        // Painted square by square as the card lies on the ship.
        click(&mut harness, "Paint");
        for content in Content::ALL.into_iter().filter(|c| *c != Content::Floor) {
            let squares: Vec<Square> = module
                .squares(size)
                .filter(|(_, c)| *c == content)
                .map(|(s, _)| s)
                .collect();
            if squares.is_empty() {
                continue;
            }
            click(
                &mut harness,
                deckplan_editor::battlestations::panels::palette::content_label(content),
            );
            for square in squares {
                let pos = at(&mut harness, module.level, &square.to_string());
                click_at(&mut harness, pos);
            }
        }
        let placed = &ship(&harness).modules[index];
        assert_eq!(
            (
                placed.id,
                placed.role,
                &placed.name,
                placed.level,
                placed.at,
                placed.quarters,
                &placed.card
            ),
            (
                module.id,
                module.role,
                &module.name,
                module.level,
                module.at,
                module.quarters,
                &module.card
            ),
            "{}",
            module.id
        );
    }

    // Doors, clicked on their hull sides.
    click(&mut harness, "Door");
    for door in &wayfarer.doors {
        let pos = beside(
            &mut harness,
            door.level,
            &door.square.to_string(),
            door.side,
        );
        click_at(&mut harness, pos);
    }
    harness.key_press(Key::Escape);
    harness.run();
    click(&mut harness, wayfarer.forward.name());

    // Saved into a folder: the very files of the bundled pack, lint clean.
    assert_eq!(problems(&mut harness), Vec::new());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let folder = dir.join("wayfarer");
    common::save_into(&mut harness, &folder);
    for file in ["pack.toml", "ship.toml"] {
        assert_eq!(
            std::fs::read_to_string(folder.join(file)).unwrap(),
            std::fs::read_to_string(bundled.join(file)).unwrap(),
            "{file}"
        );
    }
    assert!(!harness.state().board().unwrap().is_dirty());
}

/// The play test's answer, square by square: name, points, move actions and
/// the squares of the cheapest way.
type Listing = Vec<(String, u32, u8, Vec<String>)>;

/// Who and what stands where, by square name (slagged modules by id).
#[derive(Clone, Copy)]
struct Pieces<'a> {
    friends: &'a [&'a str],
    enemies: &'a [&'a str],
    unconscious: &'a [&'a str],
    barrels: &'a [&'a str],
    slagged: &'a [&'a str],
}

/// What `deckplan reach --format json` answers for the same question, asked
/// by square names as the command line asks it.
fn reach_json(
    wayfarer: &Ship,
    from: &str,
    pieces: &Pieces<'_>,
    who: deckplan_validator::battlestations::rules::Character,
) -> Listing {
    let Pieces {
        friends,
        enemies,
        unconscious,
        barrels,
        slagged,
    } = *pieces;
    use deckplan_validator::battlestations::grid::ShipGrid;
    use deckplan_validator::battlestations::notation::parse;
    let grid = ShipGrid::new(wayfarer);
    let cell = |text: &str| parse(&grid, text).unwrap();
    let state = deckplan_validator::battlestations::rules::PlayState {
        friends: friends
            .iter()
            .map(|t| (cell(t), !unconscious.contains(t)))
            .collect(),
        enemies: enemies
            .iter()
            .map(|t| (cell(t), !unconscious.contains(t)))
            .collect(),
        barrels: barrels.iter().map(|t| cell(t)).collect(),
        slagged: slagged
            .iter()
            .map(|id| {
                wayfarer
                    .modules
                    .iter()
                    .position(|m| m.id.as_str() == *id)
                    .unwrap()
            })
            .collect(),
        ..Default::default()
    };
    let json = deckplan_validator::battlestations::cli::reach::json_answer(
        &grid,
        &state,
        who,
        cell(from),
        usize::MAX,
    )
    .unwrap();
    let answer: serde_json::Value = serde_json::from_str(&json).unwrap();
    answer["destinations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let path = d["path"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|s| s["to"].as_str().map(str::to_string))
                .collect();
            (
                d["square"].as_str().unwrap().to_string(),
                u32::try_from(d["points"].as_u64().unwrap()).unwrap(),
                u8::try_from(d["move_actions"].as_u64().unwrap()).unwrap(),
                path,
            )
        })
        .collect()
}

/// The play test places its pieces by clicking and answers as `deckplan
/// reach --format json` does — every square with its points, move actions
/// and way — for a set of starts and characters on the bundled Wayfarer.
#[test]
fn the_play_test_answers_as_reach_does() {
    use deckplan_editor::battlestations::playtest::Piece;
    use deckplan_validator::battlestations::rules::Character;
    let dir = scratch("battlestations-play");
    let pack = copied("battlestations-wayfarer", &dir);
    let wayfarer = ship(&harness(app(Some(pack.clone()), &dir)));
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    assert_eq!(harness.state().mode(), deckplan_editor::app::Mode::PlayTest);

    // Pieces by click: a friend, an enemy, a barrel and the slagged hyperdrive.
    for (piece, level, square) in [
        ("Friend", 0, "I8"),
        ("Enemy", 0, "H4"),
        ("Barrel", 0, "G3"),
        ("Slagged module", 0, "H13"),
    ] {
        click(&mut harness, piece);
        let pos = at(&mut harness, level, square);
        click_at(&mut harness, pos);
    }
    // A second click on the enemy knocks it out.
    click(&mut harness, "Enemy");
    let pos = at(&mut harness, 0, "H4");
    click_at(&mut harness, pos);
    click(&mut harness, "Moving character");
    let walker = Character::walking(3);
    let outside = Character {
        actions: 2,
        outside: true,
        magboots: true,
        ..Character::walking(3)
    };
    let jets = Character {
        jet: true,
        ooc: 1,
        run: 1,
        ..Character::walking(2)
    };
    let starts = [
        ("lower H3", 0, "H3", walker),
        ("lower A8", 0, "A8", outside),
        ("lower M14", 0, "M14", jets),
        ("upper L3", 1, "L3", walker),
        ("lower K8", 0, "K8", outside),
    ];
    for (name, level, square, who) in starts {
        harness.state_mut().deck_play_test_mut().unwrap().who = who;
        let pos = at(&mut harness, level, square);
        click_at(&mut harness, pos);
        let play = harness.state_mut().deck_play_test_mut().unwrap().clone();
        assert_eq!(play.piece, Piece::Mover);
        assert_eq!(
            play.from,
            Some(Cell::of(level, Square::parse(square).unwrap()))
        );
        let one = |text: &str| Cell::of(0, Square::parse(text).unwrap());
        assert_eq!(
            play.state.friends.keys().copied().collect::<Vec<_>>(),
            [one("I8")]
        );
        assert_eq!(
            play.state
                .enemies
                .iter()
                .map(|(c, up)| (*c, *up))
                .collect::<Vec<_>>(),
            [(one("H4"), false)],
            "the enemy is out"
        );
        assert_eq!(
            play.state.barrels.iter().copied().collect::<Vec<_>>(),
            [one("G3")]
        );
        assert_eq!(play.state.slagged.iter().copied().collect::<Vec<_>>(), [7]);
        assert_eq!(wayfarer.modules[7].id, id("hyperdrive"));
        let answer = harness.state_mut().deck_answer().unwrap();
        let listing: Listing = answer
            .listing(&wayfarer)
            .into_iter()
            .map(|l| (l.square, l.points, l.actions, l.path))
            .collect();
        let pieces = Pieces {
            friends: &["lower I8"],
            enemies: &["lower H4"],
            unconscious: &["lower H4"],
            barrels: &["lower G3"],
            slagged: &["hyperdrive"],
        };
        let expected = reach_json(&wayfarer, name, &pieces, who);
        assert!(!expected.is_empty(), "{name}");
        assert_eq!(listing, expected, "{name}");
    }
    // The panel says how many squares the last start reaches.
    let reached = harness
        .state_mut()
        .deck_answer()
        .unwrap()
        .listing(&wayfarer)
        .len();
    harness.get_by_label_contains(&format!("From lower K8: {reached} squares reached"));
    // The square under the pointer: its cost and way.
    let pos = at(&mut harness, 0, "K10");
    harness.hover_at(pos);
    harness.run();
    harness.get_by_label("lower K10: 2 points in 1 move action · by lower K9, lower K10");
}
