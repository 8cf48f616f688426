//! The editor window and the one place where state changes.
//!
//! Each frame, the panels, tools and dialogs draw from the current state and
//! record [`Command`]s; after the frame the app applies them in order —
//! edits through the document's history, everything else to its own state —
//! then hands the changed pack to the problems checker and the autosaver.
//! So nothing is mutated while it is drawn, every map change can be undone,
//! and the whole window can be driven headless (egui_kittest) through
//! [`EditorApp::ui_frame`].

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use deckplan_schema::enormity::{Background, PageId};
use deckplan_validator::diagnostic::Severity;
use eframe::egui::{
    self, CentralPanel, Color32, Context, Modifiers, Panel, RichText, ScrollArea, Ui,
    ViewportCommand,
};

use crate::action::Action;
use crate::background::Scans;
use crate::command::{Command, Commands};
use crate::dialogs::{
    AfterUnsaved, Dialog, DialogContext, NewPageForm, PathForm, PathPurpose, ResizeForm, dialog_ui,
};
use crate::document::{Document, LoadFailure, Origin};
use crate::edit::{Edit, Transaction};
use crate::ops;
use crate::paint::{Scenes, install_map_font};
use crate::panels::ActionInfo;
use crate::panels::inspector::{Inspector, InspectorContext};
use crate::panels::layout_view::{Frame as LayoutFrame, LayoutView, joins_ui};
use crate::panels::menu_bar::menu_bar_ui;
use crate::panels::page_view::{Caches, PageView, PageViewContext, mark_centre};
use crate::panels::pages::pages_ui;
use crate::panels::playtest::{hover_ui, playtest_ui};
use crate::panels::problems::{Selected, problems_ui};
use crate::panels::status_bar::{StatusInfo, status_bar_ui};
use crate::panels::toolbar::toolbar_ui;
use crate::paths::AppDirs;
use crate::playtest::{MapVersion, PlayTest};
use crate::problems::{Checker, ProblemMark, Report};
use crate::recent::Recent;
use crate::recovery::{self, Autosaver};
use crate::selection::Selection;
use crate::tools::{ToolContext, ToolKind, Tools};
use crate::view::Geometry;

/// How long a status message stays.
const MESSAGE_TIME: Duration = Duration::from_secs(5);

/// What the editor is doing with the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Drawing and arranging pages.
    #[default]
    Edit,
    /// Placing figures and asking the rules engine what they can do
    /// ([`crate::playtest`]); the map is shown but not edited.
    PlayTest,
}

/// What fills the middle of the window.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Central {
    /// One page, to draw on.
    #[default]
    Page,
    /// Every page placed by its joins, to arrange.
    Layout,
}

/// How the editor starts.
#[derive(Clone, Debug)]
pub struct Startup {
    /// A pack folder, `pack.toml` or page file to open.
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
    doc: Option<Document>,
    /// Why the last open failed, shown when nothing is open.
    failure: Option<LoadFailure>,
    /// Counts documents opened, so a check of an older one is not mistaken for this one's.
    doc_serial: u64,
    page: Option<PageId>,
    mode: Mode,
    /// The play-test figures and the rules engine's last answer.
    play: PlayTest,
    central: Central,
    page_view: PageView,
    layout_view: LayoutView,
    tools: Tools,
    selection: Selection,
    inspector: Inspector,
    show_grid: bool,
    show_problems: bool,
    report: Report,
    focused_problem: Option<(usize, Instant)>,
    checker: Checker,
    checked: Option<(u64, u64)>,
    dialog: Option<Dialog>,
    /// What to do after a "Save As" that an unsaved-changes answer asked for.
    after_save_as: Option<AfterUnsaved>,
    recent: Recent,
    autosaver: Option<Autosaver>,
    autosave_error: Option<String>,
    message: Option<(String, Instant)>,
    scans: Scans,
    /// The scenes of the pages the canvases show, rebuilt when a page changes.
    scenes: Scenes,
    /// Close was confirmed (or nothing needed saving): let the window go.
    quitting: bool,
    title_sent: String,
    /// The egui context, once known, for the checker to wake the UI.
    ctx: Arc<OnceLock<Context>>,
    /// Repaints the UI when the play test's board is built.
    wake: crate::playtest::Wake,
    /// The rectangle copied last (it can be pasted on any page).
    clip: Option<crate::region::Clip>,
    /// Pictures being written on workers.
    exports: crate::export::Exports,
    /// The folder the last export went to, remembered between sessions.
    export_folder: Option<PathBuf>,
    /// Where that folder is remembered (`None`: nowhere).
    export_folder_file: Option<PathBuf>,
    /// The focused problem's editor help and fixes, for the map version they were worked out on.
    problem_help: std::cell::RefCell<Option<ProblemHelp>>,
}

