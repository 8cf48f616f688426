//! The deckplan desktop editor, as a library so its parts can be tested
//! without a window (and the whole window driven headless by egui_kittest).
//! It opens every game the validator knows; the rules and checks it shows
//! come from the validator, never from here.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset REGISTRY → lint · reformat · explain · draw
//!  editor:    shell (app, panels, dialogs, files, history, problems,
//!                    recovery, export, paint, scene_view)
//!             seam:  board::Game + board::Board, one line per game in games.rs
//!             games: one folder each; a game without one opens read-only
//! ```
//!
//! See `docs/architecture.md` for the seam and what a game must provide to
//! become editable.
//!
//! How the shell's pieces fit:
//! - [`board`] — the seam: a [`board::Game`] opens a game's files, a
//!   [`board::Board`] is its open document with everything drawn around it;
//!   [`open`] picks the game a path names; [`readonly`] shows any game
//!   whose editing is not built yet;
//! - [`files`] — where a document lives and how its files are written
//!   (atomic writes, a `.bak` of each file); [`history`] — every change as an
//!   invertible edit, grouped in transactions with undo and redo;
//! - [`command`] — what UI code asks for while drawing; [`app`] applies it
//!   after the frame, the only place state changes;
//! - [`action`] — every menu, toolbar and keyboard command;
//! - [`panels`] — the menu bar, toolbar, status bar and problems list;
//!   [`dialogs`] — the shell's modal dialogs;
//! - [`paint`] — a board's scene (the printed look) painted with egui;
//!   [`scene_view`] — zoom and pan of a scene drawn whole;
//! - [`problems`] — each board's check run on a worker thread after every edit;
//! - [`export`] — pictures written as `deckplan render` writes them, on a worker;
//! - [`recovery`] — autosave and crash recovery; [`recent`], [`paths`] — the
//!   editor's own files.

pub mod action;
pub mod app;
pub mod board;
pub mod command;
pub mod dialogs;
pub mod export;
pub mod files;
#[path = "games.rs"]
mod games;
pub mod history;
pub mod open;
pub mod paint;
pub mod panels;
pub mod paths;
pub mod problems;
pub mod readonly;
pub mod recent;
pub mod recovery;
pub mod scene_view;
pub mod ship_document;
#[cfg(test)]
mod testutil;

// The games' folders (`enormity`, `nemesis`, …) are declared by the registry,
// `games.rs`, which `#[path]` lets hold them as folders beside this file.
pub use games::*;
