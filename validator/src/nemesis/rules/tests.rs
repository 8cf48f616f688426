//! The seed's movement rules and the Noise roll, as tests on a small ship.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeSet;

use deckplan_schema::SourceFile;
use deckplan_schema::id::Id;
use deckplan_schema::nemesis::{Ship, resolve};
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

fn group(room: &str, corridor: usize, count: u32) -> Group {
    Group {
        room: id(room),
        corridor,
        count,
    }
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
        noise_roll(&graph, &state, room, Face::Number(1), Roller::default()),
        [NoiseOutcome::NoisePlaced(Way::Corridor(0))],
        "Noise ignores doors"
    );
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Number(3), Roller::default()),
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
        noise_roll(
            &graph,
            &state,
            id("hibernatorium"),
            Face::Number(2),
            Roller::default()
        ),
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
        noise_roll(
            &graph,
            &state,
            id("hibernatorium"),
            Face::Danger,
            Roller::default()
        ),
        [NoiseOutcome::IntrudersMoveIn {
            moved: vec![group("dock", 1, 1)],
            doors_destroyed: vec![group("lab", 0, 2)],
            in_combat: vec![],
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
        noise_roll(&graph, &state, id("lab"), Face::Danger, Roller::default()),
        [NoiseOutcome::IntrudersMoveIn {
            moved: vec![group("dock", 2, 1)],
            doors_destroyed: vec![],
            in_combat: vec![],
        }]
    );
    state.intruders.clear();
    assert_eq!(
        noise_roll(
            &graph,
            &state,
            id("hibernatorium"),
            Face::Danger,
            Roller::default()
        ),
        [NoiseOutcome::NoiseEverywhere {
            ways: vec![Way::Corridor(0), Way::Corridor(1), ducts()],
            in_combat: vec![],
        }]
    );
}

/// Danger with Combat, from the rules: a Character and an Intruder in one
/// room are in Combat ("A Character is considered to be in Combat if there is
/// an Intruder in their Room"), and on Danger only the Intruders in
/// neighbouring rooms that are not in Combat move in.
#[test]
fn danger_leaves_intruders_in_combat_where_they_are() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    // The hibernatorium's neighbours: lab (corridor 0, closed door), dock
    // (corridor 1), vault (corridor 4). One Intruder in the dock, two in the
    // vault with a Character: the dock's moves in, the vault's fight on.
    state.intruders.insert(id("dock"), 1);
    state.intruders.insert(id("vault"), 2);
    state.characters.insert(id("vault"), 1);
    let hibernatorium = id("hibernatorium");
    assert_eq!(
        noise_roll(
            &graph,
            &state,
            hibernatorium,
            Face::Danger,
            Roller::default()
        ),
        [NoiseOutcome::IntrudersMoveIn {
            moved: vec![group("dock", 1, 1)],
            doors_destroyed: vec![],
            in_combat: vec![group("vault", 4, 2)],
        }]
    );
    // With the dock empty no Intruder is free to come, so Noise goes in every
    // way of the hibernatorium without it: corridors 0, 1 and 4 (in file
    // order), then its entrance to the ducts.
    state.intruders.remove(&id("dock"));
    assert_eq!(
        noise_roll(
            &graph,
            &state,
            hibernatorium,
            Face::Danger,
            Roller::default()
        ),
        [NoiseOutcome::NoiseEverywhere {
            ways: vec![
                Way::Corridor(0),
                Way::Corridor(1),
                Way::Corridor(4),
                ducts()
            ],
            in_combat: vec![group("vault", 4, 2)],
        }]
    );
    // An Intruder in Combat behind a closed door does not come to destroy it.
    state.intruders.insert(id("lab"), 1);
    state.characters.insert(id("lab"), 1);
    let Some(NoiseOutcome::NoiseEverywhere { in_combat, .. }) = noise_roll(
        &graph,
        &state,
        hibernatorium,
        Face::Danger,
        Roller::default(),
    )
    .pop() else {
        panic!("no Intruder is free to come")
    };
    assert_eq!(in_combat, [group("lab", 0, 1), group("vault", 4, 2)]);
}

