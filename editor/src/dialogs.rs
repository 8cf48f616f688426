//! The modal dialogs: new pack / add page, open and save-as paths, unsaved
//! changes, resizing a page, removing a page, recovering autosaved work, and
//! plain messages. Like panels, dialogs only record commands.
//!
//! Paths can always be typed: the system file dialog (rfd, through the XDG
//! desktop portal on Linux, so no GTK libraries are needed) is offered by a
//! "Browse…" button, and where no portal runs (a bare X server, a CI box)
//! the typed path still works.

use std::path::PathBuf;

use deckplan_schema::enormity::resolve::valid_designation;
use deckplan_schema::enormity::{PageId, Size, SpaceKind};
use deckplan_schema::limits::MAX_PAGE_SIDE;
use eframe::egui::{
    self, Button, Color32, DragValue, Id, Modal, RichText, ScrollArea, TextEdit, Ui,
};

use crate::command::{Command, Commands};
use crate::document::{Document, NewPageSpec};
use crate::edit::{Edit, Transaction};
use crate::export::{ExportForm, PictureFormat};
use crate::ops;
use crate::recovery::Found;

/// An open dialog.
#[derive(Clone, Debug)]
pub enum Dialog {
    /// "New pack" or "Add page".
    NewPage(NewPageForm),
    /// A path to open, save to, or load a scan from.
    Path(PathForm),
    /// Export a picture of a page or the layout.
    Export(ExportForm),
    /// Unsaved changes would be lost.
    Unsaved(AfterUnsaved),
    /// Resize a page.
    Resize(ResizeForm),
    /// Remove a page.
    RemovePage(PageId),
    /// Autosaved work found at start-up.
    Recover(Vec<Found>),
    /// Something to read (an error).
    Message {
        /// Title.
        title: String,
        /// Text.
        text: String,
    },
}

/// What to do once unsaved changes are dealt with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterUnsaved {
    /// Close the window.
    Quit,
    /// Open a path.
    Open(PathBuf),
    /// Start a new pack.
    NewPack,
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

/// What a path dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open a pack folder, `pack.toml` or page file.
    Open,
    /// Save to a new folder (pack) or file (lone page).
    SaveAs {
        /// The document is a lone page (save to a file, not a folder).
        page_file: bool,
    },
    /// Load a scan under a page.
    Scan(PageId),
}

/// The fields of a path dialog.
#[derive(Clone, Debug)]
pub struct PathForm {
    /// What it is for.
    pub purpose: PathPurpose,
    /// The path typed or chosen.
    pub path: String,
    /// The field has had keyboard focus (it takes it when the dialog opens).
    pub focused: bool,
    /// Offered when a new pack is first saved: write a `.gitignore` that
    /// leaves out the `.bak` backups saving keeps (`None`: not offered).
    pub gitignore: Option<bool>,
}

impl PathForm {
    /// A form for `purpose`, starting with `path`.
    pub fn new(purpose: PathPurpose, path: String) -> Self {
        Self {
            purpose,
            path,
            focused: false,
            gitignore: None,
        }
    }

    /// Offers to write a `.gitignore` with the pack (a new pack's first save).
    #[must_use]
    pub fn offering_gitignore(mut self) -> Self {
        self.gitignore = Some(true);
        self
    }
}

/// Whether a system file dialog can be shown. On Linux rfd asks the XDG
/// desktop portal over the D-Bus session bus; without a session bus (a bare X
/// server, a CI box) there is no portal, so the dialog offers typing only.
fn system_dialog_available() -> bool {
    !cfg!(target_os = "linux") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
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

/// What dialogs need to see.
pub struct DialogContext<'a> {
    /// The open document.
    pub doc: Option<&'a Document>,
    /// Recently opened paths.
    pub recent: &'a [PathBuf],
}

