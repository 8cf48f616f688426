//! Movement graphs, for every game: places a figure can stand on, the steps
//! between them, and the searches the rules and checks ask of them.
//!
//! A [`MoveGraph`] is a directed graph whose nodes are a game's own places (a
//! space on a page, a hex system, a room) and whose steps carry what the game
//! needs to decide whether a step may be taken (the door it passes, the hyperlane
//! it follows). It answers, in the game's terms:
//! - **where a figure can get to** from a set of places, taking only the steps
//!   a rule allows ([`MoveGraph::reachable`]);
//! - **trap regions**: areas that can be entered but not left, the sink
//!   strongly connected components of a part of the graph
//!   ([`MoveGraph::components`], [`Components::is_sink`]);
//! - **cheapest moves**: the cheapest way to every place, where each step
//!   costs what entering its place costs, a figure may pass through some
//!   places and end on others ([`MoveGraph::cheapest`], [`Mover`]).
//!
//! petgraph does the storage and stays inside this module; the strongly
//! connected components are this module's own iterative Tarjan search. A
//! place is found by its key through a [`NodeTable`]: a hash map by default,
//! or a game's own dense table where a board holds millions of places. Callers that keep per-node tables of their own (visit
//! marks, distances) use the opaque [`Node`] handle and its dense
//! [`Node::index`] — never a petgraph index.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};
use std::hash::Hash;

use petgraph::Direction as Way;
use petgraph::graph::{Graph, NodeIndex};
use petgraph::visit::EdgeRef;
pub use petgraph::{Directed, EdgeType, Undirected};

/// A place in a [`MoveGraph`], numbered densely from 0 in the order places
/// were added: a key for the caller's own per-node tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Node(u32);

impl Node {
    /// Its number, below [`MoveGraph::len`].
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The node numbered `index`, for a caller walking its own dense table
    /// (`None` when the number does not fit).
    pub fn from_index(index: usize) -> Option<Self> {
        u32::try_from(index).ok().map(Self)
    }

    fn petgraph(self) -> NodeIndex {
        NodeIndex::new(self.index())
    }

    fn of(index: NodeIndex) -> Self {
        Self(u32::try_from(index.index()).unwrap_or(u32::MAX))
    }
}

/// Finds the node of a place by its key.
pub trait NodeTable<K> {
    /// The node of `key`, if it was added.
    fn get(&self, key: &K) -> Option<Node>;
    /// Records the node of `key`.
    fn insert(&mut self, key: K, node: Node);
}

impl<K: Hash + Eq> NodeTable<K> for HashMap<K, Node> {
    fn get(&self, key: &K) -> Option<Node> {
        HashMap::get(self, key).copied()
    }

    fn insert(&mut self, key: K, node: Node) {
        HashMap::insert(self, key, node);
    }
}

/// A movement graph over a game's places `K`, with steps `S`, found through
/// the table `T`; directed (a step goes one way: forced arrows, one-way
/// corridors) unless `D` is [`Undirected`] (every step goes both ways, stored
/// once: grid lines).
#[derive(Clone, Debug)]
pub struct MoveGraph<K, S, T = HashMap<K, Node>, D: EdgeType = Directed> {
    graph: Graph<K, S, D, u32>,
    table: T,
}

impl<K, S, T: Default, D: EdgeType> Default for MoveGraph<K, S, T, D> {
    fn default() -> Self {
        Self {
            graph: Graph::default(),
            table: T::default(),
        }
    }
}

impl<K: Copy, S, T: NodeTable<K>, D: EdgeType> MoveGraph<K, S, T, D> {
    /// An empty graph finding places through `table`, with room for `places`
    /// places and `steps` steps.
    pub fn with_table(table: T, places: usize, steps: usize) -> Self {
        Self {
            graph: Graph::with_capacity(places, steps),
            table,
        }
    }

    /// A graph of `places`, numbered in the order given, that `table` already
    /// finds (it maps the n-th place to `Node::from_index(n)`): for a game
    /// that numbers its places in its own dense table while it lists them,
    /// instead of one look-up per place. Room is made for `steps` steps.
    pub fn with_places(table: T, places: impl IntoIterator<Item = K>, steps: usize) -> Self {
        let places = places.into_iter();
        let mut graph = Graph::with_capacity(places.size_hint().0, steps);
        for place in places {
            graph.add_node(place);
        }
        Self { graph, table }
    }

