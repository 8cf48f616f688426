//! Source files and byte spans, with the conversion to `line:column`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from a byte range (saturating at 4 GiB, far beyond the file-size limit).
    pub fn from_range(range: std::ops::Range<usize>) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Self {
            start: clamp(range.start),
            end: clamp(range.end),
        }
    }

    /// A span of `len` bytes starting `offset` bytes into this one.
    pub fn sub(self, offset: usize, len: usize) -> Self {
        let start = self
            .start
            .saturating_add(u32::try_from(offset).unwrap_or(u32::MAX));
        let end = start.saturating_add(u32::try_from(len).unwrap_or(u32::MAX));
        Self {
            start: start.min(self.end),
            end: end.min(self.end),
        }
    }
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// Line, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

/// The text of one file, as read, with its path as the user should see it.
#[derive(Debug)]
pub struct SourceFile {
    path: PathBuf,
    text: String,
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// Wraps text read from `path` (the path is kept for messages, never re-read).
    pub fn new(path: impl Into<PathBuf>, text: String) -> Arc<Self> {
        let line_starts = std::iter::once(0)
            .chain(
                text.match_indices('\n')
                    .map(|(i, _)| u32::try_from(i + 1).unwrap_or(u32::MAX)),
            )
            .collect();
        Arc::new(Self {
            path: path.into(),
            text,
            line_starts,
        })
    }

    /// The path for messages.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where a byte offset falls. Offsets past the end clamp to the end.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let offset = offset.min(u32::try_from(self.text.len()).unwrap_or(u32::MAX));
        let line_index = self
            .line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let line_start = self.line_starts.get(line_index).copied().unwrap_or(0);
        let before = self
            .text
            .get(line_start as usize..offset as usize)
            .unwrap_or("");
        LineCol {
            line: u32::try_from(line_index + 1).unwrap_or(u32::MAX),
            column: u32::try_from(before.chars().count() + 1).unwrap_or(u32::MAX),
        }
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: u32) -> &str {
        let index = (line as usize).saturating_sub(1);
        let Some(&start) = self.line_starts.get(index) else {
            return "";
        };
        let end = self
            .line_starts
            .get(index + 1)
            .map_or(self.text.len(), |&e| e as usize);
        self.text
            .get(start as usize..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let file = SourceFile::new("p.toml", "a = 1\ntitle = \"Ré\" x\n".to_string());
        assert_eq!(file.line_col(0), LineCol { line: 1, column: 1 });
        assert_eq!(file.line_col(6), LineCol { line: 2, column: 1 });
        let x = file.text().find(" x").unwrap() as u32 + 1;
        assert_eq!(
            file.line_col(x),
            LineCol {
                line: 2,
                column: 14
            }
        );
        assert_eq!(file.line_text(2), "title = \"Ré\" x");
        assert_eq!(file.line_col(10_000), LineCol { line: 3, column: 1 });
    }
}
