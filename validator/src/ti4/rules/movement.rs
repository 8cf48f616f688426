//! Tactical-action movement: every system a ship can move into, with the
//! safest of its shortest paths, and whether a path a player names is legal
//! (Living Rules Reference, "Movement", "Anomalies", "Active System").
//!
//! The rules are a [`Mover`] (what entering a system costs, where a ship may
//! move on from or end); the search is this module's own, because the path
//! shown is chosen by two measures the shared cheapest-move search does not
//! order: fewest systems entered, then fewest gravity-rift rolls.
//!
//! Readings:
//! - a path's length is the number of systems entered; a ship may enter at most
//!   its move value, plus one for each gravity rift it moves out of or through
//!   (so passing through a rift costs nothing, and leaving the start rift adds
//!   one, unless the group reads the start's rift as not counting);
//! - the path shown is the shortest legal one, and among equally short ones
//!   the one with the fewest rift rolls: what a player would choose;
//! - asteroid fields and supernovae are never entered (Antimass Deflectors
//!   open asteroid fields);
//! - a nebula is entered only as the destination (the active system); a ship
//!   starting in a nebula has move 1, which rifts and Gravity Drive can still
//!   raise;
//! - a ship never moves through a system holding another player's ships (but
//!   with Light/Wave Deflector), but may end in one (the active system, where
//!   combat follows);
//! - a ship that starts in a system, other than the active one, holding its own
//!   faction's command token cannot move; it may pass through such systems;
//! - with no active system named, every system the ship could move into if that
//!   system were activated is listed, except those already holding the
//!   player's own command token, which cannot be activated;
//! - each rift exited or passed is reported with its destruction roll (a die
//!   result of 1–3 destroys the ship), which is not rolled here.

use std::collections::{BTreeSet, VecDeque};

use deckplan_schema::ti4::catalogue::Anomaly;

use crate::movement::Mover;
use crate::ti4::adjacency::{Node, Via};
use crate::ti4::checks::Galaxy;

/// Effects that change how a ship moves, switched on for one question.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Antimass Deflectors: "Your ships can move into and through asteroid fields."
    pub antimass: bool,
    /// Gravity Drive: "+1 to the move value of 1 of your ships" this tactical action.
    pub gravity_drive: bool,
    /// Light/Wave Deflector: "Your ships can move through systems that contain
    /// other players' ships."
    pub light_wave: bool,
    /// The gravity rift the ship starts in gives no +1 and no roll (a reading
    /// some groups make; the engine's own counts it).
    pub ignore_start_rift: bool,
}

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
    /// Effects in play.
    pub effects: Effects,
}

/// A system the ship can move into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reached {
    /// The system.
    pub to: Node,
    /// The shortest path with the fewest rift rolls, the start first and the
    /// system last.
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

/// Why a ship cannot move at all, if it cannot.
fn stuck(galaxy: &Galaxy<'_>, ship: &Move) -> Result<Node, String> {
    let Some(start) = ship.from else {
        return Err("no starting system".into());
    };
    if galaxy.adjacency.graph().node(&start).is_none() {
        return Err(format!("{start} holds no system"));
    }
    if ship.tokens.contains(&start) && ship.active != Some(start) {
        return Err(format!(
            "the ship starts at {start}, which holds its own command token and is not the active system"
        ));
    }
    Ok(start)
}

/// The points a ship may spend: its move value (1 when it starts in a
/// nebula), plus one for Gravity Drive.
fn budget(galaxy: &Galaxy<'_>, ship: &Move, start: Node) -> u32 {
    let base = if has(galaxy, start, Anomaly::Nebula) {
        1
    } else {
        ship.move_value
    };
    base.saturating_add(u32::from(ship.effects.gravity_drive))
}

