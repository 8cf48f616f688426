//! `deckplan show`: draw boards in the terminal.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::ruleset::DrawRequest;
use crate::targets;

use super::{exit, print_problems, ruleset_for, styling};

/// The arguments of `deckplan show`.
#[derive(clap::Args)]
pub struct ShowArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// With a pack, draw only this page (e.g. `L1p2`).
    #[arg(long)]
    page: Option<String>,
    /// Mark the virtual squares outside a ship's hull, and say how they are
    /// named (boards that have them: Battlestations ships).
    #[arg(long)]
    hull: bool,
}

/// Draws the boards, one after another.
pub fn run(args: &ShowArgs) -> anyhow::Result<ExitCode> {
    let sources = targets::sources_of(&args.path);
    let Some(ruleset) = ruleset_for(&sources, "Fix this problem to draw the pack.") else {
        return Ok(exit(true));
    };
    let request = DrawRequest {
        only: args.page.as_deref(),
        colour: styling().is_ansi(),
        hull: args.hull,
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
