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

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Severity};

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

/// Renders one diagnostic.
pub fn render_one(out: &mut String, diagnostic: &Diagnostic, colour: Styling) {
    let file = &diagnostic.file;
    let at = diagnostic.line_col();
    let heading = format!("{}[{}]", diagnostic.severity.name(), diagnostic.code);
    let _ = writeln!(
        out,
        "{}:{}:{}: {}: {}",
        file.path().display(),
        at.line,
        at.column,
        colour.severity(diagnostic.severity, &heading),
        colour.paint("1", &diagnostic.message)
    );
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
        let _ = writeln!(out, "{blank} {}", colour.gutter("|"));
    }
    for (line, start, width, mark, label) in &excerpts {
        let text = file.line_text(*line);
        let _ = writeln!(
            out,
            "{} {} {text}",
            colour.gutter(&format!("{line:>gutter_width$}")),
            colour.gutter("|")
        );
        let marks = mark.to_string().repeat(*width as usize);
        let underline = format!("{}{marks}", " ".repeat(start.saturating_sub(1) as usize));
        let underline = match label {
            Some(label) => format!("{underline} {label}"),
            None => underline,
        };
        let painted = if *mark == '^' {
            colour.severity(diagnostic.severity, &underline)
        } else {
            colour.gutter(&underline)
        };
        let _ = writeln!(out, "{blank} {} {painted}", colour.gutter("|"));
    }
    if let Some(place) = &diagnostic.place {
        let _ = writeln!(out, "{blank} {} at: {place}", colour.gutter("="));
    }
    if let Some(help) = &diagnostic.help {
        let _ = writeln!(out, "{blank} {} help: {help}", colour.gutter("="));
    }
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

/// Renders every diagnostic, blank-line separated, and a summary line.
pub fn render(diagnostics: &[Diagnostic], summary: &str, colour: Styling) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        render_one(&mut out, diagnostic, colour);
        out.push('\n');
    }
    out.push_str(summary);
    out.push('\n');
    out
}
