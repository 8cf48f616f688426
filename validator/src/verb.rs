//! Subcommands a game adds to `deckplan`.
//!
//! Play-test questions differ between games — a Spacer's move on Enormity's
//! spaces, a ship's on TI4 systems with command tokens, a character's on a
//! Battlestations ship — and so do the other tools' formats a game reads and
//! writes (Tiled maps, GraphML, TI4 map strings). A game gives each of its
//! subcommands as a [`GameVerb`] with its own clap arguments; several games
//! may answer one subcommand (`deckplan reach` on any pack). The command line
//! ([`crate::cli`]) decides whose arguments apply — by the pack's `ruleset`,
//! or by an option only one game has — and refuses, by name, an option that
//! belongs to another game.

use std::process::ExitCode;

/// A subcommand, or one game's part of a subcommand several games answer.
#[derive(Clone, Copy)]
pub struct GameVerb {
    /// The subcommand (`reach`).
    pub name: &'static str,
    /// What it does in this game, in one line for `deckplan --help`.
    pub about: &'static str,
    /// How the command line picks the game whose arguments apply.
    pub chosen_by: ChosenBy,
    /// Left out of `deckplan --help` (tools for benchmarks).
    pub hidden: bool,
    /// The game's arguments, every option and positional of the subcommand.
    pub args: fn() -> clap::Command,
    /// Answers from the parsed arguments: 0 done, 1 problems found; an `Err`
    /// is a usage or I/O failure (exit 2).
    pub run: fn(&clap::ArgMatches) -> anyhow::Result<ExitCode>,
}

impl std::fmt::Debug for GameVerb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameVerb")
            .field("name", &self.name)
            .field("chosen_by", &self.chosen_by)
            .finish_non_exhaustive()
    }
}

/// How a subcommand several games answer picks the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChosenBy {
    /// By the ruleset of the pack or file named by the positional argument
    /// with this id (`deckplan reach PACK …`).
    Target(&'static str),
    /// By an option only this game has, given (`deckplan import --graphml FILE`).
    Option(&'static str),
    /// The subcommand is this game's alone; no other game may declare it.
    Alone,
}

impl GameVerb {
    /// The game's arguments as a clap command named after the subcommand.
    pub fn command(&self) -> clap::Command {
        (self.args)().name(self.name)
    }
}

/// Builds a verb's arguments from a derived `clap::Args` type.
pub fn args_of<A: clap::Args>() -> clap::Command {
    A::augment_args(clap::Command::new("verb"))
}

/// Reads a derived `clap::Args` type back from the matches of its verb.
pub fn parsed<A: clap::FromArgMatches>(matches: &clap::ArgMatches) -> anyhow::Result<A> {
    A::from_arg_matches(matches).map_err(|e| anyhow::anyhow!("{e}"))
}
