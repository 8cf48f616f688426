//! What the language server asks of a game beyond lint: what a place in its
//! files is (hover), where a name is defined, the outline of a file, and the
//! fixes it knows that are text edits. A [`Ruleset`](crate::ruleset::Ruleset)
//! returns its [`LanguageSupport`] from `language()`; every method has a
//! default that offers nothing, so a game starts with diagnostics, the
//! generic fixes and completion from its JSON Schema, and adds the rest in
//! its own folder (`validator/src/<game>/lsp.rs`).
//!
//! Everything here speaks in byte spans of a file's text; the server turns
//! them into the client's lines and columns. Other files are read through
//! [`File::sources`], which reads an open document's unsaved text in place
//! of its file, inside the pack folder only.

use std::path::{Path, PathBuf};

use deckplan_schema::Span;
use deckplan_schema::sources::{Sources, Target};

use super::buffers::Buffers;
use super::outline::{Entry, Outline};
use crate::diagnostic::Diagnostic;

/// The file a request is about.
#[derive(Clone, Copy, Debug)]
pub struct File<'a> {
    /// Its path, absolute.
    pub path: &'a Path,
    /// Its text as the editor holds it.
    pub text: &'a str,
    /// The folder of the pack it belongs to, when it is `pack.toml` or a
    /// file the pack names.
    pub pack: Option<&'a Path>,
    /// Where every key and value of it is.
    pub outline: &'a Outline,
    /// The documents the editor has open.
    pub open: &'a Buffers,
}

impl File<'_> {
    /// A target's files as the editor holds them: an open document's text in
    /// place of its file.
    pub fn sources(&self, target: Target) -> Sources {
        self.open.sources(target)
    }

    /// Whether it is the pack's `pack.toml`.
    pub fn is_pack_file(&self) -> bool {
        self.path
            .file_name()
            .is_some_and(|n| n == deckplan_schema::load::PACK_FILE)
    }

    /// The text of a span of the file.
    pub fn slice(&self, span: Span) -> &str {
        self.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }
}

/// Where a request points: the innermost key or value there, and the offset
/// itself (for a place inside a value, such as a space of a page's grid).
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    /// The value (or the key of the value) at the offset.
    pub entry: &'a Entry,
    /// The byte offset in the file.
    pub offset: usize,
}

impl At<'_> {
    /// The string value pointed at.
    pub fn str(&self) -> Option<&str> {
        self.entry.scalar().and_then(super::outline::Scalar::as_str)
    }

    /// The whole number pointed at.
    pub fn int(&self) -> Option<i64> {
        self.entry.scalar().and_then(super::outline::Scalar::as_int)
    }

    /// Whether the last key of the path pointed at is `key` (an item of
    /// `opens = [1, 2]` is under `opens`).
    pub fn under(&self, key: &str) -> bool {
        self.entry.path.iter().rev().find_map(|step| match step {
            super::outline::Step::Key(k) => Some(k.as_str()),
            super::outline::Step::Index(_) => None,
        }) == Some(key)
    }
}

/// A place in a file: a definition, or where a symbol is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    /// The file, absolute.
    pub path: PathBuf,
    /// Where in it; `None` for the file as a whole.
    pub span: Option<Span>,
}

/// What kind of thing a symbol is, for the editor's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymbolKind {
    /// A page, a ship, a galaxy: a board.
    Board,
    /// A file named by the pack.
    File,
    /// A room, a module, a system: a part of a board.
    Part,
    /// A corridor, a join, a door: what connects parts.
    Link,
    /// A numbered or named feature (a console, a seat, a tile).
    Feature,
    /// A list or table that groups others (`[lint]`, the books).
    Group,
}

/// One entry of a file's outline, with the entries under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name (`L1p1`, `cockpit`, `door 2`).
    pub name: String,
    /// A few words more (`Clamp Seven`, `a cockpit`).
    pub detail: Option<String>,
    /// What it is.
    pub kind: SymbolKind,
    /// All of it.
    pub span: Span,
    /// The part to show when it is chosen (its name or number).
    pub name_span: Span,
    /// The symbols it holds.
    pub children: Vec<Symbol>,
}

impl Symbol {
    /// A symbol for an outline entry, named by one of its values.
    pub fn of(entry: &Entry, name: String, kind: SymbolKind) -> Self {
        Self {
            name,
            detail: None,
            kind,
            span: entry.span,
            name_span: entry.key_span.unwrap_or(entry.span),
            children: Vec::new(),
        }
    }

    /// With a detail.
    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }

    /// Named at this span.
    pub fn named_at(mut self, span: Span) -> Self {
        self.name_span = span;
        self
    }
}

/// One replacement in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileEdit {
    /// The file, absolute.
    pub path: PathBuf,
    /// The bytes replaced (empty to insert).
    pub span: Span,
    /// The text put there.
    pub text: String,
}

/// A fix the editor applies in one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextFix {
    /// What it does ("Console 1 opens door 3").
    pub title: String,
    /// The replacements, in any files.
    pub edits: Vec<FileEdit>,
    /// Whether it is the one fix to apply without asking (one clear answer).
    pub preferred: bool,
}

/// What a game tells the language server about its files.
pub trait LanguageSupport: Sync {
    /// The files a pack names besides `pack.toml`, read from its (possibly
    /// unsaved) `pack.toml`: which open files belong to the pack, so a change
    /// to one re-checks the pack. Paths are the pack folder joined with the
    /// path as written; the pack's loader refuses those that leave it.
    fn pack_files(&self, pack: &Sources) -> Vec<PathBuf> {
        let _ = pack;
        Vec::new()
    }

    /// What is at `at` (a place, a door, a room, a tile), in Markdown.
    fn hover(&self, file: &File<'_>, at: &At<'_>) -> Option<String> {
        let _ = (file, at);
        None
    }

    /// Where what `at` names is defined (a door a console opens, the file of
    /// a page, the room of a corridor).
    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        let _ = (file, at);
        Vec::new()
    }

    /// The outline of a file: its boards and their parts.
    fn symbols(&self, file: &File<'_>) -> Vec<Symbol> {
        let _ = file;
        Vec::new()
    }

    /// The fixes the game knows for a finding in `file`, as text edits; the
    /// shared ones (a "did you mean", allowing a check) are offered besides.
    fn fixes(&self, file: &File<'_>, diagnostic: &Diagnostic) -> Vec<TextFix> {
        let _ = (file, diagnostic);
        Vec::new()
    }
}

/// A game that offers nothing beyond the shared support.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSupport;

impl LanguageSupport for NoSupport {}
