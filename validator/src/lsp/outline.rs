//! Where things are in a TOML map file as it is being typed: every key and
//! value with its span and its path from the top of the file
//! (`spaces.consoles[0].opens[1]`), and the state at any offset — inside
//! which table or list, before or after an `=` — for completion.
//!
//! A language server needs this of text that is often not TOML yet (a key
//! half typed, a list not closed). `toml`'s own lexer and event parser
//! (`toml_parser`) read such text to its end, recovering from every error,
//! and say where each key, value and bracket is; the outline follows their
//! events and gives each value its path. A list or table left open runs to
//! the end of the file; lists and tables nest as deep as `toml` allows
//! ([`MAX_NESTING`]), and what lies deeper is left out. What the file
//! *means* is still the game's loader's to say; the outline only says where
//! each part of it is, for hover, go to definition, symbols and completion.
//!
//! While it recovers, the parser makes up what is missing — a key before a
//! lone `=`, a value after one, the close of a bracket never closed — and
//! gives what it made up an empty span. No token is empty, so the outline
//! leaves out every event with an empty span: a made-up close leaves its list
//! open, as [`typing`] needs it. What the parser does not say is read here
//! from the text: a string's contents as written and whether it is closed,
//! and the word being typed.

use std::collections::HashMap;

use deckplan_schema::Span;
use deckplan_schema::limits::MAX_NESTING;
use toml_parser::lexer::{Token, TokenKind};
use toml_parser::parser::{Event, EventKind, RecursionGuard, parse_document};
use toml_parser::{Source, Span as TomlSpan};

/// One step of a path into the document: a key, or an item of a list
/// (a list of tables, `[[rooms]]`, counts its items the same way).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A key of a table.
    Key(String),
    /// The item at this index of a list.
    Index(usize),
}

/// A path from the top of the file.
pub type Path = Vec<Step>;

/// A plain value as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    /// A string's contents (escapes left as written, quotes removed).
    Str(String),
    /// A whole number.
    Int(i64),
    /// Anything else (a float, a boolean, a date, or a word that is none).
    Other(String),
}

impl Scalar {
    /// The string, when the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::Str(text) => Some(text),
            _ => None,
        }
    }

    /// The number, when the value is a whole number.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Self::Int(n) => Some(*n),
            _ => None,
        }
    }
}

/// What a path leads to.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A plain value.
    Scalar(Scalar),
    /// A list, `[ … ]`.
    Array,
    /// A table: inline (`{ … }`), or a `[table]`/`[[table]]` header and the
    /// lines under it.
    Table,
}

/// One value of the document.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Where it is, from the top of the file.
    pub path: Path,
    /// The last key of the path as written (`opens` in `opens = [1]`), for
    /// a value under a key; `None` for a list item.
    pub key_span: Option<Span>,
    /// What it is.
    pub value: Value,
    /// The value as written (quotes and brackets included); for a table under
    /// a header, the header and every line up to the next one.
    pub span: Span,
}

impl Entry {
    /// The plain value, when it is one.
    pub fn scalar(&self) -> Option<&Scalar> {
        match &self.value {
            Value::Scalar(scalar) => Some(scalar),
            _ => None,
        }
    }
}

/// Every value of a file, in file order.
#[derive(Clone, Debug, Default)]
pub struct Outline {
    /// The entries, in the order they start.
    pub entries: Vec<Entry>,
}

/// What is being typed at an offset, for completion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typing {
    /// A key of the table at this path; `word` is the part typed so far.
    Key {
        /// The table.
        table: Path,
        /// The key typed so far (may be empty).
        word: Span,
    },
    /// A value at this path (a list's item path ends with its index).
    Value {
        /// Where the value goes.
        path: Path,
        /// What is typed so far: a word, or a string with its opening quote.
        word: Span,
    },
    /// Nothing to complete (a comment, a table header, a key's quotes).
    Nothing,
}

impl Outline {
    /// Outlines `text`.
    pub fn of(text: &str) -> Self {
        let mut reader = Reader::read(text);
        reader.end_header();
        reader.end_table(text.len());
        Self {
            entries: reader.entries,
        }
    }

