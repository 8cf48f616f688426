//! Nemesis and Battlestations are one [`Ruleset`] but for the ship: a pack is
//! `pack.toml` naming one ship file, linted, formatted, shown and rendered the
//! same way. A game says what differs — its ship format, checks, schema and
//! drawings — as a [`ShipGame`], and is a `Ruleset` by that alone.

use std::path::PathBuf;
use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::ship_pack::{self, ShipFormat};
use deckplan_schema::sources::{Read, Sources, Target};

use crate::check::{self, CheckMeta};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::draw::marks;
use crate::lsp::LanguageSupport;
use crate::lsp::outline::{Outline, keys};
use crate::lsp::support::{At, File, Spot};
use crate::ruleset::{
    DrawError, DrawOptions, DrawRequest, Drawing, FileSchema, Formatted, LintOutcome, Ruleset,
};
use crate::targets::TargetError;
use crate::verb::{GameVerb, args_of};

/// The ship type of a game.
pub type ShipOf<G> = <<G as ShipGame>::Format as ShipFormat>::Ship;

/// Where a diagnostic's place is drawn on a board, and what it is called.
pub type Locator<'a> = Box<dyn Fn(&Diagnostic) -> Option<(String, Option<marks::Spot>)> + 'a>;

/// A ship with the name its drawing is saved under.
type NamedShip<G> = (String, ShipOf<G>);

/// What one game whose pack names one ship file adds to the shared ruleset.
pub trait ShipGame: Sync {
    /// How its files read and write.
    type Format: ShipFormat;

    /// What the game's boards are, for help texts ("Nemesis ships").
    const TITLE: &'static str;

    /// Whether its pictures can carry a legend (`render --legend`).
    const LEGEND: bool = false;

    /// Its own options of `deckplan show`
    /// ([`NoOptions`](crate::ruleset::NoOptions) for none).
    type ShowOptions: clap::Args + clap::FromArgMatches + Default;

    /// Its own options of `deckplan render`.
    type RenderOptions: clap::Args + clap::FromArgMatches + Default;

    /// The families its check codes fall in, by their first letter.
    const FAMILIES: &'static [(char, &'static str)];

    /// Its checks, in code order.
    fn checks() -> Vec<CheckMeta>;

    /// The JSON Schema of its ship file.
    fn ship_schema() -> serde_json::Value;

    /// Runs every check on a ship, at the levels `lint` sets.
    fn check_ship(ship: &ShipOf<Self>, lint: &LintSettings) -> Vec<Diagnostic>;

    /// A ship file in canonical form.
    fn write_ship(ship: &ShipOf<Self>) -> String;

    /// The file a ship was read from.
    fn ship_source(ship: &ShipOf<Self>) -> &Arc<SourceFile>;

    /// A ship drawn for the terminal.
    fn ship_text(
        ship: &ShipOf<Self>,
        request: &DrawRequest<'_>,
        options: &Self::ShowOptions,
    ) -> String;

    /// A ship drawn as a scene, for PNG and SVG.
    fn ship_scene(
        ship: &ShipOf<Self>,
        request: &DrawRequest<'_>,
        options: &Self::RenderOptions,
    ) -> Scene;

    /// Its own words for refusing one of its drawing options to another
    /// game (see [`DrawOptions::refusal`]); by default the shared refusal.
    fn refusal(option: &str, boards: &str) -> Option<String> {
        let _ = (option, boards);
        None
    }

    /// For `lint --annotate`: where a diagnostic's place is on the ship's
    /// scene, with the place's name (`None` for a place of no other game;
    /// no spot for one not drawn, such as the ship as a whole). Made once a
    /// ship, so what it needs to look places up is built once.
    fn locator(ship: &ShipOf<Self>) -> Locator<'_>;

    /// The subcommands it answers.
    fn verbs() -> Vec<GameVerb> {
        Vec::new()
    }

    /// What the language server asks of it beyond lint; a game's own
    /// support answers `pack_files` with [`ship_files`].
    fn language() -> &'static dyn LanguageSupport {
        &ShipFiles
    }
}

