//! `deckplan import`: read a page (a Tiled JSON map) or a whole pack (a Tiled
//! world) from another tool's format, as canonical map files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};

use super::exit;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan import --tiled page1.tmj -o book1/page1.toml
  deckplan import --tiled tiled/pack.world -o my-pack   (every map of the world, as a pack folder)")]
pub struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) or a Tiled world (`.world`) written by
    /// `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE", required = true)]
    tiled: PathBuf,
    /// The page file to write (without it the page is printed); for a world,
    /// the pack folder to write `pack.toml` and the page files into.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace files that are already there (otherwise nothing is written).
    #[arg(long)]
    overwrite: bool,
}

/// Reads the Tiled map or world and writes it as map files.
pub fn run(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::export::tiled::{self, TiledError};
    let is_world = args
        .tiled
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("world"));
    if is_world {
        let Some(dir) = &args.output else {
            bail!("a Tiled world imports as a pack folder; name it with -o DIR");
        };
        let imported = match tiled::world::read_world(&args.tiled) {
            Ok(imported) => imported,
            Err(TiledError::World { problems }) => {
                for problem in problems {
                    eprintln!("error: {problem}");
                }
                return Ok(exit(true));
            }
            Err(error) => return Err(error.into()),
        };
        for path in imported.write(dir, args.overwrite)? {
            println!("wrote {}", path.display());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let json = std::fs::read_to_string(&args.tiled)
        .with_context(|| format!("cannot read {}", args.tiled.display()))?;
    let text = match tiled::from_tiled(&json) {
        Ok((_, text)) => text,
        Err(error @ (TiledError::Invalid { .. } | TiledError::Page { .. })) => {
            eprintln!("error: {}: {error}", args.tiled.display());
            return Ok(exit(true));
        }
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", args.tiled.display())),
    };
    match &args.output {
        Some(path) => {
            if !args.overwrite && std::fs::symlink_metadata(path).is_ok() {
                bail!(
                    "{} already exists; pass --overwrite to replace it",
                    path.display()
                );
            }
            deckplan_schema::save::write_atomically(path, &text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
