//! Headless UI tests of Nemesis editing: the real editor window driven
//! through egui_kittest — every tool and its undo and redo, the inspector,
//! the play test, recovery after a crash, and the bundled Kestrel ship built
//! from an empty document with the editor alone.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

mod common;

use common::{app, click_at, copied, drag, harness, problems, scratch, type_into};
use deckplan_editor::app::EditorApp;
use deckplan_editor::dialogs::Dialog;
use deckplan_editor::nemesis::Inspect as _;
use deckplan_editor::nemesis::document::{Document, Opened};
use deckplan_editor::nemesis::selection::Selection;
use deckplan_editor::paint::ScreenMap as _;
use deckplan_editor::paths::AppDirs;
use deckplan_editor::recovery;
use deckplan_schema::id::Id;
use deckplan_schema::nemesis::{RoomKind, Ship};
use deckplan_validator::nemesis::draw::centre;
use egui::{Key, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn id(text: &str) -> Id {
    Id::new(text).unwrap()
}

fn ship(harness: &Harness<'_, EditorApp>) -> Ship {
    harness.state().ship_document().unwrap().ship().clone()
}

/// The screen point of a drawing position, zooming out until it is on the canvas.
fn at(harness: &mut Harness<'_, EditorApp>, position: (u16, u16)) -> Pos2 {
    for _ in 0..12 {
        let geo = harness.state().ship_geometry().expect("a ship is shown");
        let canvas = harness.state().ship_canvas().unwrap();
        let p = centre(position);
        let pos = geo.screen(p.x as f32, p.y as f32);
        if canvas.shrink(40.0).contains(pos) {
            return pos;
        }
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Minus);
        harness.run();
    }
    panic!("{position:?} never came into view");
}

/// Starts a new Nemesis pack from the File menu.
fn new_ship(harness: &mut Harness<'_, EditorApp>, name: &str, board: &str) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    harness.get_by_label("Nemesis").click();
    harness.run();
    type_into(harness, "Ship name", name);
    type_into(harness, "Board", board);
    harness.get_by_label("Create pack").click();
    harness.run();
    assert!(harness.state().dialog().is_none());
}

