//! The editor window and the one place where state changes: the shell every
//! game shares.
//!
//! Each frame, the shell's panels, the dialogs and the open [`Board`] draw
//! from the current state and record [`Command`]s; after the frame the shell
//! applies them in order — its own (files, history, dialogs, problems) itself,
//! a game's to the board that recorded it — then hands the changed document
//! to the problems checker and the autosaver. So nothing is mutated while it
//! is drawn, every change to a board can be undone, and the whole window can
//! be driven headless (egui_kittest) through [`EditorApp::ui_frame`].
//!
//! The shell never names a game: a document opens through the validator's
//! ruleset registry and the editor's own (`games.rs`), and everything about
//! the board — its panels, tools, play test and marks — is the board's.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use deckplan_validator::diagnostic::Severity;
use eframe::egui::{
    self, CentralPanel, Color32, Context, Modifiers, Panel, RichText, ScrollArea, Ui,
    ViewportCommand,
};

use crate::action::Action;
use crate::board::{Board, Editing, Effects, Frame, Wake};
use crate::command::{Command, Commands};
use crate::dialogs::{
    AfterUnsaved, Dialog, DialogContext, NewDialog, PathForm, PathPurpose, dialog_ui,
};
use crate::files::{LoadFailure, Origin, Saved, saved_message};
use crate::paint::install_map_font;
use crate::panels::ActionInfo;
use crate::panels::menu_bar::menu_bar_ui;
use crate::panels::problems::{Selected, problems_ui};
use crate::panels::status_bar::{StatusInfo, status_bar_ui};
use crate::panels::toolbar::toolbar_ui;
use crate::paths::AppDirs;
use crate::problems::{Checker, Report};
use crate::recent::Recent;
use crate::recovery::{self, Autosaver};

/// How long a status message stays.
const MESSAGE_TIME: Duration = Duration::from_secs(5);

/// What the editor is doing with the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Drawing the board.
    #[default]
    Edit,
    /// Placing figures and asking the rules engine what they can do; the
    /// board is shown but not edited.
    PlayTest,
}

/// How the editor starts.
#[derive(Clone, Debug)]
pub struct Startup {
    /// A pack folder, `pack.toml` or lone board file to open.
    pub path: Option<PathBuf>,
    /// Where recent files and autosaves live (`None`: remember nothing).
    pub dirs: Option<AppDirs>,
    /// How often unsaved work is autosaved.
    pub autosave_every: Duration,
}

impl Default for Startup {
    fn default() -> Self {
        Self {
            path: None,
            dirs: AppDirs::from_env(),
            autosave_every: recovery::INTERVAL,
        }
    }
}

/// The editor's state.
pub struct EditorApp {
    board: Option<Box<dyn Board>>,
    /// Why the last open failed, shown when nothing is open.
    failure: Option<LoadFailure>,
    /// Counts documents opened, so a check of an older one is not mistaken for this one's.
    doc_serial: u64,
    mode: Mode,
    show_grid: bool,
    show_problems: bool,
    report: Report,
    focused_problem: Option<(usize, Instant)>,
    checker: Checker,
    /// The document version the newest check was handed (serial, generation).
    checked: Option<(u64, u64)>,
    dialog: Option<Dialog>,
    /// What to do after a "Save As" that an unsaved-changes answer asked for.
    after_save_as: Option<AfterUnsaved>,
    recent: Recent,
    autosaver: Option<Autosaver>,
    autosave_error: Option<String>,
    message: Option<(String, Instant)>,
    /// Close was confirmed (or nothing needed saving): let the window go.
    quitting: bool,
    title_sent: String,
    /// The egui context, once known, for workers to wake the UI.
    ctx: Arc<OnceLock<Context>>,
    /// Repaints the UI when a worker is done.
    wake: Wake,
    /// Pictures being written on workers.
    exports: crate::export::Exports,
    /// The folder the last export went to, remembered between sessions.
    export_folder: Option<PathBuf>,
    /// Where that folder is remembered (`None`: nowhere).
    export_folder_file: Option<PathBuf>,
}

