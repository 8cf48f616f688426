//! The `deckplan` command line; everything it does is in
//! [`deckplan_validator::cli`].

fn main() -> std::process::ExitCode {
    deckplan_validator::cli::main()
}
