//! Where things are in a TOML map file as it is being typed: every key and
//! value with its span and its path from the top of the file
//! (`spaces.consoles[0].opens[1]`), and the state at any offset — inside
//! which table or list, before or after an `=` — for completion.
//!
//! A language server needs this of text that is often not TOML yet (a key
//! half typed, a list not closed), so this is a tolerant scanner rather than
//! a parser: it never fails, reads on after what it does not understand, and
//! lets a list or table left open run to the end of the file. What the file
//! *means* is still the game's loader's to say; the outline only says where
//! each part of it is, for hover, go to definition, symbols and completion.

use deckplan_schema::Span;

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
    /// Scans `text`.
    pub fn of(text: &str) -> Self {
        let mut scanner = Scanner::new(text);
        scanner.run(text.len());
        scanner.finish()
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

/// What is being typed at `offset` of `text`.
pub fn typing(text: &str, offset: usize) -> Typing {
    let mut scanner = Scanner::new(text);
    scanner.run(offset.min(text.len()));
    scanner.typing(offset.min(text.len()))
}

/// A path of keys, for tests and for games naming paths: `path(["rooms"])`.
pub fn keys<const N: usize>(keys: [&str; N]) -> Path {
    keys.into_iter().map(|k| Step::Key(k.to_string())).collect()
}

/// Where the scanner is in the grammar.
#[derive(Clone, Debug)]
enum Frame {
    /// A list: its path and the index its next item gets.
    Array {
        path: Path,
        next: usize,
        start: usize,
    },
    /// An inline table: its path, and the key read whose value comes next.
    Inline {
        path: Path,
        pending: Option<(Path, Span)>,
        start: usize,
    },
}

struct Scanner<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    /// The table the last header opened.
    table: Path,
    /// Where that header starts, and the entry that stands for its table.
    header: Option<usize>,
    /// The items counted so far of each list of tables, by its path.
    table_arrays: Vec<(Path, usize)>,
    /// At the top of a table: a key read whose value comes next.
    pending: Option<(Path, Span)>,
    /// The open lists and inline tables, innermost last.
    stack: Vec<Frame>,
    /// Where the state was last "inside a comment or a header" (for typing).
    quiet: Option<(usize, usize)>,
    entries: Vec<Entry>,
}

fn span(start: usize, end: usize) -> Span {
    Span::from_range(start..end)
}

fn is_bare(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// Ends a bare value: what may follow it in a list, an inline table or a line.
fn ends_value(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b',' | b']' | b'}' | b'#')
}

