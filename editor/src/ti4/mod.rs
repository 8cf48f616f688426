//! Twilight Imperium 4 galaxies in the editor: tiles placed from a palette
//! of the whole catalogue, moved and swapped by dragging, hyperlanes turned
//! and flipped, home seats, rings, modifiers and custom tiles — drawn as
//! `deckplan render` draws the galaxy, checked live by the validator's TI4
//! ruleset and saved in canonical form — and map strings copied and pasted
//! as TTS and TTPG write them.
//!
//! - [`document`] — the galaxy open, where it lives, its history and saving;
//! - [`edit`] — every change as an invertible [`edit::Edit`]; [`ops`] builds
//!   the edits of one user operation (a move, a swap, a pasted map string),
//!   [`custom`] those of a custom tile added, changed or taken out;
//! - [`command`] and [`action`] — what its panels ask for, and its actions;
//! - [`panels`] — the tile palette, the inspector and the custom tile
//!   form; [`dialogs`] — a new galaxy's fields;
//! - [`problems`] — the live check of what a save would write;
//! - [`playtest`] — the moving ship, other ships and command tokens placed
//!   by clicking, and `deckplan reach`'s answer.

pub mod action;
mod board;
pub mod command;
pub mod custom;
pub mod dialogs;
pub mod document;
pub mod edit;
pub mod ops;
pub mod panels;
pub mod playtest;
pub mod problems;
mod swaps;

use std::path::Path;

pub use board::{Ti4Board, scene_of};

use crate::app::EditorApp;
use crate::board::{Board, Game, NewForm};
use crate::files::{LoadFailure, Origin};
use crate::recovery::Found;
use crate::scene_view::SceneGeometry;

use self::document::{Document, Opened};
use self::edit::History;
use self::panels::palette::Palette;

/// The validator's ruleset, whose pictures and problems a broken galaxy shows.
static RULESET: deckplan_validator::ti4::Ti4 = deckplan_validator::ti4::Ti4;

/// TI4 in the editor (`ruleset = "ti4"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ti4;

impl Game for Ti4 {
    fn ruleset(&self) -> &'static str {
        "ti4"
    }

    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
        match Document::open(path)? {
            Opened::Editable(doc) => Ok(Box::new(Ti4Board::new(*doc))),
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
        Ok(Box::new(Ti4Board::new(Document::with(
            doc.model,
            origin,
            History::unsaved(),
        ))))
    }

    fn new_form(&self) -> Option<Box<dyn NewForm>> {
        Some(Box::<dialogs::NewGalaxyForm>::default())
    }
}

/// What the autosaver writes of a galaxy.
impl crate::recovery::Autosave for Document {
    fn ruleset(&self) -> &'static str {
        "ti4"
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

/// A look inside the open TI4 board, for tests and benchmarks.
pub trait Inspect {
    /// The open galaxy's document.
    fn galaxy_document(&self) -> Option<&Document>;
    /// Last frame's mapping of the galaxy canvas.
    fn galaxy_geometry(&self) -> Option<SceneGeometry>;
    /// Last frame's galaxy canvas, on the screen.
    fn galaxy_canvas(&self) -> Option<eframe::egui::Rect>;
    /// The selected position.
    fn galaxy_selection(&self) -> Option<u32>;
    /// The tile palette.
    fn galaxy_palette(&self) -> Option<&Palette>;
    /// The last map string copied.
    fn galaxy_copied(&self) -> Option<String>;
    /// The play test's question.
    fn galaxy_play_test(&self) -> Option<&playtest::PlayTest>;
    /// The lines of the play test's answer.
    fn galaxy_answer(&self) -> Option<Vec<String>>;
    /// Whether suggested swaps are being searched for.
    fn galaxy_searching_swaps(&self) -> bool;
}

impl Inspect for EditorApp {
    fn galaxy_document(&self) -> Option<&Document> {
        self.board_as::<Ti4Board>().map(Ti4Board::document)
    }

    fn galaxy_geometry(&self) -> Option<SceneGeometry> {
        self.board_as::<Ti4Board>()?.geometry()
    }

    fn galaxy_canvas(&self) -> Option<eframe::egui::Rect> {
        self.board_as::<Ti4Board>()?.view.canvas
    }

    fn galaxy_selection(&self) -> Option<u32> {
        self.board_as::<Ti4Board>()?.selected
    }

    fn galaxy_palette(&self) -> Option<&Palette> {
        self.board_as::<Ti4Board>().map(|b| &b.palette)
    }

    fn galaxy_copied(&self) -> Option<String> {
        self.board_as::<Ti4Board>()?.copied.clone()
    }

    fn galaxy_play_test(&self) -> Option<&playtest::PlayTest> {
        self.board_as::<Ti4Board>().map(|b| &b.play)
    }

    fn galaxy_answer(&self) -> Option<Vec<String>> {
        Some(self.board_as::<Ti4Board>()?.answer.lines.clone())
    }

    fn galaxy_searching_swaps(&self) -> bool {
        self.board_as::<Ti4Board>()
            .is_some_and(|b| b.searching.is_some())
    }
}
