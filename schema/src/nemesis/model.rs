//! The checked model of a Nemesis ship: rooms, corridors with their numbers,
//! doors, technical-corridor entrances and networks, escape pods and the
//! room-tile pool. Only the resolver builds it, so every value in it is valid
//! on its own; what needs the whole ship (reachability, the numbers around a
//! room) is left to the validator's checks.

use std::fmt;
use std::sync::Arc;

use crate::source::{SourceFile, Span};

use crate::id::Id;

/// One or two of the corridor numbers 1–4, as printed at a corridor's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Numbers(u8);

impl Numbers {
    /// No number at all.
    pub const NONE: Self = Self(0);
    /// All four numbers.
    pub const ALL: Self = Self(0b1111);

    /// The set of one number 1–4 (`None` for anything else).
    pub const fn one(n: u8) -> Option<Self> {
        match n {
            1..=4 => Some(Self(1 << (n - 1))),
            _ => None,
        }
    }

    /// Whether `n` is among them.
    pub const fn contains(self, n: u8) -> bool {
        match Self::one(n) {
            Some(one) => self.0 & one.0 != 0,
            None => false,
        }
    }

    /// Both sets together.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self(self.0 | other.0)
    }

    /// The numbers both sets hold.
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        Self(self.0 & other.0)
    }

    /// The numbers this set lacks, of 1–4.
    #[must_use]
    pub const fn missing(self) -> Self {
        Self(!self.0 & 0b1111)
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The numbers, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=4).filter(move |&n| self.contains(n))
    }

    /// How many numbers the set holds.
    pub fn len(self) -> usize {
        self.iter().count()
    }
}

impl fmt::Display for Numbers {
    /// `1`, `1 and 2`, `1, 2 and 4`; `none` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let numbers: Vec<String> = self.iter().map(|n| n.to_string()).collect();
        match numbers.split_last() {
            None => f.write_str("none"),
            Some((last, [])) => f.write_str(last),
            Some((last, rest)) => write!(f, "{} and {last}", rest.join(", ")),
        }
    }
}

/// A "1" or "2" room slot, filled at setup by a face-down room tile of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    /// A slot for a "1" room tile.
    One,
    /// A slot for a "2" room tile.
    Two,
}

impl Slot {
    /// The kind as written (`1`, `2`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::One => "1",
            Self::Two => "2",
        }
    }
}

/// A special room printed on the board (explored from the start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Special {
    /// The Hibernatorium, where the characters start.
    Hibernatorium,
    /// The Cockpit.
    Cockpit,
    /// One of the three Engines, numbered 1–3.
    Engine(u8),
    /// Another special room of a custom ship, named by the room's name.
    Other,
}

impl Special {
    /// The special rooms a ship must hold exactly once each.
    pub const REQUIRED: [Self; 5] = [
        Self::Hibernatorium,
        Self::Cockpit,
        Self::Engine(1),
        Self::Engine(2),
        Self::Engine(3),
    ];
}

/// What a room is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RoomKind {
    /// A slot for a room tile.
    Slot(Slot),
    /// A special room.
    Special(Special),
}

impl RoomKind {
    /// Every kind name a file may give, in the order docs list them.
    pub const NAMES: [&'static str; 8] = [
        "1",
        "2",
        "hibernatorium",
        "cockpit",
        "engine-1",
        "engine-2",
        "engine-3",
        "special",
    ];

    /// Reads a kind name.
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "1" => Self::Slot(Slot::One),
            "2" => Self::Slot(Slot::Two),
            "hibernatorium" => Self::Special(Special::Hibernatorium),
            "cockpit" => Self::Special(Special::Cockpit),
            "engine-1" => Self::Special(Special::Engine(1)),
            "engine-2" => Self::Special(Special::Engine(2)),
            "engine-3" => Self::Special(Special::Engine(3)),
            "special" => Self::Special(Special::Other),
            _ => return None,
        })
    }

    /// The kind as written.
    pub fn name(self) -> &'static str {
        match self {
            Self::Slot(Slot::One) => "1",
            Self::Slot(Slot::Two) => "2",
            Self::Special(Special::Hibernatorium) => "hibernatorium",
            Self::Special(Special::Cockpit) => "cockpit",
            Self::Special(Special::Engine(1)) => "engine-1",
            Self::Special(Special::Engine(2)) => "engine-2",
            Self::Special(Special::Engine(_)) => "engine-3",
            Self::Special(Special::Other) => "special",
        }
    }

    /// Whether a room of this kind starts the game explored (face up).
    pub const fn starts_explored(self) -> bool {
        matches!(self, Self::Special(_))
    }
}

/// A room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Its id.
    pub id: Id,
    /// What it is.
    pub kind: RoomKind,
    /// Its printed name, if the file gives one.
    pub name: Option<String>,
    /// Where it is drawn: column and row on a drawing grid, from the top left.
    pub at: (u16, u16),
    /// The whole `[[rooms]]` table.
    pub span: Span,
    /// The `id` value.
    pub id_span: Span,
    /// The `kind` value.
    pub kind_span: Span,
}

impl Room {
    /// The name to show: the printed name, else the id.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or(self.id.as_str())
    }
}

