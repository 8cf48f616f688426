//! Enormity's own dialogs: add a page, resize a page, remove a page, and
//! the fields of a new pack in the shell's New dialog. Like panels, they
//! only record commands.

use deckplan_schema::enormity::limits::MAX_PAGE_SIDE;
use deckplan_schema::enormity::resolve::valid_designation;
use deckplan_schema::enormity::{PageId, Size, SpaceKind};
use eframe::egui::{self, Button, Color32, DragValue, Id, Modal, ScrollArea, TextEdit, Ui};

use crate::board::{Board, NewForm};
use crate::command::Commands;
use crate::dialogs::buttons;
use crate::enormity::command::Command;
use crate::enormity::document::{Document, NewPageSpec};
use crate::enormity::edit::{Edit, Transaction};
use crate::enormity::ops;

/// An open dialog of the Enormity board.
#[derive(Clone, Debug)]
pub enum PageDialog {
    /// "Add page".
    NewPage(NewPageForm),
    /// Resize a page.
    Resize(ResizeForm),
    /// Remove a page.
    RemovePage(PageId),
}

/// Draws the dialog; returns whether it stays open.
pub fn page_dialog_ui(
    ctx: &egui::Context,
    dialog: &mut PageDialog,
    doc: &Document,
    out: &mut Commands,
) -> bool {
    let mut keep = true;
    let response = Modal::new(Id::unique("deckplan-page-dialog")).show(ctx, |ui| {
        ui.set_max_width(560.0);
        keep = match dialog {
            PageDialog::NewPage(form) => new_page_ui(ui, form, doc, out),
            PageDialog::Resize(form) => resize_ui(ui, form, doc, out),
            PageDialog::RemovePage(id) => remove_page_ui(ui, *id, doc, out),
        };
    });
    keep && !response.should_close()
}

impl NewForm for NewPageForm {
    fn ui(&mut self, ui: &mut Ui) {
        fields_ui(ui, self, None);
    }

    fn check(&self) -> Result<(), String> {
        self.spec(None).map(|_| ())
    }

    fn create(&self) -> Box<dyn Board> {
        let spec = self.spec(None).unwrap_or_else(|_| default_spec());
        Box::new(crate::enormity::EnormityBoard::new(Document::new_pack(
            &spec,
        )))
    }

    fn created(&self) -> String {
        format!(
            "New pack “{}”: save it to choose its folder",
            self.pack_name.trim()
        )
    }
}

/// The first page of a new pack the form does not describe (never used:
/// the shell creates only once the form checks out).
fn default_spec() -> NewPageSpec {
    NewPageSpec {
        pack_name: "New pack".into(),
        id: PageId { book: 1, page: 1 },
        size: Size {
            columns: 12,
            rows: 10,
        },
        designation: "SR".into(),
        location_name: "Solar Ring".into(),
        title: None,
        fill: SpaceKind::OutOfBounds,
    }
}

/// What the "New pack" / "Add page" dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewPurpose {
    /// A new pack.
    Pack,
    /// A page added to the open pack.
    Page,
}

/// The fields of the "New pack" / "Add page" dialog.
#[derive(Clone, Debug)]
pub struct NewPageForm {
    /// What it is for.
    pub purpose: NewPurpose,
    /// The pack's name (new packs only).
    pub pack_name: String,
    /// Book number.
    pub book: u16,
    /// Page number.
    pub page: u16,
    /// Columns.
    pub columns: u16,
    /// Rows.
    pub rows: u16,
    /// Location designation.
    pub designation: String,
    /// Location name.
    pub location_name: String,
    /// Page title.
    pub title: String,
    /// What every space starts as.
    pub fill: SpaceKind,
    /// The page the new one is laid beside in the layout, if any.
    pub beside: Option<PageId>,
}

/// Page sizes offered with one click: the sizes of printed Location pages.
pub const SIZE_PRESETS: [(u16, u16); 4] = [(12, 10), (11, 10), (13, 10), (11, 11)];

impl NewPageForm {
    /// A form for a new pack.
    pub fn new_pack() -> Self {
        Self {
            purpose: NewPurpose::Pack,
            pack_name: "New pack".into(),
            book: 1,
            page: 1,
            columns: 12,
            rows: 10,
            designation: "SR".into(),
            location_name: "Solar Ring".into(),
            title: String::new(),
            fill: SpaceKind::OutOfBounds,
            beside: None,
        }
    }

    /// A form for adding a page next to `current` in `doc`.
    pub fn add_page(doc: &Document, current: Option<PageId>) -> Self {
        let base = current.and_then(|id| doc.pack.pages.get(&id));
        let book = base.map_or(1, |p| p.id.book);
        let page = doc
            .pack
            .pages
            .keys()
            .filter(|id| id.book == book)
            .map(|id| id.page)
            .max()
            .map_or(1, |p| p.saturating_add(1));
        let designation = base.map_or_else(|| "SR".to_string(), |p| p.location.clone());
        let location_name = doc
            .pack
            .locations
            .get(&designation)
            .map_or_else(String::new, |l| l.name.clone());
        Self {
            purpose: NewPurpose::Page,
            pack_name: doc.pack.name.clone(),
            book,
            page,
            columns: base.map_or(12, |p| p.size.columns),
            rows: base.map_or(10, |p| p.size.rows),
            designation,
            location_name,
            title: String::new(),
            fill: SpaceKind::OutOfBounds,
            beside: base.map(|p| p.id),
        }
    }

