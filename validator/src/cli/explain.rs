//! `deckplan explain`: what a diagnostic code means and how to fix it.

use std::process::ExitCode;

use crate::explain;
use anyhow::bail;

/// The arguments of `deckplan explain`.
#[derive(clap::Args)]
pub struct ExplainArgs {
    /// The code or name.
    code: Option<String>,
    /// Print the documentation of every code as Markdown (the text of docs/checks.md).
    #[arg(long, conflicts_with = "code")]
    markdown: bool,
}

/// Prints one code's documentation (or what became of a retired code),
/// every code's, or the list of codes.
pub fn run(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    if args.markdown {
        print!("{}", explain::markdown());
        return Ok(ExitCode::SUCCESS);
    }
    let Some(query) = &args.code else {
        for doc in explain::all_codes() {
            println!("{}  {:<30} {}", doc.code, doc.name, doc.severity.name());
        }
        return Ok(ExitCode::SUCCESS);
    };
    if let Some(doc) = explain::find(query) {
        println!("# {} {}\n\n{}", doc.code, doc.name, doc.doc.trim_end());
        return Ok(ExitCode::SUCCESS);
    }
    match explain::find_retired(query) {
        Some(retired) => {
            println!(
                "# {} {} (retired)\n\nNo check gives this code any more, and none will. {}",
                retired.code, retired.name, retired.fate
            );
            Ok(ExitCode::SUCCESS)
        }
        None => bail!("unknown code `{query}`; `deckplan explain` lists them all"),
    }
}
