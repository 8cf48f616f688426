//! The pictures of `deckplan lint --annotate DIR`: one PNG for every page with
//! problems, each problem drawn on the map with its code, to keep as a CI
//! artifact that reviewers open next to the log.
//!
//! The linter calls [`write_lint_pictures`] with the pages it loaded and the
//! diagnostics it found; everything else (which page a diagnostic is on, where
//! on the page, how it looks) is decided here and in
//! [`crate::draw::annotate`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use deckplan_schema::{Page, PageId};

use super::png::{self, RasterOptions};
use super::{ExportError, Paper};
use crate::diagnostic::Diagnostic;
use crate::draw::annotate::{Annotation, annotated_page_scene, annotations_by_page};

/// Pixels per space of lint pictures: sharp on a screen, small in an artifact.
pub const LINT_PX_PER_SPACE: f64 = 64.0;

/// Draws one page with its problems and writes it as a PNG.
pub fn write_annotated_page(
    page: &Page,
    annotations: &[Annotation],
    path: &Path,
) -> Result<(), ExportError> {
    let scene = annotated_page_scene(page, annotations);
    let options = RasterOptions {
        px_per_space: LINT_PX_PER_SPACE,
        paper: Paper::White,
    };
    png::write(&scene, &options, None, path)
}

/// Writes `DIR/L1p2.png` for every page that has a diagnostic, creating `dir`
/// if needed; returns the files written, in page order. Diagnostics on pages
/// that are not in `pages` (a page that did not load) are skipped.
pub fn write_lint_pictures(
    pages: &BTreeMap<PageId, Page>,
    diagnostics: &[Diagnostic],
    dir: &Path,
) -> Result<Vec<PathBuf>, ExportError> {
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut written = Vec::new();
    for (id, annotations) in annotations_by_page(diagnostics) {
        let Some(page) = pages.get(&id) else {
            continue;
        };
        let path = dir.join(format!("{id}.png"));
        write_annotated_page(page, &annotations, &path)?;
        written.push(path);
    }
    Ok(written)
}
