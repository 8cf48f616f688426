//! The Enormity board: a pack of pages with the page and layout views, the
//! pages list, the inspector, the drawing tools and the play test, and the
//! page operations behind Enormity's own actions.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use deckplan_schema::enormity::{Background, PageId};
use eframe::egui::{self, Button, CentralPanel, Context, Panel, ScrollArea, Ui};

use super::Central;
use super::action::{PageAction, shared_text};
use super::background::Scans;
use super::command::Command;
use super::dialogs::{NewPageForm, PageDialog, ResizeForm, page_dialog_ui};
use super::document::Document;
use super::edit::{Edit, EditError, Transaction};
use super::fixes::Fix;
use super::ops;
use super::panels::inspector::{Inspector, InspectorContext};
use super::panels::layout_view::{LayoutView, joins_ui};
use super::panels::page_view::{Caches, PageView, PageViewContext, mark_centre};
use super::panels::pages::pages_ui;
use super::panels::playtest::{hover_ui, playtest_ui};
use super::playtest::{MapVersion, PlayTest};
use super::problems::ProblemMark;
use super::scenes::Scenes;
use super::selection::Selection;
use super::tools::{ToolContext, ToolKind, Tools, icon};
use super::view::Geometry;
use crate::action::Action;
use crate::app::Mode;
use crate::board::{
    ActionState, ActionText, Board, BoardActions, Effects, FixOffer, Frame, Menu, ProblemHelp,
    Status, Wake,
};
use crate::command::{BoardCommand, Commands};
use crate::dialogs::{BoardPath, PathForm, PathPurpose};
use crate::export::{Picture, Style};
use crate::files::{Origin, Saved};
use crate::problems::{LintJob, Problem};
use crate::recovery::Autosave;

/// The open pack and everything the Enormity board draws around it.
pub struct EnormityBoard {
    pub(super) doc: Document,
    pub(super) page: Option<PageId>,
    /// The play-test figures and the rules engine's last answer.
    pub(super) play: PlayTest,
    pub(super) central: Central,
    pub(super) page_view: PageView,
    pub(super) layout_view: LayoutView,
    pub(super) tools: Tools,
    pub(super) selection: Selection,
    inspector: Inspector,
    scans: Scans,
    /// The scenes of the pages the canvases show, rebuilt when a page changes.
    scenes: Scenes,
    /// The rectangle copied last (it can be pasted on any page).
    clip: Option<super::region::Clip>,
    /// The board's own dialog.
    pub(super) dialog: Option<PageDialog>,
    /// The egui context of the last frame, to upload a scan chosen in a dialog.
    ctx: Option<Context>,
    /// The chosen problem's editor help and fixes, for the map version they were worked out on.
    problem_help: RefCell<Option<FixSearch>>,
    /// Files that did not load and are left untouched.
    load_problems: usize,
}

/// The help and fixes of one problem on one version of the map: working
/// out fixes runs the checks again, so it is done once, not every frame.
struct FixSearch {
    problem: Problem,
    generation: u64,
    /// Whether the fixes were looked for (the report was of this map).
    complete: bool,
    /// The worker looking for fixes, while it does.
    searching: Option<std::sync::mpsc::Receiver<Vec<Fix>>>,
    help: Option<String>,
    fixes: Vec<Fix>,
}

impl FixSearch {
    fn shown(&self) -> ProblemHelp {
        ProblemHelp {
            help: self.help.clone(),
            fixes: self
                .fixes
                .iter()
                .map(|fix| FixOffer {
                    label: fix.label.clone(),
                    command: BoardCommand::new(Command::Apply(fix.transaction())),
                })
                .collect(),
            searching: self.searching.is_some(),
        }
    }
}

