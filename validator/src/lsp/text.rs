//! Byte offsets of deckplan's spans, and the lines and columns of the
//! protocol: columns count UTF-16 code units unless the client accepts
//! UTF-8 bytes (LSP 3.17 `positionEncoding`), and an offer is taken in that
//! order of preference. Paths and `file:` URIs are converted here too.

use std::path::{Path, PathBuf};

use deckplan_schema::Span;
use lsp_types::{Position, PositionEncodingKind, Range, Uri};

/// How the client counts columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 bytes.
    Utf8,
    /// UTF-16 code units, the protocol's default.
    #[default]
    Utf16,
}

impl Encoding {
    /// The encoding to use of those a client offers.
    pub fn choose(offered: Option<&[PositionEncodingKind]>) -> Self {
        match offered {
            Some(kinds) if kinds.contains(&PositionEncodingKind::UTF8) => Self::Utf8,
            _ => Self::Utf16,
        }
    }

    /// The protocol's name for it.
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Self::Utf8 => PositionEncodingKind::UTF8,
            Self::Utf16 => PositionEncodingKind::UTF16,
        }
    }

    fn width(self, c: char) -> usize {
        match self {
            Self::Utf8 => c.len_utf8(),
            Self::Utf16 => c.len_utf16(),
        }
    }
}

/// The lines of a text, to convert between offsets and positions.
#[derive(Debug)]
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
    encoding: Encoding,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl<'t> Lines<'t> {
    /// The lines of `text`, counted in `encoding`.
    pub fn new(text: &'t str, encoding: Encoding) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        Self {
            text,
            starts,
            encoding,
        }
    }

    /// The position of a byte offset (clamped to the text, and back to the
    /// start of a character).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let before = self.text.get(start..offset).unwrap_or("");
        let character = before.chars().map(|c| self.encoding.width(c)).sum();
        Position::new(count(line), count(character))
    }

    /// The range of a span.
    pub fn range(&self, span: Span) -> Range {
        Range::new(
            self.position(span.start as usize),
            self.position(span.end as usize),
        )
    }

    /// The byte offset of a position: a column past the end of its line is
    /// the end of the line, a line past the end is the end of the text.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(position.line as usize + 1)
            .map_or(self.text.len(), |next| next - 1);
        let line = self.text.get(start..end).unwrap_or("");
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += self.encoding.width(c);
        }
        end
    }
}

/// The path of a `file:` URI; `None` for any other scheme.
pub fn path_of(uri: &Uri) -> Option<PathBuf> {
    let text = uri.as_str();
    let rest = text.strip_prefix("file://")?;
    // `file:///p` or `file://localhost/p`.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let bytes = percent_decode(rest)?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt as _;
        Some(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        String::from_utf8(bytes).ok().map(PathBuf::from)
    }
}

fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    Some(out)
}

/// The `file:` URI of an absolute path.
pub fn uri_of(path: &Path) -> Option<Uri> {
    let mut text = String::from("file://");
    #[cfg(unix)]
    let bytes = {
        use std::os::unix::ffi::OsStrExt as _;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let bytes = path.to_string_lossy().into_owned().into_bytes();
    for b in bytes {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            text.push(char::from(b));
        } else {
            text.push_str(&format!("%{b:02X}"));
        }
    }
    text.parse().ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_in_the_encoding_agreed() {
        let text = "a = \"é𝄞\" x\nb";
        let x = text.find(" x").unwrap() + 1;
        let utf16 = Lines::new(text, Encoding::Utf16);
        // `a = "` 5, `é` 1 unit or 2 bytes, `𝄞` 2 units or 4 bytes, `" ` 2.
        assert_eq!(utf16.position(x), Position::new(0, 10));
        assert_eq!(utf16.offset(Position::new(0, 10)), x);
        let utf8 = Lines::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(x), Position::new(0, 13));
        assert_eq!(utf8.offset(Position::new(0, 13)), x);
        assert_eq!(utf8.offset(Position::new(0, 99)), text.find('\n').unwrap());
        assert_eq!(utf8.offset(Position::new(7, 0)), text.len());
        assert_eq!(utf8.position(999), Position::new(1, 1));
        // Inside a character: back to its start.
        assert_eq!(utf8.position(6), Position::new(0, 5));
    }

    #[test]
    fn paths_and_uris_convert_both_ways() {
        let path = Path::new("/tmp/a pack/ré.toml");
        let uri = uri_of(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/a%20pack/r%C3%A9.toml");
        assert_eq!(path_of(&uri).unwrap(), path);
        let other: Uri = "untitled:Untitled-1".parse().unwrap();
        assert_eq!(path_of(&other), None);
        let host: Uri = "file://localhost/x.toml".parse().unwrap();
        assert_eq!(path_of(&host).unwrap(), Path::new("/x.toml"));
    }
}