    /// The innermost entry whose key or value holds `offset` (a plain value,
    /// else the smallest list or table around it).
    pub fn at(&self, offset: usize) -> Option<&Entry> {
        let offset = u32::try_from(offset).unwrap_or(u32::MAX);
        let holds = |span: Span| span.start <= offset && offset <= span.end;
        self.entries
            .iter()
            .filter(|e| holds(e.span) || e.key_span.is_some_and(holds))
            .min_by_key(|e| {
                // A key names its value: the cursor on `opens` is on the list.
                let span = match e.key_span {
                    Some(key) if holds(key) => key,
                    _ => e.span,
                };
                (span.end - span.start, std::cmp::Reverse(e.path.len()))
            })
    }

    /// The entry at exactly this path.
    pub fn get(&self, path: &[Step]) -> Option<&Entry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// The entries directly under `path` (its keys, or its items), in order.
    pub fn children<'a, 'p>(&'a self, path: &'p [Step]) -> impl Iterator<Item = &'a Entry> + 'p
    where
        'a: 'p,
    {
        self.entries
            .iter()
            .filter(move |e| e.path.len() == path.len() + 1 && e.path.starts_with(path))
    }

    /// The items of the list at `key` at the top of the file (or of a table
    /// under it, with a longer path), with their index: the rooms of
    /// `[[rooms]]`, the doors of `doors = [ … ]`.
    pub fn items<'a, 'p>(
        &'a self,
        path: &'p [Step],
    ) -> impl Iterator<Item = (usize, &'a Entry)> + 'p
    where
        'a: 'p,
    {
        self.children(path).filter_map(|e| match e.path.last() {
            Some(Step::Index(i)) => Some((*i, e)),
            _ => None,
        })
    }

    /// The plain value at `path`.
    pub fn scalar(&self, path: &[Step]) -> Option<&Scalar> {
        self.get(path).and_then(Entry::scalar)
    }

    /// The string at `path`.
    pub fn str(&self, path: &[Step]) -> Option<&str> {
        self.scalar(path).and_then(Scalar::as_str)
    }

    /// The plain value of `key` in the table `item` (`id` of a `[[rooms]]`
    /// item).
    pub fn field(&self, item: &Entry, key: &str) -> Option<&Scalar> {
        let mut path = item.path.clone();
        path.push(Step::Key(key.to_string()));
        self.scalar(&path)
    }

    /// The string `key` of the table `item`.
    pub fn field_str(&self, item: &Entry, key: &str) -> Option<&str> {
        self.field(item, key).and_then(Scalar::as_str)
    }

    /// The whole numbers of the list `key` of the table `item`
    /// (`numbers = [1, 4]`).
    pub fn field_ints(&self, item: &Entry, key: &str) -> Vec<i64> {
        let mut path = item.path.clone();
        path.push(Step::Key(key.to_string()));
        self.children(&path)
            .filter_map(|e| e.scalar().and_then(Scalar::as_int))
            .collect()
    }

    /// The strings of the list `key` of the table `item`
    /// (`between = ["a", "b"]`).
    pub fn field_strs(&self, item: &Entry, key: &str) -> Vec<&str> {
        let mut path = item.path.clone();
        path.push(Step::Key(key.to_string()));
        self.children(&path)
            .filter_map(|e| e.scalar().and_then(Scalar::as_str))
            .collect()
    }

    /// The keys present directly in the table at `path`.
    pub fn keys<'a>(&'a self, path: &'a [Step]) -> impl Iterator<Item = &'a str> + 'a {
        self.children(path).filter_map(|e| match e.path.last() {
            Some(Step::Key(key)) => Some(key.as_str()),
            _ => None,
        })
    }
}

/// What is being typed at `offset` of `text`: what the text before it
/// leaves open there.
pub fn typing(text: &str, offset: usize) -> Typing {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    Reader::read(text.get(..offset).unwrap_or_default()).typing()
}

/// A path of keys, for tests and for games naming paths: `path(["rooms"])`.
pub fn keys<const N: usize>(keys: [&str; N]) -> Path {
    keys.into_iter().map(|k| Step::Key(k.to_string())).collect()
}

/// A key read whose value has not come yet.
struct Key {
    /// The path its value gets.
    path: Path,
    /// The last key of the path as written.
    span: Span,
    /// Whether its `=` is written.
    assigned: bool,
}

/// A list or inline table not closed yet, with its path and entry.
enum Open {
    /// A list, and the index its next item gets.
    List {
        path: Path,
        entry: usize,
        next: usize,
    },
    /// An inline table.
    Table { path: Path, entry: usize },
    /// One nothing names (`= [1]`, or a bracket the parser made up), whose
    /// contents the outline leaves out.
    Unnamed,
}

