//! `deckplan lint`: check packs and pages, print the findings in a format,
//! and optionally draw every page with problems.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use deckplan_schema::sources::Sources;

use crate::lint;
use crate::render::{github, human, json, sarif};
use crate::targets;
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};

use super::{exit, ruleset_for, styling};

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
        super::annotate::annotate_pages(&args.paths, &outcome.diagnostics, dir)?;
    }
    Ok(exit(outcome.fails(args.deny.is_some())))
}

/// Reads and parses every target as lint would, and says how many boards
/// loaded and how many format errors were found; exits 1 on any.
fn load_only(paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let (mut boards, mut errors) = (0, 0);
    for target in targets::collect(paths)? {
        let sources = Sources::disk(target);
        let Some(ruleset) = ruleset_for(&sources, "Fix this problem first.") else {
            errors += 1;
            continue;
        };
        let read = ruleset.read_only(&sources)?;
        boards += read.boards;
        errors += read.diagnostics.len();
    }
    println!("Read {boards} board file(s): {errors} format error(s).");
    Ok(exit(errors > 0))
}

/// Runs of at most this many targets (packs or lone page files) get a spinner
/// rather than a bar: their count says little about how long they take.
const PROGRESS_MIN_TARGETS: usize = 20;

/// A progress bar on stderr, drawn only on a terminal and for long runs, so
/// piped and CI output stays clean.
#[derive(Default)]
struct Bar(Option<ProgressBar>);

impl lint::Progress for Bar {
    fn start(&mut self, targets: usize) {
        if !std::io::stderr().is_terminal() {
            return;
        }
        // A few targets, one of which may be a pack of hundreds of pages,
        // get a spinner that says the run is alive; many get a bar.
        let bar = if targets <= PROGRESS_MIN_TARGETS {
            let spinner = ProgressBar::new_spinner();
            spinner.set_message(format!("checking {}", super::plural(targets, "target")));
            spinner.enable_steady_tick(std::time::Duration::from_millis(120));
            spinner
        } else {
            let bar = ProgressBar::new(targets as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
                bar.set_style(style);
            }
            bar
        };
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
