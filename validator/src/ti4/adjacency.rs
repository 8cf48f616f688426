//! Which systems of a galaxy are adjacent, for every purpose: sides that
//! touch, hyperlane chains, wormholes of the same type (on and beside the
//! board), and the galaxy's switchable modifiers.
//!
//! Readings:
//! - an open position (`0`) is a system still to be filled: it is adjacent like
//!   any system and has no wormhole or anomaly;
//! - hyperlane tiles are not systems: a lane leads on from the side it is
//!   entered by to the other end of the lane, across any number of hyperlane
//!   tiles (a visited set of tile sides stops loops), to the system there;
//! - a blocked border closes every crossing between its two positions, whether
//!   the sides touch or a lane crosses there;
//! - wormholes join every system with a type to every other system with the
//!   same type (or a type a `join` modifier makes equal), never to itself;
//! - the graph keeps one reason per pair (the commonest: sides, then a
//!   hyperlane, then a wormhole), and a table beside it every reason, seen
//!   from each system, for the question "what is adjacent here, and by what".

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt;

use deckplan_schema::ti4::catalogue::{Catalogue, System, Wormhole};
use deckplan_schema::ti4::galaxy::{Effect, GalaxyFile};
use deckplan_schema::ti4::hex::{Direction, Hex};
use deckplan_schema::ti4::map_string::Slot;

use crate::movement::MoveGraph;

/// A system of the galaxy: a board position, or a tile beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// A position on the board, by spiral index.
    Board(u32),
    /// A system beside the board, by tile number.
    OffBoard(u16),
}

impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Board(position) => write!(f, "position {position}"),
            Self::OffBoard(tile) => write!(f, "tile {tile} beside the board"),
        }
    }
}

/// Why two systems are adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Via {
    /// Their sides touch.
    Touch,
    /// A hyperlane chain joins them.
    Hyperlane,
    /// Both have this wormhole type (or types a modifier joins).
    Wormhole(Wormhole),
}

/// Every way two systems are adjacent, as a player would name it: for the
/// `reach --adjacent` question, where the commonest reason ([`Via`]) is not
/// enough.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reason {
    /// Their sides touch, across this side of the system asked about.
    Side(Direction),
    /// A hyperlane chain leaves the system asked about by this side and ends
    /// at the other.
    Hyperlane(Direction),
    /// Both have this wormhole type.
    Wormhole(Wormhole),
    /// A modifier makes two wormhole types one: the system asked about has
    /// the first, the other system the second.
    Joined {
        /// The type of the system asked about.
        here: Wormhole,
        /// The type of the other system.
        there: Wormhole,
        /// The modifier's name.
        modifier: String,
    },
}

/// A border a modifier closes: the side of a system, and the modifier.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Closed {
    /// The side of the system asked about.
    pub side: Direction,
    /// The position across that side.
    pub across: u32,
    /// The modifier's name.
    pub modifier: String,
}

/// A lane of a hyperlane tile that leads to no system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DeadEnd {
    /// The hyperlane tile's position.
    pub position: u32,
    /// The side the lane leaves by.
    pub side: Direction,
}

/// Which modifiers are in force: the galaxy's own `enabled` flags, with
/// some switched by name (for play-testing "what if").
#[derive(Clone, Debug, Default)]
pub struct Switches {
    /// Modifier names switched on or off, overriding the file.
    pub overrides: BTreeMap<String, bool>,
}

/// The adjacency of one galaxy: a table of each system's neighbours in
/// system order (for checks and figures that list them), and the same
/// adjacency as the shared movement graph (for searches: reachability, the
/// tactical move).
#[derive(Clone, Debug, Default)]
pub struct Adjacency {
    neighbours: BTreeMap<Node, BTreeMap<Node, Via>>,
    /// Every reason each pair is adjacent, seen from the first system.
    reasons: BTreeMap<Node, BTreeMap<Node, BTreeSet<Reason>>>,
    /// Borders closed by a `block` modifier, by the system whose side it is.
    closed: BTreeMap<Node, Vec<Closed>>,
    graph: MoveGraph<Node, Via>,
    dead_ends: Vec<DeadEnd>,
}

