//! Enormity's Location maps in the editor: everything drawn around a pack of
//! pages, behind the shell's [`Board`] seam.
//!
//! - [`document`] — the pack open, where it lives, its history, scans waiting
//!   to be copied in, and saving that cannot lose work;
//! - [`edit`] — every change to a pack as an invertible [`edit::Edit`];
//!   [`ops`] builds the edits of one user operation; [`transform`] turns and
//!   mirrors a page with everything on it; [`region`] copies rectangles;
//! - [`command`] and [`action`] — what its panels ask for, and its own menu,
//!   toolbar and keyboard actions;
//! - [`tools`] — the drawing tools, one per file; [`panels`] — the pages
//!   list, the inspector, the page and layout views and the play-test panel;
//!   [`dialogs`] — add, resize and remove a page, and a new pack's fields;
//! - [`scenes`] and [`canvas`] — a page's map (the printed look) and the
//!   editor's marks over it; [`view`] — zoom and pan over the square grid;
//!   [`selection`] — picking places;
//! - [`problems`] — the live check of the pack and what it marks on the map;
//!   [`fixes`] — one-click fixes for mechanical problems;
//! - [`playtest`] — figures placed on the map and the rules engine asked
//!   where they can go; [`describe`] — the place under the pointer in words;
//!   [`background`] and [`align`] — scans to trace, decoded within limits.

pub mod action;
pub mod align;
pub mod background;
mod board;
pub mod canvas;
pub mod command;
pub mod describe;
pub mod dialogs;
pub mod document;
pub mod edit;
pub mod fixes;
pub mod ops;
pub mod panels;
pub mod playtest;
pub mod problems;
pub mod region;
pub mod scenes;
pub mod selection;
#[cfg(test)]
mod testutil;
pub mod tools;
pub mod transform;
pub mod view;

use std::path::Path;
use std::time::Duration;

use deckplan_schema::enormity::PageId;
use eframe::egui;

pub use self::board::EnormityBoard;
use crate::app::EditorApp;
use crate::board::{Board, Game, NewForm};
use crate::files::{LoadFailure, Origin};
use crate::recovery::Found;

use self::dialogs::{NewPageForm, PageDialog};
use self::document::Document;
use self::edit::History;
use self::panels::layout_view::Frame as LayoutFrame;
use self::playtest::PlayTest;
use self::selection::Selection;
use self::tools::ToolKind;
use self::view::Geometry;

/// Enormity in the editor (`ruleset = "enormity"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Enormity;

impl Game for Enormity {
    fn ruleset(&self) -> &'static str {
        "enormity"
    }

    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
        Ok(Box::new(EnormityBoard::new(Document::open(path)?)))
    }

    fn recover(&self, found: &Found) -> Result<Box<dyn Board>, LoadFailure> {
        Ok(Box::new(EnormityBoard::new(recover(found)?)))
    }

    fn new_form(&self) -> Option<Box<dyn NewForm>> {
        Some(Box::new(NewPageForm::new_pack()))
    }
}

/// Loads an autosave as an unsaved document belonging where it came from.
pub fn recover(found: &Found) -> Result<Document, LoadFailure> {
    let Some((path, origin)) = found.source() else {
        return Err(found.incomplete());
    };
    let doc = Document::open(&path)?;
    let mut pack = doc.pack;
    if let Origin::File { file } = &origin {
        // The lone page's pack is named after its file.
        if let Some(name) = file.file_name() {
            pack.name = name.to_string_lossy().into_owned();
        }
    }
    let mut recovered = Document::from_parts(pack, origin, History::unsaved());
    recovered.set_pending_scans(found.manifest.pending_scans.clone());
    Ok(recovered)
}

/// What fills the middle of the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Central {
    /// One page, to draw on.
    #[default]
    Page,
    /// Every page placed by its joins, to arrange.
    Layout,
}

