//! Nemesis ships drawn: a [`Scene`] for `render` and the editor (rooms as
//! boxes, corridors with the numbers at each end, doors, technical networks,
//! escape pods), and a table for `show` that lists, room by room, where each
//! corridor number leads.
//!
//! Where everything goes is worked out once, by [`layout`], so the picture
//! reads well however the rooms are placed, and the editor hit-tests the very
//! shapes it paints:
//! - a corridor whose straight line would cross another room's box (or a
//!   network's hub) is routed around it, and one that would run on top of a
//!   corridor already drawn (a doubled corridor) takes another way;
//! - technical corridors are routed so they never run on top of ordinary ones;
//! - a number badge sits where its corridor leaves the room and is moved
//!   along the corridor until it covers no label and no other badge; two
//!   numbers read `1·4`, never `14`;
//! - a door token sits on its corridor's longest stretch, where no other
//!   corridor crosses;
//! - escape-pod and network labels take a side of their box or hub that no
//!   corridor or badge uses.
//!
//! Board units: a room's `at` step is [`STEP`] units, columns to the right
//! and rows downwards (y is negative below the first row), so moving one room
//! never moves the others.

use std::collections::HashMap;
use std::fmt::Write as _;

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::{NemesisPlace, Numbers, RoomKind, Ship};

use super::graph::ShipGraph;
use super::rules::Way;
use super::rules::movement::ways;
use crate::draw::marks::Spot;
use crate::draw::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke, font};
use crate::render::printable;

/// Board units between two steps of a room's `at`.
pub const STEP: f64 = 2.0;
/// Half the width of a room box.
pub const HALF_W: f64 = 1.3;
/// Half the height of a room box.
pub const HALF_H: f64 = 0.7;
/// The radius of a technical network's hub.
pub const HUB_RADIUS: f64 = 0.45;

/// Room kept between a corridor and a box it passes.
const CLEAR: f64 = 0.2;
/// How far outside a box a corridor bends around it.
const DETOUR: f64 = 0.5;
/// How far beyond the box edge a badge's centre starts.
const BADGE_GAP: f64 = 0.4;
/// The text size of a badge.
const BADGE_TEXT: f64 = 0.32;
/// Half the height of a badge (the radius of a one-number badge).
const BADGE_HALF: f64 = 0.28;
/// Two corridors closer than this, and about parallel, run on top of each other.
const OVERLAP: f64 = 0.3;

const INK: Colour = Colour::rgb(30, 30, 30);
const ROOM_FILL: Colour = Colour::rgb(236, 240, 244);
const SPECIAL_FILL: Colour = Colour::rgb(255, 236, 200);
const CORRIDOR: Colour = Colour::rgb(90, 90, 90);
const DOOR: Colour = Colour::rgb(150, 75, 20);
const TECHNICAL: Colour = Colour::rgb(40, 110, 200);

/// The centre of a room or hub drawn at `at`.
pub fn centre(at: (u16, u16)) -> Point {
    Point::new(f64::from(at.0) * STEP, -f64::from(at.1) * STEP)
}

/// The box of a room drawn at `at`.
pub fn room_rect(at: (u16, u16)) -> Rect {
    let c = centre(at);
    Rect::new(c.x - HALF_W, c.y - HALF_H, c.x + HALF_W, c.y + HALF_H)
}

/// Where a place of the ship is drawn, for `lint --annotate`: a room (or
/// its technical entrance) ringed around its box, a corridor at the middle
/// between its rooms, a network at its hub; `None` for what has no one spot.
pub fn spot(ship: &Ship, place: &NemesisPlace) -> Option<Spot> {
    let room_at = |id: Id| ship.room(id).map(|room| centre(room.at));
    match *place {
        NemesisPlace::Room(id) | NemesisPlace::Entrance(id) => Some(Spot {
            at: room_at(id)?,
            radius: HALF_W + 0.15,
        }),
        NemesisPlace::Corridor(a, b) => {
            let (a, b) = (room_at(a)?, room_at(b)?);
            Some(Spot {
                at: Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0),
                radius: 0.45,
            })
        }
        NemesisPlace::Network(id) => ship.networks.iter().find(|n| n.id == id).map(|n| Spot {
            at: centre(n.at),
            radius: HUB_RADIUS + 0.2,
        }),
        NemesisPlace::Ship | NemesisPlace::EscapePod(_) | NemesisPlace::Tiles => None,
    }
}

/// The drawing position (column, row, fractional) of a board point: the
/// inverse of [`centre`], for the editor to place rooms.
pub fn grid_position(point: Point) -> (f64, f64) {
    (point.x / STEP, -point.y / STEP)
}

/// Corridor numbers as a badge prints them: `3`, `1·4`.
pub fn badge_text(numbers: Numbers) -> String {
    numbers
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join("·")
}

/// Where every part of a ship is drawn.
#[derive(Clone, Debug, Default)]
pub struct ShipLayout {
    /// Each room's box, in file order.
    pub rooms: Vec<(Id, Rect)>,
    /// Each network's hub, in file order.
    pub hubs: Vec<(Id, Point)>,
    /// Each corridor's route, by its index in the ship file.
    pub corridors: Vec<Route>,
    /// Each technical entrance's route, by its index in the ship file.
    pub entrances: Vec<Route>,
    /// Labels outside the boxes: escape pods, network names.
    pub labels: Vec<Label>,
    /// What all of it covers.
    pub extent: Rect,
}

/// A corridor or technical corridor as drawn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Route {
    /// The polyline, from the first room's centre.
    pub points: Vec<Point>,
    /// The number badges, one per numbered end.
    pub badges: Vec<Badge>,
    /// The door token: its centre and the unit direction of the corridor there.
    pub door: Option<(Point, (f64, f64))>,
    /// A technical entrance with no network: drawn as a short stub.
    pub stub: bool,
}

/// A number badge at a corridor's end.
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    /// The room whose end it is.
    pub room: Id,
    /// Its centre.
    pub at: Point,
    /// What it reads (`1·4`).
    pub text: String,
    /// Half its width.
    pub half_width: f64,
}

impl Badge {
    /// The rectangle it covers.
    pub fn rect(&self) -> Rect {
        rect_around(self.at, self.half_width, BADGE_HALF)
    }
}

