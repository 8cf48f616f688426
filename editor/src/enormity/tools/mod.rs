//! The drawing tools, one per file. Each turns pointer input on the page
//! canvas into commands (edits for the map, or a selection), may draw a
//! preview of what it is about to do, has a few options in the tool panel,
//! and says in the status bar how it is used.
//!
//! Tools never change the document: they read the page as it is this frame
//! and record [`Command`]s. Live painting records [`Command::Stroke`] parts,
//! which the history merges into one undo step per drag.

pub mod blip;
pub mod edge;
pub mod forced_arrow;
pub mod icon;
pub mod location_arrow;
pub mod marker;
pub mod select;
pub mod space;
pub mod spawn_link;
pub mod spawn_point;
pub mod terrain;

use deckplan_schema::enormity::{Page, PageId};
use eframe::egui::{Key, KeyboardShortcut, Modifiers, Painter, Pos2, Ui};

use crate::action::keys;
use crate::command::Commands;
use crate::enormity::command::Command;
use crate::enormity::document::Document;
use crate::enormity::edit::{StrokeId, Transaction};
use crate::enormity::selection::Selection;
use crate::enormity::view::Geometry;

/// Which tool is in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ToolKind {
    /// Pick a place; drag what is on it somewhere else.
    #[default]
    Select,
    /// Paint board, out-of-bounds and obstacle spaces.
    Space,
    /// Lay terrain tiles.
    Terrain,
    /// Draw walls along grid lines.
    Wall,
    /// Draw red lines along grid lines.
    RedLine,
    /// Place numbered doors.
    Door,
    /// Erase walls, red lines and doors.
    EraseEdge,
    /// Place forced direction arrows.
    ForcedArrow,
    /// Place Location arrows.
    LocationArrow,
    /// Place markers, consoles, keycards and discoveries.
    Marker,
    /// Place spawn points.
    SpawnPoint,
    /// Link spawn points into clusters.
    SpawnLink,
    /// Place starting Blips.
    Blip,
}

impl ToolKind {
    /// Every tool, in toolbar order.
    pub const ALL: [Self; 13] = [
        Self::Select,
        Self::Space,
        Self::Terrain,
        Self::Wall,
        Self::RedLine,
        Self::Door,
        Self::EraseEdge,
        Self::ForcedArrow,
        Self::LocationArrow,
        Self::Marker,
        Self::SpawnPoint,
        Self::SpawnLink,
        Self::Blip,
    ];

    /// The toolbar label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::Space => "Spaces",
            Self::Terrain => "Terrain",
            Self::Wall => "Wall",
            Self::RedLine => "Red line",
            Self::Door => "Door",
            Self::EraseEdge => "Erase edge",
            Self::ForcedArrow => "Forced arrow",
            Self::LocationArrow => "Location arrow",
            Self::Marker => "Marker",
            Self::SpawnPoint => "Spawn point",
            Self::SpawnLink => "Spawn link",
            Self::Blip => "Blip",
        }
    }

    /// How the tool is used (status bar and tooltip).
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Select => {
                "Click a space, edge or intersection to inspect it · drag it to move what is on it"
            }
            Self::Space => "Click or drag to paint spaces · Shift-drag to fill a rectangle",
            Self::Terrain => "Drag a rectangle to lay a terrain tile with the keywords chosen",
            Self::Wall => "Click an edge, or drag along grid lines, to draw walls",
            Self::RedLine => "Click an edge, or drag along grid lines, to draw red lines",
            Self::Door => "Click an edge to place a door with the next free number",
            Self::EraseEdge => {
                "Click an edge, or drag along grid lines, to erase walls, red lines and doors"
            }
            Self::ForcedArrow => {
                "Click a space for an arrow in the chosen direction, or drag from it to point it"
            }
            Self::LocationArrow => {
                "Click an edge space to place a Location arrow to the chosen page"
            }
            Self::Marker => "Click a space to place or remove the chosen marker",
            Self::SpawnPoint => "Click an intersection to place or remove a spawn point",
            Self::SpawnLink => "Drag from one spawn point to another to link them into a cluster",
            Self::Blip => {
                "Click an intersection for a starting Blip, or drag from it to point its patrol arrow"
            }
        }
    }

    /// The key that picks the tool (a bare letter; ignored while typing).
    pub fn shortcut(self) -> &'static [KeyboardShortcut] {
        const fn key(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::NONE, key)
        }
        match self {
            Self::Select => keys!(key(Key::V)),
            Self::Space => keys!(key(Key::B)),
            Self::Terrain => keys!(key(Key::T)),
            Self::Wall => keys!(key(Key::W)),
            Self::RedLine => keys!(key(Key::R)),
            Self::Door => keys!(key(Key::D)),
            Self::EraseEdge => keys!(key(Key::E)),
            Self::ForcedArrow => keys!(key(Key::A)),
            Self::LocationArrow => keys!(key(Key::L)),
            Self::Marker => keys!(key(Key::M)),
            Self::SpawnPoint => keys!(key(Key::P)),
            Self::SpawnLink => keys!(key(Key::K)),
            Self::Blip => keys!(key(Key::I)),
        }
    }
}

