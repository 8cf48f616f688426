//! Each rule of seed 004 on a small ship, and a brute-force check of the search.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::{BTreeMap, HashSet, VecDeque};

use deckplan_schema::SourceFile;
use deckplan_schema::battlestations::{Ship, resolve};
use proptest::prelude::*;

use super::jet::{self, Stop};
use super::movement::{At, Label, Move, Reach, Rules};
use super::{Character, PlayState};
use crate::battlestations::grid::{Cell, ShipGrid};
use crate::battlestations::notation;

/// A ship of 3 × 3 modules from `(column, row, rows)` and doors.
fn ship(modules: &[(u16, u16, [&str; 3])], doors: &[&str]) -> Ship {
    let mut text = String::from(
        "format = 1\nruleset = \"battlestations\"\nname = \"T\"\nmodule_size = 3\nforward = \"north\"\n",
    );
    let doors: Vec<String> = doors.iter().map(|d| format!("{d:?}")).collect();
    text.push_str(&format!("doors = [{}]\n", doors.join(", ")));
    for (index, (column, row, rows)) in modules.iter().enumerate() {
        let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
        text.push_str(&format!(
            "\n[[modules]]\nid = \"m{index}\"\nrole = \"custom\"\nname = \"M{index}\"\nat = [{column}, {row}]\nsquares = [{}]\n",
            rows.join(", ")
        ));
    }
    resolve::parse_ship(&SourceFile::new("ship.toml", text)).expect("test ship resolves")
}

/// A corridor one square high, three squares per module.
fn corridor(modules: u16, rows: [&str; 3]) -> Ship {
    let list: Vec<(u16, u16, [&str; 3])> = (0..modules).map(|c| (c, 0, rows)).collect();
    ship(&list, &[])
}

const HALL: [&str; 3] = ["###", "...", "###"];

fn cell(grid: &ShipGrid<'_>, name: &str) -> Cell {
    notation::parse(grid, name).unwrap()
}

fn reach(grid: &ShipGrid<'_>, state: &PlayState, who: Character, from: &str) -> Reach {
    Rules::new(grid, state, who)
        .unwrap()
        .reach(cell(grid, from))
        .unwrap()
}

/// Each destination's name and (actions used, points spent in the last).
fn costs(grid: &ShipGrid<'_>, reach: &Reach) -> Vec<(String, u8, u32)> {
    reach
        .destinations
        .iter()
        .map(|d| {
            (
                notation::name(grid, d.to),
                d.label.action + 1,
                d.label.spent,
            )
        })
        .collect()
}

fn walk(move_value: u32) -> Character {
    Character::walking(move_value)
}