fn tool(harness: &mut Harness<'_, EditorApp>, label: &str) {
    harness.get_by_label(label).click();
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

fn big_harness(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_size(vec2(2200.0, 1600.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui_frame(ui), app);
    harness.run();
    harness
}

/// Clicks the numbers at `room`'s end of the selected corridor (or, with
/// `entrance`, of the room's technical entrance) until they are `target`.
fn set_numbers(
    harness: &mut Harness<'_, EditorApp>,
    what: &str,
    target: &[u8],
    now: impl Fn(&Ship) -> Vec<u8>,
) {
    for _ in 0..6 {
        let current = now(&ship(harness));
        if current == target {
            return;
        }
        let add = target.iter().find(|n| !current.contains(n));
        let drop = current.iter().find(|n| !target.contains(n));
        let n = match (add, drop) {
            (Some(n), _) if current.len() < 2 => *n,
            (_, Some(n)) => *n,
            (Some(n), None) => *n,
            (None, None) => return,
        };
        harness.get_by_label(&format!("{what} {n}")).click();
        harness.run();
    }
    panic!("the numbers of {what} never became {target:?}");
}

/// The bundled Kestrel ship, drawn from an empty document with the
/// editor's tools and inspector only, saves byte for byte as its files.
#[test]
fn the_bundled_kestrel_ship_is_built_from_nothing_with_the_editor_alone() {
    let dir = scratch("kestrel-rebuild");
    let bundled = common::bundled("kestrel-relay");
    let kestrel = match Document::open(&bundled).unwrap() {
        Opened::Editable(doc) => doc.ship().clone(),
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut harness = big_harness(app(None, &dir));
    new_ship(
        &mut harness,
        &kestrel.name,
        kestrel.board.as_deref().unwrap_or(""),
    );

    // Rooms: placed, then kind, name and id set in the inspector.
    tool(&mut harness, "Room");
    for room in &kestrel.rooms {
        let pos = at(&mut harness, room.at);
        click_at(&mut harness, pos);
        let Selection::Room(placed) = harness.state().ship_selection() else {
            panic!("the new room is selected");
        };
        if room.kind != RoomKind::parse("1").unwrap() {
            let label = deckplan_editor::nemesis::tools::room::kind_label(room.kind);
            harness.get_by_label(label).click();
            harness.run();
        }
        if let Some(name) = &room.name {
            type_into(&mut harness, "Name", name);
        }
        type_into(&mut harness, "Id", room.id.as_str());
        assert_eq!(
            harness.state().ship_selection(),
            Selection::Room(room.id),
            "{placed} renamed"
        );
    }

    // Networks.
    tool(&mut harness, "Network");
    for network in &kestrel.networks {
        let pos = at(&mut harness, network.at);
        click_at(&mut harness, pos);
        type_into(&mut harness, "Id", network.id.as_str());
    }

    // Corridors: dragged from room to room, numbered end by end, doors set.
    tool(&mut harness, "Corridor");
    for (index, corridor) in kestrel.corridors.iter().enumerate() {
        let [a, b] = corridor.rooms;
        let from = at(&mut harness, kestrel.room(a).unwrap().at);
        let to = at(&mut harness, kestrel.room(b).unwrap().at);
        drag(&mut harness, from, to);
        assert_eq!(harness.state().ship_selection(), Selection::Corridor(index));
        for end in [a, b] {
            let target: Vec<u8> = corridor.numbers_at(end).iter().collect();
            set_numbers(&mut harness, &format!("at {end}"), &target, |s: &Ship| {
                s.corridors[index].numbers_at(end).iter().collect()
            });
        }
        if corridor.door {
            harness.get_by_label("Door token in this corridor").click();
            harness.run();
        }
        assert_eq!(ship(&harness).corridors[index], {
            let mut expected = corridor.clone();
            expected.span = Default::default();
            expected.rooms_span = Default::default();
            expected.numbers_span = Default::default();
            expected.door_span = None;
            expected
        });
    }

    // Technical entrances: dragged from each room to its network.
    tool(&mut harness, "Technical entrance");
    for entrance in &kestrel.entrances {
        let network = entrance.network.unwrap();
        let from = at(&mut harness, kestrel.room(entrance.room).unwrap().at);
        let hub = kestrel
            .networks
            .iter()
            .find(|n| n.id == network)
            .unwrap()
            .at;
        let to = at(&mut harness, hub);
        drag(&mut harness, from, to);
        let target: Vec<u8> = entrance.numbers().iter().collect();
        let room = entrance.room;
        set_numbers(&mut harness, "entrance", &target, |s: &Ship| {
            s.entrances
                .iter()
                .find(|e| e.room == room)
                .map(|e| e.numbers().iter().collect())
                .unwrap_or_default()
        });
    }

    // Escape pods, from their rooms' inspector.
    tool(&mut harness, "Select");
    for pod in &kestrel.escape_pods {
        let pos = at(&mut harness, kestrel.room(pod.room).unwrap().at);
        click_at(&mut harness, pos);
        harness.get_by_label("Add escape pod").click();
        harness.run();
        let placed = ship(&harness).escape_pods.last().cloned().unwrap();
        assert_eq!(
            (placed.number, placed.section, placed.room),
            (pod.number, pod.section, pod.room)
        );
    }

    // The room-tile pool, from the ship's inspector.
    harness.key_press(Key::Escape);
    harness.run();
    for name in &kestrel.tiles.one {
        type_into(&mut harness, "New \"1\" tiles", name);
    }
    for name in &kestrel.tiles.two {
        type_into(&mut harness, "New \"2\" tiles", name);
    }

    // Saved into a folder: the very files of the bundled pack, lint clean.
    assert_eq!(problems(&mut harness), Vec::new());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let folder = dir.join("kestrel");
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

/// Each tool makes its edit as one undo step, undone and redone whole.
#[test]
fn every_tool_edits_in_one_undo_step() {
    let dir = scratch("nemesis-tools");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Tools", "");
    let rooms = |h: &Harness<'_, EditorApp>| -> Vec<(Id, (u16, u16))> {
        ship(h).rooms.iter().map(|r| (r.id, r.at)).collect()
    };

    // Room: two rooms; undo takes the second away, redo brings it back.
    tool(&mut harness, "Room");
    for position in [(0, 0), (2, 0)] {
        let pos = at(&mut harness, position);
        click_at(&mut harness, pos);
    }
    let two = vec![(id("room-1"), (0, 0)), (id("room-2"), (2, 0))];
    assert_eq!(rooms(&harness), two);
    undo(&mut harness);
    assert_eq!(rooms(&harness), two[..1]);
    redo(&mut harness);
    assert_eq!(rooms(&harness), two);

    // Corridor: dragged from room to room, numbered with what each lacks.
    tool(&mut harness, "Corridor");
    let (a, b) = (at(&mut harness, (0, 0)), at(&mut harness, (2, 0)));
    drag(&mut harness, a, b);
    let corridors = |h: &Harness<'_, EditorApp>| -> Vec<(Id, Id, String, bool)> {
        ship(h)
            .corridors
            .iter()
            .map(|c| (c.rooms[0], c.rooms[1], c.numbers.to_string(), c.door))
            .collect()
    };
    let one = vec![(id("room-1"), id("room-2"), "1".to_string(), false)];
    assert_eq!(corridors(&harness), one);
    assert_eq!(harness.state().ship_selection(), Selection::Corridor(0));
    undo(&mut harness);
    assert_eq!(corridors(&harness), vec![]);
    assert_eq!(harness.state().ship_selection(), Selection::None);
    redo(&mut harness);
    assert_eq!(corridors(&harness), one);

    // Door: a click on the corridor puts a Door token on it.
    tool(&mut harness, "Door");
    let middle = a.lerp(b, 0.5);
    click_at(&mut harness, middle);
    assert!(ship(&harness).corridors[0].door);
    undo(&mut harness);
    assert!(!ship(&harness).corridors[0].door);
    redo(&mut harness);
    assert!(ship(&harness).corridors[0].door);

    // Network: placed on an empty spot.
    tool(&mut harness, "Network");
    let hub = at(&mut harness, (1, 2));
    click_at(&mut harness, hub);
    let networks = |h: &Harness<'_, EditorApp>| -> Vec<(Id, (u16, u16))> {
        ship(h).networks.iter().map(|n| (n.id, n.at)).collect()
    };
    assert_eq!(networks(&harness), [(id("network-1"), (1, 2))]);
    undo(&mut harness);
    assert_eq!(networks(&harness), []);
    redo(&mut harness);

    // Technical entrance: dragged from a room to the network; a click on
    // the other room gives it one that opens on no network yet.
    tool(&mut harness, "Technical entrance");
    let hub = at(&mut harness, (1, 2));
    let (a, b) = (at(&mut harness, (0, 0)), at(&mut harness, (2, 0)));
    drag(&mut harness, a, hub);
    click_at(&mut harness, b);
    let entrances = |h: &Harness<'_, EditorApp>| -> Vec<(Id, Option<Id>, String)> {
        ship(h)
            .entrances
            .iter()
            .map(|e| (e.room, e.network, e.numbers().to_string()))
            .collect()
    };
    let both = vec![
        (id("room-1"), Some(id("network-1")), "2".to_string()),
        (id("room-2"), None, "2".to_string()),
    ];
    assert_eq!(entrances(&harness), both);
    undo(&mut harness);
    assert_eq!(entrances(&harness), both[..1]);
    redo(&mut harness);
    assert_eq!(entrances(&harness), both);

    // Select: a room dragged to another spot moves in one undo step, and
    // its corridor follows.
    tool(&mut harness, "Select");
    let far = at(&mut harness, (4, 2));
    let b = at(&mut harness, (2, 0));
    drag(&mut harness, b, far);
    assert_eq!(rooms(&harness)[1], (id("room-2"), (4, 2)));
    undo(&mut harness);
    assert_eq!(rooms(&harness)[1], (id("room-2"), (2, 0)));
    redo(&mut harness);
    assert_eq!(rooms(&harness)[1], (id("room-2"), (4, 2)));

    // A network is dragged to another spot the same way.
    let hub = at(&mut harness, (1, 2));
    let to = at(&mut harness, (1, 4));
    drag(&mut harness, hub, to);
    assert_eq!(networks(&harness), [(id("network-1"), (1, 4))]);
    undo(&mut harness);
    assert_eq!(networks(&harness), [(id("network-1"), (1, 2))]);
    redo(&mut harness);

    // Delete: the room goes with its corridor and entrance; undo brings all back.
    let before = (rooms(&harness), corridors(&harness), entrances(&harness));
    let pos = at(&mut harness, (4, 2));
    click_at(&mut harness, pos);
    harness.key_press(Key::Delete);
    harness.run();
    assert_eq!(rooms(&harness), two[..1]);
    assert_eq!(corridors(&harness), vec![]);
    assert_eq!(entrances(&harness), both[..1]);
    undo(&mut harness);
    assert_eq!(
        (rooms(&harness), corridors(&harness), entrances(&harness)),
        before
    );
    redo(&mut harness);
    assert_eq!(rooms(&harness), two[..1]);
}

