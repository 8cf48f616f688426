//! Reading files so that a hostile pack cannot make deckplan read outside it,
//! block on it, or run out of memory on it.
//!
//! Every file deckplan reads from a pack goes through [`Root::resolve`] and
//! [`read_text`]:
//!
//! - **Links inside a pack are followed only while they stay inside.** A path
//!   is resolved with every symbolic link followed; when the real file is not
//!   below the real pack folder the read is refused, naming the link that
//!   leads out. A link to another file of the same pack works like that file.
//! - **Only regular files are read.** Folders, FIFOs, sockets and devices are
//!   refused before they are opened, so a FIFO named as a page cannot block.
//! - **Sizes are checked before reading**, and the read itself stops one byte
//!   past the limit, for files (such as those in `/proc`) that report size 0.
//! - **Text must be UTF-8**, and the refusal says where the first bad byte is.
//!
//! Writing is the other half, in [`crate::save`]. Texts held in memory (an
//! editor's unsaved documents) are read under the same rules by
//! [`crate::sources`].

use std::io::Read as _;
use std::path::{Path, PathBuf};

/// A folder that reads are confined to: its real path, links resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    real: PathBuf,
}

/// Why a confined read was refused.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A symbolic link on the way leads outside the folder.
    #[error("`{}` is a symbolic link that leads outside the pack folder", link.display())]
    LinkEscapes {
        /// The link, as the path was given.
        link: PathBuf,
    },
    /// The path leads outside the folder without a link (absolute or `..`).
    #[error("`{}` leads outside the pack folder", path.display())]
    Escapes {
        /// The path as given.
        path: PathBuf,
    },
    /// Not a regular file: a folder, FIFO, socket or device.
    #[error("`{}` is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The path as given.
        path: PathBuf,
        /// What it is instead ("a FIFO", "a folder", …).
        kind: &'static str,
    },
    /// Larger than the limit for its kind of file.
    #[error("`{}` is {size} bytes; the limit is {limit} bytes", path.display())]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// Its size, or the limit plus one when it was found while reading.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Not UTF-8 text.
    #[error("`{}` is not UTF-8 text: byte 0x{byte:02X} at line {line}, column {column}", path.display())]
    NotText {
        /// The path as given.
        path: PathBuf,
        /// The 1-based line of the first byte that is not UTF-8.
        line: u32,
        /// Its 1-based column, in characters.
        column: u32,
        /// The byte.
        byte: u8,
    },
    /// The operating system refused.
    #[error("cannot read `{}`: {reason}", path.display())]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The operating system's reason.
        reason: std::io::Error,
    },
}

impl ReadError {
    /// A one-line fix for the message.
    pub fn help(&self) -> &'static str {
        match self {
            Self::LinkEscapes { .. } | Self::Escapes { .. } => {
                "files of a pack live inside its folder; a link may only point to another file of the pack"
            }
            Self::NotRegular { .. } => "name a map file (a regular file)",
            Self::TooLarge { .. } => "split the board into smaller files",
            Self::NotText { .. } => "save the file as UTF-8 text",
            Self::Io { .. } => "check that the file exists and can be read",
        }
    }
}

impl Root {
    /// The folder `dir`, its links resolved.
    pub fn new(dir: &Path) -> Result<Self, ReadError> {
        let real = dir.canonicalize().map_err(|reason| ReadError::Io {
            path: dir.to_path_buf(),
            reason,
        })?;
        Ok(Self { real })
    }

    /// The real path of the folder.
    pub fn real(&self) -> &Path {
        &self.real
    }

    /// The real path of `path` (a path that starts at this folder as given,
    /// e.g. `maps/pack/book1/page1.toml`), refused when it or a link on the
    /// way leads outside. `inside` is the part of `path` below the folder,
    /// used to find the link to name.
    pub fn resolve(&self, path: &Path, inside: &Path) -> Result<PathBuf, ReadError> {
        let real = path.canonicalize().map_err(|reason| ReadError::Io {
            path: path.to_path_buf(),
            reason,
        })?;
        if real.starts_with(&self.real) {
            return Ok(real);
        }
        // Name the first link on the way that leads out.
        let base = path
            .ancestors()
            .nth(inside.components().count())
            .unwrap_or(Path::new("."));
        let mut walked = base.to_path_buf();
        for part in inside.components() {
            walked.push(part);
            let is_link = std::fs::symlink_metadata(&walked).is_ok_and(|m| m.is_symlink());
            if is_link
                && walked
                    .canonicalize()
                    .is_ok_and(|r| !r.starts_with(&self.real))
            {
                return Err(ReadError::LinkEscapes { link: walked });
            }
        }
        Err(ReadError::Escapes {
            path: path.to_path_buf(),
        })
    }
}

