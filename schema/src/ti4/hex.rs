//! The hex grid of a TI4 galaxy: cube coordinates, the six directions, rings,
//! distance and the spiral index that map strings use.
//!
//! ## Orientation
//!
//! TI4 system tiles are **flat-topped** hexes: each tile has a side facing
//! north and one facing south, and its neighbours lie north, north-east,
//! south-east, south, south-west and north-west. Map strings, hyperlane lane
//! tables and rotations all assume this orientation.
//!
//! Cube coordinates `(q, r, s)` with `q + r + s = 0` (the common flat-top axes,
//! screen `y` pointing down): the hex north of the centre is `(0, −1, 1)`,
//! south-east `(1, 0, −1)` and south `(0, 1, −1)`. Only `q` and `r` are
//! stored; `s = −q − r`.
//!
//! ## The spiral index
//!
//! Index 0 is the centre (Mecatol Rex in a standard galaxy). Ring `r ≥ 1`
//! holds `6r` positions at indices `1 + 3r(r−1) ..= 3r(r+1)`; each ring starts
//! at the hex `r` steps north of the centre and runs **clockwise**. So ring 1
//! is north (1), north-east (2), south-east (3), south (4), south-west (5),
//! north-west (6), and ring 2 starts at index 7 straight north. This is the
//! order of TI4-TTPG's `map-string-hex.js`, ti4-lab's `mapStringOrder.ts`
//! and the neighbour table of KeeganW's map generator, which all agree.

use std::fmt;

/// A position on the hex grid, in cube coordinates (`s` is derived).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    q: i32,
    r: i32,
}

/// One of the six sides of a flat-topped hex, clockwise from north.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Straight up the map.
    N,
    /// Up and right.
    Ne,
    /// Down and right.
    Se,
    /// Straight down the map.
    S,
    /// Down and left.
    Sw,
    /// Up and left.
    Nw,
}