/// The inspector offers the numbers a room lacks, and N002 goes away live
/// once the room has each of 1–4.
#[test]
fn the_inspector_numbers_corridor_ends_and_n002_follows_live() {
    let dir = scratch("nemesis-numbers");
    let pack = copied("kestrel-relay", &dir);
    let mut harness = harness(app(Some(pack.clone()), &dir));
    assert_eq!(problems(&mut harness), Vec::new());
    // cargo–engine-2 (corridor 19) carries 1 and 4; take the 4 away at cargo.
    let cargo = ship(&harness)
        .rooms
        .iter()
        .find(|r| r.id == id("cargo"))
        .unwrap()
        .at;
    let engine = ship(&harness)
        .rooms
        .iter()
        .find(|r| r.id == id("engine-2"))
        .unwrap()
        .at;
    let (a, b) = (at(&mut harness, cargo), at(&mut harness, engine));
    click_at(&mut harness, a.lerp(b, 0.5));
    assert_eq!(harness.state().ship_selection(), Selection::Corridor(19));
    harness.get_by_label("at cargo 4").click();
    harness.run();
    assert_eq!(
        problems(&mut harness),
        [
            (
                "N003",
                "corridor cargo–engine-2 is numbered 1 at `cargo` but 1 and 4 at `engine-2`"
                    .to_string()
            ),
            (
                "N002",
                "room `cargo` has no corridor numbered 4".to_string()
            ),
        ]
    );
    harness.get_by_label("cargo lacks 4 (N002)");
    // The number the room lacks is offered back; taking it clears both.
    harness.get_by_label("at cargo 4").click();
    harness.run();
    assert_eq!(problems(&mut harness), Vec::new());
    // Clicking a problem selects what it is about.
    harness.get_by_label("at cargo 4").click();
    harness.run();
    problems(&mut harness);
    harness
        .get_by_label("room `cargo` has no corridor numbered 4")
        .click();
    harness.run();
    assert_eq!(
        harness.state().ship_selection(),
        Selection::Room(id("cargo"))
    );
    // Saved, the file is canonical: what is drawn is what is written.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let text = std::fs::read_to_string(pack.join("ship.toml")).unwrap();
    let reread = deckplan_schema::nemesis::resolve::parse_ship(&deckplan_schema::SourceFile::new(
        "ship.toml",
        text.clone(),
    ))
    .unwrap();
    assert_eq!(deckplan_schema::nemesis::write::write_ship(&reread), text);
    assert!(
        text.contains("numbers = [1]\nother_end = [1, 4]\n"),
        "{text}"
    );
}