/// A corridor between two rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corridor {
    /// The two rooms, as written.
    pub rooms: [Id; 2],
    /// The numbers printed at the first room's end.
    pub numbers: Numbers,
    /// The numbers printed at the second room's end, when the file says they differ.
    pub other_end: Option<Numbers>,
    /// Whether a Door token stands in it.
    pub door: bool,
    /// The whole `[[corridors]]` table.
    pub span: Span,
    /// The `between` value.
    pub rooms_span: Span,
    /// The `numbers` value.
    pub numbers_span: Span,
    /// The `other_end` value.
    pub other_end_span: Option<Span>,
    /// The `door` value.
    pub door_span: Option<Span>,
}

impl Corridor {
    /// The numbers printed at `room`'s end (the first end's for a corridor
    /// from a room to itself).
    pub fn numbers_at(&self, room: Id) -> Numbers {
        if self.rooms[0] != room && self.rooms[1] == room {
            self.other_end.unwrap_or(self.numbers)
        } else {
            self.numbers
        }
    }

    /// The room at the other end from `room`.
    pub fn other(&self, room: Id) -> Id {
        if self.rooms[0] == room {
            self.rooms[1]
        } else {
            self.rooms[0]
        }
    }
}

/// A technical-corridor network: every entrance of it meets in one shared space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Its id.
    pub id: Id,
    /// Where its shared space is drawn.
    pub at: (u16, u16),
    /// The `[[networks]]` table.
    pub span: Span,
}

/// A room's entrance to the technical corridors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrance {
    /// The room.
    pub room: Id,
    /// The corridor numbers printed at the entrance (one or two), if any.
    pub numbers: Option<Numbers>,
    /// The network it opens on, if any.
    pub network: Option<Id>,
    /// Whether the file puts a Door token on it (never allowed in play).
    pub door: bool,
    /// The whole `[[technical_entrances]]` table.
    pub span: Span,
    /// The `room` value.
    pub room_span: Span,
    /// The `door` value.
    pub door_span: Option<Span>,
}

impl Entrance {
    /// The numbers as a set (empty when the entrance has none).
    pub fn numbers(&self) -> Numbers {
        self.numbers.unwrap_or(Numbers::NONE)
    }
}

/// Escape-pod section A or B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// Section A.
    A,
    /// Section B.
    B,
}

impl Section {
    /// Both sections.
    pub const ALL: [Self; 2] = [Self::A, Self::B];

    /// The section as written.
    pub const fn name(self) -> &'static str {
        match self {
            Self::A => "A",
            Self::B => "B",
        }
    }
}

/// An escape pod's place on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EscapePod {
    /// Its number, 1–4 (pods are placed alternately A, B, A, B).
    pub number: u8,
    /// Its section.
    pub section: Section,
    /// The room it is launched from.
    pub room: Id,
    /// The `[[escape_pods]]` table.
    pub span: Span,
}

/// The room tiles shuffled onto the slots at setup, by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TilePool {
    /// "1" room tiles, by name.
    pub one: Vec<String>,
    /// "2" room tiles, by name.
    pub two: Vec<String>,
    /// The `[tiles]` table, when written.
    pub span: Option<Span>,
}

impl TilePool {
    /// The tiles of one kind.
    pub fn of(&self, slot: Slot) -> &[String] {
        match slot {
            Slot::One => &self.one,
            Slot::Two => &self.two,
        }
    }
}

/// A ship file: one side of a board.
#[derive(Clone, Debug)]
pub struct Ship {
    /// The ship's name.
    pub name: String,
    /// Which board it is (`basic side`, `advanced side`, a fan ship's name).
    pub board: Option<String>,
    /// Rooms, in file order.
    pub rooms: Vec<Room>,
    /// Corridors, in file order.
    pub corridors: Vec<Corridor>,
    /// Technical-corridor networks.
    pub networks: Vec<Network>,
    /// Technical-corridor entrances.
    pub entrances: Vec<Entrance>,
    /// Escape pods.
    pub escape_pods: Vec<EscapePod>,
    /// The room-tile pool.
    pub tiles: TilePool,
    /// The file, for diagnostics.
    pub source: Arc<SourceFile>,
}

impl Ship {
    /// The room with this id.
    pub fn room(&self, id: Id) -> Option<&Room> {
        self.rooms.iter().find(|r| r.id == id)
    }
}

/// A Nemesis `pack.toml`, with its ship when it loaded.
pub type ShipPack = crate::ship_pack::ShipPack<Ship>;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_a_sentence() {
        let one = Numbers::one(1).unwrap();
        let two = Numbers::one(2).unwrap();
        let four = Numbers::one(4).unwrap();
        assert_eq!(one.to_string(), "1");
        assert_eq!(one.union(two).to_string(), "1 and 2");
        assert_eq!(one.union(two).union(four).to_string(), "1, 2 and 4");
        assert_eq!(Numbers::NONE.to_string(), "none");
        assert_eq!(one.union(two).missing().to_string(), "3 and 4");
        assert_eq!(Numbers::one(5), None);
    }

    #[test]
    fn kinds_round_trip() {
        for name in RoomKind::NAMES {
            assert_eq!(RoomKind::parse(name).map(RoomKind::name), Some(name));
        }
        assert_eq!(RoomKind::parse("engine-4"), None);
    }
}
