//! The forced-arrow tool: click a space for an arrow in the chosen
//! direction, or drag from the space to point it; clicking the same arrow
//! again removes it.

use deckplan_schema::enormity::{Direction, Space};
use eframe::egui::{Color32, Painter, Stroke, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply, direction_ui};
use crate::command::Commands;
use crate::enormity::edit::Edit;
use crate::enormity::ops;

/// The forced-arrow tool's state.
pub struct ForcedArrowTool {
    /// The direction of a clicked arrow.
    pub direction: Direction,
    from: Option<Space>,
}

impl Default for ForcedArrowTool {
    fn default() -> Self {
        Self {
            direction: Direction::East,
            from: None,
        }
    }
}

/// The direction of a gesture: from the drag when the pointer moved, else `default`.
pub fn gesture_direction(pointer: &Pointer, default: Direction) -> Direction {
    match (pointer.moved, pointer.press_pos, pointer.pos) {
        (true, Some(from), Some(to)) => ops::drag_direction(to.x - from.x, to.y - from.y),
        _ => default,
    }
}

impl Tool for ForcedArrowTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        match pointer.phase {
            Phase::Pressed => self.from = pointer.pos.and_then(|p| cx.geo.space_at(p)),
            Phase::Released => {
                let Some(space) = self.from.take() else {
                    return;
                };
                let direction = gesture_direction(pointer, self.direction);
                let now = cx
                    .page
                    .spaces
                    .forced_arrows
                    .get(&space)
                    .map(|a| a.direction);
                let toggled = (now != Some(direction) || pointer.moved).then_some(direction);
                if toggled == now {
                    return;
                }
                let label = if toggled.is_some() {
                    "Place forced arrow"
                } else {
                    "Remove forced arrow"
                };
                let edit = Edit::ForcedArrow {
                    page: cx.id(),
                    space,
                    direction: toggled,
                };
                apply(out, label, vec![edit]);
            }
            Phase::Hover | Phase::Dragging => {}
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(space), Some(pos), true) = (self.from, pointer.pos, pointer.moved) else {
            return;
        };
        let from = cx.geo.space_rect(space).center();
        painter.arrow(
            from,
            pos - from,
            Stroke::new(3.0, Color32::from_rgb(30, 120, 235)),
        );
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.label("Direction of clicked arrows");
        direction_ui(ui, &mut self.direction);
        ui.weak("Drag from a space to point its arrow the way you drag.");
    }
}
