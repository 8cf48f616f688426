//! Balance figures per home seat: what a seat has near it, for players
//! comparing seats. Information, never a finding — a fair galaxy is the
//! players' call, the figures only make the comparison quick.
//!
//! "Within one move" is every system adjacent to the seat by any means
//! (touching sides, hyperlanes, wormholes); "within two" adds their
//! neighbours. Anomalies are not subtracted: the figures describe the map,
//! not one ship's move.

use std::collections::BTreeSet;

use deckplan_schema::ti4::catalogue::Wormhole;
use deckplan_schema::ti4::galaxy::wormhole_name;
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

/// What one home seat has near it.
#[derive(Clone, Debug, PartialEq, Eq)]
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
        })
    }
}

/// Every seat's figures, in the order the file lists the seats.
pub fn of(galaxy: &Galaxy<'_>) -> Vec<SeatBalance> {
    galaxy
        .file
        .homes
        .iter()
        .map(|home| {
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
            }
        })
        .collect()
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
