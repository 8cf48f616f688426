//! Packs whose `pack.toml` names one board file — a Nemesis ship, a
//! Battlestations ship — read the same way: `pack.toml`, then the file it
//! names, inside the pack folder only, through the shared
//! [`read_source`](crate::load::read_source) limits.

use std::path::Path;
use std::sync::Arc;

use crate::error::{FileError, FormatCode, FormatError, LoadError};
use crate::load::{Loaded, clean, pack_folder_and_file, read_code, read_pack_source, read_source};
use crate::source::{SourceFile, Span};
use crate::{confine, limits};

/// A game's pack of one board file: how its two files resolve and where the
/// pack names its board.
pub(crate) trait OnePack: Sized {
    /// The board the named file holds.
    type Board;

    /// Resolves `pack.toml` from text already read, without its board.
    fn parse_pack(source: &Arc<SourceFile>) -> Result<Self, Vec<FormatError>>;

    /// Resolves the board file from text already read.
    fn parse_board(source: &Arc<SourceFile>) -> Result<Self::Board, Vec<FormatError>>;

    /// The board file as `pack.toml` writes it, and where.
    fn board_file(&self) -> (&str, Span);

    /// Keeps the board read from that file.
    fn set_board(&mut self, board: Option<Self::Board>);
}

/// A resolved value, or its errors tied to the file they are in.
pub(crate) fn loaded<T>(
    source: &Arc<SourceFile>,
    result: Result<T, Vec<FormatError>>,
) -> Loaded<T> {
    match result {
        Ok(value) => Loaded {
            value: Some(value),
            errors: Vec::new(),
        },
        Err(errors) => Loaded {
            value: None,
            errors: errors
                .into_iter()
                .map(|error| FileError {
                    source: Arc::clone(source),
                    error,
                })
                .collect(),
        },
    }
}

/// Reads and resolves one board file on its own.
pub(crate) fn load_board<P: OnePack>(path: &Path) -> Result<Loaded<P::Board>, LoadError> {
    let source = read_source(path, &clean(path))?;
    Ok(loaded(&source, P::parse_board(&source)))
}

/// Reads a pack folder (or its `pack.toml`) and the board file it names.
pub(crate) fn load_pack<P: OnePack>(path: &Path) -> Result<Loaded<P>, LoadError> {
    let (dir, pack_path) = pack_folder_and_file(path);
    let (root, source) = read_pack_source(&dir, &pack_path, &clean(&pack_path))?;
    let mut loaded = loaded(&source, P::parse_pack(&source));
    let Some(pack) = loaded.value.as_mut() else {
        return Ok(loaded);
    };
    let (written, span) = pack.board_file();
    let written = written.to_string();
    let problem = |code, message: String, help: &str| FileError {
        source: Arc::clone(&source),
        error: FormatError::new(code, message, Some(span)).with_help(help),
    };
    let board_file = dir.join(&written);
    // Read only inside the pack: a link that leads out is refused, by name.
    let display = clean(&board_file);
    let board_source = match root
        .resolve(&board_file, Path::new(&written))
        .and_then(|real| confine::read_text(&real, &display, limits::MAX_FILE_BYTES))
    {
        Ok(text) => SourceFile::new(&display, text),
        Err(confine::ReadError::Io { reason, .. }) => {
            loaded.errors.push(problem(
                FormatCode::UnreadableFile,
                format!("cannot read ship file `{written}`: {reason}"),
                "check the path; it is relative to the folder of pack.toml",
            ));
            return Ok(loaded);
        }
        Err(e) => {
            loaded
                .errors
                .push(problem(read_code(&e), e.to_string(), e.help()));
            return Ok(loaded);
        }
    };
    let board = self::loaded(&board_source, P::parse_board(&board_source));
    loaded.errors.extend(board.errors);
    if let Some(pack) = loaded.value.as_mut() {
        pack.set_board(board.value);
    }
    Ok(loaded)
}
