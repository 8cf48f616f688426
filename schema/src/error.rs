//! Errors in reading map files: a stable code, a message, where it is in the
//! file and on the board, and a fix when one is clear.

use std::fmt;
use std::sync::Arc;

use crate::place::Place;
use crate::source::{SourceFile, Span};

/// What kind of format problem it is. Codes are stable: a retired code is never reused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum FormatCode {
    /// The file is not valid TOML.
    Syntax,
    /// A key that the format does not know.
    UnknownKey,
    /// A value of the wrong type or out of range, or a required key missing.
    InvalidValue,
    /// A coordinate that cannot be read.
    BadCoordinate,
    /// A position outside its page.
    OffPage,
    /// Two features that must be unique share a number or a place.
    Duplicate,
    /// A reference to a door, page, book or Location that does not exist.
    DanglingReference,
    /// Two features that cannot share a place, such as a wall and a door on one edge.
    Conflict,
    /// A file, page or list larger than the fixed limits.
    LimitExceeded,
    /// A path in `pack.toml` that leaves the pack folder.
    PathEscape,
    /// A `format` version this build does not read.
    UnsupportedVersion,
    /// A file named in `pack.toml` that cannot be read.
    UnreadableFile,
}

impl FormatCode {
    /// Every code, in code order.
    pub const ALL: [Self; 12] = [
        Self::Syntax,
        Self::UnknownKey,
        Self::InvalidValue,
        Self::BadCoordinate,
        Self::OffPage,
        Self::Duplicate,
        Self::DanglingReference,
        Self::Conflict,
        Self::LimitExceeded,
        Self::PathEscape,
        Self::UnsupportedVersion,
        Self::UnreadableFile,
    ];

    /// The stable code, e.g. `F001`.
    pub const fn code(self) -> &'static str {
        match self {
            Self::Syntax => "F001",
            Self::UnknownKey => "F002",
            Self::InvalidValue => "F003",
            Self::BadCoordinate => "F004",
            Self::OffPage => "F005",
            Self::Duplicate => "F006",
            Self::DanglingReference => "F007",
            Self::Conflict => "F008",
            Self::LimitExceeded => "F009",
            Self::PathEscape => "F010",
            Self::UnsupportedVersion => "F011",
            Self::UnreadableFile => "F012",
        }
    }

    /// The kebab-case name, e.g. `unknown-key`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Syntax => "toml-syntax",
            Self::UnknownKey => "unknown-key",
            Self::InvalidValue => "invalid-value",
            Self::BadCoordinate => "bad-coordinate",
            Self::OffPage => "off-page",
            Self::Duplicate => "duplicate",
            Self::DanglingReference => "dangling-reference",
            Self::Conflict => "conflicting-features",
            Self::LimitExceeded => "limit-exceeded",
            Self::PathEscape => "path-escape",
            Self::UnsupportedVersion => "unsupported-version",
            Self::UnreadableFile => "unreadable-file",
        }
    }

    /// The documentation shown by `deckplan explain` (What it checks / Why /
    /// Example / How to fix).
    pub const fn doc(self) -> &'static str {
        match self {
            Self::Syntax => include_str!("../docs/F001.md"),
            Self::UnknownKey => include_str!("../docs/F002.md"),
            Self::InvalidValue => include_str!("../docs/F003.md"),
            Self::BadCoordinate => include_str!("../docs/F004.md"),
            Self::OffPage => include_str!("../docs/F005.md"),
            Self::Duplicate => include_str!("../docs/F006.md"),
            Self::DanglingReference => include_str!("../docs/F007.md"),
            Self::Conflict => include_str!("../docs/F008.md"),
            Self::LimitExceeded => include_str!("../docs/F009.md"),
            Self::PathEscape => include_str!("../docs/F010.md"),
            Self::UnsupportedVersion => include_str!("../docs/F011.md"),
            Self::UnreadableFile => include_str!("../docs/F012.md"),
        }
    }
}

impl fmt::Display for FormatCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One problem found while reading a file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FormatError {
    /// What kind of problem.
    pub code: FormatCode,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Where in the file; `None` when the problem concerns the whole file.
    pub span: Option<Span>,
    /// The board place, e.g. `L1p2 H3`, when there is one.
    pub place: Option<Place>,
    /// A fix, when one is clear.
    pub help: Option<String>,
    /// Other places in the same file that explain the problem ("first defined here").
    pub labels: Vec<(Span, String)>,
}

impl FormatError {
    /// A problem at a span.
    pub fn new(code: FormatCode, message: impl Into<String>, span: Option<Span>) -> Self {
        Self {
            code,
            message: message.into(),
            span,
            place: None,
            help: None,
            labels: Vec::new(),
        }
    }

    /// Adds the board place.
    pub fn with_place(mut self, place: impl Into<Place>) -> Self {
        self.place = Some(place.into());
        self
    }

    /// Adds a fix.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds an optional fix.
    pub fn with_optional_help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }

    /// Adds a secondary label.
    pub fn with_label(mut self, span: Span, text: impl Into<String>) -> Self {
        self.labels.push((span, text.into()));
        self
    }
}

/// A format problem together with the file it is in.
#[derive(Clone, Debug)]
pub struct FileError {
    /// The file, with its text for excerpts.
    pub source: Arc<SourceFile>,
    /// The problem.
    pub error: FormatError,
}

impl fmt::Display for FileError {
    /// `path:line:col: error[CODE]: message`, the first line of a full report.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.source.path().display();
        match self.error.span {
            Some(span) => {
                let at = self.source.line_col(span.start);
                write!(
                    f,
                    "{path}:{}:{}: error[{}]: {}",
                    at.line, at.column, self.error.code, self.error.message
                )
            }
            None => write!(
                f,
                "{path}: error[{}]: {}",
                self.error.code, self.error.message
            ),
        }
    }
}

impl std::error::Error for FileError {}

/// Why a pack or page could not be loaded at all (as opposed to loading with
/// format errors): the user named something that is not there.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Reading a path failed.
    // The reason is part of the message and deliberately not the error's
    // `source`: printing the chain would say it twice.
    #[error("cannot read {path}: {reason}")]
    Io {
        /// The path as given.
        path: std::path::PathBuf,
        /// The operating system's reason.
        reason: std::io::Error,
    },
}