/// What kind of file a file type is, for messages.
fn kind_name(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// Reads the regular file at `path` as UTF-8 text of at most `limit` bytes.
/// `display` is the path shown in errors. Links are followed: confine the
/// path with [`Root::resolve`] first.
pub fn read_text(path: &Path, display: &Path, limit: u64) -> Result<String, ReadError> {
    let bytes = read_bytes(path, display, limit)?;
    String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let at = error.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(bytes.get(..at).unwrap_or_default());
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        ReadError::NotText {
            path: display.to_path_buf(),
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
            byte: bytes.get(at).copied().unwrap_or(0),
        }
    })
}

/// Reads the regular file at `path`, at most `limit` bytes (see [`read_text`]).
pub fn read_bytes(path: &Path, display: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |reason| ReadError::Io {
        path: display.to_path_buf(),
        reason,
    };
    // Checked before opening: opening a FIFO would block until a writer came.
    let metadata = std::fs::metadata(path).map_err(io)?;
    check_regular(&metadata, display, limit)?;
    let file = std::fs::File::open(path).map_err(io)?;
    // Checked again on the file opened, in case the path changed meanwhile.
    check_regular(&file.metadata().map_err(io)?, display, limit)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: display.to_path_buf(),
            size: limit.saturating_add(1),
            limit,
        });
    }
    Ok(bytes)
}

fn check_regular(
    metadata: &std::fs::Metadata,
    display: &Path,
    limit: u64,
) -> Result<(), ReadError> {
    if !metadata.is_file() {
        return Err(ReadError::NotRegular {
            path: display.to_path_buf(),
            kind: kind_name(metadata.file_type()),
        });
    }
    if metadata.len() > limit {
        return Err(ReadError::TooLarge {
            path: display.to_path_buf(),
            size: metadata.len(),
            limit,
        });
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::testutil::scratch as temp;

    #[test]
    fn a_bad_byte_is_placed_by_line_and_column() {
        let dir = temp("utf8");
        let file = dir.join("p.toml");
        std::fs::write(&file, b"a = 1\nb = \"\xC3\xA9\xFF\"\n").unwrap();
        let error = read_text(&file, Path::new("p.toml"), 100).unwrap_err();
        assert_eq!(
            error.to_string(),
            "`p.toml` is not UTF-8 text: byte 0xFF at line 2, column 7"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_size_limit_is_checked_before_reading() {
        let dir = temp("size");
        let file = dir.join("p.toml");
        std::fs::write(&file, "x".repeat(101)).unwrap();
        let error = read_text(&file, Path::new("p.toml"), 100).unwrap_err();
        assert_eq!(
            error.to_string(),
            "`p.toml` is 101 bytes; the limit is 100 bytes"
        );
        assert_eq!(
            read_text(&file, Path::new("p.toml"), 101).unwrap().len(),
            101
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_that_leads_out_is_named() {
        let dir = temp("link");
        let pack = dir.join("pack");
        std::fs::create_dir_all(pack.join("book1")).unwrap();
        std::fs::write(dir.join("secret.txt"), "token").unwrap();
        std::fs::write(pack.join("book1/real.toml"), "x").unwrap();
        std::os::unix::fs::symlink("../../secret.txt", pack.join("book1/out.toml")).unwrap();
        std::os::unix::fs::symlink("real.toml", pack.join("book1/in.toml")).unwrap();
        std::os::unix::fs::symlink(&dir, pack.join("up")).unwrap();
        let root = Root::new(&pack).unwrap();
        let error = root
            .resolve(&pack.join("book1/out.toml"), Path::new("book1/out.toml"))
            .unwrap_err();
        assert!(
            matches!(&error, ReadError::LinkEscapes { link } if *link == pack.join("book1/out.toml")),
            "{error:?}"
        );
        let error = root
            .resolve(&pack.join("up/secret.txt"), Path::new("up/secret.txt"))
            .unwrap_err();
        assert!(
            matches!(&error, ReadError::LinkEscapes { link } if *link == pack.join("up")),
            "{error:?}"
        );
        let real = root
            .resolve(&pack.join("book1/in.toml"), Path::new("book1/in.toml"))
            .unwrap();
        assert_eq!(real, root.real().join("book1/real.toml"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