/// A label drawn beside a box or hub.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// Where it is anchored.
    pub at: Point,
    /// What it says.
    pub text: String,
    /// Its text size.
    pub size: f64,
    /// How it hangs from `at`.
    pub anchor: Anchor,
    /// Its colour.
    pub colour: Colour,
    /// The rectangle it covers.
    pub rect: Rect,
}

fn rect_around(at: Point, half_w: f64, half_h: f64) -> Rect {
    Rect::new(at.x - half_w, at.y - half_h, at.x + half_w, at.y + half_h)
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.min.x < b.max.x && a.max.x > b.min.x && a.min.y < b.max.y && a.max.y > b.min.y
}

fn contains(rect: Rect, p: Point) -> bool {
    p.x >= rect.min.x && p.x <= rect.max.x && p.y >= rect.min.y && p.y <= rect.max.y
}

fn distance(a: Point, b: Point) -> f64 {
    (b.x - a.x).hypot(b.y - a.y)
}

/// The straight stretches of a polyline, start and end.
fn segments(points: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    points.iter().copied().zip(points.iter().copied().skip(1))
}

fn length(points: &[Point]) -> f64 {
    segments(points).map(|w| distance(w.0, w.1)).sum()
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
    Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// The unit direction from `a` to `b` (zero when they coincide).
fn direction(a: Point, b: Point) -> (f64, f64) {
    let d = distance(a, b);
    if d < 1e-9 {
        (0.0, 0.0)
    } else {
        ((b.x - a.x) / d, (b.y - a.y) / d)
    }
}

/// The parameters along `a → b` where it is inside `rect` (Liang–Barsky), if any.
fn clip(a: Point, b: Point, rect: Rect) -> Option<(f64, f64)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
    for (p, q) in [
        (-dx, a.x - rect.min.x),
        (dx, rect.max.x - a.x),
        (-dy, a.y - rect.min.y),
        (dy, rect.max.y - a.y),
    ] {
        if p.abs() < 1e-12 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 > t1 {
                return None;
            }
        }
    }
    Some((t0, t1))
}

/// Whether segment `a → b` passes through `rect` (not just grazing a corner).
fn crosses(a: Point, b: Point, rect: Rect) -> bool {
    clip(a, b, rect).is_some_and(|(t0, t1)| (t1 - t0) * distance(a, b) > 1e-6)
}

/// Where two segments cross, strictly inside both.
fn crossing(a: Point, b: Point, c: Point, d: Point) -> Option<Point> {
    let (rx, ry) = (b.x - a.x, b.y - a.y);
    let (sx, sy) = (d.x - c.x, d.y - c.y);
    let denominator = rx * sy - ry * sx;
    if denominator.abs() < 1e-12 {
        return None;
    }
    let t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / denominator;
    let u = ((c.x - a.x) * ry - (c.y - a.y) * rx) / denominator;
    (t > 1e-6 && t < 1.0 - 1e-6 && u > 1e-6 && u < 1.0 - 1e-6).then(|| lerp(a, b, t))
}

/// The distance from `p` to segment `a → b`, and the parameter of the nearest point.
fn to_segment(p: Point, a: Point, b: Point) -> (f64, f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let t = if l2 < 1e-12 {
        0.0
    } else {
        (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0)
    };
    (distance(p, lerp(a, b, t)), t)
}

/// The distance from a point to a polyline.
pub fn distance_to(points: &[Point], p: Point) -> f64 {
    segments(points)
        .map(|w| to_segment(p, w.0, w.1).0)
        .fold(f64::INFINITY, f64::min)
}

/// A grid of buckets over the board, one cell per `at` step, so a question
/// about a segment looks at what is near it, not at the whole ship.
#[derive(Default)]
struct Buckets<T> {
    cells: HashMap<(i64, i64), Vec<T>>,
}

impl<T: Copy> Buckets<T> {
    fn cells_of(rect: Rect) -> impl Iterator<Item = (i64, i64)> {
        let cell = |v: f64| (v / STEP).floor() as i64;
        let (x0, x1) = (cell(rect.min.x), cell(rect.max.x));
        let (y0, y1) = (cell(rect.min.y), cell(rect.max.y));
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
    }

    fn insert(&mut self, rect: Rect, item: T) {
        for cell in Self::cells_of(rect) {
            self.cells.entry(cell).or_default().push(item);
        }
    }

    /// Everything whose rectangle may meet `rect` (an item may come twice).
    fn near(&self, rect: Rect) -> impl Iterator<Item = T> + '_ {
        Self::cells_of(rect)
            .filter_map(|cell| self.cells.get(&cell))
            .flatten()
            .copied()
    }
}

/// Rectangles already taken by labels, badges and boxes, found by where
/// they are, so placing one more costs the same on any size of ship.
#[derive(Default)]
struct Taken {
    rects: Vec<Rect>,
    index: Buckets<usize>,
}

impl Taken {
    fn push(&mut self, rect: Rect) {
        self.index.insert(rect, self.rects.len());
        self.rects.push(rect);
    }

    /// How many taken rectangles `rect` overlaps, leaving out `except`.
    fn overlapping(&self, rect: Rect, except: Option<Rect>) -> usize {
        let mut hits: Vec<usize> = self
            .index
            .near(rect)
            .filter(|i| {
                self.rects
                    .get(*i)
                    .is_some_and(|r| Some(*r) != except && overlaps(rect, *r))
            })
            .collect();
        hits.sort_unstable();
        hits.dedup();
        hits.len()
    }
}

fn segment_rect(a: Point, b: Point, grow: f64) -> Rect {
    Rect::new(
        a.x.min(b.x) - grow,
        a.y.min(b.y) - grow,
        a.x.max(b.x) + grow,
        a.y.max(b.y) + grow,
    )
}

/// What a route must keep clear of: room boxes and hubs.
struct Obstacles {
    boxes: Vec<Rect>,
    index: Buckets<usize>,
}

impl Obstacles {
    /// The boxes a segment passes through, leaving out `own` (its end rooms and hub).
    fn hit(&self, a: Point, b: Point, own: &[usize]) -> Vec<usize> {
        let mut hit: Vec<usize> = self
            .index
            .near(segment_rect(a, b, CLEAR))
            .filter(|i| !own.contains(i))
            .filter(|i| {
                self.boxes
                    .get(*i)
                    .is_some_and(|r| crosses(a, b, r.grow(CLEAR, CLEAR, CLEAR, CLEAR)))
            })
            .collect();
        hit.sort_unstable();
        hit.dedup();
        hit
    }
}

