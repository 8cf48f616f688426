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

/// What [`write_lint_pictures`] did.
#[derive(Debug, Default)]
pub struct LintPictures {
    /// The files written, in page order.
    pub written: Vec<PathBuf>,
    /// Pages left out because their picture would be too large, with why.
    pub too_large: Vec<(PageId, String)>,
}

/// Whether any of `pages` has a diagnostic to draw: a run that would draw
/// nothing creates no folder either.
pub fn has_lint_pictures(pages: &BTreeMap<PageId, Page>, diagnostics: &[Diagnostic]) -> bool {
    annotations_by_page(diagnostics)
        .keys()
        .any(|id| pages.contains_key(id))
}

/// Writes `DIR/L1p2.png` for every page that has a diagnostic, creating `dir`
/// only when there is something to draw. Diagnostics on pages that are not in
/// `pages` (a page that did not load) are skipped, and so are pages too large
/// to draw, which are listed in [`LintPictures::too_large`] instead of failing
/// the run. Each file is written atomically, replacing (never following) a
/// link already at its name.
pub fn write_lint_pictures(
    pages: &BTreeMap<PageId, Page>,
    diagnostics: &[Diagnostic],
    dir: &Path,
) -> Result<LintPictures, ExportError> {
    if !has_lint_pictures(pages, diagnostics) {
        return Ok(LintPictures::default());
    }
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut done = LintPictures::default();
    for (id, annotations) in annotations_by_page(diagnostics) {
        let Some(page) = pages.get(&id) else {
            continue;
        };
        let path = dir.join(format!("{id}.png"));
        match write_annotated_page(page, &annotations, &path) {
            Ok(()) => done.written.push(path),
            Err(error @ ExportError::TooLarge { .. }) => {
                done.too_large.push((id, error.to_string()));
            }
            Err(error) => return Err(error),
        }
    }
    Ok(done)
}
