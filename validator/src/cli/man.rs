//! `deckplan man DIR`: a man page for `deckplan` and one for each of its
//! subcommands (`deckplan-lint.1`, …), the games' included.
//!
//! Each page is written atomically into DIR itself, by a name deckplan makes
//! (never one read from a file): a link already in DIR is replaced, not
//! followed, so nothing outside the folder is written.

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
    let pages = pages()?;
    for (name, text) in &pages {
        let path = args.dir.join(name);
        deckplan_schema::save::write_bytes_atomically(&path, text)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!(
        "wrote {} in {}",
        super::plural(pages.len(), "man page"),
        args.dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every page, by file name: `deckplan.1`, then its subcommands' depth
/// first, as `clap_mangen::generate_to` names them.
pub fn pages() -> anyhow::Result<Vec<(String, Vec<u8>)>> {
    fn collect(command: clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> anyhow::Result<()> {
        // Subcommands have no version of their own: every page says whose.
        let man = clap_mangen::Man::new(command.clone())
            .source(format!("deckplan {}", env!("CARGO_PKG_VERSION")));
        let mut text = Vec::new();
        man.render(&mut text)?;
        pages.push((man.get_filename(), text));
        for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
            collect(sub.clone(), pages)?;
        }
        Ok(())
    }
    let mut command = super::command().disable_help_subcommand(true);
    command.build();
    let mut pages = Vec::new();
    collect(command, &mut pages)?;
    Ok(pages)
}