impl EnormityBoard {
    /// A board for a document, showing its start page.
    pub fn new(doc: Document) -> Self {
        let order = ops::page_order(&doc.pack);
        let page = Some(doc.pack.start)
            .filter(|p| doc.pack.pages.contains_key(p))
            .or_else(|| order.first().copied());
        let load_problems = doc.load_problems.len();
        Self {
            doc,
            page,
            play: PlayTest::default(),
            central: Central::Page,
            page_view: PageView::default(),
            layout_view: LayoutView::default(),
            tools: Tools::default(),
            selection: Selection::None,
            inspector: Inspector::default(),
            scans: Scans::default(),
            scenes: Scenes::default(),
            clip: None,
            dialog: None,
            ctx: None,
            problem_help: RefCell::new(None),
            load_problems,
        }
    }

    /// The document.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    fn current_page(&self) -> Option<&deckplan_schema::enormity::Page> {
        self.doc.pack.pages.get(&self.page?)
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
        let pages = &self.doc.pack.pages;
        if self.page.is_none_or(|p| !pages.contains_key(&p)) {
            self.page = ops::page_order(&self.doc.pack).first().copied();
        }
        if self
            .selection
            .page()
            .is_some_and(|p| !self.doc.pack.pages.contains_key(&p))
        {
            self.selection = Selection::None;
        }
    }

    /// Applies an edit to the document, reporting a failure in the status bar.
    fn edit(
        &mut self,
        effects: &mut Effects,
        change: impl FnOnce(&mut Document) -> Result<(), EditError>,
    ) {
        if let Err(error) = change(&mut self.doc) {
            effects.say(format!("Not changed: {error}"));
        }
        // A page removed by an edit (or brought back by undo) changes what can be shown.
        self.keep_page_valid();
    }

    fn apply_step(&mut self, effects: &mut Effects, transaction: Transaction) {
        self.edit(effects, |doc| doc.apply(transaction));
    }

    /// What the Enormity actions need to know to be enabled.
    fn page_info(&self, mode: Mode) -> PageInfo {
        let order = ops::page_order(&self.doc.pack);
        let index = self.page.and_then(|p| order.iter().position(|o| *o == p));
        PageInfo {
            lone_page: self.doc.is_lone_page(),
            has_page: index.is_some(),
            many_pages: self.doc.pack.pages.len() > 1,
            first_page: index == Some(0),
            last_page: index.is_some_and(|i| i + 1 == order.len()),
            selection: self.selection != Selection::None,
            aligning: self.page_view.align.is_some(),
            area: matches!(self.selection, Selection::Area { .. }),
            clip: self.clip.is_some(),
            layout: self.central == Central::Layout,
            tool: self.tools.active,
            playtest: mode == Mode::PlayTest,
        }
    }

    fn load_background(&mut self, effects: &mut Effects, page: PageId, path: &Path) {
        let image = match path.canonicalize() {
            Ok(image) => image,
            Err(error) => {
                effects.say(format!("Cannot read {}: {error}", path.display()));
                return;
            }
        };
        self.scans.forget(&image);
        let Some(ctx) = self.ctx.clone() else {
            return;
        };
        let size = match self.scans.get(&ctx, &image) {
            Ok(texture) => texture.size(),
            Err(error) => {
                let error = error.to_string();
                effects.open(crate::dialogs::Dialog::Message {
                    title: "Cannot use this scan".into(),
                    text: format!("{}: {error}", path.display()),
                });
                return;
            }
        };
        // Nothing is written here: a scan from outside the pack is shown from
        // where it is and copied into `scans/` when the page is saved.
        let image_path = match self.doc.adopt_scan(page, &image) {
            Ok(image_path) => image_path,
            Err(error) => {
                effects.say(format!("Cannot read {}: {error}", path.display()));
                return;
            }
        };
        let Some(page_ref) = self.doc.pack.pages.get(&page) else {
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
        self.apply_step(
            effects,
            Transaction {
                label: "Trace a scan".into(),
                edits: vec![Edit::Background {
                    page,
                    background: Some(background),
                }],
            },
        );
    }

    /// The selected rectangle and its page.
    fn selected_area(&self) -> Option<(&deckplan_schema::enormity::Page, super::region::Area)> {
        let Selection::Area { page, area } = self.selection else {
            return None;
        };
        Some((self.doc.pack.pages.get(&page)?, area))
    }

    /// Replaces the page `id` with `page` as one undo step.
    fn replace_page(
        &mut self,
        effects: &mut Effects,
        label: &str,
        id: PageId,
        page: deckplan_schema::enormity::Page,
    ) {
        self.apply_step(
            effects,
            Transaction {
                label: label.into(),
                edits: vec![Edit::Page {
                    id,
                    page: Some(Box::new(page)),
                }],
            },
        );
    }

    /// Pastes the clip at the selected place, else the space under the
    /// pointer, else the page's south-west corner, and selects it.
    fn paste(&mut self, effects: &mut Effects) {
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
        let pasted = super::region::pasted(page, clip, at);
        let size = clip.size;
        let area = super::region::Area {
            min: at,
            max: deckplan_schema::enormity::Space {
                col: (at.col + size.columns - 1).min(page.size.columns.saturating_sub(1)),
                row: (at.row + size.rows - 1).min(page.size.rows.saturating_sub(1)),
            },
        };
        self.replace_page(effects, "Paste", id, pasted);
        self.selection = Selection::Area { page: id, area };
    }

    /// Turns or mirrors the selected rectangle in place, keeping its
    /// south-west corner (a turned rectangle may reach further).
    fn transform_area(&mut self, effects: &mut Effects, how: super::transform::Transform) {
        let Some((page, area)) = self.selected_area() else {
            return;
        };
        let clip = super::transform::transformed(&super::region::copy(page, area), how);
        let id = page.id;
        let result = super::region::pasted(&super::region::cleared(page, area), &clip, area.min);
        let max = deckplan_schema::enormity::Space {
            col: (area.min.col + clip.size.columns - 1).min(page.size.columns.saturating_sub(1)),
            row: (area.min.row + clip.size.rows - 1).min(page.size.rows.saturating_sub(1)),
        };
        let label = match how {
            super::transform::Transform::RotateClockwise => "Rotate selection",
            _ => "Mirror selection",
        };
        self.replace_page(effects, label, id, result);
        self.selection = Selection::Area {
            page: id,
            area: super::region::Area { min: area.min, max },
        };
    }

    /// Adds a copy of the shown page under the next free page number of its
    /// book, and shows it.
    fn duplicate_page(&mut self, effects: &mut Effects) {
        let doc = &self.doc;
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
            effects.say("Book is full: pages are numbered up to 999");
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
        self.apply_step(
            effects,
            Transaction {
                label: format!("Duplicate page {from} as {id}"),
                edits,
            },
        );
        self.show_page(id);
    }

    fn delete_selection(&mut self, effects: &mut Effects) {
        let doc = &self.doc;
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
                page: Some(Box::new(super::region::cleared(page, area))),
            }],
        };
        if edits.is_empty() {
            effects.say("Nothing to delete here");
            return;
        }
        self.apply_step(
            effects,
            Transaction {
                label: "Delete".into(),
                edits,
            },
        );
    }

    /// A page or the layout, as `deckplan render` draws it, for the export dialog.
    fn picture(&self, page: Option<PageId>) -> Picture {
        let pack = Arc::new(self.doc.pack.clone());
        let what = page.map_or_else(|| "pack layout".to_string(), |id| format!("page {id}"));
        let name = page.map_or_else(|| "layout".to_string(), |id| id.to_string());
        Picture {
            what,
            name,
            detailed: page.is_some(),
            scene: Arc::new(move |style: &Style| {
                use deckplan_validator::enormity::draw::{layout, page as page_draw};
                Ok(match page {
                    Some(id) => {
                        let page = pack
                            .pages
                            .get(&id)
                            .ok_or_else(|| format!("no page {id} in the pack"))?;
                        page_draw::page_scene(
                            page,
                            &page_draw::PageStyle {
                                title: style.title,
                                coordinates: style.coordinates,
                                legend: style.legend,
                            },
                        )
                    }
                    None => layout::pack_scene(
                        &pack,
                        &layout::LayoutStyle {
                            title: style.title,
                            coordinates: style.coordinates,
                            legend: style.legend,
                            ..layout::LayoutStyle::default()
                        },
                    ),
                })
            }),
        }
    }

    /// Waits (up to `timeout`) for the fixes of the chosen problem being
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

    fn run_page_action(&mut self, action: PageAction, effects: &mut Effects) {
        match action {
            PageAction::ExportPage | PageAction::ExportLayout => {
                let page = (action == PageAction::ExportPage)
                    .then_some(self.page)
                    .flatten();
                effects.export(self.picture(page));
            }
            PageAction::ToggleLayout => {
                self.central = match self.central {
                    Central::Page => Central::Layout,
                    Central::Layout => Central::Page,
                };
            }
            PageAction::AddPage => {
                self.dialog = Some(PageDialog::NewPage(NewPageForm::add_page(
                    &self.doc, self.page,
                )));
            }
            PageAction::RemovePage => {
                if let Some(page) = self.page {
                    self.dialog = Some(PageDialog::RemovePage(page));
                }
            }
            PageAction::ResizePage => {
                if let Some(page) = self.current_page() {
                    self.dialog = Some(PageDialog::Resize(ResizeForm::new(page)));
                }
            }
            PageAction::DuplicatePage => self.duplicate_page(effects),
            PageAction::RotatePage
            | PageAction::MirrorPageWestEast
            | PageAction::MirrorPageNorthSouth => {
                let how = match action {
                    PageAction::RotatePage => super::transform::Transform::RotateClockwise,
                    PageAction::MirrorPageWestEast => super::transform::Transform::MirrorWestEast,
                    _ => super::transform::Transform::MirrorNorthSouth,
                };
                if self.selected_area().is_some() {
                    self.transform_area(effects, how);
                    return;
                }
                // The page's joins turn with it, in the same undo step.
                let Some(turn) = self
                    .page
                    .and_then(|id| super::transform::turn_page(&self.doc.pack, id, how))
                else {
                    return;
                };
                self.selection = Selection::None;
                effects.clear_message();
                // Said before applying, so a refusal's "Not changed" stays.
                if let Some(message) = turn.message {
                    effects.say(message);
                }
                self.apply_step(
                    effects,
                    Transaction {
                        label: how.label().into(),
                        edits: turn.edits,
                    },
                );
            }
            PageAction::MovePageUp | PageAction::MovePageDown => {
                let up = action == PageAction::MovePageUp;
                let edit = self
                    .page
                    .and_then(|page| ops::move_page(&self.doc.pack, page, up));
                if let Some(edit) = edit {
                    let label = if up { "Move page up" } else { "Move page down" };
                    self.apply_step(
                        effects,
                        Transaction {
                            label: label.into(),
                            edits: vec![edit],
                        },
                    );
                }
            }
            PageAction::PreviousPage | PageAction::NextPage => {
                let order = ops::page_order(&self.doc.pack);
                let at = self.page.and_then(|p| order.iter().position(|o| *o == p));
                let next = match (at, action) {
                    (Some(i), PageAction::PreviousPage) => i.checked_sub(1),
                    (Some(i), _) => Some(i + 1),
                    (None, _) => Some(0),
                };
                if let Some(page) = next.and_then(|i| order.get(i)) {
                    self.show_page(*page);
                }
            }
            PageAction::LoadBackground => {
                if let Some(page) = self.page {
                    effects.open(crate::dialogs::Dialog::Path(PathForm::new(
                        PathPurpose::Board(scan_path(page)),
                        String::new(),
                    )));
                }
            }
            PageAction::Tool(tool) => {
                if self.tools.active != tool {
                    // What the last tool said is not about this one.
                    effects.clear_message();
                }
                self.tools.active = tool;
                self.central = Central::Page;
            }
        }
    }

    /// The side panels and the canvas.
    fn panels_ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        let out = &mut *frame.out;
        let playing = frame.mode == Mode::PlayTest;
        let doc = &self.doc;
        Panel::left("pages")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| pages_ui(ui, doc, self.page, frame.actions, out));
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
                            icon::heading(ui, self.tools.active);
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
                        report: frame.report,
                        focused_problem: frame.focused_problem,
                        grid: frame.grid,
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
}

