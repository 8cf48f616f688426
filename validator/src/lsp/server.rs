//! The server: one loop that answers the client, and one worker thread that
//! lints.
//!
//! The loop keeps the open documents, and their texts in [`Buffers`], as
//! each change arrives; everything read from then on — by lint, by a game's
//! hover — is read through a target's `Sources` made from them, so it reads
//! what the editor holds. A lint is `deckplan lint`'s own call
//! ([`lint_sources`]) on a snapshot of those texts.
//! A change marks the document's target (its pack, or the file alone) to be
//! linted once no change has come for the debounce time; the worker lints
//! one target at a time, so the loop never waits for a lint and typing
//! stays smooth however large the pack. While a lint runs, changes only mark
//! their targets again; a target is linted at most once more when it ends,
//! and the findings of the text it had are dropped unpublished: their spans
//! point into text the editor no longer holds.
//!
//! The findings of a target are published for every file they are in — the
//! page changed, the pack's other pages, `pack.toml` — and an empty list is
//! published for the files of the target that no longer have any. Requests
//! (hover, definitions, symbols, code actions, completion) are answered on
//! the loop from the current text. A request or a lint that panics is
//! answered with an error and logged; the server serves on.
//!
//! A map file changed on disk outside the editor (a `git checkout`, another
//! tool) re-checks the pack it belongs to, when the client can watch files
//! for the server: it is asked to at `initialized`, for every `.toml` file
//! (the only files a pack reads). A file open in the client is left to its
//! text there.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, after, never, select};
use deckplan_schema::sources::{Sources, Target};
use deckplan_schema::{confine, limits, load, memo};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, LogMessage, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest,
    RegisterCapability, Request as _,
};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CompletionItem,
    CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    DidChangeTextDocumentParams, DidChangeWatchedFilesParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DocumentSymbolParams, DocumentSymbolResponse, Documentation,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents, HoverParams, Location,
    LogMessageParams, MarkupContent, MarkupKind, MessageType, PublishDiagnosticsParams, TextEdit,
    Uri,
};
use serde_json::json;

use super::buffers::{Buffers, real};
use super::outline::{Outline, Step};
use super::support::{At, File, Spot, TextFix};
use super::text::{Encoding, Lines, path_of, uri_of};
use super::{actions, complete, convert, home};
use crate::diagnostic::Diagnostic;
use crate::lint::lint_sources;

/// How long the server waits after a change for the next one before it
/// lints: long enough to take a burst of edits (a paste, an editor's fix of
/// several lines) in one lint, short beside a keystroke.
pub const DEFAULT_DEBOUNCE: Duration = Duration::from_millis(20);

/// How the server runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The quiet time after a change before the lint starts (the client's
    /// `initializationOptions.debounceMs` overrides it).
    pub debounce: Duration,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            debounce: DEFAULT_DEBOUNCE,
        }
    }
}

