//! `deckplan man DIR`: a man page for `deckplan` and one for each of its
//! subcommands (`deckplan-lint.1`, …), the games' included.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;

/// The arguments of `deckplan man`.
#[derive(clap::Args)]
pub struct ManArgs {
    /// The folder to write the pages into (made when missing).
    dir: PathBuf,
}

/// Writes the pages.
pub fn run(args: &ManArgs) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot make {}", args.dir.display()))?;
    clap_mangen::generate_to(super::command(), &args.dir)
        .with_context(|| format!("cannot write the man pages into {}", args.dir.display()))?;
    let pages = std::fs::read_dir(&args.dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "1"))
                .count()
        })
        .unwrap_or(0);
    println!(
        "wrote {} in {}",
        super::plural(pages, "man page"),
        args.dir.display()
    );
    Ok(ExitCode::SUCCESS)
}
