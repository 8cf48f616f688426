//! The toolbar: undo and redo, the open board's tools and switches, and the
//! play-test switch.

use eframe::egui::{Button, Ui};

use super::{ActionInfo, shortcut_text};
use crate::action::Action;
use crate::command::{Command, Commands};

/// Draws Undo and Redo, then `board` (the board's tools), then Play test.
pub fn toolbar_ui(
    ui: &mut Ui,
    info: &ActionInfo,
    out: &mut Commands,
    board: impl FnOnce(&mut Ui, &mut Commands),
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for action in [Action::Undo, Action::Redo] {
            let icon = if action == Action::Undo {
                "↺ Undo"
            } else {
                "↻ Redo"
            };
            let response = ui.add_enabled(info.enabled(action), Button::new(icon));
            let shortcut = shortcut_text(ui, info, action);
            let response = if info.enabled(action) {
                response.on_hover_text(format!("{} ({shortcut})", info.label(action)))
            } else {
                response.on_disabled_hover_text(info.disabled_reason(action))
            };
            if response.clicked() {
                out.push(Command::Run(action));
            }
        }
        ui.separator();
        board(ui, out);
        let action = Action::TogglePlayTest;
        let playtest = info.checked(action).unwrap_or(false);
        let response = ui.add_enabled(
            info.enabled(action),
            Button::selectable(playtest, "▶ Play test"),
        );
        let response = if info.enabled(action) {
            response.on_hover_text(format!(
                "{} ({})",
                info.text(action).description,
                shortcut_text(ui, info, action)
            ))
        } else {
            response.on_disabled_hover_text(info.disabled_reason(action))
        };
        if response.clicked() {
            out.push(Command::Run(action));
        }
    });
}
