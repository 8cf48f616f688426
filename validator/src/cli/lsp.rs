//! `deckplan lsp`: the language server, for editors (see [`crate::lsp`]).

use std::process::ExitCode;
use std::time::Duration;

use crate::lsp::{self, Options};

/// The arguments of `deckplan lsp`.
#[derive(clap::Args)]
pub struct LspArgs {
    /// Talk over stdin and stdout (the only way; accepted because editors
    /// that start servers generically pass it).
    #[arg(long)]
    stdio: bool,
    /// Milliseconds without a change before the files are checked again
    /// (the client's `initializationOptions.debounceMs` overrides it).
    #[arg(long, value_name = "MS", default_value_t = lsp::DEFAULT_DEBOUNCE.as_millis() as u64)]
    debounce_ms: u64,
}

/// Serves one editor until it exits.
pub fn run(args: &LspArgs) -> anyhow::Result<ExitCode> {
    let _ = args.stdio;
    lsp::run_stdio(Options {
        debounce: Duration::from_millis(args.debounce_ms),
    })?;
    Ok(ExitCode::SUCCESS)
}