impl Adjacency {
    /// The adjacency of `galaxy`, with its modifiers as the file sets them.
    pub fn of(galaxy: &GalaxyFile, catalogue: &Catalogue) -> Adjacency {
        Adjacency::with_switches(galaxy, catalogue, &Switches::default())
    }

    /// The adjacency of `galaxy` with some modifiers switched.
    pub fn with_switches(
        galaxy: &GalaxyFile,
        catalogue: &Catalogue,
        switches: &Switches,
    ) -> Adjacency {
        let mut joins: Vec<(Wormhole, Wormhole, &str)> = Vec::new();
        let mut blocked: BTreeMap<(Hex, Hex), &str> = BTreeMap::new();
        for modifier in &galaxy.modifiers {
            let on = switches
                .overrides
                .get(&modifier.name)
                .copied()
                .unwrap_or(modifier.enabled);
            if !on {
                continue;
            }
            match modifier.effect {
                Effect::Join(a, b) => joins.push((a, b, modifier.name.as_str())),
                Effect::Block(a, b) => {
                    let (a, b) = (Hex::from_index(a), Hex::from_index(b));
                    blocked.insert((a, b), modifier.name.as_str());
                    blocked.insert((b, a), modifier.name.as_str());
                }
            }
        }
        let mut adjacency = Adjacency::default();
        let mut nodes: Vec<(Node, Option<&System>)> = Vec::new();
        for (&index, placed) in &galaxy.tiles {
            match placed.slot {
                Slot::System(number) => nodes.push((Node::Board(index), catalogue.system(number))),
                Slot::Open => nodes.push((Node::Board(index), None)),
                Slot::Hyperlane { .. } | Slot::Off => {}
            }
        }
        for &number in &galaxy.off_board {
            nodes.push((Node::OffBoard(number), catalogue.system(number)));
        }
        for &(node, _) in &nodes {
            adjacency.neighbours.entry(node).or_default();
        }
        // Touching sides and hyperlane chains.
        for &(node, _) in &nodes {
            let Node::Board(index) = node else { continue };
            let hex = Hex::from_index(index);
            for side in Direction::ALL {
                let next = hex.neighbour(side);
                if let (Some(name), Some(across)) = (blocked.get(&(hex, next)), next.index())
                    && galaxy.slot(next) != Slot::Off
                {
                    adjacency.closed.entry(node).or_default().push(Closed {
                        side,
                        across,
                        modifier: (*name).to_string(),
                    });
                }
                for (to, via) in adjacency.across(galaxy, catalogue, &blocked, hex, side) {
                    if to != node {
                        adjacency.link(node, to, via);
                        let reason = match via {
                            Via::Touch => Reason::Side(side),
                            _ => Reason::Hyperlane(side),
                        };
                        adjacency.reason(node, to, reason);
                    }
                }
            }
        }
        // Wormholes.
        let class = |w: Wormhole| -> Wormhole {
            // Types joined by a modifier count as the first type named.
            joins
                .iter()
                .find_map(|&(a, b, _)| (w == a || w == b).then_some(a.min(b)))
                .unwrap_or(w)
        };
        // The modifier that makes two different types one.
        let joined_by = |a: Wormhole, b: Wormhole| -> Option<&str> {
            joins
                .iter()
                .find(|&&(x, y, _)| (x, y) == (a, b) || (y, x) == (a, b))
                .map(|&(_, _, name)| name)
                .or_else(|| {
                    // Joined through a chain of modifiers: name the first that joins either.
                    joins
                        .iter()
                        .find(|&&(x, y, _)| [x, y].contains(&a) || [x, y].contains(&b))
                        .map(|&(_, _, name)| name)
                })
        };
        for (i, &(a, system_a)) in nodes.iter().enumerate() {
            for &(b, system_b) in nodes.iter().skip(i + 1) {
                let (Some(system_a), Some(system_b)) = (system_a, system_b) else {
                    continue;
                };
                let shared = system_a.wormholes.iter().find(|wa| {
                    system_b
                        .wormholes
                        .iter()
                        .any(|wb| class(**wa) == class(*wb))
                });
                if let Some(&wormhole) = shared {
                    adjacency.link(a, b, Via::Wormhole(wormhole));
                }
                for &wa in &system_a.wormholes {
                    for &wb in &system_b.wormholes {
                        if wa == wb {
                            adjacency.reason(a, b, Reason::Wormhole(wa));
                            adjacency.reason(b, a, Reason::Wormhole(wa));
                        } else if class(wa) == class(wb) {
                            let modifier = joined_by(wa, wb).unwrap_or_default().to_string();
                            adjacency.reason(
                                a,
                                b,
                                Reason::Joined {
                                    here: wa,
                                    there: wb,
                                    modifier: modifier.clone(),
                                },
                            );
                            adjacency.reason(
                                b,
                                a,
                                Reason::Joined {
                                    here: wb,
                                    there: wa,
                                    modifier,
                                },
                            );
                        }
                    }
                }
            }
        }
        adjacency.dead_ends.sort_unstable();
        adjacency.dead_ends.dedup();
        adjacency.graph = adjacency.move_graph();
        adjacency
    }

