//! Nemesis ships as a [`ShipGame`], and so a
//! [`Ruleset`](crate::ruleset::Ruleset): rooms joined by numbered corridors, doors,
//! technical corridors, escape pods and the room-tile pool; the room graph
//! built once per ship, the `N` checks on it, and the rules engine behind
//! `deckplan move` and `deckplan noise`.

pub mod checks;
pub mod draw;
pub mod graph;
pub mod graphml;
pub mod rules;

use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::model::LintSettings;
use deckplan_schema::nemesis::{self, Ship};

use crate::check::CheckMeta;
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::ruleset::DrawRequest;
use crate::ship_game::ShipGame;

use self::checks::REGISTRY;
use self::graph::ShipGraph;

/// The Nemesis ruleset (`ruleset = "nemesis"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nemesis;

impl ShipGame for Nemesis {
    type Format = nemesis::NemesisFormat;

    const TITLE: &'static str = "Nemesis ships";

    const DRAWN_WHOLE: &'static str = "drawn whole";

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

    fn ship_text(ship: &Ship, _: &DrawRequest<'_>) -> String {
        draw::ship_text(ship)
    }

    fn ship_scene(ship: &Ship, request: &DrawRequest<'_>) -> Scene {
        draw::ship_scene(ship, request.title)
    }
}

/// Runs every check on a ship, at the levels `lint` sets.
pub fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
    let graph = ShipGraph::new(ship);
    crate::ship_game::run_checks(
        REGISTRY,
        |check| check.meta,
        |check, findings| (check.run)(&graph, findings),
        &ship.source,
        lint,
    )
}

/// A ship place field by field, for JSON and SARIF: a `kind` and the ids it
/// names (`{"kind": "corridor", "rooms": ["lab", "dock"]}`).
pub fn place_fields(place: &deckplan_schema::nemesis::NemesisPlace) -> serde_json::Value {
    use deckplan_schema::nemesis::NemesisPlace as P;
    use serde_json::json;
    let kind = place.kind();
    match place {
        P::Ship | P::Tiles => json!({ "kind": kind }),
        P::Room(id) | P::Entrance(id) => json!({ "kind": kind, "room": id.as_str() }),
        P::Network(id) => json!({ "kind": kind, "network": id.as_str() }),
        P::Corridor(a, b) => json!({ "kind": kind, "rooms": [a.as_str(), b.as_str()] }),
        P::EscapePod(n) => json!({ "kind": kind, "number": n }),
    }
}
