//! The symbols printed on spaces and intersections, drawn around a centre.
//!
//! Each symbol is designed for one space (1 × 1 board unit) and takes a
//! `scale`, so the same code draws it on the map, smaller when several share a
//! space, and in the legend. The shapes follow the printed Location maps of the
//! rulebook: white Location arrows with the target page written inside, orange
//! forced-direction chevrons, dashed circles for caches and engrams, red spawn
//! points in a dashed red ring, the dashed octagon of an Extraction Point.

use deckplan_schema::enormity::{Direction, Discovery, DiscoveryColour, PageId};

use crate::draw::font;
use crate::draw::scene::{Anchor, Cap, Colour, Layer, Point, Scene, Stroke};

/// The colours of the printed map, in one place so every picture agrees.
pub mod palette {
    use super::Colour;

    /// Out-of-bounds ground.
    pub const GROUND: Colour = Colour::rgb(17, 19, 22);
    /// The faint dashed grid on the ground.
    pub const GROUND_GRID: Colour = Colour::rgb(58, 63, 69);
    /// Intersection dots on the ground.
    pub const GROUND_DOT: Colour = Colour::rgb(84, 90, 97);
    /// Board floor.
    pub const FLOOR: Colour = Colour::rgb(158, 166, 173);
    /// Grid lines on the floor.
    pub const FLOOR_GRID: Colour = Colour::rgb(118, 126, 133);
    /// Intersection crosses on the floor.
    pub const FLOOR_CROSS: Colour = Colour::rgb(236, 239, 241);
    /// Obstacle spaces.
    pub const OBSTACLE: Colour = Colour::rgb(92, 76, 60);
    /// Hatching on obstacles.
    pub const OBSTACLE_HATCH: Colour = Colour::rgb(60, 49, 38);
    /// Walls.
    pub const WALL: Colour = Colour::rgb(0, 0, 0);
    /// Red lines, spawn points and spawn links.
    pub const RED: Colour = Colour::rgb(200, 30, 34);
    /// Doors.
    pub const DOOR: Colour = Colour::rgb(206, 211, 216);
    /// Dark ink for labels on light symbols.
    pub const INK: Colour = Colour::rgb(20, 22, 25);
    /// Forced-direction arrows.
    pub const ORANGE: Colour = Colour::rgb(240, 130, 30);
    /// Consoles.
    pub const CONSOLE: Colour = Colour::rgb(160, 200, 245);
    /// Keycards.
    pub const KEYCARD: Colour = Colour::rgb(242, 206, 70);
    /// Objectives.
    pub const GOLD: Colour = Colour::rgb(245, 190, 30);
    /// Hazard yellow.
    pub const HAZARD: Colour = Colour::rgb(255, 204, 0);
    /// Spacer starts.
    pub const SPACER: Colour = Colour::rgb(30, 150, 90);
    /// Blips.
    pub const BLIP: Colour = Colour::rgb(90, 220, 110);
    /// Text in the white margins.
    pub const MARGIN_INK: Colour = Colour::rgb(60, 64, 70);
    /// Cover terrain.
    pub const COVER: Colour = Colour::rgb(230, 160, 40);
    /// Obscuring terrain.
    pub const OBSCURING: Colour = Colour::rgb(200, 210, 230);
    /// Obstacle terrain.
    pub const TERRAIN_OBSTACLE: Colour = Colour::rgb(120, 80, 50);

    /// A discovery deck's colour.
    pub const fn discovery(colour: super::DiscoveryColour) -> Colour {
        match colour {
            super::DiscoveryColour::Blue => Colour::rgb(50, 110, 220),
            super::DiscoveryColour::Yellow => Colour::rgb(240, 200, 40),
            super::DiscoveryColour::Red => Colour::rgb(210, 45, 45),
        }
    }
}

/// A symbol drawn on a space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpaceIcon {
    /// A gear cache.
    GearCache,
    /// An engram.
    Engram,
    /// An objective.
    Objective,
    /// A dangerous space.
    Dangerous,
    /// An Intruder start.
    IntruderStart,
    /// A Spacer start.
    SpacerStart,
    /// An Extraction Point.
    ExtractionPoint,
    /// A console and its number.
    Console(u16),
    /// A keycard.
    Keycard,
    /// A discovery.
    Discovery(Discovery),
}

