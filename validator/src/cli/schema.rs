//! `deckplan schema`: print the JSON Schema of one kind of file of a ruleset,
//! for editors that complete and check map files as they are typed.

use std::process::ExitCode;

use crate::ruleset::REGISTRY;
use anyhow::bail;

/// The arguments of `deckplan schema`.
#[derive(clap::Args)]
pub struct SchemaArgs {
    /// The schema of page files.
    #[arg(long, conflicts_with = "pack")]
    page: bool,
    /// The schema of `pack.toml`.
    #[arg(long)]
    pack: bool,
    /// The game whose files it describes [default: the ruleset of files that name none].
    #[arg(long, default_value = default_ruleset())]
    ruleset: String,
}

/// The ruleset of files that name none, the one `--ruleset` defaults to.
fn default_ruleset() -> &'static str {
    REGISTRY.default_ruleset().map_or("", |r| r.name())
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
    let schemas = ruleset.schemas();
    // A game with one kind of file (a TI4 galaxy is its pack.toml) needs no flag.
    let only = match schemas.as_slice() {
        [one] if !args.page => Some(one.kind),
        _ => None,
    };
    let kind = only.unwrap_or(if args.pack { "pack" } else { "page" });
    let Some(schema) = schemas.into_iter().find(|s| s.kind == kind) else {
        bail!("{} has no {kind} files", ruleset.title());
    };
    println!("{}", serde_json::to_string_pretty(&schema.schema)?);
    Ok(ExitCode::SUCCESS)
}