    /// The table as a movement graph: systems in order, a step each way
    /// between adjacent systems, carrying why they are adjacent.
    fn move_graph(&self) -> MoveGraph<Node, Via> {
        let steps = self.neighbours.values().map(BTreeMap::len).sum();
        let mut graph = MoveGraph::with_table(HashMap::new(), self.neighbours.len(), steps);
        for &node in self.neighbours.keys() {
            graph.add_place(node);
        }
        for (from, neighbours) in &self.neighbours {
            for (to, via) in neighbours {
                if let (Some(a), Some(b)) = (graph.node(from), graph.node(to)) {
                    graph.add_step(a, b, *via);
                }
            }
        }
        graph
    }

    /// The adjacency as the shared movement graph.
    pub fn graph(&self) -> &MoveGraph<Node, Via> {
        &self.graph
    }

    /// Records one reason `a` is adjacent to `b`, seen from `a`.
    fn reason(&mut self, a: Node, b: Node, reason: Reason) {
        self.reasons
            .entry(a)
            .or_default()
            .entry(b)
            .or_default()
            .insert(reason);
    }

    /// Records `a` and `b` as adjacent both ways; a touch wins over a hyperlane,
    /// either over a wormhole, so the commonest reason is kept.
    fn link(&mut self, a: Node, b: Node, via: Via) {
        for (from, to) in [(a, b), (b, a)] {
            let entry = self.neighbours.entry(from).or_default();
            let kept = entry.get(&to).is_some_and(|old| *old <= via);
            if !kept {
                entry.insert(to, via);
            }
        }
    }