/// Slime, from the rules: a slimed Character treats Silence as Danger.
#[test]
fn a_slimed_characters_silence_is_danger() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    state.intruders.insert(id("dock"), 1);
    let slimed = Roller { slimed: true };
    let room = id("hibernatorium");
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Silence, slimed),
        noise_roll(&graph, &state, room, Face::Danger, Roller::default()),
    );
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Silence, Roller::default()),
        [NoiseOutcome::Nothing]
    );
    // Slime changes no other face.
    assert_eq!(
        noise_roll(&graph, &state, room, Face::Number(2), slimed),
        [NoiseOutcome::NoisePlaced(Way::Corridor(1))]
    );
}

/// A Character in Combat makes no Noise roll: "If a player's Character is in
/// Combat with an Intruder, this player does not perform a Noise Roll."
#[test]
fn a_character_with_an_intruder_in_its_room_rolls_no_noise() {
    let mut state = PlayState::default();
    assert!(!roller_in_combat(&state, id("lab")));
    state.intruders.insert(id("lab"), 1);
    assert!(roller_in_combat(&state, id("lab")));
}

/// Event cards, from the rules: "All Intruders … that are not in a Room with
/// any Characters move"; a retreating Intruder (or one an Intruder player's
/// card moves) moves whoever is in its room.
#[test]
fn an_event_card_moves_no_intruder_in_combat_and_a_retreat_does() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    let room = id("hibernatorium");
    state.intruders.insert(room, 1);
    state.characters.insert(room, 1);
    assert_eq!(
        intruder_move(&graph, &state, room, 2, IntruderCause::Event),
        [IntruderMove::InCombat]
    );
    // Retreating through corridor 2 (hibernatorium–dock), into a room with a
    // Character: the two are in Combat there.
    state.characters.insert(id("dock"), 1);
    assert_eq!(
        intruder_move(&graph, &state, room, 2, IntruderCause::Retreat),
        [IntruderMove::Moves {
            to: id("dock"),
            corridor: 1,
            into_combat: true
        }]
    );
}

#[test]
fn silence_and_a_number_without_a_corridor_do_nothing() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let state = PlayState::default();
    assert_eq!(
        noise_roll(&graph, &state, id("lab"), Face::Silence, Roller::default()),
        [NoiseOutcome::Nothing]
    );
    assert_eq!(
        noise_roll(
            &graph,
            &state,
            id("lab"),
            Face::Number(4),
            Roller::default()
        ),
        [NoiseOutcome::Nothing]
    );
}

#[test]
fn a_number_two_corridors_carry_gives_both_options() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    assert_eq!(
        noise_roll(
            &graph,
            &PlayState::default(),
            id("vault"),
            Face::Number(4),
            Roller::default()
        ),
        [
            NoiseOutcome::NoisePlaced(Way::Corridor(3)),
            NoiseOutcome::NoisePlaced(Way::Corridor(4))
        ]
    );
}

/// Careful Movement, from the rules: "place a Noise marker in a chosen
/// Corridor connected to the Room you are entering. If there is a Noise
/// marker in all the Corridors connected to the Room you want to move to, you
/// cannot perform a Careful Movement."
#[test]
fn careful_movement_offers_only_corridors_without_noise() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    // The lab's ways: corridor 0 (to the hibernatorium), corridor 2 (to the
    // dock) and its entrance to the ducts. Noise in corridor 2 leaves
    // corridor 0 and the ducts to choose from.
    state.noise.insert(Way::Corridor(2));
    assert_eq!(
        careful_options(&graph, &state, id("lab")),
        Ok(vec![Way::Corridor(0), ducts()])
    );
    // Noise in all three: no Careful Movement into the lab.
    state.noise.extend([Way::Corridor(0), ducts()]);
    assert_eq!(
        careful_options(&graph, &state, id("lab")),
        Err(CarefulRefusal::EveryWayHoldsNoise)
    );
}

