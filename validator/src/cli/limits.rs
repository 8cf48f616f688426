//! The flags that change a game's limits for one run (`--max-pages N`, …),
//! accepted by every subcommand: one flag for each limit a game lets a run
//! set ([`deckplan_schema::limits::settable`]). The defaults protect CI
//! from hostile input; a benchmark or a trusted pipeline raises them for
//! boards larger than any printed one.

use clap::{Arg, ArgMatches, Command};
use deckplan_schema::limits;

/// The heading the flags are listed under in `--help`.
const HEADING: &str = "Limits";

/// `command` with a flag for every limit a run may set, for its
/// subcommands too.
pub fn augment(command: Command) -> Command {
    limits::settable().fold(command, |command, limit| {
        command.arg(
            Arg::new(limit.flag)
                .long(limit.flag)
                .global(true)
                .value_name("N")
                .help_heading(HEADING)
                .help(limit.help)
                .default_value(limit.default.to_string())
                .value_parser(clap::value_parser!(u64).range(1..=limit.most)),
        )
    })
}

/// Whether `id` is one of the flags [`augment`] adds.
pub fn is_limit(id: &str) -> bool {
    limits::settable().any(|limit| limit.flag == id)
}

/// Puts the limits `matches` give in force for everything this process loads.
pub fn apply(matches: &ArgMatches) {
    limits::set(limits::settable().filter_map(|limit| {
        let value = matches.try_get_one::<u64>(limit.flag).ok().flatten()?;
        Some((limit.flag, *value))
    }));
}