impl EditorApp {
    /// An editor as `startup` says, offering to recover autosaved work if a
    /// previous session did not close normally.
    pub fn new(startup: Startup) -> Self {
        let ctx: Arc<OnceLock<Context>> = Arc::new(OnceLock::new());
        let repaint = {
            let ctx = Arc::clone(&ctx);
            move || {
                if let Some(ctx) = ctx.get() {
                    ctx.request_repaint();
                }
            }
        };
        let checker = Checker::new(repaint.clone());
        let dirs = startup.dirs.clone();
        let mut app = Self {
            board: None,
            failure: None,
            doc_serial: 0,
            mode: Mode::Edit,
            show_grid: true,
            show_problems: true,
            report: Report::default(),
            focused_problem: None,
            checker,
            checked: None,
            dialog: None,
            after_save_as: None,
            recent: Recent::load(dirs.as_ref().map(AppDirs::recent_file)),
            autosaver: dirs
                .as_ref()
                .map(|d| Autosaver::new(d.recovery(), startup.autosave_every)),
            autosave_error: None,
            message: None,
            quitting: false,
            title_sent: String::new(),
            ctx,
            wake: Arc::new(repaint),
            exports: crate::export::Exports::default(),
            export_folder: crate::export::load_folder(
                dirs.as_ref().map(AppDirs::export_folder_file).as_deref(),
            ),
            export_folder_file: dirs.as_ref().map(AppDirs::export_folder_file),
        };
        if let Some(path) = &startup.path {
            app.open(path);
        }
        if let Some(dirs) = &dirs {
            let found = recovery::find(&dirs.recovery());
            if !found.is_empty() {
                app.dialog = Some(Dialog::Recover(found));
            }
        }
        app
    }

    // ----- read access, for the window title and for tests -----

    /// The open board.
    pub fn board(&self) -> Option<&dyn Board> {
        self.board.as_deref()
    }