/// Maps local coordinates around `centre` — `along` a direction and `across`
/// it (to its left) — to board units.
fn frame(centre: Point, direction: Direction, scale: f64) -> impl Fn(f64, f64) -> Point {
    let (dx, dy) = unit(direction);
    move |along: f64, across: f64| {
        Point::new(
            centre.x + (along * dx - across * dy) * scale,
            centre.y + (along * dy + across * dx) * scale,
        )
    }
}

/// The unit vector of a direction (y up).
pub const fn unit(direction: Direction) -> (f64, f64) {
    match direction {
        Direction::North => (0.0, 1.0),
        Direction::East => (1.0, 0.0),
        Direction::South => (0.0, -1.0),
        Direction::West => (-1.0, 0.0),
    }
}

/// The label of a Location arrow, as printed: `L2 p.2`.
pub fn page_label(page: PageId) -> String {
    format!("L{} p.{}", page.book, page.page)
}

/// A Location arrow: a white triangle pointing off the page with the target
/// page inside, and a second outlined triangle ahead of it.
pub fn location_arrow(
    scene: &mut Scene,
    centre: Point,
    direction: Direction,
    target: PageId,
    scale: f64,
) {
    let at = frame(centre, direction, scale);
    let outline = Stroke::solid(0.035 * scale, Colour::WHITE);
    let ink = Stroke::solid(0.025 * scale, palette::INK);
    // The echo triangle behind, as on the printed maps.
    scene.polygon(
        Layer::Markers,
        vec![at(-0.2, 0.4), at(0.46, 0.0), at(-0.2, -0.4)],
        None,
        Some(Stroke::solid(0.075 * scale, palette::INK)),
    );
    scene.polygon(
        Layer::Markers,
        vec![at(-0.2, 0.4), at(0.46, 0.0), at(-0.2, -0.4)],
        None,
        Some(outline),
    );
    scene.polygon(
        Layer::Markers,
        vec![at(-0.38, 0.4), at(0.3, 0.0), at(-0.38, -0.4)],
        Some(Colour::WHITE),
        Some(ink),
    );
    let label = page_label(target);
    // Across an east or west arrow the label sits in the wide part; along a
    // north or south one it must sit near the base, where the triangle is wide.
    let (size, along) = match direction {
        Direction::East | Direction::West => (0.15, -0.1),
        Direction::North | Direction::South => (0.14, -0.28),
    };
    let size = fit(&label, size, 0.5) * scale;
    scene.text(
        Layer::Markers,
        at(along, 0.0),
        label,
        size,
        palette::INK,
        Anchor::Centre,
    );
}

/// A forced direction arrow: two orange chevrons.
pub fn forced_arrow(scene: &mut Scene, centre: Point, direction: Direction, scale: f64) {
    let at = frame(centre, direction, scale);
    let halo = Stroke::solid(0.15 * scale, palette::INK).cap(Cap::Round);
    let chevron = Stroke::solid(0.09 * scale, palette::ORANGE).cap(Cap::Round);
    for stroke in [halo, chevron] {
        for shift in [-0.14, 0.14] {
            scene.polyline(
                Layer::Markers,
                vec![
                    at(shift - 0.1, 0.22),
                    at(shift + 0.1, 0.0),
                    at(shift - 0.1, -0.22),
                ],
                stroke,
            );
        }
    }
}

/// The largest size not above `size` at which `text` fits in `width`.
pub fn fit(text: &str, size: f64, width: f64) -> f64 {
    let wide = font::measure(text, size);
    if wide > width && wide > 0.0 {
        size * width / wide
    } else {
        size
    }
}

