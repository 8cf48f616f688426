//! Reading Battlestations packs and ship files from disk, through the shared
//! [`read_source`](crate::load::read_source) so every game reads files under
//! the same limits.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{FileError, FormatCode, FormatError, LoadError};
use crate::load::{Loaded, clean, pack_folder_and_file, read_code, read_pack_source, read_source};
use crate::source::SourceFile;
use crate::{confine, limits};

use super::model::{Ship, ShipPack};
use super::resolve;

fn attach(source: &Arc<SourceFile>, errors: Vec<FormatError>) -> Vec<FileError> {
    errors
        .into_iter()
        .map(|error| FileError {
            source: Arc::clone(source),
            error,
        })
        .collect()
}

fn loaded<T>(source: &Arc<SourceFile>, result: Result<T, Vec<FormatError>>) -> Loaded<T> {
    match result {
        Ok(value) => Loaded {
            value: Some(value),
            errors: Vec::new(),
        },
        Err(errors) => Loaded {
            value: None,
            errors: attach(source, errors),
        },
    }
}

/// Resolves a ship file from text already read.
pub fn ship_from_source(source: &Arc<SourceFile>) -> Loaded<Ship> {
    loaded(source, resolve::parse_ship(source))
}

/// Resolves a Battlestations `pack.toml` from text already read, without its ship.
pub fn pack_from_source(source: &Arc<SourceFile>) -> Loaded<ShipPack> {
    loaded(source, resolve::parse_pack(source))
}

/// Reads and resolves one ship file on its own.
pub fn load_ship(path: &Path) -> Result<Loaded<Ship>, LoadError> {
    let source = read_source(path, &clean(path))?;
    Ok(ship_from_source(&source))
}

/// The ship file a pack names, as a path (`None` when `pack.toml` does not resolve).
pub fn ship_path(dir: &Path, pack: &ShipPack) -> PathBuf {
    dir.join(&pack.ship_path)
}

/// Reads a pack folder (or its `pack.toml`) and its ship file.
pub fn load_pack(path: &Path) -> Result<Loaded<ShipPack>, LoadError> {
    let (dir, pack_path) = pack_folder_and_file(path);
    let (root, source) = read_pack_source(&dir, &pack_path, &clean(&pack_path))?;
    let mut loaded = pack_from_source(&source);
    let Some(pack) = loaded.value.as_mut() else {
        return Ok(loaded);
    };
    let problem = |code, message: String, help: &str| FileError {
        source: Arc::clone(&source),
        error: FormatError::new(code, message, Some(pack.ship_span)).with_help(help),
    };
    let ship_file = ship_path(&dir, pack);
    // Read only inside the pack: a link that leads out is refused, by name.
    let display = clean(&ship_file);
    let ship_source = match root
        .resolve(&ship_file, Path::new(&pack.ship_path))
        .and_then(|real| confine::read_text(&real, &display, limits::MAX_FILE_BYTES))
    {
        Ok(text) => SourceFile::new(&display, text),
        Err(confine::ReadError::Io { reason, .. }) => {
            loaded.errors.push(problem(
                FormatCode::UnreadableFile,
                format!("cannot read ship file `{}`: {reason}", pack.ship_path),
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
    let ship = ship_from_source(&ship_source);
    loaded.errors.extend(ship.errors);
    pack.ship = ship.value;
    Ok(loaded)
}
