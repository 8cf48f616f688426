//! The live check of a galaxy while it is edited: the text a save would
//! write, read back and checked by the validator's TI4 ruleset exactly as
//! `deckplan lint` reads the file — so a problem shows with the line it will
//! have in the file — and the position each problem points at.

use deckplan_schema::ti4::Ti4Place;

use super::document::Document;
use crate::problems::{LintJob, Problem, listed};

/// The check of the document as it is now, to run on the problems worker.
pub fn lint_job(doc: &Document) -> LintJob {
    let source = doc.source();
    Box::new(move || {
        let (diagnostics, _) = deckplan_validator::ti4::lint_source(&source);
        listed(&diagnostics, |_| ())
    })
}

/// The position a problem is at, if it is one.
pub fn position(problem: &Problem) -> Option<u32> {
    match *problem.place.as_ref()?.get::<Ti4Place>()? {
        Ti4Place::System { position }
        | Ti4Place::Side { position, .. }
        | Ti4Place::Seat { position, .. } => Some(position),
        Ti4Place::Galaxy => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::document::tests::five_players;
    use crate::ti4::edit::{Edit, Transaction};

    #[test]
    fn the_bundled_galaxy_has_no_live_problems_and_a_tile_outside_the_rings_shows_t007() {
        let mut doc = five_players();
        assert_eq!(lint_job(&doc)(), Vec::new());
        let mut step = Transaction::new("Place");
        step.edits.push(Edit::Tile(
            37,
            Some(deckplan_schema::ti4::map_string::Slot::System(26)),
        ));
        doc.apply(step).unwrap();
        let problems = lint_job(&doc)();
        let found: Vec<(&str, &str, &str)> = problems
            .iter()
            .map(|p| (p.code, p.message.as_str(), p.location.as_str()))
            .collect();
        assert_eq!(
            found,
            [(
                "T007",
                "position 37 is in ring 4, outside the galaxy's 3 rings",
                "pack.toml:44:1"
            )]
        );
        assert_eq!(position(&problems[0]), Some(37));
    }
}
