//! The seed's movement rules and the Noise roll, as tests on a small ship.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use deckplan_schema::SourceFile;
use deckplan_schema::nemesis::{Id, Ship, resolve};
use proptest::prelude::*;

use super::*;
use crate::nemesis::graph::ShipGraph;

/// Five rooms: corridor 0 hibernatorium–lab [1] with a door, 1 hibernatorium–dock
/// [2], 2 lab–dock [3], 3 dock–vault [1, 4], 4 hibernatorium–vault [4];
/// technical entrances in the hibernatorium (3) and the lab (2) on `ducts`.
const SHIP: &str = r#"format = 1
ruleset = "nemesis"
name = "Test"

[[rooms]]
id = "hibernatorium"
kind = "hibernatorium"
at = [0, 0]

[[rooms]]
id = "lab"
kind = "1"
at = [2, 0]

[[rooms]]
id = "dock"
kind = "2"
at = [0, 2]

[[rooms]]
id = "vault"
kind = "1"
at = [2, 2]

[[corridors]]
between = ["hibernatorium", "lab"]
numbers = [1]
door = true

[[corridors]]
between = ["hibernatorium", "dock"]
numbers = [2]

[[corridors]]
between = ["lab", "dock"]
numbers = [3]

[[corridors]]
between = ["dock", "vault"]
numbers = [1, 4]

[[corridors]]
between = ["hibernatorium", "vault"]
numbers = [4]

[[networks]]
id = "ducts"
at = [4, 0]

[[technical_entrances]]
room = "hibernatorium"
numbers = [3]
network = "ducts"

[[technical_entrances]]
room = "lab"
numbers = [2]
network = "ducts"
"#;

fn ship() -> Ship {
    resolve::parse_ship(&SourceFile::new("ship.toml", SHIP.to_string())).unwrap()
}

fn id(text: &str) -> Id {
    Id::new(text).unwrap()
}

fn ducts() -> Way {
    Way::Technical(id("ducts"))
}

fn destinations(
    graph: &ShipGraph<'_>,
    state: &PlayState,
    from: &str,
) -> Vec<(String, usize, String)> {
    neighbours(graph, state, id(from))
        .into_iter()
        .map(|n| (n.room.to_string(), n.corridor, n.door.to_string()))
        .collect()
}

#[test]
fn a_closed_door_breaks_the_neighbouring_link_and_others_do_not() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    assert_eq!(
        destinations(&graph, &state, "hibernatorium"),
        [
            ("dock".into(), 1, "open".into()),
            ("vault".into(), 4, "open".into())
        ]
    );
    for door in [DoorState::Open, DoorState::Destroyed] {
        state.doors.insert(0, door);
        assert_eq!(
            destinations(&graph, &state, "hibernatorium")[0],
            ("lab".into(), 0, door.to_string())
        );
    }
    state.doors.insert(1, DoorState::Closed);
    assert_eq!(
        destinations(&graph, &state, "hibernatorium"),
        [
            ("lab".into(), 0, "destroyed".into()),
            ("vault".into(), 4, "open".into())
        ]
    );
}

#[test]
fn technical_corridors_are_not_a_way_for_characters() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let rooms: Vec<String> = destinations(&graph, &PlayState::default(), "lab")
        .into_iter()
        .map(|d| d.0)
        .collect();
    assert_eq!(
        rooms,
        ["dock"],
        "the door to the hibernatorium is closed; the ducts are no way"
    );
}

#[test]
fn entering_reveals_unexplored_rooms_and_rolls_for_noise_only_when_empty() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    assert_eq!(
        enter(&graph, &state, id("lab")),
        Entry {
            reveal: true,
            noise_roll: true
        }
    );
    assert_eq!(
        enter(&graph, &state, id("hibernatorium")),
        Entry {
            reveal: false,
            noise_roll: true
        },
        "special rooms start explored"
    );
    state.explored.insert(id("lab"));
    state.characters.insert(id("lab"), 1);
    assert_eq!(
        enter(&graph, &state, id("lab")),
        Entry {
            reveal: false,
            noise_roll: false
        },
        "a Character in the room: no Noise roll"
    );
    state.characters.clear();
    state.intruders.insert(id("lab"), 1);
    assert!(
        !enter(&graph, &state, id("lab")).noise_roll,
        "an Intruder in the room: no Noise roll"
    );
}

