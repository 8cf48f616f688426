//! The spawn-link tool: drag from one spawn point to another to join them
//! into a cluster (a red dashed link); dragging between linked points again
//! removes the link.

use deckplan_schema::enormity::Intersection;
use eframe::egui::{Painter, Shape, Stroke, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::command::Command;
use crate::enormity::edit::Edit;

/// How close (in spaces) the pointer must be to a spawn point to grab it.
const REACH: f32 = 0.45;

/// The spawn-link tool's state.
#[derive(Default)]
pub struct SpawnLinkTool {
    from: Option<Intersection>,
}

fn spawn_point_near(cx: &ToolContext<'_>, pos: eframe::egui::Pos2) -> Option<Intersection> {
    cx.geo
        .intersection_near(pos, REACH)
        .filter(|p| cx.page.intersections.spawn_points.contains_key(p))
}

impl Tool for SpawnLinkTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        let Some(pos) = pointer.pos else {
            return;
        };
        match pointer.phase {
            Phase::Pressed => {
                self.from = spawn_point_near(cx, pos);
                if self.from.is_none() {
                    out.push(Command::Status(
                        "Start a spawn link on a spawn point (place them with the spawn-point tool)"
                            .into(),
                    ));
                }
            }
            Phase::Released => {
                let Some(from) = self.from.take() else {
                    return;
                };
                let Some(to) = spawn_point_near(cx, pos).filter(|to| *to != from) else {
                    return;
                };
                let linked = cx
                    .page
                    .intersections
                    .spawn_links
                    .iter()
                    .any(|l| (l.a, l.b) == (from, to) || (l.a, l.b) == (to, from));
                let edit = Edit::SpawnLink {
                    page: cx.id(),
                    a: from,
                    b: to,
                    present: !linked,
                };
                let label = if linked {
                    "Remove spawn link"
                } else {
                    "Link spawn points"
                };
                apply(out, label, vec![edit]);
            }
            Phase::Hover | Phase::Dragging => {}
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(from), Some(pos)) = (self.from, pointer.pos) else {
            return;
        };
        let start = cx.geo.point(from);
        let end = spawn_point_near(cx, pos).map_or(pos, |p| cx.geo.point(p));
        let stroke = Stroke::new(3.0, super::preview_colour());
        painter.extend(Shape::dashed_line(&[start, end], stroke, 10.0, 6.0));
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.weak("Links join spawn points into a cluster; drag between two linked points to unlink them.");
    }
}