/// Every system the ship can move into, each with the shortest legal path and,
/// among those, the one with the fewest gravity-rift rolls.
///
/// A breadth-first search over (system, points spent), one layer per system
/// entered: the first time a state is reached is with the fewest systems
/// entered, and a state's points spent are its systems entered less its rift
/// rolls, so for each system the state reached in the fewest layers, the most
/// points spent breaking ties, is the shortest path with the fewest rolls.
/// States are at most systems × (points + 1), points capped at the number of
/// systems (a shortest path never enters more).
pub fn reach(galaxy: &Galaxy<'_>, ship: &Move) -> Outcome {
    let start = match stuck(galaxy, ship) {
        Ok(start) => start,
        Err(why) => return Outcome::Stuck(why),
    };
    let graph = galaxy.adjacency.graph();
    let Some(start_node) = graph.node(&start) else {
        return Outcome::Stuck(format!("{start} holds no system"));
    };
    let systems = graph.len();
    let cap = budget(galaxy, ship, start).min(u32::try_from(systems).unwrap_or(u32::MAX));
    let width = cap as usize + 1;
    let state = |node: crate::movement::Node, spent: u32| node.index() * width + spent as usize;
    let mut entered = vec![u32::MAX; systems * width];
    let mut parent = vec![usize::MAX; systems * width];
    let mover = Tactical {
        galaxy,
        ship,
        start,
    };
    let first = state(start_node, 0);
    if let Some(slot) = entered.get_mut(first) {
        *slot = 0;
    }
    let mut queue = VecDeque::from([(start_node, 0u32)]);
    while let Some((node, spent)) = queue.pop_front() {
        let here_state = state(node, spent);
        let Some(&k) = entered.get(here_state) else {
            continue;
        };
        let Some(here) = graph.place(node) else {
            continue;
        };
        let leaving_start = node == start_node && k == 0;
        if !leaving_start && !mover.may_pass(&here) {
            continue;
        }
        for (next, via) in graph.steps_from(node) {
            let Some(there) = graph.place(next) else {
                continue;
            };
            let Some(price) = mover.entry_cost(&here, via, &there) else {
                continue;
            };
            let total = spent + price;
            if total > cap {
                continue;
            }
            let next_state = state(next, total);
            if entered.get(next_state) == Some(&u32::MAX) {
                if let Some(slot) = entered.get_mut(next_state) {
                    *slot = k + 1;
                }
                if let Some(slot) = parent.get_mut(next_state) {
                    *slot = here_state;
                }
                queue.push_back((next, total));
            }
        }
    }
    let mut moves = Vec::new();
    for node in graph.nodes() {
        let Some(to) = graph.place(node) else {
            continue;
        };
        if !mover.may_end(&to) {
            continue;
        }
        // Fewest systems entered, then most points spent (fewest rolls).
        let best = (0..=cap)
            .filter_map(|spent| {
                let k = *entered.get(state(node, spent))?;
                (k != u32::MAX).then_some((k, std::cmp::Reverse(spent)))
            })
            .min();
        let Some((_, std::cmp::Reverse(spent))) = best else {
            continue;
        };
        let mut path = Vec::new();
        let mut at = state(node, spent);
        while at != usize::MAX && path.len() <= systems * width {
            let Some(place) =
                crate::movement::Node::from_index(at / width).and_then(|n| graph.place(n))
            else {
                break;
            };
            path.push(place);
            at = parent.get(at).copied().unwrap_or(usize::MAX);
        }
        path.reverse();
        let rifts = rolls(galaxy, ship, start, &path);
        moves.push(Reached { to, path, rifts });
    }
    Outcome::Moves(moves)
}

/// The gravity rifts a path moves out of (the last system is only entered).
fn rolls(galaxy: &Galaxy<'_>, ship: &Move, start: Node, path: &[Node]) -> Vec<Node> {
    path.iter()
        .take(path.len().saturating_sub(1))
        .enumerate()
        .filter(|(i, n)| {
            has(galaxy, **n, Anomaly::GravityRift)
                && !(*i == 0 && **n == start && ship.effects.ignore_start_rift)
        })
        .map(|(_, n)| *n)
        .collect()
}

/// Whether a path a player names is a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It is: the systems it enters and the rifts it rolls for.
    Legal {
        /// Systems entered.
        entered: u32,
        /// Gravity rifts moved out of or through, each a destruction roll.
        rifts: Vec<Node>,
    },
    /// It is not: the first rule it breaks, at the system of the path (by
    /// its place in the path, the start 0) where it breaks it.
    Broken {
        /// Where in the path.
        at: usize,
        /// The rule, in a sentence.
        rule: String,
    },
}

