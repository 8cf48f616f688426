//! Battlestations ships as a [`ShipGame`], and so a
//! [`Ruleset`](crate::ruleset::Ruleset): modules of squares with roles,
//! rotations, barrels, consoles, blocked squares, external doors and ladders
//! between levels; the square grid and its movement graph built once per
//! ship, the `B` checks on it, and the character-movement engine behind
//! `deckplan reach`.

pub mod checks;
pub mod cli;
pub mod draw;
pub mod grid;
pub mod lsp;
pub mod notation;
pub mod rules;

use std::sync::Arc;

use deckplan_schema::SourceFile;
use deckplan_schema::battlestations::{self, BattlestationsPlace, Ship};
use deckplan_schema::lint_table::LintSettings;

use crate::check::{CheckMeta, Checks};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::ruleset::{DrawRequest, NoOptions};
use crate::ship_game::{Locator, ShipGame};
use crate::verb::GameVerb;

use self::grid::ShipGrid;

/// The Battlestations ruleset (`ruleset = "battlestations"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Battlestations;

/// The Battlestations checks read the ship's square grid, built once per ship.
impl Checks for Battlestations {
    type Board<'a> = grid::ShipGrid<'a>;
}

impl ShipGame for Battlestations {
    type Format = battlestations::BattlestationsFormat;

    const TITLE: &'static str = "Battlestations ships";

    const LEGEND: bool = true;

    type ShowOptions = draw::ShowOptions;

    type RenderOptions = NoOptions;

    const FAMILIES: &'static [(char, &'static str)] = &[('B', "Battlestations")];

    fn checks() -> Vec<CheckMeta> {
        checks::all_meta()
    }

    fn ship_schema() -> serde_json::Value {
        battlestations::json_schema::ship_schema()
    }

    fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
        check_ship(ship, lint)
    }

    fn write_ship(ship: &Ship) -> String {
        battlestations::write::write_ship(ship)
    }

    fn ship_source(ship: &Ship) -> &Arc<SourceFile> {
        &ship.source
    }

    fn ship_text(ship: &Ship, request: &DrawRequest<'_>, options: &draw::ShowOptions) -> String {
        draw::ship_text(&ShipGrid::new(ship), request, options)
    }

    fn verbs() -> Vec<GameVerb> {
        cli::verbs()
    }

    fn language() -> &'static dyn crate::lsp::LanguageSupport {
        &lsp::BattlestationsLanguage
    }

    fn ship_scene(ship: &Ship, request: &DrawRequest<'_>, _: &NoOptions) -> Scene {
        draw::ship_scene(&ShipGrid::new(ship), request)
    }

    /// `--hull` is refused to a game in words that say what it marks.
    fn refusal(option: &str, boards: &str) -> Option<String> {
        (option == "hull")
            .then(|| format!("--hull marks the squares outside a ship's hull; {boards} have none"))
    }

    fn locator(ship: &Ship) -> Locator<'_> {
        let grid = ShipGrid::new(ship);
        Box::new(move |diagnostic| {
            let place = diagnostic.place.as_ref()?.get::<BattlestationsPlace>()?;
            Some((place.to_string(), draw::spot(&grid, place)))
        })
    }
}

/// Runs every check on a ship, at the levels `lint` sets.
pub fn check_ship(ship: &Ship, lint: &LintSettings) -> Vec<Diagnostic> {
    let grid = ShipGrid::new(ship);
    crate::check::run_all(checks::CHECKS, &grid, &ship.source, lint)
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
            let _ = draw::ship_text(&grid, &request, &draw::ShowOptions::default());
        }
    }
}
