//! Battlestations ships as a [`Ruleset`]: modules of squares with roles,
//! rotations, barrels, consoles, blocked squares, external doors and ladders
//! between levels; the square grid and its movement graph built once per
//! ship, the `B` checks on it, and the character-movement engine behind
//! `deckplan reach`.

pub mod checks;
pub mod draw;
pub mod grid;
pub mod notation;
pub mod rules;

use std::path::Path;
use std::sync::Arc;

use deckplan_schema::battlestations::{self, Ship};
use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::model::LintSettings;

use crate::check::{self, CheckMeta};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::lint::LintOutcome;
use crate::reformat::Formatted;
use crate::ruleset::{DrawError, DrawRequest, Drawing, FileSchema, Ruleset};
use crate::targets::{self, Target, TargetError};

use self::checks::{Finding, REGISTRY};
use self::grid::ShipGrid;

/// The Battlestations ruleset (`ruleset = "battlestations"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Battlestations;

impl Ruleset for Battlestations {
    fn name(&self) -> &'static str {
        "battlestations"
    }

    fn title(&self) -> &'static str {
        "Battlestations ships"
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
                schema: battlestations::json_schema::ship_schema(),
            },
            FileSchema {
                kind: "pack",
                schema: battlestations::json_schema::pack_schema(),
            },
        ]
    }

    fn lint_pack(&self, dir: &Path) -> Result<LintOutcome, TargetError> {
        let loaded = battlestations::load::load_pack(dir)?;
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
                "Battlestations",
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
        let loaded = battlestations::load::load_ship(path)?;
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
        let loaded = battlestations::load::pack_from_source(&source);
        let ship = loaded
            .value
            .as_ref()
            .map(|p| (dir.join(&p.ship_path), p.ship_path.clone()));
        let pack = Formatted::in_place(
            &source,
            loaded.value.as_ref().map(battlestations::write::write_pack),
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
        let loaded = battlestations::load::ship_from_source(&source);
        Ok(Formatted::in_place(
            &source,
            loaded.value.as_ref().map(battlestations::write::write_ship),
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
            .map(|(name, ship)| vec![(name, draw::ship_text(&ShipGrid::new(&ship), request))])
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
            .map(|(name, ship)| vec![(name, draw::ship_scene(&ShipGrid::new(&ship), request))])
            .unwrap_or_default();
        Ok(Drawing { boards, problems })
    }
}

/// A ship with the name its drawing is saved under.
type NamedShip = (String, Ship);

/// Loads the ship a pack folder or a lone ship file holds; `None` with the
/// format errors when it does not resolve (half a ship is never played on or drawn).
pub fn load_ship(target: &Target) -> Result<(Option<Ship>, Vec<Diagnostic>), TargetError> {
    let (ship, errors) = match target {
        Target::Pack(dir) => {
            let loaded = battlestations::load::load_pack(dir)?;
            (loaded.value.and_then(|p| p.ship), loaded.errors)
        }
        Target::Page(file) => {
            let loaded = battlestations::load::load_ship(file)?;
            (loaded.value, loaded.errors)
        }
    };
    let problems: Vec<Diagnostic> = errors.into_iter().map(Diagnostic::from).collect();
    Ok((ship.filter(|_| problems.is_empty()), problems))
}

/// The ship a target holds, named by its file's stem, with the problems
/// that kept it from loading. A pack holds one ship, so `--page` is refused.
fn load_target(
    target: &Target,
    request: &DrawRequest<'_>,
) -> Result<(Option<NamedShip>, Vec<Diagnostic>), DrawError> {
    if let Some(only) = request.only {
        return Err(DrawError::Refused(format!(
            "a Battlestations pack holds one ship, drawn whole with all its levels; `{only}` names no part of it"
        )));
    }
    let (ship, problems) = load_ship(target)?;
    let ship = ship.map(|ship| {
        let name = ship
            .source
            .path()
            .file_stem()
            .map_or_else(|| "ship".to_string(), |s| s.to_string_lossy().into_owned());
        (name, ship)
    });
    Ok((ship, problems))
}

/// Runs every check on a ship, at the levels `lint` sets.
pub fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
    let grid = ShipGrid::new(ship);
    let mut diagnostics = Vec::new();
    for check in REGISTRY {
        let Some(severity) = check.meta.severity_under(lint) else {
            continue;
        };
        let mut findings: Vec<Finding> = Vec::new();
        (check.run)(&grid, &mut findings);
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

/// A ship place field by field, for JSON and SARIF: a `kind` and what it
/// names (`{"kind": "square", "level": "upper", "square": "H3"}`).
pub fn place_fields(place: &battlestations::BattlestationsPlace) -> serde_json::Value {
    use battlestations::BattlestationsPlace as P;
    use serde_json::json;
    let kind = place.kind();
    let level = |l: &Option<battlestations::Id>| l.map(|l| l.as_str().to_string());
    match place {
        P::Ship => json!({ "kind": kind }),
        P::Level(id) => json!({ "kind": kind, "level": id.as_str() }),
        P::Module(id) => json!({ "kind": kind, "module": id.as_str() }),
        P::Square { level: l, square } => {
            json!({ "kind": kind, "level": level(l), "square": square.to_string() })
        }
        P::Door {
            level: l,
            square,
            side,
        } => json!({
            "kind": kind, "level": level(l), "square": square.to_string(), "side": side.name(),
        }),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::SourceFile;
    use deckplan_schema::battlestations::resolve;
    use proptest::prelude::*;

    use super::*;

    /// A module's role, level, column, row, rotation and card rows.
    type RandomModule = (usize, usize, u16, u16, u16, [String; 3]);

    fn random_module() -> impl Strategy<Value = RandomModule> {
        let row = || proptest::string::string_regex("[..#CBH]{3}").unwrap();
        (
            0usize..9,
            0usize..2,
            0u16..3,
            0u16..3,
            0u16..4,
            [row(), row(), row()],
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Any ship that resolves is checked, drawn and written without a
        /// panic, and its findings all point into the ship file.
        #[test]
        fn any_ship_is_checked_and_drawn_without_panicking(
            modules in proptest::collection::vec(random_module(), 0..8),
            doors in proptest::collection::vec((0u16..9, 0u16..9, 0usize..4, 0usize..2), 0..4),
            levels: bool,
        ) {
            let roles = ["helm", "engine", "hyperdrive", "life-support", "science",
                "cannon", "missile-bay", "hull-stabilizer", "custom"];
            let level_names = ["lower", "upper"];
            let sides = ["north", "east", "south", "west"];
            let mut text = String::from(
                "format = 1\nruleset = \"battlestations\"\nname = \"T\"\nmodule_size = 3\nforward = \"east\"\n",
            );
            if levels {
                text.push_str("levels = [\"lower\", \"upper\"]\n");
            }
            let doors: Vec<String> = doors
                .iter()
                .map(|(c, r, side, level)| {
                    let square = deckplan_schema::battlestations::Square::new(*c, *r);
                    let level = if levels { format!("{} ", level_names[*level]) } else { String::new() };
                    format!("\"{level}{square} {}\"", sides[*side])
                })
                .collect();
            let mut unique = doors.clone();
            unique.sort();
            unique.dedup();
            text.push_str(&format!("doors = [{}]\n", unique.join(", ")));
            for (index, (role, level, column, row, quarter, rows)) in modules.iter().enumerate() {
                text.push_str(&format!(
                    "\n[[modules]]\nid = \"m{index}\"\nrole = \"{}\"\nname = \"M\"\nat = [{column}, {row}]\nrotation = {}\nsquares = [\"{}\", \"{}\", \"{}\"]\n",
                    roles[*role], quarter * 90, rows[0], rows[1], rows[2]
                ));
                if levels {
                    text.push_str(&format!("level = \"{}\"\n", level_names[*level]));
                }
            }
            let source = SourceFile::new("ship.toml", text);
            let ship = resolve::parse_ship(&source);
            prop_assert!(ship.is_ok(), "{:?}", ship.err());
            let ship = ship.unwrap();
            let diagnostics = check_ship(&ship, &LintSettings::default());
            for d in &diagnostics {
                if let Some(span) = d.span {
                    prop_assert!(span.end as usize <= source.text().len());
                }
            }
            let grid = ShipGrid::new(&ship);
            let request = DrawRequest { title: true, coordinates: true, legend: true, ..DrawRequest::default() };
            let _ = draw::ship_scene(&grid, &request);
            let _ = draw::ship_text(&grid, &request);
        }
    }
}
