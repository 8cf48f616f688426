//! The technical-entrance tool: drag from a room to a network to give the
//! room its entrance there (or move its entrance to that network); click a
//! room for an entrance that opens on no network yet (N005 reports it).
//! A room has at most one entrance.

use deckplan_schema::id::Id;
use deckplan_validator::draw::Point;
use eframe::egui::Painter;

use super::{Pointer, ToolContext, preview_line};
use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::ops;
use crate::nemesis::selection::{Hit, Selection};

/// The entrance tool's drag.
#[derive(Debug, Default)]
pub struct EntranceTool {
    from: Option<(Id, Point)>,
    to: Option<Point>,
}

impl EntranceTool {
    /// Handles a pointer event.
    pub fn pointer(&mut self, cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
        match event {
            Pointer::Click(_, Hit::Room(room)) => {
                if ops::entrance(cx.ship, room).is_none() {
                    let entrance = ops::new_entrance(cx.ship, room, None);
                    if let Some(edit) = ops::change_entrance(cx.ship, room, |e| *e = Some(entrance))
                    {
                        out.push(step(
                            format!("Add a technical entrance to {room}"),
                            vec![edit],
                        ));
                    }
                }
                out.push(Command::Select(Selection::Entrance(room)));
            }
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
            Pointer::Press(..) => self.from = None,
            Pointer::Drag(point, _) => self.to = Some(point),
            Pointer::Release(_, hit) => {
                let from = self.from.take();
                self.to = None;
                let Some((room, _)) = from else {
                    return;
                };
                let Hit::Hub(network) = hit else {
                    out.push(Command::Status(
                        "A technical entrance opens on a network: release it on one".into(),
                    ));
                    return;
                };
                let fresh = ops::new_entrance(cx.ship, room, Some(network));
                let edit = ops::change_entrance(cx.ship, room, |e| match e {
                    Some(e) => e.network = Some(network),
                    None => *e = Some(fresh),
                });
                if let Some(edit) = edit {
                    out.push(step(
                        format!("Open {room}'s technical entrance on {network}"),
                        vec![edit],
                    ));
                }
                out.push(Command::Select(Selection::Entrance(room)));
            }
        }
    }

    /// The entrance being dragged.
    pub fn preview(&self, painter: &Painter, cx: &ToolContext<'_>) {
        if let (Some((_, from)), Some(to)) = (self.from, self.to) {
            preview_line(painter, cx, from, to, true);
        }
    }
}