#[test]
fn a_number_puts_noise_in_its_corridor_through_a_closed_door_or_in_the_ducts() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let state = PlayState::default();
    let room = id("hibernatorium");
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Number(1)),
        [NoiseOutcome::NoisePlaced(Way::Corridor(0))],
        "Noise ignores doors"
    );
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Number(3)),
        [NoiseOutcome::NoisePlaced(ducts())]
    );
}

#[test]
fn noise_where_noise_is_makes_an_encounter_that_clears_the_room() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    state
        .noise
        .extend([Way::Corridor(1), ducts(), Way::Corridor(3)]);
    assert_eq!(
        noise_roll(&graph, &state, id("hibernatorium"), Face::Number(2)),
        [NoiseOutcome::Encounter {
            way: Way::Corridor(1),
            removed: vec![Way::Corridor(1), ducts()],
        }],
        "corridor 3 (dock–vault) is not the hibernatorium's"
    );
}

#[test]
fn danger_brings_every_neighbouring_intruder_and_a_closed_door_is_destroyed() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    state.intruders.insert(id("dock"), 1);
    state.intruders.insert(id("lab"), 2);
    assert_eq!(
        noise_roll(&graph, &state, id("hibernatorium"), Face::Danger),
        [NoiseOutcome::IntrudersMoveIn {
            moved: vec![(id("dock"), 1)],
            doors_destroyed: vec![(id("lab"), 0)],
        }]
    );
}

#[test]
fn danger_with_nobody_next_door_puts_noise_in_every_empty_corridor() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    state.noise.insert(Way::Corridor(4));
    state.intruders.insert(id("dock"), 1);
    assert_eq!(
        noise_roll(&graph, &state, id("lab"), Face::Danger),
        [NoiseOutcome::IntrudersMoveIn {
            moved: vec![(id("dock"), 2)],
            doors_destroyed: vec![],
        }]
    );
    state.intruders.clear();
    assert_eq!(
        noise_roll(&graph, &state, id("hibernatorium"), Face::Danger),
        [NoiseOutcome::NoiseEverywhere(vec![
            Way::Corridor(0),
            Way::Corridor(1),
            ducts()
        ])]
    );
}

#[test]
fn silence_and_a_number_without_a_corridor_do_nothing() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let state = PlayState::default();
    assert_eq!(
        noise_roll(&graph, &state, id("lab"), Face::Silence),
        [NoiseOutcome::Nothing]
    );
    assert_eq!(
        noise_roll(&graph, &state, id("lab"), Face::Number(4)),
        [NoiseOutcome::Nothing]
    );
}

#[test]
fn a_number_two_corridors_carry_gives_both_options() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    assert_eq!(
        noise_roll(&graph, &PlayState::default(), id("vault"), Face::Number(4)),
        [
            NoiseOutcome::NoisePlaced(Way::Corridor(3)),
            NoiseOutcome::NoisePlaced(Way::Corridor(4))
        ]
    );
}

#[test]
fn careful_movement_offers_every_corridor_of_the_room() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    state.noise.insert(Way::Corridor(2));
    assert_eq!(
        careful_options(&graph, &state, id("lab")),
        [
            (
                Way::Corridor(0),
                NoiseOutcome::NoisePlaced(Way::Corridor(0))
            ),
            (
                Way::Corridor(2),
                NoiseOutcome::Encounter {
                    way: Way::Corridor(2),
                    removed: vec![Way::Corridor(2)]
                }
            ),
            (ducts(), NoiseOutcome::NoisePlaced(ducts())),
        ]
    );
}

