//! The corridor tool: drag from one room to another to join them; the new
//! corridor is numbered with what each room lacks, and selected so its
//! numbers and door can be set in the inspector. A drag that comes back to
//! the room it left makes a corridor from the room to itself, which the
//! format can say (and N001 reports).

use deckplan_schema::id::Id;
use deckplan_validator::draw::Point;
use eframe::egui::Painter;

use super::{Pointer, ToolContext, preview_line};
use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::ops;
use crate::nemesis::selection::{Hit, Selection};

/// The corridor tool's drag.
#[derive(Debug, Default)]
pub struct CorridorTool {
    from: Option<(Id, Point)>,
    to: Option<Point>,
}

impl CorridorTool {
    /// Handles a pointer event.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        match event {
            Pointer::Click(_, hit) => out.push(Command::Select(hit.selection(cx.ship))),
            Pointer::Press(point, Hit::Room(id)) => {
                let centre = cx
                    .layout
                    .rooms
                    .iter()
                    .find(|(r, _)| *r == id)
                    .map_or(point, |(_, rect)| rect.centre());
                self.from = Some((id, centre));
                self.to = Some(point);
            }
            Pointer::Press(..) => {
                self.from = None;
                out.push(Command::Status(
                    "Start a corridor on a room and drag it to another".into(),
                ));
            }
            Pointer::Drag(point, _) => self.to = Some(point),
            Pointer::Release(_, hit) => {
                let from = self.from.take();
                self.to = None;
                let Some((a, _)) = from else {
                    return;
                };
                let Hit::Room(b) = hit else {
                    out.push(Command::Status(
                        "A corridor ends in a room: release it on one".into(),
                    ));
                    return;
                };
                let index = cx.ship.corridors.len();
                out.push(step(
                    format!("Draw corridor {a}–{b}"),
                    vec![ops::add_corridor(cx.ship, a, b)],
                ));
                out.push(Command::Select(Selection::Corridor(index)));
            }
        }
    }

    /// The corridor being dragged.
    pub fn preview(&self, painter: &Painter, cx: &ToolContext<'_>) {
        if let (Some((_, from)), Some(to)) = (self.from, self.to) {
            preview_line(painter, cx, from, to, false);
        }
    }
}
