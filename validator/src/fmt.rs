//! `deckplan fmt`: rewrite map files in canonical form, or report which would change.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::{FileError, SourceFile, write};

use crate::targets::{self, Target, TargetError};

/// The result of formatting one file.
#[derive(Debug)]
pub struct Formatted {
    /// The file.
    pub path: PathBuf,
    /// The canonical text, or `None` when the file has format errors.
    pub canonical: Option<String>,
    /// Whether the canonical text differs from the file.
    pub changed: bool,
    /// Format errors that kept the file from being formatted.
    pub errors: Vec<FileError>,
}

/// Formats every file the paths name: for a pack, `pack.toml` and its pages.
pub fn format_paths(paths: &[PathBuf]) -> Result<Vec<Formatted>, TargetError> {
    let mut results = Vec::new();
    for target in targets::collect(paths)? {
        match target {
            Target::Pack(dir) => format_pack(&dir, &mut results)?,
            Target::Page(path) => results.push(format_file(&path, false)?),
        }
    }
    Ok(results)
}

fn format_pack(dir: &Path, results: &mut Vec<Formatted>) -> Result<(), TargetError> {
    let pack_path = dir.join(PACK_FILE);
    let pack = format_file(&pack_path, true)?;
    let source = load::read_source(&pack_path, &pack_path)?;
    let page_paths: Vec<String> = load::pack_file_from_source(&source)
        .value
        .map(|p| p.page_files.into_iter().map(|f| f.path).collect())
        .unwrap_or_default();
    results.push(pack);
    for page in page_paths {
        // The resolver has already refused paths that climb out of the pack.
        let path = dir.join(&page);
        if path.is_file() {
            results.push(format_file(&path, false)?);
        }
    }
    Ok(())
}

/// Formats one file (`is_pack` picks the writer).
pub fn format_file(path: &Path, is_pack: bool) -> Result<Formatted, TargetError> {
    let display = targets::relative_to_cwd(path);
    let source: Arc<SourceFile> = load::read_source(path, &display)?;
    let (canonical, errors) = if is_pack {
        let loaded = load::pack_file_from_source(&source);
        (loaded.value.map(|p| write::write_pack(&p)), loaded.errors)
    } else {
        let loaded = load::page_from_source(&source);
        (loaded.value.map(|p| write::write_page(&p)), loaded.errors)
    };
    let changed = canonical.as_deref().is_some_and(|c| c != source.text());
    Ok(Formatted {
        path: display,
        canonical,
        changed,
        errors,
    })
}
