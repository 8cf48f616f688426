//! Balance figures per home seat: what a seat has near it, for players
//! comparing seats. Information, never a finding — a fair galaxy is the
//! players' call, the figures only make the comparison quick.
//!
//! "Within one move" is every system adjacent to the seat by any means
//! (touching sides, hyperlanes, wormholes); "within two" adds their
//! neighbours. Anomalies are not subtracted: the figures describe the map,
//! not one ship's move.
//!
//! A seat's **share** is the systems it is nearest to, by adjacency distance
//! (the fewest steps between adjacent systems, any means) from its home
//! position; a system as near to several seats is shared, each getting an
//! equal fraction of it. Home systems (every seat's own position, and any
//! home system on or beside the board) are no one's share: they come with a
//! faction, not with the map. A system no seat reaches is no one's either.
//! Over its share a seat has its planets' total resources and influence,
//! their *optimal* resources and influence (a planet counts toward the
//! larger of its two values; a tie counts half of each value to each), tech
//! specialties, legendary planets, wormholes and anomalies. The *spread* is
//! the best seat's optimal total (optimal resources plus optimal influence)
//! minus the worst's. `docs/rules/ti4.md` states this for players.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use deckplan_schema::ti4::catalogue::Wormhole;
use deckplan_schema::ti4::write::wormhole_name;
use serde_json::json;

use super::adjacency::Node;
use super::checks::Galaxy;

/// Resources and influence of a set of systems' planets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Yield {
    /// Summed resources.
    pub resources: u32,
    /// Summed influence.
    pub influence: u32,
}

/// What one seat's share of the galaxy holds; fractions where systems are shared.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Share {
    /// Systems (fractions of shared ones).
    pub systems: f64,
    /// Resources of their planets.
    pub resources: f64,
    /// Influence of their planets.
    pub influence: f64,
    /// Resources of the planets worth more for resources (half of a tie's).
    pub optimal_resources: f64,
    /// Influence of the planets worth more for influence (half of a tie's).
    pub optimal_influence: f64,
    /// Planets with a technology specialty.
    pub tech_specialties: f64,
    /// Legendary planets.
    pub legendary: f64,
    /// Wormholes.
    pub wormholes: f64,
    /// Anomalies.
    pub anomalies: f64,
}

impl Share {
    /// Optimal resources plus optimal influence.
    pub fn optimal_total(&self) -> f64 {
        self.optimal_resources + self.optimal_influence
    }

    /// Adds `fraction` of a system.
    fn add(&mut self, system: &deckplan_schema::ti4::catalogue::System, fraction: f64) {
        self.systems += fraction;
        for planet in &system.planets {
            let (r, i) = (f64::from(planet.resources), f64::from(planet.influence));
            self.resources += r * fraction;
            self.influence += i * fraction;
            if r > i {
                self.optimal_resources += r * fraction;
            } else if i > r {
                self.optimal_influence += i * fraction;
            } else {
                self.optimal_resources += r / 2.0 * fraction;
                self.optimal_influence += i / 2.0 * fraction;
            }
            if planet.tech.is_some() {
                self.tech_specialties += fraction;
            }
            if planet.legendary {
                self.legendary += fraction;
            }
        }
        self.wormholes += count(system.wormholes.len()) * fraction;
        self.anomalies += count(system.anomalies.len()) * fraction;
    }

    /// The figures as JSON fields, rounded to hundredths.
    pub fn fields(&self) -> serde_json::Value {
        json!({
            "systems": rounded(self.systems),
            "resources": rounded(self.resources),
            "influence": rounded(self.influence),
            "optimal_resources": rounded(self.optimal_resources),
            "optimal_influence": rounded(self.optimal_influence),
            "optimal_total": rounded(self.optimal_total()),
            "tech_specialties": rounded(self.tech_specialties),
            "legendary_planets": rounded(self.legendary),
            "wormholes": rounded(self.wormholes),
            "anomalies": rounded(self.anomalies),
        })
    }
}

/// A small count as a float (lists of a tile are a handful long).
fn count(n: usize) -> f64 {
    u32::try_from(n).map_or(f64::MAX, f64::from)
}

