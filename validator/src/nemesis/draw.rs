//! Nemesis ships drawn: a [`Scene`] for `render` (rooms as boxes, corridors
//! with the numbers at each end, doors, technical networks, escape pods), and
//! a table for `show` that lists, room by room, where each corridor number leads.

use std::fmt::Write as _;

use deckplan_schema::nemesis::{Id, RoomKind, Ship};

use super::graph::ShipGraph;
use super::rules::Way;
use super::rules::movement::ways;
use crate::draw::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke};
use crate::render::printable;

/// Board units between two steps of a room's `at`.
const STEP: f64 = 2.0;
/// Half the width and height of a room box.
const HALF_W: f64 = 1.3;
const HALF_H: f64 = 0.7;

const INK: Colour = Colour::rgb(30, 30, 30);
const ROOM_FILL: Colour = Colour::rgb(236, 240, 244);
const SPECIAL_FILL: Colour = Colour::rgb(255, 236, 200);
const CORRIDOR: Colour = Colour::rgb(90, 90, 90);
const DOOR: Colour = Colour::rgb(150, 75, 20);
const TECHNICAL: Colour = Colour::rgb(40, 110, 200);

/// Scene coordinates of a drawing position (`at` counts rows down; scenes count y up).
fn point(at: (u16, u16), rows: u16) -> Point {
    Point::new(
        f64::from(at.0) * STEP,
        f64::from(rows.saturating_sub(at.1)) * STEP,
    )
}

/// Where the line from a room's centre toward `toward` leaves its box, plus `beyond`.
fn exit_point(centre: Point, toward: Point, beyond: f64) -> Point {
    let (dx, dy) = (toward.x - centre.x, toward.y - centre.y);
    let length = dx.hypot(dy);
    if length < f64::EPSILON {
        return centre;
    }
    let (ux, uy) = (dx / length, dy / length);
    let to_edge = (HALF_W / ux.abs().max(1e-9)).min(HALF_H / uy.abs().max(1e-9));
    centre.offset(ux * (to_edge + beyond), uy * (to_edge + beyond))
}

fn number_label(scene: &mut Scene, at: Point, text: &str, colour: Colour) {
    scene.circle(
        Layer::Markers,
        at,
        0.28,
        Some(Colour::WHITE),
        Some(Stroke::solid(0.04, colour)),
    );
    scene.text(Layer::Markers, at, text, 0.32, colour, Anchor::Centre);
}

fn digits(numbers: deckplan_schema::nemesis::Numbers) -> String {
    numbers.iter().map(|n| n.to_string()).collect()
}

/// The ship as a scene; `title` adds its name and board above it.
pub fn ship_scene(ship: &Ship, title: bool) -> Scene {
    let rows = ship
        .rooms
        .iter()
        .map(|r| r.at.1)
        .chain(ship.networks.iter().map(|n| n.at.1))
        .max()
        .unwrap_or(0);
    let columns = ship
        .rooms
        .iter()
        .map(|r| r.at.0)
        .chain(ship.networks.iter().map(|n| n.at.0))
        .max()
        .unwrap_or(0);
    let top = f64::from(rows) * STEP + HALF_H + if title { 2.2 } else { 1.0 };
    let bounds = Rect::new(
        -HALF_W - 1.0,
        -HALF_H - 1.6,
        f64::from(columns) * STEP + HALF_W + 1.0,
        top,
    );
    let mut scene = Scene::new(bounds);
    scene.fill_rect(Layer::Ground, bounds, Colour::WHITE);
    let centre = |id: Id| ship.room(id).map(|r| point(r.at, rows));

    if title {
        let mut text = ship.name.clone();
        if let Some(board) = &ship.board {
            text.push_str(" · ");
            text.push_str(board);
        }
        scene.text(
            Layer::Margin,
            Point::new(bounds.min.x + 0.3, top - 0.4),
            text,
            0.6,
            INK,
            Anchor::TopLeft,
        );
    }

    for corridor in &ship.corridors {
        let [a, b] = corridor.rooms;
        let (Some(pa), Some(pb)) = (centre(a), centre(b)) else {
            continue;
        };
        scene.line(
            Layer::Floor,
            pa,
            pb,
            Stroke::solid(0.22, CORRIDOR).cap(Cap::Round),
        );
        if a != b {
            number_label(
                &mut scene,
                exit_point(pa, pb, 0.4),
                &digits(corridor.numbers),
                INK,
            );
            number_label(
                &mut scene,
                exit_point(pb, pa, 0.4),
                &digits(corridor.numbers_at(b)),
                INK,
            );
        }
        if corridor.door {
            let mid = Point::new((pa.x + pb.x) / 2.0, (pa.y + pb.y) / 2.0);
            let (dx, dy) = (pb.x - pa.x, pb.y - pa.y);
            let length = dx.hypot(dy).max(1e-9);
            let (nx, ny) = (-dy / length * 0.35, dx / length * 0.35);
            scene.line(
                Layer::Doors,
                mid.offset(-nx, -ny),
                mid.offset(nx, ny),
                Stroke::solid(0.2, DOOR),
            );
        }
    }

    for network in &ship.networks {
        let hub = point(network.at, rows);
        for entrance in ship
            .entrances
            .iter()
            .filter(|e| e.network == Some(network.id))
        {
            let Some(room) = centre(entrance.room) else {
                continue;
            };
            scene.line(
                Layer::Grid,
                room,
                hub,
                Stroke::solid(0.1, TECHNICAL).dashed(0.25, 0.15),
            );
            if entrance.numbers.is_some() {
                number_label(
                    &mut scene,
                    exit_point(room, hub, 0.4),
                    &digits(entrance.numbers()),
                    TECHNICAL,
                );
            }
        }
        scene.circle(Layer::Intersections, hub, 0.45, Some(TECHNICAL), None);
        scene.text(
            Layer::Intersections,
            hub.offset(0.0, -0.7),
            network.id.as_str(),
            0.35,
            TECHNICAL,
            Anchor::Top,
        );
    }

    for room in &ship.rooms {
        let c = point(room.at, rows);
        let fill = if room.kind.starts_explored() {
            SPECIAL_FILL
        } else {
            ROOM_FILL
        };
        let rect = Rect::new(c.x - HALF_W, c.y - HALF_H, c.x + HALF_W, c.y + HALF_H);
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
        let pods: Vec<String> = ship
            .escape_pods
            .iter()
            .filter(|p| p.room == room.id)
            .map(|p| format!("pod {}{}", p.section.name(), p.number))
            .collect();
        if !pods.is_empty() {
            scene.text(
                Layer::Markers,
                c.offset(0.0, -HALF_H - 0.15),
                pods.join(", "),
                0.26,
                DOOR,
                Anchor::Top,
            );
        }
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
