//! The `deckplan` command line. Exit codes follow linters: 0 clean (warnings
//! allowed), 1 lint errors or files that need formatting, 2 usage, I/O or
//! internal failure.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{Parser, Subcommand, ValueEnum};
use deckplan_schema::{FileError, Page, PageId, json_schema, load};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::render::human::{self, Colour};
use deckplan_validator::render::{github, json, sarif};
use deckplan_validator::{explain, fmt, lint, show, targets};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Parser)]
#[command(
    name = "deckplan",
    version,
    about = "Author, validate and render the Location maps of grid-based board games",
    after_help = "Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage or I/O failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check map packs and pages; exits 1 when there are errors.
    Lint {
        /// Pack folders, folders of packs, `pack.toml` files or page files.
        #[arg(default_value = ".")]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
        /// Treat warnings as errors (`--deny warnings`).
        #[arg(long, value_name = "warnings")]
        deny: Option<DenyLevel>,
    },
    /// Rewrite map files in canonical form.
    Fmt {
        /// Change nothing: list the files that would change and exit 1 if any would.
        #[arg(long)]
        check: bool,
        /// Pack folders, folders of packs, `pack.toml` files or page files.
        #[arg(default_value = ".")]
        paths: Vec<PathBuf>,
    },
    /// Print the JSON Schema of page files (default) or of `pack.toml`.
    Schema {
        /// The schema of page files.
        #[arg(long, conflicts_with = "pack")]
        page: bool,
        /// The schema of `pack.toml`.
        #[arg(long)]
        pack: bool,
    },
    /// Draw a page in the terminal: a page file, or a pack's pages.
    Show {
        /// A page file, a pack folder or a `pack.toml`.
        path: PathBuf,
        /// With a pack, draw only this page (e.g. `L1p2`).
        #[arg(long)]
        page: Option<String>,
    },
    /// Explain a diagnostic code (`F002`) or name (`unknown-key`); without one, list them all.
    Explain {
        /// The code or name.
        code: Option<String>,
        /// Print the documentation of every code as Markdown (the text of docs/checks.md).
        #[arg(long, conflicts_with = "code")]
        markdown: bool,
    },
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether to colour output: only on a terminal, and never with `NO_COLOR` set.
fn colour() -> Colour {
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Colour(!no_colour && std::io::stdout().is_terminal())
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Lint {
            paths,
            format,
            deny,
        } => run_lint(&paths, format, deny.is_some()),
        Command::Fmt { check, paths } => run_fmt(check, &paths),
        Command::Schema { pack, .. } => {
            let schema = if pack {
                json_schema::pack_schema()
            } else {
                json_schema::page_schema()
            };
            println!("{}", serde_json::to_string_pretty(&schema)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Show { path, page } => run_show(&path, page.as_deref()),
        Command::Explain { markdown: true, .. } => {
            print!("{}", explain::markdown());
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain { code: None, .. } => {
            for doc in explain::all_codes() {
                println!("{}  {:<30} {}", doc.code, doc.name, doc.severity.name());
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain {
            code: Some(query), ..
        } => match explain::find(&query) {
            Some(doc) => {
                println!("# {} {}\n\n{}", doc.code, doc.name, doc.doc.trim_end());
                Ok(ExitCode::SUCCESS)
            }
            None => bail!("unknown code `{query}`; `deckplan explain` lists them all"),
        },
    }
}

fn run_lint(
    paths: &[PathBuf],
    format: OutputFormat,
    deny_warnings: bool,
) -> anyhow::Result<ExitCode> {
    let outcome = lint::lint_paths_with_progress(paths, &mut Bar::default())?;
    let output = match format {
        OutputFormat::Human => human::render(&outcome.diagnostics, &outcome.summary(), colour()),
        OutputFormat::Json => json::render(&outcome),
        OutputFormat::Sarif => {
            let cwd = std::env::current_dir().ok();
            sarif::render(&outcome, cwd.as_deref())
        }
        OutputFormat::Github => github::render(&outcome),
    };
    print!("{output}");
    Ok(exit(outcome.fails(deny_warnings)))
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
            let (targets::Target::Pack(path) | targets::Target::Page(path)) = target;
            bar.set_message(path.display().to_string());
            bar.inc(1);
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}

fn run_fmt(check: bool, paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let results = fmt::format_paths(paths)?;
    let mut errors = Vec::new();
    let mut changed = 0;
    for file in results {
        errors.extend(file.errors.into_iter().map(Diagnostic::from));
        let Some(canonical) = file.canonical.filter(|_| file.changed) else {
            continue;
        };
        changed += 1;
        if check {
            println!("would reformat {}", file.path.display());
        } else {
            deckplan_schema::save::write_atomically(&file.path, &canonical)
                .with_context(|| format!("cannot write {}", file.path.display()))?;
            println!("formatted {}", file.path.display());
        }
    }
    if !errors.is_empty() {
        let summary = format!("{} could not be formatted.", plural_files(errors.len()));
        eprint!("{}", human::render(&errors, &summary, colour()));
    }
    if check && changed > 0 {
        println!(
            "{} would be reformatted; run `deckplan fmt` to fix.",
            plural_files(changed)
        );
    }
    Ok(exit(!errors.is_empty() || (check && changed > 0)))
}

/// Pages wider or taller than this are refused: the drawing would not fit a terminal.
const MAX_SHOW_SIDE: u16 = 400;

fn run_show(path: &std::path::Path, only: Option<&str>) -> anyhow::Result<ExitCode> {
    let wanted = only
        .map(PageId::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!(e.message))?;
    let path = targets::relative_to_cwd(path);
    let (pages, errors): (Vec<Page>, Vec<FileError>) =
        if path.is_dir() || path.ends_with(load::PACK_FILE) {
            let loaded = load::load_pack(&path)?;
            (
                loaded
                    .value
                    .map(|p| p.pages.into_values().collect())
                    .unwrap_or_default(),
                loaded.errors,
            )
        } else {
            let loaded = load::load_page(&path)?;
            (loaded.value.into_iter().collect(), loaded.errors)
        };
    if !errors.is_empty() {
        let diagnostics: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
        let summary = "Fix these problems to draw every page.";
        eprint!("{}", human::render(&diagnostics, summary, colour()));
    }
    let style = show::Style { colour: colour().0 };
    let mut drawn = 0;
    for page in pages.iter().filter(|p| wanted.is_none_or(|w| w == p.id)) {
        if page.size.columns > MAX_SHOW_SIDE || page.size.rows > MAX_SHOW_SIDE {
            bail!(
                "{} is {} spaces, too large to draw in a terminal (at most {MAX_SHOW_SIDE} a side)",
                page.id,
                page.size
            );
        }
        if drawn > 0 {
            println!();
        }
        print!("{}", show::draw_page(page, style));
        drawn += 1;
    }
    if let (Some(id), 0) = (wanted, drawn) {
        let known: Vec<String> = pages.iter().map(|p| p.id.to_string()).collect();
        bail!(
            "{} has no page {id}; it has {}",
            path.display(),
            known.join(", ")
        );
    }
    Ok(exit(drawn == 0))
}

fn plural_files(n: usize) -> String {
    if n == 1 {
        "1 file".to_string()
    } else {
        format!("{n} files")
    }
}

fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
