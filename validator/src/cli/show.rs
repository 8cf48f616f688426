//! `deckplan show`: draw boards in the terminal.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args as _;

use crate::ruleset::{DrawCommand, DrawRequest};
use crate::targets;

use super::{draw_options, exit, print_problems, ruleset_for, styling};

/// The arguments of `deckplan show` every game takes; each game adds its own
/// ([`draw_options`]).
#[derive(clap::Args)]
pub struct ShowArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
}

/// Draws the boards, one after another; `line` is the process's arguments,
/// where the game's own options are read.
pub fn run(args: &ShowArgs, line: &[OsString]) -> anyhow::Result<ExitCode> {
    let sources = targets::sources_of(&args.path);
    let Some(ruleset) = ruleset_for(&sources, "Fix this problem to draw the pack.") else {
        return Ok(exit(true));
    };
    let options = draw_options::parsed(DrawCommand::Show, ruleset, ShowArgs::augment_args, line)?;
    let request = DrawRequest {
        colour: styling().is_ansi(),
        game: Some(&options),
        ..DrawRequest::default()
    };
    let drawing = ruleset.show(&sources, &request)?;
    print_problems(&drawing.problems, "Fix these problems to draw every page.");
    for (i, (_, text)) in drawing.boards.iter().enumerate() {
        if i > 0 {
            println!();
        }
        print!("{text}");
    }
    Ok(exit(drawing.boards.is_empty()))
}