/// The ship file a pack names, read from its (possibly unsaved)
/// `pack.toml`: the language server checks that file with its pack.
pub fn ship_files(pack: &Sources) -> Vec<PathBuf> {
    let (Some(dir), Ok(read)) = (pack.pack_dir(), pack.top_file()) else {
        return Vec::new();
    };
    Outline::of(read.source.text())
        .str(&keys(["ship"]))
        .map(|ship| dir.join(ship))
        .into_iter()
        .collect()
}

/// The language support of a ship game that has none of its own: its ship
/// file is checked with its pack.
#[derive(Clone, Copy, Debug, Default)]
pub struct ShipFiles;

impl LanguageSupport for ShipFiles {
    fn pack_files(&self, pack: &Sources) -> Vec<PathBuf> {
        ship_files(pack)
    }

    fn definition(&self, file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
        ship_definition(file, at)
    }
}

/// `ship = "ship.toml"` in `pack.toml` leads to the ship file, when it is
/// inside the pack (the loader refuses any other).
pub fn ship_definition(file: &File<'_>, at: &At<'_>) -> Vec<Spot> {
    let (true, Some(dir), Some(ship)) = (file.is_pack_file(), file.path.parent(), at.str()) else {
        return Vec::new();
    };
    if at.entry.path != keys(["ship"]) {
        return Vec::new();
    }
    if file.sources(Target::Pack(dir.to_path_buf())).has(ship) {
        vec![Spot {
            path: dir.join(ship),
            span: None,
        }]
    } else {
        Vec::new()
    }
}