/// The segments drawn so far, to keep new ones from running on top of them.
#[derive(Default)]
struct Drawn {
    segments: Vec<(Point, Point)>,
    index: Buckets<usize>,
}

impl Drawn {
    fn add(&mut self, points: &[Point]) {
        for w in segments(points) {
            let i = self.segments.len();
            self.segments.push((w.0, w.1));
            self.index.insert(segment_rect(w.0, w.1, OVERLAP), i);
        }
    }

    /// Points of `points`, one every 0.25 units, that lie on a segment drawn
    /// already and run along it. Points near `ends` (the boxes and hubs the
    /// route joins) do not count: corridors meeting there converge anyway.
    fn overlapping(&self, points: &[Point], ends: &[Rect]) -> usize {
        let skip: Vec<Rect> = ends.iter().map(|r| r.grow(0.8, 0.8, 0.8, 0.8)).collect();
        let mut count = 0;
        for w in segments(points) {
            let (a, b) = (w.0, w.1);
            let along = direction(a, b);
            let samples = (distance(a, b) / 0.25).ceil().max(1.0) as usize;
            for k in 0..=samples {
                let p = lerp(a, b, k as f64 / samples as f64);
                if skip.iter().any(|r| contains(*r, p)) {
                    continue;
                }
                let near = Rect::new(p.x, p.y, p.x, p.y);
                let on_one = self.index.near(near).any(|i| {
                    self.segments.get(i).is_some_and(|(c, d)| {
                        let (gap, _) = to_segment(p, *c, *d);
                        let (ux, uy) = direction(*c, *d);
                        gap < OVERLAP && (along.0 * uy - along.1 * ux).abs() < 0.35
                    })
                });
                if on_one {
                    count += 1;
                }
            }
        }
        count
    }

    /// How many drawn segments `points` crosses, and where.
    fn crossings(&self, points: &[Point]) -> Vec<Point> {
        let mut found = Vec::new();
        let mut seen = Vec::new();
        for w in segments(points) {
            seen.clear();
            for i in self.index.near(segment_rect(w.0, w.1, 0.0)) {
                if seen.contains(&i) {
                    continue;
                }
                seen.push(i);
                if let Some((c, d)) = self.segments.get(i)
                    && let Some(at) = crossing(w.0, w.1, *c, *d)
                {
                    found.push(at);
                }
            }
        }
        found
    }
}

/// The cost of a candidate route: its length, plus a great deal for each
/// box it crosses, plus what running on top of or across other corridors costs.
fn cost(
    points: &[Point],
    own: &[usize],
    ends: &[Rect],
    obstacles: &Obstacles,
    drawn: &Drawn,
    overlap_weight: f64,
) -> f64 {
    let boxes: usize = segments(points)
        .map(|w| obstacles.hit(w.0, w.1, own).len())
        .sum();
    let overlap = drawn.overlapping(points, ends) as f64;
    let crossings = drawn.crossings(points).len() as f64;
    // Each bend costs a little, one that doubles back a lot: a route that
    // overshoots and turns back reads as a mistake.
    let bends: f64 = segments(points)
        .zip(segments(points).skip(1))
        .map(|(first, second)| {
            let (a, b) = (direction(first.0, first.1), direction(second.0, second.1));
            if a.0 * b.0 + a.1 * b.1 < 0.0 {
                60.0
            } else {
                0.3
            }
        })
        .sum();
    length(points) + 1000.0 * boxes as f64 + overlap_weight * overlap + 0.4 * crossings + bends
}

/// The route between two points that costs least: straight, with one bend,
/// or around the boxes the straight line would cross.
fn route(
    from: Point,
    to: Point,
    own: &[usize],
    ends: &[Rect],
    obstacles: &Obstacles,
    drawn: &Drawn,
    overlap_weight: f64,
) -> Vec<Point> {
    // The straight line, when it is clear, is the route.
    let straight = vec![from, to];
    let blocked = !obstacles.hit(from, to, own).is_empty();
    if !blocked && drawn.overlapping(&straight, ends) == 0 {
        return straight;
    }
    let mut candidates: Vec<Vec<Point>> = vec![
        straight,
        vec![from, Point::new(from.x, to.y), to],
        vec![from, Point::new(to.x, from.y), to],
    ];
    // Around what the straight line would hit, by one corner or along one side.
    let mut around: Vec<usize> = obstacles.hit(from, to, own);
    around.truncate(3);
    // Leaving the first box at a corner, so a technical corridor can take
    // its own way out of a room shared with ordinary corridors.
    let own_boxes: Vec<Rect> = ends.iter().take(1).copied().collect();
    for rect in around
        .iter()
        .filter_map(|i| obstacles.boxes.get(*i).copied())
        .chain(own_boxes)
    {
        let r = rect.grow(DETOUR, DETOUR, DETOUR, DETOUR);
        let corners = r.corners();
        for (k, corner) in corners.iter().enumerate() {
            candidates.push(vec![from, *corner, to]);
            if let Some(next) = corners.get((k + 1) % 4) {
                candidates.push(vec![from, *corner, *next, to]);
                candidates.push(vec![from, *next, *corner, to]);
            }
        }
    }
    // Leaving the start in one of eight directions and reaching the end from
    // one of eight: corridors meeting at a hub fan out instead of piling up.
    let compass: Vec<(f64, f64)> = (0..8)
        .map(|k| {
            let angle = std::f64::consts::FRAC_PI_4 * f64::from(k);
            (angle.cos(), angle.sin())
        })
        .collect();
    let leave: Vec<Point> = compass
        .iter()
        .map(|(dx, dy)| from.offset(dx * (HALF_W + DETOUR), dy * (HALF_H + DETOUR)))
        .collect();
    let reach: Vec<Point> = compass
        .iter()
        .map(|(dx, dy)| to.offset(dx * 1.6, dy * 1.6))
        .collect();
    for l in &leave {
        candidates.push(vec![from, *l, to]);
        for r in &reach {
            candidates.push(vec![from, *l, *r, to]);
        }
    }
    for r in &reach {
        candidates.push(vec![from, *r, to]);
    }
    let mut best: Option<(f64, Vec<Point>)> = None;
    for candidate in candidates {
        let c = cost(&candidate, own, ends, obstacles, drawn, overlap_weight);
        if best.as_ref().is_none_or(|(b, _)| c < *b - 1e-9) {
            best = Some((c, candidate));
        }
    }
    best.map_or_else(|| vec![from, to], |(_, points)| points)
}