    /// Adds a place (or finds it, when it was added before).
    pub fn add_place(&mut self, key: K) -> Node {
        if let Some(node) = self.table.get(&key) {
            return node;
        }
        let node = Node::of(self.graph.add_node(key));
        self.table.insert(key, node);
        node
    }

    /// Adds a step from one place to another (more than one step may join
    /// the same two places).
    pub fn add_step(&mut self, from: Node, to: Node, step: S) {
        if from.index() < self.len() && to.index() < self.len() {
            self.graph.add_edge(from.petgraph(), to.petgraph(), step);
        }
    }

    /// Adds a step, or replaces the step already joining the two places (in
    /// either direction when the graph is undirected).
    pub fn set_step(&mut self, from: Node, to: Node, step: S) {
        if from.index() < self.len() && to.index() < self.len() {
            self.graph.update_edge(from.petgraph(), to.petgraph(), step);
        }
    }

    /// The table that finds places' nodes.
    pub fn table(&self) -> &T {
        &self.table
    }

    /// The node of a place, if it is in the graph.
    pub fn node(&self, key: &K) -> Option<Node> {
        self.table.get(key)
    }

    /// The place of a node.
    pub fn place(&self, node: Node) -> Option<K> {
        self.graph.node_weight(node.petgraph()).copied()
    }

