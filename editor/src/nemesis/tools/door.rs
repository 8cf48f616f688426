//! The door tool: click a corridor (or a technical corridor, where the
//! format allows one and N006 reports it) to put a Door token on it, or to
//! take it off.

use super::{Pointer, ToolContext};
use crate::command::Commands;
use crate::nemesis::command::{Command, step};
use crate::nemesis::ops;
use crate::nemesis::selection::{Hit, Selection};

/// Handles a pointer event.
pub fn pointer(cx: &ToolContext<'_>, event: Pointer, out: &mut Commands) {
    let Pointer::Click(_, hit) = event else {
        return;
    };
    match hit {
        Hit::Corridor(index) | Hit::Badge(index, _) => {
            let Some(corridor) = cx.ship.corridors.get(index) else {
                return;
            };
            let door = !corridor.door;
            let [a, b] = corridor.rooms;
            let label = if door {
                "Put a door on"
            } else {
                "Take the door off"
            };
            if let Some(edit) = ops::change_corridor(cx.ship, index, |c| c.door = door) {
                out.push(step(format!("{label} {a}–{b}"), vec![edit]));
            }
            out.push(Command::Select(Selection::Corridor(index)));
        }
        Hit::Entrance(index) | Hit::EntranceBadge(index) => {
            let Some(entrance) = cx.ship.entrances.get(index) else {
                return;
            };
            let room = entrance.room;
            let door = !entrance.door;
            let edit = ops::change_entrance(cx.ship, room, |e| {
                if let Some(e) = e {
                    e.door = door;
                }
            });
            if let Some(edit) = edit {
                let label = if door {
                    "Put a door on the technical entrance of"
                } else {
                    "Take the door off the technical entrance of"
                };
                out.push(step(format!("{label} {room}"), vec![edit]));
            }
            out.push(Command::Select(Selection::Entrance(room)));
        }
        _ => out.push(Command::Status(
            "Click a corridor to put a door on it".into(),
        )),
    }
}