/// A figure rounded to hundredths, as printed and written to JSON.
pub fn rounded(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// A figure as `show` prints it: up to two decimals, no trailing zeros.
pub fn printed(value: f64) -> String {
    let text = format!("{:.2}", rounded(value));
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// What one home seat has near it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatBalance {
    /// The seat number.
    pub seat: u8,
    /// Its position's spiral index.
    pub position: u32,
    /// Planets of the systems adjacent to the seat.
    pub within_one: Yield,
    /// Planets of the systems at most two moves away (the seat excluded).
    pub within_two: Yield,
    /// Wormhole types among the systems at most two moves away, the seat's own included.
    pub wormholes: Vec<Wormhole>,
    /// The systems it is nearest to (see the module's introduction).
    pub share: Share,
}

/// The spread of the seats' optimal totals: the best seat's minus the worst's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// Best optimal total minus worst.
    pub optimal_total: f64,
    /// The seat with the best (the first listed of equals).
    pub best: u8,
    /// The seat with the worst (the last listed of equals).
    pub worst: u8,
}

impl Spread {
    /// The spread as JSON fields for `lint --format json`.
    pub fn fields(&self) -> serde_json::Value {
        json!({
            "kind": "balance-spread",
            "optimal_total_spread": rounded(self.optimal_total),
            "best_seat": self.best,
            "worst_seat": self.worst,
        })
    }
}

/// The spread of the seats' optimal totals (`None` with fewer than two seats).
pub fn spread(seats: &[SeatBalance]) -> Option<Spread> {
    if seats.len() < 2 {
        return None;
    }
    let total = |s: &&SeatBalance| s.share.optimal_total();
    let best = seats
        .iter()
        .reduce(|a, b| if total(&b) > total(&a) { b } else { a })?;
    let worst = seats
        .iter()
        .reduce(|a, b| if total(&b) <= total(&a) { b } else { a })?;
    Some(Spread {
        optimal_total: total(&best) - total(&worst),
        best: best.seat,
        worst: worst.seat,
    })
}

impl SeatBalance {
    /// The figures as JSON fields for `lint --format json`.
    pub fn fields(&self) -> serde_json::Value {
        let yield_fields = |y: Yield| json!({ "resources": y.resources, "influence": y.influence });
        json!({
            "kind": "seat-balance",
            "seat": self.seat,
            "position": self.position,
            "within_one_move": yield_fields(self.within_one),
            "within_two_moves": yield_fields(self.within_two),
            "wormholes_within_two_moves": self.wormholes.iter().map(|w| wormhole_name(*w)).collect::<Vec<_>>(),
            "share": self.share.fields(),
        })
    }
}

/// Every seat's figures, in the order the file lists the seats.
pub fn of(galaxy: &Galaxy<'_>) -> Vec<SeatBalance> {
    let shares = shares(galaxy);
    galaxy
        .file
        .homes
        .iter()
        .enumerate()
        .map(|(number, home)| {
            let seat = Node::Board(home.position);
            let one: BTreeSet<Node> = galaxy
                .adjacency
                .neighbours(seat)
                .map(|(n, _)| n)
                .filter(|n| *n != seat)
                .collect();
            let two: BTreeSet<Node> = one
                .iter()
                .flat_map(|n| galaxy.adjacency.neighbours(*n).map(|(m, _)| m))
                .chain(one.iter().copied())
                .filter(|n| *n != seat)
                .collect();
            let wormholes: BTreeSet<Wormhole> = two
                .iter()
                .chain(std::iter::once(&seat))
                .filter_map(|n| galaxy.system(*n))
                .flat_map(|s| s.wormholes.iter().copied())
                .collect();
            SeatBalance {
                seat: home.seat,
                position: home.position,
                within_one: planets(galaxy, &one),
                within_two: planets(galaxy, &two),
                wormholes: wormholes.into_iter().collect(),
                share: shares.get(number).copied().unwrap_or_default(),
            }
        })
        .collect()
}

/// Two systems whose places, swapped, narrow the spread of optimal totals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swap {
    /// One position (the lower spiral index).
    pub a: u32,
    /// The other.
    pub b: u32,
    /// The spread of optimal totals once they are swapped.
    pub spread: f64,
}

/// How much work [`suggest_swaps`] does at most, in pairs of positions tried
/// times positions on the map (each pair's figures are worked out over the
/// whole map): every pair of a galaxy of up to four rings, and the first
/// pairs in spiral order of a larger one, so the largest galaxy the format
/// allows is answered in under a second instead of three.
pub const MAX_SWAP_WORK: usize = 100_000;

