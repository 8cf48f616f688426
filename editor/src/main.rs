//! `deckplan-editor`: a window that shows the pages of a Location map pack.
//!
//! This is the minimal editor: it opens a pack folder or one page file given
//! on the command line and draws it, so maps can be checked by eye while
//! they are written as TOML. Editing comes later.
//!
//! ```text
//! deckplan-editor maps/some-pack
//! deckplan-editor maps/some-pack/book1/page1.toml
//! ```

use std::path::Path;
use std::process::ExitCode;

use deckplan_editor::{app, document::Document};

const USAGE: &str = "\
usage: deckplan-editor <PACK-FOLDER | pack.toml | PAGE.toml>

Shows the pages of a deckplan Location map pack, or a single page file.
Drag to pan, use the mouse wheel to zoom, double-click or press F to fit.";

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
        [path] => Path::new(path),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(EXIT_USAGE);
        }
    };

    let doc = Document::open(path);
    // Also on stderr: the terminal keeps them after the window is closed, and
    // they are all a user without a display gets.
    for problem in &doc.problems {
        eprintln!("{problem}");
    }
    if !display_available() {
        eprintln!("{NO_DISPLAY}");
        return ExitCode::from(EXIT_USAGE);
    }
    match run(doc) {
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

fn run(doc: Document) -> eframe::Result {
    let title = format!("deckplan-editor — {}", doc.title);
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title(&title)
            .with_inner_size([1400.0, 900.0])
            .with_min_inner_size([480.0, 320.0]),
        ..Default::default()
    };
    eframe::run_native(
        "deckplan-editor",
        options,
        Box::new(|_creation| Ok(Box::new(app::EditorApp::new(doc)))),
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
