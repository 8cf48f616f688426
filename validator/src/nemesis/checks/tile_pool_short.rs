//! N004: fewer room tiles of a kind than slots of that kind.

use deckplan_schema::nemesis::{NemesisPlace, RoomKind, Slot};

use super::Finding;
use crate::nemesis::graph::ShipGraph;

declare_check! {
    /// ## What it checks
    /// For each slot kind, "1" and "2", the room-tile pool under `[tiles]` must
    /// hold at least as many tiles as the ship has slots of that kind. A pool
    /// with more tiles is fine: at setup the tiles are shuffled, one is placed
    /// face down on each slot, and the rest go back to the box unseen.
    ///
    /// ## Why it matters
    /// A slot with no tile left for it cannot be set up.
    ///
    /// ## Example
    /// Twelve `"1"` rooms and eleven names under `one`.
    ///
    /// ## How to fix
    /// Add tiles to the pool, or change a slot's `kind`.
    code: "N004",
    name: "tile-pool-short",
    severity: Error,
}

/// Reports each slot kind with too few tiles.
pub fn run(graph: &ShipGraph<'_>, out: &mut Vec<Finding>) {
    let tiles = &graph.ship.tiles;
    for slot in [Slot::One, Slot::Two] {
        let slots = graph
            .rooms()
            .filter(|r| r.kind == RoomKind::Slot(slot))
            .count();
        let pool = tiles.of(slot).len();
        if pool >= slots {
            continue;
        }
        out.push(
            Finding::new(
                tiles.span,
                NemesisPlace::Tiles,
                format!(
                    "the ship has {slots} \"{name}\" {} but the tile pool holds {pool} \"{name}\" {}",
                    if slots == 1 { "slot" } else { "slots" },
                    if pool == 1 { "tile" } else { "tiles" },
                    name = slot.name(),
                ),
            )
            .help(format!(
                "add {} {} to `{}` under `[tiles]`",
                slots - pool,
                if slots - pool == 1 { "tile" } else { "tiles" },
                match slot {
                    Slot::One => "one",
                    Slot::Two => "two",
                }
            )),
        );
    }
}
