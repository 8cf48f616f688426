//! Tactical-action movement: every system a ship can move into, with one
//! shortest path, under the movement rules (Living Rules Reference, "Movement",
//! "Anomalies").
//!
//! The search is the shared one ([`MoveGraph::cheapest`](crate::movement::MoveGraph::cheapest));
//! the rules are its [`Mover`]: what entering a system costs, and where a ship
//! may move on from or end.
//!
//! Readings:
//! - a path's length is the number of systems entered; a ship may enter at most
//!   its move value, plus one for each gravity rift it moves out of or through
//!   (so passing through a rift costs nothing, and leaving the start rift adds one);
//! - asteroid fields and supernovae are never entered;
//! - a nebula is entered only as the destination (the active system); a ship
//!   starting in a nebula has move 1, which rifts can still raise;
//! - a ship never moves through a system holding another player's ships, but may
//!   end in one (the active system, where combat follows);
//! - a ship that starts in a system, other than the active one, holding its own
//!   faction's command token cannot move; it may pass through such systems;
//! - with no active system named, every system the ship could move into if that
//!   system were activated is listed;
//! - each rift exited or passed is reported with its destruction roll (a die
//!   result of 1–3 destroys the ship), which is not rolled here.

use std::collections::BTreeSet;

use deckplan_schema::ti4::catalogue::Anomaly;

use crate::movement::Mover;
use crate::ti4::adjacency::{Node, Via};
use crate::ti4::checks::Galaxy;

/// One ship's move, and the state of the galaxy around it.
#[derive(Clone, Debug, Default)]
pub struct Move {
    /// Where the ship starts.
    pub from: Option<Node>,
    /// Its move value.
    pub move_value: u32,
    /// Systems holding other players' ships.
    pub enemies: BTreeSet<Node>,
    /// Systems holding the moving player's command tokens.
    pub tokens: BTreeSet<Node>,
    /// The active system, if one is named.
    pub active: Option<Node>,
}

/// A system the ship can move into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The system.
    pub to: Node,
    /// One shortest path, the start first and the system last.
    pub path: Vec<Node>,
    /// Gravity rifts the path moves out of or through, each a destruction roll.
    pub rifts: Vec<Node>,
}

/// What a ship can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The systems it can move into, in system order.
    Moves(Vec<Reached>),
    /// It cannot move at all, and why.
    Stuck(String),
}

/// Whether a system has an anomaly.
fn has(galaxy: &Galaxy<'_>, node: Node, anomaly: Anomaly) -> bool {
    galaxy
        .system(node)
        .is_some_and(|s| s.anomalies.contains(&anomaly))
}

/// Every system the ship can move into.
pub fn reach(galaxy: &Galaxy<'_>, ship: &Move) -> Outcome {
    let Some(start) = ship.from else {
        return Outcome::Stuck("no starting system".into());
    };
    let graph = galaxy.adjacency.graph();
    let Some(start_node) = graph.node(&start) else {
        return Outcome::Stuck(format!("{start} holds no system"));
    };
    if ship.tokens.contains(&start) && ship.active != Some(start) {
        return Outcome::Stuck(format!(
            "the ship starts at {start}, which holds its own command token and is not the active system"
        ));
    }
    let budget = if has(galaxy, start, Anomaly::Nebula) {
        1
    } else {
        ship.move_value
    };
    let mover = Tactical {
        galaxy,
        ship,
        start,
    };
    let found = graph.cheapest([start_node], budget, &mover);
    let moves = found
        .destinations()
        .filter_map(|(node, to, _)| {
            let path = found.path(node)?;
            let rifts = path
                .iter()
                .take(path.len().saturating_sub(1))
                .copied()
                .filter(|n| has(galaxy, *n, Anomaly::GravityRift))
                .collect();
            Some(Reached { to, path, rifts })
        })
        .collect();
    Outcome::Moves(moves)
}

/// The tactical-action rules as the shared search's questions: what entering
/// a system costs, whether a ship may move on from it, and whether it may end
/// there.
struct Tactical<'a> {
    galaxy: &'a Galaxy<'a>,
    ship: &'a Move,
    start: Node,
}

impl Mover<Node, Via> for Tactical<'_> {
    /// Asteroid fields and supernovae are never entered; every other system
    /// costs one, except that a ship leaving a gravity rift gets that one back.
    fn entry_cost(&self, from: &Node, _via: &Via, to: &Node) -> Option<u32> {
        if has(self.galaxy, *to, Anomaly::AsteroidField)
            || has(self.galaxy, *to, Anomaly::Supernova)
        {
            return None;
        }
        Some(if has(self.galaxy, *from, Anomaly::GravityRift) {
            0
        } else {
            1
        })
    }

    /// Other players' ships and nebulae end the move (the start excepted,
    /// which the search always leaves).
    fn may_pass(&self, at: &Node) -> bool {
        !(self.ship.enemies.contains(at) || has(self.galaxy, *at, Anomaly::Nebula))
    }

    /// Only the active system, when one is named; the start only when it is.
    fn may_end(&self, at: &Node) -> bool {
        match self.ship.active {
            Some(active) => *at == active,
            None => *at != self.start,
        }
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]
mod tests {
    use std::sync::Arc;

    use deckplan_schema::SourceFile;
    use deckplan_schema::ti4::catalogue::Catalogue;
    use deckplan_schema::ti4::galaxy::{GalaxyFile, parse_galaxy};

