//! The problems panel: every finding of the newest check — severity, code,
//! message and place — errors first. Clicking one shows its page and centres
//! and highlights its place on the map.

use deckplan_validator::diagnostic::Severity;
use eframe::egui::{Color32, Grid, Label, RichText, ScrollArea, Sense, Ui};

use crate::command::{Command, Commands};
use crate::problems::Report;

const ERROR: Color32 = Color32::from_rgb(240, 90, 80);
const WARNING: Color32 = Color32::from_rgb(240, 170, 40);

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
        ui.label(RichText::new(format!("{errors} errors")).color(ERROR));
        ui.label(RichText::new(format!("{warnings} warnings")).color(WARNING));
        if checking {
            // The checker wakes the UI when it is done; no spinner needs to animate meanwhile.
            ui.weak("checking…");
        } else {
            ui.weak(format!("checked in {} ms", report.took.as_millis()));
        }
    });
    ui.separator();
    if report.problems.is_empty() {
        ui.weak("No problems: every check passes.");
        return;
    }
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            Grid::new("problems-grid")
                .num_columns(4)
                .striped(true)
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    for (index, problem) in report.problems.iter().enumerate() {
                        let (icon, colour) = match problem.severity {
                            Severity::Error => ("⊗ error", ERROR),
                            Severity::Warning => ("⚠ warning", WARNING),
                        };
                        let on = selected == Some(index);
                        let mut clicked = false;
                        clicked |= ui
                            .selectable_label(on, RichText::new(icon).color(colour))
                            .clicked();
                        clicked |= ui
                            .add(
                                Label::new(RichText::new(problem.code).monospace())
                                    .sense(Sense::click()),
                            )
                            .on_hover_text(problem.name)
                            .clicked();
                        let mut message = problem.message.clone();
                        if let Some(help) = &problem.help {
                            message.push_str("\nhelp: ");
                            message.push_str(help);
                        }
                        clicked |= ui
                            .add(
                                Label::new(&problem.message)
                                    .sense(Sense::click())
                                    .truncate(),
                            )
                            .on_hover_text(message)
                            .clicked();
                        let place = problem.place.clone().unwrap_or_default();
                        clicked |= ui
                            .add(Label::new(RichText::new(place).monospace()).sense(Sense::click()))
                            .on_hover_text(&problem.location)
                            .clicked();
                        ui.end_row();
                        if clicked {
                            out.push(Command::ShowProblem(index));
                        }
                    }
                });
        });
}
