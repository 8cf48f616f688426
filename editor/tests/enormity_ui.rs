//! Headless UI tests: the real editor window driven through egui_kittest,
//! finding widgets by their labels and moving the mouse over the canvas the
//! way a user does.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use deckplan_editor::app::{EditorApp, Startup};
use deckplan_editor::dialogs::Dialog;
use deckplan_editor::enormity::dialogs::PageDialog;
use deckplan_editor::enormity::document::Document;
use deckplan_editor::enormity::edit::{Edit, Transaction};
use deckplan_editor::enormity::selection::Selection;
use deckplan_editor::enormity::tools::ToolKind;
use deckplan_editor::enormity::{Central, Inspect as _};
use deckplan_editor::paths::AppDirs;
use deckplan_editor::recovery;
use deckplan_schema::enormity::write::write_page;
use deckplan_schema::enormity::{Edge, EdgeKind, Intersection, Page, PageId};
use deckplan_tests::files::copy_dir;
use deckplan_validator::diagnostic::Severity;
use egui::{Key, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable};

const L1P1: PageId = PageId { book: 1, page: 1 };

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("deckplan-editor-ui-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of the bundled pack in `dir`, so tests can save over it.
fn bundled_pack(dir: &Path) -> PathBuf {
    let pack = dir.join("pack");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe"),
        &pack,
    );
    pack
}

fn app(path: Option<PathBuf>, dirs: &Path) -> EditorApp {
    EditorApp::new(Startup {
        path,
        dirs: Some(AppDirs::under(dirs)),
        autosave_every: Duration::from_secs(30),
    })
}

fn harness(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_size(vec2(1500.0, 950.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui_frame(ui), app);
    harness.run();
    harness
}

/// The screen point of an intersection of the shown page.
fn point(harness: &Harness<'_, EditorApp>, x: u16, y: u16) -> Pos2 {
    let geo = harness.state().page_geometry().expect("a page is shown");
    geo.point(Intersection { x, y })
}

/// Drags the mouse from one intersection to another along a grid line,
/// passing every intersection and the middle of every edge on the way.
fn drag_along(harness: &mut Harness<'_, EditorApp>, from: (u16, u16), to: (u16, u16)) {
    let start = point(harness, from.0, from.1);
    harness.hover_at(start);
    harness.run();
    harness.drag_at(start);
    harness.run();
    let steps = from.0.abs_diff(to.0).max(from.1.abs_diff(to.1));
    let end = point(harness, to.0, to.1);
    for i in 1..=steps * 2 {
        let t = f32::from(i) / f32::from(steps * 2);
        harness.hover_at(start.lerp(end, t));
        harness.run();
    }
    harness.drop_at(end);
    harness.run();
}

fn page(harness: &Harness<'_, EditorApp>, id: PageId) -> Page {
    harness.state().document().unwrap().pack.pages[&id].clone()
}

fn walls(page: &Page) -> Vec<Edge> {
    page.edges
        .iter()
        .filter(|(_, f)| f.kind == EdgeKind::Wall)
        .map(|(e, _)| *e)
        .collect()
}

fn unspanned(mut page: Page) -> Page {
    page.clear_spans();
    page
}

/// The five edges between intersections (3, 5) and (8, 5) of L1p1: `E4-E8 north`.
fn new_run() -> Vec<Edge> {
    (3..8).map(|x| Edge::horizontal(x, 5)).collect()
}

/// The edit that walls [`new_run`] on L1p1, as one step named `name`.
fn wall_run(name: &str) -> Transaction {
    let mut step = Transaction::new(name);
    for edge in new_run() {
        step.edits.push(Edit::Edge {
            page: L1P1,
            edge,
            kind: Some(EdgeKind::Wall),
        });
    }
    step
}

#[test]
fn paint_a_wall_run_undo_redo_save_and_reload() {
    let dir = scratch("wall");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack.clone()), &dir));
    assert_eq!(harness.state().shown_page(), Some(L1P1));
    let before = page(&harness, L1P1);

    harness.get_by_label("Wall").click();
    harness.run();
    assert_eq!(harness.state().tool(), ToolKind::Wall);

    drag_along(&mut harness, (3, 5), (8, 5));
    let painted = page(&harness, L1P1);
    for edge in new_run() {
        assert_eq!(
            painted.edge(edge).map(|f| f.kind),
            Some(EdgeKind::Wall),
            "{edge}"
        );
    }
    assert_eq!(walls(&painted).len(), walls(&before).len() + 5);
    assert!(harness.state().window_title().starts_with("● "));

    // The whole stroke is one undo step.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(walls(&page(&harness, L1P1)), walls(&before));
    assert!(!harness.state().window_title().starts_with("● "));
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run();
    assert_eq!(walls(&page(&harness, L1P1)), walls(&painted));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
    assert_eq!(walls(&page(&harness, L1P1)), walls(&painted));

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert!(!harness.state().document().unwrap().is_dirty());
    assert_eq!(
        harness.state().window_title(),
        "Derelict: the Meridian Tithe — deckplan-editor"
    );

    // What is on disk is the page as expected: the original with the run added.
    let mut expected = Document::open(&pack).unwrap();
    expected.apply(wall_run("expected")).unwrap();
    let expected = expected.pack.pages[&L1P1].clone();
    let file = pack.join("book1/page1.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text, write_page(&expected));
    assert!(text.contains("\"E4-E8 north\""), "{text}");
    let reloaded = Document::open(&pack).unwrap();
    assert_eq!(
        unspanned(reloaded.pack.pages[&L1P1].clone()),
        unspanned(expected)
    );
    // The previous version is kept beside it.
    let backup = std::fs::read_to_string(pack.join("book1/page1.toml.bak")).unwrap();
    assert_eq!(
        backup,
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../maps/derelict-meridian-tithe/book1/page1.toml")
        )
        .unwrap()
    );
}

#[test]
fn a_failed_save_leaves_the_old_file_and_the_changes() {
    let dir = scratch("failed-save");
    let pack = bundled_pack(&dir);
    let file = pack.join("book1/page1.toml");
    let original = std::fs::read(&file).unwrap();
    // Saving renames a new backup over `page1.toml.bak`; a folder in its way
    // makes the save fail half-way, as a full disk would. (Temporary files
    // have unpredictable names, so none can be blocked in advance.)
    std::fs::create_dir_all(pack.join("book1/page1.toml.bak/blocker")).unwrap();
    let mut harness = harness(app(Some(pack.clone()), &dir));
    harness.get_by_label("Wall").click();
    harness.run();
    drag_along(&mut harness, (3, 5), (8, 5));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();

    assert!(
        matches!(harness.state().dialog(), Some(Dialog::Message { title, .. }) if title == "Not saved")
    );
    harness.get_by_label("Not saved");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        original,
        "the old file is intact"
    );
    assert!(harness.state().document().unwrap().is_dirty());
    assert_eq!(
        walls(&page(&harness, L1P1)).len(),
        walls(&Document::open(&pack).unwrap().pack.pages[&L1P1]).len() + 5
    );
    harness.get_by_label("OK").click();
    harness.run();
    assert!(harness.state().dialog().is_none());
}

#[test]
fn unsaved_work_is_recovered_after_a_crash() {
    let dir = scratch("recover");
    let pack = bundled_pack(&dir);
    let dirs = AppDirs::under(&dir);
    // A session that edits and autosaves, then dies without closing.
    let mut crashed = Document::open(&pack).unwrap();
    crashed.apply(wall_run("Paint wall")).unwrap();
    let slot = dirs
        .recovery()
        .join(recovery::slot_name(&crashed.origin, 0));
    recovery::write(&slot, &crashed).unwrap();

    // The next start offers it back.
    let mut harness = harness(app(None, &dir));
    assert!(matches!(harness.state().dialog(), Some(Dialog::Recover(found)) if found.len() == 1));
    harness.get_by_label("Recover").click();
    harness.run();

    let app = harness.state();
    assert!(app.dialog().is_none());
    let doc = app.document().unwrap();
    assert!(doc.is_dirty(), "recovered work is unsaved");
    assert_eq!(doc.origin, crashed.origin);
    for (id, page) in &crashed.pack.pages {
        assert_eq!(
            unspanned(doc.pack.pages[id].clone()),
            unspanned(page.clone()),
            "{id}"
        );
    }
    // It is protected again at once: autosaved under this session.
    assert_eq!(recovery::find(&dirs.recovery()).len(), 1);
    // Saving puts it where it belongs.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let saved = Document::open(&pack).unwrap();
    assert_eq!(
        unspanned(saved.pack.pages[&L1P1].clone()),
        unspanned(crashed.pack.pages[&L1P1].clone())
    );
    assert!(recovery::find(&dirs.recovery()).is_empty());
}

#[test]
fn clicking_a_problem_shows_and_selects_its_place() {
    let dir = scratch("problems");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/checks/enormity/R004-forced-arrow-blocked/fail");
    let pack = dir.join("pack");
    copy_dir(&fixture, &pack);
    let mut harness = harness(app(Some(pack), &dir));
    assert!(
        harness
            .state_mut()
            .wait_for_problems(Duration::from_secs(30))
    );
    harness.run();
    let problem = harness
        .state()
        .problems()
        .problems
        .iter()
        .find(|p| p.code == "R004")
        .cloned()
        .expect("the fixture has an R004 problem");
    harness.get_by_label(&problem.message).click();
    harness.run();
    let app = harness.state();
    assert_eq!(
        app.shown_page(),
        deckplan_editor::enormity::problems::page(&problem)
    );
    assert_eq!(app.central(), Central::Page);
    assert!(
        matches!(app.selection(), Selection::Space { .. }),
        "{:?}",
        app.selection()
    );
}