/// The path dialog that lays a scan under `page`.
fn scan_path(page: PageId) -> BoardPath {
    BoardPath {
        title: "Trace a scan",
        explain: "A PNG or JPEG scan of the printed page. One from outside the pack folder is copied into scans/ when you save.",
        confirm: "Load scan",
        filter: (
            "Choose a scan of the printed page",
            "PNG or JPEG image",
            &["png", "jpg", "jpeg"],
        ),
        then: Arc::new(move |path| BoardCommand::new(Command::LoadBackground(page, path))),
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

/// What the Enormity actions need to know about the board to be enabled.
#[derive(Clone, Copy, Debug, Default)]
struct PageInfo {
    lone_page: bool,
    has_page: bool,
    many_pages: bool,
    first_page: bool,
    last_page: bool,
    selection: bool,
    aligning: bool,
    area: bool,
    clip: bool,
    layout: bool,
    tool: ToolKind,
    playtest: bool,
}

impl PageInfo {
    /// Whether an Enormity action can run now, and why not.
    fn page_state(&self, action: PageAction) -> ActionState {
        let lone = "A lone page file holds one page: open or create a pack to add pages";
        let open = "Open a pack or page first";
        match action {
            PageAction::ToggleLayout => ActionState::when(true, open).checked(self.layout),
            PageAction::AddPage => ActionState::when(!self.lone_page, lone),
            PageAction::RemovePage => ActionState::when(
                self.has_page && self.many_pages,
                "A pack keeps at least one page",
            ),
            PageAction::ResizePage
            | PageAction::LoadBackground
            | PageAction::RotatePage
            | PageAction::MirrorPageWestEast
            | PageAction::MirrorPageNorthSouth => {
                ActionState::when(self.has_page && !self.playtest, open)
            }
            PageAction::DuplicatePage => ActionState::when(
                self.has_page && !self.lone_page && !self.playtest,
                if self.lone_page { lone } else { open },
            ),
            PageAction::MovePageUp | PageAction::PreviousPage => {
                ActionState::when(self.has_page && !self.first_page, open)
            }
            PageAction::MovePageDown | PageAction::NextPage => {
                ActionState::when(self.has_page && !self.last_page, open)
            }
            PageAction::Tool(tool) => ActionState::when(self.has_page && !self.playtest, open)
                .checked(self.tool == tool && !self.layout && !self.playtest),
            PageAction::ExportPage => ActionState::when(self.has_page, open),
            PageAction::ExportLayout => ActionState::when(!self.lone_page, open),
        }
    }

    /// Whether a shared action the board answers can run now, and why not.
    fn shared_state(&self, action: Action) -> Option<ActionState> {
        let nothing = "Nothing is selected";
        Some(match action {
            Action::Cut | Action::Copy => ActionState::when(
                self.area && !self.playtest,
                "Select a rectangle first: drag across spaces with the select tool (V)",
            ),
            Action::Paste => ActionState::when(
                self.clip && self.has_page && !self.playtest,
                "Copy a rectangle first",
            ),
            Action::Delete => ActionState::when(self.selection, nothing),
            Action::Deselect => ActionState::when(self.selection || self.aligning, nothing),
            Action::Fit | Action::ZoomIn | Action::ZoomOut | Action::ToggleGrid => {
                ActionState::when(true, "")
            }
            Action::TogglePlayTest => ActionState::when(self.has_page, "Open a pack or page first"),
            _ => return None,
        })
    }
}

impl Board for EnormityBoard {
    fn ruleset(&self) -> &'static str {
        "enormity"
    }

    fn title(&self) -> String {
        self.doc.title()
    }

    fn origin(&self) -> &Origin {
        &self.doc.origin
    }

    fn file_nouns(&self) -> (&'static str, &'static str) {
        ("page", "page files")
    }

    fn opened(&self) -> Option<String> {
        (self.load_problems > 0).then(|| {
            format!(
                "{} files did not load and are left untouched: see Problems",
                self.load_problems
            )
        })
    }

    fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    fn generation(&self) -> u64 {
        self.doc.generation()
    }

    fn undo_label(&self) -> Option<String> {
        self.doc.history.undo_label().map(str::to_string)
    }

    fn redo_label(&self) -> Option<String> {
        self.doc.history.redo_label().map(str::to_string)
    }

    fn undo(&mut self) -> Result<Option<String>, String> {
        let result = self.doc.undo().map_err(|e| e.to_string());
        self.keep_page_valid();
        result
    }

    fn redo(&mut self) -> Result<Option<String>, String> {
        let result = self.doc.redo().map_err(|e| e.to_string());
        self.keep_page_valid();
        result
    }

    fn close_stroke(&mut self) {
        self.doc.history.close_stroke();
    }

    fn save(&mut self) -> Result<Saved, String> {
        let summary = self.doc.save().map_err(|e| e.to_string())?;
        Ok(Saved {
            written: summary.written.len(),
            also: scans_copied(summary.scans_copied),
        })
    }

    fn save_as(&mut self, path: &Path) -> Result<Saved, String> {
        let summary = self.doc.save_as(path).map_err(|e| e.to_string())?;
        Ok(Saved {
            written: summary.written.len(),
            also: scans_copied(summary.scans_copied),
        })
    }

    fn autosave(&self) -> Option<&dyn Autosave> {
        Some(&self.doc)
    }

    fn lint(&self) -> LintJob {
        super::problems::lint_job(&self.doc.pack, self.doc.is_lone_page())
    }

    fn show_problem(&mut self, problem: &Problem, _: &mut Effects) {
        let page = super::problems::page(problem);
        if let Some(page) = page {
            self.show_page(page);
        }
        match (super::problems::mark(problem), page) {
            (Some(ProblemMark::Join(..)), _) => self.central = Central::Layout,
            (Some(mark), Some(page)) => {
                self.central = Central::Page;
                let size = self.doc.pack.pages.get(&page).map(|p| p.size);
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

    /// Help is worked out at once; fixes run the checks again, on a worker
    /// thread, once per problem and map version, and only on a report of
    /// this very map (an older report's places may have moved).
    fn problem_help(&self, problem: &Problem, current: bool, wake: &Wake) -> Option<ProblemHelp> {
        let generation = self.doc.generation();
        let mut cache = self.problem_help.borrow_mut();
        let fresh = cache.as_ref().is_some_and(|h| {
            h.generation == generation
                && h.problem == *problem
                && (h.complete || h.searching.is_some() || !current)
        });
        if !fresh {
            let searching = current.then(|| {
                let (sender, receiver) = std::sync::mpsc::channel();
                let (pack, wanted) = (self.doc.pack.clone(), problem.clone());
                let wake = Arc::clone(wake);
                let spawned = std::thread::Builder::new()
                    .name("fixes".into())
                    .spawn(move || {
                        let _ = sender.send(super::fixes::fixes(&pack, &wanted));
                        wake();
                    });
                if spawned.is_err() {
                    // No thread to be had: no fixes offered, the help still shows.
                    return std::sync::mpsc::channel().1;
                }
                receiver
            });
            *cache = Some(FixSearch {
                problem: problem.clone(),
                generation,
                complete: false,
                searching,
                help: super::fixes::editor_help(&self.doc.pack, problem),
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
        cache.as_ref().map(FixSearch::shown)
    }

    fn actions(&self, mode: Mode) -> BoardActions {
        let info = self.page_info(mode);
        let mut states = HashMap::new();
        let mut texts = HashMap::new();
        let mut own = Vec::new();
        for action in Action::SHELL {
            if let Some(state) = info.shared_state(action) {
                states.insert(action, state);
            }
            if let Some(description) = shared_text(action) {
                texts.insert(
                    action,
                    ActionText {
                        label: action.label(),
                        description,
                        shortcuts: action.shortcuts(),
                    },
                );
            }
        }
        for page_action in PageAction::all() {
            let action: Action = page_action.into();
            if let Action::Game(game) = action {
                own.push(game);
            }
            states.insert(action, info.page_state(page_action));
            texts.insert(
                action,
                ActionText {
                    label: page_action.label(),
                    description: page_action.description(),
                    shortcuts: page_action.shortcuts(),
                },
            );
        }
        let page = |actions: &[PageAction]| -> Vec<Option<Action>> {
            actions.iter().map(|a| Some((*a).into())).collect()
        };
        let mut page_menu = page(&[
            PageAction::AddPage,
            PageAction::RemovePage,
            PageAction::DuplicatePage,
            PageAction::ResizePage,
            PageAction::RotatePage,
            PageAction::MirrorPageWestEast,
            PageAction::MirrorPageNorthSouth,
        ]);
        page_menu.push(None);
        page_menu.extend(page(&[
            PageAction::MovePageUp,
            PageAction::MovePageDown,
            PageAction::PreviousPage,
            PageAction::NextPage,
        ]));
        page_menu.push(None);
        page_menu.extend(page(&[PageAction::LoadBackground]));
        let tools: Vec<PageAction> = ToolKind::ALL.into_iter().map(PageAction::Tool).collect();
        BoardActions {
            states,
            texts,
            own,
            file: page(&[PageAction::ExportPage, PageAction::ExportLayout]),
            view: page(&[PageAction::ToggleLayout]),
            menus: vec![
                Menu {
                    title: "Page",
                    items: page_menu,
                },
                Menu {
                    title: "Tools",
                    items: page(&tools),
                },
            ],
        }
    }

    fn run(&mut self, action: Action, _: Mode, effects: &mut Effects) {
        match action {
            Action::Delete => self.delete_selection(effects),
            Action::Copy | Action::Cut => {
                let Some((page, area)) = self.selected_area() else {
                    return;
                };
                self.clip = Some(super::region::copy(page, area));
                let size = area.size();
                effects.say(format!(
                    "Copied {} × {} spaces: paste with Ctrl+V here or on another page",
                    size.columns, size.rows
                ));
                if action == Action::Cut {
                    self.delete_selection(effects);
                }
            }
            Action::Paste => self.paste(effects),
            Action::Deselect => {
                // Esc first cancels a scan alignment, leaving the scan as it was.
                if self.page_view.align.take().is_some() {
                    effects.say("Alignment cancelled: the scan is as it was");
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
            other => {
                if let Some(page_action) = PageAction::of(other) {
                    self.run_page_action(page_action, effects);
                }
            }
        }
    }

    fn apply(&mut self, command: &BoardCommand, effects: &mut Effects) {
        let Some(command) = command.get::<Command>() else {
            return;
        };
        match command.clone() {
            Command::Apply(transaction) => self.apply_step(effects, transaction),
            Command::Stroke(stroke, transaction) => {
                self.edit(effects, |doc| doc.apply_stroke(stroke, transaction));
            }
            Command::Select(selection) => {
                if let Some(page) = selection.page() {
                    self.show_page(page);
                }
                self.selection = selection;
            }
            Command::ShowPage(page) => self.show_page(page),
            Command::LoadBackground(page, path) => self.load_background(effects, page, &path),
            Command::AlignScan(page) => {
                self.show_page(page);
                self.central = Central::Page;
                self.page_view.align = Some(super::align::ScanAlign::new(page));
            }
            // These go to the shell (see `From<Command>`), never here.
            Command::Run(_) | Command::Status(_) => {}
        }
    }

    fn mode_changed(&mut self, _: Mode) {
        self.central = Central::Page;
    }

    fn toolbar_ui(&self, ui: &mut Ui, actions: &BoardActions, out: &mut Commands) {
        for tool in ToolKind::ALL {
            let action: Action = PageAction::Tool(tool).into();
            let on = actions.checked(action).unwrap_or(false);
            let response = icon::tool_button(ui, tool, on, actions.enabled(action));
            let shortcut = actions
                .shortcuts(action)
                .first()
                .map(|s| ui.ctx().format_shortcut(s))
                .unwrap_or_default();
            let response =
                response.on_hover_text(format!("{} ({shortcut})\n{}", tool.label(), tool.hint()));
            if response.clicked() {
                out.push(Command::Run(action));
            }
        }
        ui.separator();
        let action: Action = PageAction::ToggleLayout.into();
        let layout = actions.checked(action).unwrap_or(false);
        let shortcut = actions
            .shortcuts(action)
            .first()
            .map(|s| ui.ctx().format_shortcut(s))
            .unwrap_or_default();
        let response = ui
            .add_enabled(
                actions.enabled(action),
                Button::selectable(layout, "⊞ Layout"),
            )
            .on_hover_text(format!(
                "{} ({shortcut})",
                PageAction::ToggleLayout.description()
            ));
        if response.clicked() {
            out.push(Command::Run(action));
        }
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut Frame<'_>) {
        self.ctx = Some(ui.ctx().clone());
        self.scenes.forget_missing(&self.doc.pack);
        if frame.mode == Mode::PlayTest {
            let version = MapVersion {
                document: 0,
                generation: self.doc.generation(),
            };
            self.play.sight_to = self
                .page
                .zip(self.page_view.hover_space)
                .map(
                    |(page, space)| deckplan_validator::enormity::board::PageSpace { page, space },
                );
            self.play
                .refresh_in_background(&self.doc.pack, version, self.page, frame.wake);
        }
        self.panels_ui(ui, frame);
        if let Some(dialog) = &mut self.dialog
            && !page_dialog_ui(ui.ctx(), dialog, &self.doc, frame.out)
        {
            self.dialog = None;
        }
    }

    fn has_dialog(&self) -> bool {
        self.dialog.is_some()
    }

    fn status(&self, mode: Mode) -> Status {
        let hover = (self.central == Central::Page)
            .then(|| self.page_view.hover_text.clone())
            .flatten();
        let hint = match (self.central, mode) {
            (Central::Layout, _) => {
                "Drag pages against each other to join them; Alt snaps to half spaces"
            }
            (Central::Page, Mode::PlayTest) => {
                "Left click places the chosen piece · right click removes it · hover a space for its path"
            }
            (Central::Page, Mode::Edit) => self.tools.active.hint(),
        };
        Status {
            hover,
            hint: hint.to_string(),
            zoom: (self.central == Central::Page)
                .then_some(self.page_view.geometry.map(|g| (g.cell, "space")))
                .flatten(),
        }
    }

    fn dropped(&self, path: &Path) -> Option<BoardCommand> {
        let is_scan = path.extension().is_some_and(|e| {
            let e = e.to_string_lossy().to_ascii_lowercase();
            e == "png" || e == "jpg" || e == "jpeg"
        });
        let page = self.page.filter(|_| is_scan)?;
        Some(BoardCommand::new(Command::LoadBackground(
            page,
            path.to_path_buf(),
        )))
    }

    fn settle(&mut self, timeout: Duration) -> bool {
        let play = self.play.wait_for_worker(timeout);
        let fixes = self.wait_for_fixes(timeout);
        play && fixes
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
