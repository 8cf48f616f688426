//! The deckplan desktop editor, as a library so its parts can be tested
//! without a window (and driven headless by egui_kittest).
//!
//! - [`document`] — what is open: the pack and where it came from;
//! - [`edit`] — every change as an invertible [`edit::Edit`], grouped in
//!   transactions with undo and redo; UI code only records them;
//! - [`app`] — the window: panels around the canvas;
//! - [`canvas`], [`view`] — drawing the page, and the zoom and pan that map
//!   board coordinates to the screen;
//! - [`describe`] — what the status bar says about the place under the pointer.

pub mod app;
pub mod canvas;
pub mod describe;
pub mod document;
pub mod edit;
pub mod view;
