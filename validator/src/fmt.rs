//! `deckplan fmt`: rewrite map files in canonical form, or report which would change.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::{
    FileError, FormatError, LoadError, SourceFile, Span, confine, limits, write,
};

use crate::targets::{self, Target, TargetError};

/// The result of formatting one file.
#[derive(Debug)]
pub struct Formatted {
    /// The file, as shown to the user.
    pub path: PathBuf,
    /// Where to write the canonical text: the real file, links inside the
    /// pack resolved, so a linked page stays a link.
    pub write_to: PathBuf,
    /// The canonical text, or `None` when the file has format errors.
    pub canonical: Option<String>,
    /// Whether the canonical text differs from the file.
    pub changed: bool,
    /// Format errors that kept the file from being formatted.
    pub errors: Vec<FileError>,
}

/// Formats every file the paths name: for a pack, `pack.toml` and its pages.
/// Files of a pack are read only inside its folder (see
/// [`deckplan_schema::confine`]); a page that leads out is an error, never read.
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
    let display = targets::relative_to_cwd(&pack_path);
    let (root, source) = load::read_pack_source(dir, &pack_path, &display)?;
    let loaded = load::pack_file_from_source(&source);
    let page_files: Vec<(String, Span)> = loaded
        .value
        .as_ref()
        .map(|p| {
            p.page_files
                .iter()
                .map(|f| (f.path.clone(), f.span))
                .collect()
        })
        .unwrap_or_default();
    let write_to = root.real().join(PACK_FILE);
    results.push(formatted(display, write_to, &source, true));
    for (page, span) in page_files {
        let path = dir.join(&page);
        let display = targets::relative_to_cwd(&path);
        let read = root.resolve(&path, Path::new(&page)).and_then(|real| {
            confine::read_text(&real, &display, limits::MAX_FILE_BYTES).map(|text| (real, text))
        });
        match read {
            Ok((real, text)) => {
                let page_source = SourceFile::new(&display, text);
                results.push(formatted(display, real, &page_source, false));
            }
            // A missing page is the linter's to report; there is nothing to format.
            Err(confine::ReadError::Io { .. }) => {}
            Err(error) => {
                let code = load::read_code(&error);
                let help = error.help();
                results.push(Formatted {
                    path: display,
                    write_to: PathBuf::new(),
                    canonical: None,
                    changed: false,
                    errors: vec![FileError {
                        source: Arc::clone(&source),
                        error: FormatError::new(code, error.to_string(), Some(span))
                            .with_help(help),
                    }],
                });
            }
        }
    }
    Ok(())
}

/// Formats one file (`is_pack` picks the writer). The file is one the user
/// named on its own, so a link there is followed, but only to a regular file.
pub fn format_file(path: &Path, is_pack: bool) -> Result<Formatted, TargetError> {
    let display = targets::relative_to_cwd(path);
    let source: Arc<SourceFile> = load::read_source(path, &display)?;
    let write_to = path.canonicalize().map_err(|reason| LoadError::Io {
        path: display.clone(),
        reason,
    })?;
    Ok(formatted(display, write_to, &source, is_pack))
}

fn formatted(
    path: PathBuf,
    write_to: PathBuf,
    source: &Arc<SourceFile>,
    is_pack: bool,
) -> Formatted {
    let (canonical, errors) = if is_pack {
        let loaded = load::pack_file_from_source(source);
        (loaded.value.map(|p| write::write_pack(&p)), loaded.errors)
    } else {
        let loaded = load::page_from_source(source);
        (loaded.value.map(|p| write::write_page(&p)), loaded.errors)
    };
    let changed = canonical.as_deref().is_some_and(|c| c != source.text());
    Formatted {
        path,
        write_to,
        canonical,
        changed,
        errors,
    }
}