/// Follows the parser's events, keeping the entries and where the text has
/// got to.
struct Reader<'t> {
    text: &'t str,
    entries: Vec<Entry>,
    /// The table the last header opened.
    table: Path,
    /// A header being read: where it starts, whether it is `[[…]]`, its keys.
    header: Option<(usize, bool, Path)>,
    /// The last header's start, its table's entry and its list of tables'
    /// entry: their spans end where the next header starts.
    header_entries: Option<(usize, usize, Option<usize>)>,
    /// Each list of tables (`[[rooms]]`, and `[[a.b]]` under each `[[a]]`
    /// item apart): the items it has, and its entry.
    lists: HashMap<Path, (usize, usize)>,
    key: Option<Key>,
    /// A `.` read: the next key lengthens the one before.
    dotted: bool,
    /// The open lists and inline tables, innermost last.
    open: Vec<Open>,
    /// Whether nothing is to be typed before the line ends: in a comment,
    /// a header, or after a value.
    quiet: bool,
}

impl<'t> Reader<'t> {
    fn read(text: &'t str) -> Self {
        let mut reader = Self {
            text,
            entries: Vec::new(),
            table: Path::new(),
            header: None,
            header_entries: None,
            lists: HashMap::new(),
            key: None,
            dotted: false,
            open: Vec::new(),
            quiet: false,
        };
        let tokens = Source::new(text).lex().into_vec();
        // The parser looks back over the blank lines and comments that end
        // the text once for each bracket left open, which would cost their
        // number times the nesting: the reader takes them itself.
        let blank = |token: &Token| {
            use TokenKind::{Comment, Eof, Newline, Whitespace};
            matches!(token.kind(), Whitespace | Newline | Comment | Eof)
        };
        let (body, tail) =
            tokens.split_at(tokens.iter().rposition(|t| !blank(t)).map_or(0, |i| i + 1));
        let mut events = |event: Event| reader.event(event);
        parse_document(
            body,
            &mut RecursionGuard::new(&mut events, MAX_NESTING),
            &mut (),
        );
        for token in tail {
            let kind = match token.kind() {
                TokenKind::Newline => EventKind::Newline,
                TokenKind::Comment => EventKind::Comment,
                _ => continue,
            };
            reader.event(Event::new_unchecked(kind, None, token.span()));
        }
        reader
    }

    fn event(&mut self, event: Event) {
        let at = event.span();
        let here = span(at.start(), at.end());
        let written = self.text.get(at.start()..at.end()).unwrap_or_default();
        match event.kind() {
            EventKind::ArrayOpen => self.open(at, Value::Array),
            EventKind::InlineTableOpen => self.open(at, Value::Table),
            // What the parser made up while recovering.
            _ if at.is_empty() => {}
            EventKind::StdTableOpen | EventKind::ArrayTableOpen => {
                let double = event.kind() == EventKind::ArrayTableOpen;
                self.header = Some((at.start(), double, Path::new()));
                self.quiet = true;
            }
            EventKind::StdTableClose | EventKind::ArrayTableClose => self.end_header(),
            EventKind::ArrayClose | EventKind::InlineTableClose => {
                self.key = None;
                if let Some(Open::List { entry, .. } | Open::Table { entry, .. }) = self.open.pop()
                    && let Some(entry) = self.entries.get_mut(entry)
                {
                    entry.span = span(entry.span.start as usize, at.end());
                }
                self.quiet |= self.open.is_empty();
            }
            EventKind::SimpleKey => {
                let name = string(written)
                    .map_or(written, |(inner, _)| inner)
                    .to_string();
                self.key_part(Step::Key(name), here);
            }
            EventKind::KeySep => self.dotted = true,
            EventKind::KeyValSep => {
                if let Some(key) = &mut self.key {
                    key.assigned = true;
                }
            }
            EventKind::Scalar => {
                if let Some((path, key_span)) = self.place() {
                    let scalar = match string(written) {
                        Some((inner, _)) => Scalar::Str(inner.to_string()),
                        None => written
                            .replace('_', "")
                            .parse::<i64>()
                            .map_or_else(|_| Scalar::Other(written.to_string()), Scalar::Int),
                    };
                    self.push(path, key_span, Value::Scalar(scalar), here);
                }
                self.quiet |= self.open.is_empty();
            }
            EventKind::ValueSep => self.key = None,
            EventKind::Comment => self.quiet = true,
            EventKind::Newline => {
                self.quiet = false;
                self.end_header();
                if self.open.is_empty() {
                    // A key left without its value ends with its line.
                    self.key = None;
                }
            }
            EventKind::Whitespace | EventKind::Error => {}
        }
    }

