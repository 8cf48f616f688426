//! Human output, like a compiler's: a grep-able first line, the source line
//! with a caret, the board place and a fix.
//!
//! ```text
//! maps/demo/book1/page2.toml:14:1: error[F002]: unknown key `dors`
//!    |
//! 14 | dors = [
//!    | ^^^^
//!    = at: L1p2
//!    = help: did you mean `doors`?
//! ```

use std::io::{self, Write};

use deckplan_schema::limits::MAX_EXCERPT_CHARS;

use crate::diagnostic::{Diagnostic, Severity};
use crate::render::escape_controls;

/// Whether output is styled with ANSI colours: only on a terminal without
/// `NO_COLOR` (the command line decides).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Styling {
    /// Plain text, for files, pipes and CI logs.
    #[default]
    Plain,
    /// ANSI colour codes.
    Ansi,
}

impl Styling {
    /// Whether colours are on.
    pub const fn is_ansi(self) -> bool {
        matches!(self, Self::Ansi)
    }

    fn paint(self, code: &str, text: &str) -> String {
        match self {
            Self::Ansi => format!("\x1b[{code}m{text}\x1b[0m"),
            Self::Plain => text.to_string(),
        }
    }

    fn severity(self, severity: Severity, text: &str) -> String {
        match severity {
            Severity::Error => self.paint("1;31", text),
            Severity::Warning => self.paint("1;33", text),
        }
    }

    fn gutter(self, text: &str) -> String {
        self.paint("1;34", text)
    }
}

/// Renders one diagnostic into a string (see [`write_one`]).
pub fn render_one(out: &mut String, diagnostic: &Diagnostic, colour: Styling) {
    let mut bytes = Vec::new();
    let _ = write_one(&mut bytes, diagnostic, colour);
    out.push_str(&String::from_utf8_lossy(&bytes));
}

/// Writes one diagnostic. Text from the map (messages, places, source lines)
/// has its control characters escaped, and each quoted source line is cut to
/// at most [`MAX_EXCERPT_CHARS`] characters around the caret, so output stays
/// proportional to the number of findings, not to the length of lines.
pub fn write_one(out: &mut dyn Write, diagnostic: &Diagnostic, colour: Styling) -> io::Result<()> {
    let file = &diagnostic.file;
    let at = diagnostic.line_col();
    let heading = format!("{}[{}]", diagnostic.severity.name(), diagnostic.code);
    writeln!(
        out,
        "{}:{}:{}: {}: {}",
        escape_controls(&file.path().display().to_string()),
        at.line,
        at.column,
        colour.severity(diagnostic.severity, &heading),
        colour.paint("1", &escape_controls(&diagnostic.message))
    )?;
    let mut excerpts: Vec<(u32, u32, u32, char, Option<&str>)> = Vec::new();
    if let Some(span) = diagnostic.span {
        let (line, start, width) = caret(diagnostic, span);
        excerpts.push((line, start, width, '^', None));
    }
    for label in &diagnostic.labels {
        let (line, start, width) = caret(diagnostic, label.span);
        excerpts.push((line, start, width, '-', Some(label.message.as_str())));
    }
    excerpts.sort_by_key(|e| e.0);
    let gutter_width = excerpts
        .iter()
        .map(|e| e.0.to_string().len())
        .max()
        .unwrap_or(1);
    let blank = " ".repeat(gutter_width);
    if !excerpts.is_empty() {
        writeln!(out, "{blank} {}", colour.gutter("|"))?;
    }
    for (line, start, width, mark, label) in &excerpts {
        let (text, start, width) = excerpt(file.line_text(*line), *start, *width);
        writeln!(
            out,
            "{} {} {text}",
            colour.gutter(&format!("{line:>gutter_width$}")),
            colour.gutter("|")
        )?;
        let marks = mark.to_string().repeat(width);
        let underline = format!("{}{marks}", " ".repeat(start.saturating_sub(1)));
        let underline = match label {
            Some(label) => format!("{underline} {}", escape_controls(label)),
            None => underline,
        };
        let painted = if *mark == '^' {
            colour.severity(diagnostic.severity, &underline)
        } else {
            colour.gutter(&underline)
        };
        writeln!(out, "{blank} {} {painted}", colour.gutter("|"))?;
    }
    if let Some(place) = &diagnostic.place {
        let place = place.to_string();
        writeln!(
            out,
            "{blank} {} at: {}",
            colour.gutter("="),
            escape_controls(&place)
        )?;
    }
    if let Some(help) = &diagnostic.help {
        writeln!(
            out,
            "{blank} {} help: {}",
            colour.gutter("="),
            escape_controls(help)
        )?;
    }
    Ok(())
}

