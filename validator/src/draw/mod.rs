//! The one drawing description of a map, shared by every picture deckplan makes.
//!
//! A page (or a whole pack, or a page with its lint problems) is first turned
//! into a [`scene::Scene`]: plain lines, fills, circles, polygons and text in
//! board units. The PNG and SVG exporters ([`crate::export`]) and the editor's
//! painter only translate those primitives, so a printed page, a picture in a
//! pull request and the editor's canvas look alike, and what a map *shows* is
//! decided in one place:
//!
//! - [`scene`] — the primitives and their layers;
//! - [`page`] — a page of the model as a scene, with title, coordinates, legend;
//! - [`icons`] — the printed symbols and the palette;
//! - [`layout`] — a picture of a whole pack, placed by the board's join geometry;
//! - [`annotate`] — lint problems drawn over a page;
//! - [`font`] — the embedded label font, measured and outlined;
//! - [`triangulate`] — polygons cut into triangles for convex-only painters.
//!
//! Nothing here touches files or pixels.

pub mod annotate;
pub mod font;
pub mod icons;
pub mod layout;
pub mod page;
pub mod scene;
pub mod triangulate;

pub use scene::{Anchor, Cap, Colour, Dash, Layer, Point, Rect, Scene, Shape, Stroke, Text};
