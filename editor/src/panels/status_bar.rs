//! The status bar: the place under the pointer (`L1p2 H3 · board · …`), a
//! passing message or the tool's hint, the problem counts, whether the
//! check is running, the unsaved-changes marker, and, for a game that opens
//! read-only, that editing is not available yet.

use eframe::egui::{Align, Color32, Label, Layout, RichText, Ui};

/// What the status bar shows.
pub struct StatusInfo<'a> {
    /// The place under the pointer.
    pub hover: Option<&'a str>,
    /// A message from the last command (shown for a few seconds).
    pub message: Option<&'a str>,
    /// How the active tool is used.
    pub hint: &'a str,
    /// Errors and warnings of the newest check.
    pub errors: usize,
    /// See `errors`.
    pub warnings: usize,
    /// A check of the newest state is still running.
    pub checking: bool,
    /// There are unsaved changes.
    pub dirty: bool,
    /// Zoom, in points per space.
    pub zoom: Option<f32>,
    /// What the zoom counts points per (`space`, `step`).
    pub unit: &'a str,
    /// Why the board cannot be edited, when it cannot.
    pub read_only: Option<&'a str>,
}

const ERROR: Color32 = Color32::from_rgb(240, 90, 80);
const WARNING: Color32 = Color32::from_rgb(240, 170, 40);

/// Draws the status bar's row.
pub fn status_bar_ui(ui: &mut Ui, info: &StatusInfo<'_>) {
    ui.horizontal(|ui| {
        // A message takes the hint's room: the two never print over each other.
        match (info.hover, info.message) {
            (Some(hover), _) => {
                ui.label(RichText::new(hover).monospace());
            }
            (None, None) => {
                ui.weak(info.hint);
            }
            (None, Some(_)) => {}
        }
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            if let Some(why) = info.read_only {
                ui.label(RichText::new("read-only").color(WARNING))
                    .on_hover_text(why);
                ui.weak(why);
                ui.separator();
            }
            if info.dirty {
                ui.label(RichText::new("⏺ unsaved").color(WARNING))
                    .on_hover_text("There are unsaved changes (autosaved every 30 s)");
            } else {
                ui.weak("saved");
            }
            ui.separator();
            if let Some(zoom) = info.zoom {
                ui.weak(format!("{zoom:.0} pt/{}", info.unit));
                ui.separator();
            }
            if info.checking {
                ui.weak("checking…");
            }
            ui.label(RichText::new(format!("⚠ {}", info.warnings)).color(WARNING))
                .on_hover_text("warnings");
            ui.label(RichText::new(format!("⊗ {}", info.errors)).color(ERROR))
                .on_hover_text("errors");
            ui.separator();
            if let Some(message) = info.message {
                // Cut to the room left, in full on hover.
                ui.add(Label::new(RichText::new(message).strong()).truncate())
                    .on_hover_text(message);
            }
        });
    });
}