    fn push(&mut self, path: Path, key_span: Option<Span>, value: Value, at: Span) -> usize {
        self.entries.push(Entry {
            path,
            key_span,
            value,
            span: at,
        });
        self.entries.len() - 1
    }

    /// A key of a header, of a table, or the next part of a dotted key.
    fn key_part(&mut self, name: Step, at: Span) {
        let dotted = std::mem::take(&mut self.dotted);
        if let Some((_, _, keys)) = &mut self.header {
            keys.push(name);
            return;
        }
        if let Some(key) = &mut self.key
            && dotted
            && !key.assigned
        {
            key.path.push(name);
            key.span = at;
            return;
        }
        let table = match self.open.last() {
            None => Some(&self.table),
            Some(Open::Table { path, .. }) => Some(path),
            Some(Open::List { .. } | Open::Unnamed) => None,
        };
        self.key = table.map(|table| Key {
            path: [table.as_slice(), &[name]].concat(),
            span: at,
            assigned: false,
        });
    }

    /// Where a value starting now goes: the next item of the open list, or
    /// under the key just read; `None` when nothing names it.
    fn place(&mut self) -> Option<(Path, Option<Span>)> {
        let key = self.key.take();
        match self.open.last_mut() {
            Some(Open::List { path, next, .. }) => {
                *next += 1;
                Some(([path.as_slice(), &[Step::Index(*next - 1)]].concat(), None))
            }
            _ => key.map(|key| (key.path, Some(key.span))),
        }
    }

    /// A list or inline table opens (the parser reads into it up to the
    /// nesting `toml` allows, and past that only looks for its close).
    fn open(&mut self, at: TomlSpan, value: Value) {
        let Some((path, key_span)) = self.place().filter(|_| !at.is_empty()) else {
            self.open.push(Open::Unnamed);
            return;
        };
        let list = value == Value::Array;
        let whole = span(at.start(), self.text.len());
        let entry = self.push(path.clone(), key_span, value, whole);
        let next = 0;
        self.open.push(if list {
            Open::List { path, entry, next }
        } else {
            Open::Table { path, entry }
        });
    }

    /// The header read (at its `]`, or at the end of its line when it has
    /// none) opens its table.
    fn end_header(&mut self) {
        let Some((start, double, keys)) = self.header.take() else {
            return;
        };
        self.end_table(start);
        let count = keys.len();
        let mut path = Path::new();
        let mut list = None;
        for (i, key) in keys.into_iter().enumerate() {
            path.push(key);
            let last = i + 1 == count;
            if last && double {
                let (items, entry) = self
                    .lists
                    .entry(path.clone())
                    .or_insert((0, self.entries.len()));
                let index = *items;
                *items += 1;
                list = Some(*entry);
                // A list of tables has an entry of its own, spanning its items.
                if index == 0 {
                    self.push(path.clone(), None, Value::Array, span(start, start));
                }
                path.push(Step::Index(index));
            } else if !last && let Some((items, _)) = self.lists.get(&path) {
                path.push(Step::Index(items.saturating_sub(1)));
            }
        }
        let table = self.push(path.clone(), None, Value::Table, span(start, start));
        self.header_entries = Some((start, table, list));
        self.table = path;
    }

    /// Ends the last header's table (and the list of tables it is an item
    /// of) at the last non-blank byte before `next`.
    fn end_table(&mut self, next: usize) {
        let Some((start, table, list)) = self.header_entries.take() else {
            return;
        };
        let body = self.text.get(start..next).unwrap_or_default();
        let end = span(start, start + body.trim_end().len()).end;
        for index in [Some(table), list].into_iter().flatten() {
            if let Some(entry) = self.entries.get_mut(index) {
                entry.span.end = end;
            }
        }
    }

