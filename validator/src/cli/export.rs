//! `deckplan export`: write pages in another tool's format (Tiled JSON maps,
//! and a Tiled world for a whole pack), or a TI4 galaxy as a map string.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use deckplan_validator::enormity::{self, Source};
use deckplan_validator::targets::Target;

use super::{exit, print_problems};

#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan export --tiled page1.tmj maps/derelict-meridian-tithe/book1/page1.toml
  deckplan export --tiled tiled/ maps/derelict-meridian-tithe   (one map per page and a .world file)
  deckplan export --map-string maps/ti4-six-players   (a TI4 galaxy as a map string)")]
pub struct ExportArgs {
    /// A page file, a pack folder or a `pack.toml`.
    path: PathBuf,
    /// Write a Tiled JSON map (`.tmj`); for a whole pack, a folder of maps and a
    /// Tiled world that lays them out.
    #[arg(
        long,
        value_name = "OUT",
        required_unless_present = "map_string",
        conflicts_with = "map_string"
    )]
    tiled: Option<PathBuf>,
    /// Print a TI4 galaxy as a map string (the canonical form: `{N}` only for
    /// another centre, hyperlanes as `83A2`, trailing `-1`s left out).
    #[arg(long)]
    map_string: bool,
    /// With a pack, export only this page (e.g. `L1p2`).
    #[arg(long)]
    page: Option<String>,
}

/// Writes the Tiled map or world.
pub fn run(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::tiled;
    if args.map_string {
        return export_map_string(args);
    }
    let Some(out) = &args.tiled else {
        bail!("name what to export: --tiled OUT or --map-string");
    };
    let (source, problems) = enormity::load_target(&Target::of(&args.path))?;
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
                println!("wrote {}", file.display());
            }
            for note in &exported.notes {
                eprintln!("note: {note}");
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
    println!("wrote {}", out.display());
    Ok(exit(failed))
}

/// Prints a TI4 galaxy as a map string.
fn export_map_string(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    use deckplan_schema::ti4::map_string;
    use deckplan_validator::ruleset::{REGISTRY, RulesetChoice};
    let target = Target::of(&args.path);
    match REGISTRY.for_target(&target) {
        Ok(ruleset) if ruleset.name() == "ti4" => {}
        Ok(ruleset) => bail!(
            "--map-string exports TI4 galaxies; {} is written for `{}`",
            args.path.display(),
            ruleset.name()
        ),
        Err(RulesetChoice::Unknown(diagnostic)) => {
            print_problems(
                &[*diagnostic],
                "The galaxy names a ruleset deckplan does not know.",
            );
            return Ok(exit(true));
        }
        Err(RulesetChoice::Empty) => bail!("no rulesets are registered"),
    }
    let path = deckplan_validator::ti4::galaxy_path(&target);
    let (galaxy, problems) = deckplan_validator::ti4::load_galaxy(&path)?;
    print_problems(&problems, "Fix the galaxy file to export it.");
    let Some(galaxy) = galaxy else {
        return Ok(exit(true));
    };
    println!("{}", map_string::write(&galaxy.galaxy()));
    Ok(ExitCode::SUCCESS)
}