/// The play test answers as `deckplan move`, `noise` and `intruder` do.
#[test]
fn the_play_test_asks_the_rules_engine() {
    let dir = scratch("nemesis-play");
    let mut harness = harness(app(Some(copied("kestrel-relay", &dir)), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let hibernatorium = at(&mut harness, (6, 4));
    click_at(&mut harness, hibernatorium);
    harness.get_by_label("A Movement action from hibernatorium reaches 2 rooms:");
    harness.get_by_label("  galley           through corridor hibernatorium–galley (1): reveal the room and its Exploration token, then make a Noise roll");
    let play = harness.state().ship_play_test();
    assert_eq!(play.state.characters[&id("hibernatorium")], 1);
    // The door to cargo opened: cargo is reached too.
    harness.get_by_label("Door state").click();
    harness.run();
    let cargo = at(&mut harness, (6, 8));
    click_at(&mut harness, hibernatorium.lerp(cargo, 0.5));
    assert_eq!(
        harness.state().status_message(),
        Some("The door of corridor hibernatorium–cargo is open")
    );
    harness.get_by_label("A Movement action from hibernatorium reaches 3 rooms:");
    // A Noise roll in cargo, every face.
    harness.get_by_label("Noise roll").click();
    harness.get_by_label("Character").click();
    harness.run();
    click_at(&mut harness, cargo);
    harness.get_by_label("2 in cargo: Noise placed in the technical corridors (network aft)");
    // Leaving play test keeps the ship as it was.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    assert!(!harness.state().board().unwrap().is_dirty());
}

/// Unsaved Nemesis work autosaved before a crash comes back at the next start.
#[test]
fn a_nemesis_ship_is_recovered_after_a_crash() {
    let dir = scratch("nemesis-recover");
    let pack = copied("kestrel-relay", &dir);
    let dirs = AppDirs::under(&dir);
    let mut crashed = match Document::open(&pack).unwrap() {
        Opened::Editable(doc) => *doc,
        Opened::Broken(why) => panic!("{why}"),
    };
    let mut step = deckplan_editor::nemesis::edit::Transaction::new("Rename");
    step.edits
        .push(deckplan_editor::nemesis::edit::Edit::ShipName(
            "Kestrel Lost".into(),
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
    let doc = harness.state().ship_document().unwrap();
    assert!(doc.is_dirty(), "recovered work is unsaved");
    assert_eq!(doc.origin, crashed.origin);
    assert_eq!(doc.ship_text(), crashed.ship_text());
    assert_eq!(recovery::find(&dirs.recovery()).len(), 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let text = std::fs::read_to_string(pack.join("ship.toml")).unwrap();
    assert_eq!(text, crashed.ship_text());
    assert!(recovery::find(&dirs.recovery()).is_empty());
}

/// File › Export ship… writes the picture `deckplan render` draws.
#[test]
fn the_ship_is_exported_as_render_draws_it() {
    let dir = scratch("nemesis-export");
    let out = dir.join("pictures");
    std::fs::create_dir_all(&out).unwrap();
    let mut harness = harness(app(Some(copied("kestrel-relay", &dir)), &dir));
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label_contains("Export ship").click();
    harness.run();
    let Some(Dialog::Export(form)) = harness.state().dialog() else {
        panic!("the export dialog is open");
    };
    assert_eq!(form.path().file_name().unwrap(), "ship.png");
    type_into(&mut harness, "Folder", &out.display().to_string());
    harness.get_by_label("SVG").click();
    harness.run();
    harness.get_by_label("Export").click();
    harness.run();
    harness
        .state_mut()
        .wait_for_exports(std::time::Duration::from_secs(60));
    let svg = std::fs::read_to_string(out.join("ship.svg")).unwrap();
    for label in ["Hibernatorium", "fore", "1·4"] {
        assert!(svg.contains(&format!("aria-label=\"{label}\"")), "{label}");
    }
}

/// What the format can say beyond the bundled ship — a corridor from a room
/// to itself, ends that differ, an entrance with no network and no numbers,
/// a door on a technical entrance — is drawn with the tools and saved in
/// canonical form.
#[test]
fn everything_the_format_can_say_is_drawn_and_saved_canonical() {
    let dir = scratch("nemesis-everything");
    let mut harness = harness(app(None, &dir));
    new_ship(&mut harness, "Odd", "");
    tool(&mut harness, "Room");
    for position in [(0, 0), (3, 0)] {
        let pos = at(&mut harness, position);
        click_at(&mut harness, pos);
    }
    // A corridor from room-1 to itself: out of the room and back in.
    tool(&mut harness, "Corridor");
    let a = at(&mut harness, (0, 0));
    let away = at(&mut harness, (0, 2));
    harness.hover_at(a);
    harness.run();
    harness.drag_at(a);
    harness.run();
    for i in 1..=6 {
        harness.hover_at(a.lerp(away, i as f32 / 6.0));
        harness.run();
    }
    for i in (0..6).rev() {
        harness.hover_at(a.lerp(away, i as f32 / 6.0));
        harness.run();
    }
    harness.drop_at(a);
    harness.run();
    // A corridor whose ends differ.
    let b = at(&mut harness, (3, 0));
    drag(&mut harness, a, b);
    set_numbers(&mut harness, "at room-2", &[3], |s: &Ship| {
        s.corridors[1].numbers_at(id("room-2")).iter().collect()
    });
    // An entrance with no network, its numbers taken away, and a door on it.
    tool(&mut harness, "Technical entrance");
    click_at(&mut harness, b);
    let numbers: Vec<u8> = ship(&harness).entrances[0].numbers().iter().collect();
    for n in numbers {
        harness.get_by_label(&format!("entrance {n}")).click();
        harness.run();
    }
    harness.get_by_label("Door token (N006)").click();
    harness.run();
    let ship = ship(&harness);
    assert_eq!(ship.corridors[0].rooms, [id("room-1"), id("room-1")]);
    assert!(ship.corridors[1].other_end.is_some());
    let entrance = &ship.entrances[0];
    assert_eq!(
        (
            entrance.room,
            entrance.numbers,
            entrance.network,
            entrance.door
        ),
        (id("room-2"), None, None, true)
    );
    // What the checks say of it, live: N001 is not among them (both rooms
    // are joined), N009 names the loop, N005 and N006 the entrance.
    let codes: Vec<&str> = problems(&mut harness).iter().map(|(c, _)| *c).collect();
    for code in ["N003", "N005", "N006", "N009"] {
        assert!(codes.contains(&code), "{code} in {codes:?}");
    }
    // Saved, the file reads back as itself: what is drawn is canonical.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let folder = dir.join("odd");
    common::save_into(&mut harness, &folder);
    let text = std::fs::read_to_string(folder.join("ship.toml")).unwrap();
    let reread = deckplan_schema::nemesis::resolve::parse_ship(&deckplan_schema::SourceFile::new(
        "ship.toml",
        text.clone(),
    ))
    .unwrap();
    assert_eq!(deckplan_schema::nemesis::write::write_ship(&reread), text);
    assert!(
        text.contains("between = [\"room-1\", \"room-1\"]"),
        "{text}"
    );
    assert!(
        text.contains("[[technical_entrances]]\nroom = \"room-2\"\ndoor = true\n"),
        "{text}"
    );
}