#[test]
fn intruders_move_by_number_destroy_closed_doors_and_hide_in_the_ducts() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    let room = id("hibernatorium");
    assert_eq!(
        intruder_move(&graph, &state, room, 1),
        [IntruderMove::DestroysDoor { corridor: 0 }]
    );
    assert_eq!(
        intruder_move(&graph, &state, room, 2),
        [IntruderMove::Moves {
            to: id("dock"),
            corridor: 1
        }]
    );
    assert_eq!(
        intruder_move(&graph, &state, room, 3),
        [IntruderMove::Hides {
            network: id("ducts")
        }]
    );
    assert_eq!(
        intruder_move(&graph, &state, id("lab"), 4),
        [IntruderMove::Stays]
    );
    state.doors.insert(0, DoorState::Destroyed);
    assert_eq!(
        intruder_move(&graph, &state, room, 1),
        [IntruderMove::Moves {
            to: id("lab"),
            corridor: 0
        }]
    );
}

#[test]
fn die_faces_read_as_printed() {
    assert_eq!(Face::parse("3"), Some(Face::Number(3)));
    assert_eq!(Face::parse("Danger"), Some(Face::Danger));
    assert_eq!(Face::parse("silence"), Some(Face::Silence));
    assert_eq!(Face::parse("5"), None);
}

/// A ship of `rooms` rooms with the given corridors (room indices, door).
fn random_ship(rooms: usize, corridors: &[(usize, usize, bool)]) -> Ship {
    let mut text = String::from("format = 1\nruleset = \"nemesis\"\nname = \"P\"\n");
    for r in 0..rooms {
        text.push_str(&format!(
            "\n[[rooms]]\nid = \"r{r}\"\nkind = \"1\"\nat = [{r}, 0]\n"
        ));
    }
    for (a, b, door) in corridors {
        text.push_str(&format!(
            "\n[[corridors]]\nbetween = [\"r{a}\", \"r{b}\"]\nnumbers = [1]\ndoor = {door}\n"
        ));
    }
    resolve::parse_ship(&SourceFile::new("ship.toml", text)).unwrap()
}

fn door_state(n: u8) -> Option<DoorState> {
    match n {
        0 => None,
        1 => Some(DoorState::Open),
        2 => Some(DoorState::Closed),
        _ => Some(DoorState::Destroyed),
    }
}

proptest! {
    /// A Movement action's destinations are exactly the rooms one corridor
    /// away whose door is not closed (loops and doubled corridors included).
    #[test]
    fn destinations_are_the_rooms_one_open_corridor_away(
        rooms in 2usize..8,
        raw in prop::collection::vec((0usize..8, 0usize..8, any::<bool>(), 0u8..4), 0..20),
        from in 0usize..8,
    ) {
        let corridors: Vec<(usize, usize, bool)> =
            raw.iter().map(|(a, b, door, _)| (a % rooms, b % rooms, *door)).collect();
        let ship = random_ship(rooms, &corridors);
        let graph = ShipGraph::new(&ship);
        let mut state = PlayState::default();
        for (i, (_, _, _, s)) in raw.iter().enumerate() {
            if let Some(s) = door_state(*s) {
                state.doors.insert(i, s);
            }
        }
        let from = from % rooms;
        let found: BTreeSet<(String, usize)> = neighbours(&graph, &state, id(&format!("r{from}")))
            .into_iter()
            .map(|n| (n.room.to_string(), n.corridor))
            .collect();
        let expected: BTreeSet<(String, usize)> = corridors
            .iter()
            .enumerate()
            .filter(|(i, (a, b, door))| {
                let closed = match state.doors.get(i) {
                    Some(s) => *s == DoorState::Closed,
                    None => *door,
                };
                (*a == from) != (*b == from) && !closed
            })
            .map(|(i, (a, b, _))| (format!("r{}", if *a == from { b } else { a }), i))
            .collect();
        prop_assert_eq!(found, expected);
    }
}