/// The help and fixes of one problem on one version of the map: working
/// out fixes runs the checks again, so it is done once, not every frame.
struct ProblemHelp {
    problem: crate::problems::Problem,
    version: (u64, u64),
    /// Whether the fixes were looked for (the report was of this map).
    complete: bool,
    /// The worker looking for fixes, while it does.
    searching: Option<std::sync::mpsc::Receiver<Vec<crate::fixes::Fix>>>,
    help: Option<String>,
    fixes: Vec<crate::fixes::Fix>,
}

/// What the problems panel shows of a [`ProblemHelp`].
struct ShownHelp {
    help: Option<String>,
    fixes: Vec<crate::fixes::Fix>,
    searching: bool,
}

impl ProblemHelp {
    fn shown(&self) -> ShownHelp {
        ShownHelp {
            help: self.help.clone(),
            fixes: self.fixes.clone(),
            searching: self.searching.is_some(),
        }
    }
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
            doc: None,
            failure: None,
            doc_serial: 0,
            page: None,
            mode: Mode::Edit,
            play: PlayTest::default(),
            central: Central::Page,
            page_view: PageView::default(),
            layout_view: LayoutView::default(),
            tools: Tools::default(),
            selection: Selection::None,
            inspector: Inspector::default(),
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
            scans: Scans::default(),
            scenes: Scenes::default(),
            quitting: false,
            title_sent: String::new(),
            ctx,
            wake: Arc::new(repaint),
            problem_help: std::cell::RefCell::new(None),
            clip: None,
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

    /// The open document.
    pub fn document(&self) -> Option<&Document> {
        self.doc.as_ref()
    }

    /// The page shown.
    pub fn shown_page(&self) -> Option<PageId> {
        self.page
    }

    /// The editor's mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The play-test state and its last answer.
    pub fn play_test(&self) -> &PlayTest {
        &self.play
    }

    /// The play-test state, to set up a question from tests.
    pub fn play_test_mut(&mut self) -> &mut PlayTest {
        &mut self.play
    }

    /// What fills the middle of the window.
    pub fn central(&self) -> Central {
        self.central
    }

    /// Last frame's mapping from the shown page to the screen.
    pub fn page_geometry(&self) -> Option<Geometry> {
        self.page_view.geometry
    }

    /// Last frame's layout-view mapping.
    pub fn layout_frame(&self) -> Option<LayoutFrame> {
        self.layout_view.frame
    }

    /// Where last frame's layout view drew its page names and join badges.
    pub fn layout_labels(&self) -> &[egui::Rect] {
        &self.layout_view.labels
    }

    /// The tool in use.
    pub fn tool(&self) -> ToolKind {
        self.tools.active
    }

