//! The room graph of a ship, built once and shared by every check and the
//! rules engine: rooms by id, and for each room the corridors and technical
//! entrance that leave it. A ship has a few dozen rooms, so plain adjacency
//! lists do; the ids never leave as indices.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::{Corridor, Entrance, Numbers, Room, RoomKind, Ship, Special};

/// One way out of a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit<'s> {
    /// A corridor to another room (or, in a broken ship, to itself).
    Corridor(&'s Corridor),
    /// The room's entrance to the technical corridors.
    Technical(&'s Entrance),
}

impl Exit<'_> {
    /// The numbers printed at this exit, seen from `room`.
    pub fn numbers_at(&self, room: Id) -> Numbers {
        match self {
            Self::Corridor(c) => c.numbers_at(room),
            Self::Technical(e) => e.numbers(),
        }
    }
}

/// A ship with its rooms indexed.
#[derive(Debug)]
pub struct ShipGraph<'s> {
    /// The ship.
    pub ship: &'s Ship,
    rooms: BTreeMap<Id, &'s Room>,
    exits: BTreeMap<Id, Vec<Exit<'s>>>,
}

impl<'s> ShipGraph<'s> {
    /// Indexes a ship's rooms and their exits.
    pub fn new(ship: &'s Ship) -> Self {
        let rooms: BTreeMap<Id, &Room> = ship.rooms.iter().map(|r| (r.id, r)).collect();
        let mut exits: BTreeMap<Id, Vec<Exit<'s>>> = BTreeMap::new();
        for corridor in &ship.corridors {
            let [a, b] = corridor.rooms;
            exits.entry(a).or_default().push(Exit::Corridor(corridor));
            if b != a {
                exits.entry(b).or_default().push(Exit::Corridor(corridor));
            }
        }
        for entrance in &ship.entrances {
            exits
                .entry(entrance.room)
                .or_default()
                .push(Exit::Technical(entrance));
        }
        Self { ship, rooms, exits }
    }

    /// The room with this id.
    pub fn room(&self, id: Id) -> Option<&'s Room> {
        self.rooms.get(&id).copied()
    }

    /// Every room, in file order.
    pub fn rooms(&self) -> impl Iterator<Item = &'s Room> + '_ {
        self.ship.rooms.iter()
    }

    /// The ways out of a room, corridors in file order, then its technical entrance.
    pub fn exits(&self, room: Id) -> &[Exit<'s>] {
        self.exits.get(&room).map_or(&[], Vec::as_slice)
    }

    /// The corridors that leave a room.
    pub fn corridors(&self, room: Id) -> impl Iterator<Item = &'s Corridor> + '_ {
        self.exits(room).iter().filter_map(|e| match e {
            Exit::Corridor(c) => Some(*c),
            Exit::Technical(_) => None,
        })
    }

    /// The room's technical entrance, if it has one.
    pub fn entrance(&self, room: Id) -> Option<&'s Entrance> {
        self.exits(room).iter().find_map(|e| match e {
            Exit::Technical(t) => Some(*t),
            Exit::Corridor(_) => None,
        })
    }

    /// The first room of a special kind.
    pub fn special(&self, special: Special) -> Option<&'s Room> {
        self.rooms().find(|r| r.kind == RoomKind::Special(special))
    }

    /// Every room a character can walk to from `start` through corridors whose
    /// doors `passable` lets through.
    pub fn reachable(&self, start: Id, passable: impl Fn(&Corridor) -> bool) -> BTreeSet<Id> {
        let mut seen = BTreeSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(room) = queue.pop_front() {
            for corridor in self.corridors(room).filter(|c| passable(c)) {
                let next = corridor.other(room);
                if seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }
}
