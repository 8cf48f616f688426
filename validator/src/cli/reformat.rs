//! `deckplan fmt`: rewrite map files in canonical form, or (`--check`) list
//! the files that would change.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use deckplan_validator::reformat;
use deckplan_validator::render::human;

use super::{exit, plural, styling};

/// The arguments of `deckplan fmt`.
#[derive(clap::Args)]
pub struct FmtArgs {
    /// Change nothing: list the files that would change and exit 1 if any would.
    #[arg(long)]
    check: bool,
    /// Pack folders, folders of packs, `pack.toml` files or page files.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,
}

/// Formats the files, or checks that they are formatted.
pub fn run(args: &FmtArgs) -> anyhow::Result<ExitCode> {
    let check = args.check;
    let results = reformat::format_paths(&args.paths)?;
    let mut errors = Vec::new();
    let mut changed: usize = 0;
    for file in results {
        errors.extend(file.errors);
        let Some(canonical) = file.canonical.filter(|_| file.changed) else {
            continue;
        };
        changed += 1;
        if check {
            println!("would reformat {}", file.path.display());
        } else {
            deckplan_schema::save::write_atomically(&file.path, &canonical)
                .with_context(|| format!("cannot write {}", file.path.display()))?;
            println!("formatted {}", file.path.display());
        }
    }
    if !errors.is_empty() {
        let summary = format!("{} could not be formatted.", plural(errors.len(), "file"));
        eprint!("{}", human::render(&errors, &summary, styling()));
    }
    if check && changed > 0 {
        println!(
            "{} would be reformatted; run `deckplan fmt` to fix.",
            plural(changed, "file")
        );
    }
    Ok(exit(!errors.is_empty() || (check && changed > 0)))
}
