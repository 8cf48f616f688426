//! Places on a Nemesis ship, as data: a room, a corridor, a technical
//! entrance, an escape pod, the tile pool or the ship as a whole.

use std::fmt;

use serde_json::{Value, json};

use crate::id::Id;
use crate::place::BoardPlace;

/// A place on a Nemesis ship, printed as a player names it
/// (`room cockpit`, `corridor cockpit–storage`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NemesisPlace {
    /// The ship as a whole.
    Ship,
    /// A room.
    Room(Id),
    /// A corridor between two rooms, in the order written.
    Corridor(Id, Id),
    /// A room's entrance to the technical corridors.
    Entrance(Id),
    /// A technical-corridor network.
    Network(Id),
    /// An escape pod, by number.
    EscapePod(u8),
    /// The room-tile pool.
    Tiles,
}

impl NemesisPlace {
    /// The kind, as JSON output names it (`room`, `corridor`, …).
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Ship => "ship",
            Self::Room(_) => "room",
            Self::Corridor(..) => "corridor",
            Self::Entrance(_) => "technical-entrance",
            Self::Network(_) => "network",
            Self::EscapePod(_) => "escape-pod",
            Self::Tiles => "tiles",
        }
    }
}

impl fmt::Display for NemesisPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Ship => f.write_str("ship"),
            Self::Room(id) => write!(f, "room {id}"),
            Self::Corridor(a, b) => write!(f, "corridor {a}–{b}"),
            Self::Entrance(id) => write!(f, "technical entrance in {id}"),
            Self::Network(id) => write!(f, "technical network {id}"),
            Self::EscapePod(n) => write!(f, "escape pod {n}"),
            Self::Tiles => f.write_str("room-tile pool"),
        }
    }
}

impl BoardPlace for NemesisPlace {
    const RULESET: &'static str = "nemesis";

    fn fields(&self) -> Value {
        let kind = self.kind();
        match self {
            Self::Ship | Self::Tiles => json!({ "kind": kind }),
            Self::Room(id) | Self::Entrance(id) => json!({ "kind": kind, "room": id.as_str() }),
            Self::Network(id) => json!({ "kind": kind, "network": id.as_str() }),
            Self::Corridor(a, b) => json!({ "kind": kind, "rooms": [a.as_str(), b.as_str()] }),
            Self::EscapePod(n) => json!({ "kind": kind, "number": n }),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn places_print_as_players_name_them() {
        let lab = Id::new("lab").unwrap();
        let dock = Id::new("dock").unwrap();
        let cases = [
            (NemesisPlace::Ship, "ship"),
            (NemesisPlace::Room(lab), "room lab"),
            (NemesisPlace::Corridor(lab, dock), "corridor lab–dock"),
            (NemesisPlace::Entrance(lab), "technical entrance in lab"),
            (NemesisPlace::Network(dock), "technical network dock"),
            (NemesisPlace::EscapePod(2), "escape pod 2"),
            (NemesisPlace::Tiles, "room-tile pool"),
        ];
        for (place, printed) in cases {
            assert_eq!(crate::Place::from(place).to_string(), printed);
        }
    }
}
