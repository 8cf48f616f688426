//! Property tests of Spacer and Intruder movement on random small pages:
//! every Spacer path obeys the movement rules step by step, and the set of
//! destinations and their distances equal those of a brute-force search over
//! every simple path; every Intruder route is a shortest legal one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::enormity::load::pack_file_from_source;
use deckplan_schema::{
    SourceFile, Span,
    enormity::{
        Direction, EdgeFeature, EdgeKind, ForcedArrow, LocationArrow, Pack, Page, PageId, Size,
        Space, SpaceKind,
    },
};
use deckplan_validator::enormity::board::spacer::is_walkable;
use deckplan_validator::enormity::board::{Board, PageSpace};
use deckplan_validator::enormity::rules::intruder_move::{
    IntruderMoveOptions, in_range, intruder_moves, intruder_steps,
};
use deckplan_validator::enormity::rules::spacer_move::{MoveOptions, reach};
use deckplan_validator::enormity::rules::{DoorState, Intruder, PlayState};
use proptest::prelude::*;

const PAGE: PageId = PageId { book: 1, page: 1 };

/// A random page and play state, described cell by cell so proptest can shrink it.
#[derive(Clone, Debug)]
struct Scene {
    columns: u16,
    rows: u16,
    /// 0 board, 1 out of bounds, 2 obstacle; by row then column.
    kinds: Vec<u8>,
    /// For the east and north side of every space: 0 none, 1 wall, 2 red line,
    /// 3 closed door, 4 open door, 5 welded door.
    east: Vec<u8>,
    north: Vec<u8>,
    /// 0 nothing, 1–4 a forced arrow, 5 a Location arrow, 6 a Spacer, 7 an Intruder.
    marks: Vec<u8>,
    from: usize,
    move_value: u32,
}

fn scene() -> impl Strategy<Value = Scene> {
    (2u16..=5, 2u16..=5).prop_flat_map(|(columns, rows)| {
        let n = usize::from(columns) * usize::from(rows);
        let kind = prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)];
        let edge = prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8), 1 => 3u8..=5];
        let mark = prop_oneof![10 => Just(0u8), 1 => 1u8..=5, 2 => Just(6u8), 1 => Just(7u8)];
        (
            proptest::collection::vec(kind, n),
            proptest::collection::vec(edge.clone(), n),
            proptest::collection::vec(edge, n),
            proptest::collection::vec(mark, n),
            0..n,
            0u32..=7,
        )
            .prop_map(move |(kinds, east, north, marks, from, move_value)| Scene {
                columns,
                rows,
                kinds,
                east,
                north,
                marks,
                from,
                move_value,
            })
    })
}

fn space_of(scene: &Scene, index: usize) -> Space {
    let columns = usize::from(scene.columns);
    Space::new((index % columns) as u16, (index / columns) as u16)
}

fn build(scene: &Scene) -> (Pack, PlayState, PageSpace) {
    let text = "format = 1\nname = \"P\"\nruleset = \"enormity\"\nstart = \"L1p1\"\n\
                pages = [\"book1/page1.toml\"]\n\n[[books]]\nnumber = 1\n\n\
                [[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n";
    let mut pack = pack_file_from_source(&SourceFile::new("pack.toml", text.to_owned()))
        .value
        .unwrap();
    let size = Size {
        columns: scene.columns,
        rows: scene.rows,
    };
    let mut page = Page::new(PAGE, "SR", size);
    let mut state = PlayState::default();
    let mut door = 0u16;
    for index in 0..scene.kinds.len() {
        let space = space_of(scene, index);
        let kind = match scene.kinds[index] {
            1 => SpaceKind::OutOfBounds,
            2 => SpaceKind::Obstacle,
            _ => SpaceKind::Board,
        };
        page.set_kind(space, kind);
        for (side, code) in [
            (Direction::East, scene.east[index]),
            (Direction::North, scene.north[index]),
        ] {
            let edge = space.side(side);
            let feature = match code {
                1 => EdgeKind::Wall,
                2 => EdgeKind::RedLine,
                3..=5 => {
                    door += 1;
                    let door_state = match code {
                        4 => DoorState::Open,
                        5 => DoorState::Welded,
                        _ => DoorState::Closed,
                    };
                    state.doors.insert((PAGE, door), door_state);
                    EdgeKind::Door(door)
                }
                _ => continue,
            };
            let feature = EdgeFeature {
                kind: feature,
                span: Span::default(),
            };
            page.edges.insert(edge, feature);
        }
        let at = PageSpace { page: PAGE, space };
        match scene.marks[index] {
            m @ 1..=4 => {
                let arrow = ForcedArrow {
                    direction: Direction::ALL[usize::from(m - 1)],
                    span: Span::default(),
                };
                page.spaces.forced_arrows.insert(space, arrow);
            }
            5 => {
                let arrow = LocationArrow {
                    direction: Direction::East,
                    target: PageId { book: 2, page: 1 },
                    span: Span::default(),
                    target_span: Span::default(),
                };
                page.spaces.location_arrows.insert(space, arrow);
            }
            6 => {
                state.spacers.insert(at, Direction::North);
            }
            7 => {
                let intruder = Intruder {
                    baseline: true,
                    suppressed: false,
                    facing: Direction::North,
                };
                state.intruders.insert(at, intruder);
            }
            _ => {}
        }
    }
    let from = PageSpace {
        page: PAGE,
        space: space_of(scene, scene.from),
    };
    state.spacers.remove(&from);
    pack.pages.insert(PAGE, page);
    (pack, state, from)
}

