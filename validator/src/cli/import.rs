//! `deckplan import`: read a page (a Tiled JSON map) or a whole pack (a Tiled
//! world) from another tool's format, or a TI4 galaxy from a map string, as
//! canonical map files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};

use super::exit;

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan import --tiled page1.tmj -o book1/page1.toml
  deckplan import --tiled tiled/pack.world -o my-pack   (every map of the world, as a pack folder)
  deckplan import --map-string \"26 39 25 40 0 0 …\" -o my-galaxy   (a TI4 galaxy pack)
  deckplan import --graphml board.graphml -o my-ship   (a Nemesis ship, as a pack folder)")]
pub struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) or a Tiled world (`.world`) written by
    /// `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE", required_unless_present_any = ["graphml", "map_string"])]
    tiled: Option<PathBuf>,
    /// Read a Nemesis ship from GraphML (edge weights are corridor labels such
    /// as `3` or `12`; the node named by `--hub` is the technical corridors).
    #[arg(long, value_name = "FILE", conflicts_with = "tiled")]
    graphml: Option<PathBuf>,
    /// With `--graphml`, the name of the technical-corridor hub node.
    #[arg(long, value_name = "NAME", default_value = "0", requires = "graphml")]
    hub: String,
    /// Read a TI4 map string (tile numbers in spiral order, `{N}` for another
    /// centre, `0` open, `-1` no tile, `83A2` hyperlanes) as a galaxy pack.
    #[arg(long, value_name = "STRING", conflicts_with_all = ["tiled", "graphml"])]
    map_string: Option<String>,
    /// The galaxy's name (with --map-string; the folder's name otherwise).
    #[arg(long, requires = "map_string")]
    name: Option<String>,
    /// The page file to write (without it the page is printed); for a world,
    /// the pack folder to write `pack.toml` and the page files into; for a
    /// map string, the pack folder of the galaxy.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace files that are already there (otherwise nothing is written).
    #[arg(long)]
    overwrite: bool,
}

/// Reads the Tiled map or world and writes it as map files.
pub fn run(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::tiled::{self, TiledError};
    if let Some(text) = &args.map_string {
        return import_map_string(text, args);
    }
    if let Some(graphml) = &args.graphml {
        return super::import_graphml::run(
            graphml,
            &args.hub,
            args.output.as_deref(),
            args.overwrite,
        );
    }
    let Some(tiled_path) = &args.tiled else {
        bail!("name a file to import with --tiled, --graphml or --map-string");
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
    let json = deckplan_schema::confine::read_text(
        tiled_path,
        tiled_path,
        deckplan_schema::limits::MAX_TILED_FILE_BYTES,
    )?;
    let text = match tiled::from_tiled(&json) {
        Ok((_, text)) => text,
        Err(error @ (TiledError::Invalid { .. } | TiledError::Page { .. })) => {
            eprintln!("error: {}: {error}", tiled_path.display());
            return Ok(exit(true));
        }
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", tiled_path.display())),
    };
    write_or_print(args.output.as_deref(), &text, args.overwrite)
}

/// Writes `text` to `output` (refusing to replace a file unless told), or prints it.
fn write_or_print(
    output: Option<&std::path::Path>,
    text: &str,
    overwrite: bool,
) -> anyhow::Result<ExitCode> {
    match output {
        Some(path) => {
            if !overwrite && std::fs::symlink_metadata(path).is_ok() {
                bail!(
                    "{} already exists; pass --overwrite to replace it",
                    path.display()
                );
            }
            deckplan_schema::save::write_atomically(path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            println!("wrote {}", path.display());
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads a TI4 map string into a galaxy pack: `DIR/pack.toml`, or the galaxy
/// file printed without `-o`.
fn import_map_string(text: &str, args: &ImportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_schema::ti4::galaxy::{self, GalaxyFile};
    use deckplan_schema::ti4::map_string;
    let catalogue = deckplan_validator::ti4::builtin_catalogue().map_err(anyhow::Error::msg)?;
    let parsed = match map_string::parse(text, catalogue) {
        Ok(parsed) => parsed,
        Err(errors) => {
            for error in errors {
                eprintln!("error: map string: {error}");
            }
            return Ok(exit(true));
        }
    };
    let folder_name = args
        .output
        .as_deref()
        .and_then(|dir| dir.file_name())
        .map(|name| name.to_string_lossy().into_owned());
    let name = args
        .name
        .clone()
        .or(folder_name)
        .unwrap_or_else(|| "Imported galaxy".to_string());
    let galaxy_text = galaxy::write(&GalaxyFile::from_galaxy(&name, &parsed, catalogue));
    match &args.output {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let path = dir.join(deckplan_schema::load::PACK_FILE);
            write_or_print(Some(&path), &galaxy_text, args.overwrite)
        }
        None => write_or_print(None, &galaxy_text, args.overwrite),
    }
}
