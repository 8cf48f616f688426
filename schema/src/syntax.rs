//! Every syntax error of a TOML file, within the per-file cap and without
//! the errors one mistake sets off.
//!
//! `toml` stops at the first syntax error, and its recovering parser
//! (`DeTable::parse_recoverable`) keeps every error it meets: a 16 MB file
//! of `=` lines gives it 24 million errors and 5 GB of memory, and one
//! unclosed `[` makes every line after it an error of its own. So a file
//! that does not parse is read again here, by `toml`'s own lexer and event
//! parser, with an error sink that keeps the first error of each statement
//! (a key and its value, or a table header) and at most
//! [`limits::MAX_ERRORS_PER_FILE`](crate::limits::MAX_ERRORS_PER_FILE) in
//! all. A bracket left open keeps its statement open to the end of the
//! file, so what the parser then finds inside it is not reported again.

use std::cell::Cell;

use toml_parser::decoder::Encoding;
use toml_parser::parser::{
    Event, EventKind, EventReceiver, RecursionGuard, ValidateWhitespace, parse_document,
};
use toml_parser::{ErrorSink, Expected, ParseError, Source, Span as TomlSpan};

use crate::error::{FormatError, Problems};
use crate::limits::MAX_NESTING;
use crate::source::Span;
use crate::toml_file::translate_toml_error;

/// The syntax errors of `text`, which `toml` refused with `first`: every
/// statement's first error, in file order, capped; `first` among them.
pub(crate) fn syntax_errors(text: &str, first: &toml::de::Error) -> Vec<FormatError> {
    let source = Source::new(text);
    let tokens = source.lex().into_vec();
    let cursor = Cursor::default();
    let mut statements = Statements {
        source,
        nesting: 0,
        cursor: &cursor,
    };
    let mut sink = FirstPerStatement {
        cursor: &cursor,
        pending: None,
        first: translate_toml_error(first, text),
        first_seen: false,
        problems: Problems::new(),
    };
    {
        let mut validate = ValidateWhitespace::new(&mut statements, source);
        let mut guard = RecursionGuard::new(&mut validate, MAX_NESTING);
        parse_document(&tokens, &mut guard, &mut sink);
    }
    sink.finish()
}

/// Where the parser is, as its events tell it.
#[derive(Default)]
struct Cursor {
    /// Which statement: a key and its value, or a table header.
    statement: Cell<u64>,
}

/// Follows the parser's events to know which statement it is in.
struct Statements<'s, 'c> {
    source: Source<'s>,
    /// Open arrays and inline tables.
    nesting: u32,
    cursor: &'c Cursor,
}

impl Statements<'_, '_> {
    fn opened(&mut self) {
        self.nesting += 1;
    }

    fn closed(&mut self) {
        self.nesting = self.nesting.saturating_sub(1);
    }

    fn next_statement(&self) {
        let statement = &self.cursor.statement;
        statement.set(statement.get() + 1);
    }

    /// Decodes a key or a value as `toml` does, for the errors only.
    fn decode(
        &self,
        kind: EventKind,
        span: TomlSpan,
        encoding: Option<Encoding>,
        error: &mut dyn ErrorSink,
    ) {
        let event = Event::new_unchecked(kind, encoding, span);
        if let Some(raw) = self.source.get(event) {
            match kind {
                EventKind::SimpleKey => raw.decode_key(&mut (), error),
                _ => {
                    let _ = raw.decode_scalar(&mut (), error);
                }
            }
        }
    }
}

impl EventReceiver for Statements<'_, '_> {
    fn std_table_open(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) {
        self.next_statement();
    }
    fn array_table_open(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) {
        self.next_statement();
    }
    fn inline_table_open(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) -> bool {
        self.opened();
        true
    }
    fn inline_table_close(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) {
        self.closed();
    }
    fn array_open(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) -> bool {
        self.opened();
        true
    }
    fn array_close(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) {
        self.closed();
    }
    fn simple_key(
        &mut self,
        span: TomlSpan,
        encoding: Option<Encoding>,
        error: &mut dyn ErrorSink,
    ) {
        self.decode(EventKind::SimpleKey, span, encoding, error);
    }
    fn scalar(&mut self, span: TomlSpan, encoding: Option<Encoding>, error: &mut dyn ErrorSink) {
        self.decode(EventKind::Scalar, span, encoding, error);
    }
    fn newline(&mut self, _span: TomlSpan, _error: &mut dyn ErrorSink) {
        if self.nesting == 0 {
            self.next_statement();
        }
    }
}

/// Keeps the first error of each statement, within the per-file cap.
struct FirstPerStatement<'c> {
    cursor: &'c Cursor,
    /// The last statement's first error, kept back until the statement
    /// ends: a bracket it leaves open is named in it.
    pending: Option<(u64, FormatError)>,
    /// The error `toml` reported.
    first: FormatError,
    /// Whether the parse met `first` too.
    first_seen: bool,
    problems: Problems,
}