/// Splits a text into lines no wider than `width` at `size`, breaking between
/// words; a single word wider than that stays on its own line.
pub fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if font::measure(&format!("{line} {word}"), size) <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A person: head and shoulders, for Spacer starts and Extraction Points.
fn person(scene: &mut Scene, at: &impl Fn(f64, f64) -> Point, colour: Colour) {
    let head = at(0.0, 0.1);
    let edge = at(0.0, 0.16);
    let radius = ((edge.x - head.x).powi(2) + (edge.y - head.y).powi(2)).sqrt();
    scene.circle(Layer::Markers, head, radius, Some(colour), None);
    scene.polygon(
        Layer::Markers,
        vec![
            at(-0.15, -0.17),
            at(-0.13, -0.03),
            at(-0.07, 0.01),
            at(0.07, 0.01),
            at(0.13, -0.03),
            at(0.15, -0.17),
        ],
        Some(colour),
        None,
    );
}

/// Draws a space symbol centred on `centre`, at `scale` (1 fills one space).
pub fn space_icon(scene: &mut Scene, icon: &SpaceIcon, centre: Point, scale: f64) {
    // Local coordinates: x right, y up, one space wide, scaled.
    let at = |x: f64, y: f64| Point::new(centre.x + x * scale, centre.y + y * scale);
    let s = scale;
    let layer = Layer::Markers;
    match icon {
        SpaceIcon::GearCache => {
            scene.circle(
                layer,
                centre,
                0.32 * s,
                Some(Colour::WHITE.with_alpha(40)),
                Some(Stroke::solid(0.035 * s, Colour::WHITE).dashed(0.07 * s, 0.05 * s)),
            );
            scene.circle(
                layer,
                centre,
                0.16 * s,
                Some(palette::INK.with_alpha(150)),
                Some(Stroke::solid(0.025 * s, Colour::WHITE)),
            );
            scene.text(layer, centre, "?", 0.24 * s, Colour::WHITE, Anchor::Centre);
        }
        SpaceIcon::Engram => {
            scene.circle(
                layer,
                centre,
                0.34 * s,
                Some(palette::INK.with_alpha(90)),
                Some(Stroke::solid(0.035 * s, Colour::WHITE).dashed(0.07 * s, 0.05 * s)),
            );
            scene.text(
                layer,
                centre,
                "ENGRAM",
                0.14 * s,
                Colour::WHITE,
                Anchor::Centre,
            );
        }
        SpaceIcon::Objective => {
            let points = (0..10)
                .map(|i| {
                    let angle =
                        std::f64::consts::FRAC_PI_2 + f64::from(i) * std::f64::consts::PI / 5.0;
                    let r = if i % 2 == 0 { 0.34 } else { 0.14 };
                    at(r * angle.cos(), r * angle.sin() - 0.02)
                })
                .collect();
            scene.polygon(
                layer,
                points,
                Some(palette::GOLD),
                Some(Stroke::solid(0.03 * s, palette::INK)),
            );
        }
        SpaceIcon::Dangerous => {
            scene.polygon(
                layer,
                vec![at(0.0, 0.3), at(0.33, -0.26), at(-0.33, -0.26)],
                Some(palette::HAZARD),
                Some(Stroke::solid(0.035 * s, palette::INK)),
            );
            scene.text(
                layer,
                at(0.0, -0.06),
                "!",
                0.3 * s,
                palette::INK,
                Anchor::Centre,
            );
        }
        SpaceIcon::IntruderStart => {
            scene.polygon(
                layer,
                vec![at(0.0, 0.22), at(0.22, -0.16), at(-0.22, -0.16)],
                Some(palette::RED),
                Some(Stroke::solid(0.03 * s, Colour::WHITE)),
            );
        }
        SpaceIcon::SpacerStart => {
            scene.circle(
                layer,
                centre,
                0.27 * s,
                Some(palette::SPACER),
                Some(Stroke::solid(0.035 * s, Colour::WHITE)),
            );
            person(scene, &at, Colour::WHITE);
        }
        SpaceIcon::ExtractionPoint => {
            let octagon = (0..8)
                .map(|i| {
                    let angle =
                        std::f64::consts::PI / 8.0 + f64::from(i) * std::f64::consts::PI / 4.0;
                    at(0.42 * angle.cos(), 0.42 * angle.sin())
                })
                .collect();
            scene.polygon(
                layer,
                octagon,
                Some(Colour::WHITE.with_alpha(70)),
                Some(Stroke::solid(0.04 * s, Colour::WHITE).dashed(0.1 * s, 0.06 * s)),
            );
            let shifted = |x: f64, y: f64| at(x, y - 0.1);
            person(scene, &shifted, Colour::WHITE);
            let arrow = Stroke::solid(0.035 * s, Colour::WHITE);
            scene.line(layer, at(-0.08, 0.12), at(-0.08, 0.3), arrow);
            scene.polygon(
                layer,
                vec![at(-0.14, 0.26), at(-0.08, 0.34), at(-0.02, 0.26)],
                Some(Colour::WHITE),
                None,
            );
            scene.line(layer, at(0.08, 0.3), at(0.08, 0.12), arrow);
            scene.polygon(
                layer,
                vec![at(0.02, 0.16), at(0.08, 0.08), at(0.14, 0.16)],
                Some(Colour::WHITE),
                None,
            );
        }
        SpaceIcon::Console(number) => {
            // A monitor with its number on a tab, like the printed console labels.
            scene.polygon(
                layer,
                vec![
                    at(-0.32, 0.2),
                    at(0.24, 0.2),
                    at(0.32, 0.12),
                    at(0.32, -0.2),
                    at(-0.32, -0.2),
                ],
                Some(palette::CONSOLE),
                Some(Stroke::solid(0.03 * s, palette::INK)),
            );
            let label = format!("C{number}");
            let size = fit(&label, 0.24, 0.5) * s;
            scene.text(layer, centre, label, size, palette::INK, Anchor::Centre);
        }
        SpaceIcon::Keycard => {
            scene.polygon(
                layer,
                vec![
                    at(-0.28, 0.18),
                    at(0.28, 0.18),
                    at(0.28, -0.18),
                    at(-0.28, -0.18),
                ],
                Some(palette::KEYCARD),
                Some(Stroke::solid(0.03 * s, palette::INK)),
            );
            scene.fill_rect(
                layer,
                crate::draw::scene::Rect::new(
                    centre.x - 0.28 * s,
                    centre.y + 0.06 * s,
                    centre.x + 0.28 * s,
                    centre.y + 0.11 * s,
                ),
                palette::INK,
            );
            scene.text(
                layer,
                at(0.0, -0.06),
                "KEY",
                0.14 * s,
                palette::INK,
                Anchor::Centre,
            );
        }
        SpaceIcon::Discovery(discovery) => {
            let (fill, text, ink) = match discovery {
                Discovery::Numbered(n) => (Colour::WHITE, n.to_string(), palette::INK),
                Discovery::Coloured(colour) => (
                    palette::discovery(*colour),
                    "?".to_string(),
                    if *colour == DiscoveryColour::Yellow {
                        palette::INK
                    } else {
                        Colour::WHITE
                    },
                ),
            };
            scene.polygon(
                layer,
                vec![at(0.0, 0.32), at(0.32, 0.0), at(0.0, -0.32), at(-0.32, 0.0)],
                Some(fill),
                Some(Stroke::solid(0.03 * s, palette::INK)),
            );
            let size = fit(&text, 0.24, 0.32) * s;
            scene.text(layer, centre, text, size, ink, Anchor::Centre);
        }
    }
}

