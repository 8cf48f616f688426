//! Spawning Blips (`blip-movement.md`, "Spawning Blips") and the spawn
//! clusters that place the starting Blips (`spawn-point-clusters.md`).
//!
//! # Interpretations
//!
//! - **Closest** spawn point: orthogonal distance from the spawn point to the
//!   nearest corner of the Spacer's space, in the pack frame (the number of
//!   Blip moves it would take to become adjacent). Only spawn points a Blip
//!   could travel from to that Spacer count (the same lattice component: pages
//!   not joined to the Spacer's are not on the table). Equally close spawn
//!   points are all returned.
//! - **Facing the most Spacers**: a Blip on an intersection facing a direction
//!   has in front every space wholly beyond the grid line through it, across
//!   that direction (`facing.md`: "all spaces beyond this line"). A space whose
//!   side lies on that line counts. The Spacer that triggered the spawn (or the
//!   Priority Target) is counted even if the play state does not list it.
//!   Ties return every direction.
//! - **All occupied**: the new Blip goes on the closest spawn point "as if it
//!   moved there": the Blip already there is pushed one intersection toward
//!   the Spacer (every option of that push is returned). If that spawn point
//!   is adjacent to a Spacer, the new Blip counts as having moved adjacent and
//!   is revealed instead; being flipped, it pushes nothing. A Blip spawned on a
//!   free spawn point did not move and is not revealed.
//! - **Clusters**: spawn points joined by spawn links, transitively; a link
//!   whose end is not a spawn point still joins the links that meet there; a
//!   lone spawn point is a cluster of its own. Spawn points merged by an
//!   aligned join are one point.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use deckplan_schema::enormity::{Corner, Direction, Intersection, Pack};
use petgraph::unionfind::UnionFind;

use super::PlayState;
use super::blip_move::{BlipError, BlipMove, Point, SpaceBox, move_blip, point_of};
use crate::enormity::board::{Board, PageIntersection, PageSpace};
use crate::movement::Node;

/// Spawn points joined by spawn links: one starting Blip goes on one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpawnCluster {
    /// Its spawn points, page by page in reading order.
    pub points: Vec<PageIntersection>,
}

/// The spawn clusters of every page, ordered by their first spawn point.
pub fn spawn_clusters(board: &Board<'_>) -> Vec<SpawnCluster> {
    // Every intersection a spawn point or link touches, one index per lattice node.
    let mut index_of: HashMap<NodeKey, usize> = HashMap::new();
    let mut members: Vec<Vec<PageIntersection>> = Vec::new();
    let mut spawn: Vec<bool> = Vec::new();
    let mut key_of = |at: PageIntersection, is_spawn: bool| {
        let key = board
            .lattice
            .node(at)
            .map_or(NodeKey::Alone(at), NodeKey::Node);
        let index = *index_of.entry(key).or_insert_with(|| {
            members.push(Vec::new());
            spawn.push(false);
            members.len() - 1
        });
        if let (true, Some(list), Some(flag)) =
            (is_spawn, members.get_mut(index), spawn.get_mut(index))
        {
            list.push(at);
            *flag = true;
        }
        index
    };
    let mut links: Vec<(usize, usize)> = Vec::new();
    for page in board.pack.pages.values() {
        let on = |point: Intersection| PageIntersection {
            page: page.id,
            point,
        };
        for &point in page.intersections.spawn_points.keys() {
            key_of(on(point), true);
        }
        for link in &page.intersections.spawn_links {
            links.push((key_of(on(link.a), false), key_of(on(link.b), false)));
        }
    }
    let mut joined = UnionFind::<usize>::new(members.len());
    for (a, b) in links {
        joined.union(a, b);
    }
    let mut clusters: BTreeMap<usize, Vec<PageIntersection>> = BTreeMap::new();
    for (index, points) in members.into_iter().enumerate() {
        if spawn.get(index).copied().unwrap_or(false) {
            clusters
                .entry(joined.find(index))
                .or_default()
                .extend(points);
        }
    }
    let mut clusters: Vec<SpawnCluster> = clusters
        .into_values()
        .map(|mut points| {
            points.sort_by_key(|p| (p.page, p.point.reading_order()));
            points.dedup();
            SpawnCluster { points }
        })
        .collect();
    clusters.sort_by_key(|c| c.points.first().map(|p| (p.page, p.point.reading_order())));
    clusters
}

