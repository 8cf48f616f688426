//! The space painter: click or drag to make spaces board, out of bounds or
//! obstacles; Shift-drag to fill a rectangle.

use deckplan_schema::enormity::{Space, SpaceKind};
use eframe::egui::{Color32, Painter, Pos2, Stroke, StrokeKind, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply, stroke};
use crate::command::Commands;
use crate::enormity::ops;

/// The space painter's state.
pub struct SpaceTool {
    /// What it paints.
    pub kind: SpaceKind,
    /// Where the pointer was last frame during a stroke.
    last: Option<Pos2>,
    /// The first corner of a Shift-drag rectangle.
    corner: Option<Space>,
}

impl Default for SpaceTool {
    fn default() -> Self {
        Self {
            kind: SpaceKind::Board,
            last: None,
            corner: None,
        }
    }
}

/// The spaces a pointer passes over between two frames (sampled finely
/// enough that a quick stroke leaves no gaps).
fn swept(cx: &ToolContext<'_>, from: Pos2, to: Pos2) -> Vec<Space> {
    let steps = ((to - from).length() / (cx.geo.cell * 0.25))
        .ceil()
        .clamp(1.0, 4096.0) as usize;
    let mut spaces: Vec<Space> = (0..=steps)
        .filter_map(|i| cx.geo.space_at(from.lerp(to, i as f32 / steps as f32)))
        .collect();
    spaces.dedup();
    spaces
}

fn label(kind: SpaceKind) -> &'static str {
    match kind {
        SpaceKind::Board => "Paint board spaces",
        SpaceKind::OutOfBounds => "Paint out-of-bounds spaces",
        SpaceKind::Obstacle => "Paint obstacles",
    }
}

impl Tool for SpaceTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        let Some(pos) = pointer.pos else {
            return;
        };
        match pointer.phase {
            Phase::Hover => {}
            Phase::Pressed => {
                if pointer.modifiers.shift {
                    self.corner = Some(cx.geo.space_clamped(pos));
                } else {
                    let spaces = swept(cx, pos, pos);
                    let edits = ops::paint_spaces(cx.page, &spaces, self.kind);
                    stroke(out, pointer.stroke, label(self.kind), edits);
                    self.last = Some(pos);
                }
            }
            Phase::Dragging | Phase::Released if self.corner.is_none() => {
                if let Some(last) = self.last {
                    let spaces = swept(cx, last, pos);
                    let edits = ops::paint_spaces(cx.page, &spaces, self.kind);
                    stroke(out, pointer.stroke, label(self.kind), edits);
                    self.last = Some(pos);
                }
                if pointer.phase == Phase::Released {
                    self.last = None;
                }
            }
            Phase::Dragging => {}
            Phase::Released => {
                if let Some(corner) = self.corner.take() {
                    let spaces = ops::rectangle(corner, cx.geo.space_clamped(pos));
                    let edits = ops::paint_spaces(cx.page, &spaces, self.kind);
                    apply(out, "Fill rectangle", edits);
                }
                self.last = None;
            }
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(corner), Some(pos)) = (self.corner, pointer.pos) else {
            return;
        };
        let other = cx.geo.space_clamped(pos);
        let rect = cx.geo.space_rect(corner).union(cx.geo.space_rect(other));
        let colour = Color32::from_rgb(30, 120, 235);
        painter.rect_filled(rect, 0.0, colour.gamma_multiply(0.18));
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, colour), StrokeKind::Inside);
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.label("Paint spaces as");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.kind, SpaceKind::Board, ". Board")
                .on_hover_text("A space of a room or corridor");
            ui.selectable_value(&mut self.kind, SpaceKind::OutOfBounds, "# Out of bounds")
                .on_hover_text("Outside the rooms: never entered by Spacers or Intruders");
            ui.selectable_value(&mut self.kind, SpaceKind::Obstacle, "O Obstacle")
                .on_hover_text("A board space with a printed obstacle");
        });
        ui.weak("Shift-drag fills a rectangle.");
    }
}