    /// Every node, in the order places were added.
    pub fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        self.graph.node_indices().map(Node::of)
    }

    /// The steps out of a node: where each leads, and the step (every step
    /// touching it, when the graph is undirected).
    pub fn steps_from(&self, node: Node) -> impl Iterator<Item = (Node, &S)> + '_ {
        self.graph
            .edges_directed(node.petgraph(), Way::Outgoing)
            .map(|edge| (Node::of(edge.target()), edge.weight()))
    }

    /// The steps into a node: where each comes from, and the step.
    pub fn steps_into(&self, node: Node) -> impl Iterator<Item = (Node, &S)> + '_ {
        self.graph
            .edges_directed(node.petgraph(), Way::Incoming)
            .map(|edge| (Node::of(edge.source()), edge.weight()))
    }

    /// Every step of the graph: from, to and the step, in the order added
    /// (once each, as added, when the graph is undirected).
    pub fn steps(&self) -> impl Iterator<Item = (Node, Node, &S)> + '_ {
        self.graph.edge_references().map(|edge| {
            (
                Node::of(edge.source()),
                Node::of(edge.target()),
                edge.weight(),
            )
        })
    }

    /// Number of places.
    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    /// Whether the graph has no place.
    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }

    /// Number of steps.
    pub fn step_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// Every node a figure on one of `starts` can get to, taking only the
    /// steps `may_take` allows (the starts included).
    pub fn reachable(
        &self,
        starts: impl IntoIterator<Item = Node>,
        may_take: impl Fn(&S) -> bool,
    ) -> NodeSet {
        let mut seen = NodeSet::with_capacity(self.len());
        let mut queue: VecDeque<Node> = VecDeque::new();
        for start in starts {
            if start.index() < self.len() && seen.insert(start) {
                queue.push_back(start);
            }
        }
        while let Some(node) = queue.pop_front() {
            for edge in self.graph.edges_directed(node.petgraph(), Way::Outgoing) {
                let next = Node::of(edge.target());
                if may_take(edge.weight()) && seen.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        seen
    }

    /// The strongly connected components of the part of the graph made of the
    /// nodes in `within` and the steps between them that `may_take` allows.
    ///
    /// Tarjan's algorithm, iterative (a recursive search would overflow the
    /// stack on a board of millions of places), asking `may_take` once a step:
    /// on a large pack this search is most of what a trap check costs.
    pub fn components(&self, within: &NodeSet, may_take: impl Fn(&S) -> bool) -> Components {
        let allowed: Vec<bool> = self
            .graph
            .edge_references()
            .map(|edge| may_take(edge.weight()))
            .collect();
        let taken = |edge: petgraph::graph::EdgeReference<'_, S, u32>| {
            allowed.get(edge.id().index()).copied().unwrap_or(false)
        };
        let mut search = Tarjan::new(self.len());
        let mut of = vec![NO_COMPONENT; self.len()];
        let mut members: Vec<Vec<Node>> = Vec::new();
        // The search's own stack: a node and the steps out of it not yet tried.
        let mut calls = Vec::new();
        for root in self.graph.node_indices() {
            let root = Node::of(root);
            if !within.contains(&root) || search.order(root) != Some(UNVISITED) {
                continue;
            }
            search.enter(root);
            calls.push((
                root,
                self.graph.edges_directed(root.petgraph(), Way::Outgoing),
            ));
            while let Some((node, steps)) = calls.last_mut() {
                let node = *node;
                let next =
                    steps.find(|edge| taken(*edge) && within.contains(&Node::of(edge.target())));
                if let Some(edge) = next {
                    let to = Node::of(edge.target());
                    match search.order(to) {
                        Some(UNVISITED) => {
                            search.enter(to);
                            calls.push((
                                to,
                                self.graph.edges_directed(to.petgraph(), Way::Outgoing),
                            ));
                        }
                        Some(seen) if search.on_stack.contains(&to) => search.lower(node, seen),
                        _ => {}
                    }
                    continue;
                }
                calls.pop();
                let node_low = search.low(node);
                if let Some((parent, _)) = calls.last() {
                    search.lower(*parent, node_low);
                }
                if search.order(node) == Some(node_low) {
                    let label = members.len();
                    let component = search.take_component(node);
                    for member in &component {
                        if let Some(slot) = of.get_mut(member.index()) {
                            *slot = label;
                        }
                    }
                    members.push(component);
                }
            }
        }
        let mut leaves = vec![false; members.len()];
        for edge in self.graph.edge_references() {
            let (Some(&a), Some(&b)) =
                (of.get(edge.source().index()), of.get(edge.target().index()))
            else {
                continue;
            };
            if a != NO_COMPONENT
                && b != NO_COMPONENT
                && a != b
                && taken(edge)
                && let Some(flag) = leaves.get_mut(a)
            {
                *flag = true;
            }
        }
        Components {
            of,
            members,
            leaves,
        }
    }

    /// The cheapest way from `starts` to every node, as `mover` prices and
    /// allows steps, up to `budget` in all.
    ///
    /// Dijkstra's search over entry costs, which are never negative: a node is
    /// expanded only where the mover may pass through it (a start always
    /// may), and a destination counts only where it may end. Ties go to the
    /// way found first, which is deterministic: starts in the order given,
    /// steps in the order the graph yields them.
    pub fn cheapest<M: Mover<K, S>>(
        &self,
        starts: impl IntoIterator<Item = Node>,
        budget: u32,
        mover: &M,
    ) -> CheapestMoves<K> {
        let mut cost = vec![u32::MAX; self.len()];
        let mut parent = vec![NO_PARENT; self.len()];
        let mut heap: BinaryHeap<Reverse<(u32, u64, u32)>> = BinaryHeap::new();
        let mut order: u64 = 0;
        let mut start_nodes = NodeSet::with_capacity(self.len());
        for start in starts {
            if let Some(slot) = cost.get_mut(start.index())
                && *slot != 0
            {
                *slot = 0;
                start_nodes.insert(start);
                heap.push(Reverse((0, order, start.0)));
                order += 1;
            }
        }
        let mut done = vec![false; self.len()];
        while let Some(Reverse((spent, _, raw))) = heap.pop() {
            let node = Node(raw);
            let Some(finished) = done.get_mut(node.index()) else {
                continue;
            };
            if *finished {
                continue;
            }
            *finished = true;
            let Some(here) = self.place(node) else {
                continue;
            };
            let is_start = spent == 0 && start_nodes.contains(&node);
            if !is_start && !mover.may_pass(&here) {
                continue;
            }
            for edge in self.graph.edges_directed(node.petgraph(), Way::Outgoing) {
                let next = Node::of(edge.target());
                let Some(there) = self.place(next) else {
                    continue;
                };
                let Some(price) = mover.entry_cost(&here, edge.weight(), &there) else {
                    continue;
                };
                let total = spent.saturating_add(price);
                let Some(best) = cost.get_mut(next.index()) else {
                    continue;
                };
                if total <= budget && total < *best {
                    *best = total;
                    if let Some(slot) = parent.get_mut(next.index()) {
                        *slot = node.0;
                    }
                    heap.push(Reverse((total, order, next.0)));
                    order += 1;
                }
            }
        }
        let places = self.graph.node_weights().copied().collect();
        let ends = self
            .graph
            .node_weights()
            .map(|place| mover.may_end(place))
            .collect();
        CheapestMoves {
            places,
            cost,
            parent,
            ends,
        }
    }
}

