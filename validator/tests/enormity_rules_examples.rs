//! The rulebook's worked movement examples, rebuilt as small maps under
//! `tests/fixtures/rules/` and played move by move. Each fixture's `notes` say
//! how the picture was turned into coordinates.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::enormity::{Axis, Direction, Pack, PageId, Space};
use deckplan_validator::enormity::board::{Board, PageSpace};
use deckplan_validator::enormity::rules::distance::{Walker, manhattan, walking_distance};
use deckplan_validator::enormity::rules::intruder_move::{IntruderMoveOptions, intruder_moves};
use deckplan_validator::enormity::rules::spacer_move::{
    Figure, MoveBlocker, MoveOptions, Unreachable, reach,
};
use deckplan_validator::enormity::rules::{DoorState, Intruder, PlayState};

fn fixture(name: &str) -> Pack {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/rules")
        .join(name);
    let loaded =
        deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&path))
            .unwrap();
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    loaded.value.unwrap()
}

const PAGE: PageId = PageId { book: 1, page: 1 };

fn at(name: &str) -> PageSpace {
    PageSpace {
        page: PAGE,
        space: Space::parse(name).unwrap(),
    }
}

fn names(spaces: &[PageSpace]) -> Vec<String> {
    spaces.iter().map(|s| s.space.to_string()).collect()
}

fn grin() -> Intruder {
    Intruder {
        baseline: true,
        suppressed: false,
        facing: Direction::South,
    }
}

/// img/spacer-movement-ex1.png: the Spacer on C5 tries four moves. Left, it
/// passes the other Spacer on C3 and ends on C2 (allowed). Up, through the
/// open door on D5 north, the Intruder on E5 bars the way to F5. The diagonal
/// to D6 is no step at all. Right then down, the closed door under B6 bars A6.
#[test]
fn spacer_movement_example_1() {
    let pack = fixture("spacer-movement-ex1");
    let board = Board::new(&pack);
    let mut state = PlayState::default();
    state.spacers.insert(at("C3"), Direction::North);
    state.intruders.insert(at("E5"), grin());
    state.doors.insert((PAGE, 1), DoorState::Open);
    let found = reach(&board, &state, at("C5"), MoveOptions::new(3)).unwrap();

    // Left: C4, then through the other Spacer on C3, ending on C2.
    let left = found.path(at("C2")).unwrap();
    assert_eq!(names(&left.spaces), ["C4", "C3", "C2"]);
    assert!(
        !found.is_destination(at("C3")),
        "cannot end on the other Spacer"
    );
    assert_eq!(
        found.why_not(at("C3")).unwrap(),
        Some(Unreachable::Occupied(Figure::Spacer))
    );

    // Up: D5 is fine; E5 holds the Intruder; F5 lies beyond it.
    assert_eq!(names(&found.path(at("D5")).unwrap().spaces), ["D5"]);
    assert_eq!(
        found.why_not(at("E5")).unwrap(),
        Some(Unreachable::Occupied(Figure::Intruder))
    );
    assert_eq!(
        found.why_not(at("F5")).unwrap(),
        Some(Unreachable::Intruder {
            at: at("E5"),
            distance: 3
        })
    );

    // Diagonal: one step does not reach D6; two orthogonal ones do.
    let one = reach(&board, &state, at("C5"), MoveOptions::new(1)).unwrap();
    assert_eq!(
        one.why_not(at("D6")).unwrap(),
        Some(Unreachable::OutOfRange {
            distance: 2,
            move_value: 1
        })
    );
    assert_eq!(found.path(at("D6")).unwrap().spaces.len(), 2);

    // Right and down: C6, B6, then the closed door.
    // (The picture goes C6 then B6; B5 then B6 is as short, and either may be reported.)
    let down = found.path(at("B6")).unwrap();
    assert_eq!(down.spaces.len(), 2);
    assert!(found.is_destination(at("C6")) && found.is_destination(at("B6")));
    let Some(Unreachable::ClosedDoor {
        door,
        state: door_state,
        distance,
    }) = found.why_not(at("A6")).unwrap()
    else {
        panic!("{:?}", found.why_not(at("A6")))
    };
    assert_eq!(
        (door.number, door_state, distance),
        (2, DoorState::Closed, 3)
    );

    // At setup door 1 is closed too: then it, not the Intruder, is named first.
    state.doors.clear();
    let setup = reach(&board, &state, at("C5"), MoveOptions::new(3)).unwrap();
    assert!(matches!(
        setup.why_not(at("F5")).unwrap(),
        Some(Unreachable::ClosedDoor { door, .. }) if door.number == 1
    ));
}

