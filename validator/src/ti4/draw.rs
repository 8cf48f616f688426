//! A TI4 galaxy as a picture: flat-topped hexes at their spiral positions,
//! coloured by the tile's back, with the tile number, planets and their
//! resources/influence, wormholes, anomalies, hyperlane lanes and
//! home seats. The scene goes to PNG and SVG like every other board.
//!
//! Units are hex radii (centre to corner); y grows to the north, as in every
//! deckplan scene.

use deckplan_schema::ti4::catalogue::{Anomaly, Back, System, Wormhole};
use deckplan_schema::ti4::hex::{Direction, Hex};
use deckplan_schema::ti4::map_string::Slot;
use deckplan_schema::ti4::place::Ti4Place;

use super::adjacency::Node;
use super::checks::Galaxy;
use crate::draw::marks::Spot;
use crate::draw::scene::{Anchor, Colour, Layer, Point, Rect, Scene, Stroke};

/// `√3`, the height of a flat-topped hex of radius 1.
const SQRT3: f64 = 1.732_050_807_568_877_2;

/// Hexes are drawn a little smaller than their cell, so neighbours show a gap.
const INSET: f64 = 0.96;

const INK: Colour = Colour::rgb(20, 22, 25);
const SPACE: Colour = Colour::rgb(12, 16, 32);
const BLUE: Colour = Colour::rgb(38, 72, 128);
const RED: Colour = Colour::rgb(128, 40, 40);
const GREEN: Colour = Colour::rgb(40, 104, 64);
const LANE: Colour = Colour::rgb(235, 200, 90);
const SEAT: Colour = Colour::rgb(245, 190, 30);
const LABEL: Colour = Colour::rgb(240, 242, 245);

/// Where a hex's centre lies.
pub fn centre(hex: Hex) -> Point {
    let (q, r) = (f64::from(hex.q()), f64::from(hex.r()));
    Point::new(1.5 * q, -SQRT3 * (r + q / 2.0))
}

/// The hex whose cell holds `point` (the inverse of [`centre`]), for an
/// editor that turns a pointer into a position.
pub fn hex_at(point: Point) -> Hex {
    let q = point.x / 1.5;
    let r = -point.y / SQRT3 - q / 2.0;
    let s = -q - r;
    // Cube rounding: round all three, then fix the one that moved most.
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    // Board points are a few hundred units at most; out-of-range ones clamp.
    let clamp = |v: f64| v.clamp(-1.0e6, 1.0e6) as i32;
    Hex::new(clamp(rq), clamp(rr))
}

/// The six corners of a hex of `radius` around `at`, counter-clockwise from east.
fn corners(at: Point, radius: f64) -> Vec<Point> {
    (0..6)
        .map(|i| {
            let angle = std::f64::consts::FRAC_PI_3 * f64::from(i);
            at.offset(radius * angle.cos(), radius * angle.sin())
        })
        .collect()
}

/// The outline of the tile drawn on `hex`, as the scene draws it (the
/// editor draws empty positions and its marks with it).
pub fn outline(hex: Hex) -> Vec<Point> {
    corners(centre(hex), INSET)
}

/// The middle of one side of the hex around `at`.
fn side_middle(at: Point, side: Direction) -> Point {
    let (dx, dy) = match side {
        Direction::N => (0.0, SQRT3 / 2.0),
        Direction::Ne => (0.75, SQRT3 / 4.0),
        Direction::Se => (0.75, -SQRT3 / 4.0),
        Direction::S => (0.0, -SQRT3 / 2.0),
        Direction::Sw => (-0.75, -SQRT3 / 4.0),
        Direction::Nw => (-0.75, SQRT3 / 4.0),
    };
    at.offset(dx * INSET, dy * INSET)
}

/// The fill of a system tile: its back, darkened for an anomaly.
fn fill(system: &System) -> Colour {
    match (system.anomalies.first(), system.back) {
        (Some(Anomaly::Supernova), _) => Colour::rgb(150, 60, 20),
        (Some(Anomaly::Nebula), _) => Colour::rgb(90, 50, 120),
        (Some(Anomaly::AsteroidField), _) => Colour::rgb(100, 84, 60),
        (Some(Anomaly::GravityRift), _) => Colour::rgb(40, 30, 60),
        (None, Back::Blue) => BLUE,
        (None, Back::Red) => RED,
        (None, Back::Green) => GREEN,
    }
}