#[test]
fn entering_a_slagged_square_costs_two() {
    let ship = corridor(1, ["###", ".B.", "###"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let found = reach(&grid, &state, walk(2), "A2");
    assert_eq!(costs(&grid, &found), [("B2".to_string(), 1, 2)]);
    let found = reach(&grid, &state, walk(3), "A2");
    assert_eq!(
        costs(&grid, &found),
        [("B2".to_string(), 1, 2), ("C2".to_string(), 1, 3)]
    );
}

#[test]
fn every_square_of_a_slagged_module_is_slagged() {
    let ship = corridor(2, HALL);
    let grid = ShipGrid::new(&ship);
    let state = PlayState {
        slagged: [1].into(),
        ..PlayState::default()
    };
    let found = reach(&grid, &state, walk(4), "A2");
    assert_eq!(
        costs(&grid, &found),
        [
            ("B2".to_string(), 1, 1),
            ("C2".to_string(), 1, 2),
            ("D2".to_string(), 1, 4),
        ]
    );
}

#[test]
fn friends_are_passed_freely_but_never_ended_on_while_conscious() {
    let ship = corridor(1, HALL);
    let grid = ShipGrid::new(&ship);
    let b2 = cell(&grid, "B2");
    let mut state = PlayState {
        friends: [(b2, true)].into(),
        ..PlayState::default()
    };
    let found = reach(&grid, &state, walk(2), "A2");
    assert_eq!(costs(&grid, &found), [("C2".to_string(), 1, 2)]);
    state.friends.insert(b2, false);
    let found = reach(&grid, &state, walk(2), "A2");
    assert_eq!(
        costs(&grid, &found),
        [("B2".to_string(), 1, 1), ("C2".to_string(), 1, 2)]
    );
}

#[test]
fn an_enemy_square_is_slagged_and_a_conscious_enemy_is_never_ended_on() {
    let ship = corridor(1, HALL);
    let grid = ShipGrid::new(&ship);
    let b2 = cell(&grid, "B2");
    let mut state = PlayState {
        enemies: [(b2, true)].into(),
        ..PlayState::default()
    };
    let found = reach(&grid, &state, walk(3), "A2");
    assert_eq!(costs(&grid, &found), [("C2".to_string(), 1, 3)]);
    state.enemies.insert(b2, false);
    let found = reach(&grid, &state, walk(2), "A2");
    assert_eq!(costs(&grid, &found), [("B2".to_string(), 1, 2)]);
}

#[test]
fn a_move_action_always_moves_one_square() {
    let ship = corridor(1, ["###", "BBB", "###"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    // A barrel costs 2 but move 1 still enters one; OOC 4 leaves 0 points and still one square.
    let found = reach(&grid, &state, walk(1), "A2");
    assert_eq!(costs(&grid, &found), [("B2".to_string(), 1, 1)]);
    let who = Character { ooc: 4, ..walk(3) };
    let found = reach(&grid, &state, who, "A2");
    assert_eq!(costs(&grid, &found), [("B2".to_string(), 1, 0)]);
    // One square for each move action.
    let who = Character {
        actions: 2,
        ..walk(1)
    };
    let found = reach(&grid, &state, who, "A2");
    assert_eq!(
        costs(&grid, &found),
        [("B2".to_string(), 1, 1), ("C2".to_string(), 2, 1)]
    );
}

#[test]
fn the_ooc_penalty_applies_once_per_phase() {
    // The seed's example: move 5, OOC 3 — 2 squares, or 5 + 5 − 3 = 7 moving as the action.
    let ship = corridor(4, HALL);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let one = Character { ooc: 3, ..walk(5) };
    let found = reach(&grid, &state, one, "A2");
    assert_eq!(found.destinations.len(), 2);
    let two = Character { actions: 2, ..one };
    let found = reach(&grid, &state, two, "A2");
    let last = found.destinations.last().unwrap();
    assert_eq!(notation::name(&grid, last.to), "H2");
    assert_eq!(
        (last.label.action, last.label.spent, last.points),
        (1, 5, 7)
    );
    // Three move actions for the species option: 2 + 5 + 5.
    let three = Character { actions: 3, ..one };
    let found = reach(&grid, &state, three, "A2");
    assert_eq!(found.destinations.len(), 11);
}

#[test]
fn a_successful_run_adds_squares_to_every_move_action() {
    let ship = corridor(4, HALL);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        run: 2,
        actions: 2,
        ooc: 1,
        ..walk(3)
    };
    // (3 + 2 − 1) + (3 + 2) = 9 squares, at Athletics difficulty 14.
    assert_eq!(who.budgets(), [4, 5]);
    assert_eq!(who.run_difficulty(), Some(14));
    let found = reach(&grid, &state, who, "A2");
    assert_eq!(found.destinations.len(), 9);
    assert_eq!(walk(3).run_difficulty(), None);
}

#[test]
fn a_move_action_may_stop_on_a_friend_when_the_next_moves_on() {
    let ship = corridor(1, HALL);
    let grid = ShipGrid::new(&ship);
    let state = PlayState {
        friends: [(cell(&grid, "B2"), true)].into(),
        ..PlayState::default()
    };
    assert!(reach(&grid, &state, walk(1), "A2").destinations.is_empty());
    let who = Character {
        actions: 2,
        ..walk(1)
    };
    assert_eq!(
        costs(&grid, &reach(&grid, &state, who, "A2")),
        [("C2".to_string(), 2, 1)]
    );
}

#[test]
fn outside_the_hull_costs_one_more_per_square_and_needs_a_free_hand() {
    let ship = ship(&[(0, 0, ["...", "...", "..."])], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let inside_only = reach(&grid, &state, walk(3), "A2");
    assert!(
        inside_only
            .destinations
            .iter()
            .all(|d| notation::name(&grid, d.to).len() == 2)
    );
    let out = Character {
        outside: true,
        ..walk(4)
    };
    let found = reach(&grid, &state, out, "A2");
    let named: BTreeMap<String, u32> = found
        .destinations
        .iter()
        .map(|d| (notation::name(&grid, d.to), d.label.spent))
        .collect();
    // The door opens free going out: the step costs the outside square's 2.
    assert_eq!(named.get("A2 west"), Some(&2));
    assert_eq!(named.get("A1 west"), Some(&4));
    assert_eq!(named.get("A3 west"), Some(&4));
    assert_eq!(named.get("A1 north-west"), None);
}

#[test]
fn magboots_cost_one_point_then_one_per_outside_square() {
    let ship = ship(&[(0, 0, ["...", "...", "..."])], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        outside: true,
        magboots: true,
        ..walk(4)
    };
    let found = reach(&grid, &state, who, "A2");
    let to = |name: &str| {
        found
            .destinations
            .iter()
            .find(|d| notation::name(&grid, d.to) == name)
            .unwrap()
    };
    // Boots on (1) + 3 outside squares at 1 each.
    assert_eq!(to("A1 north-west").label.spent, 4);
    assert!(
        found
            .path(to("A1 north-west"))
            .iter()
            .any(|s| s.mv == Move::BootsOn)
    );
    // Without boots the one outside square is cheaper.
    assert_eq!(to("A2 west").label.spent, 2);
}

#[test]
fn no_one_climbs_over_or_under_the_ship() {
    let ship = ship(&[(0, 0, ["...", "...", "..."])], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        outside: true,
        ..walk(20)
    };
    let found = reach(&grid, &state, who, "A2");
    let east = found
        .destinations
        .iter()
        .find(|d| notation::name(&grid, d.to) == "C2 east")
        .unwrap();
    // Out of the door, then round the hull: 9 outside squares at 2 each.
    assert_eq!(east.label.spent, 18);
}

#[test]
fn a_ladder_joins_the_same_square_of_two_levels() {
    let text = "format = 1\nruleset = \"battlestations\"\nname = \"T\"\nmodule_size = 3\nforward = \"north\"\n\
        levels = [\"lower\", \"upper\"]\n\n\
        [[modules]]\nid = \"a\"\nrole = \"helm\"\nlevel = \"lower\"\nat = [0, 0]\nsquares = [\"...\", \".H.\", \"...\"]\n\n\
        [[modules]]\nid = \"b\"\nrole = \"science\"\nlevel = \"upper\"\nat = [0, 0]\nsquares = [\"...\", \".H.\", \"...\"]\n";
    let ship = resolve::parse_ship(&SourceFile::new("ship.toml", text.to_string())).unwrap();
    let grid = ShipGrid::new(&ship);
    let found = reach(&grid, &PlayState::default(), walk(2), "lower A2");
    let names: Vec<(String, u32)> = found
        .destinations
        .iter()
        .filter(|d| d.to.level == 1)
        .map(|d| (notation::name(&grid, d.to), d.label.spent))
        .collect();
    assert_eq!(names, [("upper B2".to_string(), 2)]);
}

#[test]
fn a_jet_move_goes_ten_squares_straight_for_one_point() {
    let ship = corridor(4, HALL);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        jet: true,
        ..walk(1)
    };
    let found = reach(&grid, &state, who, "A2");
    let names: Vec<String> = found
        .destinations
        .iter()
        .map(|d| notation::name(&grid, d.to))
        .collect();
    assert_eq!(names.last().map(String::as_str), Some("K2"));
    assert_eq!(names.len(), 10);
}

#[test]
fn a_diagonal_jet_counts_every_square_and_never_passes_a_slagged_one() {
    let open = ship(
        &[(0, 0, ["...", "...", "..."]), (1, 0, ["...", "...", "..."])],
        &[],
    );
    let grid = ShipGrid::new(&open);
    let state = PlayState::default();
    let who = Character {
        jet: true,
        ..walk(1)
    };
    let targets = super::jet::targets(&grid, &state, &who, cell(&grid, "A1"));
    let squares = |name: &str| {
        targets
            .iter()
            .find(|(c, _)| *c == cell(&grid, name))
            .map(|(_, n)| *n)
    };
    assert_eq!(squares("C3"), Some(2));
    assert_eq!(squares("D2"), Some(3));
    assert_eq!(squares("F3"), Some(7));
    // A barrel on the line blocks the jet, even one met at a corner.
    let barrel = ship(
        &[(0, 0, ["...", ".B.", "..."]), (1, 0, ["...", "...", "..."])],
        &[],
    );
    let grid = ShipGrid::new(&barrel);
    let targets = super::jet::targets(&grid, &state, &who, cell(&grid, "A1"));
    assert!(!targets.iter().any(|(c, _)| *c == cell(&grid, "C3")));
    assert!(targets.iter().any(|(c, _)| *c == cell(&grid, "C1")));
}

#[test]
fn a_jet_outside_keeps_off_the_ship_and_crosses_the_hull_only_at_a_door() {
    let ship = ship(&[(0, 0, ["...", "...", "..."])], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        jet: true,
        outside: true,
        ..walk(1)
    };
    let targets = super::jet::targets(&grid, &state, &who, cell(&grid, "C2"));
    let names: Vec<String> = targets
        .iter()
        .map(|(c, _)| notation::name(&grid, *c))
        .collect();
    assert!(names.contains(&"A2 west".to_string()), "{names:?}");
    assert!(!names.contains(&"C2 east".to_string()), "{names:?}");
    // From outside at the west, across open space to the east side? Only round, never over.
    let targets = super::jet::targets(&grid, &state, &who, cell(&grid, "A2 west"));
    let names: Vec<String> = targets
        .iter()
        .map(|(c, _)| notation::name(&grid, *c))
        .collect();
    assert!(!names.contains(&"C2 east".to_string()), "{names:?}");
    assert!(names.contains(&"A1 north-west".to_string()), "{names:?}");
    // Along the hull, through open space round a corner: no door needed.
    let along = super::jet::targets(&grid, &state, &who, cell(&grid, "A1 north-west"));
    assert!(
        along.contains(&(cell(&grid, "C1 north-east"), 4)),
        "{along:?}"
    );
}

#[test]
fn the_last_square_of_a_move_may_be_a_peek() {
    let ship = corridor(1, HALL);
    let grid = ShipGrid::new(&ship);
    let mut state = PlayState::default();
    let found = reach(&grid, &state, walk(1), "A2");
    let peeks: Vec<(String, String, u32)> = found
        .peeks
        .iter()
        .map(|p| {
            (
                notation::name(&grid, p.stay),
                notation::name(&grid, p.into),
                p.label.spent,
            )
        })
        .collect();
    assert_eq!(peeks, [("A2".to_string(), "B2".to_string(), 1)]);
    state.friends.insert(cell(&grid, "B2"), true);
    let found = reach(&grid, &state, walk(2), "A2");
    assert!(found.peeks.is_empty(), "{:?}", found.peeks);
}

/// A locked door, from the seed: "External doors on enemy ships, fighters and
/// stations can be hacked … or broken down", while "The external doors can be
/// opened as a free action on any ship as you move past them going out".
/// On a corridor A2–C2 with a door on A2's west side: from outside, with the
/// door locked, no square of the ship is reached; from A2, going out through
/// it is free.
#[test]
fn a_locked_door_opens_outward_only() {
    let ship = ship(&[(0, 0, HALL)], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let mut state = PlayState::default();
    let out = Character {
        outside: true,
        ..walk(4)
    };
    let inside = |found: &Reach| {
        found
            .destinations
            .iter()
            .any(|d| notation::name(&grid, d.to) == "B2")
    };
    assert!(
        inside(&reach(&grid, &state, out, "A2 west")),
        "open: in to B2"
    );
    state.locked_doors.insert(grid.doors().next().unwrap());
    assert!(
        !inside(&reach(&grid, &state, out, "A2 west")),
        "locked: no way in"
    );
    let going_out = reach(&grid, &state, out, "A2");
    assert!(
        going_out
            .destinations
            .iter()
            .any(|d| notation::name(&grid, d.to) == "A2 west"),
        "locked doors open going out"
    );
    // A jet cannot come in through it either.
    let jetter = Character { jet: true, ..out };
    let line = jet::trace(
        &grid,
        &state,
        &jetter,
        cell(&grid, "A2 west"),
        cell(&grid, "C2"),
    );
    assert_eq!(line.stop, Some((cell(&grid, "A2"), Stop::LockedDoor)));
}

/// Barrels as play state: "Squares with enemies, barrels (and all squares in
/// a slagged module) are considered slagged for movement" — on any square,
/// outside the hull too. Outside, from A2 through the door: A2 west costs 1
/// + 1 (outside); with a barrel there, 2 + 1. No jet passes through it.
#[test]
fn a_barrel_in_play_slags_its_square_outside_the_hull_too() {
    let ship = ship(&[(0, 0, HALL)], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let mut state = PlayState::default();
    let out = Character {
        outside: true,
        ..walk(4)
    };
    let cost_to = |state: &PlayState, name: &str| {
        reach(&grid, state, out, "B2")
            .destinations
            .iter()
            .find(|d| notation::name(&grid, d.to) == name)
            .map(|d| d.label.spent)
    };
    assert_eq!(cost_to(&state, "A2 west"), Some(3), "A2 (1) + outside (2)");
    state.barrels.insert(cell(&grid, "A2 west"));
    assert_eq!(
        cost_to(&state, "A2 west"),
        Some(4),
        "A2 (1) + barrel outside (3)"
    );
    state.barrels.clear();
    state.barrels.insert(cell(&grid, "B2"));
    let jetter = Character { jet: true, ..out };
    let line = jet::trace(&grid, &state, &jetter, cell(&grid, "A2"), cell(&grid, "C2"));
    assert_eq!(line.stop, Some((cell(&grid, "B2"), Stop::Slagged)));
}

/// MagBoots already on: "MagBoots cost you a point of movement when
/// activated" — already activated, no point is spent, and each outside square
/// costs one.
#[test]
fn magboots_already_on_cost_nothing_more() {
    let ship = ship(&[(0, 0, HALL)], &["A2 west"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let on = Character {
        outside: true,
        boots_on: true,
        ..walk(3)
    };
    let found = reach(&grid, &state, on, "A2");
    let corner = found
        .destinations
        .iter()
        .find(|d| notation::name(&grid, d.to) == "A1 north-west")
        .unwrap();
    // A2 west (1), A1 west (1), A1 north-west (1): no point for the boots.
    assert_eq!(corner.label.spent, 3);
    assert!(found.path(corner).iter().all(|s| s.mv != Move::BootsOn));
}

/// A jet's line through a grid corner, from the seed: "If your straight line
/// is on a diagonal, count each square your line passes through." A line
/// through a corner exactly passes through neither square meeting there, so
/// they are not counted, and a slagged or blocked one of them does not stop
/// it; only squares on the other side of the hull do (the line would cross
/// the hull where there is no door).
#[test]
fn a_jet_through_a_corner_passes_between_the_two_squares_meeting_there() {
    // A 3 × 3 module with B1 and A2 blocked: A1 → B2 crosses the corner
    // where A2 and B1 meet.
    let ship = ship(&[(0, 0, [".#.", "#..", "..."])], &[]);
    let grid = ShipGrid::new(&ship);
    let mut state = PlayState::default();
    let jetter = Character {
        jet: true,
        ..walk(1)
    };
    let diagonal = jet::trace(&grid, &state, &jetter, cell(&grid, "A1"), cell(&grid, "C3"));
    // The line A1 → C3 passes B2 and C3, each through a corner: two squares.
    let passed: Vec<(String, bool)> = diagonal
        .cells
        .iter()
        .map(|(c, corner)| (notation::name(&grid, *c), *corner))
        .collect();
    assert_eq!(passed, [("B2".to_string(), true), ("C3".to_string(), true)]);
    assert_eq!(diagonal.stop, None, "blocked A2 and B1 only touch the line");
    // A barrel on C2 (touched at the corner between B2 and C3) does not stop
    // it either; one on B2, which it passes through, does.
    state.barrels.insert(cell(&grid, "C2"));
    assert_eq!(
        jet::trace(&grid, &state, &jetter, cell(&grid, "A1"), cell(&grid, "C3")).stop,
        None
    );
    state.barrels.insert(cell(&grid, "B2"));
    assert_eq!(
        jet::trace(&grid, &state, &jetter, cell(&grid, "A1"), cell(&grid, "C3")).stop,
        Some((cell(&grid, "B2"), Stop::Slagged))
    );
    // Outside, round the ship's corner: from A1 north to A1 west the line
    // passes the corner where A1 north-west (outside) and A1 (the ship) meet:
    // it would cross the hull.
    let out = Character {
        outside: true,
        ..jetter
    };
    let round = jet::trace(
        &grid,
        &state,
        &out,
        cell(&grid, "A1 north"),
        cell(&grid, "A1 west"),
    );
    assert_eq!(round.stop, Some((cell(&grid, "A1 west"), Stop::Hull)));
}

/// The search's size is bounded by its shape: at most one settled state per
/// square, MagBoots on or off, move action and first-square flag (2 × 3 × 2
/// per square), whatever the move value.
#[test]
fn the_search_settles_at_most_twelve_states_a_square() {
    let modules: Vec<(u16, u16, [&str; 3])> = (0..3)
        .flat_map(|c| (0..3).map(move |r| (c, r, ["...", "...", "..."])))
        .collect();
    let ship = ship(&modules, &["A2 west", "I8 east"]);
    let grid = ShipGrid::new(&ship);
    let state = PlayState::default();
    let who = Character {
        actions: 3,
        outside: true,
        magboots: true,
        run: 20,
        ..walk(20)
    };
    let found = reach(&grid, &state, who, "E5");
    let squares = grid.graph().len();
    assert!(found.states() <= squares * 12, "{} states", found.states());
    // Every square is a destination, but the answer holds no path until asked.
    assert_eq!(found.destinations.len(), squares - 1);
}

/// Every state the rules allow, explored without Dijkstra's pruning: the
/// smallest label at each square a move may end on.
fn brute_force(rules: &Rules<'_>, from: Cell) -> BTreeMap<Cell, Label> {
    let start = (
        At {
            cell: from,
            boots: rules.who.boots_on,
        },
        Label {
            action: 0,
            spent: 0,
            moved: false,
        },
    );
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((at, label)) = queue.pop_front() {
        for (_, to, after) in rules.successors(at, label) {
            if seen.insert((to, after)) {
                queue.push_back((to, after));
            }
        }
    }
    let mut best: BTreeMap<Cell, Label> = BTreeMap::new();
    for (at, label) in seen {
        if at.cell == from || !rules.may_end(at.cell) {
            continue;
        }
        let slot = best.entry(at.cell).or_insert(label);
        if label < *slot {
            *slot = label;
        }
    }
    best
}

/// A module's column, row and card rows.
type RandomModule = (u16, u16, [String; 3]);

fn random_ship() -> impl Strategy<Value = (Vec<RandomModule>, Vec<usize>)> {
    let row = || proptest::string::string_regex("[..#B]{3}").unwrap();
    let module = (0u16..2, 0u16..2, [row(), row(), row()]);
    (
        proptest::collection::vec(module, 1..4),
        proptest::collection::vec(0usize..12, 0..3),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The cost the search reports for each square equals the cheapest a
    /// search over every state finds, and its path replays to that cost.
    #[test]
    fn reported_costs_are_the_cheapest_and_paths_replay(
        (modules, door_picks) in random_ship(),
        move_value in 0u32..4,
        actions in 1u8..3,
        ooc in 0u32..3,
        outside: bool,
        magboots: bool,
        jet: bool,
        people in proptest::collection::vec((0usize..40, 0u8..5), 0..4),
        start_pick in 0usize..40,
        locked: bool,
        boots_on: bool,
    ) {
        let mut slots = std::collections::BTreeSet::new();
        let modules: Vec<(u16, u16, [&str; 3])> = modules
            .iter()
            .filter(|(c, r, _)| slots.insert((*c, *r)))
            .map(|(c, r, rows)| (*c, *r, [rows[0].as_str(), rows[1].as_str(), rows[2].as_str()]))
            .collect();
        // Doors on the west side of the leftmost column's squares.
        let doors: Vec<String> = door_picks
            .iter()
            .map(|pick| format!("A{} west", pick % 6 + 1))
            .collect();
        let doors: Vec<&str> = doors.iter().map(String::as_str).collect();
        let mut doors_unique = doors.clone();
        doors_unique.sort_unstable();
        doors_unique.dedup();
        let ship = ship(&modules, &doors_unique);
        let grid = ShipGrid::new(&ship);
        let cells: Vec<Cell> = grid.graph().nodes().filter_map(|n| grid.graph().place(n)).collect();
        prop_assume!(!cells.is_empty());
        let from = cells[start_pick % cells.len()];
        let mut state = PlayState::default();
        for (pick, kind) in people {
            let at = cells[pick % cells.len()];
            if at == from {
                continue;
            }
            match kind {
                0 => { state.friends.insert(at, true); }
                1 => { state.enemies.insert(at, true); }
                2 => { state.enemies.insert(at, false); }
                3 => { state.barrels.insert(at); }
                _ => { state.slagged.insert(pick % modules.len()); }
            }
        }
        if locked {
            state.locked_doors.extend(grid.doors());
        }
        let who = Character { move_value, actions, ooc, outside, magboots, boots_on, jet, run: 0 };
        let rules = Rules::new(&grid, &state, who).unwrap();
        let found = rules.reach(from).unwrap();
        let reported: BTreeMap<Cell, Label> =
            found.destinations.iter().map(|d| (d.to, d.label)).collect();
        prop_assert_eq!(&reported, &brute_force(&rules, from));
        for destination in &found.destinations {
            // Replay the path through the rules: every move must be allowed.
            let mut at = At { cell: from, boots: boots_on };
            let mut label = Label { action: 0, spent: 0, moved: false };
            for step in &found.path(destination) {
                let next = rules
                    .successors(at, label)
                    .into_iter()
                    .find(|(mv, ..)| *mv == step.mv);
                prop_assert!(next.is_some(), "{:?} not allowed from {:?}", step.mv, at);
                if let Some((_, to, after)) = next {
                    at = to;
                    label = after;
                }
            }
            prop_assert_eq!(at.cell, destination.to);
            prop_assert_eq!(label, destination.label);
            // No step of the path enters the ship through a locked door.
            let mut here = from;
            for step in &found.path(destination) {
                if let Move::Step(next, _) = step.mv {
                    let inward = !matches!(grid.region(here), crate::battlestations::grid::Region::Ship { .. })
                        && matches!(grid.region(next), crate::battlestations::grid::Region::Ship { .. });
                    prop_assert!(!(locked && inward), "{:?} → {:?} through a locked door", here, next);
                    here = next;
                } else if let Move::Jet(next, _) = step.mv {
                    here = next;
                }
            }
        }
    }
}
