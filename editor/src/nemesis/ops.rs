//! The edits of one user operation on a ship, worked out from the ship as it
//! is: placing, moving, renaming and deleting rooms (with everything that
//! names them), corridors, networks, entrances, escape pods and the tile pool.

use deckplan_schema::Span;
use deckplan_schema::id::Id;
use deckplan_schema::id::MAX_ID_LEN;
use deckplan_schema::nemesis::resolve::MAX_AT;
use deckplan_schema::nemesis::{
    Corridor, Entrance, EscapePod, Network, Numbers, Room, RoomKind, Section, Ship, TilePool,
};
use deckplan_validator::nemesis::graph::ShipGraph;

use super::edit::{Edit, ListEdit};

/// The first free id `prefix-1`, `prefix-2`… that `taken` does not hold
/// (`prefix` is a short id, so each of them is one).
pub fn free_id(prefix: &str, taken: impl Fn(Id) -> bool) -> Id {
    let mut n = 1u32;
    loop {
        if let Ok(id) = Id::new(&format!("{prefix}-{n}"))
            && !taken(id)
        {
            return id;
        }
        n += 1;
    }
}

/// Whether a room or a network already uses `id` (they share no name space
/// in the format, but one name for both would confuse a reader).
fn id_taken(ship: &Ship, id: Id) -> bool {
    ship.rooms.iter().any(|r| r.id == id) || ship.networks.iter().any(|n| n.id == id)
}

/// What stands at a drawing position: a room or a network.
pub fn occupied(ship: &Ship, at: (u16, u16)) -> bool {
    ship.rooms.iter().any(|r| r.at == at) || ship.networks.iter().any(|n| n.at == at)
}

/// A drawing position clamped to what the format accepts.
pub fn clamp_at(column: f64, row: f64) -> (u16, u16) {
    let clamp = |v: f64| v.round().clamp(0.0, f64::from(MAX_AT)) as u16;
    (clamp(column), clamp(row))
}

/// A new room of `kind` at `at`, with a fresh id; the edit and its id.
pub fn add_room(ship: &Ship, at: (u16, u16), kind: RoomKind, name: Option<String>) -> (Edit, Id) {
    let id = free_id("room", |id| id_taken(ship, id));
    let room = Room {
        id,
        kind,
        name,
        at,
        span: Span::default(),
        id_span: Span::default(),
        kind_span: Span::default(),
    };
    (Edit::Rooms(ListEdit::Insert(ship.rooms.len(), room)), id)
}

/// The room of an id, with its index.
pub fn room(ship: &Ship, id: Id) -> Option<(usize, &Room)> {
    ship.rooms.iter().enumerate().find(|(_, r)| r.id == id)
}

/// A room changed by `change`; `None` when it does not change.
pub fn change_room(ship: &Ship, id: Id, change: impl FnOnce(&mut Room)) -> Option<Edit> {
    let (index, old) = room(ship, id)?;
    let mut new = old.clone();
    change(&mut new);
    (new != *old).then_some(Edit::Rooms(ListEdit::Set(index, new)))
}

/// A network, with its index.
pub fn network(ship: &Ship, id: Id) -> Option<(usize, &Network)> {
    ship.networks.iter().enumerate().find(|(_, n)| n.id == id)
}

/// A network moved to `at`; `None` when it is there already.
pub fn move_network(ship: &Ship, id: Id, at: (u16, u16)) -> Option<Edit> {
    let (index, old) = network(ship, id)?;
    (old.at != at).then(|| Edit::Networks(ListEdit::Set(index, Network { at, ..old.clone() })))
}

/// Why text cannot be a new id for room or network `old`.
pub fn check_new_id(ship: &Ship, old: Id, text: &str) -> Result<Id, String> {
    let id = Id::new(text.trim()).map_err(|e| e.0)?;
    if id != old && id_taken(ship, id) {
        return Err(format!("`{id}` is taken: ids are unique"));
    }
    Ok(id)
}

/// Renames a room, and every corridor, entrance and escape pod that names it.
pub fn rename_room(ship: &Ship, old: Id, new: Id) -> Vec<Edit> {
    let mut edits = Vec::new();
    if old == new {
        return edits;
    }
    edits.extend(change_room(ship, old, |r| r.id = new));
    for (index, corridor) in ship.corridors.iter().enumerate() {
        if corridor.rooms.contains(&old) {
            let mut renamed = corridor.clone();
            for end in &mut renamed.rooms {
                if *end == old {
                    *end = new;
                }
            }
            edits.push(Edit::Corridors(ListEdit::Set(index, renamed)));
        }
    }
    for (index, entrance) in ship.entrances.iter().enumerate() {
        if entrance.room == old {
            let renamed = Entrance {
                room: new,
                ..entrance.clone()
            };
            edits.push(Edit::Entrances(ListEdit::Set(index, renamed)));
        }
    }
    for (index, pod) in ship.escape_pods.iter().enumerate() {
        if pod.room == old {
            let renamed = EscapePod {
                room: new,
                ..pod.clone()
            };
            edits.push(Edit::Pods(ListEdit::Set(index, renamed)));
        }
    }
    edits
}