impl<'t> Scanner<'t> {
    fn new(text: &'t str) -> Self {
        Self {
            text,
            bytes: text.as_bytes(),
            at: 0,
            table: Vec::new(),
            header: None,
            table_arrays: Vec::new(),
            pending: None,
            stack: Vec::new(),
            quiet: None,
            entries: Vec::new(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn starts(&self, what: &str) -> bool {
        self.bytes
            .get(self.at..)
            .is_some_and(|rest| rest.starts_with(what.as_bytes()))
    }

    /// Scans up to `limit` (a value that starts before it is read whole).
    fn run(&mut self, limit: usize) {
        while self.at < limit {
            let Some(b) = self.peek() else { break };
            match b {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' => {
                    self.at += 1;
                    if self.stack.is_empty() {
                        // A key left without its value ends with its line.
                        self.pending = None;
                    }
                }
                b'#' => self.comment(),
                _ => {
                    let before = self.at;
                    self.token(b);
                    if self.at == before {
                        // A byte no rule takes (`=` where a key should be):
                        // step over it, so no text stops the scan.
                        self.at += 1;
                    }
                }
            }
        }
    }

    fn comment(&mut self) {
        let start = self.at;
        while let Some(b) = self.peek() {
            if b == b'\n' {
                break;
            }
            self.at += 1;
        }
        self.quiet = Some((start, self.at));
    }

    fn token(&mut self, b: u8) {
        match self.stack.last_mut() {
            None if self.pending.is_none() => {
                if b == b'[' {
                    self.header_line();
                } else {
                    self.key_value_start(None);
                }
            }
            None => {
                if b == b'=' {
                    self.at += 1;
                } else {
                    let (path, key) = self.pending.take().unwrap_or_default();
                    self.value(path, Some(key));
                }
            }
            Some(Frame::Array { .. }) => match b {
                b',' => self.at += 1,
                b']' => self.close(),
                b'}' => self.close(),
                _ => {
                    let Some(Frame::Array { path, next, .. }) = self.stack.last_mut() else {
                        return;
                    };
                    let mut item = path.clone();
                    item.push(Step::Index(*next));
                    *next += 1;
                    self.value(item, None);
                }
            },
            Some(Frame::Inline { pending, .. }) => match (b, pending.is_some()) {
                (b',', _) => {
                    *pending = None;
                    self.at += 1;
                }
                (b'}' | b']', _) => self.close(),
                (b'=', true) => self.at += 1,
                (_, true) => {
                    let (path, key) = pending.take().unwrap_or_default();
                    self.value(path, Some(key));
                }
                (_, false) => {
                    let Some(Frame::Inline { path, .. }) = self.stack.last() else {
                        return;
                    };
                    let base = path.clone();
                    self.key_value_start(Some(base));
                }
            },
        }
    }

    /// Closes the innermost list or table, ending its entry's span here.
    fn close(&mut self) {
        self.at += 1;
        if let Some(frame) = self.stack.pop() {
            let (path, start) = match frame {
                Frame::Array { path, start, .. } | Frame::Inline { path, start, .. } => {
                    (path, start)
                }
            };
            let end = self.at;
            if let Some(entry) = self
                .entries
                .iter_mut()
                .rev()
                .find(|e| e.path == path && e.span.start as usize == start)
            {
                entry.span = span(start, end);
            }
        }
    }

    /// A `[table]` or `[[list of tables]]` header.
    fn header_line(&mut self) {
        let start = self.at;
        self.close_header(start);
        let double = self.starts("[[");
        self.at += if double { 2 } else { 1 };
        let mut names = Vec::new();
        loop {
            self.skip_blanks();
            match self.peek() {
                Some(b']') | Some(b'\n') | None => break,
                Some(b'.') => self.at += 1,
                Some(_) => match self.key_word() {
                    Some((name, _)) => names.push(name),
                    None => self.at += 1,
                },
            }
        }
        while self.peek() == Some(b']') {
            self.at += 1;
        }
        self.quiet = Some((start, self.at));
        // Lists of tables are counted per parent item: `[[a.b]]` under the
        // second `[[a]]` starts again at 0.
        let mut path: Path = Vec::new();
        let count = names.len();
        for (i, name) in names.into_iter().enumerate() {
            path.push(Step::Key(name));
            let last = i + 1 == count;
            if last && double {
                let index = match self.table_arrays.iter_mut().find(|(p, _)| *p == path) {
                    Some((_, n)) => {
                        *n += 1;
                        *n - 1
                    }
                    None => {
                        self.table_arrays.push((path.clone(), 1));
                        0
                    }
                };
                // A list of tables has an entry of its own, spanning its items.
                if index == 0 {
                    self.push(path.clone(), None, Value::Array, span(start, start));
                }
                path.push(Step::Index(index));
            } else if !last && let Some((_, n)) = self.table_arrays.iter().find(|(p, _)| *p == path)
            {
                path.push(Step::Index(n.saturating_sub(1)));
            }
        }
        self.push(path.clone(), None, Value::Table, span(start, self.at));
        self.table = path;
        self.header = Some(start);
    }

    /// Ends the table of the last header (and the list of tables it is an
    /// item of) at the last non-blank byte before `next`.
    fn close_header(&mut self, next: usize) {
        let Some(start) = self.header.take() else {
            return;
        };
        let body = self.text.get(start..next).unwrap_or("");
        let end = start + body.trim_end().len();
        let table = self.table.clone();
        for entry in self.entries.iter_mut().rev() {
            let is_table = entry.path == table && entry.span.start as usize == start;
            let is_list = table.last().is_some_and(|s| matches!(s, Step::Index(_)))
                && entry.path.len() + 1 == table.len()
                && table.starts_with(&entry.path)
                && entry.value == Value::Array;
            if is_table || is_list {
                entry.span.end = u32::try_from(end).unwrap_or(u32::MAX);
            }
            if is_list {
                break;
            }
        }
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// A bare or quoted key at the cursor, with its span.
    fn key_word(&mut self) -> Option<(String, Span)> {
        let start = self.at;
        match self.peek()? {
            b'"' | b'\'' => {
                let (text, end) = self.string_at(start);
                self.at = end;
                Some((text, span(start, end)))
            }
            b if is_bare(b) => {
                while self.peek().is_some_and(is_bare) {
                    self.at += 1;
                }
                Some((
                    self.text.get(start..self.at)?.to_string(),
                    span(start, self.at),
                ))
            }
            _ => None,
        }
    }

    /// `key = `, or `a.b.c = `: the path of the value that follows, under `base`
    /// (an inline table) or the current table.
    fn key_value_start(&mut self, base: Option<Path>) {
        let inline = base.is_some();
        let mut path = base.unwrap_or_else(|| self.table.clone());
        let mut last = None;
        loop {
            self.skip_blanks();
            match self.peek() {
                Some(b'.') => self.at += 1,
                Some(b'=') | Some(b'\n') | Some(b'#') | Some(b',') | Some(b'}') | None => break,
                Some(_) => match self.key_word() {
                    Some((name, key_span)) => {
                        path.push(Step::Key(name));
                        last = Some(key_span);
                    }
                    None => {
                        // Not a key: skip the byte and read on.
                        self.at += 1;
                        return;
                    }
                },
            }
        }
        let Some(key_span) = last else { return };
        if inline {
            if let Some(Frame::Inline { pending, .. }) = self.stack.last_mut() {
                *pending = Some((path, key_span));
            }
        } else {
            self.pending = Some((path, key_span));
        }
    }

    /// A value at the cursor, for `path`.
    fn value(&mut self, path: Path, key_span: Option<Span>) {
        let start = self.at;
        match self.peek() {
            Some(b'"' | b'\'') => {
                let (text, end) = self.string_at(start);
                self.at = end;
                self.push(
                    path,
                    key_span,
                    Value::Scalar(Scalar::Str(text)),
                    span(start, end),
                );
            }
            Some(b'[') => {
                self.at += 1;
                self.push(
                    path.clone(),
                    key_span,
                    Value::Array,
                    span(start, self.text.len()),
                );
                self.stack.push(Frame::Array {
                    path,
                    next: 0,
                    start,
                });
            }
            Some(b'{') => {
                self.at += 1;
                self.push(
                    path.clone(),
                    key_span,
                    Value::Table,
                    span(start, self.text.len()),
                );
                self.stack.push(Frame::Inline {
                    path,
                    pending: None,
                    start,
                });
            }
            Some(_) => {
                while self.peek().is_some_and(|b| !ends_value(b)) {
                    self.at += 1;
                }
                if self.at == start {
                    // A stray `=` or bracket: step over it.
                    self.at += 1;
                    return;
                }
                let word = self.text.get(start..self.at).unwrap_or("");
                let scalar = word
                    .replace('_', "")
                    .parse::<i64>()
                    .map_or_else(|_| Scalar::Other(word.to_string()), Scalar::Int);
                self.push(path, key_span, Value::Scalar(scalar), span(start, self.at));
            }
            None => {}
        }
    }

    /// The string starting at `start` (a quote): its contents and where it
    /// ends. A string not closed ends with its line (or, for a multi-line
    /// string, the file).
    fn string_at(&self, start: usize) -> (String, usize) {
        let quote = self.bytes.get(start).copied().unwrap_or(b'"');
        let triple = if quote == b'"' { "\"\"\"" } else { "'''" };
        let rest = self.text.get(start..).unwrap_or("");
        if rest.starts_with(triple) {
            let body = start + 3;
            let after = self.text.get(body..).unwrap_or("");
            let mut i = 0;
            let close = loop {
                let Some(found) = after.get(i..).and_then(|s| s.find(triple)) else {
                    break None;
                };
                let at = i + found;
                if quote == b'"' && escaped(after, at) {
                    i = at + 1;
                    continue;
                }
                break Some(at);
            };
            return match close {
                Some(at) => {
                    // Up to two quotes right before the closing ones belong to the string.
                    let mut end = at + 3;
                    while after.as_bytes().get(end) == Some(&quote) && end < at + 5 {
                        end += 1;
                    }
                    let inner = after.get(..end - 3).unwrap_or("");
                    (inner.to_string(), body + end)
                }
                None => (after.to_string(), self.text.len()),
            };
        }
        let body = start + 1;
        let mut i = body;
        while let Some(&b) = self.bytes.get(i) {
            if b == b'\n' {
                break;
            }
            if b == quote
                && (quote == b'\'' || !escaped(self.text.get(body..).unwrap_or(""), i - body))
            {
                let inner = self.text.get(body..i).unwrap_or("");
                return (inner.to_string(), i + 1);
            }
            i += 1;
        }
        (self.text.get(body..i).unwrap_or("").to_string(), i)
    }

    fn push(&mut self, path: Path, key_span: Option<Span>, value: Value, at: Span) {
        self.entries.push(Entry {
            path,
            key_span,
            value,
            span: at,
        });
    }

    fn finish(mut self) -> Outline {
        self.close_header(self.text.len());
        Outline {
            entries: self.entries,
        }
    }

    /// What is being typed at `offset`, the scanner having stopped there.
    fn typing(&self, offset: usize) -> Typing {
        // Stopped inside a token that started before the offset, or at the
        // end of a value still open there: a string value being typed, or a
        // word.
        let open_value = |entry: &Entry| {
            let written = self
                .text
                .get(entry.span.start as usize..entry.span.end as usize)
                .unwrap_or("");
            let closed = written.len() >= 2
                && written
                    .chars()
                    .next()
                    .is_some_and(|q| matches!(q, '"' | '\'') && written.ends_with(q));
            entry.span.end as usize == offset && !closed
        };
        if self.at > offset || self.entries.last().is_some_and(open_value) {
            return match self.entries.last() {
                Some(entry)
                    if entry.span.start as usize <= offset
                        && matches!(entry.value, Value::Scalar(_)) =>
                {
                    Typing::Value {
                        path: entry.path.clone(),
                        word: span(entry.span.start as usize, offset),
                    }
                }
                _ => Typing::Nothing,
            };
        }
        if let Some((start, end)) = self.quiet
            && start <= offset
            && offset <= end
            && self.text.get(end..offset).is_none_or(|s| !s.contains('\n'))
            && end == self.at
        {
            return Typing::Nothing;
        }
        // The word just before the offset, being typed.
        let line_start = self
            .text
            .get(..offset)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        let before = self.text.get(line_start..offset).unwrap_or("");
        let word_len = before
            .bytes()
            .rev()
            .take_while(|b| is_bare(*b) || matches!(b, b'"' | b'\'' | b'.'))
            .count();
        let word = span(offset - word_len, offset);
        match self.stack.last() {
            None => match &self.pending {
                Some((path, key)) if (key.end as usize) < offset && before.contains('=') => {
                    Typing::Value {
                        path: path.clone(),
                        word,
                    }
                }
                Some((path, _)) => Typing::Key {
                    table: path
                        .get(..path.len().saturating_sub(1))
                        .unwrap_or(&[])
                        .to_vec(),
                    word,
                },
                None => {
                    if before.trim_start().starts_with('[') {
                        Typing::Nothing
                    } else {
                        Typing::Key {
                            table: self.table.clone(),
                            word,
                        }
                    }
                }
            },
            Some(Frame::Array { path, next, .. }) => {
                let mut item = path.clone();
                item.push(Step::Index(*next));
                Typing::Value { path: item, word }
            }
            Some(Frame::Inline { path, pending, .. }) => match pending {
                // A value once its `=` is written; until then the key.
                Some((value_path, key))
                    if self
                        .text
                        .get(key.end as usize..offset)
                        .is_some_and(|s| s.contains('=')) =>
                {
                    Typing::Value {
                        path: value_path.clone(),
                        word,
                    }
                }
                _ => Typing::Key {
                    table: path.clone(),
                    word,
                },
            },
        }
    }
}

/// Whether the byte at `at` of `text` is escaped by an odd run of backslashes.
fn escaped(text: &str, at: usize) -> bool {
    let before = text.as_bytes().get(..at).unwrap_or_default();
    before.iter().rev().take_while(|b| **b == b'\\').count() % 2 == 1
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
}