/// Radius of the orientation quadrant mark, in spaces.
pub const QUADRANT_RADIUS: f64 = 0.45;

/// The orientation quadrant printed in a page's bottom-left corner: a white
/// quarter disc with a small corner glyph. Players lay a revealed page with
/// its quadrant the same way round as the page it joins, so the mark shows
/// which corner is the page's origin on every picture and on the canvas.
pub fn orientation_quadrant(scene: &mut Scene, corner: Point) {
    let layer = Layer::Markers;
    let arc = (0..=12).map(|i| {
        let angle = f64::from(i) / 12.0 * std::f64::consts::FRAC_PI_2;
        corner.offset(QUADRANT_RADIUS * angle.cos(), QUADRANT_RADIUS * angle.sin())
    });
    let points: Vec<Point> = std::iter::once(corner).chain(arc).collect();
    scene.polygon(layer, points, Some(Colour::WHITE), None);
    let elbow = corner.offset(0.25, 0.2);
    let ink = Stroke::solid(0.03, palette::INK);
    scene.polyline(
        layer,
        vec![corner.offset(0.08, 0.2), elbow, corner.offset(0.25, 0.07)],
        ink,
    );
    scene.circle(layer, elbow, 0.03, Some(palette::INK), None);
}

/// A spawn point: a red disc with a white tentacle in a dashed red ring.
pub fn spawn_point(scene: &mut Scene, centre: Point, scale: f64) {
    let s = scale;
    let layer = Layer::Junctions;
    scene.circle(
        layer,
        centre,
        SPAWN_RING * s,
        Some(palette::GROUND.with_alpha(110)),
        Some(Stroke::solid(0.03 * s, palette::RED).dashed(0.06 * s, 0.04 * s)),
    );
    scene.circle(
        layer,
        centre,
        0.17 * s,
        Some(palette::RED),
        Some(Stroke::solid(0.015 * s, palette::INK)),
    );
    let tentacle: Vec<Point> = (0..=12)
        .map(|i| {
            let t = f64::from(i) / 12.0;
            let y = 0.11 - 0.22 * t;
            let x = 0.06 * (t * std::f64::consts::TAU * 1.1).sin() - 0.02 + 0.04 * t;
            Point::new(centre.x + x * s, centre.y + y * s)
        })
        .collect();
    scene.polyline(
        layer,
        tentacle,
        Stroke::solid(0.035 * s, Colour::WHITE).cap(Cap::Round),
    );
}