    /// The systems reached by leaving `hex` by `side`: the system there, or
    /// every system at the end of the hyperlane lanes that start there.
    fn across(
        &mut self,
        galaxy: &GalaxyFile,
        catalogue: &Catalogue,
        blocked: &BTreeMap<(Hex, Hex), &str>,
        hex: Hex,
        side: Direction,
    ) -> Vec<(Node, Via)> {
        let mut found = Vec::new();
        let mut visited: BTreeSet<(Hex, Direction)> = BTreeSet::new();
        // (a hyperlane tile, the side it is entered by)
        let mut queue: VecDeque<(Hex, Hex, Direction)> =
            VecDeque::from([(hex, hex.neighbour(side), side.opposite())]);
        while let Some((from, here, entered_by)) = queue.pop_front() {
            if blocked.contains_key(&(from, here)) {
                continue;
            }
            let Some(index) = here.index() else { continue };
            match galaxy.slot(here) {
                Slot::System(_) | Slot::Open => {
                    let via = if from == hex {
                        Via::Touch
                    } else {
                        Via::Hyperlane
                    };
                    found.push((Node::Board(index), via));
                }
                Slot::Off => {}
                Slot::Hyperlane {
                    number,
                    face,
                    rotation,
                } => {
                    if !visited.insert((here, entered_by)) {
                        continue;
                    }
                    let Some(tile) = catalogue.hyperlane(number) else {
                        continue;
                    };
                    for [a, b] in tile.rotated_lanes(face, rotation) {
                        let exit = if a == entered_by {
                            b
                        } else if b == entered_by {
                            a
                        } else {
                            continue;
                        };
                        let next = here.neighbour(exit);
                        if galaxy.slot(next) == Slot::Off {
                            self.dead_ends.push(DeadEnd {
                                position: index,
                                side: exit,
                            });
                        }
                        queue.push_back((here, next, exit.opposite()));
                    }
                }
            }
        }
        found
    }

