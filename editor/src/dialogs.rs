//! The shell's modal dialogs: a new pack (the game first, then its own
//! fields), open and save-as paths (and a path a board asks for), export,
//! unsaved changes, recovering autosaved work, and plain messages. Like
//! panels, dialogs only record commands. A game's own dialogs (Enormity's
//! resize and remove page) are its board's.
//!
//! Paths can always be typed: the system file dialog (rfd, through the XDG
//! desktop portal on Linux, so no GTK libraries are needed) is offered by a
//! "Browse…" button, and where no portal runs (a bare X server, a CI box)
//! the typed path still works.

use std::path::PathBuf;
use std::sync::Arc;

use eframe::egui::{
    self, Button, Color32, DragValue, Id, Modal, RichText, ScrollArea, TextEdit, Ui,
};

use crate::board::{Board, NewBoard, NewForm};
use crate::command::{BoardCommand, Command, Commands};
use crate::export::{ExportForm, PictureFormat};
use crate::recovery::Found;

/// An open dialog of the shell.
pub enum Dialog {
    /// "New pack": the game first, then its own fields.
    New(NewDialog),
    /// A path to open, save to, or hand to the board (a scan to trace).
    Path(PathForm),
    /// Export a picture of the board.
    Export(ExportForm),
    /// Unsaved changes would be lost.
    Unsaved(AfterUnsaved),
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

impl std::fmt::Debug for Dialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::New(new) => write!(f, "New({})", new.game),
            Self::Path(form) => write!(f, "Path({:?})", form.path),
            Self::Export(form) => write!(f, "Export({:?})", form.path()),
            Self::Unsaved(then) => write!(f, "Unsaved({then:?})"),
            Self::Recover(found) => write!(f, "Recover({})", found.len()),
            Self::Message { title, .. } => write!(f, "Message({title:?})"),
        }
    }
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

/// A game's fields in the New dialog, or why it cannot make a new document yet.
pub type GameForm = Result<Box<dyn NewForm>, String>;

/// The New dialog: a game chosen first, then that game's own fields.
pub struct NewDialog {
    /// The game chosen, by its ruleset name.
    pub game: &'static str,
    /// Each game's fields (kept while another game is looked at), or why
    /// that game cannot make a new document yet.
    pub forms: Vec<(&'static str, GameForm)>,
}

impl NewDialog {
    /// A dialog over every game the editor knows, starting with `first`.
    pub fn new(first: &'static str) -> Self {
        let forms = crate::games::GAMES
            .all()
            .map(|game| {
                let form = game
                    .new_form()
                    .ok_or_else(|| "editing is not available yet".to_string());
                (game.ruleset(), form)
            })
            .collect();
        Self { game: first, forms }
    }
}

/// A path the open board asks for (a scan to lay under a page).
#[derive(Clone)]
pub struct BoardPath {
    /// The dialog's title.
    pub title: &'static str,
    /// What the path is for, the field's label.
    pub explain: &'static str,
    /// The button that confirms it.
    pub confirm: &'static str,
    /// The file dialog's title and filter: a name and the extensions.
    pub filter: (&'static str, &'static str, &'static [&'static str]),
    /// The board's command for the path chosen.
    pub then: Arc<dyn Fn(PathBuf) -> BoardCommand + Send + Sync>,
}

/// What a path dialog is for.
#[derive(Clone)]
pub enum PathPurpose {
    /// Open a pack folder, `pack.toml` or a lone board file.
    Open,
    /// Save to a new folder (pack) or file (lone board file).
    SaveAs {
        /// The document is a lone board file (save to a file, not a folder).
        lone_file: bool,
        /// What its files are called (see `Board::file_nouns`).
        nouns: (&'static str, &'static str),
    },
    /// A path for the board.
    Board(BoardPath),
}

/// The fields of a path dialog.
#[derive(Clone)]
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
pub fn system_dialog_available() -> bool {
    !cfg!(target_os = "linux") || std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some()
}

/// What dialogs need to see.
pub struct DialogContext<'a> {
    /// The open board.
    pub board: Option<&'a dyn Board>,
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
            Dialog::New(new) => new_ui(ui, new, out),
            Dialog::Path(form) => path_ui(ui, form, cx, out),
            Dialog::Export(form) => export_ui(ui, form, out),
            Dialog::Unsaved(then) => unsaved_ui(ui, then, cx, out),
            Dialog::Recover(found) => recover_ui(ui, found, out),
            Dialog::Message { title, text } => message_ui(ui, title, text),
        };
    });
    // A recovery offer is not dismissed by a stray click or Escape.
    let dismissable = !matches!(dialog, Dialog::Recover(_));
    keep && !(dismissable && response.should_close())
}

/// The dialog's buttons, right-aligned under it.
pub fn buttons(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    ui.add_space(8.0);
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), add);
}

