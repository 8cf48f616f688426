//! `deckplan import --graphml`: a Nemesis ship from GraphML, written as a
//! pack folder (`pack.toml` and `ship.toml`) in canonical form.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};

use crate::cli::exit;
use crate::nemesis::graphml;
use crate::render::{escape_controls, shown_path};

/// The arguments of `deckplan import --graphml`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan import --graphml board.graphml -o my-ship   (a Nemesis ship, as a pack folder)")]
pub struct ImportArgs {
    /// Read a Nemesis ship from GraphML (edge weights are corridor labels such
    /// as `3` or `12`; the node named by `--hub` is the technical corridors).
    #[arg(long, value_name = "FILE")]
    graphml: PathBuf,
    /// The name of the technical-corridor hub node.
    #[arg(long, value_name = "NAME", default_value = "0")]
    hub: String,
    /// The pack folder to write `pack.toml` and `ship.toml` into.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Replace files that are already there (otherwise nothing is written).
    #[arg(long)]
    overwrite: bool,
}

/// Reads the GraphML file and writes the pack folder.
pub fn run(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let (file, hub, overwrite) = (&args.graphml, args.hub.as_str(), args.overwrite);
    let Some(dir) = &args.output else {
        bail!("a GraphML ship imports as a pack folder; name it with -o DIR");
    };
    let source = deckplan_schema::load::read_source(file, file)?;
    let name = file.file_stem().map_or_else(
        || "Imported ship".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let imported = match graphml::import(source.text(), &name, hub) {
        Ok(imported) => imported,
        Err(error) => {
            // Problems quote the file's values (`kind`, edge ids, weights).
            for problem in error.0 {
                eprintln!("error: {}: {}", shown_path(file), escape_controls(&problem));
            }
            return Ok(exit(true));
        }
    };
    let files = [("pack.toml", &imported.pack), ("ship.toml", &imported.ship)];
    for (name, _) in files {
        let path = dir.join(name);
        if !overwrite && std::fs::symlink_metadata(&path).is_ok() {
            bail!(
                "{} already exists; pass --overwrite to replace it",
                path.display()
            );
        }
    }
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (name, text) in files {
        let path = dir.join(name);
        deckplan_schema::save::write_atomically(&path, text)
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("wrote {}", shown_path(&path));
    }
    Ok(ExitCode::SUCCESS)
}
