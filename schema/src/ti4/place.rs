//! Places in a TI4 galaxy, as data: the galaxy, a position, a side of one,
//! or a home seat.

use std::fmt;

use serde_json::{Value, json};

use crate::place::BoardPlace;

/// A place in a TI4 galaxy, by spiral index (`position 19`, `position 19 ne`,
/// `seat 1 at position 19`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ti4Place {
    /// The galaxy as a whole.
    Galaxy,
    /// A system position.
    System {
        /// Its spiral index (0 = centre).
        position: u32,
    },
    /// One side of a position (a hyperlane's end, a border).
    Side {
        /// The position's spiral index.
        position: u32,
        /// The side, clockwise from north.
        side: super::hex::Direction,
    },
    /// A home seat.
    Seat {
        /// The seat number, from 1.
        seat: u8,
        /// Its position's spiral index.
        position: u32,
    },
}

impl fmt::Display for Ti4Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Galaxy => f.write_str("the galaxy"),
            Self::System { position } => write!(f, "position {position}"),
            Self::Side { position, side } => write!(f, "position {position} {side} side"),
            Self::Seat { seat, position } => write!(f, "seat {seat} at position {position}"),
        }
    }
}

impl BoardPlace for Ti4Place {
    const RULESET: &'static str = "ti4";

    fn fields(&self) -> Value {
        match *self {
            Self::Galaxy => json!({ "kind": "galaxy" }),
            Self::System { position } => json!({ "kind": "system", "position": position }),
            Self::Side { position, side } => {
                json!({ "kind": "side", "position": position, "side": side.name() })
            }
            Self::Seat { seat, position } => {
                json!({ "kind": "seat", "seat": seat, "position": position })
            }
        }
    }
}
