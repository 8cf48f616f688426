//! `deckplan import`: read a page (a Tiled JSON map) or a whole pack (a Tiled
//! world) from another tool's format, as canonical map files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};

use super::exit;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan import --tiled page1.tmj -o book1/page1.toml
  deckplan import --tiled tiled/pack.world -o my-pack   (every map of the world, as a pack folder)
  deckplan import --graphml board.graphml -o my-ship   (a Nemesis ship, as a pack folder)")]
pub struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) or a Tiled world (`.world`) written by
    /// `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE", required_unless_present = "graphml")]
    tiled: Option<PathBuf>,
    /// Read a Nemesis ship from GraphML (edge weights are corridor labels such
    /// as `3` or `12`; the node named by `--hub` is the technical corridors).
    #[arg(long, value_name = "FILE", conflicts_with = "tiled")]
    graphml: Option<PathBuf>,
    /// With `--graphml`, the name of the technical-corridor hub node.
    #[arg(long, value_name = "NAME", default_value = "0", requires = "graphml")]
    hub: String,
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
    if let Some(graphml) = &args.graphml {
        return super::import_graphml::run(
            graphml,
            &args.hub,
            args.output.as_deref(),
            args.overwrite,
        );
    }
    let Some(tiled_path) = &args.tiled else {
        bail!("name a file to import with --tiled or --graphml");
    };
    let is_world = tiled_path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("world"));
    if is_world {
        let Some(dir) = &args.output else {
            bail!("a Tiled world imports as a pack folder; name it with -o DIR");
        };
        let imported = match tiled::world::read_world(tiled_path) {
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
    let json = std::fs::read_to_string(tiled_path)
        .with_context(|| format!("cannot read {}", tiled_path.display()))?;
    let text = match tiled::from_tiled(&json) {
        Ok((_, text)) => text,
        Err(error @ (TiledError::Invalid { .. } | TiledError::Page { .. })) => {
            eprintln!("error: {}: {error}", tiled_path.display());
            return Ok(exit(true));
        }
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", tiled_path.display())),
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
