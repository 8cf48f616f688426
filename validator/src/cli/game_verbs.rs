//! The subcommands games add ([`GameVerb`]), merged under one name each.
//!
//! `deckplan reach PACK …` is one subcommand for every game that answers it,
//! but each game parses its own options. [`Verbs::commands`] gives clap one
//! command per name whose options are every game's, each shown under the
//! heading of the games it belongs to (`deckplan reach --help`); a run is
//! parsed with that merged command first, only to learn the game (from the
//! pack's `ruleset`, or from an option only one game has), and then again
//! with the game's own arguments. An option of another game is refused by
//! name before that (exit 2), never ignored.
//!
//! The games' own options of the shared `show` and `render` are handled by
//! the same code ([`super::draw_options`]): each game's arguments are a
//! [`Part`] of the subcommand.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};

use super::limits;
use super::print_problems;
use crate::ruleset::{Registry, Ruleset, RulesetChoice};
use crate::verb::{ChosenBy, GameVerb};

/// One game's part of a subcommand several games answer.
pub(super) struct Part {
    /// The game.
    pub ruleset: &'static dyn Ruleset,
    /// Its arguments.
    pub args: Command,
    /// Its own words for refusing one of its arguments to another game,
    /// given the argument's id and that game's title; `None` for the shared
    /// sentence.
    pub refusal: fn(&str, &str) -> Option<String>,
}

impl Part {
    /// The argument with this id, if the game has it.
    fn arg(&self, id: &str) -> Option<&Arg> {
        self.args.get_arguments().find(|a| a.get_id() == id)
    }
}

/// Every game's subcommands, by name, each with the games that answer it in
/// registry order.
pub struct Verbs {
    by_name: BTreeMap<&'static str, Vec<(&'static dyn Ruleset, GameVerb)>>,
}

