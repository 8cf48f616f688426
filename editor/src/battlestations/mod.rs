//! Battlestations ships in the editor: module cards placed on the module
//! grid of each level, moved, turned and deleted; their squares painted
//! (floor, blocked, console, barrel, ladder); levels added, renamed, moved
//! and removed; external doors put on hull sides and the forward direction
//! chosen — everything the ship format can say, drawn as `deckplan render`
//! draws it, checked live by the validator's B checks and saved in
//! canonical form.
//!
//! - [`document`] — the pack open, where it lives, its history and saving;
//! - [`edit`] — every change as an invertible [`edit::Edit`]; [`ops`] builds
//!   the edits of one user operation (a removed level takes its modules and
//!   doors along and renumbers those above);
//! - [`command`] and [`action`] — what its panels ask for, and its tools;
//! - [`tools`] — the tools, one per file; [`panels`] — the inspector, the
//!   levels and the palette; [`dialogs`] — a new pack's fields;
//! - [`canvas`] — the ship's scene and the editor's marks over it;
//!   [`selection`] — which square and card the pointer is over;
//! - [`problems`] — the live check of what a save would write;
//! - [`playtest`] — pieces placed by clicking, and the rules engine's answers.

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

pub use board::BattlestationsBoard;

use crate::app::EditorApp;
use crate::board::{Board, Game, NewForm};
use crate::files::{LoadFailure, Origin};
use crate::recovery::Found;
use crate::scene_view::SceneGeometry;

use self::document::{Document, Opened};
use self::edit::History;
use self::selection::Selection;
use self::tools::ToolKind;

/// The ruleset's name, as packs write it.
const RULESET_NAME: &str = "battlestations";

/// The validator's ruleset, whose pictures and problems a broken ship shows.
static RULESET: deckplan_validator::battlestations::Battlestations =
    deckplan_validator::battlestations::Battlestations;

/// Battlestations in the editor (`ruleset = "battlestations"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Battlestations;

impl Game for Battlestations {
    fn ruleset(&self) -> &'static str {
        RULESET_NAME
    }

    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
        match Document::open(path)? {
            Opened::Editable(doc) => Ok(Box::new(BattlestationsBoard::new(*doc))),
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
        Ok(Box::new(BattlestationsBoard::new(Document::with(
            model,
            origin,
            History::unsaved(),
        ))))
    }

    fn new_form(&self) -> Option<Box<dyn NewForm>> {
        Some(Box::<dialogs::NewShipForm>::default())
    }
}

/// What the autosaver writes of a Battlestations document.
impl crate::recovery::Autosave for Document {
    fn ruleset(&self) -> &'static str {
        RULESET_NAME
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

/// A look inside the open Battlestations board, for tests.
pub trait Inspect {
    /// The open ship's document.
    fn deck_document(&self) -> Option<&Document>;
    /// Last frame's mapping of the ship canvas.
    fn deck_geometry(&self) -> Option<SceneGeometry>;
    /// Last frame's ship canvas, on the screen.
    fn deck_canvas(&self) -> Option<eframe::egui::Rect>;
    /// The sheet the ship is drawn on (which square a point is on).
    fn deck_sheet(&mut self) -> Option<deckplan_validator::battlestations::draw::Sheet>;
    /// What is selected on the ship.
    fn deck_selection(&self) -> Selection;
    /// The tool in use.
    fn deck_tool(&self) -> Option<ToolKind>;
    /// Whether the hull squares are shown.
    fn deck_hull_shown(&self) -> bool;
    /// The play test's setup, to set up a question.
    fn deck_play_test_mut(&mut self) -> Option<&mut playtest::PlayTest>;
    /// The play test's answer for the setup as it is.
    fn deck_answer(&mut self) -> Option<&playtest::Answer>;
}

impl Inspect for EditorApp {
    fn deck_document(&self) -> Option<&Document> {
        self.board_as::<BattlestationsBoard>()
            .map(BattlestationsBoard::document)
    }

    fn deck_geometry(&self) -> Option<SceneGeometry> {
        self.board_as::<BattlestationsBoard>()?.geometry()
    }

    fn deck_canvas(&self) -> Option<eframe::egui::Rect> {
        self.board_as::<BattlestationsBoard>()?.view.canvas
    }

    fn deck_sheet(&mut self) -> Option<deckplan_validator::battlestations::draw::Sheet> {
        Some(self.board_as_mut::<BattlestationsBoard>()?.drawn().sheet)
    }

    fn deck_selection(&self) -> Selection {
        self.board_as::<BattlestationsBoard>()
            .map_or(Selection::None, |b| b.selection)
    }

    fn deck_tool(&self) -> Option<ToolKind> {
        self.board_as::<BattlestationsBoard>()
            .map(|b| b.tools.active)
    }

    fn deck_hull_shown(&self) -> bool {
        self.board_as::<BattlestationsBoard>()
            .is_some_and(|b| b.show_hull)
    }

    fn deck_play_test_mut(&mut self) -> Option<&mut playtest::PlayTest> {
        Some(&mut self.board_as_mut::<BattlestationsBoard>()?.play)
    }

    fn deck_answer(&mut self) -> Option<&playtest::Answer> {
        Some(self.board_as_mut::<BattlestationsBoard>()?.answer())
    }
}