/// The feature on the side of a space (the page has no joins, so every step
/// stays on the page).
fn between(page: &Page, a: Space, b: Space) -> Option<(Direction, Option<EdgeKind>)> {
    let direction = Direction::ALL.into_iter().find(|d| a.step(*d) == Some(b))?;
    Some((direction, page.edge(a.side(direction)).map(|f| f.kind)))
}

/// Whether the rules let a Spacer step from `a` to `b` (not considering what
/// happens after: ending, arrows that stop).
fn legal_step(page: &Page, state: &PlayState, a: Space, b: Space) -> bool {
    let Some((direction, feature)) = between(page, a, b) else {
        return false;
    };
    if page
        .spaces
        .forced_arrows
        .get(&a)
        .is_some_and(|f| f.direction != direction)
    {
        return false;
    }
    let open = match feature {
        None => true,
        Some(EdgeKind::Wall | EdgeKind::RedLine) => false,
        Some(EdgeKind::Door(n)) => state.door(PAGE, n) == DoorState::Open,
    };
    open && is_walkable(page, b)
        && !state.intruders.contains_key(&PageSpace {
            page: PAGE,
            space: b,
        })
}

/// Every destination of a brute-force search over all simple paths, with the
/// fewest steps to each.
fn brute_force(
    page: &Page,
    state: &PlayState,
    from: Space,
    move_value: u32,
) -> BTreeMap<Space, u32> {
    fn walk(
        page: &Page,
        state: &PlayState,
        path: &mut Vec<Space>,
        move_value: u32,
        found: &mut BTreeMap<Space, u32>,
    ) {
        let here = *path.last().unwrap();
        let steps = (path.len() - 1) as u32;
        let occupied = |s: Space| {
            let at = PageSpace {
                page: PAGE,
                space: s,
            };
            state.spacers.contains_key(&at) || state.intruders.contains_key(&at)
        };
        if steps > 0 && !occupied(here) {
            let best = found.entry(here).or_insert(steps);
            *best = (*best).min(steps);
        }
        let on_arrow = steps > 0 && page.spaces.location_arrows.contains_key(&here);
        if steps == move_value || on_arrow {
            return;
        }
        for direction in Direction::ALL {
            let Some(next) = here.step(direction).filter(|s| page.size.contains(*s)) else {
                continue;
            };
            if path.contains(&next) || !legal_step(page, state, here, next) {
                continue;
            }
            // A Location arrow ends the move, so one held by a Spacer cannot be entered.
            if page.spaces.location_arrows.contains_key(&next) && occupied(next) {
                continue;
            }
            path.push(next);
            walk(page, state, path, move_value, found);
            path.pop();
        }
    }
    let mut found = BTreeMap::new();
    walk(page, state, &mut vec![from], move_value, &mut found);
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn spacer_paths_obey_the_rules_and_match_brute_force(scene in scene()) {
        let (pack, state, from) = build(&scene);
        let board = Board::new(&pack);
        let page = &pack.pages[&PAGE];
        let Ok(found) = reach(&board, &state, from, MoveOptions::new(scene.move_value)) else {
            // Only starts no Spacer can stand on are refused.
            prop_assert!(!is_walkable(page, from.space) || state.intruders.contains_key(&from));
            return Ok(());
        };
        let mut ours = BTreeMap::new();
        for (to, steps) in found.destinations() {
            let path = found.path(to).unwrap();
            prop_assert_eq!(path.spaces.len() as u32, steps);
            prop_assert!(steps >= 1 && steps <= scene.move_value, "never past the move value");
            prop_assert_eq!(path.spaces.last(), Some(&to));
            let mut seen = BTreeSet::from([from]);
            let mut here = from.space;
            for (i, at) in path.spaces.iter().enumerate() {
                prop_assert!(seen.insert(*at), "never the same space twice: {}", at);
                prop_assert!(
                    legal_step(page, &state, here, at.space),
                    "no wall, red line, shut door, obstacle or Intruder: {} to {}", here, at.space
                );
                let last = i + 1 == path.spaces.len();
                prop_assert!(last || !page.spaces.location_arrows.contains_key(&at.space),
                    "a Location arrow ends the move");
                here = at.space;
            }
            prop_assert!(!state.spacers.contains_key(&to), "ends on an empty space");
            prop_assert!(!state.intruders.contains_key(&to));
            prop_assert!(is_walkable(page, to.space));
            ours.insert(to.space, steps);
        }
        let theirs = brute_force(page, &state, from.space, scene.move_value);
        prop_assert_eq!(ours, theirs);
    }

    #[test]
    fn every_space_is_explained_exactly_when_it_is_not_a_destination(scene in scene()) {
        let (pack, state, from) = build(&scene);
        let board = Board::new(&pack);
        let Ok(found) = reach(&board, &state, from, MoveOptions::new(scene.move_value)) else {
            return Ok(());
        };
        for space in pack.pages[&PAGE].size.spaces() {
            let at = PageSpace { page: PAGE, space };
            let why = found.why_not(at).unwrap();
            prop_assert_eq!(why.is_none(), found.is_destination(at), "{} {:?}", at, why);
        }
    }

    #[test]
    fn intruder_routes_are_shortest_and_legal(scene in scene()) {
        let (pack, mut state, from) = build(&scene);
        let board = Board::new(&pack);
        let page = &pack.pages[&PAGE];
        // The Intruder moves from `from` toward the first Spacer, if any.
        let Some(target) = state.spacers.keys().next().copied() else {
            return Ok(());
        };
        state.intruders.remove(&from);
        let options = IntruderMoveOptions::default();
        let Ok(moves) = intruder_moves(&board, &state, from, target, options) else {
            prop_assert!(!is_walkable(page, from.space));
            return Ok(());
        };
        prop_assert!(!moves.routes.is_empty());
        // Welded doors beside its start are destroyed before it moves.
        for door in &moves.destroyed {
            prop_assert_eq!(state.door(door.page, door.number), DoorState::Welded);
            state.doors.insert((door.page, door.number), DoorState::Open);
        }
        for route in &moves.routes {
            let mut here = from;
            for next in &route.path {
                let steps = intruder_steps(&board, &state, here, true);
                prop_assert!(steps.iter().any(|(_, s)| s == next), "{} to {}", here, next);
                here = *next;
            }
            if moves.can_reach && route.welded_stop.is_none() {
                prop_assert_eq!(route.path.len() as u32, moves.steps_needed, "shortest");
                prop_assert!(route.in_range);
                prop_assert!(in_range(&board, &state, route.end(from), target, 1));
            }
            prop_assert!(route.end(from) == from || !state.occupied(route.end(from)));
        }
    }
}

