//! A closed pipe ends the program quietly: `deckplan lint maps | head` must
//! not print a panic or exit 101 when `head` stops reading.
//!
//! Rust ignores `SIGPIPE`, so a write to a closed pipe fails with
//! `BrokenPipe`; `print!` turns that failure into a panic. The command line
//! runs under [`run`], which recognises both the error and the panic and exits
//! with [`CLOSED_PIPE_EXIT`], the status a shell reports for a program ended
//! by `SIGPIPE` (so `set -o pipefail` still sees that output was cut short).

use std::process::ExitCode;

/// The exit status after the reader of the output went away: 128 + `SIGPIPE`.
pub const CLOSED_PIPE_EXIT: u8 = 141;

/// Whether an error, or any error in its chain, is a write to a closed pipe
/// (also when JSON streamed with `serde_json::to_writer` hit it: serde_json
/// keeps the I/O error inside its own).
pub fn is_closed_pipe(error: &anyhow::Error) -> bool {
    let broken = Some(std::io::ErrorKind::BrokenPipe);
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .map(std::io::Error::kind)
            == broken
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == broken
    })
}

/// Whether a panic's message is the one `print!`/`eprint!` give on a closed pipe.
fn is_closed_pipe_panic(message: &str) -> bool {
    (message.starts_with("failed printing to stdout")
        || message.starts_with("failed printing to stderr"))
        && message.contains("Broken pipe")
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("")
}

/// Runs the command line's `main`: errors are printed as `error: …` (control
/// characters escaped) with exit 2, and a closed pipe, as an error or as a panic from `print!`, exits with
/// [`CLOSED_PIPE_EXIT`] and prints nothing. Any other panic is left alone.
pub fn run(main: impl FnOnce() -> anyhow::Result<ExitCode>) -> ExitCode {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !is_closed_pipe_panic(panic_message(info.payload())) {
            default_hook(info);
        }
    }));
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(main)) {
        Ok(Ok(code)) => code,
        Ok(Err(error)) if is_closed_pipe(&error) => ExitCode::from(CLOSED_PIPE_EXIT),
        Ok(Err(error)) => {
            // stderr may be the closed pipe too; there is nowhere left to say so.
            // An error may quote a file's text or name: escaped, it cannot
            // start a line of its own or drive the terminal.
            use std::io::Write as _;
            let text = format!("{error:#}");
            let _ = writeln!(
                std::io::stderr(),
                "error: {}",
                crate::render::escape_controls(&text)
            );
            ExitCode::from(2)
        }
        Err(payload) if is_closed_pipe_panic(panic_message(payload.as_ref())) => {
            ExitCode::from(CLOSED_PIPE_EXIT)
        }
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closed_pipe_panic_is_recognised_and_nothing_else() {
        assert!(is_closed_pipe_panic(
            "failed printing to stdout: Broken pipe (os error 32)"
        ));
        assert!(!is_closed_pipe_panic("index out of bounds"));
        assert!(!is_closed_pipe_panic(
            "failed printing to stdout: No space left on device (os error 28)"
        ));
        let error = anyhow::Error::from(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
            .context("cannot write the report");
        assert!(is_closed_pipe(&error));
        assert!(!is_closed_pipe(&anyhow::anyhow!("no such page")));
        let json = serde_json::Error::io(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert!(is_closed_pipe(&anyhow::Error::from(json)));
        let full = serde_json::Error::io(std::io::Error::from(std::io::ErrorKind::StorageFull));
        assert!(!is_closed_pipe(&anyhow::Error::from(full)));
    }
}