/// A lattice node, or an intersection the lattice does not know (unplaced page).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum NodeKey {
    Node(Node),
    Alone(PageIntersection),
}

/// Starting Blips printed on the pages, with their patrol arrows. When a run
/// shows none, place one Blip per [`spawn_clusters`] cluster instead.
pub fn printed_starting_blips(pack: &Pack) -> Vec<(PageIntersection, Direction)> {
    pack.pages
        .values()
        .flat_map(|page| {
            page.intersections.blips.iter().map(|(&point, blip)| {
                (
                    PageIntersection {
                        page: page.id,
                        point,
                    },
                    blip.direction,
                )
            })
        })
        .collect()
}

/// Where a new Blip may spawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpawnOption {
    /// The spawn point.
    pub at: PageIntersection,
    /// The ways it may face (more than one when as many Spacers lie each way).
    pub facing: Vec<Direction>,
    /// Whether another Blip already stood there (every spawn point was taken).
    pub occupied: bool,
    /// When spawned onto an occupied point next to Spacers: those Spacers (it
    /// is revealed at once, as a Blip moving adjacent would be).
    pub revealed: Vec<PageSpace>,
    /// When spawned onto an occupied point: each way the Blip already there
    /// can be pushed one intersection toward the Spacer.
    pub pushes: Vec<BlipMove>,
}

/// Why no spawn point could be chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SpawnError {
    /// The space is not on a laid-out page.
    #[error("{0} is not a space of the pack")]
    NoSpace(PageSpace),
    /// No spawn point lies where a Blip could reach the Spacer.
    #[error("no spawn point is joined to {0}'s page")]
    NoSpawnPoint(PageSpace),
    /// A Blip of the play state is not on the board.
    #[error(transparent)]
    Blip(#[from] BlipError),
}

/// Where a Blip spawns for the Spacer on `near` (the one who triggered the
/// spawn, or the Priority Target when no Spacer did): the closest free spawn
/// point facing the most Spacers, or, when all are taken, the closest one with
/// the push that follows.
pub fn spawn(
    board: &Board<'_>,
    state: &PlayState,
    near: PageSpace,
) -> Result<Vec<SpawnOption>, SpawnError> {
    let target = SpaceBox::of(board, near).ok_or(SpawnError::NoSpace(near))?;
    let component = board.lattice.component(PageIntersection {
        page: near.page,
        point: near.space.corner(Corner::SouthWest),
    });
    let occupant: HashMap<Node, PageIntersection> = state
        .blips
        .iter()
        .filter_map(|b| board.lattice.node(*b).map(|n| (n, *b)))
        .collect();

    // (distance, spawn point, Blip already on it), one per lattice node.
    let mut seen: BTreeSet<Node> = BTreeSet::new();
    let mut candidates: Vec<(i64, PageIntersection, Option<PageIntersection>)> = Vec::new();
    for page in board.pack.pages.values() {
        for &point in page.intersections.spawn_points.keys() {
            let at = PageIntersection {
                page: page.id,
                point,
            };
            let (Some(node), Some(p)) = (board.lattice.node(at), point_of(board, at)) else {
                continue;
            };
            if board.lattice.component(at) != component || !seen.insert(node) {
                continue;
            }
            candidates.push((target.distance(p), at, occupant.get(&node).copied()));
        }
    }
    let free = candidates.iter().any(|(_, _, blip)| blip.is_none());
    let pool: Vec<&(i64, PageIntersection, Option<PageIntersection>)> = candidates
        .iter()
        .filter(|(_, _, blip)| !free || blip.is_none())
        .collect();
    let best = pool
        .iter()
        .map(|(d, _, _)| *d)
        .min()
        .ok_or(SpawnError::NoSpawnPoint(near))?;

    let spacers: BTreeSet<PageSpace> = state
        .spacers
        .keys()
        .copied()
        .chain(std::iter::once(near))
        .collect();
    let boxes: Vec<(PageSpace, SpaceBox)> = spacers
        .iter()
        .filter_map(|s| SpaceBox::of(board, *s).map(|b| (*s, b)))
        .collect();

    let mut options = Vec::new();
    for &&(_, at, blip) in pool.iter().filter(|(d, _, _)| *d == best) {
        let p = point_of(board, at).ok_or(BlipError::NoIntersection(at))?;
        let facing = facing_most(p, boxes.iter().map(|(_, b)| *b));
        let (revealed, pushes) = match blip {
            None => (Vec::new(), Vec::new()),
            Some(existing) => {
                let adjacent: Vec<PageSpace> = boxes
                    .iter()
                    .filter(|(_, b)| b.has_corner(p))
                    .map(|(s, _)| *s)
                    .collect();
                if adjacent.is_empty() {
                    (Vec::new(), move_blip(board, state, existing, near, 1)?)
                } else {
                    (adjacent, Vec::new())
                }
            }
        };
        options.push(SpawnOption {
            at,
            facing,
            occupied: blip.is_some(),
            revealed,
            pushes,
        });
    }
    Ok(options)
}

