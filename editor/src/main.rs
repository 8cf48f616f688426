//! `deckplan-editor`: draw, check and play-test the boards of every game
//! deckplan knows.
//!
//! ```text
//! deckplan-editor                       # start empty (or recover unsaved work)
//! deckplan-editor maps/some-pack        # a pack folder (or its pack.toml)
//! deckplan-editor maps/some-pack/book1/page1.toml   # a lone board file
//! deckplan-editor maps/some-pack --screenshot-to shot.png   # a picture of the window
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deckplan_editor::app::{EditorApp, Startup};
use eframe::egui::{self, Ui, ViewportCommand};

const USAGE: &str = "\
usage: deckplan-editor [PACK-FOLDER | pack.toml | BOARD.toml] [--screenshot-to FILE.png]

Edits a deckplan pack (an Enormity pack of Location maps, a Nemesis ship, a
Battlestations ship or a TI4 galaxy), or a single board file.
Ctrl+O opens, Ctrl+S saves, Ctrl+Z undoes; the Tools menu lists the drawing tools
and their keys. Unsaved work is autosaved every 30 s and offered back after a crash.

--screenshot-to FILE.png  open the pack, let the window settle, write a PNG of
                          it and exit (0, or 1 with the reason when the pack
                          cannot be shown); nothing is remembered or recovered";

/// Said when no window can be opened, instead of winit's own message (which
/// names neither the cause nor the fix).
const NO_DISPLAY: &str = "deckplan-editor needs a display (X11); set DISPLAY or run under Xvfb";

/// Exit code for a usage error or a missing display: the user must change how
/// the editor is started, as opposed to a map problem (shown in the window).
const EXIT_USAGE: u8 = 2;

/// Frames drawn before the screenshot, after every worker has finished: the
/// window's first frames lay out its panels and fonts.
const SETTLE_FRAMES: u32 = 12;

/// How the editor was asked to start.
struct Args {
    path: Option<PathBuf>,
    screenshot: Option<PathBuf>,
}