/// Renames a network, and every entrance that opens on it.
pub fn rename_network(ship: &Ship, old: Id, new: Id) -> Vec<Edit> {
    let mut edits = Vec::new();
    let Some((index, network)) = network(ship, old) else {
        return edits;
    };
    if old == new {
        return edits;
    }
    edits.push(Edit::Networks(ListEdit::Set(
        index,
        Network {
            id: new,
            ..network.clone()
        },
    )));
    for (index, entrance) in ship.entrances.iter().enumerate() {
        if entrance.network == Some(old) {
            let renamed = Entrance {
                network: Some(new),
                ..entrance.clone()
            };
            edits.push(Edit::Entrances(ListEdit::Set(index, renamed)));
        }
    }
    edits
}

/// Removals of the items of a list that `doomed` picks, last first, so each
/// index is still right when its edit applies.
fn remove_where<T>(
    list: &[T],
    doomed: impl Fn(&T) -> bool,
    wrap: fn(ListEdit<T>) -> Edit,
) -> Vec<Edit> {
    list.iter()
        .enumerate()
        .filter(|(_, item)| doomed(item))
        .map(|(index, _)| index)
        .rev()
        .map(|index| wrap(ListEdit::Remove(index)))
        .collect()
}

/// Deletes a room with the corridors, entrance and escape pods it has.
pub fn delete_room(ship: &Ship, id: Id) -> Vec<Edit> {
    let Some((index, _)) = room(ship, id) else {
        return Vec::new();
    };
    let mut edits = remove_where(&ship.corridors, |c| c.rooms.contains(&id), Edit::Corridors);
    edits.extend(remove_where(
        &ship.entrances,
        |e| e.room == id,
        Edit::Entrances,
    ));
    edits.extend(remove_where(
        &ship.escape_pods,
        |p| p.room == id,
        Edit::Pods,
    ));
    edits.push(Edit::Rooms(ListEdit::Remove(index)));
    edits
}

/// A new network at `at`, with a fresh id.
pub fn add_network(ship: &Ship, at: (u16, u16)) -> (Edit, Id) {
    let id = free_id("network", |id| id_taken(ship, id));
    let network = Network {
        id,
        at,
        span: Span::default(),
    };
    (
        Edit::Networks(ListEdit::Insert(ship.networks.len(), network)),
        id,
    )
}

/// Deletes a network; the entrances that opened on it stay, with no network.
pub fn delete_network(ship: &Ship, id: Id) -> Vec<Edit> {
    let Some((index, _)) = network(ship, id) else {
        return Vec::new();
    };
    let mut edits: Vec<Edit> = ship
        .entrances
        .iter()
        .enumerate()
        .filter(|(_, e)| e.network == Some(id))
        .map(|(i, e)| {
            Edit::Entrances(ListEdit::Set(
                i,
                Entrance {
                    network: None,
                    ..e.clone()
                },
            ))
        })
        .collect();
    edits.push(Edit::Networks(ListEdit::Remove(index)));
    edits
}

/// The numbers around a room (its corridor ends and entrance): which are
/// there, and which are there more than once.
pub fn numbers_around(ship: &Ship, room: Id) -> (Numbers, Numbers) {
    let graph = ShipGraph::new(ship);
    let mut seen = Numbers::NONE;
    let mut twice = Numbers::NONE;
    for exit in graph.exits(room) {
        let numbers = exit.numbers_at(room);
        twice = twice.union(seen.intersection(numbers));
        seen = seen.union(numbers);
    }
    (seen, twice)
}

/// The number a new corridor end at `room` takes: the smallest the room lacks.
pub fn next_number(ship: &Ship, room: Id) -> Numbers {
    let (seen, _) = numbers_around(ship, room);
    seen.missing()
        .iter()
        .next()
        .and_then(Numbers::one)
        .unwrap_or(Numbers::NONE)
}

