//! The Blip tool: click an intersection for a starting Blip facing the
//! chosen way, or drag from it to point its patrol arrow; clicking the same
//! Blip again removes it.

use deckplan_schema::enormity::{Direction, Intersection};
use eframe::egui::{Painter, Stroke, Ui};

use super::forced_arrow::gesture_direction;
use super::{Phase, Pointer, Tool, ToolContext, apply, direction_ui};
use crate::command::Commands;
use crate::enormity::edit::Edit;

/// The Blip tool's state.
pub struct BlipTool {
    /// The direction of a clicked Blip.
    pub direction: Direction,
    from: Option<Intersection>,
}

impl Default for BlipTool {
    fn default() -> Self {
        Self {
            direction: Direction::South,
            from: None,
        }
    }
}

impl Tool for BlipTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        match pointer.phase {
            Phase::Pressed => self.from = pointer.pos.map(|p| cx.geo.nearest_intersection(p)),
            Phase::Released => {
                let Some(point) = self.from.take() else {
                    return;
                };
                let direction = gesture_direction(pointer, self.direction);
                let now = cx.page.intersections.blips.get(&point).map(|b| b.direction);
                let wanted = (now != Some(direction) || pointer.moved).then_some(direction);
                if wanted == now {
                    return;
                }
                let label = if wanted.is_some() {
                    "Place starting Blip"
                } else {
                    "Remove starting Blip"
                };
                let edit = Edit::Blip {
                    page: cx.id(),
                    point,
                    direction: wanted,
                };
                apply(out, label, vec![edit]);
            }
            Phase::Hover | Phase::Dragging => {}
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(point), Some(pos), true) = (self.from, pointer.pos, pointer.moved) else {
            return;
        };
        let from = cx.geo.point(point);
        painter.arrow(from, pos - from, Stroke::new(3.0, super::preview_colour()));
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.label("Patrol direction of clicked Blips");
        direction_ui(ui, &mut self.direction);
        ui.weak("Drag from an intersection to point the Blip the way you drag.");
    }
}
