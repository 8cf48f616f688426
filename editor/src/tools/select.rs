//! The select tool: click a place to inspect it; drag a space or an
//! intersection to move what is on it.

use deckplan_schema::{Intersection, Space};
use eframe::egui::{Color32, Painter, Stroke, StrokeKind};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::{Command, Commands};
use crate::ops;
use crate::selection::Selection;

/// The select tool's state.
#[derive(Default)]
pub struct SelectTool {
    /// What the press picked up, to be moved on release.
    grabbed: Option<Grab>,
}

#[derive(Clone, Copy)]
enum Grab {
    Space(Space),
    Intersection(Intersection),
}

const GHOST: Color32 = Color32::from_rgb(30, 120, 235);

impl Tool for SelectTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        let Some(pos) = pointer.pos else {
            return;
        };
        match pointer.phase {
            Phase::Hover => {}
            Phase::Pressed => {
                let picked = Selection::pick(cx.id(), &cx.geo, pos);
                self.grabbed = match picked {
                    Selection::Space { space, .. } if ops::has_movable(cx.page, space) => {
                        Some(Grab::Space(space))
                    }
                    Selection::Intersection { point, .. }
                        if !ops::clear_intersection(cx.page, point).is_empty() =>
                    {
                        Some(Grab::Intersection(point))
                    }
                    _ => None,
                };
                out.push(Command::Select(picked));
            }
            Phase::Dragging => {}
            Phase::Released => {
                let grabbed = self.grabbed.take();
                if !pointer.moved {
                    return;
                }
                match grabbed {
                    Some(Grab::Space(from)) => {
                        if let Some(to) = cx.geo.space_at(pos) {
                            apply(out, "Move features", ops::move_space(cx.page, from, to));
                            out.push(Command::Select(Selection::Space {
                                page: cx.id(),
                                space: to,
                            }));
                        }
                    }
                    Some(Grab::Intersection(from)) => {
                        let to = cx.geo.nearest_intersection(pos);
                        apply(
                            out,
                            "Move spawn point",
                            ops::move_intersection(cx.page, from, to),
                        );
                        out.push(Command::Select(Selection::Intersection {
                            page: cx.id(),
                            point: to,
                        }));
                    }
                    None => {}
                }
            }
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(grab), Some(pos), true) = (self.grabbed, pointer.pos, pointer.moved) else {
            return;
        };
        let stroke = Stroke::new(2.0, GHOST);
        match grab {
            Grab::Space(_) => {
                if let Some(to) = cx.geo.space_at(pos) {
                    let rect = cx.geo.space_rect(to);
                    painter.rect_filled(rect, 2.0, GHOST.gamma_multiply(0.25));
                    painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
                }
            }
            Grab::Intersection(_) => {
                let to = cx.geo.point(cx.geo.nearest_intersection(pos));
                painter.circle_stroke(to, (cx.geo.cell * 0.2).clamp(5.0, 20.0), stroke);
            }
        }
    }
}