/// Draws the dialog; returns whether it stays open.
pub fn dialog_ui(
    ctx: &egui::Context,
    dialog: &mut Dialog,
    cx: &DialogContext<'_>,
    out: &mut Commands,
) -> bool {
    let mut keep = true;
    let response = Modal::new(Id::unique("deckplan-dialog")).show(ctx, |ui| {
        ui.set_max_width(560.0);
        keep = match dialog {
            Dialog::NewPage(form) => new_page_ui(ui, form, cx, out),
            Dialog::Path(form) => path_ui(ui, form, cx, out),
            Dialog::Export(form) => export_ui(ui, form, cx, out),
            Dialog::Unsaved(then) => unsaved_ui(ui, then, cx, out),
            Dialog::Resize(form) => resize_ui(ui, form, cx, out),
            Dialog::RemovePage(id) => remove_page_ui(ui, *id, cx, out),
            Dialog::Recover(found) => recover_ui(ui, found, out),
            Dialog::Message { title, text } => message_ui(ui, title, text),
        };
    });
    // A recovery offer is not dismissed by a stray click or Escape.
    let dismissable = !matches!(dialog, Dialog::Recover(_));
    keep && !(dismissable && response.should_close())
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

fn buttons(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.add_space(8.0);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), add);
}

fn new_page_ui(
    ui: &mut Ui,
    form: &mut NewPageForm,
    cx: &DialogContext<'_>,
    out: &mut Commands,
) -> bool {
    ui.heading(match form.purpose {
        NewPurpose::Pack => "New pack",
        NewPurpose::Page => "Add page",
    });
    ui.add_space(4.0);
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
                    if let Some(known) = cx
                        .doc
                        .and_then(|d| d.pack.locations.get(form.designation.trim()))
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
    let spec = form.spec(cx.doc);
    if let Err(why) = &spec {
        ui.colored_label(Color32::from_rgb(240, 90, 80), why);
    }
    let mut keep = true;
    buttons(ui, |ui| {
        let create = match form.purpose {
            NewPurpose::Pack => "Create pack",
            NewPurpose::Page => "Add page",
        };
        if ui.add_enabled(spec.is_ok(), Button::new(create)).clicked()
            && let Ok(spec) = &spec
        {
            match form.purpose {
                NewPurpose::Pack => out.push(Command::CreatePack(spec.clone())),
                NewPurpose::Page => {
                    if let Some(doc) = cx.doc {
                        let path = doc.free_page_path(spec.id);
                        let page = crate::document::new_page(spec, &path);
                        out.push(Command::Apply(Transaction {
                            label: format!("Add page {}", spec.id),
                            edits: ops::add_page(&doc.pack, page, &spec.location_name, form.beside),
                        }));
                        out.push(Command::ShowPage(spec.id));
                    }
                }
            }
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}

/// Asks the system file dialog for a path (`None` when cancelled or when no
/// dialog can be shown, e.g. no desktop portal is running).
fn browse(purpose: PathPurpose, folder: bool) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new();
    match (purpose, folder) {
        (PathPurpose::Open, true) => dialog.set_title("Open a pack folder").pick_folder(),
        (PathPurpose::Open, false) => dialog
            .set_title("Open a pack.toml or page file")
            .add_filter("deckplan map files", &["toml"])
            .pick_file(),
        (PathPurpose::SaveAs { page_file: true }, _) => dialog
            .set_title("Save the page as")
            .add_filter("deckplan page file", &["toml"])
            .save_file(),
        (PathPurpose::SaveAs { page_file: false }, _) => dialog
            .set_title("Save the pack into a folder")
            .pick_folder(),
        (PathPurpose::Scan(_), _) => dialog
            .set_title("Choose a scan of the printed page")
            .add_filter("PNG or JPEG image", &["png", "jpg", "jpeg"])
            .pick_file(),
    }
}

fn path_ui(ui: &mut Ui, form: &mut PathForm, cx: &DialogContext<'_>, out: &mut Commands) -> bool {
    let (title, explain, confirm) = match form.purpose {
        PathPurpose::Open => (
            "Open",
            "A pack folder, its pack.toml, or a single page file. You can also drop one on the window.",
            "Open",
        ),
        PathPurpose::SaveAs { page_file: true } => {
            ("Save page as", "The page file to write.", "Save")
        }
        PathPurpose::SaveAs { page_file: false } => (
            "Save pack as",
            "The folder to write pack.toml and the page files into (created if needed).",
            "Save",
        ),
        PathPurpose::Scan(_) => (
            "Trace a scan",
            "A PNG or JPEG scan of the printed page. One from outside the pack folder is copied into scans/ when you save.",
            "Load scan",
        ),
    };
    ui.heading(title);
    let label = ui.label(explain).id;
    ui.add_space(4.0);
    let mut keep = true;
    let mut submit = false;
    ui.horizontal(|ui| {
        let response = ui
            .add(
                TextEdit::singleline(&mut form.path)
                    .desired_width(380.0)
                    .hint_text("/path/to/maps/my-pack"),
            )
            .labelled_by(label);
        if !form.focused {
            response.request_focus();
            form.focused = true;
        }
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            submit = true;
        }
        let system = system_dialog_available();
        let unavailable =
            "No desktop file dialog here (no D-Bus session for the XDG portal): type the path";
        let browse_button = ui
            .add_enabled(system, Button::new("Browse…"))
            .on_hover_text("Use the system file dialog")
            .on_disabled_hover_text(unavailable);
        if browse_button.clicked()
            && let Some(path) = browse(form.purpose, false)
        {
            form.path = path.display().to_string();
        }
        if form.purpose == PathPurpose::Open {
            let folder_button = ui
                .add_enabled(system, Button::new("Folder…"))
                .on_hover_text("Choose a pack folder")
                .on_disabled_hover_text(unavailable);
            if folder_button.clicked()
                && let Some(path) = browse(form.purpose, true)
            {
                form.path = path.display().to_string();
            }
        }
    });
    if form.purpose == PathPurpose::Open && !cx.recent.is_empty() {
        ui.add_space(6.0);
        ui.label(RichText::new("Recent").strong());
        ScrollArea::vertical().max_height(160.0).show(ui, |ui| {
            for path in cx.recent {
                if ui
                    .selectable_label(false, path.display().to_string())
                    .clicked()
                {
                    out.push(Command::Open(path.clone()));
                    keep = false;
                }
            }
        });
    }
    if let Some(gitignore) = &mut form.gitignore {
        ui.checkbox(
            gitignore,
            "Write a .gitignore that keeps the .bak backups out of git",
        );
    }
    let path = PathBuf::from(form.path.trim());
    buttons(ui, |ui| {
        let ready = !form.path.trim().is_empty();
        if ui.add_enabled(ready, Button::new(confirm)).clicked() {
            submit = true;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    if submit && !form.path.trim().is_empty() {
        out.push(match form.purpose {
            PathPurpose::Open => Command::Open(path),
            PathPurpose::SaveAs { .. } => Command::SaveTo(path, form.gitignore == Some(true)),
            PathPurpose::Scan(page) => Command::LoadBackground(page, path),
        });
        keep = false;
    }
    keep
}

/// The export dialog: format, size, what is drawn and where it goes, as
/// `deckplan render` offers them.
fn export_ui(
    ui: &mut Ui,
    form: &mut ExportForm,
    cx: &DialogContext<'_>,
    out: &mut Commands,
) -> bool {
    ui.heading(match form.page {
        Some(id) => format!("Export page {id}"),
        None => "Export pack layout".to_string(),
    });
    ui.weak("The picture `deckplan render` makes, with the same choices.");
    ui.add_space(4.0);
    egui::Grid::new("export-grid")
        .num_columns(2)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            ui.label("Format");
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.format, PictureFormat::Png, "PNG");
                ui.radio_value(&mut form.format, PictureFormat::Svg, "SVG");
            });
            ui.end_row();
            let label = ui.label("Space size").id;
            ui.add(
                DragValue::new(&mut form.space_mm)
                    .range(2.0..=100.0)
                    .speed(0.5)
                    .suffix(" mm"),
            )
            .labelled_by(label);
            ui.end_row();
            if form.format == PictureFormat::Png {
                let label = ui.label("Resolution").id;
                ui.add(
                    DragValue::new(&mut form.dpi)
                        .range(10.0..=1200.0)
                        .speed(1.0)
                        .suffix(" DPI"),
                )
                .labelled_by(label);
                ui.end_row();
            }
            ui.label("Show");
            ui.horizontal(|ui| {
                ui.checkbox(&mut form.coordinates, "Coordinates");
                ui.checkbox(&mut form.legend, "Legend");
                ui.checkbox(&mut form.title, "Title");
            });
            ui.end_row();
            let label = ui.label("Folder").id;
            ui.horizontal(|ui| {
                ui.add(TextEdit::singleline(&mut form.folder).desired_width(300.0))
                    .labelled_by(label);
                let chosen = ui
                    .add_enabled(system_dialog_available(), Button::new("Browse…"))
                    .on_disabled_hover_text("No desktop file dialog here: type the folder")
                    .clicked()
                    .then(|| {
                        rfd::FileDialog::new()
                            .set_title("Export into a folder")
                            .pick_folder()
                    })
                    .flatten();
                if let Some(folder) = chosen {
                    form.folder = folder.display().to_string();
                }
            });
            ui.end_row();
            let label = ui.label("File name").id;
            ui.horizontal(|ui| {
                ui.add(TextEdit::singleline(&mut form.name).desired_width(200.0))
                    .labelled_by(label);
                ui.label(format!(".{}", form.format.extension()));
            });
            ui.end_row();
        });
    let request = form.request();
    if let (Ok(request), Some(doc)) = (&request, cx.doc)
        && form.format == PictureFormat::Png
        && let Ok(scene) = request.scene(&doc.pack)
    {
        let (width, height) = request.pixel_size(&scene);
        ui.weak(format!("{width} × {height} pixels"));
    }
    if let Err(why) = &request {
        ui.colored_label(Color32::from_rgb(240, 90, 80), why);
    }
    let mut keep = true;
    buttons(ui, |ui| {
        if ui
            .add_enabled(request.is_ok(), Button::new("Export"))
            .clicked()
            && let Ok(request) = &request
        {
            out.push(Command::Export(request.clone()));
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}

fn unsaved_ui(
    ui: &mut Ui,
    then: &AfterUnsaved,
    cx: &DialogContext<'_>,
    out: &mut Commands,
) -> bool {
    let title = cx.doc.map_or_else(String::new, Document::title);
    ui.heading("Unsaved changes");
    ui.label(format!(
        "{title} has changes that are not saved. {}",
        match then {
            AfterUnsaved::Quit => "Save them before closing?",
            AfterUnsaved::Open(_) => "Save them before opening another map?",
            AfterUnsaved::NewPack => "Save them before starting a new pack?",
        }
    ));
    let mut keep = true;
    buttons(ui, |ui| {
        if ui.button("Save").clicked() {
            out.push(Command::Continue {
                save: true,
                then: then.clone(),
            });
            keep = false;
        }
        if ui.button("Don't save").clicked() {
            out.push(Command::Continue {
                save: false,
                then: then.clone(),
            });
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}

fn resize_ui(
    ui: &mut Ui,
    form: &mut ResizeForm,
    cx: &DialogContext<'_>,
    out: &mut Commands,
) -> bool {
    let Some(page) = cx.doc.and_then(|d| d.pack.pages.get(&form.page)) else {
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

fn remove_page_ui(ui: &mut Ui, id: PageId, cx: &DialogContext<'_>, out: &mut Commands) -> bool {
    let Some(doc) = cx.doc else {
        return false;
    };
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

fn recover_ui(ui: &mut Ui, found: &mut Vec<Found>, out: &mut Commands) -> bool {
    ui.heading("Recover unsaved work?");
    ui.label("The editor did not close normally. This work was autosaved but never saved:");
    ui.add_space(4.0);
    let mut chosen = None;
    let mut recovered = false;
    for (index, item) in found.iter().enumerate() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&item.manifest.title).strong());
            ui.label(item.describe());
            ui.horizontal(|ui| {
                if ui
                    .button("Recover")
                    .on_hover_text("Open it as unsaved work")
                    .clicked()
                {
                    out.push(Command::Recover(item.clone()));
                    chosen = Some(index);
                    recovered = true;
                }
                if ui
                    .button("Discard")
                    .on_hover_text("Delete this autosave")
                    .clicked()
                {
                    out.push(Command::DiscardRecovery(item.clone()));
                    chosen = Some(index);
                }
            });
        });
    }
    if let Some(index) = chosen {
        found.remove(index);
    }
    // One document is open at a time: after recovering one, the others wait
    // for the next start.
    let mut keep = !found.is_empty() && !recovered;
    buttons(ui, |ui| {
        if ui
            .button("Decide later")
            .on_hover_text("Keep the autosaves and ask at the next start")
            .clicked()
        {
            keep = false;
        }
    });
    keep
}

fn message_ui(ui: &mut Ui, title: &str, text: &str) -> bool {
    ui.heading(title);
    ScrollArea::vertical().max_height(320.0).show(ui, |ui| {
        ui.label(RichText::new(text).monospace());
    });
    let mut keep = true;
    buttons(ui, |ui| {
        if ui.button("OK").clicked() {
            keep = false;
        }
    });
    keep
}