/// Swaps of two systems that narrow the spread of optimal totals, the
/// narrowest first (then by position), at most `limit` of them. Home
/// systems, seats and the centre (Mecatol Rex's place by the rules) stay
/// where they are; hyperlanes and open positions
/// are not moved. Each swap is judged by working the figures out again on
/// the galaxy with the two tiles exchanged (wormholes move adjacency too),
/// and offered only if no check then finds more problems, errors or
/// warnings, than it does now (two anomalies brought side by side, say). A swap moves
/// tiles already on the map, so it never uses a tile twice.
pub fn suggest_swaps(
    file: &deckplan_schema::ti4::galaxy::GalaxyFile,
    catalogue: &deckplan_schema::ti4::catalogue::Catalogue,
    limit: usize,
) -> Vec<Swap> {
    suggest_swaps_watched(file, catalogue, limit, &Watch::default()).unwrap_or_default()
}

/// How far [`suggest_swaps_watched`] has got, read from another thread, and
/// a way to stop it there.
#[derive(Debug, Default)]
pub struct Watch {
    /// Pairs tried so far.
    pub tried: AtomicUsize,
    /// Pairs to try in all (set once they are chosen).
    pub total: AtomicUsize,
    /// Set to stop the search: it then answers `None`.
    pub cancel: AtomicBool,
}

/// [`suggest_swaps`], reporting its progress to `watch` and stopping (with
/// `None`) as soon as `watch.cancel` is set: for an editor that searches on
/// a worker and shows how far it has got.
pub fn suggest_swaps_watched(
    file: &deckplan_schema::ti4::galaxy::GalaxyFile,
    catalogue: &deckplan_schema::ti4::catalogue::Catalogue,
    limit: usize,
    watch: &Watch,
) -> Option<Vec<Swap>> {
    use deckplan_schema::ti4::map_string::Slot;
    let source = deckplan_schema::SourceFile::new("pack.toml", String::new());
    // The spread of optimal totals, and how many problems each check finds
    // (warnings too: two anomalies side by side are one).
    let judge = |file: &deckplan_schema::ti4::galaxy::GalaxyFile, errors: bool| {
        let adjacency = super::adjacency::Adjacency::of(file, catalogue);
        let galaxy = Galaxy {
            file,
            catalogue,
            adjacency: &adjacency,
            source: &source,
        };
        let spread = spread(&of(&galaxy)).map(|s| s.optimal_total);
        let mut found: BTreeMap<&'static str, usize> = BTreeMap::new();
        if errors {
            for problem in super::checks::run_all(&galaxy, &file.lint) {
                *found.entry(problem.code).or_default() += 1;
            }
        }
        (spread, found)
    };
    // No check finds more than it did: a problem that moves with its tile
    // (a lone wormhole swapped elsewhere) is not a new one.
    let no_worse = |after: &BTreeMap<&str, usize>, before: &BTreeMap<&str, usize>| {
        after
            .iter()
            .all(|(code, n)| *n <= before.get(code).copied().unwrap_or(0))
    };
    let (Some(now), problems_now) = judge(file, true) else {
        return Some(Vec::new());
    };
    let seats: BTreeSet<u32> = file.homes.iter().map(|h| h.position).collect();
    let movable: Vec<u32> = file
        .tiles
        .iter()
        .filter(|(index, placed)| {
            **index != 0
                && !seats.contains(index)
                && matches!(placed.slot, Slot::System(n) if catalogue.system(n).is_some_and(|s| !s.home))
        })
        .map(|(index, _)| *index)
        .collect();
    let mut found = Vec::new();
    let pairs: Vec<(u32, u32)> = movable
        .iter()
        .enumerate()
        .flat_map(|(i, a)| movable.iter().skip(i + 1).map(move |b| (*a, *b)))
        .take(MAX_SWAP_WORK / file.tiles.len().max(1))
        .collect();
    watch.total.store(pairs.len(), Ordering::Relaxed);
    for (a, b) in pairs {
        if watch.cancel.load(Ordering::Relaxed) {
            return None;
        }
        watch.tried.fetch_add(1, Ordering::Relaxed);
        let mut swapped = file.clone();
        let (Some(pa), Some(pb)) = (file.tiles.get(&a), file.tiles.get(&b)) else {
            continue;
        };
        swapped.tiles.insert(a, *pb);
        swapped.tiles.insert(b, *pa);
        let (Some(after), _) = judge(&swapped, false) else {
            continue;
        };
        if after < now - 1e-9 && no_worse(&judge(&swapped, true).1, &problems_now) {
            found.push(Swap {
                a,
                b,
                spread: after,
            });
        }
    }
    found.sort_by(|x, y| {
        x.spread
            .total_cmp(&y.spread)
            .then((x.a, x.b).cmp(&(y.a, y.b)))
    });
    found.truncate(limit);
    Some(found)
}