// -------------------------------------------------------------------------
// Doors on both sides of a join.

/// Two pages side by side, L1p2 against L1p1's east edge at an offset (whole
/// or half spaces), every space a board space, and doors drawn on the shared
/// edge by either page, each closed, open or welded.
#[derive(Clone, Debug)]
struct Join {
    sizes: [(u16, u16); 2],
    /// Half spaces L1p2 is shifted up.
    offset_halves: i32,
    /// For each row of each page: 0 no door on the shared edge, 1 closed,
    /// 2 open, 3 welded.
    doors: [Vec<u8>; 2],
    /// The start: page (0 or 1) and space index.
    from: (usize, usize),
    move_value: u32,
}

fn join() -> impl Strategy<Value = Join> {
    ((1u16..=3, 1u16..=4), (1u16..=3, 1u16..=4), -2i32..=2).prop_flat_map(
        |(a, b, offset_halves)| {
            let door = prop_oneof![2 => Just(0u8), 1 => 1u8..=3];
            (
                proptest::collection::vec(door.clone(), usize::from(a.1)),
                proptest::collection::vec(door, usize::from(b.1)),
                0usize..2,
                0usize..12,
                0u32..=6,
            )
                .prop_map(move |(doors_a, doors_b, page, space, move_value)| Join {
                    sizes: [a, b],
                    offset_halves,
                    doors: [doors_a, doors_b],
                    from: (page, space),
                    move_value,
                })
        },
    )
}