#[test]
fn a_new_pack_from_the_file_menu() {
    let dir = scratch("new-pack");
    let mut harness = harness(app(None, &dir));
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label("New pack…").click();
    harness.run();
    assert!(matches!(harness.state().dialog(), Some(Dialog::New(_))));
    harness.get_by_label("Create pack").click();
    harness.run();
    let app = harness.state();
    let doc = app.document().expect("a new pack is open");
    assert_eq!(doc.pack.pages.len(), 1);
    assert!(doc.is_dirty());
    assert_eq!(app.window_title(), "● New pack — deckplan-editor");
}

#[test]
fn placing_markers_and_deleting_them() {
    let dir = scratch("markers");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.get_by_label("Marker").click();
    harness.run();
    // The marker tool places Spacer starts by default; E6 is a free board space.
    let geo = harness.state().page_geometry().unwrap();
    let e6 = geo
        .space_rect(deckplan_schema::enormity::Space::new(5, 4))
        .center();
    harness.hover_at(e6);
    harness.run();
    harness.drag_at(e6);
    harness.run();
    harness.drop_at(e6);
    harness.run();
    let starts = |h: &Harness<'_, EditorApp>| {
        page(h, L1P1)
            .spaces
            .marked(deckplan_schema::enormity::Marker::SpacerStart)
            .count()
    };
    assert_eq!(starts(&harness), 5);
    harness.get_by_label("Select").click();
    harness.run();
    harness.hover_at(e6);
    harness.run();
    harness.drag_at(e6);
    harness.run();
    harness.drop_at(e6);
    harness.run();
    assert!(matches!(
        harness.state().selection(),
        Selection::Space { .. }
    ));
    harness.key_press(Key::Delete);
    harness.run();
    assert_eq!(starts(&harness), 4);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(starts(&harness), 5);
}

#[test]
fn layout_labels_never_overprint_each_other() {
    let dir = scratch("layout-labels");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::L);
    harness.run();
    assert_eq!(harness.state().central(), Central::Layout);
    let labels = harness.state().layout_labels().to_vec();
    // Eight page names and seven join badges.
    assert_eq!(labels.len(), 15);
    for (i, a) in labels.iter().enumerate() {
        for b in &labels[i + 1..] {
            assert!(!a.intersects(*b), "{a:?} overprints {b:?}");
        }
    }
}

#[test]
fn dragging_a_page_in_the_layout_joins_it_where_it_snaps() {
    let dir = scratch("layout");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::L);
    harness.run();
    assert_eq!(harness.state().central(), Central::Layout);
    let l2p2 = PageId { book: 2, page: 2 };
    let l2p4 = PageId { book: 2, page: 4 };
    let doc = harness.state().document().unwrap();
    let layout = deckplan_validator::enormity::board::layout::PackLayout::new(&doc.pack);
    let (q, p) = (layout.placements[&l2p2], layout.placements[&l2p4]);
    let frame = harness.state().layout_frame().unwrap();
    // Grab L2p4 in its middle and move it so its west edge lies on L2p2's east
    // edge, 1.3 spaces higher than L2p2's bottom: it snaps to offset 1.
    let grab = frame.rect(&p).center();
    let target_x = q.x + q.width;
    let target_y = q.y + 130;
    let delta = frame.screen_from_layout(target_x, target_y) - frame.screen_from_layout(p.x, p.y);
    harness.hover_at(grab);
    harness.run();
    harness.drag_at(grab);
    harness.run();
    for i in 1..=4 {
        harness.hover_at(grab + delta * (i as f32 / 4.0));
        harness.run();
    }
    harness.drop_at(grab + delta);
    harness.run();

    let joins = &harness.state().document().unwrap().pack.joins;
    let join = joins
        .iter()
        .find(|j| j.to.page == l2p4)
        .expect("a join places L2p4");
    assert_eq!(join.from.page, l2p2);
    assert_eq!(join.from.side, deckplan_schema::enormity::Direction::East);
    assert_eq!(
        join.offset,
        deckplan_schema::enormity::model::Offset::spaces(1)
    );
    // The join that placed it before (against L2p3) is gone: one step undoes it all.
    assert!(
        !joins
            .iter()
            .any(|j| j.from.page == PageId { book: 2, page: 3 } && j.to.page == l2p4)
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    let restored = &harness.state().document().unwrap().pack.joins;
    assert_eq!(
        restored,
        &Document::open(&dir.join("pack")).unwrap().pack.joins
    );
}

#[test]
fn a_scan_is_traced_through_the_page_menu() {
    let dir = scratch("scan");
    let pack = bundled_pack(&dir);
    // A scan outside the pack: shown from where it is, copied in on saving.
    let scan = dir.join("scanner/L1p1.png");
    std::fs::create_dir_all(scan.parent().unwrap()).unwrap();
    image::RgbaImage::from_pixel(1200, 1000, image::Rgba([90, 90, 100, 255]))
        .save(&scan)
        .unwrap();
    let mut harness = harness(app(Some(pack.clone()), &dir));
    harness.get_by_label("Page").click();
    harness.run();
    harness.get_by_label("Trace a scan…").click();
    harness.run();
    assert!(matches!(harness.state().dialog(), Some(Dialog::Path(_))));
    let field = "A PNG or JPEG scan of the printed page. One from outside the pack folder is copied into scans/ when you save.";
    harness.get_by_label(field).click();
    harness.run();
    harness
        .get_by_label(field)
        .type_text(&scan.display().to_string());
    harness.run();
    harness.get_by_label("Load scan").click();
    harness.run();
    let background = page(&harness, L1P1)
        .background
        .expect("a scan is laid under L1p1");
    assert_eq!(background.image, "../scans/L1p1.png");
    assert_eq!(background.scale, 100.0, "1200 pixels over 12 columns");
    harness.get_by_label("1200 × 1000 pixels");
    assert!(
        !pack.join("scans").exists(),
        "nothing is written before saving"
    );
    // Saved into the page file, the scan copied beside it, and read back the same.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(
        harness.state().status_message(),
        Some("Saved 1 file and copied 1 scan into the pack")
    );
    assert_eq!(
        std::fs::read(pack.join("scans/L1p1.png")).unwrap(),
        std::fs::read(&scan).unwrap()
    );
    let text = std::fs::read_to_string(pack.join("book1/page1.toml")).unwrap();
    assert!(
        text.contains("[background]\nimage = \"../scans/L1p1.png\"\nscale = 100\n"),
        "{text}"
    );
    let reloaded = Document::open(&pack).unwrap();
    assert_eq!(
        reloaded.pack.pages[&L1P1]
            .background
            .as_ref()
            .map(|b| b.scale),
        Some(100.0)
    );
}

#[test]
fn pages_are_added_reordered_and_removed_with_undo() {
    let dir = scratch("pages");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack.clone()), &dir));
    let count = |h: &Harness<'_, EditorApp>| h.state().document().unwrap().pack.pages.len();
    assert_eq!(count(&harness), 8);

    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::N);
    harness.run();
    harness
        .get_by_role_and_label(egui::Role::Button, "Add page")
        .click();
    harness.run();
    let l1p5 = PageId { book: 1, page: 5 };
    assert_eq!(count(&harness), 9);
    assert_eq!(harness.state().shown_page(), Some(l1p5));
    // Listed in book order: after book 1's last page.
    let position = |h: &Harness<'_, EditorApp>, path: &str| {
        let files = &h.state().document().unwrap().pack.page_files;
        files.iter().position(|f| f.path == path).unwrap()
    };
    let page4 = position(&harness, "book1/page4.toml");
    assert_eq!(position(&harness, "book1/page5.toml"), page4 + 1);

    // Move it up the list, then remove it (asking first); undo brings it back.
    harness.key_press_modifiers(Modifiers::ALT, Key::ArrowUp);
    harness.run();
    assert_eq!(position(&harness, "book1/page5.toml"), page4);
    // The pages panel's "−" button.
    harness.get_by_label("−").click();
    harness.run();
    assert!(
        matches!(harness.state().page_dialog(), Some(PageDialog::RemovePage(id)) if *id == l1p5)
    );
    harness
        .get_by_role_and_label(egui::Role::Button, "Remove page")
        .click();
    harness.run();
    assert_eq!(count(&harness), 8);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(count(&harness), 9);

    // Saved, the new page is a file of its own listed in pack.toml.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let reloaded = Document::open(&pack).unwrap();
    assert!(reloaded.load_problems.is_empty());
    assert!(reloaded.pack.pages.contains_key(&l1p5));
    assert!(pack.join("book1/page5.toml").is_file());
}

/// A file dropped on the window, as the windowing layer reports it.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn a_pack_folder_dropped_on_the_window_opens() {
    let dir = scratch("drop");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(None, &dir));
    assert!(harness.state().document().is_none());
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(pack.clone())));
    harness.run();
    let doc = harness
        .state()
        .document()
        .expect("the dropped pack is open");
    assert_eq!(doc.title(), "Derelict: the Meridian Tithe");
    assert_eq!(harness.state().shown_page(), Some(L1P1));
}

/// A plain left click on a screen point, as a user makes it.
fn click_at(harness: &mut Harness<'_, EditorApp>, pos: Pos2) {
    harness.hover_at(pos);
    harness.run();
    harness.drag_at(pos);
    harness.run();
    harness.drop_at(pos);
    harness.run();
}

