//! `deckplan-editor`: draw, check and arrange the pages of a Location map pack.
//!
//! ```text
//! deckplan-editor                       # start empty (or recover unsaved work)
//! deckplan-editor maps/some-pack        # a pack folder (or its pack.toml)
//! deckplan-editor maps/some-pack/book1/page1.toml   # a lone page file
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use deckplan_editor::app::{EditorApp, Startup};

const USAGE: &str = "\
usage: deckplan-editor [PACK-FOLDER | pack.toml | PAGE.toml]

Edits a deckplan Location map pack, or a single page file.
Ctrl+O opens, Ctrl+S saves, Ctrl+Z undoes; the Tools menu lists the drawing tools
and their keys. Unsaved work is autosaved every 30 s and offered back after a crash.";

/// Said when no window can be opened, instead of winit's own message (which
/// names neither the cause nor the fix).
const NO_DISPLAY: &str = "deckplan-editor needs a display (X11); set DISPLAY or run under Xvfb";

/// Exit code for a usage error or a missing display: the user must change how
/// the editor is started, as opposed to a map problem (shown in the window).
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let path = match args.as_slice() {
        [flag] if flag == "-h" || flag == "--help" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag] if flag == "-V" || flag == "--version" => {
            println!("deckplan-editor {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        [flag] if flag.to_string_lossy().starts_with('-') => {
            eprintln!("{USAGE}");
            return ExitCode::from(EXIT_USAGE);
        }
        [path] => Some(PathBuf::from(path)),
        [] => None,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if !display_available() {
        eprintln!("{NO_DISPLAY}");
        return ExitCode::from(EXIT_USAGE);
    }
    match run(path) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("deckplan-editor: cannot open a window: {error}");
            if is_display_error(&error) {
                eprintln!("{NO_DISPLAY}");
                ExitCode::from(EXIT_USAGE)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn run(path: Option<PathBuf>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("deckplan-editor")
            .with_app_id("deckplan-editor")
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "deckplan-editor",
        options,
        Box::new(move |_creation| {
            let startup = Startup {
                path,
                ..Startup::default()
            };
            Ok(Box::new(EditorApp::new(startup)))
        }),
    )
}
/// Whether an X11 display is named. Only X11 is built in (see the workspace's
/// eframe features), and winit reports a missing one with an obscure error,
/// so check first and say what to do.
#[cfg(all(unix, not(target_os = "macos")))]
fn display_available() -> bool {
    std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
}

/// Other platforms always have a desktop to open windows on.
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn display_available() -> bool {
    true
}

/// Whether eframe failed for want of a display or an OpenGL context on it
/// (a `DISPLAY` that names no running server ends up here).
fn is_display_error(error: &eframe::Error) -> bool {
    matches!(
        error,
        eframe::Error::Winit(_)
            | eframe::Error::WinitEventLoop(_)
            | eframe::Error::Glutin(_)
            | eframe::Error::NoGlutinConfigs(..)
    )
}
