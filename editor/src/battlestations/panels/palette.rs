//! The palette of the Module and Paint tools: the role of the next card
//! placed (and a custom card's printed name), and the brush squares are
//! painted with.

use deckplan_schema::battlestations::{Content, Role};
use eframe::egui::{TextEdit, Ui};

use crate::battlestations::tools::{ToolKind, Tools};

/// How the palette names what stands on a square.
pub fn content_label(content: Content) -> &'static str {
    match content {
        Content::Floor => "Floor",
        Content::Blocked => "Blocked",
        Content::Console => "Console",
        Content::Barrel => "Barrel",
        Content::Ladder => "Ladder",
    }
}

/// Draws the options of the tool in use.
pub fn palette_ui(ui: &mut Ui, tools: &mut Tools) {
    match tools.active {
        ToolKind::Module => {
            ui.label("Role of the cards placed:");
            ui.horizontal_wrapped(|ui| {
                for role in Role::ALL {
                    ui.selectable_value(&mut tools.role, role, role.title());
                }
            });
            if tools.role == Role::Custom {
                ui.horizontal(|ui| {
                    let label = ui.label("Custom name").id;
                    ui.add(TextEdit::singleline(&mut tools.custom_name).desired_width(160.0))
                        .labelled_by(label);
                });
            }
            ui.weak("Every ship needs a Helm, an Engine, a Hyperdrive, Life Support and Science (B001).");
        }
        ToolKind::Paint => {
            ui.label("Brush:");
            ui.horizontal_wrapped(|ui| {
                for content in Content::ALL {
                    ui.selectable_value(&mut tools.brush, content, content_label(content))
                        .on_hover_text(format!(
                            "`{}` in the card: {}",
                            content.symbol(),
                            content.name()
                        ));
                }
            });
        }
        ToolKind::Select | ToolKind::Door => {
            ui.weak(tools.active.hint());
        }
    }
}