fn anomaly_name(anomaly: Anomaly) -> &'static str {
    match anomaly {
        Anomaly::AsteroidField => "asteroid field",
        Anomaly::Nebula => "nebula",
        Anomaly::Supernova => "supernova",
        Anomaly::GravityRift => "gravity rift",
    }
}

/// A wormhole's name; spelt out, since the print font has Latin letters only.
fn wormhole_name(wormhole: Wormhole) -> &'static str {
    match wormhole {
        Wormhole::Alpha => "alpha",
        Wormhole::Beta => "beta",
        Wormhole::Gamma => "gamma",
        _ => "delta",
    }
}

/// Where a place of the galaxy is drawn, for `lint --annotate`: a system or
/// seat ringed inside its hex, a side at its middle; `None` for the galaxy.
pub fn spot(place: &Ti4Place) -> Option<Spot> {
    match *place {
        Ti4Place::System { position } | Ti4Place::Seat { position, .. } => Some(Spot {
            at: centre(Hex::from_index(position)),
            radius: INSET * 0.9,
        }),
        Ti4Place::Side { position, side } => Some(Spot {
            at: side_middle(centre(Hex::from_index(position)), side),
            radius: 0.25,
        }),
        Ti4Place::Galaxy => None,
    }
}

/// The galaxy's scene, with its name above it when `title` is set and each
/// position's spiral index (`#19`, as every command names it) when
/// `positions` is.
pub fn galaxy_scene(galaxy: &Galaxy<'_>, title: bool, positions: bool) -> Scene {
    let placed: Vec<(u32, Hex, Slot)> = galaxy
        .file
        .tiles
        .iter()
        .filter(|(_, p)| p.slot != Slot::Off)
        .map(|(&index, p)| (index, Hex::from_index(index), p.slot))
        .collect();
    let mut bounds = Rect::new(-1.0, -1.0, 1.0, 1.0);
    for (_, hex, _) in &placed {
        let at = centre(*hex);
        bounds = bounds.union(Rect::new(at.x - 1.0, at.y - 1.0, at.x + 1.0, at.y + 1.0));
    }
    let bounds = bounds.grow(0.3, 0.3, 0.3, if title { 0.9 } else { 0.3 });
    let mut scene = Scene::new(bounds);
    // Space goes first in the bottom layer, under the title.
    scene.fill_rect(Layer::Margin, bounds, SPACE);
    for (index, hex, slot) in placed {
        let at = centre(hex);
        draw_position(&mut scene, galaxy, index, at, slot);
        if positions {
            // Top left, clear of the tile number at the top centre.
            scene.text(
                Layer::Markers,
                at.offset(-0.42, 0.54),
                format!("#{index}"),
                0.14,
                LABEL.with_alpha(200),
                Anchor::Centre,
            );
        }
    }
    for home in &galaxy.file.homes {
        let at = centre(Hex::from_index(home.position));
        let ring = Stroke::solid(0.08, SEAT);
        scene.polygon(Layer::Outlines, corners(at, INSET), None, Some(ring));
        scene.text(
            Layer::Outlines,
            at.offset(0.0, -0.62),
            format!("seat {}", home.seat),
            0.16,
            SEAT,
            Anchor::Centre,
        );
    }
    if title {
        scene.text(
            Layer::Margin,
            Point::new((bounds.min.x + bounds.max.x) / 2.0, bounds.max.y - 0.45),
            galaxy.file.name.clone(),
            0.4,
            LABEL,
            Anchor::Centre,
        );
    }
    scene
}

