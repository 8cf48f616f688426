//! Enormity's panels around the canvas, one per file: the pages list, the
//! inspector, the page and layout views, and the play-test panel. A panel
//! reads what it shows and records commands; panels never call each other.

pub mod inspector;
pub mod layout_view;
pub mod page_view;
pub mod pages;
pub mod playtest;