/// A source line as quoted: control characters shown as one visible symbol
/// each (so the caret still lines up), and a line longer than
/// [`MAX_EXCERPT_CHARS`] cut to a window around the caret with `…` on the
/// cut sides. Returns the text and the caret's column and width in it.
fn excerpt(line: &str, start: u32, width: u32) -> (String, usize, usize) {
    let visible = |c: char| match c {
        '\t' => ' ',
        c if c.is_control() => '\u{fffd}',
        c => c,
    };
    let chars = line.chars().count();
    let start = (start as usize).max(1);
    let width = (width as usize).max(1);
    if chars <= MAX_EXCERPT_CHARS {
        return (line.chars().map(visible).collect(), start, width);
    }
    let keep = MAX_EXCERPT_CHARS;
    // Show some context before the caret, and as much of the mark as fits.
    let first = start.saturating_sub(keep / 4).max(1);
    let first = first.min(chars.saturating_sub(keep) + 1);
    let last = (first + keep - 1).min(chars);
    let mut text = String::new();
    let cut_before = first > 1;
    if cut_before {
        text.push('…');
    }
    text.extend(
        line.chars()
            .skip(first - 1)
            .take(last + 1 - first)
            .map(visible),
    );
    if last < chars {
        text.push('…');
    }
    let lead = usize::from(cut_before);
    let column = start.saturating_sub(first) + 1 + lead;
    let width = width.min((last + 1).saturating_sub(start).max(1));
    (text, column, width)
}

/// The line, 1-based start column and width in characters of a span's first line.
fn caret(diagnostic: &Diagnostic, span: deckplan_schema::Span) -> (u32, u32, u32) {
    let file = &diagnostic.file;
    let start = file.line_col(span.start);
    let end = file.line_col(span.end.max(span.start));
    let line_chars = file.line_text(start.line).chars().count() as u32;
    let width = if end.line == start.line {
        end.column.saturating_sub(start.column)
    } else {
        (line_chars + 1).saturating_sub(start.column)
    };
    (start.line, start.column, width.max(1))
}

/// Renders every diagnostic, blank-line separated, and a summary line, into
/// a string (see [`render_to`], which the command line uses).
pub fn render(diagnostics: &[Diagnostic], summary: &str, colour: Styling) -> String {
    let mut out = Vec::new();
    let _ = render_to(&mut out, diagnostics, summary, colour);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes every diagnostic, blank-line separated, and a summary line, one
/// diagnostic at a time: memory does not grow with the size of the report.
pub fn render_to(
    out: &mut dyn Write,
    diagnostics: &[Diagnostic],
    summary: &str,
    colour: Styling,
) -> io::Result<()> {
    for diagnostic in diagnostics {
        write_one(out, diagnostic, colour)?;
        writeln!(out)?;
    }
    writeln!(out, "{summary}")?;
    out.flush()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_around_the_caret() {
        let line = format!("{}BAD{}", "a".repeat(300), "b".repeat(300));
        let (text, column, width) = excerpt(&line, 301, 3);
        assert_eq!(text.chars().count(), MAX_EXCERPT_CHARS + 2);
        assert_eq!(text, format!("…{}BAD{}…", "a".repeat(30), "b".repeat(87)));
        assert_eq!((column, width), (32, 3));
        let marked: String = text.chars().skip(column - 1).take(width).collect();
        assert_eq!(marked, "BAD");
    }

    #[test]
    fn a_short_line_is_kept_and_controls_are_shown_as_one_symbol() {
        let (text, column, width) = excerpt("k\u{1b}[2J = 1", 1, 6);
        assert_eq!(text, "k\u{fffd}[2J = 1");
        assert_eq!((column, width), (1, 6));
    }
}