/// Asks the system file dialog for a path (`None` when cancelled or when no
/// dialog can be shown, e.g. no desktop portal is running).
fn browse(purpose: &PathPurpose, folder: bool) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new();
    match (purpose, folder) {
        (PathPurpose::Open, true) => dialog.set_title("Open a pack folder").pick_folder(),
        (PathPurpose::Open, false) => dialog
            .set_title("Open a pack.toml or board file")
            .add_filter("deckplan map files", &["toml"])
            .pick_file(),
        (
            PathPurpose::SaveAs {
                lone_file: true, ..
            },
            _,
        ) => dialog
            .set_title("Save the file as")
            .add_filter("deckplan board file", &["toml"])
            .save_file(),
        (
            PathPurpose::SaveAs {
                lone_file: false, ..
            },
            _,
        ) => dialog
            .set_title("Save the pack into a folder")
            .pick_folder(),
        (PathPurpose::Board(asked), _) => {
            let (title, name, extensions) = asked.filter;
            dialog
                .set_title(title)
                .add_filter(name, extensions)
                .pick_file()
        }
    }
}

fn path_ui(ui: &mut Ui, form: &mut PathForm, cx: &DialogContext<'_>, out: &mut Commands) -> bool {
    let (title, explain, confirm) = match &form.purpose {
        PathPurpose::Open => (
            "Open".to_string(),
            "A pack folder, its pack.toml, or a single board file. You can also drop one on the window."
                .to_string(),
            "Open",
        ),
        PathPurpose::SaveAs {
            lone_file: true,
            nouns: (lone, _),
        } => (
            format!("Save {lone} as"),
            format!("The {lone} file to write."),
            "Save",
        ),
        PathPurpose::SaveAs {
            lone_file: false,
            nouns: (_, files),
        } => (
            "Save pack as".to_string(),
            format!("The folder to write pack.toml and the {files} into (created if needed)."),
            "Save",
        ),
        PathPurpose::Board(asked) => (
            asked.title.to_string(),
            asked.explain.to_string(),
            asked.confirm,
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
            && let Some(path) = browse(&form.purpose, false)
        {
            form.path = path.display().to_string();
        }
        if matches!(form.purpose, PathPurpose::Open) {
            let folder_button = ui
                .add_enabled(system, Button::new("Folder…"))
                .on_hover_text("Choose a pack folder")
                .on_disabled_hover_text(unavailable);
            if folder_button.clicked()
                && let Some(path) = browse(&form.purpose, true)
            {
                form.path = path.display().to_string();
            }
        }
    });
    if matches!(form.purpose, PathPurpose::Open) && !cx.recent.is_empty() {
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
        out.push(match &form.purpose {
            PathPurpose::Open => Command::Open(path),
            PathPurpose::SaveAs { .. } => Command::SaveTo(path, form.gitignore == Some(true)),
            PathPurpose::Board(asked) => Command::Board((asked.then)(path)),
        });
        keep = false;
    }
    keep
}

/// The export dialog: format, size, what is drawn and where it goes, as
/// `deckplan render` offers them.
fn export_ui(ui: &mut Ui, form: &mut ExportForm, out: &mut Commands) -> bool {
    ui.heading(format!("Export {}", form.picture.what));
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
    if let Ok(request) = &request
        && form.format == PictureFormat::Png
        && let Ok(scene) = request.scene()
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
    let title = cx.board.map_or_else(String::new, Board::title);
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

/// The New dialog: the game first, then its fields.
fn new_ui(ui: &mut Ui, new: &mut NewDialog, out: &mut Commands) -> bool {
    ui.heading("New pack");
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label("Game");
        for (ruleset, form) in &new.forms {
            let title = crate::board::game_name(ruleset);
            let response = ui.selectable_label(new.game == *ruleset, title);
            let response = match form {
                Ok(_) => response,
                Err(why) => response.on_hover_text(format!("{title}: {why}")),
            };
            if response.clicked() {
                new.game = ruleset;
            }
        }
    });
    ui.separator();
    let mut keep = true;
    let Some((_, form)) = new.forms.iter_mut().find(|(r, _)| *r == new.game) else {
        return false;
    };
    let form = match form {
        Ok(form) => form,
        Err(why) => {
            ui.label(format!(
                "{}: {why}. Its packs open read-only, with their picture and problems.",
                crate::board::game_name(new.game)
            ));
            buttons(ui, |ui| {
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
            return keep;
        }
    };
    form.ui(ui);
    let ready = form.check();
    if let Err(why) = &ready {
        ui.colored_label(Color32::from_rgb(240, 90, 80), why);
    }
    buttons(ui, |ui| {
        if ui
            .add_enabled(ready.is_ok(), Button::new("Create pack"))
            .clicked()
        {
            out.push(Command::Create(NewBoard(form.create()), form.created()));
            keep = false;
        }
        if ui.button("Cancel").clicked() {
            keep = false;
        }
    });
    keep
}
