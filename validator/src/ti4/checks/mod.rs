//! TI4 galaxy checks, one file each, run on a galaxy's adjacency built once.
//! Their codes are the `T` family.

pub mod adjacent_anomalies;
pub mod hyperlane_dead_end;
pub mod lone_wormhole;
pub mod position_outside_rings;
pub mod seat_placement;
pub mod tile_used_twice;
pub mod unreachable_system;

use std::sync::Arc;

use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::ti4::catalogue::{Catalogue, System};
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::{SourceFile, Span, ti4::Ti4Place};

use super::adjacency::{Adjacency, Node};
use crate::check::CheckMeta;
pub use crate::check::Finding;
use crate::diagnostic::{Diagnostic, Label};

/// What every check reads: the galaxy, its catalogue (custom tiles included),
/// its adjacency and its file.
pub struct Galaxy<'a> {
    /// The galaxy as read.
    pub file: &'a GalaxyFile,
    /// The built-in tiles and the galaxy's custom ones.
    pub catalogue: &'a Catalogue,
    /// Adjacency with the modifiers as the file sets them.
    pub adjacency: &'a Adjacency,
    /// The galaxy file, for spans.
    pub source: &'a Arc<SourceFile>,
}

impl Galaxy<'_> {
    /// The system at a node (`None` for an open position).
    pub fn system(&self, node: Node) -> Option<&System> {
        match node {
            Node::Board(index) => match self.file.tiles.get(&index)?.slot {
                Slot::System(number) => self.catalogue.system(number),
                _ => None,
            },
            Node::OffBoard(number) => self.catalogue.system(number),
        }
    }

    /// The span of a position's `[tiles]` line, or of the `off_board` entry.
    pub fn span(&self, node: Node) -> Option<Span> {
        match node {
            Node::Board(index) => self.file.tiles.get(&index).map(|p| p.span),
            Node::OffBoard(_) => None,
        }
    }

    /// A finding at `node`.
    pub fn finding(&self, node: Node, message: String) -> Finding {
        let place = match node {
            Node::Board(position) => Ti4Place::System { position },
            Node::OffBoard(_) => Ti4Place::Galaxy,
        };
        Finding::new(self.span(node), place, message)
    }
}

/// A label on another position's line.
pub fn label(galaxy: &Galaxy<'_>, node: Node, message: impl Into<String>) -> Option<Label> {
    galaxy.span(node).map(|span| Label {
        span,
        message: message.into(),
    })
}

checks![
    super::Ti4:
    adjacent_anomalies,
    lone_wormhole,
    seat_placement,
    unreachable_system,
    tile_used_twice,
    hyperlane_dead_end,
    position_outside_rings,
];

/// Every TI4 check's metadata, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    CHECKS.iter().map(|c| c.meta).collect()
}

/// Runs every check at the levels the galaxy's `[lint]` table sets.
pub fn run_all(galaxy: &Galaxy<'_>, settings: &LintSettings) -> Vec<Diagnostic> {
    crate::check::run_all(CHECKS, galaxy, galaxy.source, settings)
}
