//! Systems and adjacency in words, for `deckplan reach` on a galaxy: a
//! position beside its tile number and name, so an answer reads without the
//! spiral in one's head.

use deckplan_schema::ti4::catalogue::{Anomaly, System};
use deckplan_schema::ti4::hex::Direction;
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::write::wormhole_name;
use serde_json::{Value, json};

use crate::ti4::adjacency::{Node, Reason};
use crate::ti4::checks::Galaxy;

/// A node as the command line names it: `8`, or `off-board 51`.
pub fn node_text(node: Node) -> String {
    match node {
        Node::Board(position) => position.to_string(),
        Node::OffBoard(tile) => format!("off-board {tile}"),
    }
}

/// The tile a node holds: its number, or `None` for an open position.
pub fn tile_of(galaxy: &Galaxy<'_>, node: Node) -> Option<u16> {
    match node {
        Node::Board(position) => match galaxy.file.tiles.get(&position)?.slot {
            Slot::System(number) => Some(number),
            _ => None,
        },
        Node::OffBoard(tile) => Some(tile),
    }
}

/// What a player calls a system: its planets (`Quann`, `Arnor and Lor`); a
/// planetless one by its anomaly or wormhole (`gravity rift`, `alpha
/// wormhole`); otherwise `empty`. An open position is `open`.
pub fn system_name(galaxy: &Galaxy<'_>, node: Node) -> String {
    match galaxy.system(node) {
        Some(system) => name_of(system),
        None if tile_of(galaxy, node).is_some() => "unknown tile".to_string(),
        None => "open".to_string(),
    }
}

/// A system by its planets, else its anomaly or wormhole, else `empty`.
pub fn name_of(system: &System) -> String {
    let planets: Vec<&str> = system.planets.iter().map(|p| p.name.as_str()).collect();
    if let Some((last, rest)) = planets.split_last() {
        return if rest.is_empty() {
            (*last).to_string()
        } else {
            format!("{} and {last}", rest.join(", "))
        };
    }
    if let Some(anomaly) = system.anomalies.first() {
        return match anomaly {
            Anomaly::AsteroidField => "asteroid field",
            Anomaly::Nebula => "nebula",
            Anomaly::Supernova => "supernova",
            Anomaly::GravityRift => "gravity rift",
        }
        .to_string();
    }
    if let Some(wormhole) = system.wormholes.first() {
        return format!("{} wormhole", wormhole_name(*wormhole));
    }
    "empty".to_string()
}

/// A node with its tile: `8 (tile 25, Quann)`, `off-board 51 (Creuss)`, `4 (open)`.
pub fn label(galaxy: &Galaxy<'_>, node: Node) -> String {
    let name = system_name(galaxy, node);
    match (node, tile_of(galaxy, node)) {
        (Node::Board(position), Some(tile)) => format!("{position} (tile {tile}, {name})"),
        (Node::Board(position), None) => format!("{position} ({name})"),
        (Node::OffBoard(tile), _) => format!("off-board {tile} ({name})"),
    }
}

/// A node as JSON: `{"system": "8", "tile": 25, "name": "Quann"}`.
pub fn node_json(galaxy: &Galaxy<'_>, node: Node) -> Value {
    json!({
        "system": node_text(node),
        "tile": tile_of(galaxy, node),
        "name": system_name(galaxy, node),
    })
}

/// A side of a hex as a player says it: `north`, `south-east`.
pub fn side_name(side: Direction) -> &'static str {
    match side {
        Direction::N => "north",
        Direction::Ne => "north-east",
        Direction::Se => "south-east",
        Direction::S => "south",
        Direction::Sw => "south-west",
        Direction::Nw => "north-west",
    }
}

/// One reason two systems are adjacent, in words.
pub fn reason_text(reason: &Reason) -> String {
    match reason {
        Reason::Side(side) => format!("sides touch ({} side)", side_name(*side)),
        Reason::Hyperlane(side) => {
            format!("a hyperlane (leaving by the {} side)", side_name(*side))
        }
        Reason::Wormhole(w) => format!("{} wormholes", wormhole_name(*w)),
        Reason::Joined {
            here,
            there,
            modifier,
        } => format!(
            "{} and {} wormholes joined by the modifier \"{modifier}\"",
            wormhole_name(*here),
            wormhole_name(*there)
        ),
    }
}

/// One reason two systems are adjacent, as JSON with a `kind`.
pub fn reason_json(reason: &Reason) -> Value {
    match reason {
        Reason::Side(side) => json!({ "kind": "side", "side": side_name(*side) }),
        Reason::Hyperlane(side) => json!({ "kind": "hyperlane", "side": side_name(*side) }),
        Reason::Wormhole(w) => json!({ "kind": "wormhole", "wormhole": wormhole_name(*w) }),
        Reason::Joined {
            here,
            there,
            modifier,
        } => json!({
            "kind": "modifier",
            "wormholes": [wormhole_name(*here), wormhole_name(*there)],
            "modifier": modifier,
        }),
    }
}