/// A look inside the open Enormity board, for tests and benchmarks: the
/// document, the page shown, where it is on the screen, the tool, the
/// selection and the play test.
///
/// The methods that return a reference panic when no Enormity board is open;
/// the others answer as an empty editor would.
pub trait Inspect {
    /// The open document.
    fn document(&self) -> Option<&Document>;
    /// The page shown.
    fn shown_page(&self) -> Option<PageId>;
    /// Last frame's mapping from the shown page to the screen.
    fn page_geometry(&self) -> Option<Geometry>;
    /// Last frame's layout-view mapping.
    fn layout_frame(&self) -> Option<LayoutFrame>;
    /// Where last frame's layout view drew its page names and join badges.
    fn layout_labels(&self) -> &[egui::Rect];
    /// The tool in use.
    fn tool(&self) -> ToolKind;
    /// The selection.
    fn selection(&self) -> Selection;
    /// What fills the middle of the window.
    fn central(&self) -> Central;
    /// The play-test state and its last answer.
    fn play_test(&self) -> &PlayTest;
    /// The play-test state, to set up a question.
    fn play_test_mut(&mut self) -> &mut PlayTest;
    /// Waits (up to `timeout`) for the play test's worker.
    fn wait_for_play_test(&mut self, timeout: Duration) -> bool;
    /// Waits (up to `timeout`) for the fixes of the chosen problem.
    fn wait_for_fixes(&mut self, timeout: Duration) -> bool;
    /// The board's own open dialog.
    fn page_dialog(&self) -> Option<&PageDialog>;
}

impl Inspect for EditorApp {
    fn document(&self) -> Option<&Document> {
        self.board_as::<EnormityBoard>().map(|b| &b.doc)
    }

    fn shown_page(&self) -> Option<PageId> {
        self.board_as::<EnormityBoard>()?.page
    }

    fn page_geometry(&self) -> Option<Geometry> {
        self.board_as::<EnormityBoard>()?.page_view.geometry
    }

    fn layout_frame(&self) -> Option<LayoutFrame> {
        self.board_as::<EnormityBoard>()?.layout_view.frame
    }

    fn layout_labels(&self) -> &[egui::Rect] {
        self.board_as::<EnormityBoard>()
            .map_or(&[], |b| b.layout_view.labels.as_slice())
    }

    fn tool(&self) -> ToolKind {
        self.board_as::<EnormityBoard>()
            .map_or_else(ToolKind::default, |b| b.tools.active)
    }

    fn selection(&self) -> Selection {
        self.board_as::<EnormityBoard>()
            .map_or(Selection::None, |b| b.selection)
    }

    fn central(&self) -> Central {
        self.board_as::<EnormityBoard>()
            .map_or_else(Central::default, |b| b.central)
    }

    fn play_test(&self) -> &PlayTest {
        match self.board_as::<EnormityBoard>() {
            Some(board) => &board.play,
            None => panic!("no Enormity board is open"),
        }
    }

    fn play_test_mut(&mut self) -> &mut PlayTest {
        match self.board_as_mut::<EnormityBoard>() {
            Some(board) => &mut board.play,
            None => panic!("no Enormity board is open"),
        }
    }

    fn wait_for_play_test(&mut self, timeout: Duration) -> bool {
        self.board_as_mut::<EnormityBoard>()
            .is_none_or(|b| b.play.wait_for_worker(timeout))
    }

    fn wait_for_fixes(&mut self, timeout: Duration) -> bool {
        self.board_as_mut::<EnormityBoard>()
            .is_none_or(|b| b.wait_for_fixes(timeout))
    }

    fn page_dialog(&self) -> Option<&PageDialog> {
        self.board_as::<EnormityBoard>()?.dialog.as_ref()
    }
}

