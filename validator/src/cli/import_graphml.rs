//! `deckplan import --graphml`: a Nemesis ship from GraphML, written as a
//! pack folder (`pack.toml` and `ship.toml`) in canonical form.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use deckplan_validator::nemesis::graphml;

use super::exit;

/// Reads `file` and writes the pack folder `output`.
pub fn run(
    file: &Path,
    hub: &str,
    output: Option<&Path>,
    overwrite: bool,
) -> anyhow::Result<ExitCode> {
    let Some(dir) = output else {
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
            for problem in error.0 {
                eprintln!("error: {}: {problem}", file.display());
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
        println!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
