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

use deckplan_schema::model::LintSettings;
use deckplan_schema::ti4::catalogue::{Catalogue, System};
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::{Place, SourceFile, Span, Ti4Place};

use super::adjacency::{Adjacency, Node};
use crate::check::CheckMeta;
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

    /// A finding of `meta` at `node`.
    pub fn finding(&self, meta: &CheckMeta, node: Node, message: String) -> Diagnostic {
        let place = match node {
            Node::Board(position) => Some(Place::Ti4(Ti4Place::System { position })),
            Node::OffBoard(_) => Some(Place::Ti4(Ti4Place::Galaxy)),
        };
        Diagnostic {
            code: meta.code,
            name: meta.name,
            severity: meta.severity,
            message,
            file: Arc::clone(self.source),
            span: self.span(node),
            place,
            help: None,
            labels: Vec::new(),
        }
    }
}

/// A label on another position's line.
pub fn label(galaxy: &Galaxy<'_>, node: Node, message: impl Into<String>) -> Option<Label> {
    galaxy.span(node).map(|span| Label {
        span,
        message: message.into(),
    })
}

/// Every TI4 check's metadata, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    vec![
        adjacent_anomalies::META,
        lone_wormhole::META,
        seat_placement::META,
        unreachable_system::META,
        tile_used_twice::META,
        hyperlane_dead_end::META,
        position_outside_rings::META,
    ]
}

/// Runs every check at the levels the galaxy's `[lint]` table sets.
pub fn run_all(galaxy: &Galaxy<'_>, settings: &LintSettings) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    adjacent_anomalies::run(galaxy, &mut out);
    lone_wormhole::run(galaxy, &mut out);
    seat_placement::run(galaxy, &mut out);
    unreachable_system::run(galaxy, &mut out);
    tile_used_twice::run(galaxy, &mut out);
    hyperlane_dead_end::run(galaxy, &mut out);
    position_outside_rings::run(galaxy, &mut out);
    let metas = all_meta();
    out.retain_mut(|finding| {
        let level = metas
            .iter()
            .find(|meta| meta.code == finding.code)
            .map_or(Some(finding.severity), |meta| meta.severity_under(settings));
        level.map(|severity| finding.severity = severity).is_some()
    });
    out
}