const NO_COMPONENT: usize = usize::MAX;
const UNVISITED: u32 = u32::MAX;
const NO_PARENT: u32 = u32::MAX;

/// How a figure moves, for [`MoveGraph::cheapest`].
pub trait Mover<K, S> {
    /// What entering `to` from `from` by `step` costs, or `None` where the
    /// figure may not take that step (a closed door, an enemy ship).
    fn entry_cost(&self, from: &K, step: &S, to: &K) -> Option<u32>;

    /// Whether the figure may move on from a place it entered (not through a
    /// figure that blocks, out of a place that ends the move).
    fn may_pass(&self, _at: &K) -> bool {
        true
    }

    /// Whether the figure may end its move on a place (not on another figure).
    fn may_end(&self, _at: &K) -> bool {
        true
    }
}

/// The result of [`MoveGraph::cheapest`]: the cheapest cost and way to every
/// place the figure can end on.
#[derive(Clone, Debug)]
pub struct CheapestMoves<K> {
    places: Vec<K>,
    cost: Vec<u32>,
    parent: Vec<u32>,
    ends: Vec<bool>,
}

impl<K: Copy> CheapestMoves<K> {
    /// What the cheapest move to `node` costs, if the figure can end there
    /// (0 for a start it may end on).
    pub fn cost(&self, node: Node) -> Option<u32> {
        let cost = *self.cost.get(node.index())?;
        (cost != u32::MAX && self.ends.get(node.index()) == Some(&true)).then_some(cost)
    }

    /// Every place the figure can end on, with its cost, in node order.
    pub fn destinations(&self) -> impl Iterator<Item = (Node, K, u32)> + '_ {
        (0..self.places.len()).filter_map(|index| {
            let node = Node::from_index(index)?;
            Some((node, *self.places.get(index)?, self.cost(node)?))
        })
    }

    /// One cheapest way to `node`, from its start to it (both included), or
    /// `None` where the figure cannot end there.
    pub fn path(&self, node: Node) -> Option<Vec<K>> {
        self.cost(node)?;
        let mut way = vec![*self.places.get(node.index())?];
        let mut at = node.index();
        while let Some(&up) = self.parent.get(at).filter(|p| **p != NO_PARENT) {
            at = up as usize;
            way.push(*self.places.get(at)?);
            if way.len() > self.places.len() {
                return None;
            }
        }
        way.reverse();
        Some(way)
    }
}

/// The marks of Tarjan's search: when each node was entered, the earliest
/// node still on the stack it reaches, and the stack of nodes whose
/// component is not complete yet.
struct Tarjan {
    entered: Vec<u32>,
    low: Vec<u32>,
    on_stack: NodeSet,
    stack: Vec<Node>,
    next: u32,
}

impl Tarjan {
    fn new(nodes: usize) -> Self {
        Self {
            entered: vec![UNVISITED; nodes],
            low: vec![UNVISITED; nodes],
            on_stack: NodeSet::with_capacity(nodes),
            stack: Vec::new(),
            next: 0,
        }
    }

    /// When `node` was entered ([`UNVISITED`] if not yet).
    fn order(&self, node: Node) -> Option<u32> {
        self.entered.get(node.index()).copied()
    }

    fn low(&self, node: Node) -> u32 {
        self.low.get(node.index()).copied().unwrap_or(UNVISITED)
    }

    fn lower(&mut self, node: Node, to: u32) {
        if let Some(low) = self.low.get_mut(node.index()) {
            *low = (*low).min(to);
        }
    }

    fn enter(&mut self, node: Node) {
        if let (Some(entered), Some(low)) = (
            self.entered.get_mut(node.index()),
            self.low.get_mut(node.index()),
        ) {
            *entered = self.next;
            *low = self.next;
        }
        self.next += 1;
        self.stack.push(node);
        self.on_stack.insert(node);
    }