/// An open board space in the middle of the shown page, and its centre on screen.
fn middle_board_space(
    harness: &Harness<'_, EditorApp>,
) -> (deckplan_schema::enormity::Space, Pos2) {
    let id = harness.state().shown_page().unwrap();
    let page = page(harness, id);
    let geo = harness.state().page_geometry().unwrap();
    let (cols, rows) = (page.size.columns, page.size.rows);
    let mut spaces: Vec<deckplan_schema::enormity::Space> = (0..rows)
        .flat_map(|row| (0..cols).map(move |col| deckplan_schema::enormity::Space { row, col }))
        .filter(|s| page.is_board(*s))
        .collect();
    spaces.sort_by_key(|s| (s.row.abs_diff(rows / 2)) + s.col.abs_diff(cols / 2));
    let space = spaces[0];
    (space, geo.space_rect(space).center())
}

/// Runs frames until the play test's board (built on a worker after the
/// first question about a map) is ready and the question answered.
fn settle_play_test(harness: &mut Harness<'_, EditorApp>) {
    harness.run();
    for _ in 0..10 {
        if !harness.state().play_test().is_busy() {
            return;
        }
        assert!(
            harness
                .state_mut()
                .wait_for_play_test(Duration::from_secs(60))
        );
        harness.run();
    }
    panic!("the play-test board was never built");
}