    /// The spec, or why the form is not complete.
    pub fn spec(&self, doc: Option<&Document>) -> Result<NewPageSpec, String> {
        let id = PageId {
            book: self.book,
            page: self.page,
        };
        if self.purpose == NewPurpose::Pack && self.pack_name.trim().is_empty() {
            return Err("Give the pack a name.".into());
        }
        if !(1..=999).contains(&self.book) || !(1..=999).contains(&self.page) {
            return Err("Books and pages are numbered 1 to 999.".into());
        }
        if self.purpose == NewPurpose::Page && doc.is_some_and(|d| d.pack.pages.contains_key(&id)) {
            return Err(format!("The pack already has page {id}."));
        }
        let designation = self.designation.trim().to_string();
        if !valid_designation(&designation) {
            return Err(
                "A Location designation is 1 to 8 upper-case letters or digits, like SR.".into(),
            );
        }
        Ok(NewPageSpec {
            pack_name: self.pack_name.trim().to_string(),
            id,
            size: Size {
                columns: self.columns.clamp(1, MAX_PAGE_SIDE),
                rows: self.rows.clamp(1, MAX_PAGE_SIDE),
            },
            designation,
            location_name: self.location_name.trim().to_string(),
            title: Some(self.title.trim().to_string()).filter(|t| !t.is_empty()),
            fill: self.fill,
        })
    }
}

/// The fields of the resize dialog.
#[derive(Clone, Debug)]
pub struct ResizeForm {
    /// The page.
    pub page: PageId,
    /// New columns.
    pub columns: u16,
    /// New rows.
    pub rows: u16,
    /// Columns added on the west side (negative: removed).
    pub west: i32,
    /// Rows added at the bottom (negative: removed).
    pub south: i32,
    /// What new spaces become.
    pub fill: SpaceKind,
}

impl ResizeForm {
    /// A form starting at the page's size.
    pub fn new(page: &deckplan_schema::enormity::Page) -> Self {
        Self {
            page: page.id,
            columns: page.size.columns,
            rows: page.size.rows,
            west: 0,
            south: 0,
            fill: SpaceKind::OutOfBounds,
        }
    }
}

/// Columns × rows, each number labelled by the word after it.
fn size_ui(ui: &mut Ui, columns: &mut u16, rows: &mut u16) {
    ui.add(
        DragValue::new(columns)
            .range(1..=MAX_PAGE_SIDE)
            .suffix(" columns"),
    );
    ui.label("×");
    ui.add(
        DragValue::new(rows)
            .range(1..=MAX_PAGE_SIDE)
            .suffix(" rows"),
    );
}

/// The fields of a new pack or page.
fn fields_ui(ui: &mut Ui, form: &mut NewPageForm, doc: Option<&Document>) {
    egui::Grid::new("new-page-grid")
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            if form.purpose == NewPurpose::Pack {
                let label = ui.label("Pack name").id;
                ui.add(TextEdit::singleline(&mut form.pack_name).desired_width(260.0))
                    .labelled_by(label);
                ui.end_row();
            }
            ui.label("Book and page");
            ui.horizontal(|ui| {
                let book = ui.label("L").on_hover_text("Location Book").id;
                ui.add(DragValue::new(&mut form.book).range(1..=999))
                    .labelled_by(book);
                let page = ui.label("p").on_hover_text("page").id;
                ui.add(DragValue::new(&mut form.page).range(1..=999))
                    .labelled_by(page);
            });
            ui.end_row();
            ui.label("Size");
            ui.horizontal(|ui| size_ui(ui, &mut form.columns, &mut form.rows));
            ui.end_row();
            ui.label("");
            ui.horizontal(|ui| {
                for (columns, rows) in SIZE_PRESETS {
                    let chosen = (form.columns, form.rows) == (columns, rows);
                    if ui
                        .selectable_label(chosen, format!("{columns} × {rows}"))
                        .clicked()
                    {
                        (form.columns, form.rows) = (columns, rows);
                    }
                }
            });
            ui.end_row();
            ui.label("Start with");
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.fill, SpaceKind::OutOfBounds, "all out of bounds");
                ui.radio_value(&mut form.fill, SpaceKind::Board, "all board");
            });
            ui.end_row();
            let label = ui.label("Location").id;
            ui.horizontal(|ui| {
                let response = ui
                    .add(
                        TextEdit::singleline(&mut form.designation)
                            .desired_width(70.0)
                            .hint_text("SR"),
                    )
                    .labelled_by(label);
                if response.changed() {
                    form.designation = form.designation.to_ascii_uppercase();
                    if let Some(known) =
                        doc.and_then(|d| d.pack.locations.get(form.designation.trim()))
                    {
                        form.location_name = known.name.clone();
                    }
                }
                ui.add(
                    TextEdit::singleline(&mut form.location_name)
                        .desired_width(180.0)
                        .hint_text("Solar Ring"),
                )
                .labelled_by(label);
            });
            ui.end_row();
            let label = ui.label("Title").id;
            ui.add(
                TextEdit::singleline(&mut form.title)
                    .desired_width(260.0)
                    .hint_text("optional"),
            )
            .labelled_by(label);
            ui.end_row();
        });
    ui.weak(if form.fill == SpaceKind::Board {
        "Paint out-of-bounds spaces with the Spaces tool (B)."
    } else {
        "Carve rooms out with the Spaces tool (B); Shift-drag fills a rectangle."
    });
}