impl<G: ShipGame> Ruleset for G {
    fn name(&self) -> &'static str {
        G::Format::RULESET
    }

    fn game(&self) -> &'static str {
        G::Format::GAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn board(&self) -> crate::ruleset::Noun {
        crate::ruleset::Noun {
            one: "ship",
            many: "ships",
        }
    }

    fn checks(&self) -> Vec<CheckMeta> {
        G::checks()
    }

    fn families(&self) -> &'static [(char, &'static str)] {
        G::FAMILIES
    }

    /// The ship file is the board file, so it is the `page` kind that
    /// `deckplan schema` prints by default.
    fn schemas(&self) -> Vec<FileSchema> {
        vec![
            FileSchema {
                kind: "page",
                schema: G::ship_schema(),
            },
            FileSchema {
                kind: "pack",
                schema: ship_pack::pack_schema::<G::Format>(),
            },
        ]
    }

    fn lint(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        if !sources.target().is_pack() {
            return lint_lone_ship::<G>(sources);
        }
        let loaded = ship_pack::load_pack::<G::Format>(sources)?;
        let clean = loaded.errors.is_empty();
        let mut outcome = LintOutcome {
            packs: 1,
            ..LintOutcome::default()
        };
        // A `pack.toml` that did not resolve still has its `[lint]` names
        // checked, beside its format errors.
        let unresolved = match (&loaded.value, loaded.errors.first()) {
            (None, Some(error)) => {
                check::unknown_settings_of_unresolved(&error.source, &G::checks(), G::Format::GAME)
            }
            _ => Vec::new(),
        };
        outcome
            .diagnostics
            .extend(loaded.errors.into_iter().map(Diagnostic::from));
        outcome.diagnostics.extend(unresolved);
        if let Some(pack) = &loaded.value {
            outcome.diagnostics.extend(check::unknown_settings(
                &pack.lint,
                &G::checks(),
                G::Format::GAME,
                &pack.source,
            ));
            if let Some(ship) = &pack.ship {
                outcome.boards = 1;
                if clean {
                    outcome.diagnostics.extend(G::check_ship(ship, &pack.lint));
                }
            }
        }
        Ok(outcome)
    }

    /// `pack.toml` and the ship file, each written to its real file (an
    /// in-pack link stays a link). A ship file that cannot be read inside
    /// the pack — a link that leads out, a FIFO, a missing file — is never
    /// printed, and fails the run with the reason. A ship file named on its
    /// own: a link there is followed, and stays a link.
    fn format(&self, sources: &Sources) -> Result<Vec<Formatted>, TargetError> {
        let top = sources.top_file()?;
        if !sources.target().is_pack() {
            return Ok(vec![format_ship::<G>(&top)]);
        }
        let loaded = ship_pack::pack_from_source::<G::Format>(&top.source);
        let mut results = vec![Formatted::of(
            &top,
            loaded
                .value
                .as_ref()
                .map(ship_pack::write_pack::<G::Format>),
            loaded.errors.into_iter().map(Diagnostic::from).collect(),
        )];
        if let Some(pack) = &loaded.value {
            results.push(match ship_pack::read_ship(sources, pack) {
                Ok(ship) => format_ship::<G>(&ship),
                Err(problem) => Formatted::unreadable(
                    sources.display(&pack.ship_path),
                    Diagnostic::from(*problem),
                ),
            });
        }
        Ok(results)
    }

    fn read_only(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        let (boards, errors) = if sources.target().is_pack() {
            let loaded = ship_pack::load_pack::<G::Format>(sources)?;
            let boards = loaded
                .value
                .as_ref()
                .map_or(0, |p| usize::from(p.ship.is_some()));
            (boards, loaded.errors)
        } else {
            let loaded = ship_pack::load_ship::<G::Format>(sources)?;
            (usize::from(loaded.value.is_some()), loaded.errors)
        };
        Ok(LintOutcome {
            diagnostics: errors.into_iter().map(Diagnostic::from).collect(),
            boards,
            ..LintOutcome::default()
        })
    }

    fn verbs(&self) -> Vec<GameVerb> {
        G::verbs()
    }

    fn language(&self) -> &'static dyn LanguageSupport {
        G::language()
    }

    fn draw_options(&self) -> DrawOptions {
        DrawOptions {
            show: args_of::<G::ShowOptions>,
            render: args_of::<G::RenderOptions>,
            refusal: G::refusal,
        }
    }

    fn show(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        let options = request.options::<G::ShowOptions>()?;
        let (ship, problems) = drawable_ship::<G>(sources, request)?;
        let boards = ship
            .map(|(name, ship)| vec![(name, G::ship_text(&ship, request, &options))])
            .unwrap_or_default();
        Ok(Drawing {
            boards,
            problems,
            ..Drawing::default()
        })
    }

    fn render(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        let options = request.options::<G::RenderOptions>()?;
        let (ship, problems) = drawable_ship::<G>(sources, request)?;
        let boards = ship
            .map(|(name, ship)| vec![(name, G::ship_scene(&ship, request, &options))])
            .unwrap_or_default();
        Ok(Drawing {
            boards,
            problems,
            ..Drawing::default()
        })
    }

    /// The ship with its problems ringed where they are and listed under it,
    /// drawn with its title and coordinates so places read as the log names them.
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
        let (ship, problems) = drawable_ship::<G>(sources, &request)?;
        if let Some((name, ship)) = ship {
            each(&name, &|| {
                let mut scene = G::ship_scene(&ship, &request, &G::RenderOptions::default());
                let marks = marks::marks(diagnostics, "ship", G::locator(&ship));
                marks::annotate(&mut scene, &marks);
                scene
            });
        }
        Ok(problems)
    }
}

/// A ship file in canonical form, to be written to its real file.
fn format_ship<G: ShipGame>(read: &Read) -> Formatted {
    let loaded = ship_pack::ship_from_source::<G::Format>(&read.source);
    Formatted::of(
        read,
        loaded.value.as_ref().map(G::write_ship),
        loaded.errors.into_iter().map(Diagnostic::from).collect(),
    )
}