    use super::*;
    use crate::ti4::adjacency::Adjacency;

    /// A one-ring galaxy: the centre and positions 1–6 around it, as `tiles` says.
    fn setup(tiles: &str) -> (Arc<SourceFile>, GalaxyFile, Catalogue, Adjacency) {
        let text =
            format!("format = 1\nruleset = \"ti4\"\nname = \"t\"\nrings = 2\n\n[tiles]\n{tiles}");
        let source = SourceFile::new("pack.toml", text);
        let builtin = Catalogue::builtin().unwrap();
        let file = parse_galaxy(&source, builtin).unwrap_or_else(|e| panic!("{e:?}"));
        let catalogue = file.catalogue(builtin);
        let adjacency = Adjacency::of(&file, &catalogue);
        (source, file, catalogue, adjacency)
    }

    fn run(tiles: &str, ship: Move) -> Outcome {
        let (source, file, catalogue, adjacency) = setup(tiles);
        let galaxy = Galaxy {
            file: &file,
            catalogue: &catalogue,
            adjacency: &adjacency,
            source: &source,
        };
        reach(&galaxy, &ship)
    }

    fn ship(from: u32, move_value: u32) -> Move {
        Move {
            from: Some(Node::Board(from)),
            move_value,
            ..Move::default()
        }
    }

    /// Destinations as positions.
    fn destinations(outcome: &Outcome) -> Vec<u32> {
        match outcome {
            Outcome::Moves(moves) => moves
                .iter()
                .map(|m| match m.to {
                    Node::Board(p) => p,
                    Node::OffBoard(t) => u32::from(t) + 1000,
                })
                .collect(),
            Outcome::Stuck(why) => panic!("stuck: {why}"),
        }
    }

    /// A line of systems: 7 – 1 – 0 – 4 – 13 (north to south through the centre).
    const LINE: &str = "7 = 19\n1 = 20\n0 = 18\n4 = 21\n13 = 22\n";

    #[test]
    fn move_two_reaches_two_systems_away_with_a_shortest_path() {
        let outcome = run(LINE, ship(7, 2));
        assert_eq!(destinations(&outcome), vec![0, 1]);
        let Outcome::Moves(moves) = outcome else {
            unreachable!()
        };
        assert_eq!(
            moves[0].path,
            vec![Node::Board(7), Node::Board(1), Node::Board(0)]
        );
    }

    #[test]
    fn asteroid_fields_and_supernovae_are_never_entered() {
        for blocker in [44, 43] {
            let tiles = LINE.replace("1 = 20", &format!("1 = {blocker}"));
            assert_eq!(
                destinations(&run(&tiles, ship(7, 3))),
                Vec::<u32>::new(),
                "{blocker}"
            );
        }
    }

    #[test]
    fn a_nebula_is_entered_only_as_the_active_system() {
        let tiles = LINE.replace("1 = 20", "1 = 42");
        assert_eq!(
            destinations(&run(&tiles, ship(7, 3))),
            vec![1],
            "only the nebula itself"
        );
        let mut into_centre = ship(7, 3);
        into_centre.active = Some(Node::Board(0));
        assert_eq!(
            destinations(&run(&tiles, into_centre)),
            Vec::<u32>::new(),
            "never through"
        );
    }

    #[test]
    fn a_ship_starting_in_a_nebula_has_move_one() {
        let tiles = LINE.replace("1 = 20", "1 = 42");
        assert_eq!(destinations(&run(&tiles, ship(1, 3))), vec![0, 7]);
    }

    #[test]
    fn a_gravity_rift_adds_one_per_rift_passed_and_is_reported() {
        let tiles = LINE.replace("1 = 20", "1 = 41");
        let outcome = run(&tiles, ship(7, 2));
        assert_eq!(destinations(&outcome), vec![0, 1, 4]);
        let Outcome::Moves(moves) = outcome else {
            unreachable!()
        };
        let to_four = moves.iter().find(|m| m.to == Node::Board(4)).unwrap();
        assert_eq!(to_four.rifts, vec![Node::Board(1)]);
        // Ending in the rift is no roll.
        let into = moves.iter().find(|m| m.to == Node::Board(1)).unwrap();
        assert_eq!(into.rifts, Vec::<Node>::new());
    }

    #[test]
    fn other_players_ships_block_passing_but_not_ending() {
        let mut blocked = ship(7, 3);
        blocked.enemies.insert(Node::Board(1));
        assert_eq!(destinations(&run(LINE, blocked)), vec![1]);
    }

    #[test]
    fn a_ship_under_its_own_command_token_cannot_move_unless_it_is_the_active_system() {
        let mut held = ship(7, 3);
        held.tokens.insert(Node::Board(7));
        assert_eq!(
            run(LINE, held.clone()),
            Outcome::Stuck("the ship starts at position 7, which holds its own command token and is not the active system".into())
        );
        // Passing through its own token systems is allowed.
        let mut through = ship(7, 3);
        through.tokens.insert(Node::Board(1));
        through.active = Some(Node::Board(4));
        assert_eq!(destinations(&run(LINE, through)), vec![4]);
    }

    #[test]
    fn a_ship_in_the_active_system_may_stay_there() {
        let mut stay = ship(7, 2);
        stay.active = Some(Node::Board(7));
        assert_eq!(destinations(&run(LINE, stay)), vec![7]);
    }
}