/// Steps from `start` to every system it reaches through adjacent systems.
fn distances(galaxy: &Galaxy<'_>, start: Node) -> BTreeMap<Node, u32> {
    let mut found = BTreeMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let next = found.get(&node).map_or(0, |d| d + 1);
        for (neighbour, _) in galaxy.adjacency.neighbours(node) {
            if let std::collections::btree_map::Entry::Vacant(entry) = found.entry(neighbour) {
                entry.insert(next);
                queue.push_back(neighbour);
            }
        }
    }
    found
}

/// Each seat's share, in the order the file lists the seats.
fn shares(galaxy: &Galaxy<'_>) -> Vec<Share> {
    let homes = &galaxy.file.homes;
    let seats: Vec<Node> = homes.iter().map(|h| Node::Board(h.position)).collect();
    let reach: Vec<BTreeMap<Node, u32>> = seats.iter().map(|s| distances(galaxy, *s)).collect();
    let mut shares = vec![Share::default(); seats.len()];
    let systems: BTreeSet<Node> = reach.iter().flat_map(|r| r.keys().copied()).collect();
    for node in systems {
        if seats.contains(&node) {
            continue;
        }
        let Some(system) = galaxy.system(node).filter(|s| !s.home) else {
            continue;
        };
        let steps: Vec<Option<u32>> = reach.iter().map(|r| r.get(&node).copied()).collect();
        let Some(nearest) = steps.iter().flatten().min().copied() else {
            continue;
        };
        let owners: Vec<usize> = (0..steps.len())
            .filter(|i| steps.get(*i).copied().flatten() == Some(nearest))
            .collect();
        let fraction = 1.0 / count(owners.len());
        for owner in owners {
            if let Some(share) = shares.get_mut(owner) {
                share.add(system, fraction);
            }
        }
    }
    shares
}

