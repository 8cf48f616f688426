//! The spawn-point tool: click near an intersection to place a spawn point,
//! or to remove one (with its cluster links).

use eframe::egui::{Painter, Stroke, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::edit::Edit;
use crate::enormity::ops;

/// The spawn-point tool (it has no options).
#[derive(Default)]
pub struct SpawnPointTool;

impl Tool for SpawnPointTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        if pointer.phase != Phase::Pressed {
            return;
        }
        let Some(point) = pointer.pos.map(|p| cx.geo.nearest_intersection(p)) else {
            return;
        };
        if cx.page.intersections.spawn_points.contains_key(&point) {
            let mut edits = ops::clear_intersection(cx.page, point);
            // Keep a starting Blip that shares the intersection.
            edits.retain(|e| !matches!(e, Edit::Blip { .. }));
            apply(out, "Remove spawn point", edits);
        } else {
            let edit = Edit::SpawnPoint {
                page: cx.id(),
                point,
                present: true,
            };
            apply(out, "Place spawn point", vec![edit]);
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        if let Some(pos) = pointer.pos.filter(|_| pointer.phase == Phase::Hover) {
            let at = cx.geo.point(cx.geo.nearest_intersection(pos));
            let radius = (cx.geo.cell * 0.15).clamp(3.0, 24.0);
            painter.circle_stroke(at, radius, Stroke::new(2.0, super::preview_colour()));
        }
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.weak(
            "Spawn points sit on intersections, where Blips move. Removing one removes its links.",
        );
    }
}
