//! `deckplan completions SHELL`: the shell's completion script, for every
//! subcommand, the games' included.

use std::process::ExitCode;

use clap_complete::Shell;

/// The arguments of `deckplan completions`.
#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    shell: Shell,
}

/// Prints the script.
pub fn run(args: &CompletionsArgs) -> anyhow::Result<ExitCode> {
    let mut command = super::command();
    clap_complete::generate(args.shell, &mut command, "deckplan", &mut std::io::stdout());
    Ok(ExitCode::SUCCESS)
}