/// Radius of a spawn point's dashed ring, where cluster links start.
pub const SPAWN_RING: f64 = 0.25;

/// A spawn-cluster link: a dashed red line from ring to ring.
pub fn spawn_link(scene: &mut Scene, a: Point, b: Point, scale: f64) {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length = (dx * dx + dy * dy).sqrt();
    let gap = SPAWN_RING * scale;
    if length <= 2.0 * gap {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    scene.line(
        Layer::Junctions,
        a.offset(ux * gap, uy * gap),
        b.offset(-ux * gap, -uy * gap),
        Stroke::solid(0.035 * scale, palette::RED).dashed(0.1 * scale, 0.07 * scale),
    );
}

/// A starting Blip: a dark disc with a green ring and its patrol arrow.
pub fn blip(scene: &mut Scene, centre: Point, direction: Direction, scale: f64) {
    let at = frame(centre, direction, scale);
    let layer = Layer::Junctions;
    scene.polygon(
        layer,
        vec![at(0.33, 0.0), at(0.17, 0.1), at(0.17, -0.1)],
        Some(palette::BLIP),
        Some(Stroke::solid(0.02 * scale, palette::INK)),
    );
    scene.circle(
        layer,
        centre,
        0.17 * scale,
        Some(palette::INK),
        Some(Stroke::solid(0.035 * scale, palette::BLIP)),
    );
    scene.circle(layer, centre, 0.05 * scale, Some(palette::BLIP), None);
}

/// A closed door across an edge: a steel bar with its number on a disc.
/// `along` is the direction the edge runs.
pub fn door(scene: &mut Scene, centre: Point, along: Direction, number: u16, scale: f64) {
    let at = frame(centre, along, scale);
    scene.polygon(
        Layer::Doors,
        vec![
            at(-0.44, 0.06),
            at(-0.38, 0.11),
            at(-0.16, 0.11),
            at(-0.1, 0.17),
            at(0.1, 0.17),
            at(0.16, 0.11),
            at(0.38, 0.11),
            at(0.44, 0.06),
            at(0.44, -0.06),
            at(0.38, -0.11),
            at(0.16, -0.11),
            at(0.1, -0.17),
            at(-0.1, -0.17),
            at(-0.16, -0.11),
            at(-0.38, -0.11),
            at(-0.44, -0.06),
        ],
        Some(palette::DOOR),
        Some(Stroke::solid(0.03 * scale, palette::INK)),
    );
    let label = number.to_string();
    scene.circle(Layer::Doors, centre, 0.14 * scale, Some(palette::INK), None);
    let size = fit(&label, 0.2, 0.22) * scale;
    scene.text(
        Layer::Doors,
        centre,
        label,
        size,
        Colour::WHITE,
        Anchor::Centre,
    );
}
