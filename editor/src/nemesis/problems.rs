//! The live check of a Nemesis pack while it is edited: what a save would
//! write (`pack.toml` and the ship, in canonical form) read back through the
//! schema's resolver and checked by the validator's Nemesis ruleset, exactly
//! as `deckplan lint` reads the files — so a problem shows with the line it
//! will have in the file. And what each problem marks on the ship.

use deckplan_schema::nemesis::{NemesisFormat, NemesisPlace, Ship};
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
            let loaded = ship_pack::pack_from_source::<NemesisFormat>(&pack);
            let clean = loaded.errors.is_empty();
            diagnostics.extend(loaded.errors.into_iter().map(Diagnostic::from));
            if let Some(pack) = loaded.value.filter(|_| clean) {
                let ruleset = deckplan_validator::nemesis::Nemesis;
                diagnostics.extend(check::unknown_settings(
                    &pack.lint,
                    &ruleset.checks(),
                    ruleset.game(),
                    &pack.source,
                ));
                lint = pack.lint;
            }
        }
        let loaded = ship_pack::ship_from_source::<NemesisFormat>(&ship);
        let clean = loaded.errors.is_empty();
        diagnostics.extend(loaded.errors.into_iter().map(Diagnostic::from));
        // As `deckplan lint` does: the checks run on a ship that resolves.
        if let Some(ship) = loaded.value.filter(|_| clean) {
            diagnostics.extend(deckplan_validator::nemesis::check_ship(&ship, &lint));
        }
        listed(&diagnostics, |_| ())
    })
}

/// The Nemesis place of a problem, if it is on the ship.
pub fn place(problem: &Problem) -> Option<NemesisPlace> {
    problem.place.as_ref()?.get::<NemesisPlace>().copied()
}

/// What a place selects: its room, corridor, network or entrance.
pub fn selection(ship: &Ship, place: NemesisPlace) -> Selection {
    match place {
        NemesisPlace::Room(id) => Selection::Room(id),
        NemesisPlace::Corridor(a, b) => ship
            .corridors
            .iter()
            .position(|c| c.rooms == [a, b])
            .map_or(Selection::None, Selection::Corridor),
        NemesisPlace::Entrance(room) => Selection::Entrance(room),
        NemesisPlace::Network(id) => Selection::Network(id),
        NemesisPlace::EscapePod(number) => ship
            .escape_pods
            .iter()
            .find(|p| p.number == number)
            .map_or(Selection::None, |p| Selection::Room(p.room)),
        NemesisPlace::Ship | NemesisPlace::Tiles => Selection::None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::nemesis::document::Opened;
    use crate::nemesis::edit::{Edit, ListEdit, Transaction};
    use crate::testutil::bundled;

    fn kestrel() -> Document {
        match Document::open(&bundled("kestrel-relay")).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        }
    }

    #[test]
    fn the_bundled_ship_has_no_live_problems_and_a_renumbered_end_shows_n002() {
        let mut doc = kestrel();
        assert_eq!(lint_job(&doc)(), Vec::new());
        // cargo–engine-2 carries 1 and 4; with only 1, both rooms lack a 4.
        let mut corridor = doc.ship().corridors[19].clone();
        corridor.numbers = deckplan_schema::nemesis::Numbers::one(1).unwrap();
        let mut step = Transaction::new("Renumber");
        step.edits
            .push(Edit::Corridors(ListEdit::Set(19, corridor)));
        doc.apply(step).unwrap();
        let problems = lint_job(&doc)();
        let found: Vec<(&str, String, String)> = problems
            .iter()
            .map(|p| (p.code, p.message.clone(), p.location.clone()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    "N002",
                    "room `cargo` has no corridor numbered 4".to_string(),
                    "ship.toml:60:6".to_string()
                ),
                (
                    "N002",
                    "room `engine-2` has no corridor numbered 4".to_string(),
                    "ship.toml:77:6".to_string()
                ),
            ]
        );
        assert_eq!(
            selection(doc.ship(), place(&problems[0]).unwrap()),
            Selection::Room(deckplan_schema::id::Id::new("cargo").unwrap())
        );
    }
}
