//! A TI4 galaxy drawn for the terminal: each position's tile at its place on a
//! flat-topped hex grid with its spiral index under it, seats in brackets,
//! then the seats' balance figures.

use deckplan_schema::ti4::catalogue::{Anomaly, Wormhole};
use deckplan_schema::ti4::hex::Hex;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::write::wormhole_name;

use super::adjacency::Node;
use super::balance;
use super::checks::Galaxy;
use crate::render::printable;

/// Columns between the centres of two neighbouring columns of hexes.
const COLUMN: i32 = 7;

/// The symbols of a system: wormholes as Greek letters, anomalies as marks.
fn symbols(galaxy: &Galaxy<'_>, node: Node) -> String {
    let Some(system) = galaxy.system(node) else {
        return String::new();
    };
    let mut out = String::new();
    for wormhole in &system.wormholes {
        out.push(match wormhole {
            Wormhole::Alpha => 'α',
            Wormhole::Beta => 'β',
            Wormhole::Gamma => 'γ',
            _ => 'δ',
        });
    }
    for anomaly in &system.anomalies {
        out.push(match anomaly {
            Anomaly::AsteroidField => ':',
            Anomaly::Nebula => '~',
            Anomaly::Supernova => '*',
            Anomaly::GravityRift => '@',
        });
    }
    out
}

/// The label of a position: tile, symbols, and brackets for a seat.
fn label(galaxy: &Galaxy<'_>, index: u32, slot: Slot) -> String {
    let text = match slot {
        Slot::Open => "0".to_string(),
        other => format!("{other}{}", symbols(galaxy, Node::Board(index))),
    };
    if galaxy.file.homes.iter().any(|h| h.position == index) {
        format!("[{text}]")
    } else {
        text
    }
}

/// The galaxy as text.
pub fn draw(galaxy: &Galaxy<'_>) -> String {
    let rings = i32::try_from(galaxy.file.drawn_rings()).unwrap_or(8);
    let height = usize::try_from(8 * rings + 2).unwrap_or(0);
    let width = usize::try_from(2 * rings * COLUMN + COLUMN).unwrap_or(0);
    let mut grid: Vec<Vec<char>> = vec![vec![' '; width]; height];
    for (&index, placed) in &galaxy.file.tiles {
        let hex = Hex::from_index(index);
        // Two lines per half hex: the tile on one, its position under it.
        let row = 2 * (2 * hex.r() + hex.q() + 2 * rings);
        let centre = (hex.q() + rings) * COLUMN + COLUMN / 2;
        // The tile, and under it the position's spiral index, which every
        // command names it by.
        for (line, text) in [
            (row, label(galaxy, index, placed.slot)),
            (row + 1, format!("#{index}")),
        ] {
            let text: Vec<char> = text.chars().collect();
            let start = centre - i32::try_from(text.len() / 2).unwrap_or(0);
            let Some(line) = usize::try_from(line).ok().and_then(|r| grid.get_mut(r)) else {
                continue;
            };
            for (offset, character) in text.into_iter().enumerate() {
                let column = usize::try_from(start).ok().map(|s| s + offset);
                if let Some(cell) = column.and_then(|c| line.get_mut(c)) {
                    *cell = character;
                }
            }
        }
    }
    let picture: String = grid
        .iter()
        .map(|line| {
            let text: String = line.iter().collect();
            format!("{}\n", text.trim_end())
        })
        .collect();
    // Rows above and below the outermost tiles are left out.
    let mut out = format!("{}\n", picture.trim_matches('\n'));
    out.push_str(&format!(
        "\n{} · {} rings\n",
        printable(&galaxy.file.name),
        galaxy.file.rings
    ));
    out.push_str("α β γ δ wormholes   : asteroid field   ~ nebula   * supernova   @ gravity rift   [ ] home seat   #19 position (spiral index)\n");
    if !galaxy.file.off_board.is_empty() {
        let tiles: Vec<String> = galaxy
            .file
            .off_board
            .iter()
            .map(ToString::to_string)
            .collect();
        out.push_str(&format!("Beside the board: {}\n", tiles.join(", ")));
    }
    let seats = balance::of(galaxy);
    for seat in &seats {
        let wormholes: Vec<&str> = seat.wormholes.iter().map(|w| wormhole_name(*w)).collect();
        out.push_str(&format!(
            "Seat {} (position {}): within 1 move {} resources / {} influence; within 2 moves {} / {}; wormholes within 2: {}\n",
            seat.seat,
            seat.position,
            seat.within_one.resources,
            seat.within_one.influence,
            seat.within_two.resources,
            seat.within_two.influence,
            if wormholes.is_empty() { "none".to_string() } else { wormholes.join(", ") }
        ));
    }
    for seat in &seats {
        out.push_str(&format!(
            "Seat {} share: {}\n",
            seat.seat,
            share_line(&seat.share)
        ));
    }
    if let Some(spread) = balance::spread(&seats) {
        out.push_str(&format!("{}\n", spread_line(&spread)));
    }
    out
}

/// The spread of the seats' optimal totals in a line.
pub fn spread_line(spread: &balance::Spread) -> String {
    let figure = balance::printed(spread.optimal_total);
    if figure == "0" {
        "Spread of optimal totals: 0 (every seat equal)".to_string()
    } else {
        format!(
            "Spread of optimal totals: {figure} (seat {} best, seat {} worst)",
            spread.best, spread.worst
        )
    }
}

/// One seat's share in a line: systems, totals, optimal values and counts.
pub fn share_line(share: &balance::Share) -> String {
    let p = |v: f64| balance::printed(v);
    format!(
        "{} systems, {} resources / {} influence, optimal {} / {} = {}, {} tech, {} legendary, {} wormholes, {} anomalies",
        p(share.systems),
        p(share.resources),
        p(share.influence),
        p(share.optimal_resources),
        p(share.optimal_influence),
        p(share.optimal_total()),
        p(share.tech_specialties),
        p(share.legendary),
        p(share.wormholes),
        p(share.anomalies),
    )
}
