//! The problems panel: every finding of the newest check — severity, code,
//! place, message and where it will be in the file — errors first. Clicking
//! one shows its page and centres and highlights its place on the map.

use deckplan_validator::diagnostic::Severity;
use eframe::egui::{
    Align2, Color32, FontId, RichText, Role, ScrollArea, Sense, TextStyle, Ui, WidgetInfo, pos2,
    vec2,
};

use crate::command::{Command, Commands};
use crate::problems::{Problem, Report};

const ERROR: Color32 = Color32::from_rgb(240, 90, 80);
const WARNING: Color32 = Color32::from_rgb(240, 170, 40);

/// Where each column starts, in points from the row's left edge.
const SEVERITY_X: f32 = 6.0;
const CODE_X: f32 = 92.0;
const PLACE_X: f32 = 150.0;
const MESSAGE_X: f32 = 330.0;

/// Draws the problems list.
pub fn problems_ui(
    ui: &mut Ui,
    report: &Report,
    selected: Option<usize>,
    checking: bool,
    out: &mut Commands,
) {
    ui.horizontal(|ui| {
        ui.strong("Problems");
        let (errors, warnings) = (
            report.count(Severity::Error),
            report.count(Severity::Warning),
        );
        ui.label(RichText::new(plural(errors, "error")).color(ERROR));
        ui.label(RichText::new(plural(warnings, "warning")).color(WARNING));
        if checking {
            // The checker wakes the UI when it is done; no spinner needs to animate meanwhile.
            ui.weak("checking…");
        } else {
            ui.weak(format!("checked in {} ms", report.took.as_millis()));
        }
    });
    if let Some(problem) = selected.and_then(|i| report.problems.get(i)) {
        // The chosen problem in full, with its fix: rows are cut to one line.
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{} {}", problem.code, problem.name)).strong());
            ui.label(&problem.message);
            if let Some(help) = &problem.help {
                ui.label(RichText::new(format!("help: {help}")).italics());
            }
        });
    }
    ui.separator();
    if report.problems.is_empty() {
        ui.weak("No problems: every check passes.");
        return;
    }
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            for (index, problem) in report.problems.iter().enumerate() {
                if row_ui(ui, problem, index, selected == Some(index)) {
                    out.push(Command::ShowProblem(index));
                }
            }
        });
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// One problem as a clickable row; returns whether it was clicked.
fn row_ui(ui: &mut Ui, problem: &Problem, index: usize, selected: bool) -> bool {
    let height = ui.text_style_height(&TextStyle::Body) + 6.0;
    let (rect, response) =
        ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::click());
    response.widget_info(|| WidgetInfo::selected(Role::Button, true, selected, &problem.message));
    if ui.is_rect_visible(rect) {
        let visuals = ui.visuals();
        let background = if selected {
            Some(visuals.selection.bg_fill)
        } else if response.hovered() {
            Some(visuals.widgets.hovered.weak_bg_fill)
        } else if index % 2 == 1 {
            Some(visuals.faint_bg_color)
        } else {
            None
        };
        let painter = ui.painter_at(rect);
        if let Some(fill) = background {
            painter.rect_filled(rect, 2.0, fill);
        }
        let body = TextStyle::Body.resolve(ui.style());
        let mono = FontId::monospace(body.size * 0.95);
        let ink = if selected {
            visuals.selection.stroke.color
        } else {
            visuals.text_color()
        };
        let weak = visuals.weak_text_color();
        let y = rect.center().y;
        let (label, colour) = match problem.severity {
            Severity::Error => ("⊗ error", ERROR),
            Severity::Warning => ("⚠ warning", WARNING),
        };
        let at = |x: f32| pos2(rect.left() + x, y);
        painter.text(
            at(SEVERITY_X),
            Align2::LEFT_CENTER,
            label,
            body.clone(),
            colour,
        );
        painter.text(
            at(CODE_X),
            Align2::LEFT_CENTER,
            problem.code,
            mono.clone(),
            ink,
        );
        let place = problem.place.map(|p| p.to_string()).unwrap_or_default();
        painter.text(at(PLACE_X), Align2::LEFT_CENTER, &place, mono.clone(), ink);
        // The location sits at the right; the message takes the room between.
        let location = painter.layout_no_wrap(problem.location.clone(), mono, weak);
        let location_x = rect.right() - location.size().x - 8.0;
        let room = (location_x - (rect.left() + MESSAGE_X) - 12.0).max(40.0);
        let mut job =
            eframe::egui::text::LayoutJob::simple_singleline(problem.message.clone(), body, ink);
        job.wrap.max_width = room;
        job.wrap.max_rows = 1;
        job.wrap.break_anywhere = true;
        job.wrap.overflow_character = Some('…');
        let message = painter.layout_job(job);
        painter.galley(
            pos2(rect.left() + MESSAGE_X, y - message.size().y / 2.0),
            message,
            ink,
        );
        if location_x > rect.left() + MESSAGE_X + 60.0 {
            let top = y - location.size().y / 2.0;
            painter.galley(pos2(location_x, top), location, weak);
        }
    }
    let mut tooltip = problem.message.clone();
    if let Some(help) = &problem.help {
        tooltip.push_str("\nhelp: ");
        tooltip.push_str(help);
    }
    tooltip.push_str(&format!("\n{} · {}", problem.name, problem.location));
    response.on_hover_text(tooltip).clicked()
}