    /// The selection.
    pub fn selection(&self) -> Selection {
        self.selection
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

    /// Waits (up to `timeout`) for the play test's worker (a board being
    /// built or a Noise roll being resolved); the next frame shows the answer.
    pub fn wait_for_play_test(&mut self, timeout: Duration) -> bool {
        self.play.wait_for_worker(timeout)
    }

    /// The window title: `name — deckplan-editor`, with `●` when there are
    /// unsaved changes.
    pub fn window_title(&self) -> String {
        match &self.doc {
            Some(doc) if doc.is_dirty() => format!("● {} — deckplan-editor", doc.title()),
            Some(doc) => format!("{} — deckplan-editor", doc.title()),
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
        if self.dialog.is_none() {
            shortcuts(&ctx, &mut out);
        }
        self.poll_problems();

        let info = self.action_info();
        Panel::top("menu").show(ui, |ui| {
            menu_bar_ui(ui, &info, self.recent.paths(), &mut out)
        });
        Panel::top("toolbar").show(ui, |ui| toolbar_ui(ui, &info, &mut out));
        self.status_bar(ui);
        if self.doc.is_some() {
            self.document_ui(ui, &mut out);
        } else {
            CentralPanel::default().show(ui, |ui| self.welcome_ui(ui, &mut out));
        }
        if let Some(dialog) = &mut self.dialog {
            let cx = DialogContext {
                doc: self.doc.as_ref(),
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

    fn document_ui(&mut self, ui: &mut Ui, out: &mut Commands) {
        let Some(doc) = self.doc.as_ref() else {
            return;
        };
        self.scenes.forget_missing(&doc.pack);
        let playing = self.mode == Mode::PlayTest;
        if playing {
            let version = MapVersion {
                document: self.doc_serial,
                generation: doc.generation(),
            };
            self.play.sight_to = self
                .page
                .zip(self.page_view.hover_space)
                .map(
                    |(page, space)| deckplan_validator::enormity::board::PageSpace { page, space },
                );
            self.play
                .refresh_in_background(&doc.pack, version, self.page, &self.wake);
        }
        if self.show_problems {
            Panel::bottom("problems")
                .resizable(true)
                .default_size(190.0)
                .min_size(60.0)
                .show(ui, |ui| {
                    let focused = self.focused_problem.map(|(i, _)| i);
                    let help = self.help_for(focused, doc);
                    let chosen = Selected {
                        index: focused,
                        help: help.as_ref().and_then(|h| h.help.as_deref()),
                        fixes: help.as_ref().map_or(&[], |h| h.fixes.as_slice()),
                        searching: help.as_ref().is_some_and(|h| h.searching),
                    };
                    problems_ui(ui, &self.report, chosen, self.checker.is_busy(), out);
                });
        }
        let info = self.action_info();
        Panel::left("pages")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| pages_ui(ui, doc, self.page, &info, out));
        let page = self.page.and_then(|id| doc.pack.pages.get(&id));
        Panel::right("inspector")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| {
                ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        if self.central == Central::Layout {
                            joins_ui(ui, doc, out);
                            return;
                        }
                        if playing {
                            playtest_ui(ui, &mut self.play, page);
                            hover_ui(ui, &self.play, page, self.page_view.hover_space);
                            return;
                        }
                        let scan = page.and_then(|page| {
                            let path = doc.scan_file(page.id)?;
                            Some(
                                self.scans
                                    .get(ui.ctx(), &path)
                                    .map(|t| t.size())
                                    .map_err(str::to_string),
                            )
                        });
                        let cx = InspectorContext {
                            doc,
                            page,
                            selection: self.selection,
                            scan,
                        };
                        self.inspector.ui(ui, &cx, out);
                        // The tool's options come after what is inspected, so
                        // picking a tool never moves the page's fields.
                        if let Some(page) = page {
                            ui.add_space(8.0);
                            ui.separator();
                            crate::tools::icon::heading(ui, self.tools.active);
                            let cx = ToolContext {
                                doc,
                                page,
                                geo: self.page_view.geometry.unwrap_or(Geometry {
                                    origin: egui::Pos2::ZERO,
                                    cell: 1.0,
                                    size: page.size,
                                }),
                                selection: self.selection,
                            };
                            self.tools.active_mut().options_ui(ui, &cx, out);
                        }
                    });
            });
        CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| match (self.central, self.page) {
                (Central::Layout, _) => {
                    self.layout_view
                        .ui(ui, doc, self.page, &mut self.scenes, out);
                }
                (Central::Page, Some(page)) => {
                    let cx = PageViewContext {
                        doc,
                        page,
                        selection: self.selection,
                        report: &self.report,
                        focused_problem: self.focused_problem,
                        grid: self.show_grid,
                    };
                    let play = playing.then_some(&mut self.play);
                    let caches = Caches {
                        scans: &mut self.scans,
                        scenes: &mut self.scenes,
                    };
                    self.page_view
                        .ui(ui, &cx, &mut self.tools, caches, play, out);
                }
                (Central::Page, None) => {
                    ui.centered_and_justified(|ui| ui.weak("The pack has no pages."));
                }
            });
    }