/// "Add page": a page added to the open pack, shown once added.
fn new_page_ui(ui: &mut Ui, form: &mut NewPageForm, doc: &Document, out: &mut Commands) -> bool {
    ui.heading("Add page");
    ui.add_space(4.0);
    fields_ui(ui, form, Some(doc));
    let spec = form.spec(Some(doc));
    if let Err(why) = &spec {
        ui.colored_label(Color32::from_rgb(240, 90, 80), why);
    }
    let mut keep = true;
    buttons(ui, |ui| {
        if ui
            .add_enabled(spec.is_ok(), Button::new("Add page"))
            .clicked()
            && let Ok(spec) = &spec
        {
            let path = doc.free_page_path(spec.id);
            let page = crate::enormity::document::new_page(spec, &path);
            out.push(Command::Apply(Transaction {
                label: format!("Add page {}", spec.id),
                edits: ops::add_page(&doc.pack, page, &spec.location_name, form.beside),
            }));
            out.push(Command::ShowPage(spec.id));
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}

fn resize_ui(ui: &mut Ui, form: &mut ResizeForm, doc: &Document, out: &mut Commands) -> bool {
    let Some(page) = doc.pack.pages.get(&form.page) else {
        return false;
    };
    ui.heading(format!("Resize {}", form.page));
    ui.label(format!(
        "Now {} columns × {} rows.",
        page.size.columns, page.size.rows
    ));
    egui::Grid::new("resize-grid")
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            ui.label("New size");
            ui.horizontal(|ui| size_ui(ui, &mut form.columns, &mut form.rows));
            ui.end_row();
            ui.label("Shift content");
            ui.horizontal(|ui| {
                ui.add(
                    DragValue::new(&mut form.west)
                        .range(-4999..=4999)
                        .suffix(" east"),
                )
                .on_hover_text("Spaces the content moves east (negative: west)");
                ui.add(
                    DragValue::new(&mut form.south)
                        .range(-4999..=4999)
                        .suffix(" north"),
                )
                .on_hover_text("Spaces the content moves north (negative: south)");
            });
            ui.end_row();
            ui.label("New spaces");
            ui.horizontal(|ui| {
                ui.selectable_value(&mut form.fill, SpaceKind::OutOfBounds, "Out of bounds");
                ui.selectable_value(&mut form.fill, SpaceKind::Board, "Board");
            });
            ui.end_row();
        });
    let size = Size {
        columns: form.columns,
        rows: form.rows,
    };
    let (resized, lost) = ops::resize_page(page, size, (form.west, form.south), form.fill);
    if lost.is_empty() {
        ui.weak("Nothing falls off the page.");
    } else {
        ui.colored_label(
            Color32::from_rgb(240, 170, 40),
            format!(
                "{} features fall off the page and will be removed:",
                lost.len()
            ),
        );
        ScrollArea::vertical().max_height(140.0).show(ui, |ui| {
            for item in &lost {
                ui.label(format!("• {item}"));
            }
        });
    }
    let mut keep = true;
    buttons(ui, |ui| {
        let unchanged = size == page.size && form.west == 0 && form.south == 0;
        let label = if lost.is_empty() {
            "Resize".to_string()
        } else {
            format!("Resize and remove {}", lost.len())
        };
        if ui.add_enabled(!unchanged, Button::new(label)).clicked() {
            out.push(Command::Apply(Transaction {
                label: format!("Resize {}", form.page),
                edits: vec![Edit::Page {
                    id: form.page,
                    page: Some(Box::new(resized.clone())),
                }],
            }));
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}

fn remove_page_ui(ui: &mut Ui, id: PageId, doc: &Document, out: &mut Commands) -> bool {
    ui.heading(format!("Remove {id}?"));
    let joins = doc
        .pack
        .joins
        .iter()
        .filter(|j| j.from.page == id || j.to.page == id)
        .count();
    ui.label(format!(
        "The page leaves the pack{}. Its file stays on disk; Undo brings it back.",
        match joins {
            0 => String::new(),
            1 => " with its join".into(),
            n => format!(" with its {n} joins"),
        }
    ));
    let mut keep = true;
    buttons(ui, |ui| {
        if ui.button("Remove page").clicked() {
            out.push(Command::Apply(Transaction {
                label: format!("Remove page {id}"),
                edits: ops::remove_page(&doc.pack, id),
            }));
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}
