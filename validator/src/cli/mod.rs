//! The subcommands of `deckplan`, one file each, and the few helpers they share.
//!
//! Each subcommand file has its arguments (a `clap::Args` struct) and a `run`
//! function that returns the exit code: 0 clean, 1 problems found, 2 usage or
//! I/O failure (an `Err`, printed by `main`).

pub mod blip;
pub mod explain;
pub mod export;
pub mod generate;
pub mod import;
pub mod import_graphml;
pub mod intruder;
pub mod limits;
pub mod lint;
pub mod los;
pub mod movement;
pub mod nemesis_play;
pub mod noise;
pub mod noise_enormity;
pub mod play;
pub mod reach;
pub mod reach_battlestations;
pub mod reach_ti4;
pub mod reformat;
pub mod render;
pub mod reveal;
pub mod schema;
pub mod show;

use std::io::IsTerminal as _;
use std::process::ExitCode;

use deckplan_schema::FileError;
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::render::human::{self, Styling};
use deckplan_validator::ruleset::{REGISTRY, Ruleset, RulesetChoice};
use deckplan_validator::targets::Target;

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
pub fn ruleset_for(target: &Target, summary: &str) -> Option<&'static dyn Ruleset> {
    match REGISTRY.for_target(target) {
        Ok(ruleset) => Some(ruleset),
        Err(RulesetChoice::Unknown(problem)) => {
            print_problems(&[*problem], summary);
            None
        }
        Err(RulesetChoice::Empty) => None,
    }
}

/// For a command that answers one game's questions: whether `target` is that
/// game's (`Ok(false)` after printing an unknown ruleset); another game's
/// pack is refused by name.
pub fn is_game(target: &Target, game: &dyn Ruleset, question: &str) -> anyhow::Result<bool> {
    match ruleset_for(target, "Fix this problem first.") {
        Some(ruleset) if ruleset.name() == game.name() => Ok(true),
        Some(ruleset) => anyhow::bail!(
            "{question}; {} is a pack of {}",
            target.path().display(),
            ruleset.title()
        ),
        None => Ok(false),
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
