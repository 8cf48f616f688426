//! Nemesis ships as a [`Ruleset`]: rooms joined by numbered corridors, doors,
//! technical corridors, escape pods and the room-tile pool; the room graph
//! built once per ship, the `N` checks on it, and the rules engine behind
//! `deckplan move` and `deckplan noise`.

pub mod checks;
pub mod draw;
pub mod graph;
pub mod graphml;
pub mod rules;

use std::path::Path;
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::model::LintSettings;
use deckplan_schema::nemesis::{self, Ship};

use crate::check::{self, CheckMeta};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::lint::LintOutcome;
use crate::reformat::Formatted;
use crate::ruleset::{DrawError, DrawRequest, Drawing, FileSchema, Ruleset};
use crate::targets::{self, Target, TargetError};

use self::checks::{Finding, REGISTRY};
use self::graph::ShipGraph;

/// The Nemesis ruleset (`ruleset = "nemesis"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Nemesis;

impl Ruleset for Nemesis {
    fn name(&self) -> &'static str {
        "nemesis"
    }

    fn title(&self) -> &'static str {
        "Nemesis ships"
    }

    fn checks(&self) -> Vec<CheckMeta> {
        checks::all_meta()
    }

    /// The ship file is the board file, so it is the `page` kind that
    /// `deckplan schema` prints by default.
    fn schemas(&self) -> Vec<FileSchema> {
        vec![
            FileSchema {
                kind: "page",
                schema: nemesis::json_schema::ship_schema(),
            },
            FileSchema {
                kind: "pack",
                schema: nemesis::json_schema::pack_schema(),
            },
        ]
    }

    fn lint_pack(&self, dir: &Path) -> Result<LintOutcome, TargetError> {
        let loaded = nemesis::load::load_pack(dir)?;
        let clean = loaded.errors.is_empty();
        let mut outcome = LintOutcome {
            packs: 1,
            ..LintOutcome::default()
        };
        outcome
            .diagnostics
            .extend(loaded.errors.into_iter().map(Diagnostic::from));
        if let Some(pack) = &loaded.value {
            outcome.diagnostics.extend(check::unknown_settings(
                &pack.lint,
                &checks::all_meta(),
                "Nemesis",
                &pack.source,
            ));
            if let Some(ship) = &pack.ship {
                outcome.pages = 1;
                if clean {
                    outcome.diagnostics.extend(check_ship(ship, &pack.lint));
                }
            }
        }
        Ok(outcome)
    }

    fn lint_file(&self, path: &Path) -> Result<LintOutcome, TargetError> {
        let loaded = nemesis::load::load_ship(path)?;
        let mut outcome = LintOutcome {
            pages: 1,
            ..LintOutcome::default()
        };
        let clean = loaded.errors.is_empty();
        outcome
            .diagnostics
            .extend(loaded.errors.into_iter().map(Diagnostic::from));
        if let (Some(ship), true) = (&loaded.value, clean) {
            outcome
                .diagnostics
                .extend(check_ship(ship, &LintSettings::default()));
        }
        Ok(outcome)
    }

    fn format_pack(&self, dir: &Path) -> Result<Vec<Formatted>, TargetError> {
        let pack_path = dir.join(PACK_FILE);
        let display = targets::relative_to_cwd(&pack_path);
        let (root, source) = load::read_pack_source(dir, &pack_path, &display)?;
        let loaded = nemesis::load::pack_from_source(&source);
        let ship = loaded
            .value
            .as_ref()
            .map(|p| (dir.join(&p.ship_path), p.ship_path.clone()));
        let pack = Formatted::in_place(
            &source,
            loaded.value.as_ref().map(nemesis::write::write_pack),
            loaded.errors,
        );
        let mut results = vec![pack];
        // Only inside the pack: a ship file that leads out through a link is
        // neither read nor printed (the linter reports it).
        if let Some((path, relative)) = ship
            && root.resolve(&path, Path::new(&relative)).is_ok()
            && path.is_file()
        {
            results.push(self.format_file(&path)?);
        }
        Ok(results)
    }

    fn format_file(&self, path: &Path) -> Result<Formatted, TargetError> {
        let display = targets::relative_to_cwd(path);
        let source = load::read_source(path, &display)?;
        let loaded = nemesis::load::ship_from_source(&source);
        Ok(Formatted::in_place(
            &source,
            loaded.value.as_ref().map(nemesis::write::write_ship),
            loaded.errors,
        ))
    }

    fn show(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        let (ship, problems) = load_target(target, request)?;
        let boards = ship
            .map(|(name, ship)| vec![(name, draw::ship_text(&ship))])
            .unwrap_or_default();
        Ok(Drawing { boards, problems })
    }

    fn render(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        let (ship, problems) = load_target(target, request)?;
        let boards = ship
            .map(|(name, ship)| vec![(name, draw::ship_scene(&ship, request.title))])
            .unwrap_or_default();
        Ok(Drawing { boards, problems })
    }
}

/// A ship with the name its drawing is saved under.
type NamedShip = (String, Ship);

/// The ship a target holds, named by its file's stem, with the problems
/// that kept it from loading. A pack holds one ship, so `--page` is refused.
fn load_target(
    target: &Target,
    request: &DrawRequest<'_>,
) -> Result<(Option<NamedShip>, Vec<Diagnostic>), DrawError> {
    if let Some(only) = request.only {
        return Err(DrawError::Refused(format!(
            "a Nemesis pack holds one ship, drawn whole; `{only}` names no part of it"
        )));
    }
    let (ship, errors, path) = match target {
        Target::Pack(dir) => {
            let loaded = nemesis::load::load_pack(dir).map_err(TargetError::from)?;
            let path = loaded.value.as_ref().map(|p| p.ship_path.clone());
            (loaded.value.and_then(|p| p.ship), loaded.errors, path)
        }
        Target::Page(file) => {
            let loaded = nemesis::load::load_ship(file).map_err(TargetError::from)?;
            (
                loaded.value,
                loaded.errors,
                Some(file.display().to_string()),
            )
        }
    };
    let problems: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    let name = path
        .as_deref()
        .and_then(|p| Path::new(p).file_stem())
        .map_or_else(|| "ship".to_string(), |s| s.to_string_lossy().into_owned());
    // A ship with format errors is not drawn: what loaded may be half a ship.
    let ship = ship.filter(|_| problems.is_empty()).map(|s| (name, s));
    Ok((ship, problems))
}

/// Runs every check on a ship, at the levels `lint` sets.
pub fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
    let graph = ShipGraph::new(ship);
    let mut diagnostics = Vec::new();
    for check in REGISTRY {
        let Some(severity) = check.meta.severity_under(lint) else {
            continue;
        };
        let mut findings: Vec<Finding> = Vec::new();
        (check.run)(&graph, &mut findings);
        diagnostics.extend(findings.into_iter().map(|f| Diagnostic {
            code: check.meta.code,
            name: check.meta.name,
            severity,
            message: f.message,
            file: Arc::clone(&ship.source),
            span: f.span,
            place: Some(f.place.into()),
            help: f.help,
            labels: f.labels,
        }));
    }
    diagnostics
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    #[test]
    fn a_pack_holds_one_ship_so_page_is_refused() {
        let target = Target::Pack(PathBuf::from("maps/none"));
        let request = DrawRequest {
            only: Some("L1p1"),
            ..DrawRequest::default()
        };
        let show = Nemesis.show(&target, &request).unwrap_err().to_string();
        assert_eq!(
            show,
            "a Nemesis pack holds one ship, drawn whole; `L1p1` names no part of it"
        );
    }
}
