//! Nemesis ships in the editor.

use std::path::Path;

use deckplan_validator::ruleset::Ruleset;

use crate::board::{Board, Game};
use crate::files::LoadFailure;
use crate::recovery::Found;

/// Nemesis in the editor.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nemesis;

static RULESET: deckplan_validator::nemesis::Nemesis = deckplan_validator::nemesis::Nemesis;

impl Game for Nemesis {
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
