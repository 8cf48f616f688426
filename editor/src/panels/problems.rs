//! The problems panel: every finding of the newest check — severity, code,
//! place, message and where it will be in the file — errors first. Clicking
//! one shows its page and centres and highlights its place on the map, with
//! help worded for the editor and a button for each mechanical fix.
//!
//! Columns are sized to what they hold this time (the widest place, up to a
//! limit) and every cell is cut with `…` to its column, so a long place never
//! runs into the message; the full text is in each row's tooltip.

use deckplan_validator::diagnostic::Severity;
use eframe::egui::{
    Align2, Color32, FontId, RichText, Role, ScrollArea, Sense, TextStyle, Ui, WidgetInfo, pos2,
    vec2,
};

use crate::board::FixOffer;
use crate::command::{Command, Commands};
use crate::problems::{Problem, Report};

const ERROR: Color32 = Color32::from_rgb(240, 90, 80);
const WARNING: Color32 = Color32::from_rgb(240, 170, 40);

/// Where each column starts, in points from the row's left edge.
const SEVERITY_X: f32 = 6.0;
const CODE_X: f32 = 92.0;
const PLACE_X: f32 = 150.0;
/// The place column is as wide as its widest place, within these bounds.
const PLACE_WIDTH: (f32, f32) = (90.0, 340.0);
/// Room between one column and the next.
const GAP: f32 = 14.0;

/// The selected problem's help and fixes, worked out by the board.
#[derive(Clone, Copy, Default)]
pub struct Selected<'a> {
    /// Its index in the report.
    pub index: Option<usize>,
    /// How to fix it in the editor (`None`: the validator's help).
    pub help: Option<&'a str>,
    /// One-click fixes, each checked to work.
    pub fixes: &'a [FixOffer],
    /// Fixes are still being looked for.
    pub searching: bool,
}

/// Draws the problems list.
pub fn problems_ui(
    ui: &mut Ui,
    report: &Report,
    chosen: Selected<'_>,
    checking: bool,
    out: &mut Commands,
) {
    let selected = chosen.index;
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
            if let Some(help) = chosen.help.or(problem.help.as_deref()) {
                ui.label(RichText::new(format!("help: {help}")).italics());
            }
        });
        if chosen.searching {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.weak("Looking for fixes…");
            });
        }
        if !chosen.fixes.is_empty() {
            ui.horizontal_wrapped(|ui| {
                ui.label("Fix:");
                for fix in chosen.fixes {
                    if ui.button(&fix.label).clicked() {
                        // The row and its button go with the problem: say what was
                        // done (before applying, so a refusal's message stays).
                        out.push(Command::Status(format!(
                            "Fixed: {} (Ctrl+Z undoes it)",
                            fix.label
                        )));
                        out.push(Command::Board(fix.command.clone()));
                    }
                }
            });
        }
    }
    ui.separator();
    if report.problems.is_empty() {
        ui.weak("No problems: every check passes.");
        return;
    }
    let columns = Columns::for_report(ui, report);
    // Only the rows in view are laid out: a large board can have hundreds.
    ui.spacing_mut().item_spacing.y = 0.0;
    let height = row_height(ui);
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, height, report.problems.len(), |ui, range| {
            for index in range {
                let Some(problem) = report.problems.get(index) else {
                    continue;
                };
                if row_ui(ui, problem, index, selected == Some(index), columns) {
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

/// Where the message column starts: after the widest place.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Columns {
    /// The place column's width.
    pub place_width: f32,
    /// Where the message starts, from the row's left edge.
    pub message_x: f32,
}

impl Columns {
    /// Columns that fit the places of `report`.
    pub fn for_report(ui: &Ui, report: &Report) -> Self {
        let mono = place_font(ui);
        let widest = report
            .problems
            .iter()
            .filter_map(|p| p.place.map(|place| place.to_string()))
            .map(|place| {
                ui.fonts_mut(|f| f.layout_no_wrap(place, mono.clone(), Color32::WHITE))
                    .size()
                    .x
            })
            .fold(0.0, f32::max);
        let place_width = widest.clamp(PLACE_WIDTH.0, PLACE_WIDTH.1);
        Self {
            place_width,
            message_x: PLACE_X + place_width + GAP,
        }
    }
}

fn place_font(ui: &Ui) -> FontId {
    FontId::monospace(TextStyle::Body.resolve(ui.style()).size * 0.95)
}

/// Text cut with `…` to one line of at most `width` points.
fn one_line(
    painter: &eframe::egui::Painter,
    text: String,
    font: FontId,
    ink: Color32,
    width: f32,
) -> std::sync::Arc<eframe::egui::Galley> {
    let mut job = eframe::egui::text::LayoutJob::simple_singleline(text, font, ink);
    job.wrap.max_width = width.max(10.0);
    job.wrap.max_rows = 1;
    job.wrap.break_anywhere = true;
    job.wrap.overflow_character = Some('…');
    painter.layout_job(job)
}

/// The height of a problem's row.
fn row_height(ui: &Ui) -> f32 {
    ui.text_style_height(&TextStyle::Body) + 6.0
}

/// One problem as a clickable row; returns whether it was clicked.
fn row_ui(ui: &mut Ui, problem: &Problem, index: usize, selected: bool, columns: Columns) -> bool {
    let height = row_height(ui);
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
        let mono = place_font(ui);
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
        let place = one_line(&painter, place, mono.clone(), ink, columns.place_width);
        painter.galley(
            pos2(rect.left() + PLACE_X, y - place.size().y / 2.0),
            place,
            ink,
        );
        // The location sits at the right; the message takes the room between.
        let message_x = rect.left() + columns.message_x;
        let location = painter.layout_no_wrap(problem.location.clone(), mono, weak);
        let location_x = rect.right() - location.size().x - 8.0;
        let show_location = location_x > message_x + 160.0;
        let room = if show_location {
            location_x - message_x - GAP
        } else {
            rect.right() - message_x - 8.0
        };
        let message = one_line(&painter, problem.message.clone(), body, ink, room);
        painter.galley(pos2(message_x, y - message.size().y / 2.0), message, ink);
        if show_location {
            let top = y - location.size().y / 2.0;
            painter.galley(pos2(location_x, top), location, weak);
        }
    }
    let mut tooltip = match problem.place {
        Some(place) => format!("{place}: {}", problem.message),
        None => problem.message.clone(),
    };
    if let Some(help) = &problem.help {
        tooltip.push_str("\nhelp: ");
        tooltip.push_str(help);
    }
    tooltip.push_str(&format!("\n{} · {}", problem.name, problem.location));
    response.on_hover_text(tooltip).clicked()
}
