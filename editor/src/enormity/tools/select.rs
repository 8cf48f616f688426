//! The select tool: click a place to inspect it; drag a space or an
//! intersection to move what is on it; drag across empty spaces to select a
//! rectangle, and inside a selected rectangle to move it with everything in it.

use deckplan_schema::enormity::{Intersection, Space};
use eframe::egui::{Color32, Painter, Stroke, StrokeKind};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::command::Command;
use crate::enormity::edit::Edit;
use crate::enormity::ops;
use crate::enormity::region::{self, Area};
use crate::enormity::selection::Selection;

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
    /// A selected rectangle, grabbed at a space in it.
    Area(Area, Space),
    /// A rectangle being drawn from a space.
    Rubber(Space),
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
                let under = cx.geo.space_at(pos);
                if let (Selection::Area { area, .. }, Some(space)) =
                    (cx.selection.filter_page(cx.id()), under)
                    && area.contains(space)
                {
                    self.grabbed = Some(Grab::Area(area, space));
                    return;
                }
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
                    Selection::Space { space, .. } => Some(Grab::Rubber(space)),
                    _ => None,
                };
                out.push(Command::Select(picked));
            }
            Phase::Dragging => {}
            Phase::Released => {
                let grabbed = self.grabbed.take();
                if !pointer.moved {
                    // A click inside a selected rectangle picks one place in it.
                    if matches!(grabbed, Some(Grab::Area(..))) {
                        out.push(Command::Select(Selection::pick(cx.id(), &cx.geo, pos)));
                    }
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
                    Some(Grab::Rubber(from)) => {
                        let area = Area::spanning(from, cx.geo.space_clamped(pos));
                        out.push(Command::Select(Selection::Area {
                            page: cx.id(),
                            area,
                        }));
                    }
                    Some(Grab::Area(area, from)) => {
                        let moved = moved_area(cx, area, from, cx.geo.space_clamped(pos));
                        if moved != area {
                            let page = region::pasted(
                                &region::cleared(cx.page, area),
                                &region::copy(cx.page, area),
                                moved.min,
                            );
                            apply(
                                out,
                                "Move selection",
                                vec![Edit::Page {
                                    id: cx.id(),
                                    page: Some(Box::new(page)),
                                }],
                            );
                        }
                        out.push(Command::Select(Selection::Area {
                            page: cx.id(),
                            area: moved,
                        }));
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
            Grab::Rubber(from) => {
                let area = Area::spanning(from, cx.geo.space_clamped(pos));
                let rect = cx
                    .geo
                    .space_rect(area.min)
                    .union(cx.geo.space_rect(area.max));
                painter.rect_filled(rect, 2.0, GHOST.gamma_multiply(0.15));
                painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
            }
            Grab::Area(area, from) => {
                let moved = moved_area(cx, area, from, cx.geo.space_clamped(pos));
                let rect = cx
                    .geo
                    .space_rect(moved.min)
                    .union(cx.geo.space_rect(moved.max));
                painter.rect_filled(rect, 2.0, GHOST.gamma_multiply(0.25));
                painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
            }
        }
    }
}

/// Where a rectangle grabbed at `from` lands when dropped at `to`: shifted
/// as far as the pointer moved, but never past the page's sides.
fn moved_area(cx: &ToolContext<'_>, area: Area, from: Space, to: Space) -> Area {
    let size = area.size();
    let shift = |start: u16, by: i32, room: u16| -> u16 {
        let moved = (i32::from(start) + by).clamp(0, i32::from(room));
        u16::try_from(moved).unwrap_or(start)
    };
    let col = shift(
        area.min.col,
        i32::from(to.col) - i32::from(from.col),
        cx.page.size.columns.saturating_sub(size.columns),
    );
    let row = shift(
        area.min.row,
        i32::from(to.row) - i32::from(from.row),
        cx.page.size.rows.saturating_sub(size.rows),
    );
    Area {
        min: Space { col, row },
        max: Space {
            col: col + size.columns - 1,
            row: row + size.rows - 1,
        },
    }
}