#[test]
fn intruders_move_by_number_destroy_closed_doors_and_hide_in_the_ducts() {
    let ship = ship();
    let graph = ShipGraph::new(&ship);
    let mut state = PlayState::default();
    let room = id("hibernatorium");
    assert_eq!(
        intruder_move(&graph, &state, room, 1, IntruderCause::Event),
        [IntruderMove::DestroysDoor { corridor: 0 }]
    );
    assert_eq!(
        intruder_move(&graph, &state, room, 2, IntruderCause::Event),
        [IntruderMove::Moves {
            to: id("dock"),
            corridor: 1,
            into_combat: false
        }]
    );
    assert_eq!(
        intruder_move(&graph, &state, room, 3, IntruderCause::Event),
        [IntruderMove::Hides {
            network: id("ducts")
        }]
    );
    assert_eq!(
        intruder_move(&graph, &state, id("lab"), 4, IntruderCause::Event),
        [IntruderMove::Stays]
    );
    state.doors.insert(0, DoorState::Destroyed);
    assert_eq!(
        intruder_move(&graph, &state, room, 1, IntruderCause::Event),
        [IntruderMove::Moves {
            to: id("lab"),
            corridor: 0,
            into_combat: false
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

/// A ship of `rooms` rooms where corridor `i` carries the number `i % 4 + 1`.
fn numbered_ship(rooms: usize, corridors: &[(usize, usize, bool)]) -> Ship {
    let mut text = String::from("format = 1\nruleset = \"nemesis\"\nname = \"P\"\n");
    for r in 0..rooms {
        text.push_str(&format!(
            "\n[[rooms]]\nid = \"r{r}\"\nkind = \"1\"\nat = [{r}, 0]\n"
        ));
    }
    for (i, (a, b, door)) in corridors.iter().enumerate() {
        text.push_str(&format!(
            "\n[[corridors]]\nbetween = [\"r{a}\", \"r{b}\"]\nnumbers = [{}]\ndoor = {door}\n",
            i % 4 + 1
        ));
    }
    resolve::parse_ship(&SourceFile::new("ship.toml", text)).unwrap()
}

proptest! {
    /// Combat never moves an Intruder whose room holds a Character: not on
    /// Danger (or a slimed Silence), not by an Event card; and on Danger the
    /// Intruders that do come are exactly those next door, not in Combat,
    /// behind an open door.
    #[test]
    fn combat_never_moves_an_intruder_whose_room_holds_a_character(
        rooms in 2usize..7,
        raw in prop::collection::vec((0usize..7, 0usize..7, any::<bool>()), 1..14),
        intruders in prop::collection::vec(0u32..3, 7),
        characters in prop::collection::vec(0u32..2, 7),
        at in 0usize..7,
        number in 1u8..=4,
        slimed: bool,
    ) {
        let corridors: Vec<(usize, usize, bool)> =
            raw.iter().map(|(a, b, door)| (a % rooms, b % rooms, *door)).collect();
        let ship = numbered_ship(rooms, &corridors);
        let graph = ShipGraph::new(&ship);
        let mut state = PlayState::default();
        for r in 0..rooms {
            if intruders[r] > 0 {
                state.intruders.insert(id(&format!("r{r}")), intruders[r]);
            }
            if characters[r] > 0 {
                state.characters.insert(id(&format!("r{r}")), characters[r]);
            }
        }
        let room = id(&format!("r{}", at % rooms));
        let face = if slimed { Face::Silence } else { Face::Danger };
        for outcome in noise_roll(&graph, &state, room, face, Roller { slimed }) {
            let (moved, destroyed) = match outcome {
                NoiseOutcome::IntrudersMoveIn { moved, doors_destroyed, .. } => (moved, doors_destroyed),
                NoiseOutcome::NoiseEverywhere { .. } => (vec![], vec![]),
                other => return Err(TestCaseError::fail(format!("danger gave {other:?}"))),
            };
            for g in moved.iter().chain(&destroyed) {
                prop_assert_eq!(state.characters_in(g.room), 0, "{} is in Combat", g.room);
            }
            let expected: Vec<(String, usize)> = corridors
                .iter()
                .enumerate()
                .filter_map(|(i, (a, b, door))| {
                    let (a, b) = (id(&format!("r{a}")), id(&format!("r{b}")));
                    let other = if a == room { b } else if b == room { a } else { return None };
                    let free = other != room
                        && state.intruders_in(other) > 0
                        && state.characters_in(other) == 0
                        && !*door;
                    free.then(|| (other.to_string(), i))
                })
                .collect();
            let found: Vec<(String, usize)> =
                moved.iter().map(|g| (g.room.to_string(), g.corridor)).collect();
            prop_assert_eq!(found, expected);
        }
        if state.characters_in(room) > 0 {
            prop_assert_eq!(
                intruder_move(&graph, &state, room, number, IntruderCause::Event),
                vec![IntruderMove::InCombat]
            );
        }
    }

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