    /// The component `root` completes: the stack down to it.
    fn take_component(&mut self, root: Node) -> Vec<Node> {
        let mut component = Vec::new();
        while let Some(member) = self.stack.pop() {
            self.on_stack.remove(member);
            component.push(member);
            if member == root {
                break;
            }
        }
        component
    }
}

/// The strongly connected components of a part of a [`MoveGraph`].
#[derive(Clone, Debug)]
pub struct Components {
    of: Vec<usize>,
    members: Vec<Vec<Node>>,
    leaves: Vec<bool>,
}

impl Components {
    /// Number of components.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether the part was empty.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The component of a node (`None` outside the part).
    pub fn of(&self, node: Node) -> Option<usize> {
        self.of
            .get(node.index())
            .copied()
            .filter(|c| *c != NO_COMPONENT)
    }

    /// The nodes of a component.
    pub fn members(&self, component: usize) -> &[Node] {
        self.members.get(component).map_or(&[], Vec::as_slice)
    }

    /// Whether no allowed step leads from the component to another one of
    /// the part: once entered, it cannot be left (a trap region, unless the
    /// figure starts there).
    pub fn is_sink(&self, component: usize) -> bool {
        self.leaves.get(component) == Some(&false)
    }

    /// The components, in the order Tarjan's algorithm completes them (each
    /// after every component it leads to).
    pub fn iter(&self) -> impl Iterator<Item = (usize, &[Node])> {
        self.members.iter().map(Vec::as_slice).enumerate()
    }
}

/// A set of nodes of a [`MoveGraph`], one bit per node.
///
/// Reachable sets cover most of a board, so on a board of millions of places
/// a hash set costs far more time and memory than a dense bitmap indexed by
/// node. Iteration is in ascending node order, which also makes results
/// deterministic.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeSet {
    words: Vec<u64>,
    len: usize,
}

impl NodeSet {
    /// An empty set sized for nodes `0..nodes` (it grows if a larger node is inserted).
    pub fn with_capacity(nodes: usize) -> Self {
        Self {
            words: vec![0; nodes.div_ceil(64)],
            len: 0,
        }
    }

    /// Whether the set holds a node.
    pub fn contains(&self, node: &Node) -> bool {
        let index = node.index();
        self.words
            .get(index / 64)
            .is_some_and(|w| w & (1 << (index % 64)) != 0)
    }

    /// Adds a node; `true` if it was not there before.
    pub fn insert(&mut self, node: Node) -> bool {
        let index = node.index();
        if self.words.len() <= index / 64 {
            self.words.resize(index / 64 + 1, 0);
        }
        let Some(word) = self.words.get_mut(index / 64) else {
            return false;
        };
        let bit = 1 << (index % 64);
        if *word & bit != 0 {
            return false;
        }
        *word |= bit;
        self.len += 1;
        true
    }

    /// Takes a node out; `true` if it was there.
    pub fn remove(&mut self, node: Node) -> bool {
        let index = node.index();
        let Some(word) = self.words.get_mut(index / 64) else {
            return false;
        };
        let bit = 1 << (index % 64);
        if *word & bit == 0 {
            return false;
        }
        *word &= !bit;
        self.len -= 1;
        true
    }

    /// Number of nodes in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The nodes, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = Node> + '_ {
        self.words.iter().enumerate().flat_map(|(at, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Node::from_index(at * 64 + bit)
            })
        })
    }
}

