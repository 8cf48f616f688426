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

use std::sync::Arc;

use deckplan_schema::sources::Sources;
use deckplan_schema::ti4::catalogue::Catalogue;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::place::Ti4Place;
use deckplan_schema::ti4::{json_schema, resolve, write};
use deckplan_schema::{FileError, FormatCode, FormatError, SourceFile};

use crate::check::{self, CheckMeta, Checks};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::draw::marks;
use crate::ruleset::{
    DrawError, DrawRequest, Drawing, Figure, FileSchema, Formatted, LintOutcome, Ruleset,
};
use crate::targets::TargetError;
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

    fn board(&self) -> crate::ruleset::Noun {
        crate::ruleset::Noun {
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

    /// The galaxy is the pack's `pack.toml`, or the lone file.
    fn lint(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        let source = sources.top_file()?.source;
        let (diagnostics, figures) = lint_source(&source);
        Ok(LintOutcome {
            diagnostics,
            figures,
            boards: 1,
            packs: usize::from(sources.target().is_pack()),
            ..LintOutcome::default()
        })
    }

    /// The galaxy file, written to its real file (a link stays a link).
    fn format(&self, sources: &Sources) -> Result<Vec<Formatted>, TargetError> {
        let read = sources.top_file()?;
        let (galaxy, errors) = parse(&read.source);
        Ok(vec![Formatted::of(
            &read,
            galaxy.as_ref().map(write::write),
            errors,
        )])
    }

    fn read_only(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        let source = sources.top_file()?.source;
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
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        draw_galaxy(sources, request, show::draw)
    }

    fn render(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        draw_galaxy(sources, request, |galaxy| {
            draw::galaxy_scene(galaxy, request.title, request.coordinates)
        })
    }

    /// The galaxy with its problems ringed on their positions and listed
    /// under it, drawn with its title and position numbers.
    fn annotate(
        &self,
        sources: &Sources,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        if !sources.target().is_pack() {
            return Ok(Vec::new());
        }
        let request = DrawRequest {
            title: true,
            coordinates: true,
            ..DrawRequest::default()
        };
        let drawing = draw_galaxy(sources, &request, |galaxy| {
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
/// does not load gives its problems and no drawing. TI4 has no drawing
/// options of its own; a legend is refused, as its tiles name what they show.
fn draw_galaxy<T>(
    sources: &Sources,
    request: &DrawRequest<'_>,
    draw: impl Fn(&checks::Galaxy<'_>) -> T,
) -> Result<Drawing<T>, DrawError> {
    if request.legend {
        return Err(DrawError::Refused(
            "--legend: TI4 galaxies are drawn without a legend; each tile names its system, \
             planets, anomaly and wormhole"
                .into(),
        ));
    }
    let source = sources.top_file().map_err(TargetError::from)?.source;
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
    Ok(Drawing {
        boards,
        problems,
        ..Drawing::default()
    })
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
    if galaxy.is_none() {
        diagnostics.extend(check::unknown_settings_of_unresolved(
            source,
            &checks::all_meta(),
            Ti4.game(),
        ));
    }
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
            Ti4.game(),
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
pub fn load_galaxy(
    sources: &Sources,
) -> Result<(Option<GalaxyFile>, Vec<Diagnostic>), TargetError> {
    Ok(parse(&sources.top_file()?.source))
}
