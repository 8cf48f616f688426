//! The live check of a Battlestations pack while it is edited: what a save would
//! write (`pack.toml` and the ship, in canonical form) read back through the
//! schema's resolver and checked by the validator's Battlestations ruleset, exactly
//! as `deckplan lint` reads the files — so a problem shows with the line it
//! will have in the file. And what each problem marks on the ship.

use deckplan_schema::battlestations::{BattlestationsFormat, BattlestationsPlace, Ship};
use deckplan_schema::ship_pack;
use deckplan_validator::check;
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::ruleset::Ruleset as _;

use super::document::Document;
use super::selection::Selection;
use crate::problems::{LintJob, Problem, listed};

/// The check of the document as it is now, to run on the problems worker.
pub fn lint_job(doc: &Document) -> LintJob {
    let (pack, ship) = doc.sources();
    let lone = doc.is_lone_file();
    Box::new(move || {
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut lint = deckplan_schema::lint_table::LintSettings::default();
        if !lone {
            let loaded = ship_pack::pack_from_source::<BattlestationsFormat>(&pack);
            let clean = loaded.errors.is_empty();
            diagnostics.extend(loaded.errors.into_iter().map(Diagnostic::from));
            if let Some(pack) = loaded.value.filter(|_| clean) {
                let ruleset = deckplan_validator::battlestations::Battlestations;
                diagnostics.extend(check::unknown_settings(
                    &pack.lint,
                    &ruleset.checks(),
                    ruleset.game(),
                    &pack.source,
                ));
                lint = pack.lint;
            }
        }
        let loaded = ship_pack::ship_from_source::<BattlestationsFormat>(&ship);
        let clean = loaded.errors.is_empty();
        diagnostics.extend(loaded.errors.into_iter().map(Diagnostic::from));
        // As `deckplan lint` does: the checks run on a ship that resolves.
        if let Some(ship) = loaded.value.filter(|_| clean) {
            diagnostics.extend(deckplan_validator::battlestations::check_ship(&ship, &lint));
        }
        listed(&diagnostics, |_| ())
    })
}

/// The Battlestations place of a problem, if it is on the ship.
pub fn place(problem: &Problem) -> Option<BattlestationsPlace> {
    problem
        .place
        .as_ref()?
        .get::<BattlestationsPlace>()
        .copied()
}

/// What a place selects: its module, or the module under its square.
pub fn selection(ship: &Ship, place: BattlestationsPlace) -> Selection {
    let level_of = |level: Option<deckplan_schema::id::Id>| match level {
        Some(id) => ship.levels.iter().position(|l| *l == id),
        None => Some(0),
    };
    match place {
        BattlestationsPlace::Module(id) => Selection::Module(id),
        BattlestationsPlace::Square { level, square }
        | BattlestationsPlace::Door { level, square, .. } => level_of(level)
            .and_then(|level| {
                ship.modules
                    .iter()
                    .find(|m| m.level == level && m.covers(ship.module_size, square))
            })
            .map_or(Selection::None, |m| Selection::Module(m.id)),
        BattlestationsPlace::Ship | BattlestationsPlace::Level(_) => Selection::None,
    }
}