/// One position: an open slot, a system tile or a hyperlane tile.
fn draw_position(scene: &mut Scene, galaxy: &Galaxy<'_>, index: u32, at: Point, slot: Slot) {
    let outline = Stroke::solid(0.03, INK);
    match slot {
        Slot::Off => {}
        Slot::Open => {
            let dashed = Stroke::solid(0.03, LABEL.with_alpha(140)).dashed(0.12, 0.08);
            scene.polygon(Layer::Grid, corners(at, INSET), None, Some(dashed));
            scene.text(Layer::Markers, at, "open", 0.18, LABEL, Anchor::Centre);
        }
        Slot::System(number) => {
            let Some(system) = galaxy.system(Node::Board(index)) else {
                return;
            };
            scene.polygon(
                Layer::Floor,
                corners(at, INSET),
                Some(fill(system)),
                Some(outline),
            );
            scene.text(
                Layer::Markers,
                at.offset(0.0, 0.58),
                number.to_string(),
                0.2,
                LABEL,
                Anchor::Centre,
            );
            let mut line = 0.22;
            for planet in &system.planets {
                scene.text(
                    Layer::Markers,
                    at.offset(0.0, line),
                    format!("{} {}/{}", planet.name, planet.resources, planet.influence),
                    0.14,
                    LABEL,
                    Anchor::Centre,
                );
                line -= 0.2;
            }
            for wormhole in &system.wormholes {
                scene.text(
                    Layer::Markers,
                    at.offset(0.0, line),
                    format!("{} wormhole", wormhole_name(*wormhole)),
                    0.15,
                    SEAT,
                    Anchor::Centre,
                );
                line -= 0.2;
            }
            for anomaly in &system.anomalies {
                scene.text(
                    Layer::Markers,
                    at.offset(0.0, line),
                    anomaly_name(*anomaly),
                    0.14,
                    LABEL,
                    Anchor::Centre,
                );
                line -= 0.18;
            }
        }
        Slot::Hyperlane {
            number,
            face,
            rotation,
        } => {
            scene.polygon(
                Layer::Floor,
                corners(at, INSET),
                Some(SPACE.with_alpha(255)),
                Some(Stroke::solid(0.03, LANE.with_alpha(120))),
            );
            let lane = Stroke::solid(0.1, LANE);
            if let Some(tile) = galaxy.catalogue.hyperlane(number) {
                for [a, b] in tile.rotated_lanes(face, rotation) {
                    let points = vec![side_middle(at, a), at, side_middle(at, b)];
                    scene.polyline(Layer::Markers, points, lane);
                }
            }
            scene.text(
                Layer::Markers,
                at.offset(0.0, -0.7),
                format!("{number}{}{rotation}", face.letter()),
                0.13,
                LANE,
                Anchor::Centre,
            );
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn close(a: Point, b: Point) -> bool {
        (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
    }

    #[test]
    fn neighbours_lie_one_hex_height_apart_and_north_is_up() {
        let origin = centre(Hex::CENTRE);
        let north = centre(Hex::CENTRE.neighbour(Direction::N));
        assert!(close(north, Point::new(0.0, SQRT3)), "{north:?}");
        for neighbour in Hex::CENTRE.neighbours() {
            let at = centre(neighbour);
            let distance = ((at.x - origin.x).powi(2) + (at.y - origin.y).powi(2)).sqrt();
            assert!(
                (distance - SQRT3).abs() < 1e-9,
                "{neighbour:?} at {distance}"
            );
        }
    }

    #[test]
    fn a_side_middle_faces_the_neighbour_across_it() {
        for side in Direction::ALL {
            let middle = side_middle(Point::new(0.0, 0.0), side);
            let across = centre(Hex::CENTRE.neighbour(side));
            // The middle of a side is halfway to the neighbour's centre (before the inset).
            let expected = Point::new(across.x / 2.0 * INSET, across.y / 2.0 * INSET);
            assert!(
                close(middle, expected),
                "{side:?}: {middle:?} vs {expected:?}"
            );
        }
    }

    #[test]
    fn every_point_of_a_cell_maps_back_to_its_hex() {
        for hex in Hex::spiral(4) {
            let at = centre(hex);
            for (dx, dy) in [
                (0.0, 0.0),
                (0.8, 0.0),
                (-0.8, 0.0),
                (0.4, 0.8),
                (-0.4, -0.8),
            ] {
                assert_eq!(hex_at(at.offset(dx, dy)), hex, "{hex:?} + ({dx}, {dy})");
            }
        }
    }
}