impl Direction {
    /// All six, clockwise from north (the order of hyperlane side numbers 0–5).
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::Ne,
        Direction::Se,
        Direction::S,
        Direction::Sw,
        Direction::Nw,
    ];

    /// Clockwise position from north, 0–5.
    pub fn index(self) -> u8 {
        match self {
            Direction::N => 0,
            Direction::Ne => 1,
            Direction::Se => 2,
            Direction::S => 3,
            Direction::Sw => 4,
            Direction::Nw => 5,
        }
    }

    /// The direction `index` steps clockwise from north (taken modulo 6).
    pub fn from_index(index: u32) -> Direction {
        match index % 6 {
            0 => Direction::N,
            1 => Direction::Ne,
            2 => Direction::Se,
            3 => Direction::S,
            4 => Direction::Sw,
            _ => Direction::Nw,
        }
    }

    /// This direction turned `steps` sixths of a turn clockwise.
    pub fn rotated_cw(self, steps: u8) -> Direction {
        Direction::from_index(u32::from(self.index()) + u32::from(steps % 6))
    }

    /// The side facing this one across a shared edge.
    pub fn opposite(self) -> Direction {
        self.rotated_cw(3)
    }

    /// The short lower-case name used in data files: `n`, `ne`, `se`, `s`, `sw`, `nw`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::N => "n",
            Direction::Ne => "ne",
            Direction::Se => "se",
            Direction::S => "s",
            Direction::Sw => "sw",
            Direction::Nw => "nw",
        }
    }

    /// The step to the neighbour on this side, as `(q, r)`.
    fn offset(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::Ne => (1, -1),
            Direction::Se => (1, 0),
            Direction::S => (0, 1),
            Direction::Sw => (-1, 1),
            Direction::Nw => (-1, 0),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Hex {
    /// The centre of the galaxy (index 0).
    pub const CENTRE: Hex = Hex { q: 0, r: 0 };

    /// The hex at cube coordinates `(q, r, -q - r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The `q` coordinate (grows towards the east).
    pub fn q(self) -> i32 {
        self.q
    }

    /// The `r` coordinate (grows towards the south).
    pub fn r(self) -> i32 {
        self.r
    }

    /// The derived `s` coordinate, `-q - r`.
    pub fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The neighbour across the side facing `direction`.
    pub fn neighbour(self, direction: Direction) -> Hex {
        self.step(direction, 1)
    }

    /// All six neighbours, clockwise from north.
    pub fn neighbours(self) -> [Hex; 6] {
        Direction::ALL.map(|direction| self.neighbour(direction))
    }

    /// The hex `steps` moves away in `direction`.
    fn step(self, direction: Direction, steps: i32) -> Hex {
        let (dq, dr) = direction.offset();
        Hex::new(self.q + dq * steps, self.r + dr * steps)
    }

    /// Number of moves between two hexes on an empty grid.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = self.q.abs_diff(other.q);
        let dr = self.r.abs_diff(other.r);
        let ds = self.s().abs_diff(other.s());
        dq.max(dr).max(ds)
    }

    /// The ring this hex lies on: its distance from the centre.
    pub fn ring(self) -> u32 {
        self.distance(Hex::CENTRE)
    }

    /// The hexes of ring `radius`, in spiral order (from north, clockwise).
    pub fn ring_of(radius: u32) -> Vec<Hex> {
        let Ok(radius) = i32::try_from(radius) else {
            return Vec::new();
        };
        if radius == 0 {
            return vec![Hex::CENTRE];
        }
        let mut hexes = Vec::with_capacity(6 * radius.unsigned_abs() as usize);
        for side in Direction::ALL {
            let corner = Hex::CENTRE.step(side, radius);
            let along = side.rotated_cw(2);
            hexes.extend((0..radius).map(|step| corner.step(along, step)));
        }
        hexes
    }

    /// Every hex of rings `0..=max_ring`, in spiral order: `spiral(n)[i]` has index `i`.
    pub fn spiral(max_ring: u32) -> Vec<Hex> {
        (0..=max_ring).flat_map(Hex::ring_of).collect()
    }

    /// The hex at spiral index `index`.
    pub fn from_index(index: u32) -> Hex {
        if index == 0 {
            return Hex::CENTRE;
        }
        let ring = ring_of_index(index);
        let within = u64::from(index) - ring_start(ring);
        let ring64 = u64::from(ring);
        let side = Direction::from_index(u32::try_from(within / ring64).unwrap_or(0));
        let step = i32::try_from(within % ring64).unwrap_or(0);
        let radius = i32::try_from(ring).unwrap_or(i32::MAX);
        Hex::CENTRE
            .step(side, radius)
            .step(side.rotated_cw(2), step)
    }

    /// This hex's spiral index, or `None` when it does not fit in a `u32`.
    pub fn index(self) -> Option<u32> {
        let ring = self.ring();
        if ring == 0 {
            return Some(0);
        }
        let radius = i32::try_from(ring).ok()?;
        Direction::ALL.into_iter().find_map(|side| {
            let corner = Hex::CENTRE.step(side, radius);
            let step = corner.distance(self);
            let along = side.rotated_cw(2);
            let steps = i32::try_from(step).ok()?;
            if step >= ring || corner.step(along, steps) != self {
                return None;
            }
            let first = ring_start(ring) + u64::from(side.index()) * u64::from(ring);
            u32::try_from(first + u64::from(step)).ok()
        })
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.q, self.r, self.s())
    }
}

/// Number of positions in rings `0..=rings`: `1 + 3·rings·(rings + 1)`.
pub fn positions_within(rings: u32) -> u64 {
    let rings = u64::from(rings);
    1 + 3 * rings * (rings + 1)
}

/// The spiral index of the first hex of ring `ring ≥ 1`: `1 + 3·ring·(ring − 1)`.
fn ring_start(ring: u32) -> u64 {
    positions_within(ring.saturating_sub(1))
}

