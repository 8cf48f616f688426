//! Diagnostics latency of the language server: from a change notification
//! to the diagnostics published for it, on the bundled Enormity pack and on
//! a generated pack of 1,000 pages, each a page of the pack being edited
//! (so the whole pack is checked again).
//!
//! The server runs in this process on an in-memory connection, exactly as
//! `deckplan lsp` runs it on stdio, so what is measured is the server's own
//! work: the debounce, reading the pack with the edited page from the
//! overlay, every check, and converting and publishing the findings. Both
//! the default debounce and none are measured.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    missing_docs
)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use deckplan_tests::files::copy_dir;
use deckplan_validator::enormity::generate::{self, PackSpec};
use deckplan_validator::lsp::{self, Options};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;

/// A server on an in-memory connection, and the client's end.
struct Session {
    client: Connection,
    server: Option<std::thread::JoinHandle<()>>,
    uri: String,
    texts: [String; 2],
    turn: usize,
}

impl Session {
    fn start(page: &Path, debounce: Duration) -> Self {
        let (server, client) = Connection::memory();
        let thread = std::thread::spawn(move || {
            lsp::serve(&server, Options { debounce }).unwrap();
        });
        client
            .sender
            .send(Message::Request(Request::new(
                RequestId::from(1),
                "initialize".to_string(),
                json!({ "capabilities": {} }),
            )))
            .unwrap();
        loop {
            if let Message::Response(_) = client.receiver.recv().unwrap() {
                break;
            }
        }
        let notify = |method: &str, params| {
            client
                .sender
                .send(Message::Notification(Notification::new(
                    method.to_string(),
                    params,
                )))
                .unwrap();
        };
        notify("initialized", json!({}));
        let saved = std::fs::read_to_string(page).unwrap();
        let uri = format!("file://{}", page.display());
        notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri, "languageId": "toml", "version": 0, "text": saved,
            }}),
        );
        let edited = format!("{saved}\n# an edit\n");
        let session = Self {
            client,
            server: Some(thread),
            uri,
            texts: [edited, saved],
            turn: 0,
        };
        session.published();
        session
    }

    /// Waits for the diagnostics of the edited page; returns how many.
    fn published(&self) -> usize {
        loop {
            if let Message::Notification(n) = self.client.receiver.recv().unwrap()
                && n.method == "textDocument/publishDiagnostics"
                && n.params["uri"] == self.uri.as_str()
            {
                return n.params["diagnostics"].as_array().map_or(0, Vec::len);
            }
        }
    }

    /// One edit, and the time until its diagnostics are published.
    fn edit(&mut self) -> Duration {
        self.turn += 1;
        let text = &self.texts[self.turn % 2];
        let change = Notification::new(
            "textDocument/didChange".to_string(),
            json!({
                "textDocument": { "uri": self.uri, "version": self.turn },
                "contentChanges": [{ "text": text }],
            }),
        );
        let start = Instant::now();
        self.client
            .sender
            .send(Message::Notification(change))
            .unwrap();
        let found = self.published();
        let took = start.elapsed();
        assert_eq!(found, 0, "the pack must stay clean");
        took
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.client.sender.send(Message::Request(Request::new(
            RequestId::from(2),
            "shutdown".to_string(),
            json!(null),
        )));
        let _ = self
            .client
            .sender
            .send(Message::Notification(Notification::new(
                "exit".to_string(),
                json!(null),
            )));
        if let Some(thread) = self.server.take() {
            let _ = thread.join();
        }
    }
}

fn bench(c: &mut Criterion) {
    let root = std::env::temp_dir().join(format!("deckplan-bench-lsp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let bundled = root.join("derelict-meridian-tithe");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe"),
        &bundled,
    );
    let generated = root.join("generated-1000");
    let spec = PackSpec {
        pages: 1000,
        columns: 24,
        rows: 16,
        seed: 1,
    };
    generate::write_pack(&generated, &spec).unwrap();
    let packs: [(&str, PathBuf); 2] = [
        ("bundled-8-pages", bundled.join("book1/page2.toml")),
        (
            "generated-1000-pages",
            generated.join(PackSpec::page_path(500)),
        ),
    ];

    let mut group = c.benchmark_group("lsp-diagnostics");
    group.sample_size(10);
    for (name, page) in &packs {
        for (debounce, label) in [
            (lsp::DEFAULT_DEBOUNCE, "default-debounce"),
            (Duration::ZERO, "no-debounce"),
        ] {
            let mut session = Session::start(page, debounce);
            group.bench_function(BenchmarkId::new(*name, label), |b| {
                b.iter_custom(|iterations| (0..iterations).map(|_| session.edit()).sum());
            });
        }
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&root);
}

criterion_group!(benches, bench);
criterion_main!(benches);