/// Where a route leaves `rect`, walking from its start, and the direction there.
fn exit(points: &[Point], rect: Rect) -> Option<(Point, (f64, f64), usize)> {
    for (k, w) in segments(points).enumerate() {
        let (a, b) = (w.0, w.1);
        if contains(rect, a) && !contains(rect, b) {
            let (_, t1) = clip(a, b, rect)?;
            return Some((lerp(a, b, t1), direction(a, b), k));
        }
        if !contains(rect, a) {
            return Some((a, direction(a, b), k));
        }
    }
    None
}

/// A badge for `numbers` where the route leaves `rect`, on the route.
fn badge_on(points: &[Point], rect: Rect, room: Id, numbers: Numbers) -> Option<Badge> {
    let text = badge_text(numbers);
    let half_width = (font::measure(&text, BADGE_TEXT) / 2.0 + 0.14).max(BADGE_HALF);
    let (at, (dx, dy), _) = exit(points, rect)?;
    // Far enough out that the whole badge clears the box edge it leaves by.
    let reach = BADGE_GAP + (half_width - BADGE_HALF) * dx.abs();
    Some(Badge {
        room,
        at: at.offset(dx * reach, dy * reach),
        text,
        half_width,
    })
}

/// Slides a badge outward along its route until it covers none of `taken`.
fn settle_badge(badge: &mut Badge, points: &[Point], taken: &Taken) {
    let free = |b: &Badge| taken.overlapping(b.rect(), None) == 0;
    if free(badge) {
        return;
    }
    // Walk the route from the badge towards its middle.
    let half = length(points) / 2.0;
    let Some((start, _)) = nearest_along(points, badge.at) else {
        return;
    };
    let mut along = start + 0.15;
    while along < half.max(start) {
        let at = point_at(points, along);
        let moved = Badge {
            at,
            ..badge.clone()
        };
        if free(&moved) {
            *badge = moved;
            return;
        }
        along += 0.15;
    }
}

/// How far along a polyline the point nearest `p` is, and how near.
fn nearest_along(points: &[Point], p: Point) -> Option<(f64, f64)> {
    let mut walked = 0.0;
    let mut best: Option<(f64, f64)> = None;
    for w in segments(points) {
        let (gap, t) = to_segment(p, w.0, w.1);
        let l = distance(w.0, w.1);
        if best.is_none_or(|(_, g)| gap < g) {
            best = Some((walked + t * l, gap));
        }
        walked += l;
    }
    best
}

/// The point `along` units from a polyline's start (its end when past it).
fn point_at(points: &[Point], along: f64) -> Point {
    let mut left = along;
    for w in segments(points) {
        let l = distance(w.0, w.1);
        if left <= l && l > 0.0 {
            return lerp(w.0, w.1, left / l);
        }
        left -= l;
    }
    points.last().copied().unwrap_or_default()
}

/// A polyline reversed.
fn reversed(points: &[Point]) -> Vec<Point> {
    points.iter().rev().copied().collect()
}

/// The spot for a door on a route: on its longest stretch, as far as can be
/// from where other corridors cross it and from its badges.
fn door_spot(
    points: &[Point],
    crossings: &[Point],
    badges: &[Badge],
) -> Option<(Point, (f64, f64))> {
    let (a, b) =
        segments(points).max_by(|x, y| distance(x.0, x.1).total_cmp(&distance(y.0, y.1)))?;
    let clearance = |p: Point| {
        crossings
            .iter()
            .map(|c| distance(*c, p))
            .chain(badges.iter().map(|b| distance(b.at, p) - b.half_width))
            .fold(f64::INFINITY, f64::min)
    };
    let mut best: Option<(f64, Point)> = None;
    for t in [0.5, 0.42, 0.58, 0.35, 0.65, 0.28, 0.72] {
        let p = lerp(a, b, t);
        let c = clearance(p);
        if c > 0.75 {
            return Some((p, direction(a, b)));
        }
        if best.is_none_or(|(b, _)| c > b) {
            best = Some((c, p));
        }
    }
    best.map(|(_, p)| (p, direction(a, b)))
}

/// A corridor from a room to itself: a small loop on the box's right side.
fn self_loop(rect: Rect) -> Vec<Point> {
    let c = rect.centre();
    let x = rect.max.x;
    vec![
        c,
        Point::new(x, c.y + 0.3),
        Point::new(x + 0.9, c.y + 0.3),
        Point::new(x + 0.9, c.y - 0.3),
        Point::new(x, c.y - 0.3),
        c,
    ]
}

/// A label's rectangle for its text, size and anchor.
fn label_rect(at: Point, text: &str, size: f64, anchor: Anchor) -> Rect {
    let width = font::measure(text, size);
    let height = size;
    let left = at.x - width * anchor.horizontal();
    let bottom = at.y - font::cap_height(size) * anchor.vertical();
    Rect::new(left, bottom - height * 0.3, left + width, bottom + height)
}

/// Places a label beside `rect` (below, above, right or left) where it
/// covers no badge, box or corridor; the first side that is free, else the
/// least crowded.
fn place_label(
    rect: Rect,
    text: &str,
    size: f64,
    colour: Colour,
    taken: &Taken,
    routes: &Drawn,
) -> Label {
    let c = rect.centre();
    let gap = 0.12;
    let sides = [
        (Point::new(c.x, rect.min.y - gap), Anchor::Top),
        (Point::new(c.x, rect.max.y + gap), Anchor::Bottom),
        (Point::new(rect.max.x + gap, c.y), Anchor::Left),
        (Point::new(rect.min.x - gap, c.y), Anchor::Right),
    ];
    let mut best: Option<(usize, Label)> = None;
    for (at, anchor) in sides {
        let covers = label_rect(at, text, size, anchor);
        let mut crossed: Vec<usize> = routes
            .index
            .near(covers)
            .filter(|i| {
                routes
                    .segments
                    .get(*i)
                    .is_some_and(|(a, b)| crosses(*a, *b, covers))
            })
            .collect();
        crossed.sort_unstable();
        crossed.dedup();
        let crowd = taken.overlapping(covers, Some(rect)) + crossed.len();
        let label = Label {
            at,
            text: text.to_string(),
            size,
            anchor,
            colour,
            rect: covers,
        };
        if crowd == 0 {
            return label;
        }
        if best.as_ref().is_none_or(|(b, _)| crowd < *b) {
            best = Some((crowd, label));
        }
    }
    best.map_or_else(
        || Label {
            at: c,
            text: text.to_string(),
            size,
            anchor: Anchor::Centre,
            colour,
            rect,
        },
        |(_, label)| label,
    )
}

