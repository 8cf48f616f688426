//! The editor window: which page is selected, how it is zoomed and panned,
//! and the panels around the canvas. Drawing the map itself is left to
//! [`crate::canvas`]; this module only decides *what* to draw and reacts to input.

use eframe::egui::{
    self, Align, CentralPanel, Color32, Key, Layout, Panel, RichText, ScrollArea, Sense, Ui,
};

use crate::canvas::{self, Highlight};
use crate::describe;
use crate::document::Document;
use crate::view::View;

/// Behind the page: dark enough that board spaces stand out, light enough
/// that out-of-bounds spaces (near-black) still read as part of the page.
const CANVAS_BACKDROP: Color32 = Color32::from_rgb(58, 62, 70);
const RULER_INK: Color32 = Color32::from_gray(205);
const PROBLEM_INK: Color32 = Color32::from_rgb(255, 130, 120);
/// How close (in spaces) the pointer must be to an intersection to name it.
const INTERSECTION_REACH: f32 = 0.22;

/// The editor's state.
pub struct EditorApp {
    doc: Document,
    /// Index into `doc.pages`.
    selected: usize,
    /// The user's zoom and pan; `None` until they zoom or pan, and the page is
    /// then fitted to the canvas every frame (so it follows window resizes).
    view: Option<View>,
    /// What the status bar says (written while drawing the canvas, shown in the next pass).
    status: String,
}

impl EditorApp {
    /// An editor showing `doc`, its first page selected.
    pub fn new(doc: Document) -> Self {
        Self {
            doc,
            selected: 0,
            view: None,
            status: String::new(),
        }
    }

    fn select(&mut self, index: usize) {
        if index < self.doc.pages.len() && index != self.selected {
            self.selected = index;
            self.view = None;
        }
    }

    fn keyboard(&mut self, ui: &Ui) {
        let (fit, up, down) = ui.input(|i| {
            (
                i.key_pressed(Key::F),
                i.key_pressed(Key::ArrowUp) || i.key_pressed(Key::PageUp),
                i.key_pressed(Key::ArrowDown) || i.key_pressed(Key::PageDown),
            )
        });
        if fit {
            self.view = None;
        }
        if up {
            self.select(self.selected.saturating_sub(1));
        }
        if down {
            self.select(self.selected.saturating_add(1));
        }
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        Panel::bottom("status").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new(&self.status).monospace());
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    if ui
                        .button("Fit")
                        .on_hover_text("Fit the page to the window (F)")
                        .clicked()
                    {
                        self.view = None;
                    }
                    if let Some(view) = self.view {
                        ui.label(format!("{:.0} pt/space", view.cell));
                    }
                    ui.weak("drag: pan · wheel: zoom · double-click: fit · Up/Down: page");
                });
            });
        });
    }

    fn problems_panel(&self, ui: &mut Ui) {
        Panel::bottom("problems")
            .resizable(true)
            .default_size(140.0)
            .show(ui, |ui| {
                ui.label(RichText::new(problem_count(self.doc.problems.len())).strong());
                problem_list(ui, &self.doc.problems);
            });
    }

    fn pages_panel(&mut self, ui: &mut Ui) {
        let mut clicked = None;
        Panel::left("pages").default_size(240.0).show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(&self.doc.title);
            ui.separator();
            ScrollArea::vertical().show(ui, |ui| {
                for (index, page) in self.doc.pages.iter().enumerate() {
                    let label =
                        ui.selectable_label(index == self.selected, Document::page_label(page));
                    let label = match self.doc.locations.get(&page.location) {
                        Some(name) => label.on_hover_text(format!("{} · {}", name, page.size)),
                        None => label.on_hover_text(page.size.to_string()),
                    };
                    if label.clicked() {
                        clicked = Some(index);
                    }
                }
            });
        });
        if let Some(index) = clicked {
            self.select(index);
        }
    }

    fn canvas(&mut self, ui: &mut Ui) {
        let canvas = ui.available_rect_before_wrap();
        let response = ui.allocate_rect(canvas, Sense::click_and_drag());
        let painter = ui.painter_at(canvas);
        painter.rect_filled(canvas, 0.0, CANVAS_BACKDROP);
        let Some(page) = self.doc.pages.get(self.selected) else {
            self.status.clear();
            return;
        };

        let mut view = self.view.unwrap_or_else(|| View::fit(page.size, canvas));
        let mut moved = false;
        if response.dragged() {
            view.offset += response.drag_delta();
            moved = true;
        }
        if let Some(pointer) = response.hover_pos() {
            // The plain wheel zooms too: there is nothing else to scroll here.
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > 1e-4 {
                view.zoom_about(canvas, pointer, factor);
                moved = true;
            }
        }
        if response.double_clicked() {
            self.view = None;
            view = View::fit(page.size, canvas);
        } else if moved {
            self.view = Some(view);
        }

        let geo = view.geometry(canvas, page.size);
        let pointer = response.hover_pos();
        let highlight = Highlight {
            space: pointer.and_then(|p| geo.space_at(p)),
            intersection: pointer.and_then(|p| geo.intersection_near(p, INTERSECTION_REACH)),
        };
        canvas::draw_page(&painter, page, &geo, highlight);
        canvas::draw_rulers(&painter, &geo, highlight.space, CANVAS_BACKDROP, RULER_INK);

        let status = status_text(page, highlight);
        if status != self.status {
            // The status bar was drawn before the canvas; show the new text without waiting for input.
            self.status = status;
            ui.ctx().request_repaint();
        }
    }

    fn load_failure(&self, ui: &mut Ui) {
        ui.add_space(8.0);
        ui.heading(format!("{} did not load", self.doc.title));
        ui.label(problem_count(self.doc.problems.len()));
        ui.separator();
        problem_list(ui, &self.doc.problems);
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.keyboard(ui);
        self.status_bar(ui);
        if self.doc.pages.is_empty() {
            CentralPanel::default().show(ui, |ui| self.load_failure(ui));
            return;
        }
        if !self.doc.problems.is_empty() {
            self.problems_panel(ui);
        }
        self.pages_panel(ui);
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| self.canvas(ui));
    }
}

/// The status line: the printed place under the pointer and what is there,
/// e.g. `L1p2 H3 · board · console 1 (opens door 1)`, then the intersection if one is near.
fn status_text(page: &deckplan_schema::Page, highlight: Highlight) -> String {
    let mut parts = Vec::new();
    if let Some(space) = highlight.space {
        parts.push(page.place(space));
        parts.extend(describe::space(page, space));
    }
    if let Some(point) = highlight.intersection {
        let said = describe::intersection(page, point);
        parts.push(if said.is_empty() {
            format!("corner {point}")
        } else {
            format!("corner {point}: {}", said.join(", "))
        });
    }
    if parts.is_empty() {
        return match &page.title {
            Some(title) => format!(
                "{} · {} · {title} · {} spaces",
                page.id, page.location, page.size
            ),
            None => format!("{} · {} · {} spaces", page.id, page.location, page.size),
        };
    }
    parts.join(" · ")
}

fn problem_count(n: usize) -> String {
    match n {
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    }
}

fn problem_list(ui: &mut Ui, problems: &[String]) {
    ScrollArea::both()
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for problem in problems {
                ui.label(RichText::new(problem).monospace().color(PROBLEM_INK));
            }
        });
}