#[test]
fn play_test_reach_and_blip_step_come_from_the_rules_engine() {
    use deckplan_editor::app::Mode;
    use deckplan_editor::enormity::playtest::{Analysis, Piece};
    use deckplan_validator::enormity::board::{Board, PageIntersection, PageSpace};
    use deckplan_validator::enormity::rules::blip_move;
    use deckplan_validator::enormity::rules::spacer_move::{self, MoveOptions};

    let dir = scratch("playtest");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let generation = harness.state().document().unwrap().generation();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    assert_eq!(harness.state().mode(), Mode::PlayTest);

    // Place a Spacer with a click (Spacer is the piece at first), move 3.
    let (space, centre) = middle_board_space(&harness);
    click_at(&mut harness, centre);
    let page_id = harness.state().shown_page().unwrap();
    let from = PageSpace {
        page: page_id,
        space,
    };
    assert_eq!(harness.state().play_test().spacer, Some(from));
    harness.state_mut().play_test_mut().move_value = 3;
    settle_play_test(&mut harness);
    let held: Vec<(PageSpace, u32)> = harness
        .state()
        .play_test()
        .answer()
        .reach
        .iter()
        .map(|(s, n)| (*s, *n))
        .collect();
    let doc_pack = harness.state().document().unwrap().pack.clone();
    let state = harness.state().play_test().state.clone();
    let board = Board::new(&doc_pack);
    let mut expected: Vec<(PageSpace, u32)> =
        spacer_move::reach(&board, &state, from, MoveOptions::new(3))
            .unwrap()
            .destinations()
            .collect();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(held, expected);

    // A Blip three corners west of the Spacer, stepping toward it on a 2.
    harness.get_by_label("Place Blip").click();
    harness.run();
    let geo = harness.state().page_geometry().unwrap();
    let corner = Intersection {
        x: space.col.saturating_sub(3),
        y: space.row,
    };
    click_at(&mut harness, geo.point(corner));
    let blip = PageIntersection {
        page: page_id,
        point: corner,
    };
    assert_eq!(harness.state().play_test().blip, Some(blip));
    harness.get_by_label("Blip step").click();
    harness.run();
    harness.state_mut().play_test_mut().die = 2;
    settle_play_test(&mut harness);
    let play = harness.state().play_test();
    assert_eq!(play.analysis, Analysis::BlipStep);
    assert_eq!(play.piece, Piece::Blip);
    let ends: Vec<PageIntersection> = play.answer().blip_moves.iter().map(|m| m.end).collect();
    let state = play.state.clone();
    let expected: Vec<PageIntersection> = blip_move::move_blip(&board, &state, blip, from, 2)
        .unwrap()
        .iter()
        .map(|m| m.end)
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(ends, expected);
    // The panel words it as `deckplan blip` does.
    harness.get_by_label(&format!(
        "Blip on {blip}, 2 moves toward the Spacer on {from}:"
    ));
    let options = blip_move::move_blip(&board, &state, blip, from, 2).unwrap();
    for line in options[0].describe(2) {
        assert!(
            harness.query_by_label(&line).is_some(),
            "{line:?} is not in the panel"
        );
    }

    // Right click removes the Blip; none of this touched the document.
    harness.hover_at(geo.point(corner));
    harness.run();
    harness.event(egui::Event::PointerButton {
        pos: geo.point(corner),
        button: egui::PointerButton::Secondary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.event(egui::Event::PointerButton {
        pos: geo.point(corner),
        button: egui::PointerButton::Secondary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run();
    assert!(harness.state().play_test().state.blips.is_empty());
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.generation(), generation);
    assert!(!doc.is_dirty());
    assert!(doc.history.undo_label().is_none());
}

#[test]
fn the_export_dialog_writes_where_the_user_chooses_and_remembers_it() {
    let dir = scratch("export");
    let pack = bundled_pack(&dir);
    let out = dir.join("pictures");
    std::fs::create_dir_all(&out).unwrap();
    let mut harness = harness(app(Some(pack.clone()), &dir));
    harness.get_by_label("File").click();
    harness.run();
    harness.get_by_label_contains("Export page").click();
    harness.run();
    let Some(Dialog::Export(form)) = harness.state().dialog() else {
        panic!("the export dialog is open");
    };
    // Never the pack folder by default.
    assert!(
        !Path::new(&form.folder).starts_with(&pack),
        "{}",
        form.folder
    );
    harness.get_by_label("Folder").focus();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_label("Folder")
        .type_text(&out.display().to_string());
    harness.run();
    harness.get_by_label("SVG").click();
    harness.get_by_label("Legend").click();
    harness.run();
    harness.get_by_label("Export").click();
    harness.run();
    harness
        .state_mut()
        .wait_for_exports(Duration::from_secs(60));
    harness.run();
    let id = harness.state().shown_page().unwrap();
    let written = out.join(format!("{id}.svg"));
    let svg = std::fs::read_to_string(&written).expect("the SVG is written");
    assert!(svg.contains("<svg"));
    assert_eq!(
        harness.state().status_message(),
        Some(format!("Wrote {}", written.display()).as_str())
    );
    // Nothing was written into the pack.
    assert!(!pack.join(format!("{id}.svg")).exists());
    assert!(!pack.join(format!("{id}.png")).exists());

    // The next export starts in the folder chosen, also after a restart.
    drop(harness);
    let mut reopened = self::harness(app(Some(pack), &dir));
    reopened.get_by_label("File").click();
    reopened.run();
    reopened.get_by_label_contains("Export pack layout").click();
    reopened.run();
    let Some(Dialog::Export(form)) = reopened.state().dialog() else {
        panic!("the export dialog is open");
    };
    assert_eq!(Path::new(&form.folder), out);
    assert_eq!(form.path(), out.join("layout.png"));
}

fn painted_shapes(harness: &Harness<'_, EditorApp>) -> Vec<egui::Shape> {
    let mut flat = Vec::new();
    let mut stack: Vec<egui::Shape> = harness
        .output()
        .shapes
        .iter()
        .map(|c| c.shape.clone())
        .collect();
    while let Some(shape) = stack.pop() {
        match shape {
            egui::Shape::Vec(inner) => stack.extend(inner),
            other => flat.push(other),
        }
    }
    flat
}

/// The black wall strokes of the frame, as their two screen ends.
fn painted_walls(harness: &Harness<'_, EditorApp>) -> Vec<(Pos2, Pos2)> {
    let black = egui::epaint::ColorMode::Solid(egui::Color32::BLACK);
    painted_shapes(harness)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Path(path) if path.stroke.color == black && path.points.len() == 2 => {
                Some((path.points[0], path.points[1]))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_canvas_paints_the_printed_scene_and_follows_edits() {
    use deckplan_validator::draw::{Point, Rect, Scene, Shape};
    use deckplan_validator::enormity::draw::page::draw_page;

    let dir = scratch("canvas-scene");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let page = page(&harness, L1P1);

    // Every label of the printed page is on the canvas, in the print font.
    let mut printed = Scene::new(Rect::default());
    draw_page(&mut printed, &page, Point::default());
    let mut expected: Vec<String> = printed
        .shapes()
        .filter_map(|s| match s {
            Shape::Text(text) => Some(text.text.clone()),
            _ => None,
        })
        .collect();
    expected.sort();
    let mut shown: Vec<String> = painted_shapes(&harness)
        .into_iter()
        .filter_map(|s| match s {
            egui::Shape::Text(text)
                if text.galley.job.sections.iter().all(|section| {
                    section.format.font_id.family
                        == egui::FontFamily::Name(deckplan_editor::paint::MAP_FONT.into())
                }) =>
            {
                Some(text.galley.job.text.clone())
            }
            _ => None,
        })
        .collect();
    shown.sort();
    assert_eq!(shown, expected);
    assert!(expected.contains(&"Assessors' desks".to_string()));

    // A wall drawn with the tool shows at once, as one run from (3, 5) to (8, 5).
    let (from, to) = (point(&harness, 3, 5), point(&harness, 8, 5));
    let spans = |walls: &[(Pos2, Pos2)]| {
        walls.iter().any(|(a, b)| {
            (a.y - from.y).abs() < 0.5 && (b.y - from.y).abs() < 0.5 && a.x <= from.x && b.x >= to.x
        })
    };
    assert!(!spans(&painted_walls(&harness)));
    harness.get_by_label("Wall").click();
    harness.run();
    drag_along(&mut harness, (3, 5), (8, 5));
    assert!(
        spans(&painted_walls(&harness)),
        "{:?}",
        painted_walls(&harness)
    );
}

#[test]
fn the_canvas_keeps_its_zoom_when_panels_change_and_fits_only_on_f() {
    let dir = scratch("steady");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let before = harness.state().page_geometry().unwrap();
    // Hiding the problems panel makes the canvas taller: the map stays put.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::M);
    harness.run();
    assert_eq!(harness.state().page_geometry().unwrap(), before);
    // A page seen before comes back as it was left.
    harness.key_press(Key::PageDown);
    harness.run();
    assert_ne!(harness.state().shown_page(), Some(L1P1));
    harness.key_press(Key::PageUp);
    harness.run();
    assert_eq!(harness.state().page_geometry().unwrap(), before);
    // F fits the page to the taller canvas.
    harness.key_press(Key::F);
    harness.run();
    let fitted = harness.state().page_geometry().unwrap();
    assert!(
        fitted.cell > before.cell,
        "{} ≤ {}",
        fitted.cell,
        before.cell
    );
}

#[test]
fn typing_in_a_text_field_never_picks_a_tool() {
    let dir = scratch("typing");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    assert_eq!(harness.state().tool(), ToolKind::Select);
    harness.get_by_label("Title").click();
    harness.run();
    // As a keyboard sends them: a key press and its text, for each letter
    // (W, B and D are tool keys).
    for letter in ["W", "B", "D"] {
        let key = Key::from_name(letter).unwrap();
        harness.key_press(key);
        harness.event(egui::Event::Text(letter.to_string()));
        harness.run();
        assert_eq!(harness.state().tool(), ToolKind::Select, "after {letter}");
    }
    harness.key_press(Key::Enter);
    harness.run();
    assert_eq!(harness.state().tool(), ToolKind::Select);
    assert_eq!(
        page(&harness, L1P1).title.as_deref(),
        Some("Clamp SevenWBD")
    );
}

#[test]
fn picking_a_tool_leaves_the_page_fields_in_place_and_clears_the_last_tools_message() {
    let dir = scratch("inspector");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let title = harness.get_by_label("Title").rect();
    // The spawn-link tool says why a drag from a bare space links nothing.
    harness.key_press(Key::K);
    harness.run();
    let (_, centre) = middle_board_space(&harness);
    click_at(&mut harness, centre);
    assert_eq!(
        harness.state().status_message(),
        Some("Start a spawn link on a spawn point (place them with the spawn-point tool)")
    );
    assert_eq!(harness.get_by_label("Title").rect(), title);
    // Terrain has the tallest options; the page's fields do not move.
    harness.key_press(Key::T);
    harness.run();
    assert_eq!(harness.state().tool(), ToolKind::Terrain);
    assert_eq!(harness.state().status_message(), None);
    assert_eq!(harness.get_by_label("Title").rect(), title);
}

#[test]
fn the_play_test_builds_its_board_on_a_worker_with_a_spinner() {
    let dir = scratch("playtest-worker");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    settle_play_test(&mut harness);
    let (_, centre) = middle_board_space(&harness);
    click_at(&mut harness, centre);
    settle_play_test(&mut harness);
    assert!(!harness.state().play_test().answer().reach.is_empty());
    let walls_before = walls(&page(&harness, L1P1)).len();
    // A wall drawn in edit mode changes the map: back in the play test, the
    // first frame asks for a new board and shows the spinner, not a stale answer.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    harness.key_press(Key::W);
    harness.run();
    drag_along(&mut harness, (3, 5), (8, 5));
    assert_eq!(walls(&page(&harness, L1P1)).len(), walls_before + 5);
    // One frame takes Ctrl+P; the next is the first in play-test mode.
    harness.event(egui::Event::Key {
        key: Key::P,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    harness.step();
    harness.step();
    assert!(harness.state().play_test().is_building());
    assert!(harness.state().play_test().answer().reach.is_empty());
    harness.event(egui::Event::Key {
        key: Key::P,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    harness.get_by_label("Building the board after the edit…");
    settle_play_test(&mut harness);
    assert!(!harness.state().play_test().answer().reach.is_empty());
    assert!(
        harness
            .query_by_label("Building the board after the edit…")
            .is_none()
    );
}

/// Opens a copy of a check fixture's failing pack and waits for its problems.
fn fixture_harness(name: &str, check: &str) -> Harness<'static, EditorApp> {
    let dir = scratch(name);
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/checks/enormity")
        .join(check)
        .join("fail");
    let pack = dir.join("pack");
    copy_dir(&fixture, &pack);
    let mut harness = harness(app(Some(pack), &dir));
    assert!(
        harness
            .state_mut()
            .wait_for_problems(Duration::from_secs(30))
    );
    harness.run();
    harness
}

#[test]
fn a_fix_button_turns_a_blocked_arrow_and_the_problem_goes() {
    let mut harness = fixture_harness("fix-arrow", "R004-forced-arrow-blocked");
    let problem = harness
        .state()
        .problems()
        .problems
        .iter()
        .find(|p| p.code == "R004")
        .cloned()
        .unwrap();
    harness.get_by_label(&problem.message).click();
    harness.run();
    // Fixes are looked for on a worker.
    assert!(harness.state_mut().wait_for_fixes(Duration::from_secs(30)));
    harness.run();
    let fix = harness
        .query_all_by_label_contains("Turn the arrow to point")
        .next()
        .expect("a fix is offered");
    let label = fix.accesskit_node().label().unwrap_or_default();
    fix.click();
    harness.run();
    assert!(
        harness
            .state_mut()
            .wait_for_problems(Duration::from_secs(30))
    );
    harness.run();
    let doc = harness.state().document().unwrap();
    assert_eq!(
        doc.history.undo_label(),
        Some(format!("Fix: {label}").as_str())
    );
    // The fixture's other blocked arrow (A6, east off the page) is still reported.
    let left: Vec<String> = harness
        .state()
        .problems()
        .problems
        .iter()
        .map(|p| p.message.clone())
        .collect();
    assert_eq!(
        left,
        vec!["the forced arrow on A6 points east off the page, where no page is joined"]
    );
    assert_ne!(problem.message, left[0]);
}

#[test]
fn a_join_between_books_is_given_its_location_arrows_by_a_fix() {
    let mut harness = fixture_harness("fix-join-arrows", "A006-join-without-location-arrow");
    let problem = harness
        .state()
        .problems()
        .problems
        .iter()
        .find(|p| p.code == "A006")
        .cloned()
        .unwrap();
    harness.get_by_label(&problem.message).click();
    harness.run();
    // A join is shown in the layout.
    assert_eq!(harness.state().central(), Central::Layout);
    assert!(harness.state_mut().wait_for_fixes(Duration::from_secs(30)));
    harness.run();
    assert!(
        harness
            .query_by_label_contains("help: pick the Location arrow tool (L)")
            .is_some()
    );
    // Both 6 × 3 all-board pages meet along the whole edge.
    let label = "Place Location arrows across the join on L1p1 A6, B6, C6 and L2p1 A1, B1, C1";
    harness.get_by_label(label).click();
    harness.run();
    assert!(
        harness
            .state_mut()
            .wait_for_problems(Duration::from_secs(30))
    );
    harness.run();
    assert_eq!(
        harness.state().status_message(),
        Some(format!("Fixed: {label} (Ctrl+Z undoes it)").as_str())
    );
    let doc = harness.state().document().unwrap();
    assert_eq!(
        doc.history.undo_label(),
        Some(format!("Fix: {label}").as_str())
    );
    let arrows = |page: PageId| {
        doc.pack.pages[&page]
            .spaces
            .location_arrows
            .iter()
            .map(|(s, a)| format!("{s} {} {}", a.direction, a.target))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        arrows(L1P1),
        ["A6 east L2p1", "B6 east L2p1", "C6 east L2p1"]
    );
    assert_eq!(
        arrows(PageId { book: 2, page: 1 }),
        ["A1 west L1p1", "B1 west L1p1", "C1 west L1p1"]
    );
    assert!(
        harness
            .state()
            .problems()
            .problems
            .iter()
            .all(|p| p.code != "A006")
    );
}

#[test]
fn the_joins_panel_places_the_location_arrows_a_join_lacks() {
    let dir = scratch("join-arrows");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::L);
    harness.run();
    let offered = harness.query_all_by_label("Add arrows").count();
    // Rows with and without the button keep their ✖ in one column.
    let removes: Vec<f32> = harness
        .query_all_by_label("✖")
        .map(|b| b.rect().min.x)
        .collect();
    assert_eq!(removes.len(), 7);
    assert!(removes.iter().all(|x| *x == removes[0]), "{removes:?}");
    assert!(offered > 0 && offered < 7);
    // The first join, L1p1 east ↔ L1p2 west, is a spread with no arrows printed.
    harness
        .query_all_by_label("Add arrows")
        .next()
        .unwrap()
        .click();
    harness.run();
    let label = "Place Location arrows across the join on L1p1 E12, F12 and L1p2 E1, F1";
    let doc = harness.state().document().unwrap();
    assert_eq!(doc.history.undo_label(), Some(label));
    let l1p2 = PageId { book: 1, page: 2 };
    for (page, space, direction, target) in [
        (L1P1, "E12", "east", l1p2),
        (L1P1, "F12", "east", l1p2),
        (l1p2, "E1", "west", L1P1),
        (l1p2, "F1", "west", L1P1),
    ] {
        let space = deckplan_schema::enormity::Space::parse(space).unwrap();
        let arrow = doc.pack.pages[&page].spaces.location_arrows[&space];
        assert_eq!((arrow.direction.name(), arrow.target), (direction, target));
    }
    assert_eq!(
        harness.state().status_message(),
        Some(format!("{label} (Ctrl+Z undoes it)").as_str())
    );
    assert_eq!(
        harness.query_all_by_label("Add arrows").count(),
        offered - 1
    );
}

#[test]
fn a_door_nothing_opens_gets_help_worded_for_the_editor() {
    let mut harness = fixture_harness("fix-door", "R002-door-without-opener");
    let problem = harness
        .state()
        .problems()
        .problems
        .iter()
        .find(|p| p.code == "R002")
        .cloned()
        .unwrap();
    harness.get_by_label(&problem.message).click();
    harness.run();
    assert!(harness.state_mut().wait_for_fixes(Duration::from_secs(30)));
    harness.run();
    // The help speaks of the editor, not of the file's keys; with no console
    // or keycard on the page there is nothing to fix with one click.
    assert!(
        harness
            .query_by_label(
                "help: place a console or keycard on L1p1 with the Markers tool (M), \
                 then tick door 1 under Opens"
            )
            .is_some()
    );
    assert!(harness.query_by_label("Fix:").is_none());
}

#[test]
fn problem_rows_never_print_a_place_over_its_message() {
    let mut harness = fixture_harness("columns", "R002-door-without-opener");
    harness.run();
    let texts: Vec<(egui::Rect, String)> = painted_shapes(&harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Text(text) => {
                Some((text.visual_bounding_rect(), text.galley.text().to_string()))
            }
            _ => None,
        })
        .collect();
    let problems = harness.state().problems().problems.clone();
    assert!(!problems.is_empty());
    for problem in &problems {
        let Some(place) = problem.place else { continue };
        let place = place.to_string();
        let place_rect = texts
            .iter()
            .find(|(_, t)| {
                *t == place || (t.ends_with('…') && place.starts_with(t.trim_end_matches('…')))
            })
            .map(|(r, _)| *r)
            .unwrap_or_else(|| panic!("{place} is not drawn"));
        let message_rect = texts
            .iter()
            .find(|(r, t)| {
                (r.center().y - place_rect.center().y).abs() < 2.0
                    && problem.message.starts_with(t.trim_end_matches('…'))
            })
            .map(|(r, _)| *r)
            .unwrap_or_else(|| panic!("{} is not drawn", problem.message));
        assert!(
            place_rect.right() < message_rect.left(),
            "{place} runs into its message"
        );
    }
}

#[test]
fn play_test_step_counts_sit_beside_markers_and_sight_names_its_blockers() {
    use deckplan_validator::enormity::board::{Board, PageSpace};
    use deckplan_validator::enormity::rules::los;

    let dir = scratch("playtest-sight");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    // A Spacer on E2 (column 2, row E).
    let e2 = deckplan_schema::enormity::Space::new(1, 4);
    let geo = harness.state().page_geometry().unwrap();
    click_at(&mut harness, geo.space_rect(e2).center());
    settle_play_test(&mut harness);

    // Each step count is drawn in the top-right corner of its space.
    let reach = harness.state().play_test().answer().reach.clone();
    let e3 = PageSpace {
        page: L1P1,
        space: deckplan_schema::enormity::Space::new(2, 4),
    };
    assert_eq!(reach.get(&e3), Some(&1));
    let cell = geo.space_rect(e3.space);
    let badge = painted_shapes(&harness)
        .into_iter()
        .find_map(|shape| match shape {
            egui::Shape::Text(text)
                if text.galley.text() == "1"
                    && cell.contains(text.visual_bounding_rect().center()) =>
            {
                Some(text.visual_bounding_rect())
            }
            _ => None,
        })
        .expect("E3's step count is drawn on E3");
    assert!(
        badge.left() > cell.center().x && badge.bottom() < cell.center().y,
        "{badge:?} in {cell:?}"
    );

    // Line of sight to the hovered space, as the rules engine judges it.
    harness.get_by_label("Line of sight").click();
    harness.run();
    let i6 = deckplan_schema::enormity::Space::new(5, 8);
    harness.hover_at(geo.space_rect(i6).center());
    settle_play_test(&mut harness);
    harness.run();
    let doc_pack = harness.state().document().unwrap().pack.clone();
    let board = Board::new(&doc_pack);
    let state = harness.state().play_test().state.clone();
    let from = PageSpace {
        page: L1P1,
        space: e2,
    };
    let to = PageSpace {
        page: L1P1,
        space: i6,
    };
    let expected = los::line_of_sight(&board, &state, from, to).unwrap();
    assert!(!expected.visible && !expected.blockers.is_empty());
    assert_eq!(
        harness.state().play_test().answer().sight_line,
        Some((to, expected.clone()))
    );
    harness.get_by_label("L1p1 E2 has no line of sight to L1p1 I6.");
    for blocker in &expected.blockers {
        harness.get_by_label(&format!("  • {blocker}"));
    }
}

#[test]
fn a_page_is_duplicated_in_book_order_and_rotated_with_undo() {
    let dir = scratch("duplicate");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let original = page(&harness, L1P1);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::D);
    harness.run();
    let l1p5 = PageId { book: 1, page: 5 };
    assert_eq!(harness.state().shown_page(), Some(l1p5));
    let copy = page(&harness, l1p5);
    assert_eq!(copy.edges, original.edges);
    assert_eq!(copy.spaces, original.spaces);
    assert_eq!(copy.size, original.size);
    // Listed after the book's last page, before book 2.
    let files: Vec<String> = harness
        .state()
        .document()
        .unwrap()
        .pack
        .page_files
        .iter()
        .map(|f| f.path.clone())
        .collect();
    let at = files
        .iter()
        .position(|f| *f == copy.source.path().to_string_lossy())
        .unwrap();
    assert_eq!(files[at - 1], "book1/page4.toml");
    assert_eq!(files[at + 1], "book2/page1.toml");

    // A quarter turn swaps the page's sides and is one undo step.
    harness
        .get_by_role_and_label(egui::Role::Button, "Page")
        .click();
    harness.run();
    harness.get_by_label_contains("Rotate clockwise").click();
    harness.run();
    let turned = page(&harness, l1p5);
    assert_eq!(
        (turned.size.columns, turned.size.rows),
        (original.size.rows, original.size.columns)
    );
    assert_eq!(turned.edges.len(), original.edges.len());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(page(&harness, l1p5).size, original.size);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert!(
        !harness
            .state()
            .document()
            .unwrap()
            .pack
            .pages
            .contains_key(&l1p5)
    );
}

/// Where the layout places `other`, counted in spaces from `page`'s
/// south-west corner.
fn placed_from(harness: &Harness<'_, EditorApp>, page: PageId, other: PageId) -> (i64, i64) {
    let pack = &harness.state().document().unwrap().pack;
    let layout = deckplan_validator::enormity::board::layout::PackLayout::new(pack);
    let (a, b) = (layout.placements[&page], layout.placements[&other]);
    ((b.x - a.x) / 100, (b.y - a.y) / 100)
}

#[test]
fn turning_a_joined_page_turns_its_joins_in_one_undo_step() {
    let dir = scratch("turn-joins");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let l1p2 = PageId { book: 1, page: 2 };
    let l1p3 = PageId { book: 1, page: 3 };
    let joins = |h: &Harness<'_, EditorApp>| h.state().document().unwrap().pack.joins.clone();
    let written = joins(&harness);
    harness.key_press(Key::PageDown);
    harness.key_press(Key::PageDown);
    harness.run();
    assert_eq!(harness.state().shown_page(), Some(l1p3));
    // L1p3 (11 columns) lies on L1p2's north edge two spaces east: L1p2
    // reaches from 2 spaces west of L1p3's south-west corner.
    assert_eq!(placed_from(&harness, l1p3, l1p2), (-2, -10));

    // Mirrored west–east, L1p2 lies under the same printed spaces, mirrored:
    // from 1 space east of the corner; the east join to L1p4 cannot hold.
    harness
        .get_by_role_and_label(egui::Role::Button, "Page")
        .click();
    harness.run();
    harness.get_by_label_contains("Mirror west–east").click();
    harness.run();
    assert_eq!(placed_from(&harness, l1p3, l1p2), (1, -10));
    let now = joins(&harness);
    assert_eq!(now.len(), written.len() - 1);
    assert!(
        !now.iter()
            .any(|j| j.from.page == l1p3 || j.to.page == PageId { book: 1, page: 4 })
    );
    let status = harness.state().status_message().unwrap().to_string();
    assert!(
        status.starts_with(
            "Mirrored L1p3 west–east; its join to L1p2 was moved to meet the same spaces; \
             its join to L1p4 was removed"
        ),
        "{status}"
    );
    // The message takes the tool hint's room rather than printing over it,
    // and ends before the problem counters at the right.
    let message = harness.get_by_label(&status).rect();
    let errors = harness.state().problems().count(Severity::Error);
    let counter = harness.get_by_label(&format!("⊗ {errors}")).rect();
    assert!(
        message.max.x <= counter.min.x && message.min.y < counter.max.y,
        "{message:?} runs into the error counter at {counter:?}"
    );
    assert!(
        harness
            .query_by_label_contains("Click a space, edge or intersection to inspect it")
            .is_none()
    );

    // One undo brings back the page and both joins.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(joins(&harness), written);
    assert_eq!(placed_from(&harness, l1p3, l1p2), (-2, -10));

    // A quarter turn leaves no edge of L1p2 facing its neighbours.
    harness.key_press(Key::PageUp);
    harness.run();
    assert_eq!(harness.state().shown_page(), Some(l1p2));
    harness
        .get_by_role_and_label(egui::Role::Button, "Page")
        .click();
    harness.run();
    harness.get_by_label_contains("Rotate clockwise").click();
    harness.run();
    assert!(
        !joins(&harness)
            .iter()
            .any(|j| j.from.page == l1p2 || j.to.page == l1p2)
    );
    assert_eq!(
        harness.state().document().unwrap().history.undo_label(),
        Some("Rotate page")
    );
    assert!(
        harness
            .state()
            .status_message()
            .unwrap()
            .starts_with("Rotated L1p2 clockwise; its joins to L1p1, L1p3 and L2p1 were removed")
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(joins(&harness), written);
}

#[test]
fn a_new_pack_is_saved_with_a_gitignore_for_its_backups() {
    let dir = scratch("gitignore");
    let mut harness = harness(app(None, &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run();
    harness.get_by_label("Create pack").click();
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    let Some(Dialog::Path(form)) = harness.state().dialog() else {
        panic!("Save As asks where");
    };
    assert_eq!(form.gitignore, Some(true));
    let folder = dir.join("my-pack");
    harness
        .get_by_label("The folder to write pack.toml and the page files into (created if needed).")
        .type_text(&folder.display().to_string());
    harness.run();
    harness.get_by_label("Save").click();
    harness.run();
    assert!(folder.join("pack.toml").is_file());
    assert_eq!(
        std::fs::read_to_string(folder.join(".gitignore")).unwrap(),
        "# Backups deckplan-editor keeps of the previous version of each saved file.\n*.bak\n"
    );
}

/// The spaces of a page carrying a marker.
fn marked(
    page: &Page,
    marker: deckplan_schema::enormity::Marker,
) -> Vec<deckplan_schema::enormity::Space> {
    page.spaces.marked(marker).map(|(s, _)| s).collect()
}

#[test]
fn a_rectangle_is_selected_moved_copied_and_pasted_onto_another_page() {
    use deckplan_schema::enormity::{Marker, Space};
    let dir = scratch("area");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let starts = marked(&page(&harness, L1P1), Marker::SpacerStart);
    // L1p1's Spacer starts fill E2–F3; E4 is empty board.
    assert_eq!(
        starts,
        vec![
            Space::new(1, 4),
            Space::new(2, 4),
            Space::new(1, 5),
            Space::new(2, 5)
        ]
    );
    let geo = harness.state().page_geometry().unwrap();
    let centre = |s: Space| geo.space_rect(s).center();
    harness.hover_at(centre(Space::new(3, 4)));
    harness.run();
    harness.drag_at(centre(Space::new(3, 4)));
    harness.run();
    harness.hover_at(centre(Space::new(2, 5)));
    harness.run();
    harness.drop_at(centre(Space::new(1, 5)));
    harness.run();
    let area =
        deckplan_editor::enormity::region::Area::spanning(Space::new(1, 4), Space::new(3, 5));
    assert_eq!(
        harness.state().selection(),
        Selection::Area { page: L1P1, area }
    );

    // Dragged from inside, three columns east: the starts go along.
    harness.hover_at(centre(Space::new(2, 4)));
    harness.run();
    harness.drag_at(centre(Space::new(2, 4)));
    harness.run();
    harness.hover_at(centre(Space::new(4, 4)));
    harness.run();
    harness.drop_at(centre(Space::new(5, 4)));
    harness.run();
    let moved: Vec<Space> = starts
        .iter()
        .map(|s| Space::new(s.col + 3, s.row))
        .collect();
    assert_eq!(marked(&page(&harness, L1P1), Marker::SpacerStart), moved);
    assert_eq!(
        harness.state().document().unwrap().history.undo_label(),
        Some("Move selection")
    );

    // Copied, then pasted on L1p2 at the space under the pointer.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run();
    harness.key_press(Key::PageDown);
    harness.run();
    let l1p2 = PageId { book: 1, page: 2 };
    assert_eq!(harness.state().shown_page(), Some(l1p2));
    let before = page(&harness, l1p2);
    let geo = harness.state().page_geometry().unwrap();
    harness.hover_at(geo.space_rect(Space::new(0, 0)).center());
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run();
    let after = page(&harness, l1p2);
    let pasted = marked(&after, Marker::SpacerStart);
    // The starts were the rectangle's two western columns.
    for start in [
        Space::new(0, 0),
        Space::new(1, 0),
        Space::new(0, 1),
        Space::new(1, 1),
    ] {
        assert!(pasted.contains(&start), "{start:?} in {pasted:?}");
    }
    assert_eq!(
        after.kind(Space::new(2, 1)),
        Some(deckplan_schema::enormity::SpaceKind::Board)
    );

    // The pasted rectangle is selected; the inspector turns it a quarter.
    let joins = harness.state().document().unwrap().pack.joins.clone();
    harness.get_by_label("Rotate clockwise").click();
    harness.run();
    assert_eq!(
        harness.state().document().unwrap().history.undo_label(),
        Some("Rotate selection")
    );
    // Turning a selection leaves the page's edges, and so its joins, alone.
    assert_eq!(harness.state().document().unwrap().pack.joins, joins);
    let turned = marked(&page(&harness, l1p2), Marker::SpacerStart);
    // Three columns by two rows turned: the starts (west two columns) now
    // fill the top two rows of a two-column, three-row rectangle.
    for start in [
        Space::new(0, 2),
        Space::new(1, 2),
        Space::new(0, 1),
        Space::new(1, 1),
    ] {
        assert!(turned.contains(&start), "{start:?} in {turned:?}");
    }
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(unspanned(page(&harness, l1p2)), unspanned(before));
}

#[test]
fn resizing_the_window_fits_a_page_nobody_zoomed_but_keeps_a_zoom() {
    let dir = scratch("window");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    let before = harness.state().page_geometry().unwrap();
    harness.set_size(vec2(1800.0, 1100.0));
    harness.run();
    let bigger = harness.state().page_geometry().unwrap();
    assert!(
        bigger.cell > before.cell,
        "{} ≤ {}",
        bigger.cell,
        before.cell
    );
    // Once zoomed, the zoom is the user's: a resize keeps it.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    harness.run();
    let zoomed = harness.state().page_geometry().unwrap();
    harness.set_size(vec2(1500.0, 950.0));
    harness.run();
    assert_eq!(harness.state().page_geometry().unwrap().cell, zoomed.cell);
}

#[test]
fn resizing_the_window_fits_the_layout_nobody_zoomed_but_keeps_a_zoom() {
    let dir = scratch("layout-window");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::L);
    harness.run();
    assert_eq!(harness.state().central(), Central::Layout);
    let before = harness.state().layout_frame().unwrap();
    harness.set_size(vec2(1800.0, 1100.0));
    harness.run();
    let bigger = harness.state().layout_frame().unwrap();
    assert!(
        bigger.cell > before.cell,
        "{} ≤ {}",
        bigger.cell,
        before.cell
    );
    // Hiding the problems panel changes the canvas, not the window: the
    // layout stays where it is.
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::M);
    harness.run();
    assert_eq!(harness.state().layout_frame().unwrap(), bigger);
    // Once zoomed, the zoom is the user's: a resize keeps it.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Equals);
    harness.run();
    let zoomed = harness.state().layout_frame().unwrap();
    assert!(zoomed.cell > bigger.cell);
    harness.set_size(vec2(1500.0, 950.0));
    harness.run();
    assert_eq!(harness.state().layout_frame().unwrap(), zoomed);
    // F fits again, and the fit follows the window until the next zoom.
    harness.key_press(Key::F);
    harness.run();
    let fitted = harness.state().layout_frame().unwrap();
    assert!(fitted.cell < zoomed.cell);
    harness.set_size(vec2(1800.0, 1100.0));
    harness.run();
    assert!(harness.state().layout_frame().unwrap().cell > fitted.cell);
}

#[test]
fn play_test_names_the_other_pages_a_move_reaches() {
    use deckplan_validator::enormity::board::PageSpace;
    let dir = scratch("playtest-elsewhere");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    // A Spacer on F11, by L1p1's east edge, which is joined to L1p2.
    let f11 = deckplan_schema::enormity::Space::new(10, 5);
    let geo = harness.state().page_geometry().unwrap();
    click_at(&mut harness, geo.space_rect(f11).center());
    harness.state_mut().play_test_mut().move_value = 4;
    settle_play_test(&mut harness);
    let reach: Vec<PageSpace> = harness
        .state()
        .play_test()
        .answer()
        .reach
        .keys()
        .copied()
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for at in reach.iter().filter(|at| at.page != L1P1) {
        *counts.entry(at.page).or_insert(0_usize) += 1;
    }
    assert!(!counts.is_empty(), "the move crosses the join");
    let listed: Vec<String> = counts
        .iter()
        .map(|(page, n)| format!("{page} ({n} spaces)").replace("(1 spaces)", "(1 space)"))
        .collect();
    harness.get_by_label(&format!("On other pages: {}", listed.join(", ")));
}

#[test]
fn an_allowed_misaligned_join_shows_its_reason_not_a_warning() {
    let dir = scratch("allowed-join");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::L);
    harness.run();
    assert_eq!(harness.state().central(), Central::Layout);
    // L2p2 south → L2p3 north is half a space over, allowed in pack.toml with a reason.
    let reason = harness.state().document().unwrap().pack.lint.checks["misaligned-join"]
        .reason
        .clone();
    harness.get_by_label("offset 0.5\n✔ as printed");
    harness.get_by_label(&format!("As printed, L2p2 south ↔ L2p3 north: {reason}"));
    assert!(harness.query_by_label_contains("⚠ misaligned").is_none());
    let texts: Vec<String> = painted_shapes(&harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Text(text) => Some(text.galley.text().to_string()),
            _ => None,
        })
        .collect();
    assert!(
        texts.iter().any(|t| t == "offset 0.5 as printed"),
        "{texts:?}"
    );
    // The status bar's warning count aside, no join carries a warning sign.
    assert!(
        !texts
            .iter()
            .any(|t| t.starts_with("offset") && t.contains('⚠')),
        "{texts:?}"
    );
}

/// Lays the scan at `scan` under the shown page through Page › Trace a scan….
fn trace_scan(harness: &mut Harness<'_, EditorApp>, scan: &Path) {
    harness.get_by_label("Page").click();
    harness.run();
    harness.get_by_label("Trace a scan…").click();
    harness.run();
    let field = "A PNG or JPEG scan of the printed page. One from outside the pack folder is copied into scans/ when you save.";
    harness.get_by_label(field).click();
    harness.run();
    harness
        .get_by_label(field)
        .type_text(&scan.display().to_string());
    harness.run();
    harness.get_by_label("Load scan").click();
    harness.run();
}

/// The scan's textured quad as painted this frame: its four screen corners,
/// for the image's top-left, top-right, bottom-right and bottom-left.
fn painted_scan(harness: &Harness<'_, EditorApp>) -> Vec<Pos2> {
    painted_shapes(harness)
        .into_iter()
        .find_map(|s| match s {
            egui::Shape::Mesh(mesh)
                if mesh.vertices.len() == 4 && mesh.texture_id != egui::TextureId::default() =>
            {
                Some(mesh.vertices.iter().map(|v| v.pos).collect())
            }
            _ => None,
        })
        .expect("the scan is painted")
}

/// Drags with the primary button from one screen point to another.
fn drag_between(harness: &mut Harness<'_, EditorApp>, from: Pos2, to: Pos2, drop: bool) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for i in 1..=4 {
        harness.hover_at(from.lerp(to, i as f32 / 4.0));
        harness.run();
    }
    if drop {
        harness.drop_at(to);
        harness.run();
    }
}

#[test]
fn a_scan_is_aligned_by_dragging_two_points_onto_intersections() {
    let dir = scratch("align");
    let pack = bundled_pack(&dir);
    let scan = dir.join("L1p1.png");
    image::RgbaImage::from_pixel(1200, 1000, image::Rgba([200, 200, 210, 255]))
        .save(&scan)
        .unwrap();
    let mut harness = harness(app(Some(pack), &dir));
    trace_scan(&mut harness, &scan);
    let traced = page(&harness, L1P1).background.unwrap();
    assert_eq!((traced.scale, traced.offset), (100.0, [0.0, 0.0]));
    harness.get_by_label("Align…").click();
    harness.run();
    // Esc leaves a started alignment with the scan as it was.
    let geo = harness.state().page_geometry().unwrap();
    drag_between(&mut harness, geo.at(1.0, 1.0), geo.at(3.0, 4.0), true);
    harness.key_press(Key::Escape);
    harness.run();
    assert_eq!(page(&harness, L1P1).background.unwrap(), traced);
    assert_eq!(painted_scan(&harness)[3], geo.at(0.0, 0.0));

    harness.get_by_label("Align…").click();
    harness.run();
    // Pixel (100, 900), now at (1, 1), dropped a little off intersection (3, 4):
    // it snaps there, and the scan follows while the button is held.
    let geo = harness.state().page_geometry().unwrap();
    drag_between(&mut harness, geo.at(1.0, 1.0), geo.at(3.2, 3.9), false);
    let corners = painted_scan(&harness);
    assert!(corners[3].distance(geo.at(2.0, 3.0)) < 0.01, "{corners:?}");
    harness.drop_at(geo.at(3.2, 3.9));
    harness.run();
    assert_eq!(
        harness.state().status_message(),
        Some("Point 1 on corner D3 ne: now drag a second point of the scan")
    );
    assert_eq!(
        page(&harness, L1P1).background.unwrap(),
        traced,
        "not yet applied"
    );
    // Pixel (400, 700), now at (6, 6), onto (9, 8): 300 × 200 pixels over
    // 6 × 4 spaces is 50 pixels a space, the image's corner at (1, 2).
    drag_between(&mut harness, geo.at(6.0, 6.0), geo.at(8.9, 8.1), true);
    let aligned = page(&harness, L1P1).background.unwrap();
    assert!((aligned.scale - 50.0).abs() < 1e-3, "{aligned:?}");
    assert!((aligned.offset[0] - 1.0).abs() < 1e-4, "{aligned:?}");
    assert!((aligned.offset[1] - 2.0).abs() < 1e-4, "{aligned:?}");
    let corners = painted_scan(&harness);
    assert!(corners[3].distance(geo.at(1.0, 2.0)) < 0.05, "{corners:?}");
    assert!(
        corners[1].distance(geo.at(25.0, 22.0)) < 0.05,
        "{corners:?}"
    );
    // One undo step puts it back.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
    assert_eq!(page(&harness, L1P1).background.unwrap(), traced);
}

/// The intersection at the north-east corner of a space of L1p1, e.g. `G8`
/// for `L1p1 G8 ne`.
fn ne_corner(space: &str) -> deckplan_validator::enormity::board::PageIntersection {
    deckplan_validator::enormity::board::PageIntersection {
        page: L1P1,
        point: deckplan_schema::enormity::Space::parse(space)
            .unwrap()
            .corner(deckplan_schema::enormity::Corner::NorthEast),
    }
}

/// The texts painted inside `area`, with where they were drawn.
fn painted_texts(harness: &Harness<'_, EditorApp>, area: egui::Rect) -> Vec<(String, egui::Rect)> {
    painted_shapes(harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Text(text) if area.contains_rect(text.visual_bounding_rect()) => {
                Some((text.galley.text().to_string(), text.visual_bounding_rect()))
            }
            _ => None,
        })
        .collect()
}

/// The polylines painted in `ink`, as their screen points.
fn painted_lines(harness: &Harness<'_, EditorApp>, ink: egui::Color32) -> Vec<Vec<Pos2>> {
    let solid = egui::epaint::ColorMode::Solid(ink);
    painted_shapes(harness)
        .into_iter()
        .filter_map(|shape| match shape {
            egui::Shape::Path(path) if path.stroke.color == solid && !path.closed => {
                Some(path.points)
            }
            _ => None,
        })
        .collect()
}

#[test]
fn play_test_noise_moves_several_blips_each_by_its_die_and_draws_the_end_state_picked() {
    use deckplan_editor::enormity::panels::playtest::NOISE_INKS;
    use deckplan_validator::enormity::board::{Board, PageSpace};
    use deckplan_validator::enormity::rules::blip_move;

    let dir = scratch("playtest-noise");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let geo = harness.state().page_geometry().unwrap();
    let e6 = deckplan_schema::enormity::Space::parse("E6").unwrap();
    click_at(&mut harness, geo.space_rect(e6).center());

    // Three Blips by clicks: each takes the die slider's value (3) until set.
    harness.get_by_label("Place Blip").click();
    harness.run();
    for space in ["G8", "G9", "G5"] {
        click_at(&mut harness, geo.point(ne_corner(space).point));
    }
    harness.get_by_label("Noise").click();
    harness.run();
    harness
        .state_mut()
        .play_test_mut()
        .dice
        .insert(ne_corner("G5"), 0);
    settle_play_test(&mut harness);
    harness.run();

    let play = harness.state().play_test();
    let noise = play.answer().noise.clone().expect("a Noise answer");
    let doc_pack = harness.state().document().unwrap().pack.clone();
    let board = Board::new(&doc_pack);
    let toward = PageSpace {
        page: L1P1,
        space: e6,
    };
    let dice = [
        (ne_corner("G8"), 3),
        (ne_corner("G9"), 3),
        (ne_corner("G5"), 0),
    ]
    .into();
    assert_eq!(
        noise.result,
        blip_move::resolve_noise(&board, &play.state, toward, &dice).unwrap()
    );

    // The panel reads as `deckplan noise` prints the roll.
    for line in [
        "Noise from the Spacer on L1p1 E6; the Blips move nearest first:",
        "  1. L1p1 G5 ne (0)",
        "  2. L1p1 G8 ne (3)",
        "  3. L1p1 G9 ne (3)",
        "2 end states (the players choose); click one to draw it:",
        "outcome 1 of 2: afterwards: Blips on L1p1 G5 ne, L1p1 F6 ne, L1p1 E8 ne; revealed: none",
        "outcome 2 of 2: afterwards: Blips on L1p1 G5 ne, L1p1 E7 ne, L1p1 E8 ne; revealed: none",
        "outcome 1 of 2:",
        "  the Blip on L1p1 G8 ne:",
        "    1. west to L1p1 G7 ne",
        "    3. west to L1p1 F6 ne",
        "    moved all its steps — at L1p1 F6 ne",
        "  the Blip on L1p1 G9 ne:",
        "    moved all its steps — at L1p1 E8 ne",
    ] {
        harness.get_by_label(line);
    }

    // Each moving Blip's path in its own ink, through every corner it steps to.
    let points = |spaces: &[&str]| -> Vec<Pos2> {
        spaces
            .iter()
            .map(|s| geo.point(ne_corner(s).point))
            .collect()
    };
    assert_eq!(
        painted_lines(&harness, NOISE_INKS[0]),
        [points(&["G8", "G7", "F7", "F6"])]
    );
    assert_eq!(
        painted_lines(&harness, NOISE_INKS[1]),
        [points(&["G9", "F9", "F8", "E8"])]
    );

    // Each Blip's place in the order and its die, by the Blip and clear of
    // every letter printed on the page.
    let page_area = geo.page_rect();
    let texts = painted_texts(&harness, page_area);
    let badges: Vec<&(String, egui::Rect)> = texts
        .iter()
        .filter(|(text, _)| ["1 (0)", "2 (3)", "3 (3)"].contains(&text.as_str()))
        .collect();
    assert_eq!(badges.len(), 3, "{texts:?}");
    for (badge, rect) in &badges {
        let blip = match badge.as_str() {
            "1 (0)" => "G5",
            "2 (3)" => "G8",
            _ => "G9",
        };
        let corner = geo.point(ne_corner(blip).point);
        assert!(
            (rect.center().x - corner.x).abs() < 2.0 && rect.center().y < corner.y,
            "{badge} at {rect:?}, Blip at {corner:?}"
        );
        for (other, at) in texts
            .iter()
            .filter(|(t, _)| !badges.iter().any(|(b, _)| b == t))
        {
            assert!(!rect.intersects(*at), "{badge} over {other:?}");
        }
    }
    assert!(texts.iter().any(|(t, _)| t == "C1"), "{texts:?}");

    // Clicking the second end state draws it: G8 goes south first.
    harness
        .get_by_label(
            "outcome 2 of 2: afterwards: Blips on L1p1 G5 ne, L1p1 E7 ne, L1p1 E8 ne; revealed: none",
        )
        .click();
    harness.run();
    harness.run();
    assert_eq!(harness.state().play_test().outcome, 1);
    harness.get_by_label("outcome 2 of 2:");
    harness.get_by_label("    1. south to L1p1 F8 ne");
    assert_eq!(
        painted_lines(&harness, NOISE_INKS[0]),
        [points(&["G8", "F8", "F7", "E7"])]
    );

    // Play goes on from that end state: the Blips stand where they stopped.
    harness
        .get_by_label("Move the Blips to this end state")
        .scroll_to_me();
    harness.run();
    harness
        .get_by_label("Move the Blips to this end state")
        .click();
    harness.run();
    let play = harness.state().play_test();
    assert_eq!(
        play.state.blips,
        [ne_corner("G5"), ne_corner("E7"), ne_corner("E8")].into()
    );
    assert!(play.dice.is_empty());
}

#[test]
fn play_test_reveal_lists_the_engines_steps_and_marks_placed_and_open_spaces() {
    use deckplan_editor::enormity::panels::playtest::PLACED_TINT;
    use deckplan_validator::enormity::board::{Board, PageSpace};
    use deckplan_validator::enormity::rules::reveal::{self, Phase, Token};

    let dir = scratch("playtest-reveal");
    let pack = bundled_pack(&dir);
    let mut harness = harness(app(Some(pack), &dir));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::P);
    harness.run();
    let geo = harness.state().page_geometry().unwrap();
    let space = |name: &str| deckplan_schema::enormity::Space::parse(name).unwrap();
    click_at(&mut harness, geo.space_rect(space("E1")).center());
    harness.get_by_label("Place Blip").click();
    harness.run();
    // On E1's south-east corner, which is D1's north-east one.
    click_at(&mut harness, geo.point(ne_corner("D1").point));
    harness.get_by_label("Reveal").click();
    harness.run();
    harness.get_by_label("Token B").click();
    harness.run();
    harness.get_by_label("Eclipse").click();
    settle_play_test(&mut harness);
    harness.run();

    let play = harness.state().play_test();
    let mut without = play.state.clone();
    without.blips.clear();
    let doc_pack = harness.state().document().unwrap().pack.clone();
    let board = Board::new(&doc_pack);
    let spacer = PageSpace {
        page: L1P1,
        space: space("E1"),
    };
    let expected =
        reveal::reveal(&board, &without, spacer, Token::B, Phase::Eclipse, false).unwrap();
    assert_eq!(play.answer().reveal.as_ref().unwrap().steps, expected);
    for line in [
        "Revealing the Blip on L1p1 D1 ne for the Spacer on L1p1 E1:",
        "  1. place 2 Intruders adjacent to the Spacer, the players choosing among L1p1 D1, L1p1 E2, L1p1 F1",
        "  2. the spawned Intruders act at once (ambush)",
        "  3. shuffle the token back into the Blip Pool (no new Blip spawns)",
    ] {
        harness.get_by_label(line);
    }

    // Two Intruders among three spaces: the three are outlined, none filled.
    let placed = |harness: &Harness<'_, EditorApp>| -> Vec<egui::Rect> {
        painted_shapes(harness)
            .into_iter()
            .filter_map(|shape| match shape {
                egui::Shape::Rect(rect) if rect.fill == PLACED_TINT => Some(rect.rect),
                _ => None,
            })
            .collect()
    };
    let outlined = |harness: &Harness<'_, EditorApp>| -> Vec<egui::Rect> {
        painted_shapes(harness)
            .into_iter()
            .filter_map(|shape| match shape {
                egui::Shape::Rect(rect)
                    if rect.fill == egui::Color32::TRANSPARENT
                        && rect.stroke.color == egui::Color32::from_rgb(210, 50, 50) =>
                {
                    Some(rect.rect)
                }
                _ => None,
            })
            .collect()
    };
    let cells = |names: &[&str], inset: f32| -> Vec<egui::Rect> {
        names
            .iter()
            .map(|n| geo.space_rect(space(n)).shrink(inset))
            .collect()
    };
    // In screen order, top to bottom, whatever order they were painted in.
    let sorted = |mut rects: Vec<egui::Rect>| {
        rects.sort_by(|a, b| (a.min.y, a.min.x).partial_cmp(&(b.min.y, b.min.x)).unwrap());
        rects
    };
    assert!(placed(&harness).is_empty());
    // Each space's step number in a corner: the top-right one, but on D1,
    // where the Blip stands, the bottom-right one.
    let badge_on = |harness: &Harness<'_, EditorApp>, name: &str| {
        let cell = geo.space_rect(space(name));
        painted_texts(harness, cell)
            .into_iter()
            .find(|(text, _)| text == "1")
            .map(|(_, rect)| rect)
            .unwrap_or_else(|| panic!("no step number on {name}"))
    };
    for name in ["D1", "E2", "F1"] {
        let (badge, cell) = (badge_on(&harness, name), geo.space_rect(space(name)));
        let top = name != "D1";
        assert_eq!(
            (
                badge.center().x > cell.center().x,
                badge.center().y < cell.center().y
            ),
            (true, top),
            "{name}: {badge:?} in {cell:?}"
        );
    }
    assert_eq!(
        sorted(outlined(&harness)),
        sorted(cells(&["D1", "E2", "F1"], 3.0))
    );

    // In Extraction the token brings three: all three spaces are filled.
    harness.get_by_label("Extraction").click();
    settle_play_test(&mut harness);
    harness.run();
    harness
        .get_by_label("  1. place 3 Intruders adjacent to the Spacer: L1p1 D1, L1p1 E2, L1p1 F1");
    assert_eq!(
        sorted(placed(&harness)),
        sorted(cells(&["D1", "E2", "F1"], 1.0))
    );
    assert!(outlined(&harness).is_empty());
}

