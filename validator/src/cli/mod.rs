//! The `deckplan` command line. Exit codes follow linters: 0 clean (warnings
//! allowed), 1 lint errors or files that need formatting, 2 usage, I/O or
//! internal failure.
//!
//! The subcommands every game shares (`lint`, `fmt`, `schema`, `show`,
//! `explain`, `render`, and `lsp`, `completions`, `man` for editors and
//! shells) live here, one file each, with the few helpers they
//! share. The others come from the games ([`crate::verb`]): [`game_verbs`]
//! merges each game's arguments under one subcommand and hands a pack's
//! question to the game it is written for; [`draw_options`] does the same
//! with the games' own options of `show` and `render`.

pub mod annotate;
pub mod completions;
pub mod draw_options;
pub mod explain;
pub mod game_verbs;
pub mod limits;
pub mod lint;
pub mod lsp;
pub mod man;
pub mod reformat;
pub mod render;
pub mod schema;
pub mod show;

use std::ffi::OsString;
use std::io::IsTerminal as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::{CommandFactory as _, FromArgMatches as _, Parser, Subcommand};
use deckplan_schema::FileError;
use deckplan_schema::sources::Sources;

use crate::diagnostic::Diagnostic;
use crate::render::human::{self, Styling};
use crate::render::shown_path;
use crate::ruleset::{DrawCommand, REGISTRY, Ruleset, RulesetChoice};

#[derive(Parser)]
#[command(
    name = "deckplan",
    version,
    after_help = "Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage or I/O failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands every game shares.
#[derive(Subcommand)]
enum Command {
    /// Check map packs and pages; exits 1 when there are errors.
    Lint(lint::LintArgs),
    /// Rewrite map files in canonical form.
    Fmt(reformat::FmtArgs),
    /// Print the JSON Schema of a ruleset's files: page files (default) or `pack.toml`.
    Schema(schema::SchemaArgs),
    /// Draw boards in the terminal: a page file, a pack's pages, a ship or a galaxy.
    Show(show::ShowArgs),
    /// Explain a diagnostic code (`F002`) or name (`unknown-key`); without one, list them all.
    Explain(explain::ExplainArgs),
    /// Draw a page, a whole pack laid out by its joins, a ship or a galaxy, as a PNG or SVG.
    Render(render::RenderArgs),
    /// Run the language server for editors, over stdin and stdout.
    Lsp(lsp::LspArgs),
    /// Print the completion script of a shell: bash, zsh, fish, powershell or elvish.
    Completions(completions::CompletionsArgs),
    /// Write a man page for deckplan and one for each subcommand into a folder.
    Man(man::ManArgs),
}

/// The whole command line, games' subcommands included.
pub fn command() -> clap::Command {
    let verbs = game_verbs::Verbs::of(&REGISTRY);
    shared().subcommands(verbs.commands())
}

/// The command line without the games' subcommands: the games' options of
/// the shared ones included, and the flags of the limits the games let a
/// run set.
fn shared() -> clap::Command {
    let titles: Vec<&str> = REGISTRY.all().map(|r| r.title()).collect();
    let mut command = limits::augment(Cli::command()).about(format!(
        "Check, draw and play-test the boards of board games: {}",
        game_verbs::sentence(&titles, "and")
    ));
    for drawing in DrawCommand::ALL {
        command = command.mut_subcommand(drawing.name(), |shared| {
            draw_options::merged(drawing, shared)
        });
    }
    command
}

/// Runs `deckplan` with the process's arguments.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let verbs = game_verbs::Verbs::of(&REGISTRY);
    // Only the games' subcommand being run (or every one, for `deckplan
    // help …`) needs all its options merged.
    let invoked = args
        .iter()
        .skip(1)
        .filter_map(|a| a.to_str())
        .find(|a| *a == "help" || verbs.has(a) || Cli::has_subcommand(a));
    let command = match invoked {
        Some("help") => shared().subcommands(verbs.commands()),
        Some(name) => shared().subcommands(verbs.commands_for(name)),
        None => shared().subcommands(verbs.commands_for("")),
    };
    let matches = command.get_matches_from(&args);
    limits::apply(&matches);
    match matches.subcommand() {
        Some((name, _)) if verbs.has(name) => crate::pipe::run(|| verbs.run(name, &args)),
        _ => match Cli::from_arg_matches(&matches) {
            Ok(cli) => crate::pipe::run(|| run(&cli.command, &args)),
            Err(error) => error.exit(),
        },
    }
}

impl Cli {
    /// Whether `name` is one of the shared subcommands.
    fn has_subcommand(name: &str) -> bool {
        Command::has_subcommand(name)
    }
}

/// Runs a shared subcommand; `line` is the process's arguments, where `show`
/// and `render` read the game's own options.
fn run(command: &Command, line: &[OsString]) -> anyhow::Result<ExitCode> {
    match command {
        Command::Lint(args) => lint::run(args),
        Command::Fmt(args) => reformat::run(args),
        Command::Schema(args) => schema::run(args),
        Command::Show(args) => show::run(args, line),
        Command::Explain(args) => explain::run(args),
        Command::Render(args) => render::run(args, line),
        Command::Lsp(args) => lsp::run(args),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => man::run(args),
    }
}

/// Whether to colour output: only on a terminal, and never with `NO_COLOR` set.
pub fn styling() -> Styling {
    let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if !no_colour && std::io::stdout().is_terminal() {
        Styling::Ansi
    } else {
        Styling::Plain
    }
}

/// Prints problems that kept files from loading, on stderr so that stdout
/// holds only the command's answer.
pub fn print_problems(problems: &[Diagnostic], summary: &str) {
    if problems.is_empty() {
        return;
    }
    let _ = human::render_to(&mut std::io::stderr().lock(), problems, summary, styling());
}

/// The ruleset a target is written for, or `None` after printing why none can
/// read it (the `ruleset` name it gives is unknown), with `summary` under it.
pub fn ruleset_for(sources: &Sources, summary: &str) -> Option<&'static dyn Ruleset> {
    match REGISTRY.for_sources(sources) {
        Ok(ruleset) => Some(ruleset),
        Err(RulesetChoice::Unknown(problem)) => {
            print_problems(&[*problem], summary);
            None
        }
        Err(RulesetChoice::Empty) => None,
    }
}

/// [`print_problems`] for format errors straight from the loader.
pub fn print_load_errors(errors: Vec<FileError>, summary: &str) {
    let problems: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    print_problems(&problems, summary);
}

/// A count and a noun that takes `s` in the plural: `1 file`, `2 files`.
pub fn plural<N: PartialEq + From<u8> + std::fmt::Display>(n: N, noun: &str) -> String {
    if n == N::from(1) {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Exit code 1 when the command found problems, else 0.
pub fn exit(failed: bool) -> ExitCode {
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes `text` to `output` (refusing to replace a file unless told), or prints it.
pub fn write_or_print(
    output: Option<&Path>,
    text: &str,
    overwrite: bool,
) -> anyhow::Result<ExitCode> {
    match output {
        Some(path) => {
            if !overwrite && std::fs::symlink_metadata(path).is_ok() {
                bail!(
                    "{} already exists; pass --overwrite to replace it",
                    path.display()
                );
            }
            deckplan_schema::save::write_atomically(path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", shown_path(path));
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