/// Judges a path (the start first) for a ship: legal, or the first rule it
/// breaks walking it from the start. A path may enter a system twice (a ship
/// may leave the active system and come back); each exit from a rift is a
/// roll and a +1.
pub fn judge(galaxy: &Galaxy<'_>, ship: &Move, path: &[Node]) -> Verdict {
    let broken = |at: usize, rule: String| Verdict::Broken { at, rule };
    let Some(&start) = path.first() else {
        return broken(0, "the path names no system".into());
    };
    let ship = Move {
        from: Some(start),
        ..ship.clone()
    };
    if let Err(why) = stuck(galaxy, &ship) {
        return broken(0, format!("the ship cannot move: {why}"));
    }
    let mover = Tactical {
        galaxy,
        ship: &ship,
        start,
    };
    let budget = budget(galaxy, &ship, start);
    let mut spent: u32 = 0;
    for (i, pair) in path.windows(2).enumerate() {
        let [here, there] = [pair.first().copied(), pair.get(1).copied()];
        let (Some(here), Some(there)) = (here, there) else {
            continue;
        };
        if i > 0
            && let Some(rule) = mover.why_not_pass(&here)
        {
            return broken(i, rule);
        }
        if galaxy.adjacency.graph().node(&there).is_none() {
            return broken(i + 1, "it holds no system".into());
        }
        if !galaxy.adjacency.adjacent(here, there) {
            return broken(i + 1, format!("it is not adjacent to {here}"));
        }
        if let Some(rule) = mover.why_not_enter(&there) {
            return broken(i + 1, rule);
        }
        let price = if mover.rift_bonus(&here, i == 0) {
            0
        } else {
            1
        };
        spent += price;
        if spent > budget {
            let entered = u32::try_from(i + 1).unwrap_or(u32::MAX);
            return broken(
                i + 1,
                format!(
                    "entering it makes {entered} systems entered, more than move {budget}{} allows",
                    match entered - spent {
                        0 => String::new(),
                        n => format!(" with +{n} from gravity rifts"),
                    }
                ),
            );
        }
    }
    let last = path.len() - 1;
    let Some(&end) = path.last() else {
        return broken(0, "the path names no system".into());
    };
    match ship.active {
        Some(active) if end != active => {
            return broken(
                last,
                format!("the ship must end its movement in the active system, {active}"),
            );
        }
        None if ship.tokens.contains(&end) => {
            return broken(
                last,
                "a player cannot activate a system that already contains one of their command tokens, and it holds one".into(),
            );
        }
        None if end == start => {
            return broken(
                last,
                "the path ends where it starts: name that system with --active to ask about leaving it and coming back".into(),
            );
        }
        _ => {}
    }
    let entered = u32::try_from(last).unwrap_or(u32::MAX);
    let rifts = path
        .iter()
        .take(last)
        .enumerate()
        .filter(|(i, n)| mover.rift_bonus(n, *i == 0))
        .map(|(_, n)| *n)
        .collect();
    Verdict::Legal { entered, rifts }
}

/// The tactical-action rules as the search's questions: what entering
/// a system costs, whether a ship may move on from it, and whether it may end
/// there.
struct Tactical<'a> {
    galaxy: &'a Galaxy<'a>,
    ship: &'a Move,
    start: Node,
}

impl Tactical<'_> {
    /// Whether leaving `at` earns a rift's +1 (and a roll); `first` is the
    /// path's first step, out of the start.
    fn rift_bonus(&self, at: &Node, first: bool) -> bool {
        has(self.galaxy, *at, Anomaly::GravityRift)
            && !(first && *at == self.start && self.ship.effects.ignore_start_rift)
    }

    /// Why a system may not be entered at all, if it may not.
    fn why_not_enter(&self, to: &Node) -> Option<String> {
        if has(self.galaxy, *to, Anomaly::Supernova) {
            return Some("it is a supernova, which no ship enters".into());
        }
        if has(self.galaxy, *to, Anomaly::AsteroidField) && !self.ship.effects.antimass {
            return Some(
                "it is an asteroid field, which no ship enters without Antimass Deflectors".into(),
            );
        }
        None
    }

    /// Why a ship may not move on from a system it entered, if it may not.
    fn why_not_pass(&self, at: &Node) -> Option<String> {
        if has(self.galaxy, *at, Anomaly::Nebula) {
            return Some(
                "it is a nebula, which a ship moves into only as the active system and never through"
                    .into(),
            );
        }
        if self.ship.enemies.contains(at) && !self.ship.effects.light_wave {
            return Some(
                "it holds another player's ships, which a ship cannot move through without Light/Wave Deflector"
                    .into(),
            );
        }
        None
    }
}

