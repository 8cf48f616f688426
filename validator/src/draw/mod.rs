//! The one drawing description of a map, shared by every picture deckplan makes.
//!
//! Every board — a page, a pack laid out, a ship, a galaxy, a board with its
//! lint problems — is first turned into a [`scene::Scene`]: plain lines, fills, circles, polygons and text in
//! board units. The PNG and SVG exporters ([`crate::export`]) and the editor's
//! painter only translate those primitives, so a printed page, a picture in a
//! pull request and the editor's canvas look alike, and what a map *shows* is
//! decided in one place: each game draws its boards in its own folder, with
//! these primitives:
//!
//! - [`scene`] — the primitives and their layers;
//! - [`font`] — the embedded label font, measured and outlined;
//! - [`marks`] — lint problems ringed and listed on any board;
//! - [`triangulate`] — polygons cut into triangles for convex-only painters.
//!
//! Nothing here touches files or pixels.

pub mod font;
pub mod marks;
pub mod scene;
pub mod triangulate;

pub use scene::{Anchor, Cap, Colour, Dash, Layer, Point, Rect, Scene, Shape, Stroke, Text};