const PAGES: [PageId; 2] = [PageId { book: 1, page: 1 }, PageId { book: 1, page: 2 }];

fn build_join(join: &Join) -> (Pack, PlayState, PageSpace) {
    let offset = f64::from(join.offset_halves) / 2.0;
    let text = format!(
        "format = 1\nname = \"P\"\nruleset = \"enormity\"\nstart = \"L1p1\"\n\
         pages = [\"p1.toml\", \"p2.toml\"]\n\n[[books]]\nnumber = 1\n\n\
         [[locations]]\ndesignation = \"SR\"\nname = \"Solar Ring\"\n\n\
         [[joins]]\nfrom = \"L1p1 east\"\nto = \"L1p2 west\"\noffset = {offset}\n"
    );
    let loaded = pack_file_from_source(&SourceFile::new("pack.toml", text));
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let mut pack = loaded.value.unwrap();
    let mut state = PlayState::default();
    for (index, &(columns, rows)) in join.sizes.iter().enumerate() {
        let id = PAGES[index];
        let mut page = Page::new(id, "SR", Size { columns, rows });
        for space in page.size.spaces().collect::<Vec<_>>() {
            page.set_kind(space, SpaceKind::Board);
        }
        for (row, &code) in join.doors[index].iter().enumerate() {
            let space = if index == 0 {
                Space::new(columns - 1, row as u16)
            } else {
                Space::new(0, row as u16)
            };
            let side = if index == 0 {
                Direction::East
            } else {
                Direction::West
            };
            let door_state = match code {
                1 => DoorState::Closed,
                2 => DoorState::Open,
                3 => DoorState::Welded,
                _ => continue,
            };
            let number = row as u16 + 1;
            page.edges.insert(
                space.side(side),
                EdgeFeature {
                    kind: EdgeKind::Door(number),
                    span: Span::default(),
                },
            );
            state.doors.insert((id, number), door_state);
        }
        pack.pages.insert(id, page);
    }
    let (page, index) = join.from;
    let (columns, rows) = join.sizes[page];
    let index = index % usize::from(columns * rows);
    let from = PageSpace {
        page: PAGES[page],
        space: Space::new(index as u16 % columns, index as u16 / columns),
    };
    (pack, state, from)
}

/// The door a page draws on the side of a space, with its state.
fn door_on(pack: &Pack, state: &PlayState, at: PageSpace, side: Direction) -> Option<DoorState> {
    match pack.pages[&at.page].edge(at.space.side(side))?.kind {
        EdgeKind::Door(number) => Some(state.door(at.page, number)),
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// "You cannot move through a Door unless it is opened": a step across a
    /// join passes the door each page draws on that stretch, so every one of
    /// them must be open — never the page left's alone.
    #[test]
    fn crossing_a_join_never_passes_a_closed_door_on_either_page(join in join()) {
        let (pack, state, from) = build_join(&join);
        let board = Board::new(&pack);
        let found = reach(&board, &state, from, MoveOptions::new(join.move_value)).unwrap();
        for (to, _) in found.destinations() {
            let path = found.path(to).unwrap();
            let mut here = from;
            for &next in &path.spaces {
                if next.page != here.page {
                    let (west, east) = if here.page == PAGES[0] { (here, next) } else { (next, here) };
                    for door in [door_on(&pack, &state, west, Direction::East), door_on(&pack, &state, east, Direction::West)] {
                        prop_assert!(
                            door.is_none_or(|d| d == DoorState::Open),
                            "{} to {} passes a {:?} door", here, next, door
                        );
                    }
                }
                here = next;
            }
        }
        // With every door open, both pages are one board.
        if join.doors.iter().flatten().all(|d| *d != 1 && *d != 3) && join.move_value == 6 {
            // The pages touch along a stretch of the shared line.
            let (rows_a, rows_b) = (i32::from(join.sizes[0].1), i32::from(join.sizes[1].1));
            let joined = join.offset_halves < 2 * rows_a && join.offset_halves + 2 * rows_b > 0;
            if joined {
                prop_assert!(found.destinations().any(|(to, _)| to.page != from.page));
            }
        }
    }
}
