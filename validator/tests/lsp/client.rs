//! A language client for the tests: `deckplan lsp` started as editors start
//! it, spoken to in JSON-RPC over its stdin and stdout, and what the tests
//! of every game ask of it (each test file uses some of it).

#![allow(dead_code)]

use std::collections::VecDeque;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError};
use deckplan_tests::files::copy_dir;
use lsp_server::{Message, Notification, Request, RequestId, Response};
use serde_json::{Value, json};

/// How long the client waits for an answer before the test fails: far
/// beyond any answer, only so a lost one fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running server and what it sent that nobody has read yet.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Message>,
    next_id: i32,
    notifications: VecDeque<Notification>,
    /// Requests the server sent, in order.
    requests: VecDeque<Request>,
}

/// The `file:` URI of an absolute path.
pub fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Client {
    /// Starts `deckplan lsp` in `cwd` and initializes it.
    pub fn start(cwd: &Path) -> Self {
        Self::start_with(cwd, &[], json!({}))
    }

    /// Starts `deckplan lsp ARGS` in `cwd` and initializes it with the
    /// client's `initializationOptions`.
    pub fn start_with(cwd: &Path, args: &[&str], options: Value) -> Self {
        Self::launch(cwd, args, options, json!({}))
    }

    /// Starts `deckplan lsp` in `cwd` and initializes it as a client with
    /// `capabilities`.
    pub fn start_capable(cwd: &Path, capabilities: Value) -> Self {
        Self::launch(cwd, &[], json!({}), capabilities)
    }

    fn launch(cwd: &Path, args: &[&str], options: Value, capabilities: Value) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_deckplan"))
            .arg("lsp")
            .args(args)
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (sender, incoming) = crossbeam_channel::unbounded();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Ok(Some(message)) = Message::read(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let mut client = Self {
            child,
            stdin,
            incoming,
            next_id: 0,
            notifications: VecDeque::new(),
            requests: VecDeque::new(),
        };
        let answer = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(cwd),
                "capabilities": capabilities,
                "initializationOptions": options,
            }),
        );
        assert_eq!(answer["serverInfo"]["name"], "deckplan");
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Message) {
        let stdin = self.stdin.as_mut().unwrap();
        message.write(stdin).unwrap();
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    /// Sends a request and waits for its response.
    pub fn respond(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Message::Request(Request::new(
            id.clone(),
            method.to_string(),
            params,
        )));
        let deadline = Instant::now() + PATIENCE;
        loop {
            match self.next(deadline) {
                Message::Response(response) if response.id == id => return response,
                Message::Notification(notification) => self.notifications.push_back(notification),
                Message::Request(request) => self.requests.push_back(request),
                Message::Response(_) => {}
            }
        }
    }

    /// Sends a request and returns its result, failing on an error.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        match self.respond(method, params).response_result {
            Ok(result) => result,
            Err(error) => panic!("{method} answered an error: {}", error.message),
        }
    }

    fn next(&mut self, deadline: Instant) -> Message {
        match self
            .incoming
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("the server did not answer in time"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server went away"),
        }
    }

    /// Opens a document with `text` (not saved).
    pub fn open(&mut self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri(path), "languageId": "toml", "version": 1, "text": text,
            }}),
        );
    }

    /// Opens a document with its text on disk.
    pub fn open_saved(&mut self, path: &Path) -> String {
        let text = std::fs::read_to_string(path).unwrap();
        self.open(path, &text);
        text
    }

    /// Replaces a document's whole text.
    pub fn change(&mut self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri(path), "version": 2 },
                "contentChanges": [{ "text": text }],
            }),
        );
    }

    /// Waits for the diagnostics published for `path` that `wanted`
    /// accepts, skipping earlier publications; fails with the last one seen.
    pub fn diagnostics_where(
        &mut self,
        path: &Path,
        wanted: impl Fn(&[Value]) -> bool,
    ) -> Vec<Value> {
        let uri = uri(path);
        let deadline = Instant::now() + PATIENCE;
        let mut last = None;
        loop {
            let notification = match self.notifications.pop_front() {
                Some(notification) => notification,
                None => match self
                    .incoming
                    .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                {
                    Ok(Message::Notification(notification)) => notification,
                    Ok(Message::Request(request)) => {
                        self.requests.push_back(request);
                        continue;
                    }
                    Ok(Message::Response(_)) => continue,
                    Err(_) => {
                        panic!("no diagnostics as wanted for {uri}; last published: {last:#?}")
                    }
                },
            };
            if notification.method != "textDocument/publishDiagnostics"
                || notification.params["uri"] != uri.as_str()
            {
                continue;
            }
            let found = notification.params["diagnostics"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            if wanted(&found) {
                return found;
            }
            last = Some(found);
        }
    }

    /// Waits for diagnostics for `path` that are not empty.
    pub fn some_diagnostics(&mut self, path: &Path) -> Vec<Value> {
        self.diagnostics_where(path, |d| !d.is_empty())
    }

    /// Waits for `path` to be published clean.
    pub fn clean(&mut self, path: &Path) {
        self.diagnostics_where(path, <[Value]>::is_empty);
    }

    /// The requests the server sent that were read so far (before the
    /// answer to the last request of the client, at least), and the client's
    /// empty answer to each.
    pub fn server_requests(&mut self) -> Vec<Request> {
        let requests: Vec<Request> = self.requests.drain(..).collect();
        for request in &requests {
            self.send(Message::Response(Response::new_ok(
                request.id.clone(),
                Value::Null,
            )));
        }
        requests
    }

    /// Whether the server process is still running.
    pub fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Asks the server to shut down and exit, and returns its exit status.
    pub fn shutdown(mut self) -> std::process::ExitStatus {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        self.child.wait().unwrap()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A test that failed midway leaves no server behind.
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `text` with the edits of one file applied (positions in UTF-16 units,
/// the text ASCII in these tests so they are bytes).
pub fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |position: &Value| -> usize {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + character
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut text = text.to_string();
    for (start, end, new) in edits {
        text.replace_range(start..end, new);
    }
    text
}

/// A copy of the bundled pack `maps/<pack>` in a fresh folder, removed on
/// drop.
pub struct Work {
    pub root: PathBuf,
}

impl Work {
    pub fn new(test: &str) -> Self {
        let root = std::env::temp_dir().join(format!("deckplan-lsp-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        Self {
            root: root.canonicalize().unwrap(),
        }
    }

    pub fn with_pack(test: &str, pack: &str) -> Self {
        let work = Self::new(test);
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(pack);
        copy_dir(&from, &work.root.join(pack));
        work
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// `deckplan lint --format json` of `path`, run in `cwd`: its findings.
pub fn lint_json(cwd: &Path, path: &str) -> Vec<Value> {
    let output = Command::new(env!("CARGO_BIN_EXE_deckplan"))
        .args(["lint", "--format", "json", path])
        .current_dir(cwd)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    report["diagnostics"].as_array().cloned().unwrap()
}

/// A finding of `lint --format json` as the server publishes it: the same
/// code and message, the help on a line of its own, the board place after
/// the message, lines and columns from 0.
pub fn as_published(found: &Value) -> Value {
    let mut message = found["message"].as_str().unwrap().to_string();
    if let Some(place) = found["place"].as_str() {
        message.push_str(&format!(" (at {place})"));
    }
    if let Some(help) = found["help"].as_str() {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let at = |line: &str, column: &str| {
        json!({
            "line": found[line].as_u64().unwrap() - 1,
            "character": found[column].as_u64().unwrap() - 1,
        })
    };
    json!({
        "code": found["code"],
        "severity": if found["severity"] == "error" { 1 } else { 2 },
        "message": message,
        "range": { "start": at("line", "column"), "end": at("end_line", "end_column") },
    })
}

/// The fields of published diagnostics that `as_published` builds.
pub fn comparable(published: &[Value]) -> Vec<Value> {
    published
        .iter()
        .map(|d| {
            json!({
                "code": d["code"],
                "severity": d["severity"],
                "message": d["message"],
                "range": d["range"],
            })
        })
        .collect()
}

/// The position (from 0, ASCII text) of the first `needle` in `text`,
/// `into` bytes into it.
pub fn position(text: &str, needle: &str, into: usize) -> Value {
    let at = text.find(needle).unwrap() + into;
    let line = text[..at].matches('\n').count();
    let character = at - text[..at].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": character })
}

pub fn at(path: &Path, position: Value) -> Value {
    json!({ "textDocument": { "uri": uri(path) }, "position": position })
}

/// The code actions offered for `diagnostic` in `path`: their titles and
/// the edits of each, by file.
pub fn actions(client: &mut Client, path: &Path, diagnostic: &Value) -> Vec<(String, Value)> {
    let answer = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(path) },
            "range": diagnostic["range"],
            "context": { "diagnostics": [diagnostic] },
        }),
    );
    answer
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            assert_eq!(a["kind"], "quickfix");
            assert_eq!(a["diagnostics"][0]["code"], diagnostic["code"]);
            (
                a["title"].as_str().unwrap().to_string(),
                a["edit"]["changes"].clone(),
            )
        })
        .collect()
}

/// The names of an outline, nested, with their details.
pub fn outline(symbols: &Value) -> Vec<String> {
    let mut names = Vec::new();
    fn walk(symbols: &Value, depth: usize, names: &mut Vec<String>) {
        for symbol in symbols.as_array().into_iter().flatten() {
            let detail = symbol["detail"]
                .as_str()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default();
            names.push(format!(
                "{}{}{detail}",
                "  ".repeat(depth),
                symbol["name"].as_str().unwrap()
            ));
            walk(&symbol["children"], depth + 1, names);
        }
    }
    walk(symbols, 0, &mut names);
    names
}