/// Where every part of a ship is drawn. Each phase keeps clear of what the
/// ones before it placed: corridors, then technical corridors, then the
/// number badges, the labels, the badges moved off the labels, and the doors.
pub fn layout(ship: &Ship) -> ShipLayout {
    let rooms: Vec<(Id, Rect)> = ship.rooms.iter().map(|r| (r.id, room_rect(r.at))).collect();
    let hubs: Vec<(Id, Point)> = ship.networks.iter().map(|n| (n.id, centre(n.at))).collect();
    let boxes = Boxes::new(&rooms, &hubs);

    // Corridors keep off each other; technical corridors keep off ordinary
    // ones (those of one network may meet, they share a space anyway).
    let mut drawn = Drawn::default();
    let mut all = Drawn::default();
    let mut corridors = corridor_routes(ship, &boxes, &mut drawn, &mut all);
    let mut entrances = entrance_routes(ship, &boxes, &drawn, &mut all);

    add_badges(ship, &boxes, &mut corridors, &mut entrances);
    let labels = place_labels(ship, &rooms, &hubs, &boxes, &corridors, &entrances, &all);
    settle_badges(&boxes, &labels, &mut corridors, &mut entrances);
    place_doors(ship, &all, &mut corridors, &mut entrances);

    let extent = covered_extent(&boxes, &corridors, &entrances, &labels);
    ShipLayout {
        rooms,
        hubs,
        corridors,
        entrances,
        labels,
        extent,
    }
}

/// The ship's room boxes and hub circles as obstacles, rooms first, with
/// where each room's and network's box is among them.
struct Boxes {
    obstacles: Obstacles,
    room_index: HashMap<Id, usize>,
    hub_index: HashMap<Id, usize>,
}

impl Boxes {
    fn new(rooms: &[(Id, Rect)], hubs: &[(Id, Point)]) -> Self {
        let mut boxes: Vec<Rect> = rooms.iter().map(|(_, r)| *r).collect();
        boxes.extend(
            hubs.iter()
                .map(|(_, c)| rect_around(*c, HUB_RADIUS, HUB_RADIUS)),
        );
        let mut index = Buckets::default();
        for (i, rect) in boxes.iter().enumerate() {
            index.insert(rect.grow(CLEAR, CLEAR, CLEAR, CLEAR), i);
        }
        let room_index = rooms
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (*id, i))
            .collect();
        let hub_index = hubs
            .iter()
            .enumerate()
            .map(|(i, (id, _))| (*id, rooms.len() + i))
            .collect();
        Self {
            obstacles: Obstacles { boxes, index },
            room_index,
            hub_index,
        }
    }

    /// A room's box.
    fn room(&self, id: Id) -> Option<Rect> {
        self.room_index
            .get(&id)
            .and_then(|i| self.obstacles.boxes.get(*i).copied())
    }
}

/// Each corridor's route, by its index in the ship file, keeping off the
/// corridors routed before it; a corridor to an unknown room gets an empty one.
fn corridor_routes(ship: &Ship, boxes: &Boxes, drawn: &mut Drawn, all: &mut Drawn) -> Vec<Route> {
    let mut corridors = Vec::with_capacity(ship.corridors.len());
    for corridor in &ship.corridors {
        let [a, b] = corridor.rooms;
        let (Some(ra), Some(rb)) = (boxes.room(a), boxes.room(b)) else {
            corridors.push(Route::default());
            continue;
        };
        let points = if a == b {
            self_loop(ra)
        } else {
            let own: Vec<usize> = [a, b]
                .iter()
                .filter_map(|id| boxes.room_index.get(id).copied())
                .collect();
            route(
                ra.centre(),
                rb.centre(),
                &own,
                &[ra, rb],
                &boxes.obstacles,
                drawn,
                3.0,
            )
        };
        drawn.add(&points);
        all.add(&points);
        corridors.push(Route {
            points,
            ..Route::default()
        });
    }
    corridors
}

/// Each technical entrance's route to its network's hub, by its index in the
/// ship file, or a stub when it has no network.
fn entrance_routes(ship: &Ship, boxes: &Boxes, drawn: &Drawn, all: &mut Drawn) -> Vec<Route> {
    let mut entrances = Vec::with_capacity(ship.entrances.len());
    for entrance in &ship.entrances {
        let Some(rr) = boxes.room(entrance.room) else {
            entrances.push(Route::default());
            continue;
        };
        let hub = entrance
            .network
            .and_then(|n| boxes.hub_index.get(&n).copied())
            .and_then(|i| boxes.obstacles.boxes.get(i).map(|r| (i, *r)));
        let points = match hub {
            Some((hi, hr)) => {
                let own: Vec<usize> = boxes
                    .room_index
                    .get(&entrance.room)
                    .copied()
                    .into_iter()
                    .chain([hi])
                    .collect();
                route(
                    rr.centre(),
                    hr.centre(),
                    &own,
                    &[rr, hr],
                    &boxes.obstacles,
                    drawn,
                    60.0,
                )
            }
            None => stub(rr, drawn),
        };
        all.add(&points);
        entrances.push(Route {
            points,
            stub: hub.is_none(),
            ..Route::default()
        });
    }
    entrances
}

/// Badges where each route leaves its rooms.
fn add_badges(ship: &Ship, boxes: &Boxes, corridors: &mut [Route], entrances: &mut [Route]) {
    for (corridor, route) in ship.corridors.iter().zip(corridors.iter_mut()) {
        let [a, b] = corridor.rooms;
        let (Some(ra), Some(rb)) = (boxes.room(a), boxes.room(b)) else {
            continue;
        };
        route
            .badges
            .extend(badge_on(&route.points, ra, a, corridor.numbers));
        if a != b {
            let back = reversed(&route.points);
            route
                .badges
                .extend(badge_on(&back, rb, b, corridor.numbers_at(b)));
        }
    }
    for (entrance, route) in ship.entrances.iter().zip(entrances.iter_mut()) {
        if let (Some(numbers), Some(rr)) = (entrance.numbers, boxes.room(entrance.room)) {
            route
                .badges
                .extend(badge_on(&route.points, rr, entrance.room, numbers));
        }
    }
}

