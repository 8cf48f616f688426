//! X002: features on spaces where nothing can stand.

use std::collections::HashMap;

use deckplan_schema::{
    Span,
    enormity::{Discovery, Keyword, LocationPlace, Marker, Page, Space, SpaceKind, TerrainTile},
};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// Every feature printed on a space — markers (gear caches, engrams, objectives,
    /// dangerous spaces, Intruder and Spacer starts), consoles,
    /// keycards, discoveries, forced arrows, Location arrows and terrain tiles — must be
    /// on board spaces, not on out-of-bounds ones. Spacer and Intruder starts must also
    /// not be on an obstacle: a grid `O` or a terrain tile with the `obstacle` keyword.
    /// Other features may share a space with an obstacle (a console in a bank of
    /// machinery is printed that way). Extraction Points are exempt: the rules say the
    /// Extraction Point "becomes a board space" once extraction is under way, so it is
    /// printed off the board, next to the space it is initiated from (see E002).
    ///
    /// ## Why it matters
    /// Spacers and Intruders never enter out-of-bounds spaces, so a feature there can
    /// never be used, and a figure cannot be set up on an obstacle. It is usually a
    /// coordinate one row or column off, or a `#` typed for a `.` in the grid.
    ///
    /// ## Example
    /// `gear_caches = ["A1"]` while row A of the grid starts with `#`.
    ///
    /// ## How to fix
    /// Correct the feature's coordinate, or the grid character of its space.
    code: "X002",
    name: "feature-out-of-bounds",
    severity: Error,
}

/// Reports every feature on an out-of-bounds space, and every start on an obstacle.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        out_of_bounds(page, out);
        starts_on_obstacles(page, out);
    }
}

fn is_out_of_bounds(page: &Page, space: Space) -> bool {
    page.kind(space) == Some(SpaceKind::OutOfBounds)
}

/// Features on out-of-bounds spaces, one finding each.
fn out_of_bounds(page: &Page, out: &mut Vec<Finding>) {
    let spaces = &page.spaces;
    // (what, where, span) of every single-space feature.
    let mut features: Vec<(String, Space, Span)> = Vec::new();
    for (marker, at) in spaces
        .markers
        .iter()
        .filter(|(m, _)| **m != Marker::ExtractionPoint)
    {
        for (&space, &span) in at {
            features.push((format!("the {}", marker.label()), space, span));
        }
    }
    for (number, console) in &spaces.consoles {
        features.push((format!("console {number}"), console.at, console.span));
    }
    for (&space, keycard) in &spaces.keycards {
        features.push(("the keycard".to_string(), space, keycard.span));
    }
    for (&space, discovery) in &spaces.discoveries {
        let what = match discovery.discovery {
            Discovery::Numbered(n) => format!("discovery {n}"),
            Discovery::Coloured(colour) => format!("the {} discovery", colour.name()),
        };
        features.push((what, space, discovery.span));
    }
    for (&space, arrow) in &spaces.forced_arrows {
        features.push(("the forced arrow".to_string(), space, arrow.span));
    }
    for (&space, arrow) in &spaces.location_arrows {
        features.push((
            format!("the Location arrow to {}", arrow.target),
            space,
            arrow.span,
        ));
    }
    for (what, space, span) in features {
        if !is_out_of_bounds(page, space) {
            continue;
        }
        out.push(
            super::on_page(
                page,
                span,
                LocationPlace::space(page.id, space),
                format!("{what} on {space} is on an out-of-bounds space"),
            )
            .help(format!(
                "nothing can reach it there; move it to a board space, or make {space} a board \
                 space (`.` in the grid)"
            )),
        );
    }
    for tile in &spaces.terrain {
        let outside: Vec<String> = tile
            .spaces
            .iter()
            .filter(|s| is_out_of_bounds(page, **s))
            .map(Space::to_string)
            .collect();
        let Some(first) = tile.spaces.iter().find(|s| is_out_of_bounds(page, **s)) else {
            continue;
        };
        let name = match &tile.name {
            Some(name) => format!("the terrain tile \"{name}\""),
            None => "a terrain tile".to_string(),
        };
        let plural = if outside.len() == 1 { "" } else { "s" };
        out.push(
            super::on_page(
                page,
                tile.span,
                LocationPlace::space(page.id, *first),
                format!(
                    "{name} covers out-of-bounds space{plural} {}",
                    outside.join(", ")
                ),
            )
            .help(
                "terrain lies on board spaces; take those spaces out of the tile, or make \
                 them board spaces (`.` in the grid)",
            ),
        );
    }
}

/// Spacer and Intruder starts on obstacles: the figure could not be set up there.
fn starts_on_obstacles(page: &Page, out: &mut Vec<Finding>) {
    // Looked up per start, so index the obstacle tiles by space once.
    let tiles: HashMap<Space, &TerrainTile> = page
        .spaces
        .terrain
        .iter()
        .filter(|t| t.keywords.contains(&Keyword::Obstacle))
        .flat_map(|t| t.spaces.iter().map(move |s| (*s, t)))
        .collect();
    for marker in [Marker::SpacerStart, Marker::IntruderStart] {
        for (space, span) in page.spaces.marked(marker) {
            let obstacle = if page.kind(space) == Some(SpaceKind::Obstacle) {
                "an obstacle".to_string()
            } else {
                match tiles.get(&space).map(|t| &t.name) {
                    Some(Some(name)) => format!("the obstacle tile \"{name}\""),
                    Some(None) => "an obstacle tile".to_string(),
                    None => continue,
                }
            };
            let who = match marker {
                Marker::SpacerStart => "a Spacer",
                _ => "an Intruder",
            };
            out.push(
                super::on_page(
                    page,
                    span,
                    LocationPlace::space(page.id, space),
                    format!("the {} on {space} is on {obstacle}", marker.label()),
                )
                .help(format!(
                    "{who} cannot be set up on an obstacle; move the start to a free board space, \
                     or remove the obstacle"
                )),
            );
        }
    }
}