impl Mover<Node, Via> for Tactical<'_> {
    /// Asteroid fields (without Antimass Deflectors) and supernovae are never
    /// entered; every other system costs one, except that a ship leaving a
    /// gravity rift gets that one back.
    fn entry_cost(&self, from: &Node, _via: &Via, to: &Node) -> Option<u32> {
        if self.why_not_enter(to).is_some() {
            return None;
        }
        // The start is left only by the first step of a shortest path.
        Some(if self.rift_bonus(from, *from == self.start) {
            0
        } else {
            1
        })
    }

    /// Other players' ships and nebulae end the move (the start excepted,
    /// which the search always leaves).
    fn may_pass(&self, at: &Node) -> bool {
        self.why_not_pass(at).is_none()
    }

    /// Only the active system, when one is named; otherwise any system but
    /// the start and those holding the player's own command tokens ("A player
    /// cannot activate a system that already contains one of their command
    /// tokens").
    fn may_end(&self, at: &Node) -> bool {
        match self.ship.active {
            Some(active) => *at == active,
            None => *at != self.start && !self.ship.tokens.contains(at),
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
    use deckplan_schema::ti4::galaxy::GalaxyFile;
    use deckplan_schema::ti4::resolve::parse_galaxy;

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

    /// Ring 1 around a centre: 1 north, 2 north-east, 3 south-east, 4 south,
    /// 5 south-west, 6 north-west. From 1, both 1 → 0 → 3 and 1 → 2 → 3
    /// enter two systems.
    const RING: &str = "0 = 18\n1 = 19\n2 = 20\n3 = 21\n4 = 22\n5 = 23\n6 = 24\n";

    fn path_to(outcome: &Outcome, to: u32) -> Vec<u32> {
        let Outcome::Moves(moves) = outcome else {
            panic!("stuck")
        };
        moves
            .iter()
            .find(|m| m.to == Node::Board(to))
            .map(|m| {
                m.path
                    .iter()
                    .map(|n| match n {
                        Node::Board(p) => *p,
                        Node::OffBoard(t) => u32::from(*t) + 1000,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// "A ship that moves out of or through a gravity rift … applies +1 to
    /// its move value" and risks a roll. With the centre a rift, 1 → 0 → 3
    /// costs one point and a roll, 1 → 2 → 3 two points and none: both enter
    /// two systems, so with move 2 the path shown is the one without a roll;
    /// with move 1 only the rift's is legal.
    #[test]
    fn the_path_shown_is_the_safest_of_the_shortest() {
        let tiles = RING.replace("0 = 18", "0 = 41");
        let two = run(&tiles, ship(1, 2));
        assert_eq!(path_to(&two, 3), [1, 2, 3]);
        let Outcome::Moves(moves) = &two else {
            unreachable!()
        };
        assert!(
            moves
                .iter()
                .find(|m| m.to == Node::Board(3))
                .unwrap()
                .rifts
                .is_empty()
        );
        let one = run(&tiles, ship(1, 1));
        assert_eq!(path_to(&one, 3), [1, 0, 3]);
    }

    /// "A player cannot activate a system that already contains one of their
    /// command tokens" (LRR, Active System): with no active system named, a
    /// system holding the player's token is no destination; named active, it
    /// is (activating puts the token there).
    #[test]
    fn planning_leaves_out_systems_under_the_players_own_token() {
        let mut planning = ship(1, 1);
        planning.tokens.insert(Node::Board(2));
        assert_eq!(destinations(&run(RING, planning.clone())), vec![0, 6]);
        planning.active = Some(Node::Board(2));
        assert_eq!(destinations(&run(RING, planning)), vec![2]);
    }

    /// Antimass Deflectors: "Your ships can move into and through asteroid
    /// fields"; Gravity Drive: +1 move; Light/Wave Deflector: through other
    /// players' ships. On the line 7 – 1 – 0 – 4 – 13 from 7.
    #[test]
    fn effects_open_asteroid_fields_add_a_move_and_pass_enemies() {
        let tiles = LINE.replace("1 = 20", "1 = 44");
        assert_eq!(destinations(&run(&tiles, ship(7, 3))), Vec::<u32>::new());
        let mut deflected = ship(7, 2);
        deflected.effects.antimass = true;
        assert_eq!(destinations(&run(&tiles, deflected.clone())), vec![0, 1]);
        deflected.effects.gravity_drive = true;
        assert_eq!(destinations(&run(&tiles, deflected)), vec![0, 1, 4]);
        let mut blocked = ship(7, 3);
        blocked.enemies.insert(Node::Board(1));
        blocked.effects.light_wave = true;
        assert_eq!(destinations(&run(LINE, blocked)), vec![0, 1, 4]);
    }

    /// A ship starting in a rift moves out of it, so it gets the +1 — unless
    /// the group reads the start's rift as not counting.
    #[test]
    fn the_start_rift_counts_unless_switched_off() {
        let tiles = LINE.replace("7 = 19", "7 = 41");
        assert_eq!(destinations(&run(&tiles, ship(7, 1))), vec![0, 1]);
        let mut plain = ship(7, 1);
        plain.effects.ignore_start_rift = true;
        assert_eq!(destinations(&run(&tiles, plain)), vec![1]);
    }

    fn judged(tiles: &str, ship: Move, path: &[u32]) -> Verdict {
        let (source, file, catalogue, adjacency) = setup(tiles);
        let galaxy = Galaxy {
            file: &file,
            catalogue: &catalogue,
            adjacency: &adjacency,
            source: &source,
        };
        let path: Vec<Node> = path.iter().map(|p| Node::Board(*p)).collect();
        judge(&galaxy, &ship, &path)
    }

    fn broken(at: usize, rule: &str) -> Verdict {
        Verdict::Broken {
            at,
            rule: rule.into(),
        }
    }

    /// Each rule a path can break, named at the system where it breaks.
    #[test]
    fn a_path_is_judged_legal_or_by_the_first_rule_it_breaks() {
        let rift = RING.replace("0 = 18", "0 = 41");
        assert_eq!(
            judged(&rift, ship(1, 1), &[1, 0, 3]),
            Verdict::Legal {
                entered: 2,
                rifts: vec![Node::Board(0)]
            }
        );
        assert_eq!(
            judged(RING, ship(1, 1), &[1, 0, 3]),
            broken(
                2,
                "entering it makes 2 systems entered, more than move 1 allows"
            )
        );
        assert_eq!(
            judged(RING, ship(1, 3), &[1, 4]),
            broken(1, "it is not adjacent to position 1")
        );
        let nebula = RING.replace("0 = 18", "0 = 42");
        assert_eq!(
            judged(&nebula, ship(1, 3), &[1, 0, 3]),
            broken(
                1,
                "it is a nebula, which a ship moves into only as the active system and never through"
            )
        );
        let mut under_token = ship(1, 3);
        under_token.tokens.insert(Node::Board(3));
        assert_eq!(
            judged(RING, under_token, &[1, 2, 3]),
            broken(
                2,
                "a player cannot activate a system that already contains one of their command tokens, and it holds one"
            )
        );
        let mut elsewhere = ship(1, 3);
        elsewhere.active = Some(Node::Board(4));
        assert_eq!(
            judged(RING, elsewhere, &[1, 2, 3]),
            broken(
                2,
                "the ship must end its movement in the active system, position 4"
            )
        );
        let supernova = RING.replace("2 = 20", "2 = 43");
        assert_eq!(
            judged(&supernova, ship(1, 3), &[1, 2, 3]),
            broken(1, "it is a supernova, which no ship enters")
        );
    }

    // ---------------------------------------------------------------------
    // Against brute force on random one-ring galaxies.

    /// Tiles a random position may hold: plain systems, a rift, a nebula, a
    /// supernova, an asteroid field, or nothing.
    const POOL: [Option<u16>; 8] = [
        Some(19),
        Some(20),
        Some(41),
        Some(41),
        Some(42),
        Some(43),
        Some(44),
        None,
    ];

    /// Every simple path from the start by brute force, kept when legal:
    /// (destination, systems entered, rift rolls).
    fn legal_paths(galaxy: &Galaxy<'_>, ship: &Move) -> Vec<(Node, usize, usize, Vec<Node>)> {
        let start = ship.from.unwrap();
        let budget = budget(galaxy, ship, start);
        let is = |n: Node, a: Anomaly| has(galaxy, n, a);
        let mut found = Vec::new();
        let mut stack = vec![vec![start]];
        while let Some(path) = stack.pop() {
            let last = *path.last().unwrap();
            let rolls = path[..path.len() - 1]
                .iter()
                .filter(|n| is(**n, Anomaly::GravityRift))
                .count();
            let entered = path.len() - 1;
            let cost = entered - rolls;
            if u32::try_from(cost).unwrap() > budget {
                continue;
            }
            let ends = match ship.active {
                Some(active) => last == active,
                None => last != start && !ship.tokens.contains(&last),
            };
            if ends && entered > 0 || ship.active == Some(start) && path.len() == 1 {
                found.push((last, entered, rolls, path.clone()));
            }
            let passes =
                path.len() == 1 || !(is(last, Anomaly::Nebula) || ship.enemies.contains(&last));
            if !passes {
                continue;
            }
            for next in galaxy.adjacency.nodes() {
                if path.contains(&next)
                    || !galaxy.adjacency.adjacent(last, next)
                    || is(next, Anomaly::Supernova)
                    || is(next, Anomaly::AsteroidField)
                {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
        found
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// The path shown is a legal path, never longer than any legal path,
        /// and never has more rift rolls than a legal path of equal length;
        /// the systems listed are exactly those some legal path ends in; no
        /// planning answer holds a system under the player's own token.
        #[test]
        fn reach_agrees_with_brute_force_on_small_galaxies(
            tiles in proptest::collection::vec(0usize..8, 7),
            from in 0u32..7,
            move_value in 0u32..4,
            enemies in proptest::collection::vec(0u32..7, 0..3),
            tokens in proptest::collection::vec(0u32..7, 0..3),
            active in proptest::option::of(0u32..7),
        ) {
            let text: String = tiles
                .iter()
                .enumerate()
                .filter_map(|(i, t)| POOL[*t].map(|n| format!("{i} = {n}\n")))
                .collect();
            let (source, file, catalogue, adjacency) = setup(&text);
            let galaxy = Galaxy { file: &file, catalogue: &catalogue, adjacency: &adjacency, source: &source };
            let mut ship = ship(from, move_value);
            ship.enemies = enemies.iter().map(|p| Node::Board(*p)).collect();
            ship.tokens = tokens.iter().map(|p| Node::Board(*p)).collect();
            ship.active = active.map(Node::Board);
            let Outcome::Moves(moves) = reach(&galaxy, &ship) else {
                // Stuck: no system at the start, or the start under its own token.
                let start = Node::Board(from);
                proptest::prop_assert!(
                    galaxy.adjacency.graph().node(&start).is_none()
                        || ship.tokens.contains(&start) && ship.active != Some(start)
                );
                return Ok(());
            };
            let legal = legal_paths(&galaxy, &ship);
            let expected: BTreeSet<Node> = legal.iter().map(|l| l.0).collect();
            let listed: BTreeSet<Node> = moves.iter().map(|m| m.to).collect();
            proptest::prop_assert_eq!(&listed, &expected);
            for m in &moves {
                if ship.active.is_none() {
                    proptest::prop_assert!(!ship.tokens.contains(&m.to));
                }
                let shortest = legal.iter().filter(|l| l.0 == m.to).map(|l| l.1).min().unwrap();
                let safest = legal
                    .iter()
                    .filter(|l| l.0 == m.to && l.1 == shortest)
                    .map(|l| l.2)
                    .min()
                    .unwrap();
                let entered = m.path.len() - 1;
                proptest::prop_assert_eq!(entered, shortest, "{:?}", m.path);
                proptest::prop_assert_eq!(m.rifts.len(), safest, "{:?}", m.path);
                proptest::prop_assert!(
                    legal.iter().any(|l| l.3 == m.path),
                    "the path shown {:?} is one of the legal paths",
                    m.path
                );
                let verdict = judge(&galaxy, &ship, &m.path);
                proptest::prop_assert!(matches!(verdict, Verdict::Legal { .. }), "{:?}", verdict);
            }
        }
    }
}