    /// Every system, in order.
    pub fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        self.neighbours.keys().copied()
    }

    /// The systems adjacent to `node`, each with why.
    pub fn neighbours(&self, node: Node) -> impl Iterator<Item = (Node, Via)> + '_ {
        self.neighbours
            .get(&node)
            .into_iter()
            .flat_map(|n| n.iter().map(|(to, via)| (*to, *via)))
    }

    /// Every system adjacent to `node`, in system order, with every reason
    /// each is (seen from `node`).
    pub fn reasons(&self, node: Node) -> impl Iterator<Item = (Node, &BTreeSet<Reason>)> + '_ {
        self.reasons
            .get(&node)
            .into_iter()
            .flat_map(|n| n.iter().map(|(to, why)| (*to, why)))
    }

    /// The borders of `node` a modifier closes, in side order.
    pub fn closed(&self, node: Node) -> &[Closed] {
        self.closed.get(&node).map_or(&[], Vec::as_slice)
    }

    /// Whether `a` and `b` are adjacent.
    pub fn adjacent(&self, a: Node, b: Node) -> bool {
        self.neighbours.get(&a).is_some_and(|n| n.contains_key(&b))
    }

    /// Hyperlane lanes that lead off the galaxy.
    pub fn dead_ends(&self) -> &[DeadEnd] {
        &self.dead_ends
    }

    /// Every system reachable from `start` by any number of steps, `start` included.
    pub fn reachable_from(&self, start: Node) -> BTreeSet<Node> {
        let Some(node) = self.graph.node(&start) else {
            return BTreeSet::new();
        };
        self.graph
            .reachable([node], |_| true)
            .iter()
            .filter_map(|n| self.graph.place(n))
            .collect()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::SourceFile;
    use deckplan_schema::ti4::resolve::parse_galaxy;

    use super::*;

    fn galaxy(text: &str) -> (GalaxyFile, Catalogue) {
        let source = SourceFile::new("pack.toml", text.to_string());
        let builtin = Catalogue::builtin().unwrap();
        let galaxy = parse_galaxy(&source, builtin).unwrap_or_else(|e| panic!("{e:?}"));
        let catalogue = galaxy.catalogue(builtin);
        (galaxy, catalogue)
    }

    fn file(body: &str) -> String {
        format!("format = 1\nruleset = \"ti4\"\nname = \"test\"\nrings = 3\n{body}")
    }

    fn neighbours(adjacency: &Adjacency, node: Node) -> Vec<(Node, Via)> {
        adjacency.neighbours(node).collect()
    }

    #[test]
    fn touching_sides_are_adjacent_and_gaps_are_not() {
        // 0 centre, 1 north of it, 4 south; 7 is north of 1.
        let (g, c) = galaxy(&file("[tiles]\n0 = 18\n1 = 19\n7 = 20\n4 = 21\n"));
        let a = Adjacency::of(&g, &c);
        assert_eq!(
            neighbours(&a, Node::Board(1)),
            vec![(Node::Board(0), Via::Touch), (Node::Board(7), Via::Touch)]
        );
        assert!(!a.adjacent(Node::Board(7), Node::Board(0)));
    }

    #[test]
    fn each_wormhole_type_joins_systems_of_that_type_and_never_itself() {
        // 26 Lodor alpha, 39 alpha; 25 Quann beta, 40 beta; 17 Creuss Gate delta and
        // 51 Creuss home delta beside the board; 82 Mallice alpha/beta/gamma beside it.
        let (g, c) = galaxy(&file(
            "off_board = [51, 82]\n[tiles]\n0 = 18\n7 = 26\n10 = 39\n13 = 25\n16 = 40\n19 = 17\n",
        ));
        let a = Adjacency::of(&g, &c);
        let mallice = Node::OffBoard(82);
        assert_eq!(
            a.neighbours(Node::Board(7))
                .find(|(n, _)| *n == Node::Board(10)),
            Some((Node::Board(10), Via::Wormhole(Wormhole::Alpha)))
        );
        assert!(a.adjacent(Node::Board(13), Node::Board(16)), "beta");
        assert!(a.adjacent(Node::Board(19), Node::OffBoard(51)), "delta");
        assert!(a.adjacent(mallice, Node::Board(7)), "alpha to the Nexus");
        assert!(a.adjacent(mallice, Node::Board(13)), "beta to the Nexus");
        assert!(
            !a.adjacent(Node::Board(7), Node::Board(13)),
            "alpha is not beta"
        );
        assert!(!a.adjacent(Node::Board(7), Node::Board(7)), "never itself");
        assert!(
            !a.adjacent(Node::OffBoard(51), mallice),
            "delta is not gamma"
        );
    }

    #[test]
    fn a_gamma_wormhole_needs_a_second_gamma() {
        // The Nexus alone: its gamma pairs only with another gamma.
        let (g, c) = galaxy(&file("off_board = [82]\n[tiles]\n0 = 18\n"));
        let a = Adjacency::of(&g, &c);
        assert_eq!(neighbours(&a, Node::OffBoard(82)), Vec::new());
    }

    #[test]
    fn a_join_modifier_makes_alpha_and_beta_adjacent_and_can_be_switched_off() {
        let (g, c) = galaxy(&file(
            "[tiles]\n0 = 18\n7 = 26\n13 = 25\n\n[[modifiers]]\nname = \"Wormhole Reconstruction\"\njoin = [\"alpha\", \"beta\"]\n",
        ));
        assert!(Adjacency::of(&g, &c).adjacent(Node::Board(7), Node::Board(13)));
        let off = Switches {
            overrides: BTreeMap::from([("Wormhole Reconstruction".to_string(), false)]),
        };
        assert!(!Adjacency::with_switches(&g, &c, &off).adjacent(Node::Board(7), Node::Board(13)));
    }

    /// Every reason a pair is adjacent, seen from the system asked about:
    /// 7 (Lodor, alpha) touches 1 across its south side; with "Wormhole
    /// Reconstruction" on, alpha is beta, so 7 is joined to 13 (Quann, beta)
    /// by that modifier, and 10 (alpha) by alpha itself. A blocked border is
    /// listed as closed.
    #[test]
    fn reasons_name_every_way_two_systems_are_adjacent() {
        let (g, c) = galaxy(&file(
            "[tiles]\n0 = 18\n1 = 19\n7 = 26\n10 = 39\n13 = 25\n\n\
             [[modifiers]]\nname = \"Wormhole Reconstruction\"\njoin = [\"alpha\", \"beta\"]\n\n\
             [[modifiers]]\nname = \"Wall\"\nblock = [0, 1]\n",
        ));
        let a = Adjacency::of(&g, &c);
        let found: Vec<(Node, Vec<Reason>)> = a
            .reasons(Node::Board(7))
            .map(|(n, why)| (n, why.iter().cloned().collect()))
            .collect();
        assert_eq!(
            found,
            vec![
                (Node::Board(1), vec![Reason::Side(Direction::S)]),
                (Node::Board(10), vec![Reason::Wormhole(Wormhole::Alpha)]),
                (
                    Node::Board(13),
                    vec![Reason::Joined {
                        here: Wormhole::Alpha,
                        there: Wormhole::Beta,
                        modifier: "Wormhole Reconstruction".into()
                    }]
                ),
            ]
        );
        assert_eq!(
            a.closed(Node::Board(1)),
            &[Closed {
                side: Direction::S,
                across: 0,
                modifier: "Wall".into()
            }]
        );
    }

    #[test]
    fn a_blocked_border_closes_only_that_border() {
        let (g, c) = galaxy(&file(
            "[tiles]\n0 = 18\n1 = 19\n2 = 20\n\n[[modifiers]]\nname = \"Wall\"\nblock = [0, 1]\n",
        ));
        let a = Adjacency::of(&g, &c);
        assert!(!a.adjacent(Node::Board(0), Node::Board(1)));
        assert!(a.adjacent(Node::Board(0), Node::Board(2)));
        assert!(a.adjacent(Node::Board(1), Node::Board(2)));
    }

    /// The spiral index of the position on `side` of position `index`.
    fn beside(index: u32, side: Direction) -> u32 {
        Hex::from_index(index).neighbour(side).index().unwrap()
    }

    #[test]
    fn a_straight_hyperlane_joins_the_systems_at_its_ends_turned_as_placed() {
        // 84A: one lane se–nw, placed at position 1 (north of the centre).
        let (se, nw, n) = (
            beside(1, Direction::Se),
            beside(1, Direction::Nw),
            beside(1, Direction::N),
        );
        assert_eq!((se, nw, n), (2, 18, 7));
        let text = |rotation: u8| {
            file(&format!(
                "[tiles]\n0 = 18\n1 = \"84A{rotation}\"\n{se} = 19\n{nw} = 20\n{n} = 21\n"
            ))
        };
        let (g, c) = galaxy(&text(0));
        let a = Adjacency::of(&g, &c);
        assert_eq!(
            a.neighbours(Node::Board(se))
                .find(|(n, _)| *n == Node::Board(nw)),
            Some((Node::Board(nw), Via::Hyperlane))
        );
        assert!(
            !a.adjacent(Node::Board(0), Node::Board(n)),
            "no lane runs n–s on 84A0"
        );
        // Turned one sixth clockwise, the lane runs n–s: the centre to position 7.
        let (g, c) = galaxy(&text(1));
        let a = Adjacency::of(&g, &c);
        assert!(a.adjacent(Node::Board(0), Node::Board(n)));
        assert!(!a.adjacent(Node::Board(se), Node::Board(nw)));
    }

    #[test]
    fn hyperlane_chains_cross_several_tiles_and_loops_end() {
        // 84A1 lanes n–s. Two in a column (1 and 7) join the centre to 19 beyond them.
        assert_eq!(beside(7, Direction::N), 19);
        let (g, c) = galaxy(&file(
            "[tiles]\n0 = 18\n1 = \"84A1\"\n7 = \"84A1\"\n19 = 20\n",
        ));
        let a = Adjacency::of(&g, &c);
        assert_eq!(
            neighbours(&a, Node::Board(19)),
            vec![(Node::Board(0), Via::Hyperlane)]
        );
        assert_eq!(a.dead_ends(), &[]);
    }

    #[test]
    fn a_lane_into_nothing_is_a_dead_end() {
        let (g, c) = galaxy(&file("[tiles]\n0 = 18\n1 = \"84A1\"\n"));
        let a = Adjacency::of(&g, &c);
        assert_eq!(
            a.dead_ends(),
            &[DeadEnd {
                position: 1,
                side: Direction::N
            }]
        );
        assert_eq!(neighbours(&a, Node::Board(0)), Vec::new());
    }
}