/// Labels beside boxes and hubs, where nothing else is: the escape pods of
/// each room, then each network's name.
fn place_labels(
    ship: &Ship,
    rooms: &[(Id, Rect)],
    hubs: &[(Id, Point)],
    boxes: &Boxes,
    corridors: &[Route],
    entrances: &[Route],
    all: &Drawn,
) -> Vec<Label> {
    let mut taken = Taken::default();
    for rect in corridors
        .iter()
        .chain(entrances)
        .flat_map(|r| r.badges.iter().map(Badge::rect))
        .chain(boxes.obstacles.boxes.iter().copied())
    {
        taken.push(rect);
    }
    let mut labels = Vec::new();
    for (id, rect) in rooms {
        let pods: Vec<String> = ship
            .escape_pods
            .iter()
            .filter(|p| p.room == *id)
            .map(|p| format!("{}{}", p.section.name(), p.number))
            .collect();
        if pods.is_empty() {
            continue;
        }
        let word = if pods.len() == 1 { "pod" } else { "pods" };
        let text = format!("{word} {}", pods.join(", "));
        let label = place_label(*rect, &text, 0.26, DOOR, &taken, all);
        taken.push(label.rect);
        labels.push(label);
    }
    for (id, hub) in hubs {
        let rect = rect_around(*hub, HUB_RADIUS, HUB_RADIUS);
        let label = place_label(rect, id.as_str(), 0.35, TECHNICAL, &taken, all);
        taken.push(label.rect);
        labels.push(label);
    }
    labels
}

/// Moves the badges along their routes so that no badge covers a label or
/// another badge.
fn settle_badges(
    boxes: &Boxes,
    labels: &[Label],
    corridors: &mut [Route],
    entrances: &mut [Route],
) {
    let mut placed = Taken::default();
    for rect in labels
        .iter()
        .map(|l| l.rect)
        .chain(boxes.obstacles.boxes.iter().copied())
    {
        placed.push(rect);
    }
    for route in corridors.iter_mut().chain(entrances.iter_mut()) {
        let points = route.points.clone();
        for badge in &mut route.badges {
            let path = if route
                .points
                .first()
                .is_some_and(|p| boxes.room(badge.room).is_some_and(|r| contains(r, *p)))
            {
                points.clone()
            } else {
                reversed(&points)
            };
            settle_badge(badge, &path, &placed);
            placed.push(badge.rect());
        }
    }
}

/// Doors away from crossings and badges.
fn place_doors(ship: &Ship, all: &Drawn, corridors: &mut [Route], entrances: &mut [Route]) {
    for (corridor, route) in ship.corridors.iter().zip(corridors.iter_mut()) {
        if corridor.door {
            let crossings = all.crossings(&route.points);
            route.door = door_spot(&route.points, &crossings, &route.badges);
        }
    }
    for (entrance, route) in ship.entrances.iter().zip(entrances.iter_mut()) {
        if entrance.door {
            let crossings = all.crossings(&route.points);
            route.door = door_spot(&route.points, &crossings, &route.badges);
        }
    }
}

/// What all of the drawing covers; an empty ship covers the default frame.
fn covered_extent(
    boxes: &Boxes,
    corridors: &[Route],
    entrances: &[Route],
    labels: &[Label],
) -> Rect {
    let mut extent: Option<Rect> = None;
    let mut grow = |r: Rect| extent = Some(extent.map_or(r, |e| e.union(r)));
    for rect in &boxes.obstacles.boxes {
        grow(*rect);
    }
    for route in corridors.iter().chain(entrances) {
        for p in &route.points {
            grow(rect_around(*p, 0.2, 0.2));
        }
        for badge in &route.badges {
            grow(badge.rect());
        }
    }
    for label in labels {
        grow(label.rect);
    }
    extent.unwrap_or_else(|| Rect::new(-HALF_W, -HALF_H, HALF_W, HALF_H))
}

/// A technical entrance with no network: a short stub out of its room,
/// pointing where no corridor leaves.
fn stub(rect: Rect, drawn: &Drawn) -> Vec<Point> {
    let c = rect.centre();
    let directions = [
        (1.0, 1.0),
        (-1.0, 1.0),
        (1.0, -1.0),
        (-1.0, -1.0),
        (0.0, 1.0),
        (0.0, -1.0),
        (1.0, 0.0),
        (-1.0, 0.0),
    ];
    let candidates = directions.map(|(dx, dy)| {
        let end = Point::new(c.x + dx * (HALF_W + 0.9), c.y + dy * (HALF_H + 0.9));
        vec![c, end]
    });
    candidates
        .into_iter()
        .min_by_key(|points| drawn.overlapping(points, &[rect]) + drawn.crossings(points).len())
        .unwrap_or_else(|| vec![c, c.offset(HALF_W + 0.9, HALF_H + 0.9)])
}

fn badge_shape(scene: &mut Scene, badge: &Badge, colour: Colour) {
    let stroke = Some(Stroke::solid(0.04, colour));
    if badge.half_width <= BADGE_HALF + 1e-9 {
        scene.circle(
            Layer::Markers,
            badge.at,
            BADGE_HALF,
            Some(Colour::WHITE),
            stroke,
        );
    } else {
        // A pill: two half circles joined by straight sides.
        let (c, r, half) = (badge.at, BADGE_HALF, badge.half_width - BADGE_HALF);
        let mut points = Vec::new();
        for k in 0..=8 {
            let a = -std::f64::consts::FRAC_PI_2 + std::f64::consts::PI * f64::from(k) / 8.0;
            points.push(Point::new(c.x + half + r * a.cos(), c.y + r * a.sin()));
        }
        for k in 0..=8 {
            let a = std::f64::consts::FRAC_PI_2 + std::f64::consts::PI * f64::from(k) / 8.0;
            points.push(Point::new(c.x - half + r * a.cos(), c.y + r * a.sin()));
        }
        scene.polygon(Layer::Markers, points, Some(Colour::WHITE), stroke);
    }
    scene.text(
        Layer::Markers,
        badge.at,
        &badge.text,
        BADGE_TEXT,
        colour,
        Anchor::Centre,
    );
}