/// Serves one client on `connection` until it says `exit` or goes away.
pub fn serve(connection: &Connection, options: Options) -> anyhow::Result<()> {
    let (id, params) = connection.initialize_start()?;
    let offered: Option<Vec<lsp_types::PositionEncodingKind>> = params
        .pointer("/capabilities/general/positionEncodings")
        .and_then(|v| serde_json::from_value(v.clone()).ok());
    let encoding = Encoding::choose(offered.as_deref());
    let debounce = params
        .pointer("/initializationOptions/debounceMs")
        .and_then(serde_json::Value::as_u64)
        .map_or(options.debounce, Duration::from_millis);
    let watches = params
        .pointer("/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false);
    connection.initialize_finish(
        id,
        json!({
            "capabilities": capabilities(encoding),
            "serverInfo": { "name": "deckplan", "version": env!("CARGO_PKG_VERSION") },
        }),
    )?;
    if watches {
        // The client's answer changes nothing: without the watcher, files
        // changed on disk are read again at the next change in the editor.
        let _ = connection.sender.send(Message::Request(Request::new(
            RequestId::from(WATCH_REGISTRATION.to_string()),
            RegisterCapability::METHOD.to_string(),
            watch_registration(),
        )));
    }
    // Every change checks the whole pack again: the files that did not change
    // are not parsed again.
    memo::enable();
    let (jobs, job_queue) = crossbeam_channel::unbounded::<Sources>();
    let (done, finished) = crossbeam_channel::unbounded::<Linted>();
    let worker = std::thread::Builder::new()
        .name("deckplan-lint".to_string())
        .spawn(move || {
            for sources in job_queue {
                let diagnostics = lint_target(&sources);
                if done
                    .send(Linted {
                        target: sources.target().clone(),
                        diagnostics,
                    })
                    .is_err()
                {
                    break;
                }
            }
        })?;
    let mut server = Server {
        sender: connection.sender.clone(),
        encoding,
        debounce,
        documents: BTreeMap::new(),
        open: Buffers::default(),
        dirty: BTreeSet::new(),
        deadline: None,
        linting: None,
        jobs,
        results: BTreeMap::new(),
    };
    let outcome = server.run(&connection.receiver, &finished);
    drop(server);
    // The worker ends with its queue; a lint in progress is left to finish.
    let _ = worker;
    memo::disable();
    outcome
}

fn capabilities(encoding: Encoding) -> serde_json::Value {
    json!({
        "positionEncoding": encoding.kind(),
        "textDocumentSync": { "openClose": true, "change": 2, "save": { "includeText": false } },
        "hoverProvider": true,
        "definitionProvider": true,
        "documentSymbolProvider": true,
        "codeActionProvider": { "codeActionKinds": ["quickfix"] },
        "completionProvider": { "triggerCharacters": ["\"", "="] },
    })
}

/// The id of the server's request to watch map files, and of the watcher.
const WATCH_REGISTRATION: &str = "deckplan-watch-map-files";

/// The files whose change on disk the client is asked to report: every
/// `.toml` file, since packs read no other kind (a page's scan is only drawn
/// by the map editor).
fn watch_registration() -> serde_json::Value {
    json!({
        "registrations": [{
            "id": WATCH_REGISTRATION,
            "method": DidChangeWatchedFiles::METHOD,
            "registerOptions": { "watchers": [{ "globPattern": "**/*.toml" }] },
        }],
    })
}

/// A lint the worker finished.
struct Linted {
    target: Target,
    diagnostics: Result<Vec<Diagnostic>, String>,
}

/// Lints one target's texts as `deckplan lint` would, never panicking out.
fn lint_target(sources: &Sources) -> Result<Vec<Diagnostic>, String> {
    let run = || {
        lint_sources(sources)
            .map(|outcome| outcome.diagnostics)
            .map_err(|error| error.to_string())
    };
    catch_unwind(AssertUnwindSafe(run))
        .unwrap_or_else(|_| Err("the check of this file stopped on an internal error".into()))
}

/// An open document.
struct Document {
    uri: Uri,
    /// Its path, as its URI says.
    path: PathBuf,
    /// Its real path: what findings are matched to it by.
    real: PathBuf,
    text: String,
    /// What it is checked as.
    target: Target,
}

struct Server {
    sender: Sender<Message>,
    encoding: Encoding,
    debounce: Duration,
    /// Open documents by URI.
    documents: BTreeMap<String, Document>,
    /// Their texts by path, read in place of their files.
    open: Buffers,
    /// Targets to lint once the debounce time has passed.
    dirty: BTreeSet<Target>,
    deadline: Option<Instant>,
    /// The target the worker is linting.
    linting: Option<Target>,
    jobs: Sender<Sources>,
    /// The last findings of each target, by the real path of their file.
    results: BTreeMap<Target, BTreeMap<PathBuf, Vec<Diagnostic>>>,
}

/// What the loop does after a message.
enum Next {
    Serve,
    Exit,
}

impl Server {
    fn run(
        &mut self,
        receiver: &Receiver<Message>,
        finished: &Receiver<Linted>,
    ) -> anyhow::Result<()> {
        loop {
            let timer = match (self.deadline, &self.linting) {
                (Some(deadline), None) => after(deadline.saturating_duration_since(Instant::now())),
                _ => never(),
            };
            select! {
                recv(receiver) -> message => match message {
                    Ok(message) => {
                        if let Next::Exit = self.handle(message) {
                            return Ok(());
                        }
                    }
                    Err(_) => return Ok(()),
                },
                recv(finished) -> linted => {
                    if let Ok(linted) = linted {
                        self.linting = None;
                        self.publish_target(linted);
                    }
                },
                recv(timer) -> _ => {},
            }
            self.start_due_lint();
        }
    }

    fn send(&self, message: impl Into<Message>) {
        let _ = self.sender.send(message.into());
    }

    fn log(&self, text: String) {
        let params = LogMessageParams {
            typ: MessageType::WARNING,
            message: text,
        };
        self.send(Notification::new(LogMessage::METHOD.to_string(), params));
    }

    fn handle(&mut self, message: Message) -> Next {
        match message {
            Message::Request(request) => {
                if request.method == "shutdown" {
                    self.send(Response::new_ok(request.id, ()));
                    return Next::Serve;
                }
                let id = request.id.clone();
                let method = request.method.clone();
                let answer = catch_unwind(AssertUnwindSafe(|| self.answer(request)));
                match answer {
                    Ok(response) => self.send(response),
                    Err(_) => {
                        self.log(format!(
                            "deckplan: the answer to {method} stopped on an internal error"
                        ));
                        self.send(Response::new_err(
                            id,
                            ErrorCode::InternalError as i32,
                            format!("internal error answering {method}"),
                        ));
                    }
                }
                Next::Serve
            }
            Message::Notification(notification) => {
                if notification.method == "exit" {
                    return Next::Exit;
                }
                let method = notification.method.clone();
                if catch_unwind(AssertUnwindSafe(|| self.notified(notification))).is_err() {
                    self.log(format!("deckplan: {method} stopped on an internal error"));
                }
                Next::Serve
            }
            Message::Response(_) => Next::Serve,
        }
    }

    fn notified(&mut self, notification: Notification) {
        match notification.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(params) =
                    notification.extract::<DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    self.open(params.text_document.uri, params.text_document.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(params) = notification
                    .extract::<DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                {
                    self.change(params);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(params) =
                    notification.extract::<DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    self.close(&params.text_document.uri);
                }
            }
            // The text was already the document's: nothing to read again.
            DidSaveTextDocument::METHOD => {}
            DidChangeWatchedFiles::METHOD => {
                if let Ok(params) = notification
                    .extract::<DidChangeWatchedFilesParams>(DidChangeWatchedFiles::METHOD)
                {
                    self.changed_on_disk(&params);
                }
            }
            _ => {}
        }
    }

    fn open(&mut self, uri: Uri, text: String) {
        let Some(path) = path_of(&uri) else {
            // Only files can be linted: an unsaved buffer has no pack.
            return;
        };
        self.open.set(&path, &text);
        let target = home::target_of(&path, &self.open);
        let document = Document {
            real: real(&path),
            uri: uri.clone(),
            path,
            text,
            target: target.clone(),
        };
        let is_pack_file = is_pack_file(&document.path);
        self.documents.insert(uri.as_str().to_string(), document);
        if is_pack_file {
            self.retarget();
        }
        self.mark(target);
    }

    fn change(&mut self, params: DidChangeTextDocumentParams) {
        let key = params.text_document.uri.as_str().to_string();
        let encoding = self.encoding;
        let Some(document) = self.documents.get_mut(&key) else {
            return;
        };
        for change in params.content_changes {
            match change.range {
                Some(range) => {
                    let lines = Lines::new(&document.text, encoding);
                    let start = lines.offset(range.start);
                    let end = lines.offset(range.end).max(start);
                    document.text.replace_range(start..end, &change.text);
                }
                None => document.text = change.text,
            }
        }
        self.open.set(&document.path, &document.text);
        let target = document.target.clone();
        if is_pack_file(&document.path) {
            // The pages a pack names may have changed.
            self.retarget();
        }
        self.mark(target);
    }

    fn close(&mut self, uri: &Uri) {
        let Some(document) = self.documents.remove(uri.as_str()) else {
            return;
        };
        self.open.remove(&document.path);
        match &document.target {
            // A pack is checked again from its files as saved.
            Target::Pack(_) => self.mark(document.target.clone()),
            Target::File(_) => {
                self.results.remove(&document.target);
                self.dirty.remove(&document.target);
                self.publish(uri.clone(), Vec::new());
            }
        }
        if is_pack_file(&document.path) {
            self.retarget();
        }
    }

    /// Files changed, created or deleted outside the editor: the packs they
    /// are in are checked again, the open documents of each republished. A
    /// file open in the client is not read from disk, so its change there
    /// changes nothing.
    fn changed_on_disk(&mut self, params: &DidChangeWatchedFilesParams) {
        let changed: Vec<PathBuf> = params
            .changes
            .iter()
            .filter_map(|change| path_of(&change.uri))
            .map(|path| real(&path))
            .filter(|real| !self.documents.values().any(|d| &d.real == real))
            .collect();
        if changed.is_empty() {
            return;
        }
        if changed.iter().any(|path| is_pack_file(path)) {
            // A pack made, removed or renaming its pages.
            self.retarget();
        }
        let packs: BTreeSet<Target> = self
            .documents
            .values()
            .map(|d| &d.target)
            .chain(self.results.keys())
            .filter(|target| match target {
                Target::Pack(dir) => {
                    let dir = real(dir);
                    changed.iter().any(|path| path.starts_with(&dir))
                }
                Target::File(_) => false,
            })
            .cloned()
            .collect();
        for target in packs {
            self.mark(target);
        }
    }

    /// Works out again what each open document is checked as (after a
    /// `pack.toml` changed), marking the targets that changed.
    fn retarget(&mut self) {
        let mut marked = Vec::new();
        for document in self.documents.values_mut() {
            let target = home::target_of(&document.path, &self.open);
            if target != document.target {
                marked.push(std::mem::replace(&mut document.target, target.clone()));
                marked.push(target);
            }
        }
        for target in marked {
            self.mark(target);
        }
    }

    fn mark(&mut self, target: Target) {
        self.dirty.insert(target);
        self.deadline = Some(Instant::now() + self.debounce);
    }

    /// Hands the worker the next target once the debounce time has passed.
    fn start_due_lint(&mut self) {
        if self.linting.is_some() || self.deadline.is_none_or(|d| Instant::now() < d) {
            return;
        }
        let Some(target) = self.dirty.pop_first() else {
            self.deadline = None;
            return;
        };
        if self.dirty.is_empty() {
            self.deadline = None;
        }
        if self.jobs.send(self.open.sources(target.clone())).is_ok() {
            self.linting = Some(target);
        }
    }

    /// Publishes a target's findings, and clears those of its files that
    /// have none now.
    fn publish_target(&mut self, linted: Linted) {
        let Linted {
            target,
            diagnostics,
        } = linted;
        if self.dirty.contains(&target) {
            // The text changed while it was checked: these findings point
            // into text the editor no longer holds, and the check of the
            // new text is already due.
            return;
        }
        let diagnostics = match diagnostics {
            Ok(diagnostics) => diagnostics,
            Err(reason) => {
                self.log(format!(
                    "deckplan: cannot check {}: {reason}",
                    target.path().display()
                ));
                Vec::new()
            }
        };
        let cwd = std::env::current_dir().unwrap_or_default();
        let mut by_file: BTreeMap<PathBuf, (PathBuf, Vec<Diagnostic>)> = BTreeMap::new();
        for diagnostic in diagnostics {
            let shown = cwd.join(diagnostic.file.path());
            by_file
                .entry(real(&shown))
                .or_insert_with(|| (shown, Vec::new()))
                .1
                .push(diagnostic);
        }
        // An open document over the size limit is refused by the loader
        // (in a pack, at the line of `pack.toml` naming it): say so in it too.
        for document in self.documents.values().filter(|d| d.target == target) {
            if document.text.len() as u64 > limits::MAX_FILE_BYTES {
                let entry = by_file
                    .entry(document.real.clone())
                    .or_insert_with(|| (document.path.clone(), Vec::new()));
                if entry.1.is_empty() {
                    entry.1.push(too_large(document));
                }
            }
        }
        let before = self.results.remove(&target).unwrap_or_default();
        let mut published = BTreeSet::new();
        for (real, (shown, found)) in &by_file {
            if let Some(uri) = self.uri_for(real, shown) {
                let converted = found.iter().map(|d| self.convert(d, &uri)).collect();
                self.publish(uri, converted);
                published.insert(real.clone());
            }
        }
        let mut cleared: Vec<Uri> = before
            .keys()
            .filter(|real| !published.contains(*real))
            .filter_map(|real| self.uri_for(real, real))
            .collect();
        cleared.extend(
            self.documents
                .values()
                .filter(|d| d.target == target && !published.contains(&d.real))
                .map(|d| d.uri.clone()),
        );
        cleared.sort();
        cleared.dedup();
        for uri in cleared {
            self.publish(uri, Vec::new());
        }
        self.results.insert(
            target,
            by_file
                .into_iter()
                .map(|(real, (_, found))| (real, found))
                .collect(),
        );
    }

    /// The URI findings in a file are published under: the client's own for
    /// an open document.
    fn uri_for(&self, real: &Path, shown: &Path) -> Option<Uri> {
        self.documents
            .values()
            .find(|d| d.real == real)
            .map(|d| d.uri.clone())
            .or_else(|| uri_of(shown))
    }

    fn convert(&self, diagnostic: &Diagnostic, uri: &Uri) -> lsp_types::Diagnostic {
        let lines = Lines::new(diagnostic.file.text(), self.encoding);
        convert::diagnostic(diagnostic, &lines, uri)
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        };
        self.send(Notification::new(
            PublishDiagnostics::METHOD.to_string(),
            params,
        ));
    }

    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            HoverRequest::METHOD => params::<HoverParams>(&request).map(|p| {
                let at = p.text_document_position_params;
                json!(self.hover(&at.text_document.uri, at.position))
            }),
            GotoDefinition::METHOD => params::<GotoDefinitionParams>(&request).map(|p| {
                let at = p.text_document_position_params;
                json!(self.definition(&at.text_document.uri, at.position))
            }),
            DocumentSymbolRequest::METHOD => params::<DocumentSymbolParams>(&request)
                .map(|p| json!(self.symbols(&p.text_document.uri))),
            CodeActionRequest::METHOD => {
                params::<CodeActionParams>(&request).map(|p| json!(self.code_actions(&p)))
            }
            Completion::METHOD => params::<CompletionParams>(&request).map(|p| {
                let at = p.text_document_position;
                json!(self.complete(&at.text_document.uri, at.position))
            }),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("deckplan does not answer {}", request.method),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// The open document at `uri`, with its outline, as a game sees it.
    fn with_file<T>(&self, uri: &Uri, answer: impl FnOnce(&File<'_>, &Document) -> T) -> Option<T> {
        let document = self.documents.get(uri.as_str())?;
        let outline = Outline::of(&document.text);
        let pack = match &document.target {
            Target::Pack(dir) => Some(dir.as_path()),
            Target::File(_) => None,
        };
        let file = File {
            path: &document.path,
            text: &document.text,
            pack,
            outline: &outline,
            open: &self.open,
        };
        Some(answer(&file, document))
    }

    fn hover(&self, uri: &Uri, position: lsp_types::Position) -> Option<Hover> {
        let encoding = self.encoding;
        self.with_file(uri, |file, document| {
            let lines = Lines::new(file.text, encoding);
            let offset = lines.offset(position);
            let entry = file.outline.at(offset)?;
            let ruleset = home::ruleset_of(&document.target, &self.open)?;
            let text = ruleset
                .language()
                .hover(file, &At { entry, offset })
                .or_else(|| generic_hover(file, entry, ruleset))?;
            Some(Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: text,
                }),
                range: Some(lines.range(entry.span)),
            })
        })
        .flatten()
    }

    fn definition(
        &self,
        uri: &Uri,
        position: lsp_types::Position,
    ) -> Option<GotoDefinitionResponse> {
        let encoding = self.encoding;
        let spots = self
            .with_file(uri, |file, document| {
                let offset = Lines::new(file.text, encoding).offset(position);
                let entry = file.outline.at(offset)?;
                let ruleset = home::ruleset_of(&document.target, &self.open)?;
                Some(ruleset.language().definition(file, &At { entry, offset }))
            })
            .flatten()?;
        let locations: Vec<Location> = spots.iter().filter_map(|spot| self.locate(spot)).collect();
        (!locations.is_empty()).then_some(GotoDefinitionResponse::Array(locations))
    }

    /// A spot as a location, placed in its file's text as the editor holds it.
    fn locate(&self, spot: &Spot) -> Option<Location> {
        let (uri, text) = self.text_of(&spot.path)?;
        let lines = Lines::new(&text, self.encoding);
        let range = spot
            .span
            .map_or_else(lsp_types::Range::default, |s| lines.range(s));
        Some(Location::new(uri, range))
    }

    /// A file's URI and its text: the open document's, or the file's on disk
    /// (within the size limit).
    fn text_of(&self, path: &Path) -> Option<(Uri, String)> {
        let wanted = real(path);
        if let Some(document) = self.documents.values().find(|d| d.real == wanted) {
            return Some((document.uri.clone(), document.text.clone()));
        }
        let text = confine::read_text(path, path, limits::MAX_FILE_BYTES).ok()?;
        Some((uri_of(path)?, text))
    }

    fn symbols(&self, uri: &Uri) -> Option<DocumentSymbolResponse> {
        let encoding = self.encoding;
        self.with_file(uri, |file, document| {
            let ruleset = home::ruleset_of(&document.target, &self.open)?;
            let lines = Lines::new(file.text, encoding);
            let symbols = ruleset.language().symbols(file);
            Some(DocumentSymbolResponse::Nested(
                symbols.iter().map(|s| convert::symbol(s, &lines)).collect(),
            ))
        })
        .flatten()
    }

    fn code_actions(&self, params: &CodeActionParams) -> Vec<CodeActionOrCommand> {
        let uri = &params.text_document.uri;
        let encoding = self.encoding;
        self.with_file(uri, |file, document| {
            let lines = Lines::new(file.text, encoding);
            let wanted = lines.offset(params.range.start)..=lines.offset(params.range.end);
            let Some(found) = self
                .results
                .get(&document.target)
                .and_then(|r| r.get(&document.real))
            else {
                return Vec::new();
            };
            let ruleset = home::ruleset_of(&document.target, &self.open);
            let mut fixes: Vec<(TextFix, &Diagnostic)> = Vec::new();
            for diagnostic in found {
                // Findings of a text since changed have spans of that text.
                if diagnostic.file.text() != file.text {
                    continue;
                }
                let (start, end) = diagnostic
                    .span
                    .map_or((0, file.text.len()), |s| (s.start as usize, s.end as usize));
                let touches = start <= *wanted.end() && *wanted.start() <= end;
                if !touches {
                    continue;
                }
                for fix in actions::did_you_mean(file.path, file.text, diagnostic) {
                    fixes.push((fix, diagnostic));
                }
                if let Some(ruleset) = ruleset {
                    if let Some(fix) = self.allow_fix(file, document, ruleset, diagnostic) {
                        fixes.push((fix, diagnostic));
                    }
                    for fix in ruleset.language().fixes(file, diagnostic) {
                        fixes.push((fix, diagnostic));
                    }
                }
            }
            fixes
                .into_iter()
                .filter_map(|(fix, diagnostic)| {
                    let edit = convert::workspace_edit(&fix, |path| self.text_of(path), encoding)?;
                    Some(CodeActionOrCommand::CodeAction(CodeAction {
                        title: fix.title,
                        kind: Some(CodeActionKind::QUICKFIX),
                        diagnostics: Some(vec![self.convert(diagnostic, uri)]),
                        edit: Some(edit),
                        is_preferred: fix.preferred.then_some(true),
                        ..CodeAction::default()
                    }))
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// "Allow this check": a line in the `[lint]` table of the finding's file
    /// when its kind of file has one, else of the pack's `pack.toml`.
    fn allow_fix(
        &self,
        file: &File<'_>,
        document: &Document,
        ruleset: &dyn crate::ruleset::Ruleset,
        diagnostic: &Diagnostic,
    ) -> Option<TextFix> {
        ruleset
            .checks()
            .iter()
            .find(|c| c.code == diagnostic.code)?;
        let here = kind_has_lint(ruleset, file.is_pack_file());
        let (path, text) = if here {
            (file.path.to_path_buf(), file.text.to_string())
        } else {
            let Target::Pack(dir) = &document.target else {
                return None;
            };
            let pack = dir.join(load::PACK_FILE);
            let (_, text) = self.text_of(&pack)?;
            (pack, text)
        };
        let edit = actions::allow_edit(&path, &text, diagnostic.name)?;
        let whose = if here && !file.is_pack_file() {
            "this file"
        } else {
            "pack.toml"
        };
        Some(TextFix {
            title: format!(
                "Allow `{}` in {whose} (then say why in `reason`)",
                diagnostic.name
            ),
            edits: vec![edit],
            preferred: false,
        })
    }

    fn complete(&self, uri: &Uri, position: lsp_types::Position) -> Option<CompletionResponse> {
        let encoding = self.encoding;
        self.with_file(uri, |file, document| {
            let ruleset = home::ruleset_of(&document.target, &self.open)?;
            let schema = schema_of(ruleset, file.is_pack_file())?;
            let lines = Lines::new(file.text, encoding);
            let offset = lines.offset(position);
            let checks = ruleset.checks();
            let names: Vec<&str> = checks.iter().map(|c| c.name).collect();
            let items = complete::candidates(file.text, offset, &schema, &names)
                .into_iter()
                .map(|c| CompletionItem {
                    label: c.label.clone(),
                    kind: Some(if c.is_key {
                        CompletionItemKind::PROPERTY
                    } else {
                        CompletionItemKind::ENUM_MEMBER
                    }),
                    documentation: c.documentation.map(|d| {
                        Documentation::MarkupContent(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: d,
                        })
                    }),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                        lines.range(c.span),
                        c.insert,
                    ))),
                    ..CompletionItem::default()
                })
                .collect();
            Some(CompletionResponse::Array(items))
        })
        .flatten()
    }
}