#[test]
fn a_rotated_page_turns_its_scan_so_it_stays_under_the_same_spaces() {
    use deckplan_editor::enormity::background::Placement;
    use deckplan_editor::enormity::transform::Transform;
    let dir = scratch("turn-scan");
    let pack = bundled_pack(&dir);
    let scan = dir.join("L1p1.png");
    image::RgbaImage::from_pixel(1200, 1000, image::Rgba([200, 200, 210, 255]))
        .save(&scan)
        .unwrap();
    // The page on its own: a lone page has no joins for a turn to undo.
    let mut harness = harness(app(Some(pack.join("book1/page1.toml")), &dir));
    trace_scan(&mut harness, &scan);
    // Scanned sideways: a quarter turn about its middle, which stays put.
    harness.get_by_label("Turn ↻").click();
    harness.run();
    let before = page(&harness, L1P1);
    let background = before.background.clone().unwrap();
    assert_eq!((background.turn, background.mirrored), (90, false));
    // The middle of 12 × 10 spaces, (6, 5), is where it was.
    assert_eq!(background.offset, [1.0, 11.0]);
    harness.get_by_label("turned 90°");
    let placed = Placement::of(&background, [1200, 1000]);
    let pixels = [[0.0, 0.0], [1200.0, 0.0], [1200.0, 1000.0], [0.0, 1000.0]];
    let geo = harness.state().page_geometry().unwrap();
    for (corner, pixel) in painted_scan(&harness).into_iter().zip(pixels) {
        let [x, y] = placed.page_point(pixel);
        assert!(corner.distance(geo.at(x as f32, y as f32)) < 0.05);
    }

    harness
        .get_by_role_and_label(egui::Role::Button, "Page")
        .click();
    harness.run();
    harness.get_by_label_contains("Rotate clockwise").click();
    harness.run();
    let turned = page(&harness, L1P1).background.unwrap();
    assert_eq!((turned.turn, turned.offset), (180, [11.0, 11.0]));
    // Every corner of the scan is drawn where the turn takes the page point under it.
    let geo = harness.state().page_geometry().unwrap();
    for (corner, pixel) in painted_scan(&harness).into_iter().zip(pixels) {
        let [x, y] = Transform::RotateClockwise.position(before.size, placed.page_point(pixel));
        assert!(
            corner.distance(geo.at(x as f32, y as f32)) < 0.05,
            "{corner:?} is not at ({x}, {y})"
        );
    }
}