/// A new corridor between two rooms, numbered with what each end lacks
/// (the ends differ only when nothing else completes both rooms).
pub fn add_corridor(ship: &Ship, a: Id, b: Id) -> Edit {
    let at_a = next_number(ship, a);
    let at_b = next_number(ship, b);
    let numbers = if at_a.is_empty() {
        Numbers::one(1).unwrap_or(Numbers::NONE)
    } else {
        at_a
    };
    // The second end differs only when the second room has that number already.
    let (seen_b, _) = numbers_around(ship, b);
    let other_end = (!seen_b.intersection(numbers).is_empty() && !at_b.is_empty()).then_some(at_b);
    let corridor = Corridor {
        rooms: [a, b],
        numbers,
        other_end,
        door: false,
        span: Span::default(),
        rooms_span: Span::default(),
        numbers_span: Span::default(),
        other_end_span: None,
        door_span: None,
    };
    Edit::Corridors(ListEdit::Insert(ship.corridors.len(), corridor))
}

/// A corridor changed by `change`; `None` when it does not change.
pub fn change_corridor(
    ship: &Ship,
    index: usize,
    change: impl FnOnce(&mut Corridor),
) -> Option<Edit> {
    let old = ship.corridors.get(index)?;
    let mut new = old.clone();
    change(&mut new);
    // One list stands for both ends when they agree, as the writer wants it.
    if new.other_end == Some(new.numbers) {
        new.other_end = None;
    }
    (new != *old).then_some(Edit::Corridors(ListEdit::Set(index, new)))
}

/// The numbers at one end of a corridor set to `numbers`.
pub fn set_end(corridor: &mut Corridor, room: Id, numbers: Numbers) {
    let second = corridor.rooms[1] == room && corridor.rooms[0] != room;
    if second {
        corridor.other_end = Some(numbers);
    } else {
        let other = corridor.numbers_at(corridor.rooms[1]);
        corridor.numbers = numbers;
        // The far end keeps what it had.
        corridor.other_end = Some(other);
    }
}

/// A room's technical entrance, with its index.
pub fn entrance(ship: &Ship, room: Id) -> Option<(usize, &Entrance)> {
    ship.entrances
        .iter()
        .enumerate()
        .find(|(_, e)| e.room == room)
}

/// A room's entrance set to what `change` makes of it (`None` removes it);
/// `None` when nothing changes.
pub fn change_entrance(
    ship: &Ship,
    room: Id,
    change: impl FnOnce(&mut Option<Entrance>),
) -> Option<Edit> {
    let found = entrance(ship, room);
    let mut new = found.map(|(_, e)| e.clone());
    change(&mut new);
    match (found, new) {
        (Some((index, old)), Some(new)) => {
            (new != *old).then_some(Edit::Entrances(ListEdit::Set(index, new)))
        }
        (Some((index, _)), None) => Some(Edit::Entrances(ListEdit::Remove(index))),
        (None, Some(new)) => Some(Edit::Entrances(ListEdit::Insert(ship.entrances.len(), new))),
        (None, None) => None,
    }
}

/// A new entrance in `room` on `network`, numbered with what the room lacks.
pub fn new_entrance(ship: &Ship, room: Id, network: Option<Id>) -> Entrance {
    let numbers = next_number(ship, room);
    Entrance {
        room,
        numbers: (!numbers.is_empty()).then_some(numbers),
        network,
        door: false,
        span: Span::default(),
        room_span: Span::default(),
        door_span: None,
    }
}

/// A new escape pod launched from `room`: the smallest free number, in
/// section A for odd numbers and B for even ones (as pods are placed).
pub fn add_pod(ship: &Ship, room: Id) -> Option<Edit> {
    let number = (1..=4).find(|n| !ship.escape_pods.iter().any(|p| p.number == *n))?;
    let section = if number % 2 == 1 {
        Section::A
    } else {
        Section::B
    };
    Some(Edit::Pods(ListEdit::Insert(
        ship.escape_pods.len(),
        EscapePod {
            number,
            section,
            room,
            span: Span::default(),
        },
    )))
}

/// The tile pool with `change` made, declared in the file from now on.
pub fn change_tiles(ship: &Ship, change: impl FnOnce(&mut TilePool)) -> Option<Edit> {
    let mut tiles = ship.tiles.clone();
    change(&mut tiles);
    // The writer writes `[tiles]` for a pool that has a span: a pool made in
    // the editor is declared like one read from a file.
    tiles.span.get_or_insert_with(Span::default);
    (tiles != ship.tiles).then_some(Edit::Tiles(tiles))
}

/// Whether an id could be typed: lower-case letters, digits and `-`.
pub fn id_hint() -> String {
    format!("1 to {MAX_ID_LEN} of a–z, 0–9 and -")
}
