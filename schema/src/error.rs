//! Errors in reading map files: a stable code, a message, where it is in the
//! file and on the board, and a fix when one is clear.

use std::fmt;
use std::sync::Arc;

use crate::limits;
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
    /// A `[lint]` setting that names no check of the file's game.
    UnknownCheck,
}

impl FormatCode {
    /// Every code, in code order.
    pub const ALL: [Self; 13] = [
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
        Self::UnknownCheck,
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
            Self::UnknownCheck => "F013",
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
            Self::UnknownCheck => "unknown-check",
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
            Self::UnknownCheck => include_str!("../docs/F013.md"),
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

/// The format errors of one file, gathered as they are found.
///
/// At most [`limits::MAX_ERRORS_PER_FILE`] are kept and the rest only
/// counted, so a file of a million mistakes costs the memory of two hundred;
/// [`Problems::into_errors`] closes the list with one error that says how many
/// more there were. Every game's reader and resolver gathers its errors here.
///
/// A file whose TOML read only in part (a misspelt key, a list item of the
/// wrong shape) is *partial*: what the reader lost may be what a check of one
/// value against the rest of the file (a reference, a key that must be there)
/// misses, so such problems, pushed with [`Problems::related_mut`], are held
/// back until the file reads whole. The error recovery invents nothing.
#[derive(Debug, Default)]
pub struct Problems {
    kept: Vec<FormatError>,
    /// Errors found past the cap, counted only.
    more: usize,
    /// Where an error that is not kept is built and dropped, so callers can
    /// fill in its help and place the same way in either case.
    spare: Option<FormatError>,
    partial: bool,
}

impl Problems {
    /// No problems yet, in a file that read whole.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a problem.
    pub fn push(&mut self, error: FormatError) {
        self.push_mut(error);
    }

    /// Records a problem and returns it, to add a help text or a place.
    pub fn push_mut(&mut self, error: FormatError) -> &mut FormatError {
        if self.kept.len() < limits::MAX_ERRORS_PER_FILE {
            return self.kept.push_mut(error);
        }
        self.more += 1;
        self.spare.insert(error)
    }

    /// Whether a problem recorded now would only be counted. A reader that
    /// finds a problem in every byte of a line asks first, and counts the
    /// rest with [`Problems::count_unlisted`] instead of building each one.
    pub fn is_full(&self) -> bool {
        self.kept.len() >= limits::MAX_ERRORS_PER_FILE
    }

    /// Counts problems found once [`Problems::is_full`], without building them.
    pub fn count_unlisted(&mut self, problems: usize) {
        self.more += problems;
    }

    /// Records a problem that judges a value against another part of the
    /// file — unless the file is partial, where that part may be missing only
    /// because of an error already reported.
    pub fn related_mut(&mut self, error: FormatError) -> &mut FormatError {
        if self.partial {
            return self.spare.insert(error);
        }
        self.push_mut(error)
    }

    /// [`Problems::related_mut`], without the problem back.
    pub fn push_related(&mut self, error: FormatError) {
        self.related_mut(error);
    }

    /// Marks the file as read only in part.
    pub fn set_partial(&mut self) {
        self.partial = true;
    }

    /// Whether the file read only in part.
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// Whether no problem was recorded.
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty() && self.more == 0
    }

    /// How many problems were recorded, kept or counted.
    pub fn len(&self) -> usize {
        self.kept.len() + self.more
    }

    /// Orders the kept problems by where they are in the file (problems of the
    /// whole file first).
    pub fn sort_by_position(&mut self) {
        self.kept.sort_by_key(|e| e.span.map(|s| (s.start, s.end)));
    }

    /// Every kept problem, the last of them counting the rest when there were
    /// more than [`limits::MAX_ERRORS_PER_FILE`].
    pub fn into_errors(self) -> Vec<FormatError> {
        let mut errors = self.kept;
        if self.more > 0 {
            // The closing error is one of the listed ones.
            let listed = limits::MAX_ERRORS_PER_FILE - 1;
            let more = self.more + errors.len().saturating_sub(listed);
            errors.truncate(listed);
            errors.push(more_errors(more));
        }
        errors
    }

    /// `value` when nothing was recorded, else every problem.
    pub fn finish<T>(self, value: T) -> Result<T, Vec<FormatError>> {
        if self.is_empty() {
            Ok(value)
        } else {
            Err(self.into_errors())
        }
    }
}

impl Extend<FormatError> for Problems {
    fn extend<I: IntoIterator<Item = FormatError>>(&mut self, errors: I) {
        for error in errors {
            self.push(error);
        }
    }
}

/// The error that closes a capped list: how many more there were.
pub(crate) fn more_errors(more: usize) -> FormatError {
    FormatError::new(
        FormatCode::LimitExceeded,
        format!(
            "and {more} more errors in this file (at most {} are listed)",
            limits::MAX_ERRORS_PER_FILE
        ),
        None,
    )
    .with_help("fix the errors above and run again")
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
    /// A read refused to keep a hostile file out: a link leading outside the
    /// pack, a special file, a file over the size limit or not UTF-8.
    #[error("{error}")]
    Refused {
        /// The path as given.
        path: std::path::PathBuf,
        /// Why.
        error: crate::confine::ReadError,
    },
}

impl LoadError {
    /// A confined read's failure as a load error.
    pub fn from_read(path: &std::path::Path, error: crate::confine::ReadError) -> Self {
        match error {
            crate::confine::ReadError::Io { reason, .. } => Self::Io {
                path: path.to_path_buf(),
                reason,
            },
            error => Self::Refused {
                path: path.to_path_buf(),
                error,
            },
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn error(message: &str) -> FormatError {
        FormatError::new(FormatCode::InvalidValue, message, None)
    }

    #[test]
    fn related_problems_wait_until_the_file_reads_whole() {
        let mut whole = Problems::new();
        whole.related_mut(error("door 2 is not on this page")).help = Some("add it".into());
        assert_eq!(whole.len(), 1);
        let mut partial = Problems::new();
        partial.set_partial();
        partial
            .related_mut(error("door 2 is not on this page"))
            .help = Some("add it".into());
        partial.push(error("`3H` is not a space"));
        let errors = partial.into_errors();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "`3H` is not a space");
    }

    #[test]
    fn past_the_cap_problems_are_counted_in_one_closing_error() {
        let mut problems = Problems::new();
        for n in 0..limits::MAX_ERRORS_PER_FILE {
            problems.push(error(&n.to_string()));
        }
        assert!(problems.is_full());
        problems.push_mut(error("built and dropped")).help = Some("unseen".into());
        problems.count_unlisted(99);
        assert_eq!(problems.len(), limits::MAX_ERRORS_PER_FILE + 100);
        let errors = problems.into_errors();
        assert_eq!(errors.len(), limits::MAX_ERRORS_PER_FILE);
        assert_eq!(errors[198].message, "198");
        assert_eq!(
            errors[199].message,
            "and 101 more errors in this file (at most 200 are listed)"
        );
        assert_eq!(Problems::new().finish(5), Ok(5));
    }
}