    /// The open board as game `T`'s own, when it is one (a game's code and
    /// tests look inside their board with it).
    pub fn board_as<T: 'static>(&self) -> Option<&T> {
        self.board.as_deref()?.as_any().downcast_ref::<T>()
    }

    /// See [`EditorApp::board_as`].
    pub fn board_as_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.board.as_deref_mut()?.as_any_mut().downcast_mut::<T>()
    }

    /// Why the last open failed, while nothing is open.
    pub fn failure(&self) -> Option<&LoadFailure> {
        self.failure.as_ref()
    }

    /// The editor's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The newest problem report.
    pub fn problems(&self) -> &Report {
        &self.report
    }

    /// The open dialog.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.dialog.as_ref()
    }

    /// The status bar's current message.
    pub fn status_message(&self) -> Option<&str> {
        self.message.as_ref().map(|(m, _)| m.as_str())
    }

    /// What the status bar shows for the board now (its hint, the place
    /// under the pointer, and whether it is read-only).
    pub fn status(&self) -> Option<crate::board::Status> {
        self.board.as_ref().map(|b| b.status(self.mode))
    }

    /// The actions menus show now, with their states.
    pub fn actions(&self) -> ActionInfo {
        self.action_info()
    }

    /// Waits (up to `timeout`) for the problems of the current state.
    pub fn wait_for_problems(&mut self, timeout: Duration) -> bool {
        self.submit_check();
        let started = Instant::now();
        while started.elapsed() < timeout {
            if self.poll_problems() {
                return true;
            }
            if !self.checker.is_busy() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    /// Waits (up to `timeout`) for pictures being exported, then says how
    /// they went in the status bar.
    pub fn wait_for_exports(&mut self, timeout: Duration) {
        for (path, result) in self.exports.wait(timeout) {
            self.say(match result {
                Ok(()) => format!("Wrote {}", path.display()),
                Err(error) => format!("Export failed: {error}"),
            });
        }
    }

    /// Waits (up to `timeout`) for every worker — the problems check, the
    /// board's own (a play-test board being built) and exports — so the next
    /// frame shows the settled state.
    pub fn settle(&mut self, timeout: Duration) -> bool {
        let problems = self.wait_for_problems(timeout);
        let board = self.board.as_mut().is_none_or(|b| b.settle(timeout));
        self.wait_for_exports(timeout);
        problems && board
    }

    /// The window title: `name — deckplan-editor`, with `●` when there are
    /// unsaved changes.
    pub fn window_title(&self) -> String {
        match &self.board {
            Some(board) if board.is_dirty() => format!("● {} — deckplan-editor", board.title()),
            Some(board) => format!("{} — deckplan-editor", board.title()),
            None => "deckplan-editor".to_string(),
        }
    }

    // ----- the frame -----

    /// Draws the whole window and applies what was asked for.
    pub fn ui_frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.ctx.set(ctx.clone()).is_ok() {
            // The first frame: before any text, so egui takes the font at once.
            install_map_font(&ctx);
        }
        let mut out = Commands::new();
        self.dropped_files(&ctx, &mut out);
        self.close_request(&ctx);
        let board_dialog = self.board.as_ref().is_some_and(|b| b.has_dialog());
        let info = self.action_info();
        if self.dialog.is_none() && !board_dialog {
            shortcuts(&ctx, &info, &mut out);
        }
        self.poll_problems();

        Panel::top("menu").show(ui, |ui| {
            menu_bar_ui(ui, &info, self.recent.paths(), &mut out);
        });
        Panel::top("toolbar").show(ui, |ui| {
            let board = self.board.as_deref();
            toolbar_ui(ui, &info, &mut out, |ui, out| {
                if let Some(board) = board {
                    board.toolbar_ui(ui, &info.board, out);
                }
            });
        });
        self.status_bar(ui);
        if self.board.is_some() {
            self.board_ui(ui, &info, &mut out);
        } else {
            CentralPanel::default().show(ui, |ui| self.welcome_ui(ui, &mut out));
        }
        if let Some(dialog) = &mut self.dialog {
            let cx = DialogContext {
                board: self.board.as_deref(),
                recent: self.recent.paths(),
            };
            if !dialog_ui(&ctx, dialog, &cx, &mut out) {
                self.dialog = None;
            }
        }

        for command in out {
            self.apply(&ctx, command);
        }
        self.after_frame(&ctx);
    }

    fn board_ui(&mut self, ui: &mut Ui, info: &ActionInfo, out: &mut Commands) {
        let Some(board) = self.board.as_deref_mut() else {
            return;
        };
        if self.show_problems {
            let current = self.checked == Some((self.doc_serial, board.generation()))
                && !self.checker.is_busy();
            Panel::bottom("problems")
                .resizable(true)
                .default_size(190.0)
                .min_size(60.0)
                .show(ui, |ui| {
                    let focused = self.focused_problem.map(|(i, _)| i);
                    let help = focused
                        .and_then(|i| self.report.problems.get(i))
                        .and_then(|problem| board.problem_help(problem, current, &self.wake));
                    let chosen = Selected {
                        index: focused,
                        help: help.as_ref().and_then(|h| h.help.as_deref()),
                        fixes: help.as_ref().map_or(&[], |h| h.fixes.as_slice()),
                        searching: help.as_ref().is_some_and(|h| h.searching),
                    };
                    problems_ui(ui, &self.report, chosen, self.checker.is_busy(), out);
                });
        }
        let mut frame = Frame {
            out,
            report: &self.report,
            focused_problem: self.focused_problem,
            mode: self.mode,
            grid: self.show_grid,
            actions: &info.board,
            wake: &self.wake,
        };
        board.ui(ui, &mut frame);
    }

    fn welcome_ui(&self, ui: &mut Ui, out: &mut Commands) {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            ui.heading("deckplan-editor");
            ui.label(welcome_line());
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - 260.0).max(0.0) / 2.0);
                if ui.button("New pack…").clicked() {
                    out.push(Command::Run(Action::NewPack));
                }
                if ui.button("Open…").clicked() {
                    out.push(Command::Run(Action::Open));
                }
            });
            ui.weak("or drop a pack folder, pack.toml or board file on the window");
            if !self.recent.paths().is_empty() {
                ui.add_space(16.0);
                ui.strong("Recent");
                for path in self.recent.paths() {
                    if ui.link(path.display().to_string()).clicked() {
                        out.push(Command::Open(path.clone()));
                    }
                }
            }
        });
        if let Some(failure) = &self.failure {
            ui.add_space(20.0);
            ui.separator();
            ui.heading(format!("{} did not open", failure.title));
            ScrollArea::both().show(ui, |ui| {
                for problem in &failure.problems {
                    ui.label(
                        RichText::new(problem)
                            .monospace()
                            .color(Color32::from_rgb(255, 130, 120)),
                    );
                }
            });
        }
    }

    fn status_bar(&self, ui: &mut Ui) {
        let message = self
            .message
            .as_ref()
            .filter(|(_, at)| at.elapsed() < MESSAGE_TIME)
            .map(|(m, _)| m.as_str())
            .or(self.autosave_error.as_deref());
        let status = self.board.as_ref().map(|b| b.status(self.mode));
        let editing = self.board.as_ref().map(|b| b.editing());
        let read_only = match &editing {
            Some(Editing::ReadOnly(why)) => Some(why.as_str()),
            _ => None,
        };
        let info = StatusInfo {
            hover: status.as_ref().and_then(|s| s.hover.as_deref()),
            message,
            hint: status.as_ref().map_or("", |s| s.hint.as_str()),
            errors: self.report.count(Severity::Error),
            warnings: self.report.count(Severity::Warning),
            checking: self.checker.is_busy(),
            dirty: self.board.as_ref().is_some_and(|b| b.is_dirty()),
            zoom: status.as_ref().and_then(|s| s.zoom.map(|(z, _)| z)),
            unit: status
                .as_ref()
                .and_then(|s| s.zoom.map(|(_, unit)| unit))
                .unwrap_or("space"),
            read_only,
        };
        Panel::bottom("status").show(ui, |ui| status_bar_ui(ui, &info));
    }

    fn action_info(&self) -> ActionInfo {
        let Some(board) = &self.board else {
            return ActionInfo {
                grid: self.show_grid,
                problems: self.show_problems,
                ..ActionInfo::default()
            };
        };
        ActionInfo {
            doc_open: true,
            read_only: board.editing() != Editing::Editable,
            dirty: board.is_dirty(),
            undo: board.undo_label(),
            redo: board.redo_label(),
            grid: self.show_grid,
            problems: self.show_problems,
            playtest: self.mode == Mode::PlayTest,
            board: board.actions(self.mode),
        }
    }

    // ----- input that is not a widget -----

    fn dropped_files(&mut self, ctx: &Context, out: &mut Commands) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        let Some(path) = dropped.into_iter().next() else {
            return;
        };
        match self.board.as_ref().and_then(|b| b.dropped(&path)) {
            Some(command) => out.push(command),
            None => out.push(Command::Open(path)),
        }
    }

    fn close_request(&mut self, ctx: &Context) {
        if !ctx.input(|i| i.viewport().close_requested()) {
            return;
        }
        let dirty = self.board.as_ref().is_some_and(|b| b.is_dirty());
        if dirty && !self.quitting {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.dialog = Some(Dialog::Unsaved(AfterUnsaved::Quit));
        } else if let Some(saver) = &mut self.autosaver {
            saver.clear();
        }
    }

    // ----- applying commands -----

    fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Run(action) => self.run(ctx, action),
            Command::Board(command) => {
                let mut effects = Effects::default();
                if let Some(board) = &mut self.board {
                    board.apply(&command, &mut effects);
                }
                self.take_effects(effects);
            }
            Command::ShowProblem(index) => self.show_problem(index),
            Command::Open(path) => self.guard_unsaved(ctx, AfterUnsaved::Open(path)),
            Command::SaveTo(path, gitignore) => {
                if !self.save_as(&path) {
                    return;
                }
                if gitignore {
                    self.write_gitignore();
                }
                if let Some(then) = self.after_save_as.take() {
                    self.proceed(ctx, then);
                }
            }
            Command::Create(board, message) => {
                self.install(board.0);
                self.say(message);
            }
            Command::Status(message) => self.say(message),
            Command::Export(request) => {
                if let Some(folder) = request.path.parent() {
                    self.export_folder = Some(folder.to_path_buf());
                    crate::export::save_folder(self.export_folder_file.as_deref(), folder);
                }
                let message = format!("Writing {}…", request.path.display());
                self.exports.start(request, Arc::clone(&self.wake));
                self.say(message);
            }
            Command::Continue { save, then } => {
                if save {
                    if self
                        .board
                        .as_ref()
                        .is_some_and(|b| *b.origin() == Origin::New)
                    {
                        self.after_save_as = Some(then);
                        self.run(ctx, Action::SaveAs);
                        return;
                    }
                    if !self.save() {
                        return;
                    }
                } else if let Some(saver) = &mut self.autosaver {
                    saver.clear(); // the changes are deliberately dropped
                }
                self.proceed(ctx, then);
            }
            Command::Recover(found) => match crate::open::recover(&found) {
                Ok(board) => {
                    self.install(board);
                    recovery::remove(&found.slot);
                    if let Some(saver) = &mut self.autosaver {
                        saver.due_now();
                    }
                    self.say("Recovered unsaved work: save it to keep it");
                }
                Err(failure) => self.show_failure("Cannot recover the autosave", &failure),
            },
            Command::DiscardRecovery(found) => recovery::remove(&found.slot),
        }
    }

    /// Applies what a board asked of the shell, in order.
    fn take_effects(&mut self, effects: Effects) {
        match effects.message {
            Some(Some(message)) => self.say(message),
            Some(None) => self.message = None,
            None => {}
        }
        if let Some(dialog) = effects.dialog {
            self.dialog = Some(dialog);
        }
        if let Some(picture) = effects.export {
            let folder = crate::export::starting_folder(self.export_folder.as_deref());
            self.dialog = Some(Dialog::Export(crate::export::ExportForm::new(
                picture, &folder,
            )));
        }
    }

    fn run(&mut self, ctx: &Context, action: Action) {
        if !self.action_info().enabled(action) {
            return;
        }
        match action {
            Action::NewPack => self.guard_unsaved(ctx, AfterUnsaved::NewPack),
            Action::Open => {
                self.dialog = Some(Dialog::Path(PathForm::new(
                    PathPurpose::Open,
                    String::new(),
                )));
            }
            Action::Save => {
                if self
                    .board
                    .as_ref()
                    .is_some_and(|b| *b.origin() == Origin::New)
                {
                    self.run(ctx, Action::SaveAs);
                } else {
                    self.save();
                }
            }
            Action::SaveAs => {
                let Some(board) = &self.board else {
                    return;
                };
                let form = PathForm::new(
                    PathPurpose::SaveAs {
                        lone_file: board.is_lone_file(),
                        nouns: board.file_nouns(),
                    },
                    board
                        .origin()
                        .path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default(),
                );
                // A new pack's first save is when its folder is made.
                self.dialog = Some(Dialog::Path(if *board.origin() == Origin::New {
                    form.offering_gitignore()
                } else {
                    form
                }));
            }
            Action::Quit => self.guard_unsaved(ctx, AfterUnsaved::Quit),
            Action::Undo => self.history_step(true),
            Action::Redo => self.history_step(false),
            Action::ToggleGrid => self.show_grid = !self.show_grid,
            Action::ToggleProblems => self.show_problems = !self.show_problems,
            Action::TogglePlayTest => {
                self.message = None;
                self.mode = match self.mode {
                    Mode::Edit => Mode::PlayTest,
                    Mode::PlayTest => Mode::Edit,
                };
                if let Some(board) = &mut self.board {
                    board.mode_changed(self.mode);
                }
            }
            Action::Cut
            | Action::Copy
            | Action::Paste
            | Action::Delete
            | Action::Deselect
            | Action::Fit
            | Action::ZoomIn
            | Action::ZoomOut
            | Action::Game(_) => {
                let mut effects = Effects::default();
                if let Some(board) = &mut self.board {
                    board.run(action, self.mode, &mut effects);
                }
                self.take_effects(effects);
            }
        }
    }

    fn history_step(&mut self, undo: bool) {
        let Some(board) = &mut self.board else {
            return;
        };
        let result = if undo { board.undo() } else { board.redo() };
        let said = match result {
            Ok(Some(label)) if undo => format!("Undid: {label}"),
            Ok(Some(label)) => format!("Redid: {label}"),
            Ok(None) => return,
            Err(error) => format!("Cannot {}: {error}", if undo { "undo" } else { "redo" }),
        };
        self.say(said);
    }

    fn guard_unsaved(&mut self, ctx: &Context, then: AfterUnsaved) {
        if self.board.as_ref().is_some_and(|b| b.is_dirty()) {
            self.dialog = Some(Dialog::Unsaved(then));
        } else {
            self.proceed(ctx, then);
        }
    }

    fn proceed(&mut self, ctx: &Context, then: AfterUnsaved) {
        match then {
            AfterUnsaved::Quit => {
                self.quitting = true;
                if let Some(saver) = &mut self.autosaver {
                    saver.clear();
                }
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            AfterUnsaved::Open(path) => {
                if let Some(saver) = &mut self.autosaver {
                    saver.clear();
                }
                self.open(&path);
            }
            AfterUnsaved::NewPack => {
                let first = self
                    .board
                    .as_ref()
                    .map(|b| b.ruleset())
                    .filter(|r| {
                        crate::games::GAMES
                            .get(r)
                            .is_some_and(|g| g.new_form().is_some())
                    })
                    .unwrap_or_else(crate::open::default_ruleset);
                self.dialog = Some(Dialog::New(NewDialog::new(first)));
            }
        }
    }

    /// Opens a path, replacing the document (unsaved changes were dealt with).
    pub fn open(&mut self, path: &Path) {
        match crate::open::open(path) {
            Ok(board) => {
                let opened = board.opened();
                self.install(board);
                if let Some(said) = opened {
                    self.say(said);
                }
            }
            Err(failure) => {
                if !path.exists() {
                    self.recent.remove(path);
                }
                if self.board.is_some() {
                    self.show_failure(&format!("Cannot open {}", path.display()), &failure);
                } else {
                    self.failure = Some(failure);
                }
            }
        }
    }

    fn install(&mut self, board: Box<dyn Board>) {
        if let Some(path) = board.origin().path() {
            self.recent.add(path);
        }
        self.board = Some(board);
        self.failure = None;
        self.doc_serial += 1;
        self.checked = None;
        self.report = Report::default();
        self.focused_problem = None;
        if let Some(board) = &mut self.board {
            // Play test carries over to a board that has one; one that has
            // none (a read-only board, an empty ship) opens for editing.
            if !board.actions(self.mode).enabled(Action::TogglePlayTest) {
                self.mode = Mode::Edit;
            }
            board.mode_changed(self.mode);
        }
        if let Some(saver) = &mut self.autosaver {
            saver.reset();
        }
        self.autosave_error = None;
    }

    /// Saves the document; says what happened. Returns whether it saved.
    fn save(&mut self) -> bool {
        let Some(board) = &mut self.board else {
            return false;
        };
        match board.save() {
            Ok(saved) => {
                self.say(saved_message(&saved));
                if let Some(saver) = &mut self.autosaver {
                    saver.clear();
                }
                true
            }
            Err(error) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not saved".into(),
                    text: format!(
                        "{error}\n\nNothing was lost: files not written keep their previous \
                         version, and your changes are still here. Fix the problem, or use \
                         Save As to save somewhere else."
                    ),
                });
                false
            }
        }
    }

    fn save_as(&mut self, path: &Path) -> bool {
        let Some(board) = &mut self.board else {
            return false;
        };
        match board.save_as(path) {
            Ok(Saved { also, .. }) => {
                if let Some(origin) = board.origin().path() {
                    self.recent.add(origin);
                }
                self.say(format!("Saved to {}{also}", path.display()));
                if let Some(saver) = &mut self.autosaver {
                    saver.clear();
                }
                self.checked = None;
                true
            }
            Err(error) => {
                self.dialog = Some(Dialog::Message {
                    title: "Not saved".into(),
                    text: format!("{error}\n\nYour changes are still here."),
                });
                false
            }
        }
    }

    /// Writes `.gitignore` in the pack folder, leaving out the backups a save
    /// keeps, unless the folder has one already (it is the user's then).
    fn write_gitignore(&mut self) {
        let Some(folder) = self.board.as_ref().and_then(|b| b.origin().folder()) else {
            return;
        };
        let path = folder.join(".gitignore");
        if path.exists() {
            return;
        }
        let text =
            "# Backups deckplan-editor keeps of the previous version of each saved file.\n*.bak\n";
        if let Err(error) = deckplan_schema::save::write_atomically(&path, text) {
            self.say(format!(
                "Saved, but cannot write {}: {error}",
                path.display()
            ));
        }
    }

    fn show_failure(&mut self, title: &str, failure: &LoadFailure) {
        self.dialog = Some(Dialog::Message {
            title: title.to_string(),
            text: failure.problems.join("\n"),
        });
    }

    fn show_problem(&mut self, index: usize) {
        let Some(problem) = self.report.problems.get(index).cloned() else {
            return;
        };
        self.focused_problem = Some((index, Instant::now()));
        let mut effects = Effects::default();
        if let Some(board) = &mut self.board {
            board.show_problem(&problem, &mut effects);
        }
        self.take_effects(effects);
    }

    fn say(&mut self, message: impl Into<String>) {
        self.message = Some((message.into(), Instant::now()));
    }

    // ----- after the frame -----

    /// Reads a finished check; returns whether one arrived.
    fn poll_problems(&mut self) -> bool {
        let Some(report) = self.checker.poll() else {
            return false;
        };
        // Keep the focused problem focused if it is still there.
        self.focused_problem = self.focused_problem.and_then(|(index, since)| {
            let old = self.report.problems.get(index)?;
            report
                .problems
                .iter()
                .position(|p| {
                    p.code == old.code && p.place == old.place && p.message == old.message
                })
                .map(|i| (i, since))
        });
        self.report = report;
        true
    }

    fn submit_check(&mut self) {
        let Some(board) = &self.board else {
            return;
        };
        let key = (self.doc_serial, board.generation());
        if self.checked != Some(key) {
            self.checker.submit(board.lint());
            self.checked = Some(key);
        }
    }

    fn after_frame(&mut self, ctx: &Context) {
        self.submit_check();
        for (path, result) in self.exports.finished() {
            self.say(match result {
                Ok(()) => format!("Wrote {}", path.display()),
                Err(error) => format!("Export failed: {error}"),
            });
        }
        if !ctx.input(|i| i.pointer.any_down())
            && let Some(board) = &mut self.board
        {
            board.close_stroke();
        }
        if let (Some(saver), Some(doc)) = (
            &mut self.autosaver,
            self.board.as_ref().and_then(|b| b.autosave()),
        ) {
            match saver.tick(doc, Instant::now()) {
                Ok(wait) => {
                    self.autosave_error = None;
                    if doc.is_dirty() {
                        ctx.request_repaint_after(wait);
                    }
                }
                Err(error) => {
                    self.autosave_error = Some(format!("Autosave failed: {error}"));
                }
            }
        }
        if let Some((_, at)) = &self.message
            && at.elapsed() < MESSAGE_TIME
        {
            ctx.request_repaint_after(MESSAGE_TIME.saturating_sub(at.elapsed()));
        }
        let title = self.window_title();
        if title != self.title_sent {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title_sent = title;
        }
    }
}