    /// What is being typed at the end of the text read.
    fn typing(&self) -> Typing {
        let end = self.text.len();
        // A value being typed: a word, or a string not closed yet.
        if let Some(entry) = self.entries.last()
            && matches!(entry.value, Value::Scalar(_))
            && entry.span.end as usize == end
        {
            let written = self.text.get(entry.span.start as usize..end);
            if string(written.unwrap_or_default()).is_none_or(|(_, closed)| !closed) {
                return Typing::Value {
                    path: entry.path.clone(),
                    word: span(entry.span.start as usize, end),
                };
            }
        }
        // Nothing to type before the line ends, or in a list nested deeper
        // than the parser reads.
        if self.quiet || self.open.len() > MAX_NESTING as usize {
            return Typing::Nothing;
        }
        let line = self.text.rsplit('\n').next().unwrap_or_default();
        let typed = line
            .bytes()
            .rev()
            .take_while(|b| b.is_ascii_alphanumeric() || b"_-\"'.".contains(b))
            .count();
        let word = span(end - typed, end);
        let table = match self.open.last() {
            None => self.table.clone(),
            Some(Open::Table { path, .. }) => path.clone(),
            Some(Open::List { path, next, .. }) => {
                let path = [path.as_slice(), &[Step::Index(*next)]].concat();
                return Typing::Value { path, word };
            }
            Some(Open::Unnamed) => return Typing::Nothing,
        };
        match &self.key {
            Some(key) if key.assigned => Typing::Value {
                path: key.path.clone(),
                word,
            },
            Some(key) => Typing::Key {
                table: key.path.split_last().map_or(table, |(_, t)| t.to_vec()),
                word,
            },
            None => Typing::Key { table, word },
        }
    }
}

fn span(start: usize, end: usize) -> Span {
    Span::from_range(start..end)
}

