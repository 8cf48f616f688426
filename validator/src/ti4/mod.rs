//! Twilight Imperium 4 galaxies as a [`Ruleset`]: a galaxy file (the pack's
//! `pack.toml`, or a lone file with `ruleset = "ti4"`), its adjacency and the
//! checks built on it.

pub mod adjacency;
pub mod balance;
pub mod checks;
pub mod cli;
pub mod draw;
pub mod lsp;
pub mod rules;
pub mod show;

use std::path::Path;
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::ti4::catalogue::Catalogue;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::place::Ti4Place;
use deckplan_schema::ti4::{json_schema, resolve, write};
use deckplan_schema::{FileError, FormatCode, FormatError, SourceFile};

use crate::check::{self, CheckMeta, Checks};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::draw::marks;
use crate::lint::{Figure, LintOutcome};
use crate::reformat::{self, Formatted};
use crate::ruleset::{DrawError, DrawRequest, Drawing, FileSchema, Ruleset};
use crate::targets::{self, Target, TargetError};
use crate::verb::GameVerb;

/// The TI4 ruleset (`ruleset = "ti4"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Ti4;

/// The TI4 checks read the galaxy with its catalogue and adjacency, built
/// once per galaxy.
impl Checks for Ti4 {
    type Board<'a> = checks::Galaxy<'a>;
}

impl Ruleset for Ti4 {
    fn name(&self) -> &'static str {
        "ti4"
    }

    fn game(&self) -> &'static str {
        "TI4"
    }

    fn title(&self) -> &'static str {
        "Twilight Imperium 4 galaxies"
    }

    fn board(&self) -> crate::lint::Noun {
        crate::lint::Noun {
            one: "galaxy",
            many: "galaxies",
        }
    }

    fn families(&self) -> &'static [(char, &'static str)] {
        &[('T', "TI4 galaxy")]
    }

    fn checks(&self) -> Vec<CheckMeta> {
        checks::all_meta()
    }

    fn schemas(&self) -> Vec<FileSchema> {
        vec![FileSchema {
            kind: "pack",
            schema: json_schema::galaxy_schema(),
        }]
    }

    fn lint_pack(&self, dir: &Path) -> Result<LintOutcome, TargetError> {
        confine_pack_file(dir)?;
        let mut outcome = self.lint_file(&dir.join(PACK_FILE))?;
        outcome.packs = 1;
        Ok(outcome)
    }

    fn lint_file(&self, path: &Path) -> Result<LintOutcome, TargetError> {
        let display = targets::relative_to_cwd(path);
        let source = load::read_source(path, &display)?;
        let (diagnostics, figures) = lint_source(&source);
        Ok(LintOutcome {
            diagnostics,
            figures,
            boards: 1,
            ..LintOutcome::default()
        })
    }

    /// The galaxy is `pack.toml`, written to its real file (an in-pack link
    /// stays a link).
    fn format_pack(&self, dir: &Path) -> Result<Vec<Formatted>, TargetError> {
        let pack_path = dir.join(PACK_FILE);
        let display = targets::relative_to_cwd(&pack_path);
        let (root, source) = load::read_pack_source(dir, &pack_path, &display)?;
        Ok(vec![format_galaxy(
            &source,
            reformat::real_pack_file(&root, dir)?,
        )])
    }

    /// A galaxy file named on its own: a link there is followed, and stays a link.
    fn format_file(&self, path: &Path) -> Result<Formatted, TargetError> {
        let display = targets::relative_to_cwd(path);
        let source: Arc<SourceFile> = load::read_source(path, &display)?;
        Ok(format_galaxy(&source, reformat::real_file(path, &display)?))
    }

    fn read_only(&self, target: &Target) -> Result<LintOutcome, TargetError> {
        if let Target::Pack(dir) = target {
            confine_pack_file(dir)?;
        }
        let path = galaxy_path(target);
        let display = targets::relative_to_cwd(&path);
        let source = load::read_source(&path, &display)?;
        let (galaxy, diagnostics) = parse(&source);
        Ok(LintOutcome {
            diagnostics,
            boards: usize::from(galaxy.is_some()),
            ..LintOutcome::default()
        })
    }

    fn verbs(&self) -> Vec<GameVerb> {
        cli::verbs()
    }

    fn language(&self) -> &'static dyn crate::lsp::LanguageSupport {
        &lsp::Ti4Language
    }

    fn show(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        draw_galaxy(target, request, show::draw)
    }

    fn render(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        draw_galaxy(target, request, |galaxy| {
            draw::galaxy_scene(galaxy, request.title, request.coordinates)
        })
    }

    /// The galaxy with its problems ringed on their positions and listed
    /// under it, drawn with its title and position numbers.
    fn annotate(
        &self,
        target: &Target,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        let Target::Pack(_) = target else {
            return Ok(Vec::new());
        };
        let request = DrawRequest {
            title: true,
            coordinates: true,
            ..DrawRequest::default()
        };
        let drawing = draw_galaxy(target, &request, |galaxy| {
            let mut scene = draw::galaxy_scene(galaxy, true, true);
            let marks = marks::marks(diagnostics, "galaxy", |diagnostic| {
                let place = diagnostic.place.as_ref()?.get::<Ti4Place>()?;
                Some((place.to_string(), draw::spot(place)))
            });
            marks::annotate(&mut scene, &marks);
            scene
        })?;
        // One galaxy a pack, small to draw: drawn before it is offered.
        for (name, scene) in drawing.boards {
            each(&name, &|| scene.clone());
        }
        Ok(drawing.problems)
    }
}

