//! The Nemesis drawing tools, one per file. Each turns pointer input on the
//! ship canvas into commands (edits, or a selection), may draw a preview of
//! what it is about to do, and says in the status bar how it is used. Tools
//! never change the ship: they read it as it is this frame and record
//! commands; a drag records stroke parts, one undo step per drag.

pub mod corridor;
pub mod door;
pub mod entrance;
pub mod network;
pub mod room;
pub mod select;

use deckplan_schema::nemesis::Ship;
use deckplan_validator::draw::Point;
use deckplan_validator::nemesis::draw::ShipLayout;
use eframe::egui::{Painter, Ui};

use super::edit::StrokeId;
use super::selection::{Hit, Selection};
use crate::command::Commands;
use crate::scene_view::SceneGeometry;

/// Which tool is in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ToolKind {
    /// Pick a room, corridor, network or entrance; drag rooms and networks.
    #[default]
    Select,
    /// Place rooms.
    Room,
    /// Draw corridors by dragging from room to room.
    Corridor,
    /// Put a door on a corridor, or take it off.
    Door,
    /// Place technical-corridor networks.
    Network,
    /// Give rooms technical entrances.
    Entrance,
}

impl ToolKind {
    /// Every tool, in toolbar order.
    pub const ALL: [Self; 6] = [
        Self::Select,
        Self::Room,
        Self::Corridor,
        Self::Door,
        Self::Network,
        Self::Entrance,
    ];

    /// The toolbar label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::Room => "Room",
            Self::Corridor => "Corridor",
            Self::Door => "Door",
            Self::Network => "Network",
            Self::Entrance => "Technical entrance",
        }
    }

    /// How the tool is used (status bar and tooltip).
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Select => {
                "Click a room, corridor, network or badge to inspect it · drag a room or network to move it"
            }
            Self::Room => "Click an empty spot of the grid to place a room of the kind chosen",
            Self::Corridor => "Drag from one room to another to join them with a corridor",
            Self::Door => "Click a corridor to put a Door token on it, or take it off",
            Self::Network => {
                "Click an empty spot of the grid to place a technical-corridor network"
            }
            Self::Entrance => {
                "Drag from a room to a network to give it a technical entrance there · click a room for one with no network yet"
            }
        }
    }
}

/// One pointer event on the canvas, in board units, with what is under it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pointer {
    /// A click (press and release without moving).
    Click(Point, Hit),
    /// A drag began here.
    Press(Point, Hit),
    /// The drag moved here.
    Drag(Point, Hit),
    /// The drag ended here.
    Release(Point, Hit),
}

/// What a tool sees of the board this frame.
pub struct ToolContext<'a> {
    /// The ship as it is.
    pub ship: &'a Ship,
    /// Where everything on it is drawn.
    pub layout: &'a ShipLayout,
    /// What is selected.
    pub selection: Selection,
    /// The gesture in progress (each drag has its own).
    pub stroke: StrokeId,
    /// Last frame's mapping, for previews.
    pub geo: SceneGeometry,
}

/// Every tool's state, and which one is in use.
#[derive(Default)]
pub struct Tools {
    /// The tool in use.
    pub active: ToolKind,
    select: select::SelectTool,
    room: room::RoomTool,
    corridor: corridor::CorridorTool,
    network: network::NetworkTool,
    entrance: entrance::EntranceTool,
}

impl Tools {
    /// Hands a pointer event to the tool in use.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        match self.active {
            ToolKind::Select => self.select.pointer(cx, event, out),
            ToolKind::Room => self.room.pointer(cx, event, out),
            ToolKind::Corridor => self.corridor.pointer(cx, event, out),
            ToolKind::Door => door::pointer(cx, event, out),
            ToolKind::Network => self.network.pointer(cx, event, out),
            ToolKind::Entrance => self.entrance.pointer(cx, event, out),
        }
    }

    /// Draws what the tool in use is about to do.
    pub fn preview(&self, painter: &Painter, cx: &ToolContext<'_>) {
        match self.active {
            ToolKind::Corridor => self.corridor.preview(painter, cx),
            ToolKind::Entrance => self.entrance.preview(painter, cx),
            _ => {}
        }
    }

    /// The options of the tool in use, under the inspector.
    pub fn options_ui(&mut self, ui: &mut Ui) {
        match self.active {
            ToolKind::Room => self.room.options_ui(ui),
            other => {
                ui.weak(other.hint());
            }
        }
    }
}

/// A line from a board point to another, as a tool previews it.
fn preview_line(painter: &Painter, cx: &ToolContext<'_>, from: Point, to: Point, dashed: bool) {
    use crate::paint::ScreenMap as _;
    let a = cx.geo.screen(from.x as f32, from.y as f32);
    let b = cx.geo.screen(to.x as f32, to.y as f32);
    let stroke = eframe::egui::Stroke::new(3.0, eframe::egui::Color32::from_rgb(60, 140, 255));
    if dashed {
        painter.extend(eframe::egui::Shape::dashed_line(&[a, b], stroke, 8.0, 5.0));
    } else {
        painter.line_segment([a, b], stroke);
    }
}
