//! Diagnostics as plain data: what is wrong, where in the file, where on the
//! board, and how to fix it. Renderers (human, JSON, SARIF, GitHub) read these
//! and nothing else.

use std::sync::Arc;

use deckplan_schema::{FileError, LineCol, Place, SourceFile, Span};

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Fails the lint (exit code 1).
    Error,
    /// Reported; fails the lint only with `--deny warnings`.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
        }
    }
}

/// A secondary place in the same file that explains the finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What it shows ("first listed here").
    pub message: String,
}

/// One finding.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Stable code, e.g. `F002`.
    pub code: &'static str,
    /// Kebab-case name, e.g. `unknown-key`.
    pub name: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// One sentence saying what is wrong.
    pub message: String,
    /// The file the finding is in.
    pub file: Arc<SourceFile>,
    /// Where in the file; `None` for the whole file.
    pub span: Option<Span>,
    /// Where on the board, as data; printed as the game prints it
    /// (`L1p2 H3`, `L1p2 door 4 between H3 and H4`).
    pub place: Option<Place>,
    /// A fix, when one is clear.
    pub help: Option<String>,
    /// Other places that explain it.
    pub labels: Vec<Label>,
}

impl Diagnostic {
    /// The board of a pack the finding is on, when the pack holds several
    /// (an Enormity page, `L1p2`).
    pub fn board(&self) -> Option<String> {
        self.place.and_then(|place| place.board())
    }

    /// Line and column of the primary span (1:1 for whole-file findings).
    pub fn line_col(&self) -> LineCol {
        self.span.map_or(LineCol { line: 1, column: 1 }, |span| {
            self.file.line_col(span.start)
        })
    }

    /// Order for output: by file, then position, then code — deterministic
    /// whatever order the checks ran in.
    pub fn sort_key(&self) -> (std::path::PathBuf, u32, u32, &'static str, String) {
        let at = self.line_col();
        (
            self.file.path().to_path_buf(),
            at.line,
            at.column,
            self.code,
            self.message.clone(),
        )
    }
}

impl From<FileError> for Diagnostic {
    fn from(error: FileError) -> Self {
        let FileError { source, error } = error;
        Self {
            code: error.code.code(),
            name: error.code.name(),
            severity: Severity::Error,
            message: error.message,
            file: source,
            span: error.span,
            place: error.place,
            help: error.help,
            labels: error
                .labels
                .into_iter()
                .map(|(span, message)| Label { span, message })
                .collect(),
        }
    }
}
