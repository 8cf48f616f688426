//! Nemesis ships as a [`ShipGame`], and so a
//! [`Ruleset`](crate::ruleset::Ruleset): rooms joined by numbered corridors, doors,
//! technical corridors, escape pods and the room-tile pool; the room graph
//! built once per ship, the `N` checks on it, and the rules engine behind
//! `deckplan move` and `deckplan noise`.

pub mod checks;
pub mod cli;
pub mod draw;
pub mod graph;
pub mod graphml;
pub mod lsp;
pub mod rules;

use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::nemesis::{self, NemesisPlace, Ship};

use crate::check::{CheckMeta, Checks};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::ruleset::{DrawRequest, NoOptions};
use crate::ship_game::{Locator, ShipGame};
use crate::verb::GameVerb;

use self::graph::ShipGraph;

/// The Nemesis ruleset (`ruleset = "nemesis"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nemesis;

/// The Nemesis checks read the ship's room graph, built once per ship.
impl Checks for Nemesis {
    type Board<'a> = graph::ShipGraph<'a>;
}

impl ShipGame for Nemesis {
    type Format = nemesis::NemesisFormat;

    const TITLE: &'static str = "Nemesis ships";

    type ShowOptions = NoOptions;

    type RenderOptions = draw::RenderOptions;

    const FAMILIES: &'static [(char, &'static str)] = &[('N', "Nemesis")];

    fn checks() -> Vec<CheckMeta> {
        checks::all_meta()
    }

    fn ship_schema() -> serde_json::Value {
        nemesis::json_schema::ship_schema()
    }

    fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
        check_ship(ship, lint)
    }

    fn write_ship(ship: &Ship) -> String {
        nemesis::write::write_ship(ship)
    }

    fn ship_source(ship: &Ship) -> &Arc<SourceFile> {
        &ship.source
    }

    fn ship_text(ship: &Ship, _: &DrawRequest<'_>, _: &NoOptions) -> String {
        draw::ship_text(ship)
    }

    fn verbs() -> Vec<GameVerb> {
        cli::verbs()
    }

    fn language() -> &'static dyn crate::lsp::LanguageSupport {
        &lsp::NemesisLanguage
    }

    fn ship_scene(ship: &Ship, request: &DrawRequest<'_>, _: &draw::RenderOptions) -> Scene {
        draw::ship_scene(ship, request.title, request.coordinates)
    }

    fn locator(ship: &Ship) -> Locator<'_> {
        Box::new(move |diagnostic| {
            let place = diagnostic.place.as_ref()?.get::<NemesisPlace>()?;
            Some((place.to_string(), draw::spot(ship, place)))
        })
    }
}

/// Runs every check on a ship, at the levels `lint` sets.
pub fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
    let graph = ShipGraph::new(ship);
    crate::check::run_all(checks::CHECKS, &graph, &ship.source, lint)
}