impl Verbs {
    /// The subcommands of every game in `registry`.
    pub fn of(registry: &Registry) -> Self {
        let mut by_name: BTreeMap<&'static str, Vec<(&'static dyn Ruleset, GameVerb)>> =
            BTreeMap::new();
        for ruleset in registry.all() {
            for verb in ruleset.verbs() {
                by_name.entry(verb.name).or_default().push((ruleset, verb));
            }
        }
        Self { by_name }
    }

    /// Whether some game answers the subcommand `name`.
    pub fn has(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The games that answer `name`, with their part of it.
    pub fn answering(&self, name: &str) -> &[(&'static dyn Ruleset, GameVerb)] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// One clap command per subcommand, with every game's options.
    pub fn commands(&self) -> Vec<Command> {
        self.by_name
            .iter()
            .map(|(name, games)| merged(name, games))
            .collect()
    }

    /// One clap command per subcommand, with every game's options for the
    /// subcommand `full` only; the others name and describe themselves for
    /// `--help`, which is all a run of another subcommand needs of them
    /// (merging every game's options costs more than linting a small pack).
    pub fn commands_for(&self, full: &str) -> Vec<Command> {
        self.by_name
            .iter()
            .map(|(name, games)| {
                if *name == full {
                    merged(name, games)
                } else {
                    bare(name, games)
                }
            })
            .collect()
    }

    /// Runs the subcommand `name` as the process's arguments `args` ask:
    /// finds the game, refuses other games' options, parses the game's own
    /// arguments and answers.
    pub fn run(&self, name: &str, args: &[OsString]) -> anyhow::Result<ExitCode> {
        let games = self.answering(name);
        let words = words_after(name, args);
        let parts = parts(games);
        let union = parse_words(name, with_parts(bare(name, games), &parts), &words);
        let Some((ruleset, verb)) = chosen(name, games, &union)? else {
            return Ok(ExitCode::from(1));
        };
        refuse_strays(name, ruleset, &parts, &union)?;
        (verb.run)(&parse_words(name, verb.command(), &words))
    }
}

/// The words typed after the subcommand `name` in the process's arguments
/// `args` (options before it are the shared limits, already applied).
pub(super) fn words_after(name: &str, args: &[OsString]) -> Vec<OsString> {
    let at = args
        .iter()
        .skip(1)
        .position(|a| a == name)
        .map_or(args.len(), |i| i + 2);
    args.get(at..).map(<[OsString]>::to_vec).unwrap_or_default()
}

/// Parses the words of the subcommand `name` with `command` and the shared
/// limits, which may follow the subcommand; a usage error exits as clap does.
pub(super) fn parse_words(name: &str, command: Command, words: &[OsString]) -> ArgMatches {
    let command = limits::augment(command)
        .bin_name(format!("deckplan {name}"))
        .no_binary_name(true);
    match command.try_get_matches_from(words) {
        Ok(matches) => matches,
        Err(error) => error.exit(),
    }
}

/// Each game's part of a subcommand, its arguments built once.
fn parts(games: &[(&'static dyn Ruleset, GameVerb)]) -> Vec<Part> {
    games
        .iter()
        .map(|(ruleset, verb)| Part {
            ruleset: *ruleset,
            args: verb.command(),
            refusal: |_, _| None,
        })
        .collect()
}

/// The game whose arguments apply, and its part of the subcommand; `None`
/// after printing why no game can read the pack named.
fn chosen(
    name: &str,
    games: &[(&'static dyn Ruleset, GameVerb)],
    union: &ArgMatches,
) -> anyhow::Result<Option<(&'static dyn Ruleset, GameVerb)>> {
    let Some((_, first)) = games.first() else {
        bail!("no game answers `{name}`");
    };
    match first.chosen_by {
        ChosenBy::Alone => Ok(games.first().copied()),
        ChosenBy::Option(_) => {
            let given: Vec<&(&dyn Ruleset, GameVerb)> = games
                .iter()
                .filter(
                    |(_, verb)| matches!(verb.chosen_by, ChosenBy::Option(id) if given(union, id)),
                )
                .collect();
            match given.as_slice() {
                [one] => Ok(Some(**one)),
                [] => bail!("name what to {name}: {}", options_of(games)),
                _ => bail!("{name} one thing at a time: {}", options_of(games)),
            }
        }
        ChosenBy::Target(id) => {
            let Some(path) = union.get_one::<PathBuf>(id) else {
                bail!("name the pack to {name}");
            };
            let sources = crate::targets::sources_of(path);
            let ruleset = match crate::ruleset::REGISTRY.for_sources(&sources) {
                Ok(ruleset) => ruleset,
                Err(RulesetChoice::Unknown(problem)) => {
                    print_problems(&[*problem], "Fix this problem first.");
                    return Ok(None);
                }
                Err(RulesetChoice::Empty) => bail!("no rulesets are registered"),
            };
            match games.iter().find(|(r, _)| r.name() == ruleset.name()) {
                Some(found) => Ok(Some(*found)),
                None => bail!(
                    "`{name}` is a question for {}; {} is a pack of {}",
                    titles(games),
                    path.display(),
                    ruleset.title()
                ),
            }
        }
    }
}

/// Refuses the options given on the command line that the chosen game does
/// not take, naming each option, the game and the games it is for (or in the
/// words of the game it is for, when it has its own and it is the only one).
/// An option no part has is the subcommand's own, taken by every game.
pub(super) fn refuse_strays(
    name: &str,
    ruleset: &dyn Ruleset,
    parts: &[Part],
    union: &ArgMatches,
) -> anyhow::Result<()> {
    let own = parts.iter().find(|p| p.ruleset.name() == ruleset.name());
    let title = ruleset.title();
    let mut strays: Vec<(String, String)> = Vec::new();
    let mut worded: Option<String> = None;
    for id in union.ids() {
        let id = id.as_str();
        if !given(union, id) || own.is_some_and(|p| p.arg(id).is_some()) {
            continue;
        }
        let owners: Vec<&Part> = parts.iter().filter(|p| p.arg(id).is_some()).collect();
        let Some(arg) = owners.iter().find_map(|p| p.arg(id)) else {
            continue;
        };
        worded = worded.or_else(|| owners.iter().find_map(|p| (p.refusal)(id, title)));
        let titles: Vec<&str> = owners.iter().map(|p| p.ruleset.title()).collect();
        strays.push((shown_name(arg), sentence(&titles, "and")));
    }
    let Some((_, first_owners)) = strays.first() else {
        return Ok(());
    };
    if let (1, Some(words)) = (strays.len(), worded) {
        bail!("{words}");
    }
    let options: Vec<String> = strays.iter().map(|(option, _)| option.clone()).collect();
    if strays.iter().all(|(_, owners)| owners == first_owners) {
        let (verb_phrase, what) = match strays.len() {
            1 => ("does", "it is an option"),
            _ => ("do", "they are options"),
        };
        bail!(
            "{} {verb_phrase} not apply to {title}: {what} of `{name}` for {first_owners}",
            sentence(&options, "and")
        );
    }
    let listed: Vec<String> = strays
        .iter()
        .map(|(option, owners)| format!("{option} (for {owners})"))
        .collect();
    bail!(
        "{} do not apply to `{name}` on {title}",
        sentence(&listed, "and")
    )
}

/// Items in a sentence: `a`, `a and b`, `a, b and c`.
pub fn sentence<T: AsRef<str>>(items: &[T], and: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {and} {}", rest.join(", "), last.as_ref())
        }
        Some((last, _)) => last.as_ref().to_string(),
        None => String::new(),
    }
}

/// Whether the option with this id was given on the command line.
fn given(matches: &ArgMatches, id: &str) -> bool {
    matches.value_source(id) == Some(ValueSource::CommandLine)
}

/// An option as a user types it: `--why`, or a positional's name.
fn shown_name(arg: &Arg) -> String {
    match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => arg.get_id().to_string(),
    }
}

/// The games' titles in a sentence.
fn titles(games: &[(&'static dyn Ruleset, GameVerb)]) -> String {
    let titles: Vec<&str> = games.iter().map(|(r, _)| r.title()).collect();
    sentence(&titles, "and")
}

/// The options that pick a game, as `--tiled FILE, --graphml FILE or --map-string STRING`.
fn options_of(games: &[(&'static dyn Ruleset, GameVerb)]) -> String {
    let options: Vec<String> = games
        .iter()
        .filter_map(|(_, verb)| match verb.chosen_by {
            ChosenBy::Option(id) => verb
                .command()
                .get_arguments()
                .find(|a| a.get_id() == id)
                .map(|a| {
                    let value = a
                        .get_value_names()
                        .and_then(|names| names.first())
                        .map(|v| format!(" {v}"))
                        .unwrap_or_default();
                    format!("{}{value}", shown_name(a))
                }),
            _ => None,
        })
        .collect();
    sentence(&options, "or")
}

/// One subcommand with every game's options (see [`with_parts`]).
fn merged(name: &str, games: &[(&'static dyn Ruleset, GameVerb)]) -> Command {
    with_parts(bare(name, games), &parts(games))
}

/// A subcommand as it names and describes itself, without options.
fn bare(name: &str, games: &[(&'static dyn Ruleset, GameVerb)]) -> Command {
    Command::new(name.to_string())
        .about(about(games))
        .hide(games.iter().all(|(_, verb)| verb.hidden))
}

/// `command` with every game's options added: an option of some games only
/// is listed under their titles; the help of an option the games describe
/// differently says what each game means by it.
pub(super) fn with_parts(mut command: Command, parts: &[Part]) -> Command {
    let mut owners: BTreeMap<String, Vec<(&'static dyn Ruleset, Arg)>> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for part in parts {
        for arg in part.args.get_arguments() {
            let id = arg.get_id().to_string();
            if !owners.contains_key(&id) {
                order.push(id.clone());
            }
            owners
                .entry(id)
                .or_default()
                .push((part.ruleset, arg.clone()));
        }
    }
    for id in &order {
        let Some(versions) = owners.get(id) else {
            continue;
        };
        command = command.arg(merged_arg(versions, parts.len()));
    }
    command
}

/// One option as every game that has it declares it: required only when
/// every game requires it (each game says what else it requires when its own
/// arguments are parsed). Positionals keep the order they are merged in.
fn merged_arg(versions: &[(&'static dyn Ruleset, Arg)], games: usize) -> Arg {
    let Some((_, first)) = versions.first() else {
        return Arg::new("none");
    };
    let mut arg = Arg::new(first.get_id().clone())
        .action(match first.get_action() {
            ArgAction::SetTrue => ArgAction::SetTrue,
            ArgAction::Count => ArgAction::Count,
            ArgAction::Append => ArgAction::Append,
            _ => ArgAction::Set,
        })
        .value_parser(first.get_value_parser().clone())
        .allow_hyphen_values(first.is_allow_hyphen_values_set())
        .hide(first.is_hide_set());
    if let Some(long) = first.get_long() {
        arg = arg.long(long.to_string());
    }
    if let Some(short) = first.get_short() {
        arg = arg.short(short);
    }
    if let Some(aliases) = first.get_all_aliases() {
        arg = arg.aliases(aliases.into_iter().map(str::to_string).collect::<Vec<_>>());
    }
    let mut names: Vec<String> = Vec::new();
    for (_, version) in versions {
        for value in version.get_value_names().unwrap_or_default() {
            if !names.contains(&value.to_string()) {
                names.push(value.to_string());
            }
        }
    }
    if !names.is_empty() {
        arg = arg.value_name(names.join("|"));
    }
    let helps: Vec<(String, String)> = versions
        .iter()
        .map(|(ruleset, version)| {
            let help = version
                .get_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            (ruleset.game().to_string(), help)
        })
        .collect();
    let same = helps
        .windows(2)
        .all(|w| w.first().map(|a| &a.1) == w.get(1).map(|b| &b.1));
    let help = if same {
        helps.first().map(|(_, h)| h.clone()).unwrap_or_default()
    } else {
        helps
            .iter()
            .map(|(game, help)| format!("{game}: {help}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    arg = arg.help(help);
    if versions.len() == games && versions.iter().all(|(_, v)| v.is_required_set()) {
        arg = arg.required(true);
    }
    if versions.len() < games {
        let heading: Vec<&str> = versions.iter().map(|(r, _)| r.title()).collect();
        arg = arg.help_heading(heading.join(", "));
    }
    arg
}

/// What the subcommand does in each game.
fn about(games: &[(&'static dyn Ruleset, GameVerb)]) -> String {
    match games {
        [(_, only)] => only.about.to_string(),
        _ => games
            .iter()
            .map(|(ruleset, verb)| format!("{}: {}", ruleset.game(), verb.about))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
pub(in crate::cli) mod tests {
    use super::*;
    use crate::ruleset::REGISTRY;

    #[test]
    fn games_that_share_a_subcommand_agree_on_how_it_is_chosen_and_on_their_options() {
        let verbs = Verbs::of(&REGISTRY);
        for (name, games) in &verbs.by_name {
            let kinds: Vec<ChosenBy> = games.iter().map(|(_, v)| v.chosen_by).collect();
            match kinds.first() {
                Some(ChosenBy::Target(id)) => assert!(
                    kinds.iter().all(|k| *k == ChosenBy::Target(id)),
                    "`{name}`: every game picks its pack by the same positional: {kinds:?}"
                ),
                Some(ChosenBy::Option(_)) => assert!(
                    kinds.iter().all(|k| matches!(k, ChosenBy::Option(_))),
                    "`{name}`: every game is picked by an option of its own: {kinds:?}"
                ),
                Some(ChosenBy::Alone) => {
                    assert_eq!(games.len(), 1, "`{name}` is one game's alone");
                }
                None => panic!("`{name}` has no game"),
            }
            parts_agree(name, &parts(games));
            merged(name, games).debug_assert();
        }
    }

    /// An option two games share is one option: same flag, same way of
    /// taking values, so the merged command reads it right for both.
    pub(in crate::cli) fn parts_agree(name: &str, parts: &[Part]) {
        let mut seen: BTreeMap<String, (Option<String>, bool, bool)> = BTreeMap::new();
        for part in parts {
            for arg in part.args.get_arguments() {
                let shape = (
                    arg.get_long().map(str::to_string),
                    matches!(arg.get_action(), ArgAction::SetTrue),
                    arg.is_positional(),
                );
                if let Some(before) = seen.insert(arg.get_id().to_string(), shape.clone()) {
                    assert_eq!(
                        before,
                        shape,
                        "`{name}` option `{}` differs in {}",
                        arg.get_id(),
                        part.ruleset.name()
                    );
                }
            }
        }
    }
}
