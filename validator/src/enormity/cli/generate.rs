//! `deckplan generate-pack` (hidden): writes a seeded pack of realistic pages
//! that lint clean, the input of the benchmarks and of `bench/run`.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::enormity::generate::{self, PackSpec};
use anyhow::{Context as _, bail};

/// The arguments of `deckplan generate-pack`.
#[derive(clap::Args)]
pub struct GenerateArgs {
    /// The pack folder to write (made if missing).
    dir: PathBuf,
    /// Number of pages, joined east to west in one row, 500 to a book.
    #[arg(long, default_value_t = 10)]
    pages: u32,
    /// Columns of every page.
    #[arg(long, default_value_t = 24)]
    columns: u16,
    /// Rows of every page.
    #[arg(long, default_value_t = 16)]
    rows: u16,
    /// The random seed: the same seed writes the same bytes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write into a folder that already holds a `pack.toml`.
    #[arg(long)]
    overwrite: bool,
}

/// Writes the pack and says how many files it wrote.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let spec = PackSpec {
        pages: args.pages,
        columns: args.columns,
        rows: args.rows,
        seed: args.seed,
    };
    spec.validate()?;
    let pack_file = args.dir.join(deckplan_schema::load::PACK_FILE);
    if !args.overwrite && std::fs::symlink_metadata(&pack_file).is_ok() {
        bail!(
            "{} already exists; pass --overwrite to replace the pack",
            pack_file.display()
        );
    }
    let written = generate::write_pack(&args.dir, &spec)
        .with_context(|| format!("cannot write the pack in {}", args.dir.display()))?;
    println!(
        "Wrote {} files ({} pages of {} × {}, seed {}) in {}.",
        written.len(),
        spec.pages,
        spec.columns,
        spec.rows,
        spec.seed,
        args.dir.display()
    );
    Ok(ExitCode::SUCCESS)
}
