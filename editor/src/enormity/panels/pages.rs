//! The pages panel: the pack's pages in `pack.toml`'s order, with buttons to
//! add, remove, resize and reorder them.

use deckplan_schema::enormity::PageId;
use eframe::egui::{Button, RichText, ScrollArea, Ui};

use crate::board::BoardActions;
use crate::command::Commands;
use crate::enormity::action::PageAction;
use crate::enormity::command::Command;
use crate::enormity::document::{Document, page_label};
use crate::enormity::ops;

/// Draws the pages panel.
pub fn pages_ui(
    ui: &mut Ui,
    doc: &Document,
    shown: Option<PageId>,
    info: &BoardActions,
    out: &mut Commands,
) {
    ui.add_space(4.0);
    ui.heading(doc.title());
    if let Some(path) = doc.origin.path() {
        ui.weak(crate::paths::shown(path));
    } else {
        ui.weak("not saved yet");
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong("Pages");
        ui.with_layout(
            eframe::egui::Layout::right_to_left(eframe::egui::Align::Center),
            |ui| {
                for (page_action, icon) in [
                    (PageAction::MovePageDown, "⏷"),
                    (PageAction::MovePageUp, "⏶"),
                    (PageAction::ResizePage, "⛶"),
                    (PageAction::RemovePage, "−"),
                    (PageAction::AddPage, "+"),
                ] {
                    let action = page_action.into();
                    let response = ui.add_enabled(info.enabled(action), Button::new(icon).small());
                    let response = if info.enabled(action) {
                        response.on_hover_text(page_action.label())
                    } else {
                        response.on_disabled_hover_text(info.reason(action))
                    };
                    if response.clicked() {
                        out.push(Command::Run(action));
                    }
                }
            },
        );
    });
    ScrollArea::vertical().show(ui, |ui| {
        for id in ops::page_order(&doc.pack) {
            let Some(page) = doc.pack.pages.get(&id) else {
                continue;
            };
            let mut text = RichText::new(page_label(page));
            if id == doc.pack.start {
                text = text.strong();
            }
            let response = ui.selectable_label(shown == Some(id), text);
            let location = doc
                .pack
                .locations
                .get(&page.location)
                .map_or(page.location.as_str(), |l| l.name.as_str());
            let start = if id == doc.pack.start {
                " · start page"
            } else {
                ""
            };
            let response = response.on_hover_text(format!(
                "{location} · {} spaces · {}{start}",
                page.size,
                page.source.path().display()
            ));
            if response.clicked() {
                out.push(Command::ShowPage(id));
            }
        }
    });
}