impl<'a> IntoIterator for &'a NodeSet {
    type Item = Node;
    type IntoIter = Box<dyn Iterator<Item = Node> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl FromIterator<Node> for NodeSet {
    fn from_iter<I: IntoIterator<Item = Node>>(iter: I) -> Self {
        let mut set = Self::default();
        for node in iter {
            set.insert(node);
        }
        set
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// Rooms named by letters, steps that cost to enter, some that need a key.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Door {
        locked: bool,
    }

    type Rooms = MoveGraph<char, Door>;

    fn rooms(steps: &[(char, char, bool)]) -> Rooms {
        let mut graph = Rooms::default();
        for &(from, to, locked) in steps {
            let (a, b) = (graph.add_place(from), graph.add_place(to));
            graph.add_step(a, b, Door { locked });
        }
        graph
    }

    fn names(graph: &Rooms, nodes: impl IntoIterator<Item = Node>) -> String {
        let mut names: Vec<char> = nodes.into_iter().filter_map(|n| graph.place(n)).collect();
        names.sort_unstable();
        names.into_iter().collect()
    }

    /// Squares where some cost 2 to enter, `#` may be entered but not passed
    /// and `x` may be passed but not ended on.
    struct Walker;

    impl Mover<char, Door> for Walker {
        fn entry_cost(&self, _from: &char, step: &Door, to: &char) -> Option<u32> {
            if step.locked {
                return None;
            }
            Some(if to.is_ascii_uppercase() { 2 } else { 1 })
        }

        fn may_pass(&self, at: &char) -> bool {
            *at != '#'
        }

        fn may_end(&self, at: &char) -> bool {
            *at != 'x'
        }
    }

    #[test]
    fn a_place_added_twice_is_one_node() {
        let mut graph = Rooms::default();
        let a = graph.add_place('a');
        assert_eq!(graph.add_place('a'), a);
        assert_eq!(graph.len(), 1);
        assert_eq!(graph.node(&'a'), Some(a));
        assert_eq!(graph.node(&'b'), None);
    }

    #[test]
    fn reachability_takes_only_the_steps_allowed() {
        // a → b → c, c ⇢ d (locked), d → a.
        let graph = rooms(&[
            ('a', 'b', false),
            ('b', 'c', false),
            ('c', 'd', true),
            ('d', 'a', false),
        ]);
        let a = graph.node(&'a').unwrap();
        assert_eq!(names(&graph, &graph.reachable([a], |d| !d.locked)), "abc");
        assert_eq!(names(&graph, &graph.reachable([a], |_| true)), "abcd");
        let d = graph.node(&'d').unwrap();
        assert_eq!(names(&graph, &graph.reachable([d], |_| false)), "d");
    }

    #[test]
    fn a_sink_is_a_region_entered_but_not_left() {
        // a ⇄ b → c ⇄ d, and d ⇢ a only through a locked door: {c, d} is a
        // trap while the door stays locked, and not once it opens.
        let graph = rooms(&[
            ('a', 'b', false),
            ('b', 'a', false),
            ('b', 'c', false),
            ('c', 'd', false),
            ('d', 'c', false),
            ('d', 'a', true),
        ]);
        let all: NodeSet = graph.nodes().collect();
        let locked = graph.components(&all, |d| !d.locked);
        assert_eq!(locked.len(), 2);
        let sinks: Vec<String> = locked
            .iter()
            .filter(|(c, _)| locked.is_sink(*c))
            .map(|(_, members)| names(&graph, members.iter().copied()))
            .collect();
        assert_eq!(sinks, ["cd"]);
        let c = graph.node(&'c').unwrap();
        let d = graph.node(&'d').unwrap();
        assert_eq!(locked.of(c), locked.of(d));

        let open = graph.components(&all, |_| true);
        assert_eq!(open.len(), 1);
        assert!(open.is_sink(0), "a whole graph has nowhere else to go");

        // Without `a` in the part, {b} can no longer leave to it.
        let part: NodeSet = graph
            .nodes()
            .filter(|n| graph.place(*n) != Some('a'))
            .collect();
        let without_a = graph.components(&part, |d| !d.locked);
        let b = graph.node(&'b').unwrap();
        assert_eq!(without_a.of(graph.node(&'a').unwrap()), None);
        assert!(
            !without_a.is_sink(without_a.of(b).unwrap()),
            "b still leads to c"
        );
    }

    #[test]
    fn cheapest_moves_price_each_entry_and_obey_pass_and_end() {
        // s → a → b → t costs 1 + 1 + 1; s → C → t costs 2 + 1; s → # → t
        // would cost 2 but may not pass '#'; s → x → y passes 'x' but may not end there.
        let graph = rooms(&[
            ('s', 'a', false),
            ('a', 'b', false),
            ('b', 't', false),
            ('s', 'C', false),
            ('C', 't', false),
            ('s', '#', false),
            ('#', 't', false),
            ('s', 'x', false),
            ('x', 'y', false),
            ('s', 'z', true),
        ]);
        let s = graph.node(&'s').unwrap();
        let moves = graph.cheapest([s], 10, &Walker);
        let at = |c: char| graph.node(&c).unwrap();
        assert_eq!(moves.cost(at('t')), Some(3));
        assert_eq!(moves.path(at('t')), Some(vec!['s', 'C', 't']));
        assert_eq!(moves.cost(at('#')), Some(1), "'#' is entered and ended on");
        assert_eq!(moves.cost(at('x')), None, "'x' may not be ended on");
        assert_eq!(moves.cost(at('y')), Some(2));
        assert_eq!(moves.path(at('y')), Some(vec!['s', 'x', 'y']));
        assert_eq!(moves.cost(at('z')), None, "behind a locked door");
        assert_eq!(moves.cost(s), Some(0));
        let ends: String = moves.destinations().map(|(_, place, _)| place).collect();
        assert_eq!(ends, "sabtC#y");
        // A budget of 2 still reaches b (2), no longer t (3).
        let short = graph.cheapest([s], 2, &Walker);
        assert_eq!(short.cost(at('b')), Some(2));
        assert_eq!(short.cost(at('t')), None);
    }

    #[test]
    fn an_undirected_step_goes_both_ways_and_is_stored_once() {
        let mut lines: MoveGraph<char, u8, HashMap<char, Node>, Undirected> = MoveGraph::default();
        let (a, b, c) = (
            lines.add_place('a'),
            lines.add_place('b'),
            lines.add_place('c'),
        );
        lines.set_step(a, b, 1);
        // Setting b–a again replaces the step joining them instead of adding one.
        lines.set_step(b, a, 2);
        lines.add_step(b, c, 3);
        assert_eq!(lines.step_count(), 2);
        let from_b: Vec<(char, u8)> = lines
            .steps_from(b)
            .map(|(to, step)| (lines.place(to).unwrap(), *step))
            .collect();
        assert_eq!(from_b, [('c', 3), ('a', 2)]);
        assert_eq!(names_of(&lines, &lines.reachable([c], |_| true)), "abc");
        assert_eq!(names_of(&lines, &lines.reachable([c], |s| *s != 3)), "c");
        let all: NodeSet = lines.nodes().collect();
        assert_eq!(lines.components(&all, |s| *s != 3).len(), 2);
    }

    fn names_of<D: EdgeType>(
        graph: &MoveGraph<char, u8, HashMap<char, Node>, D>,
        set: &NodeSet,
    ) -> String {
        set.iter().filter_map(|n| graph.place(n)).collect()
    }

    // ---------------------------------------------------------------------
    // Against brute force on random small graphs.

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Priced {
        cost: u32,
        open: bool,
    }

    /// Nodes may be passed and ended on as the bit masks say.
    struct Masks {
        pass: u16,
        end: u16,
    }

    impl Mover<u8, Priced> for Masks {
        fn entry_cost(&self, _from: &u8, step: &Priced, _to: &u8) -> Option<u32> {
            step.open.then_some(step.cost)
        }

        fn may_pass(&self, at: &u8) -> bool {
            self.pass & (1 << at) != 0
        }

        fn may_end(&self, at: &u8) -> bool {
            self.end & (1 << at) != 0
        }
    }

    type Random = MoveGraph<u8, Priced>;

    fn random_graph() -> impl Strategy<Value = (Random, u16, u16, u16, u32)> {
        (1..=9u8)
            .prop_flat_map(|n| {
                (
                    Just(n),
                    proptest::collection::vec(
                        (0..n, 0..n, 0..=3u32, proptest::bool::weighted(0.8)),
                        0..25,
                    ),
                    any::<u16>(),
                    any::<u16>(),
                    any::<u16>(),
                    0..=12u32,
                )
            })
            .prop_map(|(n, steps, starts, pass, end, budget)| {
                let mut graph = Random::default();
                for place in 0..n {
                    graph.add_place(place);
                }
                for (from, to, cost, open) in steps {
                    let (a, b) = (graph.node(&from).unwrap(), graph.node(&to).unwrap());
                    graph.add_step(a, b, Priced { cost, open });
                }
                (graph, starts & ((1 << n) - 1), pass, end, budget)
            })
    }

    fn members(graph: &Random, mask: u16) -> Vec<Node> {
        graph
            .nodes()
            .filter(|n| mask & (1 << n.index()) != 0)
            .collect()
    }

    /// Whether `to` can be reached from `from` (in any number of steps, 0 included).
    fn closure(graph: &Random, open_only: bool) -> Vec<Vec<bool>> {
        let n = graph.len();
        let mut reach = vec![vec![false; n]; n];
        for (i, row) in reach.iter_mut().enumerate() {
            row[i] = true;
        }
        for (a, b, step) in graph.steps() {
            if step.open || !open_only {
                reach[a.index()][b.index()] = true;
            }
        }
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    if reach[i][k] && reach[k][j] {
                        reach[i][j] = true;
                    }
                }
            }
        }
        reach
    }

    proptest! {
        #[test]
        fn searches_agree_with_brute_force((graph, starts, pass, end, budget) in random_graph()) {
            let n = graph.len();
            let start_nodes = members(&graph, starts);
            let reach = closure(&graph, true);

            // Reachability.
            let found = graph.reachable(start_nodes.iter().copied(), |s| s.open);
            for node in graph.nodes() {
                let expected = start_nodes.iter().any(|s| reach[s.index()][node.index()]);
                prop_assert_eq!(found.contains(&node), expected, "node {}", node.index());
            }

            // Components of the whole graph over open steps: mutual reachability,
            // and a sink has no open step to another component.
            let all: NodeSet = graph.nodes().collect();
            let components = graph.components(&all, |s| s.open);
            for a in graph.nodes() {
                for b in graph.nodes() {
                    let same = reach[a.index()][b.index()] && reach[b.index()][a.index()];
                    prop_assert_eq!(components.of(a) == components.of(b), same);
                }
            }
            for (label, nodes) in components.iter() {
                let leaves = nodes.iter().any(|a| {
                    graph.nodes().any(|b| reach[a.index()][b.index()] && components.of(b) != Some(label))
                });
                prop_assert_eq!(components.is_sink(label), !leaves);
            }

            // Cheapest moves: Bellman–Ford over the same rules.
            let masks = Masks { pass, end };
            let mut best = vec![u32::MAX; n];
            for s in &start_nodes {
                best[s.index()] = 0;
            }
            for _ in 0..n {
                for (a, b, step) in graph.steps() {
                    let here = best[a.index()];
                    let passable = here == 0 && start_nodes.contains(&a) || masks.may_pass(&graph.place(a).unwrap());
                    if here == u32::MAX || !passable || !step.open {
                        continue;
                    }
                    let total = here + step.cost;
                    if total <= budget && total < best[b.index()] {
                        best[b.index()] = total;
                    }
                }
            }
            let moves = graph.cheapest(start_nodes.iter().copied(), budget, &masks);
            for node in graph.nodes() {
                let place = graph.place(node).unwrap();
                let expected = (best[node.index()] != u32::MAX && masks.may_end(&place))
                    .then_some(best[node.index()]);
                prop_assert_eq!(moves.cost(node), expected, "node {}", node.index());
                // The way given is a real move of that cost.
                if let (Some(cost), Some(way)) = (expected, moves.path(node)) {
                    prop_assert!(start_nodes.iter().any(|s| graph.place(*s) == way.first().copied()));
                    prop_assert_eq!(way.last().copied(), Some(place));
                    let mut total = 0;
                    for (i, pair) in way.windows(2).enumerate() {
                        let (a, b) = (graph.node(&pair[0]).unwrap(), graph.node(&pair[1]).unwrap());
                        if i > 0 {
                            prop_assert!(masks.may_pass(&pair[0]), "passes {}", pair[0]);
                        }
                        let cheapest = graph
                            .steps_from(a)
                            .filter(|(to, s)| *to == b && s.open)
                            .map(|(_, s)| s.cost)
                            .min();
                        prop_assert!(cheapest.is_some(), "no step {} → {}", pair[0], pair[1]);
                        total += cheapest.unwrap();
                    }
                    prop_assert_eq!(total, cost);
                } else {
                    prop_assert_eq!(moves.path(node), None);
                }
            }
            let listed: BTreeSet<usize> = moves.destinations().map(|(n, _, _)| n.index()).collect();
            let expected: BTreeSet<usize> = graph.nodes().filter(|n| moves.cost(*n).is_some()).map(Node::index).collect();
            prop_assert_eq!(listed, expected);
        }
    }
}
