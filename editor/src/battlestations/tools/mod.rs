//! The Battlestations drawing tools, one per file. Each turns pointer input
//! on the ship canvas into commands (edits, or a selection) and says in the
//! status bar how it is used. Tools never change the ship: they read it as
//! it is this frame and record commands; a drag records stroke parts, one
//! undo step per drag.

pub mod door;
pub mod module;
pub mod paint;
pub mod select;

use deckplan_schema::battlestations::{Content, Role, Ship};

use super::edit::StrokeId;
use super::selection::{Hit, Selection};
use crate::command::Commands;

/// Which tool is in use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ToolKind {
    /// Pick a module; drag it to another slot.
    #[default]
    Select,
    /// Place module cards of the role chosen.
    Module,
    /// Paint squares of a card with the brush chosen.
    Paint,
    /// Put an external door on a hull side, or take it off.
    Door,
}

impl ToolKind {
    /// Every tool, in toolbar order.
    pub const ALL: [Self; 4] = [Self::Select, Self::Module, Self::Paint, Self::Door];

    /// The toolbar label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Select => "Select",
            Self::Module => "Module",
            Self::Paint => "Paint",
            Self::Door => "Door",
        }
    }

    /// How the tool is used (status bar and tooltip).
    pub const fn hint(self) -> &'static str {
        match self {
            Self::Select => "Click a module to inspect it · drag it to another slot to move it",
            Self::Module => {
                "Click an empty slot of the module grid to place a card of the role chosen"
            }
            Self::Paint => {
                "Click or drag over a card's squares to paint them with the brush chosen"
            }
            Self::Door => {
                "Click near a hull side of a square to put an external door there, or take it off"
            }
        }
    }
}

/// A pointer event on the canvas, with what it is over.
#[derive(Clone, Copy, Debug)]
pub enum Pointer {
    /// The button went down (a drag starts).
    Press(Option<Hit>),
    /// The pointer moved with the button down.
    Drag(Option<Hit>),
    /// The button came up after a drag.
    Release(Option<Hit>),
    /// A click (down and up without moving).
    Click(Option<Hit>),
}

/// What a tool reads this frame.
pub struct ToolContext<'a> {
    /// The ship as it is.
    pub ship: &'a Ship,
    /// What is selected.
    pub selection: Selection,
    /// The gesture the event belongs to.
    pub stroke: StrokeId,
}

/// The tools and their options.
#[derive(Debug)]
pub struct Tools {
    /// The tool in use.
    pub active: ToolKind,
    /// The role of the cards the Module tool places.
    pub role: Role,
    /// The printed name of custom cards placed.
    pub custom_name: String,
    /// What the Paint tool puts on a square.
    pub brush: Content,
    /// A module being dragged by the Select tool: its id.
    pub moving: Option<deckplan_schema::id::Id>,
}

impl Default for Tools {
    fn default() -> Self {
        Self {
            active: ToolKind::Select,
            role: Role::Helm,
            custom_name: "Custom".to_string(),
            brush: Content::Blocked,
            moving: None,
        }
    }
}

impl Tools {
    /// Hands a pointer event to the tool in use.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        match self.active {
            ToolKind::Select => select::pointer(self, cx, event, out),
            ToolKind::Module => module::pointer(self, cx, event, out),
            ToolKind::Paint => paint::pointer(self, cx, event, out),
            ToolKind::Door => door::pointer(cx, event, out),
        }
    }
}
