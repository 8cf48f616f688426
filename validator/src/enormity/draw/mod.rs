//! Enormity's pictures, as scenes: a page with its title, coordinates and
//! legend, a whole pack laid out by its joins, and lint problems drawn over a
//! page.
//!
//! - [`page`] — a page of the model as a scene;
//! - [`icons`] — the printed symbols and the palette;
//! - [`layout`] — a picture of a whole pack, placed by the board's join geometry;
//! - [`annotate`] — lint problems drawn over a page (`deckplan lint --annotate`).

pub mod annotate;
pub mod icons;
pub mod layout;
pub mod page;
