//! What the headless UI tests share: scratch folders, the bundled packs, and
//! the editor window driven through egui_kittest.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs,
    dead_code
)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use deckplan_editor::app::{EditorApp, Startup};
use deckplan_editor::paths::AppDirs;
use deckplan_tests::files::copy_dir;
use egui::{Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "deckplan-editor-games-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A bundled pack of `maps/`.
pub fn bundled(name: &str) -> PathBuf {
    deckplan_tests::games::maps_dir().join(name)
}

/// A check fixture of `tests/fixtures/checks/`.
pub fn fixture(game: &str, check: &str, which: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/checks")
        .join(game)
        .join(check)
        .join(which)
}

/// A copy of a bundled pack in `dir`, so a test can save over it.
pub fn copied(name: &str, dir: &Path) -> PathBuf {
    let pack = dir.join(name);
    copy_dir(&bundled(name), &pack);
    pack
}

pub fn app(path: Option<PathBuf>, dirs: &Path) -> EditorApp {
    EditorApp::new(Startup {
        path,
        dirs: Some(AppDirs::under(dirs)),
        autosave_every: Duration::from_secs(30),
    })
}

pub fn harness(app: EditorApp) -> Harness<'static, EditorApp> {
    let mut harness = Harness::builder()
        .with_size(vec2(1500.0, 950.0))
        .with_max_steps(40)
        .build_ui_state(|ui, app: &mut EditorApp| app.ui_frame(ui), app);
    harness.run();
    harness
}

/// Clicks at a screen point.
pub fn click_at(harness: &mut Harness<'_, EditorApp>, pos: Pos2) {
    harness.hover_at(pos);
    harness.run();
    harness.drag_at(pos);
    harness.run();
    harness.drop_at(pos);
    harness.run();
}

/// Drags the mouse from one screen point to another in small steps.
pub fn drag(harness: &mut Harness<'_, EditorApp>, from: Pos2, to: Pos2) {
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for i in 1..=8 {
        harness.hover_at(from.lerp(to, i as f32 / 8.0));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
}

/// Replaces the text of the field labelled `label` and commits it (Enter).
pub fn type_into(harness: &mut Harness<'_, EditorApp>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label(label).type_text(text);
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run();
}

/// Writes into `folder` through the open Save As dialog: the folder typed
/// over whatever the dialog offers, then Save.
pub fn save_into(harness: &mut Harness<'_, EditorApp>, folder: &Path) {
    let field = "The folder to write pack.toml";
    harness.get_by_label_contains(field).focus();
    harness.run();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness
        .get_by_label_contains(field)
        .type_text(&folder.display().to_string());
    harness.run();
    harness.get_by_label("Save").click();
    harness.run();
}

/// Waits for the problems of the current state and shows them.
pub fn problems(harness: &mut Harness<'_, EditorApp>) -> Vec<(&'static str, String)> {
    assert!(
        harness
            .state_mut()
            .wait_for_problems(Duration::from_secs(60))
    );
    harness.run();
    harness
        .state()
        .problems()
        .problems
        .iter()
        .map(|p| (p.code, p.message.clone()))
        .collect()
}

/// Every file below a folder, by its path relative to it, with its bytes.
pub fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                found.push((path.strip_prefix(dir).unwrap().to_path_buf(), bytes));
            }
        }
    }
    found.sort();
    found
}