fn door_shape(scene: &mut Scene, (at, (dx, dy)): (Point, (f64, f64)), colour: Colour) {
    let (nx, ny) = (-dy * 0.35, dx * 0.35);
    scene.line(
        Layer::Doors,
        at.offset(-nx, -ny),
        at.offset(nx, ny),
        Stroke::solid(0.2, colour),
    );
}

/// Nemesis' own options of `deckplan render`.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct RenderOptions {
    /// The ship laid out, its corridors routed around the rooms: how a ship
    /// is always drawn.
    #[arg(long)]
    pub layout: bool,
}

/// The ship as a scene; `title` adds its name and board above it, `ids`
/// each room's id (what `move --from` and the file call it) above its box
/// where the box shows another name.
pub fn ship_scene(ship: &Ship, title: bool, ids: bool) -> Scene {
    let layout = layout(ship);
    let mut scene = scene_of(ship, &layout, title);
    if ids {
        for (room, (_, rect)) in ship.rooms.iter().zip(&layout.rooms) {
            if room.name.is_some() {
                scene.text(
                    Layer::Markers,
                    Point::new(rect.min.x, rect.max.y + 0.06),
                    room.id.as_str(),
                    0.2,
                    TECHNICAL,
                    Anchor::BottomLeft,
                );
            }
        }
    }
    scene
}

/// A laid-out ship as a scene.
pub fn scene_of(ship: &Ship, layout: &ShipLayout, title: bool) -> Scene {
    let extent = layout.extent;
    let top = extent.max.y + if title { 1.6 } else { 0.6 };
    let bounds = Rect::new(
        extent.min.x - 0.6,
        extent.min.y - 0.6,
        extent.max.x + 0.6,
        top,
    );
    let mut scene = Scene::new(bounds);
    // The paper (which the editor leaves out, to show its grid) under all.
    scene.fill_rect(Layer::Ground, bounds, Colour::WHITE);
    if title {
        let mut text = ship.name.clone();
        if let Some(board) = &ship.board {
            text.push_str(" · ");
            text.push_str(board);
        }
        scene.text(
            Layer::Markers,
            Point::new(bounds.min.x + 0.3, top - 0.4),
            text,
            0.6,
            INK,
            Anchor::TopLeft,
        );
    }
    for route in &layout.corridors {
        scene.polyline(
            Layer::Floor,
            route.points.clone(),
            Stroke::solid(0.22, CORRIDOR).cap(Cap::Round),
        );
        for badge in &route.badges {
            badge_shape(&mut scene, badge, INK);
        }
        if let Some(door) = route.door {
            door_shape(&mut scene, door, DOOR);
        }
    }
    for route in &layout.entrances {
        scene.polyline(
            Layer::Grid,
            route.points.clone(),
            Stroke::solid(0.1, TECHNICAL).dashed(0.25, 0.15),
        );
        if route.stub
            && let Some(end) = route.points.last()
        {
            scene.circle(
                Layer::Junctions,
                *end,
                0.18,
                Some(Colour::WHITE),
                Some(Stroke::solid(0.06, TECHNICAL)),
            );
        }
        for badge in &route.badges {
            badge_shape(&mut scene, badge, TECHNICAL);
        }
        if let Some(door) = route.door {
            door_shape(&mut scene, door, DOOR);
        }
    }
    for (_, hub) in &layout.hubs {
        scene.circle(Layer::Junctions, *hub, HUB_RADIUS, Some(TECHNICAL), None);
    }
    for label in &layout.labels {
        scene.text(
            Layer::Junctions,
            label.at,
            &label.text,
            label.size,
            label.colour,
            label.anchor,
        );
    }
    for (room, (_, rect)) in ship.rooms.iter().zip(&layout.rooms) {
        let c = rect.centre();
        let fill = if room.kind.starts_explored() {
            SPECIAL_FILL
        } else {
            ROOM_FILL
        };
        scene.polygon(
            Layer::Terrain,
            rect.corners(),
            Some(fill),
            Some(Stroke::solid(0.06, INK)),
        );
        // Long names shrink to fit the box (a character is about 0.56 em wide).
        let chars = room.label().chars().count().max(1) as f64;
        let size = (2.3 / (0.56 * chars)).min(0.34);
        scene.text(
            Layer::Markers,
            c.offset(0.0, 0.1),
            room.label(),
            size,
            INK,
            Anchor::Centre,
        );
        let kind = match room.kind {
            RoomKind::Slot(slot) => format!("slot {}", slot.name()),
            RoomKind::Special(_) => room.kind.name().to_string(),
        };
        scene.text(
            Layer::Markers,
            c.offset(0.0, -0.4),
            kind,
            0.24,
            CORRIDOR,
            Anchor::Centre,
        );
    }
    scene
}

