//! The games' own options of `deckplan show` and `deckplan render`
//! ([`DrawOptions`](crate::ruleset::DrawOptions)), handled as the options of
//! the games' subcommands are ([`super::game_verbs`]): `--help` lists each
//! under the games that take it, a run refuses by name an option of another
//! game (exit 2), and the words are parsed again with the shared arguments
//! and the game's own, which the game reads back from its
//! [`DrawRequest`](crate::ruleset::DrawRequest).

use std::ffi::OsString;

use clap::{ArgMatches, Command};

use super::game_verbs::{self, Part};
use crate::ruleset::{DrawCommand, REGISTRY, Ruleset};

/// Every game's part of a drawing subcommand, in registry order.
fn parts(command: DrawCommand) -> Vec<Part> {
    REGISTRY
        .all()
        .map(|ruleset| {
            let options = ruleset.draw_options();
            Part {
                ruleset,
                args: options.of(command),
                refusal: options.refusal,
            }
        })
        .collect()
}

/// The subcommand `shared` (its shared arguments) with every game's options
/// of it.
pub fn merged(command: DrawCommand, shared: Command) -> Command {
    game_verbs::with_parts(shared, &parts(command))
}

/// The options of `ruleset`, the game the target is written for, as typed
/// in the process's arguments `line`: an option of another game is refused
/// by name, then the words are parsed again with the shared arguments (which
/// `shared` adds to a command) and the game's own.
pub fn parsed(
    command: DrawCommand,
    ruleset: &'static dyn Ruleset,
    shared: fn(Command) -> Command,
    line: &[OsString],
) -> anyhow::Result<ArgMatches> {
    let name = command.name();
    let parts = parts(command);
    let words = game_verbs::words_after(name, line);
    let every = game_verbs::with_parts(shared(Command::new(name)), &parts);
    let union = game_verbs::parse_words(name, every, &words);
    game_verbs::refuse_strays(name, ruleset, &parts, &union)?;
    let own = parts
        .into_iter()
        .find(|part| part.ruleset.name() == ruleset.name())
        .map_or_else(|| Command::new(name), |part| part.args);
    Ok(game_verbs::parse_words(name, shared(own), &words))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use clap::Args as _;

    use super::*;
    use crate::cli::game_verbs::tests::parts_agree;
    use crate::cli::{render::RenderArgs, show::ShowArgs};

    #[test]
    fn games_that_share_a_drawing_option_agree_on_it() {
        for command in DrawCommand::ALL {
            let parts = parts(command);
            parts_agree(command.name(), &parts);
            let shared = match command {
                DrawCommand::Show => ShowArgs::augment_args(Command::new("show")),
                DrawCommand::Render => RenderArgs::augment_args(Command::new("render")),
            };
            // No game declares an option the shared command has.
            for part in &parts {
                for arg in part.args.get_arguments() {
                    assert!(
                        shared.get_arguments().all(|a| a.get_id() != arg.get_id()),
                        "{} declares `{}` of `{}`, a shared option",
                        part.ruleset.name(),
                        arg.get_id(),
                        command.name()
                    );
                }
            }
            merged(command, shared).debug_assert();
        }
    }

    /// Every game reads back the options the command line parsed with its
    /// arguments, and takes its defaults without any: what it refuses is
    /// the pack that is not there, never its options.
    #[test]
    fn every_game_reads_its_own_options_back() {
        use crate::ruleset::{DrawError, DrawRequest};
        let sources = deckplan_schema::sources::Sources::pack(std::path::Path::new("no/such/pack"));
        for ruleset in REGISTRY.all() {
            for command in DrawCommand::ALL {
                let args = ruleset.draw_options().of(command).no_binary_name(true);
                let matches = args.try_get_matches_from(Vec::<String>::new()).unwrap();
                for game in [Some(&matches), None] {
                    let request = DrawRequest {
                        game,
                        ..DrawRequest::default()
                    };
                    let refused = match command {
                        DrawCommand::Show => ruleset.show(&sources, &request).err(),
                        DrawCommand::Render => ruleset.render(&sources, &request).err(),
                    };
                    assert!(
                        matches!(refused, Some(DrawError::Target(_))),
                        "{} {}: {refused:?}",
                        ruleset.name(),
                        command.name()
                    );
                }
            }
        }
    }
}
