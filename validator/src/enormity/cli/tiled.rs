//! `deckplan export --tiled` and `deckplan import --tiled`: pages as Tiled
//! JSON maps, and a whole pack as a Tiled world, both ways.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::bail;

use crate::cli::{exit, print_problems, write_or_print};
use crate::enormity::tiled::{self, TiledError};
use crate::enormity::{self, Source};
use crate::render::{escape_controls, shown_path};
use crate::targets;

/// The arguments of `deckplan export` on an Enormity pack or page.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan export --tiled page1.tmj maps/derelict-meridian-tithe/book1/page1.toml
  deckplan export --tiled tiled/ maps/derelict-meridian-tithe   (one map per page and a .world file)")]
pub struct ExportArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// Write a Tiled JSON map (`.tmj`); for a whole pack, a folder of maps and a
    /// Tiled world that lays them out.
    #[arg(long, value_name = "OUT")]
    tiled: PathBuf,
    /// With a pack, export only this page (e.g. `L1p2`).
    #[arg(long)]
    page: Option<String>,
}

/// Writes the Tiled map or world.
pub fn export(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    let out = &args.tiled;
    let (source, problems) = enormity::load_target(&targets::sources_of(&args.path))?;
    let failed = !problems.is_empty();
    print_problems(
        &problems,
        "Pages with problems are left out; fix them to draw every page.",
    );
    let Some(source) = source else {
        return Ok(exit(true));
    };
    let single = match (source, &args.page) {
        (Source::Page(page), _) => *page,
        (Source::Pack(pack), Some(wanted)) => enormity::pack_page(pack, wanted)?,
        (Source::Pack(pack), None) => {
            let exported = tiled::world::write_world(&pack, out)?;
            for file in &exported.files {
                println!("wrote {}", shown_path(file));
            }
            for note in &exported.notes {
                eprintln!("note: {}", escape_controls(note));
            }
            return Ok(exit(failed));
        }
    };
    if out.extension().and_then(|e| e.to_str()) != Some("tmj") {
        bail!(
            "a Tiled map is a `.tmj` file, like `{}`",
            out.with_extension("tmj").display()
        );
    }
    tiled::write_page(&single, out, &tiled::tileset_name(out), true)?;
    println!("wrote {}", shown_path(out));
    Ok(exit(failed))
}

/// The arguments of `deckplan import --tiled`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan import --tiled page1.tmj -o book1/page1.toml
  deckplan import --tiled tiled/pack.world -o my-pack   (every map of the world, as a pack folder)")]
pub struct ImportArgs {
    /// Read a Tiled JSON map (`.tmj`) or a Tiled world (`.world`) written by
    /// `deckplan export --tiled` or edited in Tiled.
    #[arg(long, value_name = "FILE")]
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
pub fn import(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let tiled_path = &args.tiled;
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
                // Problems quote the world's values (its `fileName`s).
                for problem in problems {
                    eprintln!("error: {}", escape_controls(&problem));
                }
                return Ok(exit(true));
            }
            Err(error) => return Err(error.into()),
        };
        for path in imported.write(dir, args.overwrite)? {
            println!("wrote {}", shown_path(&path));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let json = deckplan_schema::confine::read_text(
        tiled_path,
        tiled_path,
        deckplan_schema::enormity::limits::MAX_TILED_FILE_BYTES,
    )?;
    let text = match tiled::from_tiled(&json) {
        Ok((_, text)) => text,
        Err(TiledError::Invalid { problems }) => {
            print_map_problems(tiled_path, None, &problems);
            return Ok(exit(true));
        }
        Err(TiledError::Page { messages, .. }) => {
            let heading = "the map makes a page with problems:";
            print_map_problems(tiled_path, Some(heading), &messages);
            return Ok(exit(true));
        }
        Err(error) => return Err(anyhow::anyhow!("{}: {error}", tiled_path.display())),
    };
    write_or_print(args.output.as_deref(), &text, args.overwrite)
}

/// The problems of a Tiled map, one a line after the map's path. They quote
/// the map's values (a `location` property, an object's class), so each is
/// escaped: a value cannot start a line of its own or drive the terminal.
fn print_map_problems(path: &Path, heading: Option<&str>, problems: &[String]) {
    let lines: Vec<String> = heading
        .map(String::from)
        .into_iter()
        .chain(problems.iter().map(|p| escape_controls(p).into_owned()))
        .collect();
    eprintln!("error: {}: {}", shown_path(path), lines.join("\n"));
}
