//! The terrain tool: drag a rectangle to lay a terrain tile with the chosen
//! keywords and name. Spaces already in a tile move to the new one (a space
//! belongs to at most one tile).

use deckplan_schema::enormity::Space;
use deckplan_schema::enormity::model::Keyword;
use eframe::egui::{Color32, Painter, Stroke, StrokeKind, TextEdit, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::command::Command;
use crate::enormity::ops;
use crate::enormity::selection::Selection;

/// The terrain tool's state.
pub struct TerrainTool {
    /// Keywords of the next tile.
    pub keywords: Vec<Keyword>,
    /// Name of the next tile (empty for none).
    pub name: String,
    corner: Option<Space>,
}

impl Default for TerrainTool {
    fn default() -> Self {
        Self {
            keywords: vec![Keyword::Cover],
            name: String::new(),
            corner: None,
        }
    }
}

const TILE: Color32 = Color32::from_rgb(168, 118, 40);

impl Tool for TerrainTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        let Some(pos) = pointer.pos else {
            return;
        };
        match pointer.phase {
            Phase::Pressed => self.corner = cx.geo.space_at(pos),
            Phase::Released => {
                if let Some(corner) = self.corner.take() {
                    let other = cx.geo.space_clamped(pos);
                    let spaces = ops::rectangle(corner, other);
                    let name = Some(self.name.trim().to_string()).filter(|n| !n.is_empty());
                    let edit = ops::add_tile(cx.page, &spaces, &self.keywords, name);
                    apply(out, "Lay terrain tile", vec![edit]);
                    out.push(Command::Select(Selection::Space {
                        page: cx.id(),
                        space: corner,
                    }));
                }
            }
            Phase::Hover | Phase::Dragging => {}
        }
    }

    fn preview(&self, cx: &ToolContext<'_>, pointer: &Pointer, painter: &Painter) {
        let (Some(corner), Some(pos)) = (self.corner, pointer.pos) else {
            return;
        };
        let rect = cx
            .geo
            .space_rect(corner)
            .union(cx.geo.space_rect(cx.geo.space_clamped(pos)));
        painter.rect_filled(rect, 0.0, TILE.gamma_multiply(0.35));
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, TILE), StrokeKind::Inside);
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.label("Keywords of new tiles");
        keywords_ui(ui, &mut self.keywords);
        ui.horizontal(|ui| {
            let label = ui.label("Name").id;
            ui.add(TextEdit::singleline(&mut self.name).hint_text("optional, e.g. Crates"))
                .labelled_by(label);
        });
    }
}

/// Checkboxes for terrain keywords; `destructible` and `indestructible`
/// exclude each other. Returns whether anything changed.
pub fn keywords_ui(ui: &mut Ui, keywords: &mut Vec<Keyword>) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        for keyword in Keyword::ALL {
            let mut on = keywords.contains(&keyword);
            if ui.checkbox(&mut on, keyword.name()).changed() {
                changed = true;
                keywords.retain(|k| *k != keyword);
                if on {
                    keywords.push(keyword);
                    let other = match keyword {
                        Keyword::Destructible => Some(Keyword::Indestructible),
                        Keyword::Indestructible => Some(Keyword::Destructible),
                        _ => None,
                    };
                    keywords.retain(|k| Some(*k) != other);
                }
                keywords.sort();
            }
        }
    });
    changed
}
