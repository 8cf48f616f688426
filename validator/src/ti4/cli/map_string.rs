//! `deckplan export --map-string` and `deckplan import --map-string`: a TI4
//! galaxy as the community's map string, both ways.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::map_string;
use deckplan_schema::ti4::write;

use crate::cli::{exit, print_problems, write_or_print};
use crate::render::escape_controls;
use crate::targets;
use crate::ti4;

/// The arguments of `deckplan export` on a TI4 galaxy.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan export --map-string maps/ti4-six-players")]
pub struct ExportArgs {
    /// A galaxy pack folder, its `pack.toml`, or a galaxy file.
    path: PathBuf,
    /// Print the galaxy as a map string (the canonical form: `{N}` only for
    /// another centre, hyperlanes as `83A2`, trailing `-1`s left out).
    #[arg(long, required = true)]
    map_string: bool,
}

/// Prints a TI4 galaxy as a map string.
pub fn export(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let (galaxy, problems) = ti4::load_galaxy(&targets::sources_of(&args.path))?;
    print_problems(&problems, "Fix the galaxy file to export it.");
    let Some(galaxy) = galaxy else {
        return Ok(exit(true));
    };
    println!("{}", map_string::write(&galaxy.galaxy()));
    Ok(ExitCode::SUCCESS)
}

/// The arguments of `deckplan import --map-string`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan import --map-string \"26 39 25 40 0 0 …\" -o my-galaxy   (a TI4 galaxy pack)")]
pub struct ImportArgs {
    /// Read a TI4 map string (tile numbers in spiral order, `{N}` for another
    /// centre, `0` open, `-1` no tile, `83A2` hyperlanes) as a galaxy pack.
    /// A string may start with `-1` (`--map-string "-1 26 30"`).
    #[arg(long, value_name = "STRING", allow_hyphen_values = true)]
    map_string: String,
    /// The galaxy's name (the folder's name otherwise).
    #[arg(long)]
    name: Option<String>,
    /// The pack folder of the galaxy (without it the galaxy file is printed).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace files that are already there (otherwise nothing is written).
    #[arg(long)]
    overwrite: bool,
}

/// Reads a TI4 map string into a galaxy pack: `DIR/pack.toml`, or the galaxy
/// file printed without `-o`.
pub fn import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let catalogue = ti4::builtin_catalogue().map_err(anyhow::Error::msg)?;
    let parsed = match map_string::parse(&args.map_string, catalogue) {
        Ok(parsed) => parsed,
        Err(errors) => {
            for error in errors {
                let text = error.to_string();
                eprintln!("error: map string: {}", escape_controls(&text));
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
    let galaxy_text = write::write(&GalaxyFile::from_galaxy(&name, &parsed, catalogue));
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
