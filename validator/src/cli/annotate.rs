//! `deckplan lint --annotate DIR`: a picture of every board with problems,
//! each problem drawn and labelled with its code, for reviewers to open from
//! a CI job's artifacts — within one budget a run, whatever the number of
//! packs and pages with problems.

use std::path::{Path, PathBuf};

use anyhow::Context as _;

use super::plural;
use super::render::file_stem;
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::export::png::{self, RasterOptions};
use crate::export::{ExportError, Paper};
use crate::render::{escape_controls, shown_path};
use deckplan_schema::sources::Sources;

use crate::ruleset::{DrawError, REGISTRY};
use crate::targets;

/// Pixels per board unit (a space, a square) of lint pictures: sharp on a
/// screen, small in an artifact.
pub const LINT_PX_PER_UNIT: f64 = 64.0;

/// Writes one picture per board with problems, each problem drawn and
/// labelled with its code, within the run's [`PictureBudget`]. With several
/// packs, each gets its own subfolder (board names repeat between packs).
/// Said on stderr, so JSON or SARIF on stdout stays clean.
pub fn annotate_pages(
    paths: &[PathBuf],
    diagnostics: &[Diagnostic],
    dir: &Path,
) -> anyhow::Result<()> {
    let packs: Vec<targets::Target> = targets::collect(paths)?
        .into_iter()
        .filter(|t| matches!(t, targets::Target::Pack(_)))
        .collect();
    let mut pictures = Pictures {
        dir,
        budget: PictureBudget::default(),
        written: 0,
        too_large: 0,
        failure: None,
    };
    for target in &packs {
        let pack_dir = target.path();
        // Files are named as the user would (`ship/pack.toml`), packs found
        // in a folder as they were found (`./ship`): compare them without `.`.
        let own_dir = without_dots(pack_dir);
        let own: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| without_dots(d.file.path()).starts_with(&own_dir))
            .cloned()
            .collect();
        if own.is_empty() {
            continue;
        }
        // A spent budget loads and draws nothing more, not even to name the boards.
        if pictures.budget.is_spent() {
            pictures
                .budget
                .left_out
                .push(format!("the boards of {}", shown_path(pack_dir)));
            continue;
        }
        let sources = Sources::disk(target.clone());
        let Ok(ruleset) = REGISTRY.for_sources(&sources) else {
            continue;
        };
        let subfolder = match (packs.len(), pack_dir.file_name()) {
            (1, _) | (_, None) => None,
            (_, Some(name)) => Some(Path::new(name)),
        };
        let mut out: Option<PathBuf> = None;
        let offered = ruleset.annotate(&sources, &own, &mut |name, draw| {
            pictures.offer(&mut out, subfolder, name, draw);
        });
        match offered {
            Ok(_) => {}
            Err(DrawError::Target(error)) => return Err(error.into()),
            Err(DrawError::Refused(why)) => {
                eprintln!(
                    "note: no pictures of {}: {}",
                    shown_path(pack_dir),
                    escape_controls(&why)
                );
            }
        }
        if let Some(failure) = pictures.failure.take() {
            return Err(failure);
        }
    }
    if let Some(note) = pictures.budget.note() {
        eprintln!("{note}");
    }
    if pictures.written + pictures.too_large == 0 && pictures.budget.left_out.is_empty() {
        eprintln!("no annotated page pictures: no page has a problem to draw");
    } else {
        eprintln!(
            "wrote {} to {}",
            plural(pictures.written, "annotated page picture"),
            shown_path(dir)
        );
    }
    Ok(())
}

/// A path without its `.` components (`./a/./b` is `a/b`, `.` is empty).
fn without_dots(path: &Path) -> PathBuf {
    path.components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect()
}

/// The pictures of one `lint --annotate` run, written as the games offer
/// their boards.
struct Pictures<'a> {
    /// The folder the user named.
    dir: &'a Path,
    /// What the run may still write.
    budget: PictureBudget,
    /// Pictures written.
    written: usize,
    /// Boards too large to draw on their own, each with a note.
    too_large: usize,
    /// The error that ends the run (the offers that follow are passed over).
    failure: Option<anyhow::Error>,
}

impl Pictures<'_> {
    /// Draws and writes one board offered, within the budget; `out` is the
    /// pack's folder of pictures, made below `dir` (in `subfolder`, with
    /// several packs) when its first picture is written.
    fn offer(
        &mut self,
        out: &mut Option<PathBuf>,
        subfolder: Option<&Path>,
        name: &str,
        draw: &dyn Fn() -> Scene,
    ) {
        if self.failure.is_some() {
            return;
        }
        let file = format!("{}.png", file_stem(name));
        let relative = subfolder.map_or_else(|| PathBuf::from(&file), |sub| sub.join(&file));
        if self.budget.is_spent() {
            self.budget.left_out.push(shown_path(&relative));
            return;
        }
        let scene = draw();
        let (width, height) = png::picture_size(&scene, LINT_PX_PER_UNIT);
        let pixels = width.saturating_mul(height);
        // A picture too large on its own is refused below, with its note.
        if pixels <= png::MAX_PIXELS && !self.budget.take(pixels) {
            self.budget.left_out.push(shown_path(&relative));
            return;
        }
        let folder = match out {
            Some(folder) => folder.clone(),
            None => match self.folder(subfolder) {
                Ok(folder) => out.insert(folder).clone(),
                Err(error) => {
                    self.failure = Some(error);
                    return;
                }
            },
        };
        let path = folder.join(&file);
        let options = RasterOptions {
            px_per_space: LINT_PX_PER_UNIT,
            paper: Paper::White,
        };
        match png::write(&scene, &options, None, &path) {
            Ok(()) => {
                self.written += 1;
                self.budget
                    .wrote(std::fs::metadata(&path).map_or(0, |m| m.len()));
            }
            Err(error @ ExportError::TooLarge { .. }) => {
                eprintln!("note: no picture of {}: {error}", escape_controls(name));
                self.too_large += 1;
            }
            Err(error) => self.failure = Some(error.into()),
        }
    }

    /// The folder a pack's pictures go in: `dir`, or a folder of our own
    /// below it, never made through a link planted there.
    fn folder(&self, subfolder: Option<&Path>) -> anyhow::Result<PathBuf> {
        let folder = match subfolder {
            None => self.dir.to_path_buf(),
            Some(sub) => deckplan_schema::save::create_dir_within(self.dir, sub)
                .with_context(|| format!("cannot create a folder in {}", self.dir.display()))?,
        };
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("cannot create {}", folder.display()))?;
        Ok(folder)
    }
}