/// The ring holding spiral index `index ≥ 1`.
fn ring_of_index(index: u32) -> u32 {
    // Start from the real root of 3r² − 3r + 1 = index and correct for rounding.
    let estimate = ((f64::from(index) - 1.0) / 3.0).sqrt() as u32;
    let mut ring = estimate.max(1);
    while ring > 1 && ring_start(ring) > u64::from(index) {
        ring -= 1;
    }
    while ring_start(ring + 1) <= u64::from(index) {
        ring += 1;
    }
    ring
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ring_one_runs_clockwise_from_north() {
        let c = Hex::CENTRE;
        let expected = [
            c.neighbour(Direction::N),
            c.neighbour(Direction::Ne),
            c.neighbour(Direction::Se),
            c.neighbour(Direction::S),
            c.neighbour(Direction::Sw),
            c.neighbour(Direction::Nw),
        ];
        let indexed: Vec<Hex> = (1..=6).map(Hex::from_index).collect();
        assert_eq!(indexed, expected);
        assert_eq!(Hex::from_index(1), Hex::new(0, -1));
    }

    #[test]
    fn ring_two_starts_north_and_turns_at_the_corners() {
        // Index 7 is two steps north, 9 the north-east corner, 13 straight south.
        assert_eq!(Hex::from_index(7), Hex::new(0, -2));
        assert_eq!(Hex::from_index(8), Hex::new(1, -2));
        assert_eq!(Hex::from_index(9), Hex::new(2, -2));
        assert_eq!(Hex::from_index(13), Hex::new(0, 2));
        assert_eq!(Hex::from_index(18), Hex::new(-1, -1));
        // Ring 3 starts at 19; the six-player home seats 19, 22, …, 34 are its corners.
        for (seat, side) in [19u32, 22, 25, 28, 31, 34].into_iter().zip(Direction::ALL) {
            let corner = Hex::CENTRE.step(side, 3);
            assert_eq!(Hex::from_index(seat), corner, "seat {seat}");
        }
    }

    #[test]
    fn neighbours_match_the_community_neighbour_table() {
        // KeeganW's adjacency table lists index 1's neighbours as 7, 8, 2, 0, 6, 18
        // and index 9's as 21, 22, 23, 10, 2, 8 (north first, clockwise).
        let of = |index: u32| -> Vec<u32> {
            Hex::from_index(index)
                .neighbours()
                .iter()
                .map(|hex| hex.index().unwrap())
                .collect()
        };
        assert_eq!(of(1), [7, 8, 2, 0, 6, 18]);
        assert_eq!(of(9), [21, 22, 23, 10, 2, 8]);
        assert_eq!(of(0), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn directions_name_rotate_and_oppose() {
        assert_eq!(Direction::N.opposite(), Direction::S);
        assert_eq!(Direction::Ne.opposite(), Direction::Sw);
        assert_eq!(Direction::Nw.rotated_cw(1), Direction::N);
        assert_eq!(Direction::Se.rotated_cw(8), Direction::Sw);
        let names: Vec<&str> = Direction::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(names, ["n", "ne", "se", "s", "sw", "nw"]);
        for direction in Direction::ALL {
            let there = Hex::CENTRE.neighbour(direction);
            assert_eq!(there.neighbour(direction.opposite()), Hex::CENTRE);
        }
    }

    #[test]
    fn ring_sizes_and_starts() {
        assert_eq!(Hex::ring_of(0), [Hex::CENTRE]);
        assert_eq!(positions_within(3), 37);
        assert_eq!(positions_within(4), 61);
        assert_eq!(ring_start(3), 19);
        assert_eq!(ring_start(4), 37);
        assert_eq!(ring_of_index(36), 3);
        assert_eq!(ring_of_index(37), 4);
        assert_eq!(Hex::from_index(u32::MAX).index(), Some(u32::MAX));
    }

    fn hex_within(rings: i32) -> impl Strategy<Value = Hex> {
        (-rings..=rings, -rings..=rings)
            .prop_filter("inside the rings", move |&(q, r)| (q + r).abs() <= rings)
            .prop_map(|(q, r)| Hex::new(q, r))
    }

    proptest! {
        #[test]
        fn index_and_cube_are_inverse(index in 0u32..=positions_within(8) as u32 - 1) {
            let hex = Hex::from_index(index);
            prop_assert!(hex.ring() <= 8);
            prop_assert_eq!(hex.index(), Some(index));
        }

        #[test]
        fn cube_and_index_are_inverse(hex in hex_within(8)) {
            let index = hex.index().unwrap();
            prop_assert!(u64::from(index) < positions_within(8));
            prop_assert_eq!(Hex::from_index(index), hex);
        }

        #[test]
        fn distance_is_a_metric(a in hex_within(8), b in hex_within(8), c in hex_within(8)) {
            prop_assert_eq!(a.distance(b), b.distance(a));
            prop_assert_eq!(a.distance(a), 0);
            prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        }
    }

    #[test]
    fn ring_r_holds_6r_distinct_positions_in_index_order() {
        let mut next_index = 1u32;
        for radius in 1..=8u32 {
            let ring = Hex::ring_of(radius);
            assert_eq!(ring.len(), 6 * radius as usize);
            for hex in &ring {
                assert_eq!(hex.ring(), radius);
                assert_eq!(hex.index(), Some(next_index));
                next_index += 1;
            }
        }
        assert_eq!(u64::from(next_index), positions_within(8));
        assert_eq!(Hex::spiral(8).len(), 217);
    }
}
