//! Battlestations ships in the editor: shown read-only (the ship, all its
//! levels, that `deckplan render` draws, and `deckplan lint`'s problems)
//! until their editing is built here.

use std::path::Path;

use deckplan_validator::ruleset::Ruleset;

use crate::board::{Board, Game};
use crate::files::LoadFailure;
use crate::recovery::Found;

/// Battlestations in the editor.
#[derive(Clone, Copy, Debug, Default)]
pub struct Battlestations;

/// The validator's ruleset, whose pictures and problems the board shows.
static RULESET: deckplan_validator::battlestations::Battlestations = deckplan_validator::battlestations::Battlestations;

impl Game for Battlestations {
    fn ruleset(&self) -> &'static str {
        RULESET.name()
    }

    fn open(&self, path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
        crate::readonly::open(&RULESET, path)
    }

    fn recover(&self, found: &Found) -> Result<Box<dyn Board>, LoadFailure> {
        crate::readonly::recover(found)
    }
}
