//! The toolbar: undo and redo, the drawing tools, and the switch between the
//! page view and the layout of all pages, and the play-test switch.

use eframe::egui::{Button, Ui};

use super::ActionInfo;
use crate::action::Action;
use crate::command::{Command, Commands};
use crate::tools::{ToolKind, icon};

/// Draws the toolbar row.
pub fn toolbar_ui(ui: &mut Ui, info: &ActionInfo, out: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        for action in [Action::Undo, Action::Redo] {
            let icon = if action == Action::Undo {
                "↺ Undo"
            } else {
                "↻ Redo"
            };
            let response = ui.add_enabled(info.enabled(action), Button::new(icon));
            let shortcut = shortcut_text(ui, action);
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
        for tool in ToolKind::ALL {
            let action = Action::Tool(tool);
            let on = info.checked(action).unwrap_or(false);
            let response = icon::tool_button(ui, tool, on, info.enabled(action));
            let response = response.on_hover_text(format!(
                "{} ({})\n{}",
                tool.label(),
                shortcut_text(ui, action),
                tool.hint()
            ));
            if response.clicked() {
                out.push(Command::Run(action));
            }
        }
        ui.separator();
        let layout = info.checked(Action::ToggleLayout).unwrap_or(false);
        let response = ui
            .add_enabled(
                info.enabled(Action::ToggleLayout),
                Button::selectable(layout, "⊞ Layout"),
            )
            .on_hover_text(format!(
                "{} ({})",
                Action::ToggleLayout.description(),
                shortcut_text(ui, Action::ToggleLayout)
            ));
        if response.clicked() {
            out.push(Command::Run(Action::ToggleLayout));
        }
        let playtest = info.checked(Action::TogglePlayTest).unwrap_or(false);
        let response = ui
            .add_enabled(
                info.enabled(Action::TogglePlayTest),
                Button::selectable(playtest, "▶ Play test"),
            )
            .on_hover_text(format!(
                "{} ({})",
                Action::TogglePlayTest.description(),
                shortcut_text(ui, Action::TogglePlayTest)
            ));
        if response.clicked() {
            out.push(Command::Run(Action::TogglePlayTest));
        }
    });
}

fn shortcut_text(ui: &Ui, action: Action) -> String {
    action
        .shortcuts()
        .first()
        .map(|s| ui.ctx().format_shortcut(s))
        .unwrap_or_default()
}