/// A request's parameters, or the error that answers it.
fn params<P: serde::de::DeserializeOwned>(request: &Request) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(request.params.clone())
        .map_err(|e| (ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

fn is_pack_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == load::PACK_FILE)
}

/// The JSON Schema of a file: `pack.toml`'s, or the board file's.
fn schema_of(
    ruleset: &dyn crate::ruleset::Ruleset,
    is_pack_file: bool,
) -> Option<serde_json::Value> {
    let schemas = ruleset.schemas();
    let wanted = if is_pack_file { "pack" } else { "page" };
    schemas
        .iter()
        .find(|s| s.kind == wanted)
        .or_else(|| schemas.first())
        .map(|s| s.schema.clone())
}

/// Whether this kind of file may hold a `[lint]` table.
fn kind_has_lint(ruleset: &dyn crate::ruleset::Ruleset, is_pack_file: bool) -> bool {
    schema_of(ruleset, is_pack_file).is_some_and(|s| s.pointer("/properties/lint").is_some())
}

/// What every game's files share: a check name in `[lint]` explained, and a
/// key described by the JSON Schema.
fn generic_hover(
    file: &File<'_>,
    entry: &super::outline::Entry,
    ruleset: &dyn crate::ruleset::Ruleset,
) -> Option<String> {
    if let [Step::Key(table), Step::Key(name), ..] = entry.path.as_slice()
        && table == "lint"
    {
        let check = ruleset.checks().into_iter().find(|c| c.name == name)?;
        return Some(format!(
            "**{}** `{}`\n\n{}",
            check.code, check.name, check.doc
        ));
    }
    let schema = schema_of(ruleset, file.is_pack_file())?;
    let described = complete::at_path(&schema, &entry.path)
        .into_iter()
        .find_map(|s| s.get("description").and_then(serde_json::Value::as_str))?;
    Some(described.to_string())
}

/// The size error of an open document over the limit, at the file.
fn too_large(document: &Document) -> Diagnostic {
    let shown = crate::targets::relative_to_cwd(&document.path);
    let error = confine::ReadError::TooLarge {
        path: shown.clone(),
        size: document.text.len() as u64,
        limit: limits::MAX_FILE_BYTES,
    };
    let code = load::read_code(&error);
    Diagnostic::from(deckplan_schema::FileError {
        source: deckplan_schema::SourceFile::new(shown, String::new()),
        error: deckplan_schema::FormatError::new(code, error.to_string(), None)
            .with_help(error.help()),
    })
}
