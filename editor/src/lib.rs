//! The deckplan desktop editor, as a library so its parts can be tested
//! without a window (and the whole window driven headless by egui_kittest).
//! It edits Enormity's Location maps; the rules and checks it shows come from
//! the validator, never from here.
//!
//! ```text
//!  deckplan (CLI) ─┐                 ┌─ deckplan-editor (egui)
//!                  ▼                 ▼
//!  validator: targets → ruleset REGISTRY → lint · reformat · explain · draw
//!             shared: Diagnostic + Place, renderers, Scene → PNG/SVG, movement graph
//!             games:  enormity (board, checks, rules) · nemesis · ti4
//!  schema:    shared: SourceFile/Span, FormatError, Place, sniff, limits, save
//!             games:  Enormity (coord, model, resolve, write, load) · nemesis · ti4
//! ```
//!
//! See `docs/architecture.md` for the seam and the checklist for adding a game.
//!
//! How the pieces fit:
//! - [`document`] — what is open: a whole pack, where it lives, its history,
//!   and saving that cannot lose work (atomic writes, a `.bak` of each file);
//! - [`edit`] — every change as an invertible [`edit::Edit`], grouped in
//!   transactions with undo and redo; [`ops`] builds the edits of one user
//!   operation from the current pack;
//! - [`command`] — what UI code asks for while drawing; [`app`] applies it
//!   after the frame, the only place state changes;
//! - [`action`] — every menu, toolbar and keyboard command in one enum;
//! - [`tools`] — the drawing tools, one per file; [`panels`] — the panels
//!   around the canvas, one per file; [`dialogs`] — the modal dialogs;
//! - [`paint`] — the shared drawing description (the printed look) painted
//!   with egui; [`canvas`] — a page's map and the editor's marks over it;
//!   [`view`] — the zoom and pan that map board coordinates to the screen;
//!   [`selection`] — picking places;
//! - [`problems`] — the validator run on a worker thread after every edit;
//!   [`fixes`] — one-click fixes for mechanical problems, checked by the validator;
//! - [`export`] — pictures written as `deckplan render` writes them, on a worker;
//! - [`recovery`] — autosave and crash recovery; [`recent`], [`paths`] — the
//!   editor's own files; [`background`] — scans to trace, decoded within limits;
//! - [`transform`] — a page turned or mirrored with everything on it;
//! - [`playtest`] — play-test mode: figures placed on the map and the rules
//!   engine asked where they can go; never part of the document;
//! - [`describe`] — what the status bar says about the place under the pointer.

pub mod action;
pub mod align;
pub mod app;
pub mod background;
pub mod canvas;
pub mod command;
pub mod describe;
pub mod dialogs;
pub mod document;
pub mod edit;
pub mod export;
pub mod fixes;
pub mod ops;
pub mod paint;
pub mod panels;
pub mod paths;
pub mod playtest;
pub mod problems;
pub mod recent;
pub mod recovery;
pub mod region;
pub mod selection;
#[cfg(test)]
mod testutil;
pub mod tools;
pub mod transform;
pub mod view;