/// What the autosaver writes of an Enormity document.
impl crate::recovery::Autosave for Document {
    fn ruleset(&self) -> &'static str {
        "enormity"
    }

    fn origin(&self) -> &Origin {
        &self.origin
    }

    fn title(&self) -> String {
        Document::title(self)
    }

    fn is_dirty(&self) -> bool {
        Document::is_dirty(self)
    }

    fn generation(&self) -> u64 {
        Document::generation(self)
    }

    fn files(&self) -> Vec<(std::path::PathBuf, String)> {
        use deckplan_schema::enormity::write::{write_pack, write_page};
        if let Origin::File { .. } = self.origin {
            let name = std::path::PathBuf::from(Document::title(self));
            return self
                .pack
                .pages
                .values()
                .map(|page| (name.clone(), write_page(page)))
                .collect();
        }
        let mut files: Vec<(std::path::PathBuf, String)> = self
            .pack
            .pages
            .values()
            .map(|page| (page.source.path().to_path_buf(), write_page(page)))
            .collect();
        files.push((
            deckplan_schema::load::PACK_FILE.into(),
            write_pack(&self.pack),
        ));
        files
    }

    fn pending_copies(&self) -> std::collections::BTreeMap<String, std::path::PathBuf> {
        self.pending_scans().clone()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use std::path::Path;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::enormity::edit::{Edit, Transaction};
    use crate::recovery::{Autosaver, Kind, find};
    use crate::testutil::{scratch, testdata};
    use deckplan_schema::enormity::{EdgeKind, PageId, Space};
    use deckplan_tests::files::copy_dir;

    fn edited(dir: &Path) -> Document {
        copy_dir(&testdata("demo-pack"), dir);
        let mut doc = Document::open(dir).unwrap();
        let mut step = Transaction::new("Paint wall");
        step.edits.push(Edit::Edge {
            page: PageId { book: 1, page: 2 },
            edge: Space::new(0, 0).side(deckplan_schema::enormity::Direction::North),
            kind: Some(EdgeKind::RedLine),
        });
        doc.apply(step).unwrap();
        doc
    }

    #[test]
    fn an_autosave_is_found_and_recovered_as_unsaved_work() {
        let dir = scratch("recovery");
        let doc = edited(&dir.join("pack"));
        let root = dir.join("state/recovery");
        let mut saver = Autosaver::new(root.clone(), Duration::ZERO);
        saver.tick(&doc, Instant::now()).unwrap();
        let found = find(&root);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].manifest.kind, Kind::Pack);
        let recovered = recover(&found[0]).unwrap();
        assert!(recovered.is_dirty());
        assert_eq!(recovered.origin, doc.origin);
        assert_eq!(recovered.pack.pages.len(), doc.pack.pages.len());
        for (id, page) in &doc.pack.pages {
            let mut a = page.clone();
            let mut b = recovered.pack.pages[id].clone();
            a.clear_spans();
            b.clear_spans();
            assert_eq!(a, b, "{id}");
        }
        saver.clear();
        assert!(find(&root).is_empty());
    }

    #[test]
    fn a_scan_waiting_to_be_copied_is_recovered_waiting_and_never_copied_by_the_autosave() {
        let dir = scratch("recovery-scan");
        let mut doc = edited(&dir.join("pack"));
        let chosen = dir.join("outside/scan.png");
        std::fs::create_dir_all(chosen.parent().unwrap()).unwrap();
        image::RgbaImage::from_pixel(2, 2, image::Rgba([0, 0, 0, 255]))
            .save(&chosen)
            .unwrap();
        let id = PageId { book: 1, page: 2 };
        let image = doc.adopt_scan(id, &chosen).unwrap();
        let mut step = Transaction::new("Trace a scan");
        step.edits.push(Edit::Background {
            page: id,
            background: Some(deckplan_schema::enormity::Background::new(image)),
        });
        doc.apply(step).unwrap();
        let root = dir.join("state/recovery");
        let mut saver = Autosaver::new(root.clone(), Duration::ZERO);
        saver.tick(&doc, Instant::now()).unwrap();
        assert!(!dir.join("pack/scans").exists());
        let found = find(&root);
        assert!(!found[0].slot.join("scans").exists());
        let mut recovered = recover(&found[0]).unwrap();
        let real = chosen.canonicalize().unwrap();
        assert_eq!(recovered.scan_file(id), Some(real.clone()));
        assert_eq!(recovered.save().unwrap().scans_copied, 1);
        assert_eq!(
            std::fs::read(dir.join("pack/scans/scan.png")).unwrap(),
            std::fs::read(&real).unwrap()
        );
    }

    #[test]
    fn nothing_is_autosaved_before_the_interval_or_without_changes() {
        let dir = scratch("recovery-timer");
        let doc = edited(&dir.join("pack"));
        let root = dir.join("recovery");
        let mut saver = Autosaver::new(root.clone(), Duration::from_secs(30));
        let wait = saver.tick(&doc, Instant::now()).unwrap();
        assert!(wait > Duration::from_secs(25));
        assert!(find(&root).is_empty());
        let clean = Document::open(&testdata("demo-pack")).unwrap();
        saver
            .tick(&clean, Instant::now() + Duration::from_secs(60))
            .unwrap();
        assert!(find(&root).is_empty());
        saver
            .tick(&doc, Instant::now() + Duration::from_secs(60))
            .unwrap();
        assert_eq!(find(&root).len(), 1);
    }
}