/// Reads the galaxy a target holds and draws it with `draw`; a galaxy that
/// does not load gives its problems and no drawing.
fn draw_galaxy<T>(
    target: &Target,
    request: &DrawRequest<'_>,
    draw: impl Fn(&checks::Galaxy<'_>) -> T,
) -> Result<Drawing<T>, DrawError> {
    if request.only.is_some() || request.layout {
        return Err(DrawError::Refused(
            "a TI4 pack holds one galaxy: --page and --layout do not apply".into(),
        ));
    }
    if request.hull {
        return Err(DrawError::Refused(
            "--hull marks the squares outside a ship's hull; a galaxy has none".into(),
        ));
    }
    if request.legend {
        return Err(DrawError::Refused(
            "--legend: TI4 galaxies are drawn without a legend; each tile names its system, \
             planets, anomaly and wormhole"
                .into(),
        ));
    }
    if let Target::Pack(dir) = target {
        confine_pack_file(dir)?;
    }
    let path = galaxy_path(target);
    let display = targets::relative_to_cwd(&path);
    let source = load::read_source(&path, &display).map_err(TargetError::from)?;
    let (galaxy, problems) = parse(&source);
    let mut boards = Vec::new();
    if let (Some(galaxy), Ok(builtin)) = (galaxy, builtin_catalogue()) {
        let catalogue = galaxy.catalogue(builtin);
        let adjacency = adjacency::Adjacency::of(&galaxy, &catalogue);
        let drawn = draw(&checks::Galaxy {
            file: &galaxy,
            catalogue: &catalogue,
            adjacency: &adjacency,
            source: &source,
        });
        boards.push((galaxy.name.clone(), drawn));
    }
    Ok(Drawing { boards, problems })
}

/// The built-in tile catalogue; it is part of the binary and checked by tests,
/// so a failure here is reported rather than assumed away.
pub fn builtin_catalogue() -> Result<&'static Catalogue, String> {
    Catalogue::builtin().map_err(ToString::to_string)
}

/// Reads a galaxy file from text already read: the galaxy when it resolved,
/// and every problem as a diagnostic.
pub fn parse(source: &Arc<SourceFile>) -> (Option<GalaxyFile>, Vec<Diagnostic>) {
    let result = match builtin_catalogue() {
        Ok(catalogue) => resolve::parse_galaxy(source, catalogue),
        Err(message) => Err(vec![FormatError::new(
            FormatCode::InvalidValue,
            message,
            None,
        )]),
    };
    match result {
        Ok(galaxy) => (Some(galaxy), Vec::new()),
        Err(errors) => (
            None,
            errors
                .into_iter()
                .map(|error| {
                    Diagnostic::from(FileError {
                        source: Arc::clone(source),
                        error,
                    })
                })
                .collect(),
        ),
    }
}

/// Everything `deckplan lint` says of a galaxy file's text: its problems and
/// its seats' balance figures. The editor checks the text it would save
/// through this, so a problem shows with the line it will have in the file.
pub fn lint_source(source: &Arc<SourceFile>) -> (Vec<Diagnostic>, Vec<Figure>) {
    let (galaxy, mut diagnostics) = parse(source);
    let mut figures = Vec::new();
    if let (Some(galaxy), Ok(builtin)) = (galaxy, builtin_catalogue()) {
        let catalogue = galaxy.catalogue(builtin);
        let adjacency = adjacency::Adjacency::of(&galaxy, &catalogue);
        let view = checks::Galaxy {
            file: &galaxy,
            catalogue: &catalogue,
            adjacency: &adjacency,
            source,
        };
        diagnostics.extend(check::unknown_settings(
            &galaxy.lint,
            &checks::all_meta(),
            "TI4",
            source,
        ));
        diagnostics.extend(checks::run_all(&view, &galaxy.lint));
        let seats = balance::of(&view);
        figures.extend(seats.iter().map(|seat| Figure {
            file: Arc::clone(source),
            fields: seat.fields(),
        }));
        figures.extend(balance::spread(&seats).map(|spread| Figure {
            file: Arc::clone(source),
            fields: spread.fields(),
        }));
    }
    (diagnostics, figures)
}

/// Reads a galaxy file (a pack's `pack.toml` or a lone galaxy file).
pub fn load_galaxy(path: &Path) -> Result<(Option<GalaxyFile>, Vec<Diagnostic>), TargetError> {
    let display = targets::relative_to_cwd(path);
    let source = load::read_source(path, &display)?;
    Ok(parse(&source))
}

/// Refuses a pack whose `pack.toml` is a link that leads outside its folder,
/// before anything reads it.
fn confine_pack_file(dir: &Path) -> Result<(), TargetError> {
    let pack_path = dir.join(PACK_FILE);
    let display = targets::relative_to_cwd(&pack_path);
    load::read_pack_source(dir, &pack_path, &display)?;
    Ok(())
}

/// A galaxy file in canonical form, to be written to `write_to`.
fn format_galaxy(source: &Arc<SourceFile>, write_to: std::path::PathBuf) -> Formatted {
    let (galaxy, errors) = parse(source);
    Formatted::of(source, write_to, galaxy.as_ref().map(write::write), errors)
}

/// The galaxy file a target names: `pack.toml` of a pack, or the file itself.
pub fn galaxy_path(target: &Target) -> std::path::PathBuf {
    match target {
        Target::Pack(dir) => dir.join(PACK_FILE),
        Target::Page(path) => path.clone(),
    }
}
