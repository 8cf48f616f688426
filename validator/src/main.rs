//! The `deckplan` command line. Exit codes follow linters: 0 clean (warnings
//! allowed), 1 lint errors or files that need formatting, 2 usage, I/O or
//! internal failure.
//!
//! Each subcommand lives in its own file under `cli/`; this file only parses
//! the arguments and hands them over.

mod cli;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    Lint(cli::lint::LintArgs),
    /// Rewrite map files in canonical form.
    Fmt(cli::reformat::FmtArgs),
    /// Print the JSON Schema of page files (default) or of `pack.toml`.
    Schema(cli::schema::SchemaArgs),
    /// Draw a page in the terminal: a page file, or a pack's pages.
    Show(cli::show::ShowArgs),
    /// Explain a diagnostic code (`F002`) or name (`unknown-key`); without one, list them all.
    Explain(cli::explain::ExplainArgs),
    /// Show where a Spacer can move: every reachable space with a shortest path.
    Reach(cli::reach::ReachArgs),
    /// Move a Blip toward a Spacer (a Noise move) or along its patrol arrow,
    /// and say where it stops and whether it is revealed.
    Blip(cli::blip::BlipArgs),
    /// Whether the miniature on one space has line of sight to another, and what blocks it.
    Los(cli::los::LosArgs),
    /// Draw a page, or a whole pack laid out by its joins, as a PNG or SVG for printing.
    Render(cli::render::RenderArgs),
    /// Write pages in another tool's format (Tiled JSON maps).
    Export(cli::export::ExportArgs),
    /// Read a page (a Tiled JSON map) or a whole pack (a Tiled world) from another tool's format.
    Import(cli::import::ImportArgs),
    /// Nemesis: the rooms a Movement action reaches from a room, and what entering each does.
    Move(cli::movement::MoveArgs),
    /// Nemesis: what a Noise roll does in a room, for one die face or all of them.
    Noise(cli::noise::NoiseArgs),
    /// Nemesis: where an Intruder goes when moved through the corridor with a number.
    Intruder(cli::intruder::IntruderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    deckplan_validator::pipe::run(|| run(&cli.command))
}

fn run(command: &Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Lint(args) => cli::lint::run(args),
        Command::Fmt(args) => cli::reformat::run(args),
        Command::Schema(args) => cli::schema::run(args),
        Command::Show(args) => cli::show::run(args),
        Command::Explain(args) => cli::explain::run(args),
        Command::Reach(args) => cli::reach::run(args),
        Command::Blip(args) => cli::blip::run(args),
        Command::Los(args) => cli::los::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Export(args) => cli::export::run(args),
        Command::Import(args) => cli::import::run(args),
        Command::Move(args) => cli::movement::run(args),
        Command::Noise(args) => cli::noise::run(args),
        Command::Intruder(args) => cli::intruder::run(args),
    }
}
