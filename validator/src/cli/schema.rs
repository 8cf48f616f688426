//! `deckplan schema`: print the JSON Schema of one kind of file of a ruleset,
//! for editors that complete and check map files as they are typed.

use std::process::ExitCode;

use anyhow::bail;
use deckplan_validator::ruleset::{self, REGISTRY};

/// The arguments of `deckplan schema`.
#[derive(clap::Args)]
pub struct SchemaArgs {
    /// The schema of page files.
    #[arg(long, conflicts_with = "pack")]
    page: bool,
    /// The schema of `pack.toml`.
    #[arg(long)]
    pack: bool,
    /// The game whose files it describes.
    #[arg(long, default_value = ruleset::DEFAULT)]
    ruleset: String,
}

/// Prints the schema.
pub fn run(args: &SchemaArgs) -> anyhow::Result<ExitCode> {
    let Some(ruleset) = REGISTRY.get(&args.ruleset) else {
        bail!(
            "unknown ruleset `{}`; deckplan knows {}",
            args.ruleset,
            REGISTRY.listed()
        );
    };
    let kind = if args.pack { "pack" } else { "page" };
    let Some(schema) = ruleset.schemas().into_iter().find(|s| s.kind == kind) else {
        bail!("{} has no {kind} files", ruleset.title());
    };
    println!("{}", serde_json::to_string_pretty(&schema.schema)?);
    Ok(ExitCode::SUCCESS)
}