/// What `lint --annotate` may still write in one run: a number of pictures,
/// of pixels and of bytes, so that a repository of many packs with problems
/// cannot fill a CI machine's disk or time. What does not fit is named in a
/// closing note.
#[derive(Debug)]
struct PictureBudget {
    /// Pictures left.
    pictures: usize,
    /// Pixels left.
    pixels: u64,
    /// Bytes left to write; the picture that spends them is the last.
    bytes: u64,
    /// The pictures (or packs) left out, as the note names them.
    left_out: Vec<String>,
}

impl Default for PictureBudget {
    fn default() -> Self {
        use deckplan_schema::limits::{
            MAX_ANNOTATED_BYTES, MAX_ANNOTATED_PICTURES, MAX_ANNOTATED_PIXELS,
        };
        Self {
            pictures: MAX_ANNOTATED_PICTURES,
            pixels: MAX_ANNOTATED_PIXELS,
            bytes: MAX_ANNOTATED_BYTES,
            left_out: Vec::new(),
        }
    }
}

/// Most left-out pictures the closing note names one by one.
const LEFT_OUT_NAMED: usize = 10;

impl PictureBudget {
    /// Whether nothing more may be written.
    fn is_spent(&self) -> bool {
        self.pictures == 0 || self.pixels == 0 || self.bytes == 0
    }

    /// Whether a picture of `pixels` pixels may be drawn; when it may, its
    /// share is taken.
    fn take(&mut self, pixels: u64) -> bool {
        if self.is_spent() || pixels > self.pixels {
            return false;
        }
        self.pictures -= 1;
        self.pixels -= pixels;
        true
    }

    /// Counts the bytes of a picture written.
    fn wrote(&mut self, bytes: u64) {
        self.bytes = self.bytes.saturating_sub(bytes);
    }

    /// The closing note naming what was left out, if anything was.
    fn note(&self) -> Option<String> {
        use deckplan_schema::limits::{
            MAX_ANNOTATED_BYTES, MAX_ANNOTATED_PICTURES, MAX_ANNOTATED_PIXELS,
        };
        if self.left_out.is_empty() {
            return None;
        }
        let mut named = self
            .left_out
            .iter()
            .take(LEFT_OUT_NAMED)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if self.left_out.len() > LEFT_OUT_NAMED {
            named.push_str(&format!(
                " and {} more",
                self.left_out.len() - LEFT_OUT_NAMED
            ));
        }
        Some(format!(
            "note: one run writes at most {MAX_ANNOTATED_PICTURES} annotated pictures, {} million pixels and {} MiB; left out: {named}",
            MAX_ANNOTATED_PIXELS / 1_000_000,
            MAX_ANNOTATED_BYTES / (1024 * 1024)
        ))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use deckplan_schema::limits::{MAX_ANNOTATED_PICTURES, MAX_ANNOTATED_PIXELS};

    use super::PictureBudget;

    #[test]
    fn the_budget_counts_pictures_pixels_and_bytes() {
        let mut budget = PictureBudget::default();
        for _ in 0..MAX_ANNOTATED_PICTURES {
            assert!(budget.take(1));
        }
        assert!(!budget.take(1), "one picture past the count");
        assert!(budget.is_spent());

        let mut budget = PictureBudget::default();
        assert!(budget.take(MAX_ANNOTATED_PIXELS - 10));
        assert!(!budget.take(11), "past the pixels");
        assert!(budget.take(10), "a smaller picture still fits");
        assert!(budget.is_spent());

        let mut budget = PictureBudget::default();
        assert!(budget.take(1));
        budget.wrote(64 * 1024 * 1024);
        assert!(
            !budget.take(1),
            "the picture that spends the bytes is the last"
        );
    }

    #[test]
    fn the_note_names_ten_left_out_and_counts_the_rest() {
        let mut budget = PictureBudget::default();
        assert_eq!(budget.note(), None);
        budget.left_out = (1..=12).map(|n| format!("L1p{n}.png")).collect();
        assert_eq!(
            budget.note().unwrap(),
            "note: one run writes at most 50 annotated pictures, 400 million pixels and 64 MiB; left out: L1p1.png, L1p2.png, L1p3.png, L1p4.png, L1p5.png, L1p6.png, L1p7.png, L1p8.png, L1p9.png, L1p10.png and 2 more"
        );
    }
}
