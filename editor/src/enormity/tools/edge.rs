//! The edge tools — wall, red line, door and erase — share one stroke: click
//! an edge, or drag along grid lines to paint a run. The pointer's nearest
//! intersection is followed, and each step paints the edges between the
//! last intersection and the new one, so a drag along a line paints every
//! edge on it however fast the pointer moves.

use std::collections::BTreeSet;

use deckplan_schema::enormity::{Edge, EdgeKind, Intersection};
use eframe::egui::{Color32, Painter, Stroke, Ui};

use super::{Phase, Pointer, Tool, ToolContext, stroke};
use crate::command::Commands;
use crate::enormity::edit::Edit;
use crate::enormity::ops;

/// How close (in spaces) a click must be to a grid line to hit its edge.
const CLICK_REACH: f32 = 0.35;
/// Within this distance (in spaces) of an intersection a press names no edge.
const CORNER_REACH: f32 = 0.2;

/// What an edge stroke puts on the edges it passes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EdgeBrush {
    /// Walls.
    #[default]
    Wall,
    /// Red lines.
    RedLine,
    /// Numbered doors.
    Door,
    /// Nothing: erases.
    Erase,
}

impl EdgeBrush {
    fn label(self) -> &'static str {
        match self {
            Self::Wall => "Draw wall",
            Self::RedLine => "Draw red line",
            Self::Door => "Place door",
            Self::Erase => "Erase edges",
        }
    }
}

/// The edge tools' state.
pub struct EdgeTool {
    brush: EdgeBrush,
    /// The intersection the stroke last reached.
    last: Option<Intersection>,
    /// Edges painted in this stroke (each is painted once per stroke).
    painted: BTreeSet<Edge>,
    /// Door numbers given out in this stroke but perhaps not applied yet.
    numbered: BTreeSet<u16>,
    /// Number doors automatically with the next free number.
    pub auto_number: bool,
    /// The number the next door gets when not automatic.
    pub next_number: u16,
}

impl Default for EdgeTool {
    fn default() -> Self {
        Self {
            brush: EdgeBrush::Wall,
            last: None,
            painted: BTreeSet::new(),
            numbered: BTreeSet::new(),
            auto_number: true,
            next_number: 1,
        }
    }
}

impl EdgeTool {
    /// Uses this brush from now on (the toolbar picks the tool).
    pub fn with_brush(&mut self, brush: EdgeBrush) -> &mut Self {
        self.brush = brush;
        self
    }

    fn paint(
        &mut self,
        cx: &ToolContext<'_>,
        edges: &[Edge],
        pointer: &Pointer,
        out: &mut Commands,
    ) {
        let mut edits = Vec::new();
        for &edge in edges {
            if !cx.page.size.contains_edge(edge) || !self.painted.insert(edge) {
                continue;
            }
            let now = cx.page.edge(edge).map(|f| f.kind);
            let kind = match self.brush {
                EdgeBrush::Wall => Some(EdgeKind::Wall),
                EdgeBrush::RedLine => Some(EdgeKind::RedLine),
                EdgeBrush::Erase => None,
                EdgeBrush::Door => {
                    if matches!(now, Some(EdgeKind::Door(_))) {
                        continue;
                    }
                    let number = if self.auto_number {
                        ops::next_door_number(cx.page, &self.numbered)
                    } else {
                        let n = self.next_number;
                        self.next_number = n.saturating_add(1).min(999);
                        n
                    };
                    self.numbered.insert(number);
                    Some(EdgeKind::Door(number))
                }
            };
            if now != kind {
                edits.push(Edit::Edge {
                    page: cx.id(),
                    edge,
                    kind,
                });
            }
        }
        stroke(out, pointer.stroke, self.brush.label(), edits);
    }
}

impl Tool for EdgeTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        let Some(pos) = pointer.pos else {
            return;
        };
        match pointer.phase {
            Phase::Hover => {}
            Phase::Pressed => {
                self.painted.clear();
                self.numbered.clear();
                self.last = Some(cx.geo.nearest_intersection(pos));
                // Pressed on an intersection the edge is ambiguous: the drag decides.
                let on_corner = cx.geo.intersection_near(pos, CORNER_REACH).is_some();
                if !on_corner && let Some(edge) = cx.geo.edge_near(pos, CLICK_REACH) {
                    self.paint(cx, &[edge], pointer, out);
                }
            }
            Phase::Dragging | Phase::Released => {
                // The release may come with a last move in the same frame: follow it too.
                let here = cx.geo.nearest_intersection(pos);
                if let Some(last) = self.last
                    && last != here
                    && pointer.moved
                {
                    let row_first = last.x.abs_diff(here.x) >= last.y.abs_diff(here.y);
                    let edges = ops::edges_between(last, here, row_first);
                    self.paint(cx, &edges, pointer, out);
                    self.last = Some(here);
                }
                if pointer.phase == Phase::Dragging {
                    return;
                }
                self.last = None;
                self.painted.clear();
                self.numbered.clear();
            }
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        if pointer.phase != Phase::Hover {
            return;
        }
        let Some(pos) = pointer.pos else {
            return;
        };
        if cx.geo.intersection_near(pos, CORNER_REACH).is_some() {
            let radius = (cx.geo.cell * 0.12).clamp(3.0, 10.0);
            painter.circle_stroke(
                cx.geo.point(cx.geo.nearest_intersection(pos)),
                radius,
                Stroke::new(2.0, super::preview_colour()),
            );
            return;
        }
        let Some(edge) = cx.geo.edge_near(pos, CLICK_REACH) else {
            return;
        };
        let colour = match self.brush {
            EdgeBrush::Wall => Color32::from_rgba_unmultiplied(12, 12, 12, 150),
            EdgeBrush::RedLine => Color32::from_rgba_unmultiplied(216, 32, 32, 150),
            EdgeBrush::Door => Color32::from_rgba_unmultiplied(222, 128, 38, 170),
            EdgeBrush::Erase => Color32::from_rgba_unmultiplied(30, 120, 235, 170),
        };
        let width = (cx.geo.cell * 0.13).clamp(2.5, 16.0);
        painter.line_segment(cx.geo.edge_ends(edge), Stroke::new(width, colour));
    }

    fn options_ui(&mut self, ui: &mut Ui, cx: &ToolContext<'_>, _out: &mut Commands) {
        match self.brush {
            EdgeBrush::Door => {
                ui.checkbox(&mut self.auto_number, "Number doors automatically")
                    .on_hover_text("Each new door gets the lowest number not used on the page");
                if self.auto_number {
                    let next = ops::next_door_number(cx.page, &BTreeSet::new());
                    ui.label(format!("Next door: {next}"));
                } else {
                    ui.horizontal(|ui| {
                        let label = ui.label("Next door number").id;
                        ui.add(eframe::egui::DragValue::new(&mut self.next_number).range(1..=999))
                            .labelled_by(label);
                    });
                }
            }
            EdgeBrush::Wall | EdgeBrush::RedLine => {
                ui.weak("Walls, red lines and doors replace each other: one edge holds one.");
            }
            EdgeBrush::Erase => {
                ui.weak("Erases walls, red lines and doors alike.");
            }
        }
    }
}
