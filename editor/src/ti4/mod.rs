//! Twilight Imperium 4 galaxies in the editor: shown read-only (the galaxy
//! `deckplan render` draws, and `deckplan lint`'s problems) until their
//! editing is built here.

use std::path::Path;

use deckplan_validator::ruleset::Ruleset;

use crate::board::{Board, Game};
use crate::files::LoadFailure;
use crate::recovery::Found;

/// TI4 in the editor.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ti4;

/// The validator's ruleset, whose pictures and problems the board shows.
static RULESET: deckplan_validator::ti4::Ti4 = deckplan_validator::ti4::Ti4;

impl Game for Ti4 {
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
