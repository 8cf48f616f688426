//! Exporting pictures: the choices of `deckplan render` (PNG or SVG, DPI and
//! printed space size, coordinates, legend, title) in a dialog, written by
//! the validator's renderer on a worker thread so a large picture never
//! stalls the window.
//!
//! Exports go where the user chooses: the dialog starts in the folder of
//! the last export (remembered between sessions), or the home folder — never
//! the pack folder by default, which would litter a pack kept in git.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};

use std::sync::Arc;

use deckplan_validator::draw::Scene;
use deckplan_validator::export::units::Length;
use deckplan_validator::export::{Paper, png, svg, units};

/// PNG or SVG.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PictureFormat {
    /// A raster picture at a DPI.
    #[default]
    Png,
    /// A vector picture at the printed size.
    Svg,
}

impl PictureFormat {
    /// The file extension.
    pub const fn extension(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Svg => "svg",
        }
    }
}

/// What the picture shows besides the board, as `deckplan render` offers it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// The title above the board.
    pub title: bool,
    /// Coordinates in the margins.
    pub coordinates: bool,
    /// A legend of the symbols used.
    pub legend: bool,
}

/// Makes a picture's scene in a style.
pub type SceneMaker = Arc<dyn Fn(&Style) -> Result<Scene, String> + Send + Sync>;

/// A picture a board offers to export: what it is and how its scene is made
/// (from a snapshot of the board, so it can be drawn on a worker).
#[derive(Clone)]
pub struct Picture {
    /// What the dialog's title calls it (`page L1p2`, `pack layout`, `ship`).
    pub what: String,
    /// The file name it is offered under, without the extension.
    pub name: String,
    /// One board to look at closely (150 DPI and coordinates by default),
    /// rather than an overview (72 DPI, none).
    pub detailed: bool,
    /// Its scene.
    pub scene: SceneMaker,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Picture")
            .field("what", &self.what)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// What to export and how, as `deckplan render` takes it.
#[derive(Clone, Debug)]
pub struct ExportRequest {
    /// What is drawn.
    pub picture: Picture,
    /// The file to write.
    pub path: PathBuf,
    /// PNG or SVG.
    pub format: PictureFormat,
    /// Dots per inch of a PNG.
    pub dpi: f64,
    /// The printed size of one space, in millimetres.
    pub space_mm: f64,
    /// Row letters and column numbers in the margins.
    pub coordinates: bool,
    /// A legend under the picture.
    pub legend: bool,
    /// The title above the map.
    pub title: bool,
}

impl ExportRequest {
    /// The printed size of a space.
    pub fn space_size(&self) -> Length {
        Length::inches(self.space_mm / MM_PER_INCH)
    }

    /// The picture's scene, as `deckplan render` draws it.
    pub fn scene(&self) -> Result<Scene, String> {
        (self.picture.scene)(&Style {
            title: self.title,
            coordinates: self.coordinates,
            legend: self.legend,
        })
    }

    /// A PNG's size in pixels.
    pub fn pixel_size(&self, scene: &Scene) -> (u64, u64) {
        png::picture_size(scene, units::pixels_per_space(self.dpi, self.space_size()))
    }

    /// Writes the picture.
    pub fn write(&self) -> Result<(), String> {
        let scene = self.scene()?;
        match self.format {
            PictureFormat::Png => {
                let options = png::RasterOptions {
                    px_per_space: units::pixels_per_space(self.dpi, self.space_size()),
                    paper: Paper::White,
                };
                png::write(&scene, &options, Some(self.dpi), &self.path).map_err(|e| e.to_string())
            }
            PictureFormat::Svg => {
                let options = svg::SvgOptions {
                    space_size: self.space_size(),
                    paper: Paper::White,
                };
                deckplan_schema::save::write_atomically(&self.path, &svg::render(&scene, &options))
                    .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
            }
        }
    }
}

const MM_PER_INCH: f64 = 25.4;

/// The "Export" dialog's fields.
#[derive(Clone, Debug)]
pub struct ExportForm {
    /// What is drawn.
    pub picture: Picture,
    /// The folder to write into.
    pub folder: String,
    /// The file name, without the extension.
    pub name: String,
    /// PNG or SVG.
    pub format: PictureFormat,
    /// Dots per inch (PNG).
    pub dpi: f64,
    /// Printed space size in millimetres.
    pub space_mm: f64,
    /// Row letters and column numbers.
    pub coordinates: bool,
    /// A legend.
    pub legend: bool,
    /// The title.
    pub title: bool,
}

impl ExportForm {
    /// A form for `picture` starting in `folder`.
    pub fn new(picture: Picture, folder: &Path) -> Self {
        let detailed = picture.detailed;
        Self {
            folder: folder.display().to_string(),
            name: picture.name.clone(),
            picture,
            format: PictureFormat::Png,
            // A board at 150 DPI and an inch a space is sharp on screen and
            // prints well; an overview is mostly looked at, so smaller.
            dpi: if detailed { 150.0 } else { 72.0 },
            space_mm: MM_PER_INCH,
            coordinates: detailed,
            legend: false,
            title: true,
        }
    }

    /// The file the form names.
    pub fn path(&self) -> PathBuf {
        Path::new(self.folder.trim()).join(format!(
            "{}.{}",
            self.name.trim(),
            self.format.extension()
        ))
    }