    /// The focused problem's editor help and fixes. Help is worked out at
    /// once; fixes run the checks again, on a worker thread, once per problem
    /// and map version, and only on a report of this very map (an older
    /// report's places may have moved).
    fn help_for(&self, focused: Option<usize>, doc: &Document) -> Option<ShownHelp> {
        let problem = self.report.problems.get(focused?)?;
        let version = (self.doc_serial, doc.generation());
        let mut cache = self.problem_help.borrow_mut();
        let current = self.checked == Some(version) && !self.checker.is_busy();
        let fresh = cache.as_ref().is_some_and(|h| {
            h.version == version
                && h.problem == *problem
                && (h.complete || h.searching.is_some() || !current)
        });
        if !fresh {
            let searching = current.then(|| {
                let (sender, receiver) = std::sync::mpsc::channel();
                let (pack, wanted) = (doc.pack.clone(), problem.clone());
                let wake = Arc::clone(&self.wake);
                let spawned = std::thread::Builder::new()
                    .name("fixes".into())
                    .spawn(move || {
                        let _ = sender.send(crate::fixes::fixes(&pack, &wanted));
                        wake();
                    });
                if spawned.is_err() {
                    // No thread to be had: no fixes offered, the help still shows.
                    return std::sync::mpsc::channel().1;
                }
                receiver
            });
            *cache = Some(ProblemHelp {
                problem: problem.clone(),
                version,
                complete: false,
                searching,
                help: crate::fixes::editor_help(&doc.pack, problem),
                fixes: Vec::new(),
            });
        }
        if let Some(help) = cache.as_mut()
            && let Some(receiver) = &help.searching
        {
            match receiver.try_recv() {
                Ok(fixes) => {
                    help.fixes = fixes;
                    help.complete = true;
                    help.searching = None;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    help.complete = true;
                    help.searching = None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        cache.as_ref().map(ProblemHelp::shown)
    }

    /// Waits (up to `timeout`) for the fixes of the focused problem being
    /// looked for; the next frame shows them.
    pub fn wait_for_fixes(&mut self, timeout: Duration) -> bool {
        let mut cache = self.problem_help.borrow_mut();
        let Some(help) = cache.as_mut() else {
            return true;
        };
        let Some(receiver) = help.searching.take() else {
            return true;
        };
        match receiver.recv_timeout(timeout) {
            Ok(fixes) => {
                help.fixes = fixes;
                help.complete = true;
                true
            }
            Err(_) => false,
        }
    }

    fn welcome_ui(&self, ui: &mut Ui, out: &mut Commands) {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            ui.heading("deckplan-editor");
            ui.label("Draw, check and arrange Enormity Location maps.");
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
            ui.weak("or drop a pack folder, pack.toml or page file on the window");
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
        let hover = (self.central == Central::Page)
            .then_some(self.page_view.hover_text.as_deref())
            .flatten();
        let info = StatusInfo {
            hover,
            message,
            hint: match (self.central, self.mode) {
                (Central::Layout, _) => {
                    "Drag pages against each other to join them; Alt snaps to half spaces"
                }
                (Central::Page, Mode::PlayTest) => {
                    "Left click places the chosen piece · right click removes it · hover a space for its path"
                }
                (Central::Page, Mode::Edit) => self.tools.active.hint(),
            },
            errors: self.report.count(Severity::Error),
            warnings: self.report.count(Severity::Warning),
            checking: self.checker.is_busy(),
            dirty: self.doc.as_ref().is_some_and(Document::is_dirty),
            zoom: (self.central == Central::Page)
                .then_some(self.page_view.geometry.map(|g| g.cell))
                .flatten(),
        };
        Panel::bottom("status").show(ui, |ui| status_bar_ui(ui, &info));
    }

    fn action_info(&self) -> ActionInfo {
        let Some(doc) = &self.doc else {
            return ActionInfo {
                tool: self.tools.active,
                grid: self.show_grid,
                problems: self.show_problems,
                ..ActionInfo::default()
            };
        };
        let order = ops::page_order(&doc.pack);
        let index = self.page.and_then(|p| order.iter().position(|o| *o == p));
        ActionInfo {
            doc_open: true,
            lone_page: doc.is_lone_page(),
            dirty: doc.is_dirty(),
            has_page: index.is_some(),
            many_pages: doc.pack.pages.len() > 1,
            first_page: index == Some(0),
            last_page: index.is_some_and(|i| i + 1 == order.len()),
            undo: doc.history.undo_label().map(str::to_string),
            redo: doc.history.redo_label().map(str::to_string),
            selection: self.selection != Selection::None,
            aligning: self.page_view.align.is_some(),
            area: matches!(self.selection, Selection::Area { .. }),
            clip: self.clip.is_some(),
            grid: self.show_grid,
            problems: self.show_problems,
            layout: self.central == Central::Layout,
            tool: self.tools.active,
            playtest: self.mode == Mode::PlayTest,
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
        let is_scan = path.extension().is_some_and(|e| {
            let e = e.to_string_lossy().to_ascii_lowercase();
            e == "png" || e == "jpg" || e == "jpeg"
        });
        match (is_scan, self.page) {
            (true, Some(page)) if self.doc.is_some() => {
                out.push(Command::LoadBackground(page, path));
            }
            _ => out.push(Command::Open(path)),
        }
    }

    fn close_request(&mut self, ctx: &Context) {
        if !ctx.input(|i| i.viewport().close_requested()) {
            return;
        }
        let dirty = self.doc.as_ref().is_some_and(Document::is_dirty);
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
            Command::Apply(transaction) => self.edit(|doc| doc.apply(transaction)),
            Command::Stroke(stroke, transaction) => {
                self.edit(|doc| doc.apply_stroke(stroke, transaction));
            }
            Command::Select(selection) => {
                if let Some(page) = selection.page() {
                    self.show_page(page);
                }
                self.selection = selection;
            }
            Command::ShowPage(page) => self.show_page(page),
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
            Command::CreatePack(spec) => {
                self.install(Document::new_pack(&spec));
                self.say(format!(
                    "New pack “{}”: save it to choose its folder",
                    spec.pack_name
                ));
            }
            Command::LoadBackground(page, path) => self.load_background(ctx, page, &path),
            Command::AlignScan(page) => {
                self.show_page(page);
                self.central = Central::Page;
                self.page_view.align = Some(crate::align::ScanAlign::new(page));
            }
            Command::Status(message) => self.say(message),
            Command::Export(request) => {
                let Some(doc) = &self.doc else {
                    return;
                };
                if let Some(folder) = request.path.parent() {
                    self.export_folder = Some(folder.to_path_buf());
                    crate::export::save_folder(self.export_folder_file.as_deref(), folder);
                }
                let message = format!("Writing {}…", request.path.display());
                self.exports
                    .start(&doc.pack, request, Arc::clone(&self.wake));
                self.say(message);
            }
            Command::Continue { save, then } => {
                if save {
                    if self.doc.as_ref().is_some_and(|d| d.origin == Origin::New) {
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
            Command::Recover(found) => match recovery::recover(&found) {
                Ok(doc) => {
                    self.install(doc);
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

    /// Applies an edit to the document, reporting a failure in the status bar.
    fn edit(&mut self, change: impl FnOnce(&mut Document) -> Result<(), crate::edit::EditError>) {
        let Some(doc) = &mut self.doc else {
            return;
        };
        if let Err(error) = change(doc) {
            self.say(format!("Not changed: {error}"));
        }
        // A page removed by an edit (or brought back by undo) changes what can be shown.
        self.keep_page_valid();
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
                if self.doc.as_ref().is_some_and(|d| d.origin == Origin::New) {
                    self.run(ctx, Action::SaveAs);
                } else {
                    self.save();
                }
            }
            Action::SaveAs => {
                let Some(doc) = &self.doc else {
                    return;
                };
                let form = PathForm::new(
                    PathPurpose::SaveAs {
                        page_file: doc.is_lone_page(),
                    },
                    doc.origin
                        .path()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default(),
                );
                // A new pack's first save is when its folder is made.
                self.dialog = Some(Dialog::Path(if doc.origin == Origin::New {
                    form.offering_gitignore()
                } else {
                    form
                }));
            }
            Action::Quit => self.guard_unsaved(ctx, AfterUnsaved::Quit),
            Action::Undo => self.history_step(true),
            Action::Redo => self.history_step(false),
            Action::Delete => self.delete_selection(),
            Action::Copy | Action::Cut => {
                let Some((page, area)) = self.selected_area() else {
                    return;
                };
                self.clip = Some(crate::region::copy(page, area));
                let size = area.size();
                self.say(format!(
                    "Copied {} × {} spaces: paste with Ctrl+V here or on another page",
                    size.columns, size.rows
                ));
                if action == Action::Cut {
                    self.delete_selection();
                }
            }
            Action::Paste => self.paste(),
            Action::Deselect => {
                // Esc first cancels a scan alignment, leaving the scan as it was.
                if self.page_view.align.take().is_some() {
                    self.say("Alignment cancelled: the scan is as it was");
                } else {
                    self.selection = Selection::None;
                }
            }
            Action::Fit => match self.central {
                Central::Page => self.page_view.fit(),
                Central::Layout => self.layout_view.fit(),
            },
            Action::ZoomIn | Action::ZoomOut => {
                let factor = if action == Action::ZoomIn { 1.25 } else { 0.8 };
                match self.central {
                    Central::Page => self.page_view.zoom(factor),
                    Central::Layout => self.layout_view.zoom(factor),
                }
            }
            Action::ToggleGrid => self.show_grid = !self.show_grid,
            Action::ToggleProblems => self.show_problems = !self.show_problems,
            Action::TogglePlayTest => {
                self.message = None;
                self.mode = match self.mode {
                    Mode::Edit => Mode::PlayTest,
                    Mode::PlayTest => Mode::Edit,
                };
                self.central = Central::Page;
            }
            Action::ExportPage | Action::ExportLayout => {
                let page = (action == Action::ExportPage)
                    .then_some(self.page)
                    .flatten();
                let folder = crate::export::starting_folder(self.export_folder.as_deref());
                self.dialog = Some(Dialog::Export(crate::export::ExportForm::new(
                    page, &folder,
                )));
            }
            Action::ToggleLayout => {
                self.central = match self.central {
                    Central::Page => Central::Layout,
                    Central::Layout => Central::Page,
                };
            }
            Action::AddPage => {
                if let Some(doc) = &self.doc {
                    self.dialog = Some(Dialog::NewPage(NewPageForm::add_page(doc, self.page)));
                }
            }
            Action::RemovePage => {
                if let Some(page) = self.page {
                    self.dialog = Some(Dialog::RemovePage(page));
                }
            }
            Action::ResizePage => {
                if let Some(page) = self.current_page() {
                    self.dialog = Some(Dialog::Resize(ResizeForm::new(page)));
                }
            }
            Action::DuplicatePage => self.duplicate_page(),
            Action::RotatePage | Action::MirrorPageWestEast | Action::MirrorPageNorthSouth => {
                let how = match action {
                    Action::RotatePage => crate::transform::Transform::RotateClockwise,
                    Action::MirrorPageWestEast => crate::transform::Transform::MirrorWestEast,
                    _ => crate::transform::Transform::MirrorNorthSouth,
                };
                if self.selected_area().is_some() {
                    self.transform_area(how);
                    return;
                }
                // The page's joins turn with it, in the same undo step.
                let Some(turn) = self
                    .doc
                    .as_ref()
                    .zip(self.page)
                    .and_then(|(doc, id)| crate::transform::turn_page(&doc.pack, id, how))
                else {
                    return;
                };
                self.selection = Selection::None;
                self.message = None;
                // Said before applying, so a refusal's "Not changed" stays.
                if let Some(message) = turn.message {
                    self.say(message);
                }
                self.edit(|doc| {
                    doc.apply(Transaction {
                        label: how.label().into(),
                        edits: turn.edits,
                    })
                });
            }
            Action::MovePageUp | Action::MovePageDown => {
                let up = action == Action::MovePageUp;
                let edit = self
                    .doc
                    .as_ref()
                    .zip(self.page)
                    .and_then(|(doc, page)| ops::move_page(&doc.pack, page, up));
                if let Some(edit) = edit {
                    let label = if up { "Move page up" } else { "Move page down" };
                    self.edit(|doc| {
                        doc.apply(Transaction {
                            label: label.into(),
                            edits: vec![edit],
                        })
                    });
                }
            }
            Action::PreviousPage | Action::NextPage => {
                let Some(doc) = &self.doc else {
                    return;
                };
                let order = ops::page_order(&doc.pack);
                let at = self.page.and_then(|p| order.iter().position(|o| *o == p));
                let next = match (at, action) {
                    (Some(i), Action::PreviousPage) => i.checked_sub(1),
                    (Some(i), _) => Some(i + 1),
                    (None, _) => Some(0),
                };
                if let Some(page) = next.and_then(|i| order.get(i)) {
                    self.show_page(*page);
                }
            }
            Action::LoadBackground => {
                if let Some(page) = self.page {
                    self.dialog = Some(Dialog::Path(PathForm::new(
                        PathPurpose::Scan(page),
                        String::new(),
                    )));
                }
            }
            Action::Tool(tool) => {
                if self.tools.active != tool {
                    // What the last tool said is not about this one.
                    self.message = None;
                }
                self.tools.active = tool;
                self.central = Central::Page;
            }
        }
    }

    /// The selected rectangle and its page.
    fn selected_area(&self) -> Option<(&deckplan_schema::enormity::Page, crate::region::Area)> {
        let Selection::Area { page, area } = self.selection else {
            return None;
        };
        Some((self.doc.as_ref()?.pack.pages.get(&page)?, area))
    }

    /// Replaces the page `id` with `page` as one undo step.
    fn replace_page(&mut self, label: &str, id: PageId, page: deckplan_schema::enormity::Page) {
        self.edit(|doc| {
            doc.apply(Transaction {
                label: label.into(),
                edits: vec![Edit::Page {
                    id,
                    page: Some(Box::new(page)),
                }],
            })
        });
    }

    /// Pastes the clip at the selected place, else the space under the
    /// pointer, else the page's south-west corner, and selects it.
    fn paste(&mut self) {
        let (Some(clip), Some(page)) = (&self.clip, self.current_page()) else {
            return;
        };
        let at = match self.selection.filter_page(page.id) {
            Selection::Area { area, .. } => area.min,
            Selection::Space { space, .. } => space,
            _ => self
                .page_view
                .hover_space
                .unwrap_or(deckplan_schema::enormity::Space { row: 0, col: 0 }),
        };
        let id = page.id;
        let pasted = crate::region::pasted(page, clip, at);
        let size = clip.size;
        let area = crate::region::Area {
            min: at,
            max: deckplan_schema::enormity::Space {
                col: (at.col + size.columns - 1).min(page.size.columns.saturating_sub(1)),
                row: (at.row + size.rows - 1).min(page.size.rows.saturating_sub(1)),
            },
        };
        self.replace_page("Paste", id, pasted);
        self.selection = Selection::Area { page: id, area };
    }

    /// Turns or mirrors the selected rectangle in place, keeping its
    /// south-west corner (a turned rectangle may reach further).
    fn transform_area(&mut self, how: crate::transform::Transform) {
        let Some((page, area)) = self.selected_area() else {
            return;
        };
        let clip = crate::transform::transformed(&crate::region::copy(page, area), how);
        let id = page.id;
        let result = crate::region::pasted(&crate::region::cleared(page, area), &clip, area.min);
        let max = deckplan_schema::enormity::Space {
            col: (area.min.col + clip.size.columns - 1).min(page.size.columns.saturating_sub(1)),
            row: (area.min.row + clip.size.rows - 1).min(page.size.rows.saturating_sub(1)),
        };
        let label = match how {
            crate::transform::Transform::RotateClockwise => "Rotate selection",
            _ => "Mirror selection",
        };
        self.replace_page(label, id, result);
        self.selection = Selection::Area {
            page: id,
            area: crate::region::Area { min: area.min, max },
        };
    }

    /// Adds a copy of the shown page under the next free page number of its
    /// book, and shows it.
    fn duplicate_page(&mut self) {
        let Some(doc) = &self.doc else {
            return;
        };
        let Some(page) = self.page.and_then(|id| doc.pack.pages.get(&id)) else {
            return;
        };
        let book = page.id.book;
        let number = doc
            .pack
            .pages
            .keys()
            .filter(|id| id.book == book)
            .map(|id| id.page)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        if number > 999 {
            self.say("Book is full: pages are numbered up to 999");
            return;
        }
        let id = PageId { book, page: number };
        let path = doc.free_page_path(id);
        let mut copy = page.clone();
        copy.id = id;
        copy.source = deckplan_schema::SourceFile::new(&path, String::new());
        let location_name = doc
            .pack
            .locations
            .get(&copy.location)
            .map_or_else(String::new, |l| l.name.clone());
        let from = page.id;
        let edits = ops::add_page(&doc.pack, copy, &location_name, Some(from));
        self.edit(|doc| {
            doc.apply(Transaction {
                label: format!("Duplicate page {from} as {id}"),
                edits,
            })
        });
        self.show_page(id);
    }

    fn history_step(&mut self, undo: bool) {
        let Some(doc) = &mut self.doc else {
            return;
        };
        let result = if undo { doc.undo() } else { doc.redo() };
        let said = match result {
            Ok(Some(label)) if undo => format!("Undid: {label}"),
            Ok(Some(label)) => format!("Redid: {label}"),
            Ok(None) => return,
            Err(error) => format!("Cannot {}: {error}", if undo { "undo" } else { "redo" }),
        };
        self.say(said);
        self.keep_page_valid();
    }

    fn delete_selection(&mut self) {
        let Some(doc) = &self.doc else {
            return;
        };
        let Some(page) = self.selection.page().and_then(|id| doc.pack.pages.get(&id)) else {
            return;
        };
        let edits = match self.selection {
            Selection::None => Vec::new(),
            Selection::Space { space, .. } => ops::clear_space(page, space),
            Selection::Edge { edge, .. } => page
                .edge(edge)
                .map(|_| Edit::Edge {
                    page: page.id,
                    edge,
                    kind: None,
                })
                .into_iter()
                .collect(),
            Selection::Intersection { point, .. } => ops::clear_intersection(page, point),
            Selection::Area { area, .. } => vec![Edit::Page {
                id: page.id,
                page: Some(Box::new(crate::region::cleared(page, area))),
            }],
        };
        if edits.is_empty() {
            self.say("Nothing to delete here");
            return;
        }
        self.edit(|doc| {
            doc.apply(Transaction {
                label: "Delete".into(),
                edits,
            })
        });
    }

    fn guard_unsaved(&mut self, ctx: &Context, then: AfterUnsaved) {
        if self.doc.as_ref().is_some_and(Document::is_dirty) {
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
                self.dialog = Some(Dialog::NewPage(NewPageForm::new_pack()));
            }
        }
    }

    /// Opens a path, replacing the document (unsaved changes were dealt with).
    pub fn open(&mut self, path: &Path) {
        match Document::open(path) {
            Ok(doc) => {
                let problems = doc.load_problems.len();
                self.install(doc);
                if problems > 0 {
                    self.say(format!(
                        "{problems} files did not load and are left untouched: see Problems"
                    ));
                }
            }
            Err(failure) => {
                if !path.exists() {
                    self.recent.remove(path);
                }
                if self.doc.is_some() {
                    self.show_failure(&format!("Cannot open {}", path.display()), &failure);
                } else {
                    self.failure = Some(failure);
                }
            }
        }
    }

    fn install(&mut self, doc: Document) {
        let order = ops::page_order(&doc.pack);
        self.page = Some(doc.pack.start)
            .filter(|p| doc.pack.pages.contains_key(p))
            .or_else(|| order.first().copied());
        if let Some(path) = doc.origin.path() {
            self.recent.add(path);
        }
        self.doc = Some(doc);
        self.failure = None;
        self.doc_serial += 1;
        self.checked = None;
        self.selection = Selection::None;
        self.page_view = PageView::default();
        self.layout_view = LayoutView::default();
        self.report = Report::default();
        self.focused_problem = None;
        self.scans = Scans::default();
        self.scenes.clear();
        // Figures stood on the old document's pages.
        self.play = PlayTest::default();
        self.central = Central::Page;
        if let Some(saver) = &mut self.autosaver {
            saver.reset();
        }
        self.autosave_error = None;
    }

    /// Saves the document; says what happened. Returns whether it saved.
    fn save(&mut self) -> bool {
        let Some(doc) = &mut self.doc else {
            return false;
        };
        match doc.save() {
            Ok(summary) => {
                let written = summary.written.len();
                let saved = match written {
                    0 => "Saved (no file needed changing)".to_string(),
                    1 => "Saved 1 file".to_string(),
                    n => format!("Saved {n} files"),
                };
                self.say(format!("{saved}{}", scans_copied(summary.scans_copied)));
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
        let Some(doc) = &mut self.doc else {
            return false;
        };
        match doc.save_as(path) {
            Ok(summary) => {
                if let Some(origin) = doc.origin.path() {
                    self.recent.add(origin);
                }
                let scans = scans_copied(summary.scans_copied);
                self.say(format!("Saved to {}{scans}", path.display()));
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
        let Some(folder) = self.doc.as_ref().and_then(|d| d.origin.folder()) else {
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

    fn current_page(&self) -> Option<&deckplan_schema::enormity::Page> {
        let doc = self.doc.as_ref()?;
        doc.pack.pages.get(&self.page?)
    }

    fn show_page(&mut self, page: PageId) {
        if self.page != Some(page) {
            self.page = Some(page);
            self.page_view.switch_to(page);
            if self.selection.page() != Some(page) {
                self.selection = Selection::None;
            }
        }
    }

    fn keep_page_valid(&mut self) {
        let Some(doc) = &self.doc else {
            return;
        };
        if self.page.is_none_or(|p| !doc.pack.pages.contains_key(&p)) {
            self.page = ops::page_order(&doc.pack).first().copied();
        }
        if self
            .selection
            .page()
            .is_some_and(|p| !doc.pack.pages.contains_key(&p))
        {
            self.selection = Selection::None;
        }
    }

    fn show_problem(&mut self, index: usize) {
        let Some(problem) = self.report.problems.get(index).cloned() else {
            return;
        };
        self.focused_problem = Some((index, Instant::now()));
        if let Some(page) = problem.page {
            self.show_page(page);
        }
        match (problem.mark, problem.page) {
            (Some(ProblemMark::Join(..)), _) => self.central = Central::Layout,
            (Some(mark), Some(page)) => {
                self.central = Central::Page;
                let size = self
                    .doc
                    .as_ref()
                    .and_then(|d| d.pack.pages.get(&page))
                    .map(|p| p.size);
                // Only a place off the screen moves the view; a problem
                // with the whole page leaves it as the user set it.
                if let Some(size) = size.filter(|_| mark != ProblemMark::Page) {
                    let (x, y) = mark_centre(mark, size);
                    self.page_view.reveal(size, x, y, 36.0);
                }
                self.selection = match mark {
                    ProblemMark::Space(space) => Selection::Space { page, space },
                    ProblemMark::Edge(edge) => Selection::Edge { page, edge },
                    ProblemMark::Intersection(point) => Selection::Intersection { page, point },
                    ProblemMark::Link(a, _) => Selection::Intersection { page, point: a },
                    ProblemMark::Join(..) | ProblemMark::Page => Selection::None,
                };
            }
            _ => {}
        }
    }

    fn load_background(&mut self, ctx: &Context, page: PageId, path: &Path) {
        let image = match path.canonicalize() {
            Ok(image) => image,
            Err(error) => {
                self.say(format!("Cannot read {}: {error}", path.display()));
                return;
            }
        };
        self.scans.forget(&image);
        let size = match self.scans.get(ctx, &image) {
            Ok(texture) => texture.size(),
            Err(error) => {
                let error = error.to_string();
                self.dialog = Some(Dialog::Message {
                    title: "Cannot use this scan".into(),
                    text: format!("{}: {error}", path.display()),
                });
                return;
            }
        };
        let Some(doc) = &mut self.doc else {
            return;
        };
        // Nothing is written here: a scan from outside the pack is shown from
        // where it is and copied into `scans/` when the page is saved.
        let image_path = match doc.adopt_scan(page, &image) {
            Ok(image_path) => image_path,
            Err(error) => {
                self.say(format!("Cannot read {}: {error}", path.display()));
                return;
            }
        };
        let Some(page_ref) = doc.pack.pages.get(&page) else {
            return;
        };
        let mut background = page_ref
            .background
            .clone()
            .unwrap_or_else(|| Background::new(String::new()));
        background.image = image_path;
        if page_ref.background.is_none() {
            background.scale = (size[0] as f64 / f64::from(page_ref.size.columns.max(1)))
                .clamp(Background::MIN_SCALE, Background::MAX_SCALE);
        }
        self.edit(|doc| {
            doc.apply(Transaction {
                label: "Trace a scan".into(),
                edits: vec![Edit::Background {
                    page,
                    background: Some(background),
                }],
            })
        });
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
        let Some(doc) = &self.doc else {
            return;
        };
        let key = (self.doc_serial, doc.generation());
        if self.checked != Some(key) {
            self.checker.submit(&doc.pack, doc.is_lone_page());
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
            && let Some(doc) = &mut self.doc
        {
            doc.history.close_stroke();
        }
        if let (Some(saver), Some(doc)) = (&mut self.autosaver, &self.doc) {
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

/// The end of a save's status message for the scans it copied into the pack.
fn scans_copied(count: usize) -> String {
    match count {
        0 => String::new(),
        1 => " and copied 1 scan into the pack".to_string(),
        n => format!(" and copied {n} scans into the pack"),
    }
}

/// Records the actions whose shortcuts were pressed. Shortcuts with more
/// modifiers are tried first (egui matches Ctrl+Z inside Ctrl+Shift+Z), and
/// bare keys are left to a text field that has focus.
fn shortcuts(ctx: &Context, out: &mut Commands) {
    let typing = ctx.egui_wants_keyboard_input();
    let mut pairs: Vec<(Action, egui::KeyboardShortcut)> = Action::all()
        .flat_map(|action| action.shortcuts().iter().map(move |s| (action, *s)))
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
    out.extend(ran.into_iter().map(Command::Run));
}

impl eframe::App for EditorApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.ui_frame(ui);
    }
}