/// img/spacer-movement-ex2.png: the Spacer on C1, in a corridor, moves up to
/// D1 but not through the wall above it into the room (E1), and down to B1 but
/// not onto the out-of-bounds space below (A1).
#[test]
fn spacer_movement_example_2() {
    let pack = fixture("spacer-movement-ex2");
    let board = Board::new(&pack);
    let state = PlayState::default();
    let found = reach(&board, &state, at("C1"), MoveOptions::new(3)).unwrap();
    let mut ends: Vec<String> = found
        .destinations()
        .map(|(s, _)| s.space.to_string())
        .collect();
    ends.sort();
    assert_eq!(ends, ["B1", "D1"]);
    let wall = MoveBlocker::Wall {
        page: PAGE,
        edge: Space::parse("D1").unwrap().side(Direction::North),
    };
    assert_eq!(
        found.why_not(at("E1")).unwrap(),
        Some(Unreachable::Enclosed {
            nearest: Some(wall)
        })
    );
    assert_eq!(
        found.why_not(at("A1")).unwrap(),
        Some(Unreachable::OutOfBounds)
    );
}

/// img/intruder-movement-example.png: the Grin on A2 moves toward the Spacer
/// on B5. Not in line, it zigzags: the players chose horizontal first — right
/// to A3 (1), up to B3 (2), now in the Spacer's row, straight right to B4 (3),
/// adjacent, where it stops. They could also have gone up first (B2) and then
/// straight along row B.
#[test]
fn intruder_movement_example() {
    let pack = fixture("intruder-movement-example");
    let board = Board::new(&pack);
    let mut state = PlayState::default();
    state.spacers.insert(at("B5"), Direction::West);
    state.intruders.insert(at("A2"), grin());
    let found = intruder_moves(
        &board,
        &state,
        at("A2"),
        at("B5"),
        IntruderMoveOptions::default(),
    )
    .unwrap();
    assert!(found.can_reach);
    assert!(!found.truncated);
    assert_eq!(found.routes.len(), 2, "{found:#?}");
    let horizontal = found
        .routes
        .iter()
        .find(|r| r.first_axis == Some(Axis::Horizontal))
        .unwrap();
    assert_eq!(horizontal.path[0], at("A3"), "1: right");
    assert_eq!(
        horizontal.path[1],
        at("B3"),
        "2: up, now in the Spacer's row"
    );
    assert_eq!(horizontal.path[2], at("B4"), "3: straight right");
    assert_eq!(horizontal.path.len(), 3, "stops adjacent");
    assert!(horizontal.in_range);
    let vertical = found
        .routes
        .iter()
        .find(|r| r.first_axis == Some(Axis::Vertical))
        .unwrap();
    assert_eq!(names(&vertical.path), ["B2", "B3", "B4"]);

    // With Speed 2 both choices stop short on B3, by different ways.
    let slow = IntruderMoveOptions {
        speed: Some(2),
        ..IntruderMoveOptions::default()
    };
    let found = intruder_moves(&board, &state, at("A2"), at("B5"), slow).unwrap();
    let mut ends: Vec<String> = found
        .routes
        .iter()
        .map(|r| r.end(at("A2")).space.to_string())
        .collect();
    ends.sort();
    assert_eq!(ends, ["B3", "B3"]);
    assert!(found.routes.iter().all(|r| !r.in_range));

    // The rulebook's distance and the walk agree in an open room.
    assert_eq!(manhattan(&board, at("A2"), at("B5")), Some(4));
    let walk = walking_distance(
        &board,
        &state,
        at("A2"),
        at("B5"),
        Walker::Intruder { baseline: true },
    );
    assert_eq!(walk.unwrap(), Some(4));
}