/// A ship file on its own: with no pack, it is checked at the default levels.
fn lint_lone_ship<G: ShipGame>(sources: &Sources) -> Result<LintOutcome, TargetError> {
    let loaded = ship_pack::load_ship::<G::Format>(sources)?;
    let mut outcome = LintOutcome {
        boards: 1,
        ..LintOutcome::default()
    };
    let clean = loaded.errors.is_empty();
    outcome
        .diagnostics
        .extend(loaded.errors.into_iter().map(Diagnostic::from));
    if let (Some(ship), true) = (&loaded.value, clean) {
        outcome
            .diagnostics
            .extend(G::check_ship(ship, &LintSettings::default()));
    }
    Ok(outcome)
}

/// Loads the ship a pack folder or a lone ship file holds; `None` with the
/// format errors when it does not resolve (half a ship is never played on or
/// drawn).
pub fn load_ship<G: ShipGame>(
    sources: &Sources,
) -> Result<(Option<ShipOf<G>>, Vec<Diagnostic>), TargetError> {
    let (ship, errors) = if sources.target().is_pack() {
        let loaded = ship_pack::load_pack::<G::Format>(sources)?;
        (loaded.value.and_then(|p| p.ship), loaded.errors)
    } else {
        let loaded = ship_pack::load_ship::<G::Format>(sources)?;
        (loaded.value, loaded.errors)
    };
    let problems: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    Ok((ship.filter(|_| problems.is_empty()), problems))
}

/// The ship a target holds, named by its file's stem, with the problems that
/// kept it from loading; a legend is refused when the game draws none.
fn drawable_ship<G: ShipGame>(
    sources: &Sources,
    request: &DrawRequest<'_>,
) -> Result<(Option<NamedShip<G>>, Vec<Diagnostic>), DrawError> {
    if request.legend && !G::LEGEND {
        return Err(DrawError::Refused(format!(
            "--legend: {} are drawn without a legend; docs/format.md explains what they show",
            G::TITLE
        )));
    }
    let (ship, problems) = load_ship::<G>(sources)?;
    let ship = ship.map(|ship| {
        let name = G::ship_source(&ship)
            .path()
            .file_stem()
            .map_or_else(|| "ship".to_string(), |s| s.to_string_lossy().into_owned());
        (name, ship)
    });
    Ok((ship, problems))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::battlestations::Battlestations;
    use crate::nemesis::Nemesis;
    use crate::ruleset::DrawCommand;

    #[test]
    fn a_game_words_the_refusal_of_its_own_option_and_takes_only_its_own() {
        let battlestations = Battlestations.draw_options();
        let show = battlestations.of(DrawCommand::Show);
        assert!(show.get_arguments().any(|a| a.get_id() == "hull"));
        assert_eq!(
            (battlestations.refusal)("hull", Nemesis.title()).as_deref(),
            Some("--hull marks the squares outside a ship's hull; Nemesis ships have none")
        );
        let nemesis = Nemesis.draw_options().of(DrawCommand::Show);
        assert_eq!(nemesis.get_arguments().count(), 0);
        // A legend is shared, and refused in the game's words before any
        // file is read.
        let sources = Sources::pack(&PathBuf::from("maps/none"));
        let request = DrawRequest {
            legend: true,
            ..DrawRequest::default()
        };
        assert_eq!(
            Nemesis.render(&sources, &request).unwrap_err().to_string(),
            "--legend: Nemesis ships are drawn without a legend; docs/format.md explains what they show"
        );
    }

    #[test]
    fn each_game_is_named_by_its_format() {
        assert_eq!(
            (Nemesis.name(), Nemesis.title()),
            ("nemesis", "Nemesis ships")
        );
        assert_eq!(
            (Battlestations.name(), Battlestations.title()),
            ("battlestations", "Battlestations ships")
        );
        let kinds: Vec<&str> = Battlestations.schemas().iter().map(|s| s.kind).collect();
        assert_eq!(kinds, ["page", "pack"]);
    }
}