/// The directions from `p` with the most of the spaces in front (ties: all).
pub fn facing_most(p: Point, spaces: impl Iterator<Item = SpaceBox>) -> Vec<Direction> {
    let mut count = [0usize; 4];
    for b in spaces {
        for (i, direction) in Direction::ALL.iter().enumerate() {
            let in_front = match direction {
                Direction::North => b.south >= p.y,
                Direction::East => b.west >= p.x,
                Direction::South => b.north <= p.y,
                Direction::West => b.east <= p.x,
            };
            if let (true, Some(c)) = (in_front, count.get_mut(i)) {
                *c += 1;
            }
        }
    }
    let most = count.iter().copied().max().unwrap_or(0);
    Direction::ALL
        .iter()
        .zip(count)
        .filter(|(_, c)| *c == most)
        .map(|(d, _)| *d)
        .collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;
    use crate::enormity::rules::testing::{fixture, single_page_pack};

    use crate::enormity::rules::testing::{at as space, corner as at};

    /// `img/blip-spawn.png`: a room of two rows above the dark out-of-bounds
    /// area, where a red dashed link joins two spawn points into one cluster.
    /// Fixture `blip-spawn` (3×4, rows A–B out of bounds): spawn points
    /// `A1 nw` and `A1 se`, linked. With the Spacer of the next picture on
    /// `D1`, a new Blip spawns on `A1 nw` (two moves from D1's corner; `A1 se`
    /// is three), facing north or east (D1 lies beyond both lines through it;
    /// the picture's Blip faces north).
    #[test]
    fn blip_spawn_picks_the_closest_spawn_point() {
        let pack = fixture("blip-spawn");
        let board = Board::new(&pack);
        assert_eq!(
            spawn_clusters(&board),
            vec![SpawnCluster {
                points: vec![at("A1 nw"), at("A1 se")]
            }]
        );
        let mut state = PlayState::default();
        state.spacers.insert(space("D1"), Direction::South);
        let options = spawn(&board, &state, space("D1")).unwrap();
        assert_eq!(options.len(), 1);
        assert_eq!(options[0].at, at("A1 nw"));
        assert_eq!(options[0].facing, vec![Direction::North, Direction::East]);
        assert!(!options[0].occupied);
        assert!(options[0].pushes.is_empty());
    }

    /// `img/blip-spawn-occupied.png`: both spawn points hold Blips. The new
    /// Blip goes on the one closest to the Spacer on `D1` (`A1 nw`), and the
    /// Blip already there moves one intersection toward the Spacer, straight
    /// up the west line of D1 to `B1 nw` (not adjacent to D1, so not revealed).
    #[test]
    fn blip_spawn_occupied_pushes_the_blip_already_there() {
        let pack = fixture("blip-spawn");
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        state.spacers.insert(space("D1"), Direction::South);
        state.blips.insert(at("A1 nw"));
        state.blips.insert(at("A1 se"));
        let options = spawn(&board, &state, space("D1")).unwrap();
        assert_eq!(options.len(), 1);
        let option = &options[0];
        assert_eq!(option.at, at("A1 nw"));
        assert!(option.occupied);
        assert!(option.revealed.is_empty());
        assert_eq!(option.pushes.len(), 1);
        let push = &option.pushes[0];
        assert_eq!(push.from, at("A1 nw"));
        assert_eq!(push.end, at("B1 nw"));
        assert_eq!(push.steps.len(), 1);
        assert_eq!(push.steps[0].direction, Direction::North);
        assert!(!push.revealed());
    }

    const CLUSTERS: &str = r#"format = 1
book = 1
page = 1
location = "T"
grid = """
E .....
D .....
C .....
B .....
A .....
"""

[intersections]
spawn_points = ["E5 ne", "C3 ne", "A1 sw", "A2 ne", "B4 ne"]
spawn_links = [["A1 sw", "A2 ne"], ["A2 ne", "B4 ne"], ["C3 ne", "D1 ne"]]
"#;

    #[test]
    fn clusters_are_linked_spawn_points_transitively() {
        let pack = single_page_pack(CLUSTERS);
        let board = Board::new(&pack);
        let clusters = spawn_clusters(&board);
        let names: Vec<Vec<String>> = clusters
            .iter()
            .map(|c| c.points.iter().map(|p| p.point.to_string()).collect())
            .collect();
        // A1 sw – A2 ne – B4 ne are one cluster; C3 ne's link ends on a plain
        // intersection, so it is alone, like E5 ne.
        assert_eq!(
            names,
            vec![
                vec!["E5 ne".to_string()],
                vec!["C3 ne".to_string()],
                vec![
                    "B4 ne".to_string(),
                    "A2 ne".to_string(),
                    "A1 sw".to_string()
                ],
            ]
        );
    }

    #[test]
    fn ties_between_spawn_points_and_facings_are_all_returned() {
        let pack = single_page_pack(CLUSTERS);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        // C2 (x 1..2, y 2..3): C3 ne (x 3, y 3) and A2 ne (x 2, y 1) are both one move away.
        state.spacers.insert(space("C2"), Direction::North);
        state.spacers.insert(space("D3"), Direction::North);
        let options = spawn(&board, &state, space("C2")).unwrap();
        let points: Vec<PageIntersection> = options.iter().map(|o| o.at).collect();
        assert_eq!(points, vec![at("A2 ne"), at("C3 ne")]);
        // From A2 ne (x 2, y 1): C2 lies north and west of it, D3 north and east.
        assert_eq!(options[0].facing, vec![Direction::North]);
    }

    #[test]
    fn spawning_onto_a_taken_point_next_to_a_spacer_reveals() {
        let pack = single_page_pack(CLUSTERS);
        let board = Board::new(&pack);
        let mut state = PlayState::default();
        for point in ["E5 ne", "C3 ne", "A1 sw", "A2 ne", "B4 ne"] {
            state.blips.insert(at(point));
        }
        state.spacers.insert(space("C3"), Direction::North);
        let options = spawn(&board, &state, space("C3")).unwrap();
        assert_eq!(options.len(), 1);
        assert_eq!(options[0].at, at("C3 ne"));
        assert_eq!(options[0].revealed, vec![space("C3")]);
        assert!(options[0].pushes.is_empty());
    }
}