/// What the start screen says the editor is for: every game it opens.
fn welcome_line() -> String {
    let games: Vec<&str> = crate::games::GAMES
        .all()
        .map(|g| crate::board::game_name(g.ruleset()))
        .collect();
    let listed = match games.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => (*last).to_string(),
        None => String::new(),
    };
    format!("Draw, check and play-test the boards of {listed}.")
}

/// Records the actions whose shortcuts were pressed. Shortcuts with more
/// modifiers are tried first (egui matches Ctrl+Z inside Ctrl+Shift+Z), and
/// bare keys are left to a text field that has focus.
fn shortcuts(ctx: &Context, info: &ActionInfo, out: &mut Commands) {
    let typing = ctx.egui_wants_keyboard_input();
    let actions = Action::SHELL
        .into_iter()
        .chain(info.board.own.iter().map(|a| Action::Game(*a)));
    let mut pairs: Vec<(Action, egui::KeyboardShortcut)> = actions
        .flat_map(|action| {
            info.text(action)
                .shortcuts
                .iter()
                .map(move |s| (action, *s))
        })
        .collect();
    let weight = |m: Modifiers| u8::from(m.command || m.ctrl) + u8::from(m.shift) + u8::from(m.alt);
    pairs.sort_by_key(|(_, s)| std::cmp::Reverse(weight(s.modifiers)));
    let mut ran = Vec::new();
    for (action, shortcut) in pairs {
        let plain = !(shortcut.modifiers.command || shortcut.modifiers.ctrl);
        let text_owns = plain
            || matches!(
                action,
                Action::Undo | Action::Redo | Action::Cut | Action::Copy | Action::Paste
            );
        if typing && text_owns {
            continue;
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut)) {
            ran.push(action);
        }
    }
    // Windowing systems turn Ctrl+C, X and V into clipboard events, with or
    // without the key press.
    if !typing {
        ctx.input(|i| {
            for event in &i.events {
                let action = match event {
                    egui::Event::Copy => Action::Copy,
                    egui::Event::Cut => Action::Cut,
                    egui::Event::Paste(_) => Action::Paste,
                    _ => continue,
                };
                if !ran.contains(&action) {
                    ran.push(action);
                }
            }
        });
    }
    for action in ran {
        out.push(Command::Run(action));
    }
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.ui_frame(ui);
    }
}