/// Where a press-drag-release gesture on the canvas is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// No button held: the pointer just hovers.
    Hover,
    /// The primary button went down on the canvas this frame.
    Pressed,
    /// The button is held since a press on the canvas.
    Dragging,
    /// The button came up this frame, ending the gesture.
    Released,
}

/// What a tool sees of the pointer this frame.
#[derive(Clone, Copy, Debug)]
pub struct Pointer {
    /// The gesture's phase.
    pub phase: Phase,
    /// The pointer on screen (over the canvas, or anywhere during a gesture).
    pub pos: Option<Pos2>,
    /// Where the gesture began.
    pub press_pos: Option<Pos2>,
    /// Whether the pointer has moved more than a click's wobble since the press.
    pub moved: bool,
    /// Keyboard modifiers held.
    pub modifiers: Modifiers,
    /// The gesture, for merging its edits into one undo step.
    pub stroke: StrokeId,
}

/// What a tool may read this frame.
pub struct ToolContext<'a> {
    /// The document.
    pub doc: &'a Document,
    /// The page on the canvas.
    pub page: &'a Page,
    /// The page's mapping to the screen.
    pub geo: Geometry,
    /// The current selection.
    pub selection: Selection,
}

impl ToolContext<'_> {
    /// The page's id.
    pub fn id(&self) -> PageId {
        self.page.id
    }
}

/// A tool's behaviour.
pub trait Tool {
    /// Reacts to the pointer on the canvas.
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands);

    /// Draws what the tool is about to do (a rubber band, a ghost).
    fn preview(&self, _cx: &ToolContext<'_>, _pointer: &Pointer, _painter: &Painter) {}

    /// The tool's options in the tool panel.
    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.weak("No options.");
    }
}

/// Every tool's state; options stay as set when switching tools.
#[derive(Default)]
pub struct Tools {
    /// The tool in use.
    pub active: ToolKind,
    /// The select tool.
    pub select: select::SelectTool,
    /// The space painter.
    pub space: space::SpaceTool,
    /// The terrain tool.
    pub terrain: terrain::TerrainTool,
    /// The four edge tools (they share stroke state).
    pub edge: edge::EdgeTool,
    /// The forced-arrow tool.
    pub forced_arrow: forced_arrow::ForcedArrowTool,
    /// The Location-arrow tool.
    pub location_arrow: location_arrow::LocationArrowTool,
    /// The marker tool.
    pub marker: marker::MarkerTool,
    /// The spawn-point tool.
    pub spawn_point: spawn_point::SpawnPointTool,
    /// The spawn-link tool.
    pub spawn_link: spawn_link::SpawnLinkTool,
    /// The Blip tool.
    pub blip: blip::BlipTool,
}

impl Tools {
    /// The tool in use.
    pub fn active_mut(&mut self) -> &mut dyn Tool {
        match self.active {
            ToolKind::Select => &mut self.select,
            ToolKind::Space => &mut self.space,
            ToolKind::Terrain => &mut self.terrain,
            ToolKind::Wall => self.edge.with_brush(edge::EdgeBrush::Wall),
            ToolKind::RedLine => self.edge.with_brush(edge::EdgeBrush::RedLine),
            ToolKind::Door => self.edge.with_brush(edge::EdgeBrush::Door),
            ToolKind::EraseEdge => self.edge.with_brush(edge::EdgeBrush::Erase),
            ToolKind::ForcedArrow => &mut self.forced_arrow,
            ToolKind::LocationArrow => &mut self.location_arrow,
            ToolKind::Marker => &mut self.marker,
            ToolKind::SpawnPoint => &mut self.spawn_point,
            ToolKind::SpawnLink => &mut self.spawn_link,
            ToolKind::Blip => &mut self.blip,
        }
    }
}

/// The colour of tool previews (rubber bands, ghosts, drag arrows).
pub fn preview_colour() -> eframe::egui::Color32 {
    eframe::egui::Color32::from_rgb(30, 120, 235)
}

/// Records `edits` as one undo step named `label` (nothing when empty).
pub fn apply(
    out: &mut Commands,
    label: impl Into<String>,
    edits: Vec<crate::enormity::edit::Edit>,
) {
    if !edits.is_empty() {
        out.push(Command::Apply(Transaction {
            label: label.into(),
            edits,
        }));
    }
}

/// Records `edits` as part of a gesture's undo step.
pub fn stroke(
    out: &mut Commands,
    stroke: StrokeId,
    label: impl Into<String>,
    edits: Vec<crate::enormity::edit::Edit>,
) {
    if !edits.is_empty() {
        out.push(Command::Stroke(
            stroke,
            Transaction {
                label: label.into(),
                edits,
            },
        ));
    }
}

/// A compass direction picker: four buttons in a row.
pub fn direction_ui(ui: &mut Ui, direction: &mut deckplan_schema::enormity::Direction) {
    use deckplan_schema::enormity::Direction;
    ui.horizontal(|ui| {
        for (d, label) in [
            (Direction::North, "⬆ N"),
            (Direction::East, "➡ E"),
            (Direction::South, "⬇ S"),
            (Direction::West, "⬅ W"),
        ] {
            ui.selectable_value(direction, d, label)
                .on_hover_text(d.name());
        }
    });
}
