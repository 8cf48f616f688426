//! `deckplan lint`: check packs and pages, print the findings in a format,
//! and optionally draw every page with problems.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use clap::ValueEnum;
use deckplan_schema::load;
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::export::annotated;
use deckplan_validator::lint;
use deckplan_validator::render::{github, human, json, sarif};
use deckplan_validator::targets;
use indicatif::{ProgressBar, ProgressStyle};

use super::{exit, plural, styling};

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
    /// Also write a PNG of every page with problems, each problem drawn and
    /// labelled with its code, into this folder (a CI artifact for reviewers).
    #[arg(long, value_name = "DIR")]
    annotate: Option<PathBuf>,
    /// Only read and parse the files of Enormity packs and pages (format
    /// errors), without the board and the checks: the yardstick `bench/run`
    /// measures lint against.
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

/// Reads and parses every target as lint would, and says how many pages
/// loaded and how many format errors were found; exits 1 on any.
fn load_only(paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let (mut pages, mut errors) = (0, 0);
    for target in targets::collect(paths)? {
        match target {
            targets::Target::Pack(dir) => {
                let loaded = load::load_pack(&dir)?;
                pages += loaded.value.map_or(0, |pack| pack.pages.len());
                errors += loaded.errors.len();
            }
            targets::Target::Page(path) => {
                let loaded = load::load_page(&path)?;
                pages += usize::from(loaded.value.is_some());
                errors += loaded.errors.len();
            }
        }
    }
    println!("Read {pages} page(s): {errors} format error(s).");
    Ok(exit(errors > 0))
}

/// Writes one picture per page with problems. With several packs, each gets
/// its own subfolder (page ids repeat between packs). Said on stderr, so JSON
/// or SARIF on stdout stays clean.
fn annotate_pages(paths: &[PathBuf], diagnostics: &[Diagnostic], dir: &Path) -> anyhow::Result<()> {
    let packs: Vec<PathBuf> = targets::collect(paths)?
        .into_iter()
        .filter_map(|t| match t {
            targets::Target::Pack(pack) => Some(pack),
            targets::Target::Page(_) => None,
        })
        .collect();
    let (mut written, mut too_large) = (0, 0);
    for pack_dir in &packs {
        let Some(pack) = load::load_pack(pack_dir)?.value else {
            continue;
        };
        let own: Vec<Diagnostic> = diagnostics
            .iter()
            .filter(|d| pack_dir == Path::new(".") || d.file.path().starts_with(pack_dir))
            .cloned()
            .collect();
        if !annotated::has_lint_pictures(&pack.pages, &own) {
            continue;
        }
        let out = match (packs.len(), pack_dir.file_name()) {
            (1, _) | (_, None) => dir.to_path_buf(),
            // A folder of our own below DIR: never through a link planted there.
            (_, Some(name)) => deckplan_schema::save::create_dir_within(dir, Path::new(name))
                .with_context(|| format!("cannot create a folder in {}", dir.display()))?,
        };
        let pictures = annotated::write_lint_pictures(&pack.pages, &own, &out)?;
        for (id, why) in &pictures.too_large {
            eprintln!("note: no picture of {id}: {why}");
        }
        written += pictures.written.len();
        too_large += pictures.too_large.len();
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