/// Resources and influence of the planets at these systems.
fn planets(galaxy: &Galaxy<'_>, nodes: &BTreeSet<Node>) -> Yield {
    let mut totals = Yield::default();
    for planet in nodes
        .iter()
        .filter_map(|node| galaxy.system(*node))
        .flat_map(|system| &system.planets)
    {
        totals.resources += u32::from(planet.resources);
        totals.influence += u32::from(planet.influence);
    }
    totals
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::SourceFile;

    use super::*;
    use crate::ti4::adjacency::Adjacency;

    /// The seats' figures of a galaxy file's text.
    fn seats_of(text: &str) -> Vec<SeatBalance> {
        let source = SourceFile::new("pack.toml", text.to_string());
        let (galaxy, problems) = crate::ti4::parse(&source);
        assert!(problems.is_empty(), "{problems:?}");
        let galaxy = galaxy.unwrap();
        let catalogue = galaxy.catalogue(crate::ti4::builtin_catalogue().unwrap());
        let adjacency = Adjacency::of(&galaxy, &catalogue);
        of(&Galaxy {
            file: &galaxy,
            catalogue: &catalogue,
            adjacency: &adjacency,
            source: &source,
        })
    }

    fn galaxy(tiles: &str, seats: &[u32]) -> String {
        let mut text =
            format!("format = 1\nruleset = \"ti4\"\nname = \"G\"\nrings = 1\n\n[tiles]\n{tiles}");
        for (n, position) in seats.iter().enumerate() {
            text.push_str(&format!(
                "\n[[homes]]\nseat = {}\nposition = {position}\n",
                n + 1
            ));
        }
        text
    }

    /// systems, resources, influence, optimal resources, optimal influence,
    /// tech, legendary, wormholes, anomalies.
    fn figures(share: &Share) -> [f64; 9] {
        [
            share.systems,
            share.resources,
            share.influence,
            share.optimal_resources,
            share.optimal_influence,
            share.tech_specialties,
            share.legendary,
            share.wormholes,
            share.anomalies,
        ]
    }

    fn assert_close(found: [f64; 9], expected: [f64; 9]) {
        for (f, e) in found.iter().zip(expected) {
            assert!((f - e).abs() < 1e-9, "{found:?} != {expected:?}");
        }
    }

    /// Seats north and south of Mecatol Rex: each is nearest to the two
    /// systems beside it and shares the centre.
    #[test]
    fn two_seats_share_the_centre_and_keep_their_sides() {
        // #1 N and #4 S are the seats; #2 Wellon 1/2 (cybernetic), #6 Primor
        // 2/1 (legendary) are seat 1's; #3 Lodor 3/1 (alpha), #5 Vefut II 2/2
        // seat 2's; Mecatol Rex 1/6 half each.
        let text = galaxy(
            "0 = 18\n1 = 0\n2 = 19\n3 = 26\n4 = 0\n5 = 20\n6 = 65\n",
            &[1, 4],
        );
        let seats = seats_of(&text);
        // Seat 1: 1 + 2 + ½ resources, 2 + 1 + 3 influence; optimal: Primor's
        // 2 resources; Wellon's 2 and half Mecatol's 6 influence.
        assert_close(
            figures(&seats[0].share),
            [2.5, 3.5, 6.0, 2.0, 5.0, 1.0, 1.0, 0.0, 0.0],
        );
        // Seat 2: Lodor's 3 resources and a tie (Vefut II 2/2) half to each:
        // 3 + 1 resources, 1 + 3 influence.
        assert_close(
            figures(&seats[1].share),
            [2.5, 5.5, 6.0, 4.0, 4.0, 0.0, 0.0, 1.0, 0.0],
        );
        assert_eq!(
            spread(&seats),
            Some(Spread {
                optimal_total: 1.0,
                best: 2,
                worst: 1
            })
        );
    }

    /// Three seats: the centre is a third each, and each system between two
    /// seats half each.
    #[test]
    fn three_seats_share_in_thirds_and_halves() {
        // Seats #1, #3, #5; #2 Archon Vail 1/3 (propulsion) lies between seats
        // 1 and 2, #4 a gravity rift between 2 and 3, #6 Hope's End 3/0
        // (legendary) between 3 and 1.
        let text = galaxy(
            "0 = 18\n1 = 0\n2 = 59\n3 = 0\n4 = 41\n5 = 0\n6 = 66\n",
            &[1, 3, 5],
        );
        let seats = seats_of(&text);
        let third = 1.0 / 3.0;
        assert_close(
            figures(&seats[0].share),
            [
                1.0 + third,
                third + 0.5 + 1.5,
                2.0 + 1.5,
                1.5,
                3.5,
                0.5,
                0.5,
                0.0,
                0.0,
            ],
        );
        assert_close(
            figures(&seats[1].share),
            [
                1.0 + third,
                third + 0.5,
                2.0 + 1.5,
                0.0,
                3.5,
                0.5,
                0.0,
                0.0,
                0.5,
            ],
        );
        assert_close(
            figures(&seats[2].share),
            [1.0 + third, third + 1.5, 2.0, 1.5, 2.0, 0.0, 0.5, 0.0, 0.5],
        );
        let spread = spread(&seats).unwrap();
        // Seats 2 and 3 tie for worst: the last listed is named.
        assert_eq!((spread.best, spread.worst), (1, 3));
        assert!((spread.optimal_total - 1.5).abs() < 1e-9);
        assert_eq!(printed(seats[0].share.resources), "2.33");
        assert_eq!(printed(seats[1].share.optimal_total()), "3.5");
    }

    /// Four swaps even the two seats out; the others would not narrow the spread.
    #[test]
    fn swaps_that_narrow_the_spread_are_suggested_narrowest_first() {
        // Seat 1 (#1): Wellon 1/2 at #2 and Vefut II 2/2 at #6, optimal 2 + 2;
        // seat 2 (#4): Hope's End 3/0 at #3 and Lodor 3/1 at #5, 3 + 3; and
        // half of Mecatol Rex's 6 influence each: 7 against 9.
        let text = galaxy(
            "0 = 18\n1 = 0\n2 = 19\n3 = 66\n4 = 0\n5 = 26\n6 = 20\n",
            &[1, 4],
        );
        let source = SourceFile::new("pack.toml", text);
        let file = crate::ti4::parse(&source).0.unwrap();
        let catalogue = file.catalogue(crate::ti4::builtin_catalogue().unwrap());
        let swaps: Vec<(u32, u32, f64)> = suggest_swaps(&file, &catalogue, 10)
            .into_iter()
            .map(|s| (s.a, s.b, s.spread))
            .collect();
        assert_eq!(swaps, [(2, 3, 0.0), (2, 5, 0.0), (3, 6, 0.0), (5, 6, 0.0)]);
        assert_eq!(suggest_swaps(&file, &catalogue, 1).len(), 1);
    }

    /// The search says how far it has got and stops when told to.
    #[test]
    fn a_watched_search_reports_its_pairs_and_stops_when_cancelled() {
        let text = galaxy(
            "0 = 18\n1 = 0\n2 = 19\n3 = 66\n4 = 0\n5 = 26\n6 = 20\n",
            &[1, 4],
        );
        let source = SourceFile::new("pack.toml", text);
        let file = crate::ti4::parse(&source).0.unwrap();
        let catalogue = file.catalogue(crate::ti4::builtin_catalogue().unwrap());
        let watch = Watch::default();
        let found = suggest_swaps_watched(&file, &catalogue, 10, &watch).unwrap();
        assert_eq!(found.len(), 4);
        // Four movable systems (#2, #3, #5, #6): six pairs, all tried.
        assert_eq!(watch.total.load(Ordering::Relaxed), 6);
        assert_eq!(watch.tried.load(Ordering::Relaxed), 6);
        let stopped = Watch::default();
        stopped.cancel.store(true, Ordering::Relaxed);
        assert_eq!(suggest_swaps_watched(&file, &catalogue, 10, &stopped), None);
        assert_eq!(stopped.tried.load(Ordering::Relaxed), 0);
    }

    /// Home systems are no one's share, and a lone seat has no spread.
    #[test]
    fn home_systems_are_left_out_and_one_seat_has_no_spread() {
        // Jord (tile 1, a home system) at #2 is left out; #3 Lodor is seat 1's.
        let text = galaxy("0 = 18\n1 = 0\n2 = 1\n3 = 26\n", &[1]);
        let seats = seats_of(&text);
        assert_close(
            figures(&seats[0].share),
            [2.0, 4.0, 7.0, 3.0, 6.0, 0.0, 0.0, 1.0, 0.0],
        );
        assert_eq!(spread(&seats), None);
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// On random two-ring galaxies of two seats, every suggested swap
        /// narrows the spread to what it says, and no check finds more than
        /// before (anomalies side by side among the red tiles drawn).
        #[test]
        fn suggested_swaps_narrow_the_spread_and_bring_no_new_problem(
            tiles in proptest::sample::subsequence((19u32..=50).chain(59..=80).collect::<Vec<_>>(), 16)
                .prop_shuffle()
        ) {
            let mut lines = String::from("0 = 18\n7 = 1\n13 = 2\n");
            let others = (1..19u32).filter(|p| *p != 7 && *p != 13);
            for (position, tile) in others.zip(&tiles) {
                lines.push_str(&format!("{position} = {tile}\n"));
            }
            let text = galaxy(&lines, &[7, 13]).replace("rings = 1", "rings = 2");
            let source = SourceFile::new("pack.toml", text);
            let (parsed, problems) = crate::ti4::parse(&source);
            prop_assert!(problems.is_empty(), "{problems:?}");
            let file = parsed.unwrap();
            let catalogue = file.catalogue(crate::ti4::builtin_catalogue().unwrap());
            let judge = |file: &deckplan_schema::ti4::galaxy::GalaxyFile| {
                let adjacency = Adjacency::of(file, &catalogue);
                let galaxy = Galaxy { file, catalogue: &catalogue, adjacency: &adjacency, source: &source };
                let mut found: BTreeMap<&str, usize> = BTreeMap::new();
                for problem in crate::ti4::checks::run_all(&galaxy, &file.lint) {
                    *found.entry(problem.code).or_default() += 1;
                }
                (spread(&of(&galaxy)).unwrap().optimal_total, found)
            };
            let (before, problems_before) = judge(&file);
            for swap in suggest_swaps(&file, &catalogue, usize::MAX) {
                let mut swapped = file.clone();
                let (a, b) = (file.tiles[&swap.a], file.tiles[&swap.b]);
                swapped.tiles.insert(swap.a, b);
                swapped.tiles.insert(swap.b, a);
                let (after, problems_after) = judge(&swapped);
                prop_assert!(after < before, "{swap:?} does not narrow {before}");
                prop_assert!((after - swap.spread).abs() < 1e-9, "{swap:?} says {} but is {after}", swap.spread);
                for (code, n) in &problems_after {
                    let had = problems_before.get(code).copied().unwrap_or(0);
                    prop_assert!(*n <= had, "{swap:?} brings {code}: {n} against {had}");
                }
            }
        }
    }
}
