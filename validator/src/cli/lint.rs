//! `deckplan lint`: check packs and pages, print the findings in a format,
//! and optionally draw every page with problems.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::diagnostic::Diagnostic;
use crate::export::png::{self, RasterOptions};
use crate::export::{ExportError, Paper};
use crate::lint;
use crate::render::{escape_controls, github, human, json, sarif, shown_path};
use crate::targets;
use anyhow::Context as _;
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};

use super::{exit, plural, ruleset_for, styling};
use crate::ruleset::{DrawError, REGISTRY};

/// Pixels per board unit (a space, a square) of lint pictures: sharp on a
/// screen, small in an artifact.
pub const LINT_PX_PER_UNIT: f64 = 64.0;

/// The arguments of `deckplan lint`.
#[derive(clap::Args)]
pub struct LintArgs {
    /// Pack folders, folders of packs, `pack.toml` files or page files.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    format: OutputFormat,
    /// Treat warnings as errors (`--deny warnings`).
    #[arg(long, value_name = "warnings")]
    deny: Option<DenyLevel>,
    /// Also write a PNG of every board with problems, each problem drawn and
    /// labelled with its code, into this folder (a CI artifact for reviewers).
    #[arg(long, value_name = "DIR")]
    annotate: Option<PathBuf>,
    /// Only read and parse the files (format errors), without the boards'
    /// graphs and the checks: the yardstick `bench/run` measures lint against.
    #[arg(long, hide = true, conflicts_with = "annotate")]
    load_only: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    /// Compiler-style text with source excerpts.
    Human,
    /// One JSON document with every finding and a summary.
    Json,
    /// SARIF 2.1.0, for code-scanning services.
    Sarif,
    /// GitHub Actions annotations.
    Github,
}

#[derive(Clone, Copy, ValueEnum)]
enum DenyLevel {
    /// Fail on warnings as well as errors.
    Warnings,
}

/// Lints the paths and prints the findings.
pub fn run(args: &LintArgs) -> anyhow::Result<ExitCode> {
    if args.load_only {
        return load_only(&args.paths);
    }
    let outcome = lint::lint_paths_with_progress(&args.paths, &mut Bar::default())?;
    // The findings are printed before the pictures are drawn, so a picture
    // that cannot be written never hides them.
    let output = match args.format {
        OutputFormat::Human => {
            let mut stdout = std::io::stdout().lock();
            human::render_to(
                &mut stdout,
                &outcome.diagnostics,
                &outcome.summary(),
                styling(),
            )?;
            String::new()
        }
        OutputFormat::Json => json::render(&outcome),
        OutputFormat::Sarif => {
            let cwd = std::env::current_dir().ok();
            sarif::render(&outcome, cwd.as_deref())
        }
        OutputFormat::Github => github::render(&outcome),
    };
    print!("{output}");
    if let Some(dir) = &args.annotate {
        annotate_pages(&args.paths, &outcome.diagnostics, dir)?;
    }
    Ok(exit(outcome.fails(args.deny.is_some())))
}

/// Reads and parses every target as lint would, and says how many boards
/// loaded and how many format errors were found; exits 1 on any.
fn load_only(paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let (mut boards, mut errors) = (0, 0);
    for target in targets::collect(paths)? {
        let Some(ruleset) = ruleset_for(&target, "Fix this problem first.") else {
            errors += 1;
            continue;
        };
        let read = ruleset.read_only(&target)?;
        boards += read.boards;
        errors += read.diagnostics.len();
    }
    println!("Read {boards} board file(s): {errors} format error(s).");
    Ok(exit(errors > 0))
}

/// Writes one picture per board with problems, each problem drawn and
/// labelled with its code. With several packs, each gets its own subfolder
/// (board names repeat between packs). Said on stderr, so JSON or SARIF on
/// stdout stays clean.
fn annotate_pages(paths: &[PathBuf], diagnostics: &[Diagnostic], dir: &Path) -> anyhow::Result<()> {
    let packs: Vec<targets::Target> = targets::collect(paths)?
        .into_iter()
        .filter(|t| matches!(t, targets::Target::Pack(_)))
        .collect();
    let (mut written, mut too_large) = (0, 0);
    for target in &packs {
        let pack_dir = target.path();
        let own: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| pack_dir == Path::new(".") || d.file.path().starts_with(pack_dir))
            .cloned()
            .collect();
        if own.is_empty() {
            continue;
        }
        let Ok(ruleset) = REGISTRY.for_target(target) else {
            continue;
        };
        let drawing = match ruleset.annotate(target, &own) {
            Ok(drawing) => drawing,
            Err(DrawError::Target(error)) => return Err(error.into()),
            Err(DrawError::Refused(why)) => {
                eprintln!(
                    "note: no pictures of {}: {}",
                    shown_path(pack_dir),
                    escape_controls(&why)
                );
                continue;
            }
        };
        if drawing.boards.is_empty() {
            continue;
        }
        let out = match (packs.len(), pack_dir.file_name()) {
            (1, _) | (_, None) => dir.to_path_buf(),
            // A folder of our own below DIR: never through a link planted there.
            (_, Some(name)) => deckplan_schema::save::create_dir_within(dir, Path::new(name))
                .with_context(|| format!("cannot create a folder in {}", dir.display()))?,
        };
        std::fs::create_dir_all(&out)
            .with_context(|| format!("cannot create {}", out.display()))?;
        for (name, scene) in &drawing.boards {
            let path = out.join(format!("{name}.png"));
            let options = RasterOptions {
                px_per_space: LINT_PX_PER_UNIT,
                paper: Paper::White,
            };
            match png::write(scene, &options, None, &path) {
                Ok(()) => written += 1,
                Err(error @ ExportError::TooLarge { .. }) => {
                    eprintln!("note: no picture of {name}: {error}");
                    too_large += 1;
                }
                Err(error) => return Err(error.into()),
            }
        }
    }
    if written + too_large == 0 {
        eprintln!("no annotated page pictures: no page has a problem to draw");
    } else {
        eprintln!(
            "wrote {} to {}",
            plural(written, "annotated page picture"),
            dir.display()
        );
    }
    Ok(())
}

/// Runs of at most this many targets (packs or lone page files) finish before
/// a bar would be worth drawing.
const PROGRESS_MIN_TARGETS: usize = 20;

/// A progress bar on stderr, drawn only on a terminal and for long runs, so
/// piped and CI output stays clean.
#[derive(Default)]
struct Bar(Option<ProgressBar>);

impl lint::Progress for Bar {
    fn start(&mut self, targets: usize) {
        if targets <= PROGRESS_MIN_TARGETS || !std::io::stderr().is_terminal() {
            return;
        }
        let bar = ProgressBar::new(targets as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
            bar.set_style(style);
        }
        self.0 = Some(bar);
    }

    fn advance(&mut self, target: &targets::Target) {
        if let Some(bar) = &self.0 {
            bar.set_message(target.path().display().to_string());
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}