impl FirstPerStatement<'_> {
    /// Every kept error in file order; `first` among them.
    fn finish(mut self) -> Vec<FormatError> {
        if let Some((_, error)) = self.pending.take() {
            self.problems.push(error);
        }
        // Keys given twice and other errors of the document's shape are found
        // only by `toml` itself, which reported the first of them.
        if !self.first_seen {
            self.problems.push(self.first);
        }
        self.problems.sort_by_position();
        self.problems.into_errors()
    }
}

impl ErrorSink for FirstPerStatement<'_> {
    fn report_error(&mut self, error: ParseError) {
        let span = error
            .unexpected()
            .map(|span| Span::from_range(span.start()..span.end()));
        let unclosed = match error.description() {
            "unclosed array" => Some(("array", "]")),
            "unclosed inline table" => Some(("inline table", "}")),
            _ => None,
        }
        .zip(error.context());
        let error = FormatError::new(
            crate::error::FormatCode::Syntax,
            format!("invalid TOML: {}", message(&error)),
            span,
        );
        self.first_seen |= error == self.first;
        let statement = self.cursor.statement.get();
        let new_statement = self
            .pending
            .as_ref()
            .is_none_or(|(last, _)| *last != statement);
        if new_statement && let Some((_, done)) = self.pending.replace((statement, error)) {
            self.problems.push(done);
        }
        // A bracket never closed swallows every line after it: its
        // statement's error says where it opens. Brackets close from the
        // inside out, so the outermost is named last.
        if let (Some(((what, close), opened)), Some((_, pending))) = (unclosed, &mut self.pending) {
            pending.labels = vec![(
                Span::from_range(opened.start()..opened.end()),
                format!("this {what} is never closed"),
            )];
            pending.help = Some(format!(
                "close the {what} with `{close}`; until then every line after it is read as part of it"
            ));
        }
    }
}

/// The message `toml` gives a parse error: what is wrong and what was expected.
fn message(error: &ParseError) -> String {
    let mut message = error.description().to_string();
    if let Some(expected) = error.expected() {
        message.push_str(", expected ");
        if expected.is_empty() {
            message.push_str("nothing");
        }
        let names: Vec<String> = expected
            .iter()
            .map(|expected| match expected {
                Expected::Literal(literal) => literal_name(literal),
                Expected::Description(description) => (*description).to_string(),
                _ => "etc".to_string(),
            })
            .collect();
        message.push_str(&names.join(", "));
    }
    message
}

/// A literal as `toml` names it in messages.
fn literal_name(literal: &str) -> String {
    match literal {
        "\n" => "newline".to_string(),
        "`" => "'`'".to_string(),
        s if s.chars().all(|c| c.is_ascii_control()) => format!("`{}`", s.escape_debug()),
        s => format!("`{s}`"),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    /// `line:column message` of each syntax error of `text`.
    fn errors(text: &str) -> Vec<String> {
        let first = toml::de::DeTable::parse(text).unwrap_err();
        let source = SourceFile::new("f.toml", text.to_string());
        syntax_errors(text, &first)
            .iter()
            .map(|e| match e.span {
                Some(span) => {
                    let at = source.line_col(span.start);
                    format!("{}:{} {}", at.line, at.column, e.message)
                }
                None => e.message.clone(),
            })
            .collect()
    }

    #[test]
    fn each_statement_gives_its_first_error() {
        assert_eq!(
            errors("a = 1\nb = \"x\nc = 2 3\nd = ]\n"),
            [
                "2:7 invalid TOML: invalid basic string, expected `\"`",
                "3:5 invalid TOML: string values must be quoted, expected literal string",
                "4:5 invalid TOML: missing array opening, expected `[`",
            ]
        );
    }

    #[test]
    fn a_bracket_left_open_is_one_error_to_the_end_of_the_file() {
        // The parser reads every line after `c = [1, 2` as part of the array;
        // `toml`'s recovering parser reports 17 errors here.
        let text = "a = 1\nb = \"x\nc = [1, 2\nd = 3\n[t\ne == 4\nf = 5\n";
        assert_eq!(
            errors(text),
            [
                "2:7 invalid TOML: invalid basic string, expected `\"`",
                "4:1 invalid TOML: missing comma between array elements, expected `,`",
            ]
        );
    }

    #[test]
    fn a_key_given_twice_is_reported_by_name() {
        assert_eq!(
            errors("a = 1\nb = 2\na = 3\n"),
            ["3:1 invalid TOML: duplicate key `a`"]
        );
    }

    #[test]
    fn a_file_of_errors_costs_the_cap_not_the_errors() {
        let text = "=\n".repeat(100_000);
        let found = errors(&text);
        assert_eq!(found.len(), crate::limits::MAX_ERRORS_PER_FILE);
        assert_eq!(
            found[198],
            "199:1 invalid TOML: unquoted keys cannot be empty, expected letters, numbers, `-`, `_`"
        );
        assert_eq!(
            found[199],
            "and 99801 more errors in this file (at most 200 are listed)"
        );
    }
}