/// Reads the arguments; `Err` holds the exit code and what to print.
fn args(raw: &[std::ffi::OsString]) -> Result<Args, (u8, String)> {
    let mut args = Args {
        path: None,
        screenshot: None,
    };
    let mut rest = raw.iter();
    while let Some(arg) = rest.next() {
        let text = arg.to_string_lossy();
        match text.as_ref() {
            "-h" | "--help" => return Err((0, USAGE.to_string())),
            "-V" | "--version" => {
                return Err((0, format!("deckplan-editor {}", env!("CARGO_PKG_VERSION"))));
            }
            "--screenshot-to" => match rest.next() {
                Some(file) => args.screenshot = Some(PathBuf::from(file)),
                None => {
                    return Err((
                        EXIT_USAGE,
                        format!("--screenshot-to needs a file\n\n{USAGE}"),
                    ));
                }
            },
            flag if flag.starts_with('-') => {
                return Err((EXIT_USAGE, format!("unknown option {flag}\n\n{USAGE}")));
            }
            _ if args.path.is_some() => return Err((EXIT_USAGE, USAGE.to_string())),
            _ => args.path = Some(PathBuf::from(arg)),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let args = match args(&raw) {
        Ok(args) => args,
        Err((0, text)) => {
            println!("{text}");
            return ExitCode::SUCCESS;
        }
        Err((code, text)) => {
            eprintln!("{text}");
            return ExitCode::from(code);
        }
    };
    if let (Some(_), Some(path)) = (&args.screenshot, &args.path) {
        // Said before any window opens: a pack that cannot be shown makes no picture.
        if let Err(failure) = deckplan_editor::open::open(path) {
            eprintln!(
                "deckplan-editor: {} cannot be shown:\n{}",
                failure.title,
                failure.problems.join("\n")
            );
            return ExitCode::FAILURE;
        }
    }
    if !display_available() {
        eprintln!("{NO_DISPLAY}");
        return ExitCode::from(EXIT_USAGE);
    }
    let shot: Arc<Mutex<Option<Result<(), String>>>> = Arc::new(Mutex::new(None));
    match run(&args, &shot) {
        Ok(()) => {}
        Err(error) => {
            eprintln!("deckplan-editor: cannot open a window: {error}");
            if is_display_error(&error) {
                eprintln!("{NO_DISPLAY}");
                return ExitCode::from(EXIT_USAGE);
            }
            return ExitCode::FAILURE;
        }
    }
    let Some(file) = &args.screenshot else {
        return ExitCode::SUCCESS;
    };
    let outcome = shot.lock().ok().and_then(|mut s| s.take());
    match outcome {
        Some(Ok(())) => {
            println!("wrote {}", file.display());
            ExitCode::SUCCESS
        }
        Some(Err(error)) => {
            eprintln!("deckplan-editor: {error}");
            ExitCode::FAILURE
        }
        None => {
            eprintln!("deckplan-editor: the window closed before the screenshot was taken");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &Args, shot: &Arc<Mutex<Option<Result<(), String>>>>) -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_title("deckplan-editor")
            .with_app_id("deckplan-editor")
            .with_inner_size([1500.0, 950.0])
            .with_min_inner_size([640.0, 420.0])
            .with_drag_and_drop(true),
        ..Default::default()
    };
    let path = args.path.clone();
    let screenshot = args.screenshot.clone();
    let shot = Arc::clone(shot);
    eframe::run_native(
        "deckplan-editor",
        options,
        Box::new(move |_creation| {
            let mut startup = Startup {
                path,
                ..Startup::default()
            };
            let app = match screenshot {
                Some(file) => {
                    // A picture of the pack, not of this machine's history.
                    startup.dirs = None;
                    Box::new(Screenshot {
                        app: EditorApp::new(startup),
                        file,
                        frames: 0,
                        settled: false,
                        requested: false,
                        shot,
                    }) as Box<dyn eframe::App>
                }
                None => Box::new(EditorApp::new(startup)),
            };
            Ok(app)
        }),
    )
}

/// The editor, drawn until it settles, then photographed.
struct Screenshot {
    app: EditorApp,
    file: PathBuf,
    frames: u32,
    settled: bool,
    requested: bool,
    shot: Arc<Mutex<Option<Result<(), String>>>>,
}

impl eframe::App for Screenshot {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.app.ui_frame(ui);
        let ctx = ui.ctx().clone();
        self.frames += 1;
        if !self.settled && self.frames >= 2 {
            // Problems, play-test boards, fixes: everything shown is worked out.
            self.app.settle(Duration::from_secs(60));
            self.settled = true;
            self.frames = 0;
        }
        if self.settled && !self.requested && self.frames >= SETTLE_FRAMES {
            self.requested = true;
            let (file, shot, ctx2) = (self.file.clone(), Arc::clone(&self.shot), ctx.clone());
            ctx.request_screenshot(move |image| {
                let result = save(&image, &file);
                if let Ok(mut slot) = shot.lock() {
                    *slot = Some(result);
                }
                ctx2.send_viewport_cmd(ViewportCommand::Close);
                ctx2.request_repaint();
            });
        }
        ctx.request_repaint();
    }
}

/// Writes a screenshot as a PNG.
fn save(image: &egui::ColorImage, file: &std::path::Path) -> Result<(), String> {
    let [width, height] = image.size;
    let bytes: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
    let (width, height) = (
        u32::try_from(width).map_err(|e| e.to_string())?,
        u32::try_from(height).map_err(|e| e.to_string())?,
    );
    let picture = image::RgbaImage::from_raw(width, height, bytes)
        .ok_or_else(|| "the screenshot has the wrong size".to_string())?;
    picture
        .save(file)
        .map_err(|e| format!("cannot write {}: {e}", file.display()))
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