    /// The request, or why the form is not complete.
    pub fn request(&self) -> Result<ExportRequest, String> {
        if self.folder.trim().is_empty() {
            return Err("Choose a folder.".into());
        }
        let name = self.name.trim();
        if name.is_empty() || name.contains(['/', '\\']) {
            return Err("Give the file a name (without folders).".into());
        }
        Ok(ExportRequest {
            picture: self.picture.clone(),
            path: self.path(),
            format: self.format,
            dpi: self.dpi,
            space_mm: self.space_mm,
            coordinates: self.coordinates,
            legend: self.legend,
            title: self.title,
        })
    }
}

/// The folder exports start in: the last one used, else the home folder,
/// else the current folder.
pub fn starting_folder(remembered: Option<&Path>) -> PathBuf {
    remembered
        .filter(|p| p.is_dir())
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("HOME").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("."))
}

/// Reads the remembered export folder (one line of text).
pub fn load_folder(file: Option<&Path>) -> Option<PathBuf> {
    let text = std::fs::read_to_string(file?).ok()?;
    let line = text.lines().next()?.trim();
    (!line.is_empty()).then(|| PathBuf::from(line))
}

/// Remembers the export folder; failing to is not worth bothering the user.
pub fn save_folder(file: Option<&Path>, folder: &Path) {
    let Some(file) = file else {
        return;
    };
    if let Some(parent) = file.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let _ = deckplan_schema::save::write_atomically(file, &format!("{}\n", folder.display()));
}

/// Exports running on worker threads.
#[derive(Default)]
pub struct Exports {
    running: Vec<(PathBuf, Receiver<Result<(), String>>)>,
}

impl Exports {
    /// Writes `request` on a worker; `wake` repaints when it is done.
    pub fn start(&mut self, request: ExportRequest, wake: crate::board::Wake) {
        let (sender, receiver) = std::sync::mpsc::channel();
        let path = request.path.clone();
        let spawned = std::thread::Builder::new()
            .name("export".into())
            .spawn(move || {
                let _ = sender.send(request.write());
                wake();
            });
        match spawned {
            Ok(_) => self.running.push((path, receiver)),
            Err(error) => {
                let (sender, receiver) = std::sync::mpsc::channel();
                let _ = sender.send(Err(format!("cannot start the export: {error}")));
                self.running.push((path, receiver));
            }
        }
    }

    /// Whether an export is still being written.
    pub fn is_busy(&self) -> bool {
        !self.running.is_empty()
    }

    /// The exports that finished since the last call, with their outcome.
    pub fn finished(&mut self) -> Vec<(PathBuf, Result<(), String>)> {
        let mut done = Vec::new();
        self.running
            .retain(|(path, receiver)| match receiver.try_recv() {
                Ok(result) => {
                    done.push((path.clone(), result));
                    false
                }
                Err(TryRecvError::Empty) => true,
                Err(TryRecvError::Disconnected) => {
                    done.push((path.clone(), Err("the export stopped".to_string())));
                    false
                }
            });
        done
    }

    /// Waits (up to `timeout`) for every export, for tests.
    pub fn wait(&mut self, timeout: std::time::Duration) -> Vec<(PathBuf, Result<(), String>)> {
        let started = std::time::Instant::now();
        let mut done = Vec::new();
        while self.is_busy() && started.elapsed() < timeout {
            done.extend(self.finished());
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        done
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use deckplan_validator::draw::{Colour, Layer, Rect};

    /// A picture of one grey square, `size` board units a side.
    fn square(detailed: bool) -> Picture {
        Picture {
            what: "square".into(),
            name: "square".into(),
            detailed,
            scene: Arc::new(|style: &Style| {
                let mut scene = Scene::new(Rect::new(0.0, 0.0, 4.0, 2.0));
                let ink = if style.legend {
                    Colour::BLACK
                } else {
                    Colour::WHITE
                };
                scene.fill_rect(Layer::Ground, Rect::new(0.0, 0.0, 4.0, 2.0), ink);
                Ok(scene)
            }),
        }
    }

    #[test]
    fn a_form_names_its_file_by_the_picture_and_format_and_refuses_a_bad_name() {
        let mut form = ExportForm::new(square(true), Path::new("/tmp/pictures"));
        assert_eq!(form.path(), PathBuf::from("/tmp/pictures/square.png"));
        assert_eq!((form.dpi, form.coordinates), (150.0, true));
        form.format = PictureFormat::Svg;
        assert_eq!(
            form.request().unwrap().path,
            PathBuf::from("/tmp/pictures/square.svg")
        );
        form.name = "a/b".into();
        assert_eq!(
            form.request().err(),
            Some("Give the file a name (without folders).".to_string())
        );
        let overview = ExportForm::new(square(false), Path::new("out"));
        assert_eq!((overview.dpi, overview.coordinates), (72.0, false));
    }

    #[test]
    fn the_export_folder_is_remembered() {
        let dir = crate::testutil::scratch("export-folder");
        let file = dir.join("config/export-folder");
        assert_eq!(load_folder(Some(&file)), None);
        save_folder(Some(&file), &dir);
        assert_eq!(load_folder(Some(&file)), Some(dir.clone()));
        assert_eq!(starting_folder(Some(&dir)), dir);
    }

    #[test]
    fn a_picture_is_written_as_png_at_the_dpi_asked_and_as_svg() {
        let dir = crate::testutil::scratch("export-write");
        let mut form = ExportForm::new(square(true), &dir);
        form.dpi = 50.0;
        let request = form.request().unwrap();
        request.write().unwrap();
        let scene = request.scene().unwrap();
        let (width, height) = request.pixel_size(&scene);
        let picture = image::open(dir.join("square.png")).unwrap();
        assert_eq!(
            (u64::from(picture.width()), u64::from(picture.height())),
            (width, height)
        );
        form.format = PictureFormat::Svg;
        form.request().unwrap().write().unwrap();
        let svg = std::fs::read_to_string(dir.join("square.svg")).unwrap();
        assert!(svg.contains("<svg"), "{}", &svg[..40.min(svg.len())]);
    }
}
