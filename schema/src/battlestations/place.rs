//! Places on a Battlestations ship, as data: the ship, a level, a module, a
//! square or an external door.

use std::fmt;

use serde_json::{Value, json};

use crate::id::Id;
use crate::place::BoardPlace;

use super::square::{Side, Square};

/// A place on a Battlestations ship, printed as a player names it
/// (`module helm`, `H3`, `upper H3`, `door A3 west`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BattlestationsPlace {
    /// The ship as a whole.
    Ship,
    /// A level of a multilevel ship.
    Level(Id),
    /// A module, by id.
    Module(Id),
    /// A square; the level is named on a ship of several levels.
    Square {
        /// Its level's id, on a multilevel ship.
        level: Option<Id>,
        /// The square.
        square: Square,
    },
    /// An external door on a side of a square.
    Door {
        /// Its level's id, on a multilevel ship.
        level: Option<Id>,
        /// The square inside the hull.
        square: Square,
        /// The side the door is on.
        side: Side,
    },
}

impl BattlestationsPlace {
    /// The kind, as JSON output names it (`square`, `module`, …).
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Ship => "ship",
            Self::Level(_) => "level",
            Self::Module(_) => "module",
            Self::Square { .. } => "square",
            Self::Door { .. } => "door",
        }
    }
}

impl fmt::Display for BattlestationsPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = |f: &mut fmt::Formatter<'_>, level: &Option<Id>| match level {
            Some(id) => write!(f, "{id} "),
            None => Ok(()),
        };
        match self {
            Self::Ship => f.write_str("ship"),
            Self::Level(id) => write!(f, "level {id}"),
            Self::Module(id) => write!(f, "module {id}"),
            Self::Square { level: l, square } => {
                level(f, l)?;
                write!(f, "{square}")
            }
            Self::Door {
                level: l,
                square,
                side,
            } => {
                f.write_str("door ")?;
                level(f, l)?;
                write!(f, "{square} {side}")
            }
        }
    }
}

impl BoardPlace for BattlestationsPlace {
    const RULESET: &'static str = "battlestations";

    fn fields(&self) -> Value {
        let kind = self.kind();
        let level = |l: &Option<Id>| l.map(|l| l.as_str().to_string());
        match self {
            Self::Ship => json!({ "kind": kind }),
            Self::Level(id) => json!({ "kind": kind, "level": id.as_str() }),
            Self::Module(id) => json!({ "kind": kind, "module": id.as_str() }),
            Self::Square { level: l, square } => {
                json!({ "kind": kind, "level": level(l), "square": square.to_string() })
            }
            Self::Door {
                level: l,
                square,
                side,
            } => json!({
                "kind": kind, "level": level(l), "square": square.to_string(), "side": side.name(),
            }),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn places_print_as_players_name_them() {
        let upper = Id::new("upper").unwrap();
        let h3 = Square::parse("H3").unwrap();
        let cases = [
            (BattlestationsPlace::Ship, "ship"),
            (BattlestationsPlace::Level(upper), "level upper"),
            (
                BattlestationsPlace::Module(Id::new("helm").unwrap()),
                "module helm",
            ),
            (
                BattlestationsPlace::Square {
                    level: None,
                    square: h3,
                },
                "H3",
            ),
            (
                BattlestationsPlace::Square {
                    level: Some(upper),
                    square: h3,
                },
                "upper H3",
            ),
            (
                BattlestationsPlace::Door {
                    level: None,
                    square: h3,
                    side: Side::West,
                },
                "door H3 west",
            ),
        ];
        for (place, printed) in cases {
            assert_eq!(crate::Place::from(place).to_string(), printed);
        }
    }
}
