//! The menu bar: File, Edit, View, Page and Tools, all built from
//! [`Action`]s so labels and shortcuts match the toolbar and the keyboard.

use std::path::PathBuf;

use eframe::egui::{MenuBar, Ui};

use super::{ActionInfo, action_menu_item};
use crate::action::Action;
use crate::command::{Command, Commands};
use crate::tools::ToolKind;

/// Draws the menu bar.
pub fn menu_bar_ui(ui: &mut Ui, info: &ActionInfo, recent: &[PathBuf], out: &mut Commands) {
    MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            action_menu_item(ui, info, Action::NewPack, out);
            action_menu_item(ui, info, Action::Open, out);
            ui.menu_button("Open recent", |ui| {
                if recent.is_empty() {
                    ui.weak("Nothing opened yet");
                }
                for path in recent {
                    if ui.button(path.display().to_string()).clicked() {
                        out.push(Command::Open(path.clone()));
                    }
                }
            });
            ui.separator();
            action_menu_item(ui, info, Action::Save, out);
            action_menu_item(ui, info, Action::SaveAs, out);
            ui.separator();
            action_menu_item(ui, info, Action::ExportPage, out);
            action_menu_item(ui, info, Action::ExportLayout, out);
            ui.separator();
            action_menu_item(ui, info, Action::Quit, out);
        });
        ui.menu_button("Edit", |ui| {
            action_menu_item(ui, info, Action::Undo, out);
            action_menu_item(ui, info, Action::Redo, out);
            ui.separator();
            action_menu_item(ui, info, Action::Cut, out);
            action_menu_item(ui, info, Action::Copy, out);
            action_menu_item(ui, info, Action::Paste, out);
            action_menu_item(ui, info, Action::Delete, out);
            action_menu_item(ui, info, Action::Deselect, out);
        });
        ui.menu_button("View", |ui| {
            action_menu_item(ui, info, Action::Fit, out);
            action_menu_item(ui, info, Action::ZoomIn, out);
            action_menu_item(ui, info, Action::ZoomOut, out);
            ui.separator();
            action_menu_item(ui, info, Action::ToggleGrid, out);
            action_menu_item(ui, info, Action::ToggleProblems, out);
            action_menu_item(ui, info, Action::ToggleLayout, out);
            action_menu_item(ui, info, Action::TogglePlayTest, out);
        });
        ui.menu_button("Page", |ui| {
            action_menu_item(ui, info, Action::AddPage, out);
            action_menu_item(ui, info, Action::RemovePage, out);
            action_menu_item(ui, info, Action::DuplicatePage, out);
            action_menu_item(ui, info, Action::ResizePage, out);
            action_menu_item(ui, info, Action::RotatePage, out);
            action_menu_item(ui, info, Action::MirrorPageWestEast, out);
            action_menu_item(ui, info, Action::MirrorPageNorthSouth, out);
            ui.separator();
            action_menu_item(ui, info, Action::MovePageUp, out);
            action_menu_item(ui, info, Action::MovePageDown, out);
            action_menu_item(ui, info, Action::PreviousPage, out);
            action_menu_item(ui, info, Action::NextPage, out);
            ui.separator();
            action_menu_item(ui, info, Action::LoadBackground, out);
        });
        ui.menu_button("Tools", |ui| {
            for tool in ToolKind::ALL {
                action_menu_item(ui, info, Action::Tool(tool), out);
            }
        });
    });
}
