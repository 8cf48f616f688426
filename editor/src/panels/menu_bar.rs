//! The menu bar: File, Edit and View, then the open board's own menus, all
//! built from [`Action`]s so labels and shortcuts match the toolbar and the
//! keyboard.

use std::path::PathBuf;

use eframe::egui::{MenuBar, Ui};

use super::{ActionInfo, action_menu_item};
use crate::action::Action;
use crate::command::{Command, Commands};

/// Draws the menu bar.
pub fn menu_bar_ui(ui: &mut Ui, info: &ActionInfo, recent: &[PathBuf], out: &mut Commands) {
    let items = |ui: &mut Ui, items: &[Option<Action>], out: &mut Commands| {
        for item in items {
            match item {
                Some(action) => action_menu_item(ui, info, *action, out),
                None => {
                    ui.separator();
                }
            }
        }
    };
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
            if !info.board.file.is_empty() {
                ui.separator();
                items(ui, &info.board.file, out);
            }
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
            items(ui, &info.board.view, out);
            action_menu_item(ui, info, Action::TogglePlayTest, out);
        });
        for menu in &info.board.menus {
            ui.menu_button(menu.title, |ui| items(ui, &menu.items, out));
        }
    });
}