/// The ship as text: for each room, where each corridor number leads.
pub fn ship_text(ship: &Ship) -> String {
    let graph = ShipGraph::new(ship);
    let mut out = String::new();
    let _ = write!(out, "{}", printable(&ship.name));
    if let Some(board) = &ship.board {
        let _ = write!(out, " · {}", printable(board));
    }
    out.push_str("\n\n");
    let width = ship
        .rooms
        .iter()
        .map(|r| r.id.as_str().len())
        .max()
        .unwrap_or(4)
        .max(4)
        + 2;
    let cell = 22;
    let _ = writeln!(
        out,
        "{:<width$}{:<15}{:<cell$}{:<cell$}{:<cell$}4",
        "room", "kind", "1", "2", "3"
    );
    for room in &ship.rooms {
        let mut cells: Vec<String> = Vec::new();
        for n in 1..=4 {
            let leads: Vec<String> = ways(&graph, room.id)
                .into_iter()
                .filter(|(_, numbers)| numbers.contains(n))
                .map(|(way, _)| match way {
                    Way::Corridor(i) => match ship.corridors.get(i) {
                        Some(c) if c.door => format!("{} [door]", c.other(room.id)),
                        Some(c) => c.other(room.id).to_string(),
                        None => String::new(),
                    },
                    Way::Technical(network) => format!("~{network}"),
                })
                .collect();
            cells.push(if leads.is_empty() {
                "-".to_string()
            } else {
                leads.join(" + ")
            });
        }
        let _ = writeln!(
            out,
            "{:<width$}{:<15}{:<cell$}{:<cell$}{:<cell$}{}",
            room.id.as_str(),
            room.kind.name(),
            cells.first().map_or("", String::as_str),
            cells.get(1).map_or("", String::as_str),
            cells.get(2).map_or("", String::as_str),
            cells.get(3).map_or("", String::as_str),
        );
    }
    let pods: Vec<String> = ship
        .escape_pods
        .iter()
        .map(|p| format!("{}{} from {}", p.section.name(), p.number, p.room))
        .collect();
    if !pods.is_empty() {
        let _ = writeln!(out, "\nescape pods: {}", pods.join(", "));
    }
    if ship.tiles.span.is_some() {
        let _ = writeln!(
            out,
            "room tiles: {} \"1\", {} \"2\"",
            ship.tiles.one.len(),
            ship.tiles.two.len()
        );
    }
    out.push_str(
        "\n(~network: its technical corridors; [door]: a Door token stands in the corridor)\n",
    );
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::SourceFile;
    use deckplan_schema::nemesis::resolve::parse_ship;

    fn kestrel() -> Ship {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/kestrel-relay/ship.toml");
        let text = std::fs::read_to_string(&path).unwrap();
        parse_ship(&SourceFile::new("ship.toml", text)).unwrap()
    }

    fn ship(text: &str) -> Ship {
        let head = "format = 1\nruleset = \"nemesis\"\nname = \"T\"\n";
        parse_ship(&SourceFile::new("ship.toml", format!("{head}{text}"))).unwrap()
    }

    /// The boxes a route crosses other than its own ends'.
    fn boxes_crossed(layout: &ShipLayout, route: &Route, ends: &[Id]) -> Vec<Id> {
        layout
            .rooms
            .iter()
            .filter(|(id, _)| !ends.contains(id))
            .filter(|(_, rect)| segments(&route.points).any(|w| crosses(w.0, w.1, *rect)))
            .map(|(id, _)| *id)
            .collect()
    }

    #[test]
    fn a_corridor_that_would_cross_a_room_goes_around_it() {
        let ship = ship(
            "[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[rooms]]\nid = \"b\"\nkind = \"1\"\nat = [2, 0]\n\n\
             [[rooms]]\nid = \"c\"\nkind = \"1\"\nat = [4, 0]\n\n\
             [[corridors]]\nbetween = [\"a\", \"c\"]\nnumbers = [1]\n",
        );
        let layout = layout(&ship);
        let route = &layout.corridors[0];
        assert!(route.points.len() > 2, "{:?}", route.points);
        let a = Id::new("a").unwrap();
        let c = Id::new("c").unwrap();
        assert_eq!(boxes_crossed(&layout, route, &[a, c]), Vec::<Id>::new());
    }

    #[test]
    fn no_kestrel_corridor_crosses_a_room_or_runs_on_another() {
        let ship = kestrel();
        let layout = layout(&ship);
        for (corridor, route) in ship.corridors.iter().zip(&layout.corridors) {
            assert_eq!(
                boxes_crossed(&layout, route, &corridor.rooms),
                Vec::<Id>::new(),
                "{:?}",
                corridor.rooms
            );
        }
        // Technical corridors never run on top of ordinary ones.
        let mut ordinary = Drawn::default();
        for route in &layout.corridors {
            ordinary.add(&route.points);
        }
        let boxes: Vec<Rect> = layout.rooms.iter().map(|(_, r)| *r).collect();
        for (entrance, route) in ship.entrances.iter().zip(&layout.entrances) {
            assert_eq!(
                ordinary.overlapping(&route.points, &boxes),
                0,
                "technical corridor of {}",
                entrance.room
            );
        }
    }

    #[test]
    fn badges_cover_no_label_no_box_and_no_other_badge_and_read_1_4() {
        let ship = kestrel();
        let layout = layout(&ship);
        let badges: Vec<&Badge> = layout
            .corridors
            .iter()
            .chain(&layout.entrances)
            .flat_map(|r| &r.badges)
            .collect();
        for (i, badge) in badges.iter().enumerate() {
            for label in &layout.labels {
                assert!(
                    !overlaps(badge.rect(), label.rect),
                    "{} covers {}",
                    badge.text,
                    label.text
                );
            }
            for (id, rect) in &layout.rooms {
                assert!(
                    !overlaps(badge.rect(), *rect),
                    "{} at {} covers room {id}",
                    badge.text,
                    badge.room
                );
            }
            for other in badges.iter().skip(i + 1) {
                assert!(
                    !overlaps(badge.rect(), other.rect()),
                    "{} and {}",
                    badge.text,
                    other.text
                );
            }
        }
        let texts: Vec<&str> = badges.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts.iter().filter(|t| **t == "1·4").count(), 2);
        assert!(!texts.contains(&"14"));
    }

    #[test]
    fn a_door_never_sits_on_a_crossing() {
        // a–d runs across b–c; the door of a–d stays clear of the crossing.
        let ship = ship(
            "[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 2]\n\n\
             [[rooms]]\nid = \"b\"\nkind = \"1\"\nat = [3, 0]\n\n\
             [[rooms]]\nid = \"c\"\nkind = \"1\"\nat = [3, 4]\n\n\
             [[rooms]]\nid = \"d\"\nkind = \"1\"\nat = [6, 2]\n\n\
             [[corridors]]\nbetween = [\"b\", \"c\"]\nnumbers = [1]\n\n\
             [[corridors]]\nbetween = [\"a\", \"d\"]\nnumbers = [2]\ndoor = true\n",
        );
        let layout = layout(&ship);
        let (door, _) = layout.corridors[1].door.unwrap();
        let crossing = Point::new(6.0, -4.0);
        assert!(distance(door, crossing) > 0.7, "{door:?}");
    }

    #[test]
    fn a_technical_entrance_without_network_is_drawn_as_a_stub() {
        let ship = ship(
            "[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[technical_entrances]]\nroom = \"a\"\nnumbers = [2, 3]\n",
        );
        let layout = layout(&ship);
        let route = &layout.entrances[0];
        assert!(route.stub);
        assert_eq!(route.points.len(), 2);
        assert_eq!(route.badges[0].text, "2·3");
        assert!(!ship_scene(&ship, true, true).is_empty());
    }
}
