//! Nemesis ships in the editor: rooms placed on a drawing grid, corridors
//! dragged from room to room with the numbers at each end, doors, technical
//! networks and entrances, escape pods and the room-tile pool — everything
//! the ship format can say, drawn as `deckplan render` draws it and saved in
//! canonical form — and a play test that asks the validator's rules engine.
//!
//! - [`document`] — the pack open, where it lives, its history and saving;
//! - [`edit`] — every change as an invertible [`edit::Edit`]; [`ops`] builds
//!   the edits of one user operation (a renamed room renames every corridor
//!   that names it, a deleted one takes its corridors along);
//! - [`command`] and [`action`] — what its panels ask for, and its tools;
//! - [`tools`] — the tools, one per file; [`panels`] — the outline, the
//!   inspector and the play-test panel; [`dialogs`] — a new pack's fields;
//! - [`canvas`] — the ship's scene and the editor's marks over it;
//!   [`selection`] — what the pointer is over, from the shapes drawn;
//! - [`problems`] — the live check of what a save would write;
//! - [`playtest`] — figures placed by clicking, and the rules engine's answers.

pub mod action;
mod board;
pub mod canvas;
pub mod command;
pub mod dialogs;
pub mod document;
pub mod edit;
pub mod ops;
pub mod panels;
pub mod playtest;
pub mod problems;
pub mod selection;
pub mod tools;

use std::path::Path;

pub use board::{NemesisBoard, canvas_scene};

use crate::app::EditorApp;
use crate::board::{Board, Game, NewForm};
use crate::files::{LoadFailure, Origin};
use crate::recovery::Found;
use crate::scene_view::SceneGeometry;

use self::document::{Document, Opened};
use self::edit::History;
use self::playtest::PlayTest;
use self::selection::Selection;
use self::tools::ToolKind;

/// The validator's ruleset, whose pictures and problems a broken ship shows.
static RULESET: deckplan_validator::nemesis::Nemesis = deckplan_validator::nemesis::Nemesis;

/// Nemesis in the editor (`ruleset = "nemesis"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nemesis;

impl Game for Nemesis {
    fn ruleset(&self) -> &'static str {
        "nemesis"
    }

    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
        match Document::open(path)? {
            Opened::Editable(doc) => Ok(Box::new(NemesisBoard::new(*doc))),
            // Shown with its problems, to be fixed in the file.
            Opened::Broken(why) => crate::readonly::open_because(&RULESET, path, why),
        }
    }

    fn recover(&self, found: &Found) -> Result<Box<dyn Board>, LoadFailure> {
        let Some((path, origin)) = found.source() else {
            return Err(found.incomplete());
        };
        let doc = match Document::open(&path)? {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => return Err(LoadFailure::new(&path, vec![why])),
        };
        let mut model = doc.model;
        if let Origin::File { file } = &origin
            && let Some(name) = file.file_name()
        {
            model.ship_path = name.to_string_lossy().into_owned();
        }
        Ok(Box::new(NemesisBoard::new(Document::with(
            model,
            origin,
            History::unsaved(),
        ))))
    }

    fn new_form(&self) -> Option<Box<dyn NewForm>> {
        Some(Box::<dialogs::NewShipForm>::default())
    }
}

/// What the autosaver writes of a Nemesis document.
impl crate::recovery::Autosave for Document {
    fn ruleset(&self) -> &'static str {
        "nemesis"
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
        Document::files(self)
    }
}

/// A look inside the open Nemesis board, for tests and benchmarks. The
/// methods that return a reference panic when no Nemesis board is open.
pub trait Inspect {
    /// The open ship's document.
    fn ship_document(&self) -> Option<&Document>;
    /// Last frame's mapping of the ship canvas.
    fn ship_geometry(&self) -> Option<SceneGeometry>;
    /// Last frame's ship canvas, on the screen.
    fn ship_canvas(&self) -> Option<eframe::egui::Rect>;
    /// What is selected on the ship.
    fn ship_selection(&self) -> Selection;
    /// The Nemesis tool in use.
    fn ship_tool(&self) -> Option<ToolKind>;
    /// The ship's play test.
    fn ship_play_test(&self) -> &PlayTest;
    /// The ship's play test, to set up a question.
    fn ship_play_test_mut(&mut self) -> &mut PlayTest;
}

impl Inspect for EditorApp {
    fn ship_document(&self) -> Option<&Document> {
        self.board_as::<NemesisBoard>().map(NemesisBoard::document)
    }

    fn ship_geometry(&self) -> Option<SceneGeometry> {
        self.board_as::<NemesisBoard>()?.geometry()
    }

    fn ship_canvas(&self) -> Option<eframe::egui::Rect> {
        self.board_as::<NemesisBoard>()?.view.canvas
    }

    fn ship_selection(&self) -> Selection {
        self.board_as::<NemesisBoard>()
            .map_or(Selection::None, |b| b.selection)
    }

    fn ship_tool(&self) -> Option<ToolKind> {
        self.board_as::<NemesisBoard>().map(|b| b.tools.active)
    }

    fn ship_play_test(&self) -> &PlayTest {
        match self.board_as::<NemesisBoard>() {
            Some(board) => &board.play,
            None => panic!("no Nemesis board is open"),
        }
    }

    fn ship_play_test_mut(&mut self) -> &mut PlayTest {
        match self.board_as_mut::<NemesisBoard>() {
            Some(board) => &mut board.play,
            None => panic!("no Nemesis board is open"),
        }
    }
}