/// A string as written: its contents (escapes as written) and whether its
/// closing quotes are there; `None` for what is no string.
fn string(written: &str) -> Option<(&str, bool)> {
    let quotes = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|quotes| written.starts_with(quotes))?;
    let body = written.get(quotes.len()..).unwrap_or_default();
    // A basic string's quote after an odd run of backslashes is escaped.
    let escaped = |inner: &str| {
        quotes.starts_with('"') && inner.bytes().rev().take_while(|b| *b == b'\\').count() % 2 == 1
    };
    Some(match body.strip_suffix(quotes) {
        Some(inner) if !escaped(inner) => (inner, true),
        _ => (body, false),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    const PAGE: &str = r#"format = 1
book = 1
grid = """
B ..
A ..
"""

[edges]
doors = [
    { number = 1, at = "H7 north" },
    { number = 2, at = 'B8 north' }, # a comment, with "quotes"
]

[spaces]
consoles = [{ number = 1, at = "H5", opens = [1, 2] }]

[[rooms]]
id = "cockpit"

[[rooms]]
id = "comms"
"#;

    fn path(steps: &[&str]) -> Path {
        steps
            .iter()
            .map(|s| match s.parse::<usize>() {
                Ok(i) => Step::Index(i),
                Err(_) => Step::Key((*s).to_string()),
            })
            .collect()
    }

    #[test]
    fn every_value_has_its_path_and_span() {
        let outline = Outline::of(PAGE);
        assert_eq!(
            outline.str(&path(&["edges", "doors", "1", "at"])),
            Some("B8 north")
        );
        assert_eq!(
            outline.scalar(&path(&["spaces", "consoles", "0", "opens", "1"])),
            Some(&Scalar::Int(2))
        );
        assert_eq!(outline.str(&path(&["rooms", "1", "id"])), Some("comms"));
        assert!(outline.str(&path(&["grid"])).unwrap().contains("B .."));
        let at = PAGE.find("\"H5\"").unwrap();
        let entry = outline.at(at + 2).unwrap();
        assert_eq!(entry.path, path(&["spaces", "consoles", "0", "at"]));
        assert_eq!(
            &PAGE[entry.span.start as usize..entry.span.end as usize],
            "\"H5\""
        );
        let rooms = outline.get(&path(&["rooms", "1"])).unwrap();
        assert_eq!(
            &PAGE[rooms.span.start as usize..rooms.span.end as usize],
            "[[rooms]]\nid = \"comms\""
        );
        let doors = outline.get(&path(&["edges", "doors"])).unwrap();
        let doors_text = &PAGE[doors.span.start as usize..doors.span.end as usize];
        assert!(
            doors_text.starts_with("[\n    { number = 1"),
            "{doors_text:?}"
        );
        assert!(doors_text.ends_with("with \"quotes\"\n]"), "{doors_text:?}");
        assert_eq!(outline.items(&path(&["rooms"])).count(), 2);
    }

    #[test]
    fn the_cursor_on_a_key_is_on_its_value() {
        let outline = Outline::of(PAGE);
        let at = PAGE.find("opens").unwrap();
        assert_eq!(
            outline.at(at + 1).unwrap().path,
            path(&["spaces", "consoles", "0", "opens"])
        );
    }

    #[test]
    fn what_is_being_typed() {
        let text = "format = 1\n[edges]\ndo\n";
        assert_eq!(
            typing(text, text.find("do").unwrap() + 2),
            Typing::Key {
                table: path(&["edges"]),
                word: span(19, 21)
            }
        );
        let text = "[spaces]\nconsoles = [{ number = 1, at = \"H5\", op";
        assert_eq!(
            typing(text, text.len()),
            Typing::Key {
                table: path(&["spaces", "consoles", "0"]),
                word: span(text.len() - 2, text.len())
            }
        );
        let text = "[[rooms]]\nkind = \"hi";
        assert_eq!(
            typing(text, text.len()),
            Typing::Value {
                path: path(&["rooms", "0", "kind"]),
                word: span(text.len() - 3, text.len())
            }
        );
        let text = "[[modules]]\nrole = ";
        assert_eq!(
            typing(text, text.len()),
            Typing::Value {
                path: path(&["modules", "0", "role"]),
                word: span(text.len(), text.len())
            }
        );
        let text = "keywords = [\"cover\", ";
        assert_eq!(
            typing(text, text.len()),
            Typing::Value {
                path: path(&["keywords", "1"]),
                word: span(text.len(), text.len())
            }
        );
        assert_eq!(typing("# a comm", 8), Typing::Nothing);
        assert_eq!(typing("[edg", 4), Typing::Nothing);
    }

    #[test]
    fn broken_text_never_stops_the_scan() {
        for text in [
            "a = [1, 2\nb = 3",
            "a = \"open\nb = 3",
            "[x\n= = ]]} {",
            "a = \"\"\"never closed",
            "\"\\",
            "[[a]]\n[[a.b]]\nc = 1\n[[a]]\n[[a.b]]\nc = 2",
            "a.b.c = { d = [ { e = 1 } ] }",
            "é = \"ü\"",
        ] {
            let outline = Outline::of(text);
            for offset in 0..=text.len() {
                if text.is_char_boundary(offset) {
                    let _ = typing(text, offset);
                    let _ = outline.at(offset);
                }
            }
        }
        let outline = Outline::of("[[a]]\n[[a.b]]\nc = 1\n[[a]]\n[[a.b]]\nc = 2");
        assert_eq!(
            outline.scalar(&path(&["a", "1", "b", "0", "c"])),
            Some(&Scalar::Int(2))
        );
    }

    #[test]
    fn what_is_typed_is_what_the_text_before_the_cursor_leaves_open() {
        // At the end of a key already followed by its value: still the key.
        let text = "format = 1\nbook = 1\n";
        assert_eq!(
            typing(text, 4),
            Typing::Key {
                table: path(&[]),
                word: span(0, 4)
            }
        );
        // After a whole value, before the line ends: nothing.
        assert_eq!(typing("a = \"x\" ", 8), Typing::Nothing);
        assert_eq!(typing("a = [1]", 7), Typing::Nothing);
        // A value of a dotted key; an unclosed string whose quote is escaped.
        let text = "[t]\na.b = \"x\\\"";
        assert_eq!(
            typing(text, text.len()),
            Typing::Value {
                path: path(&["t", "a", "b"]),
                word: span(10, text.len())
            }
        );
        // Lists left open, with blank lines and a comment after them.
        let text = "a = [[{ b = [\n\n# c\n\n";
        assert_eq!(
            typing(text, text.len()),
            Typing::Value {
                path: path(&["a", "0", "0", "b", "0"]),
                word: span(text.len(), text.len())
            }
        );
        assert_eq!(typing(text, text.find('c').unwrap()), Typing::Nothing);
    }

    #[test]
    fn nesting_deeper_than_toml_allows_is_left_out() {
        let depth = MAX_NESTING as usize;
        let text = format!("a = {}\nb = 1", "[".repeat(100_000));
        let outline = Outline::of(&text);
        // The lists down to the nesting allowed, and the one past it whose
        // contents are not read.
        assert_eq!(outline.entries.len(), depth + 1);
        let deepest = outline.entries.last().unwrap();
        assert_eq!(deepest.path.len(), depth + 1);
        assert_eq!(deepest.span.end as usize, text.len());
        assert_eq!(typing(&text, text.len()), Typing::Nothing);
        let text = format!("a = {}1{}\nb = 2", "[".repeat(200), "]".repeat(200));
        let outline = Outline::of(&text);
        assert_eq!(outline.entries.len(), depth + 2);
        assert_eq!(outline.scalar(&path(&["b"])), Some(&Scalar::Int(2)));
    }
}
