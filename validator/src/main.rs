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
    about = "Check, draw and play-test the boards of board games: Enormity Location maps, Nemesis ships, TI4 galaxies and Battlestations ships",
    after_help = "Exit codes: 0 clean (warnings allowed), 1 problems found, 2 usage or I/O failure."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: cli::limits::LimitArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Check map packs and pages; exits 1 when there are errors.
    Lint(cli::lint::LintArgs),
    /// Rewrite map files in canonical form.
    Fmt(cli::reformat::FmtArgs),
    /// Print the JSON Schema of a ruleset's files: page files (default) or `pack.toml`.
    Schema(cli::schema::SchemaArgs),
    /// Draw boards in the terminal: a page file, a pack's pages, a ship or a galaxy.
    Show(cli::show::ShowArgs),
    /// Explain a diagnostic code (`F002`) or name (`unknown-key`); without one, list them all.
    Explain(cli::explain::ExplainArgs),
    /// Where a Spacer (on a TI4 galaxy a ship, on a Battlestations ship a character) can move, with the way to each place.
    Reach(cli::reach::ReachArgs),
    /// Move a Blip toward a Spacer (a Noise move) or along its patrol arrow,
    /// and say where it stops and whether it is revealed.
    Blip(cli::blip::BlipArgs),
    /// Whether the miniature on one space has line of sight to another, and what blocks it.
    Los(cli::los::LosArgs),
    /// What revealing a Blip does: an Echo's new Blip, or where its Intruders go, step by step.
    Reveal(cli::reveal::RevealArgs),
    /// Draw a page, a whole pack laid out by its joins, a ship or a galaxy, as a PNG or SVG.
    Render(cli::render::RenderArgs),
    /// Write boards in another tool's format (Tiled JSON maps, TI4 map strings).
    Export(cli::export::ExportArgs),
    /// Read boards from another tool's format (Tiled maps and worlds, GraphML ships, TI4 map strings).
    Import(cli::import::ImportArgs),
    /// Nemesis: the rooms a Movement action reaches from a room, and what entering each does.
    Move(cli::movement::MoveArgs),
    /// What a Noise roll does: Nemesis, in a room, for one die face or all of them;
    /// Enormity, how the Blips move on the dice assigned to them, nearest first.
    Noise(cli::noise::NoiseArgs),
    /// Nemesis: where an Intruder goes when moved through the corridor with a number.
    Intruder(cli::intruder::IntruderArgs),
    /// Write a seeded pack of generated pages, for benchmarks (`bench/run`).
    #[command(hide = true)]
    GeneratePack(cli::generate::GenerateArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli.limits.apply();
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
        Command::Reveal(args) => cli::reveal::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Export(args) => cli::export::run(args),
        Command::Import(args) => cli::import::run(args),
        Command::Move(args) => cli::movement::run(args),
        Command::Noise(args) => cli::noise::run(args),
        Command::Intruder(args) => cli::intruder::run(args),
        Command::GeneratePack(args) => cli::generate::run(args),
    }
}
