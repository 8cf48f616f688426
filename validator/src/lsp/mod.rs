//! `deckplan lsp`: a language server for map files, over stdio, for every
//! game — diagnostics as the author types, the fixes deckplan knows as code
//! actions, hover on a place, go to definition, document symbols, and
//! completion from the game's JSON Schema.
//!
//! ```text
//!  client ⇄ server (the loop: documents, requests)  ──jobs──▶  worker (lint)
//!             │ every change                 a target's Sources ──┘
//!             ▼                              (open texts, else disk)
//!        buffers (unsaved text) ──▶ Sources ──▶ lint::lint_sources, as `deckplan lint`
//! ```
//!
//! Nothing here names a game. What is the same for every game — findings and
//! their fixes from a help text's "did you mean" and the `[lint]` table,
//! completion from the JSON Schema, where each key and value is in a file
//! ([`outline`]) — is here; what differs — what a place is, where a name is
//! defined, a file's outline, the fixes a game knows — is asked of the game
//! through [`support::LanguageSupport`], which its `Ruleset` returns.
//!
//! - [`server`] — the loop, the worker and the debounce, and files changed
//!   on disk outside the editor;
//! - [`buffers`] — the open documents' texts, read through a target's
//!   [`Sources`](deckplan_schema::sources::Sources) in place of their files;
//! - [`home`] — which pack an open file is checked with;
//! - [`outline`] — keys and values with their paths and spans, from text
//!   that need not be TOML yet;
//! - [`complete`] — completion from a JSON Schema; [`actions`] — the shared
//!   fixes; [`convert`] — findings, fixes and symbols in the protocol's terms;
//! - [`text`] — offsets and the client's lines and columns, paths and URIs.

pub mod actions;
pub mod buffers;
pub mod complete;
pub mod convert;
pub mod home;
pub mod outline;
pub mod server;
pub mod support;
pub mod text;

pub use server::{DEFAULT_DEBOUNCE, Options, serve};
pub use support::LanguageSupport;

/// Serves the client on stdin and stdout until it exits.
pub fn run_stdio(options: Options) -> anyhow::Result<()> {
    let (connection, io_threads) = lsp_server::Connection::stdio();
    serve(&connection, options)?;
    drop(connection);
    io_threads.join()?;
    Ok(())
}
