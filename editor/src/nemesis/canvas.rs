//! The ship on the canvas: the very scene `deckplan render` draws (laid out
//! once per version of the ship), the drawing grid rooms snap to, and the
//! editor's marks over it — the selection, what the pointer is over, the
//! problems, and the play test's figures and answers.

use std::collections::HashMap;
use std::time::Instant;

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::{NemesisPlace, Ship};
use deckplan_validator::draw::{Point, Rect as BoardRect};
use deckplan_validator::nemesis::draw::{
    HALF_H, HALF_W, HUB_RADIUS, STEP, ShipLayout, centre, layout, scene_of,
};
use deckplan_validator::nemesis::rules::Way;
use eframe::egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};

use super::playtest::{Answer, PlayTest};
use super::problems;
use super::selection::Selection;
use crate::paint::{IndexedScene, ScreenMap};
use crate::problems::Report;
use crate::scene_view::SceneGeometry;

const SELECTED: Color32 = Color32::from_rgb(40, 150, 255);
const HOVER: Color32 = Color32::from_rgba_premultiplied(40, 150, 255, 90);
const ERROR: Color32 = Color32::from_rgb(230, 60, 50);
const WARNING: Color32 = Color32::from_rgb(240, 160, 30);
const GRID: Color32 = Color32::from_gray(190);
const REACHED: Color32 = Color32::from_rgb(40, 170, 90);
const CHARACTER: Color32 = Color32::from_rgb(40, 110, 220);
const INTRUDER: Color32 = Color32::from_rgb(200, 40, 40);
const NOISE: Color32 = Color32::from_rgb(250, 200, 40);

/// The scene of one version of the ship, with its layout and the indexes
/// the marks look things up in (a frame draws hundreds of marks on a large
/// ship, and each is found at once).
pub struct Drawn {
    /// The ship version drawn.
    pub generation: u64,
    /// Where everything is.
    pub layout: ShipLayout,
    /// The picture.
    pub scene: IndexedScene,
    /// What the canvas shows: the picture and room to grow.
    pub bounds: BoardRect,
    rooms: HashMap<Id, BoardRect>,
    hubs: HashMap<Id, Point>,
    /// The first corridor between two rooms, as a problem names it.
    corridors: HashMap<(Id, Id), usize>,
    /// Each room's technical entrance.
    entrances: HashMap<Id, usize>,
}

impl Drawn {
    /// Lays out and draws a ship.
    pub fn new(ship: &Ship, generation: u64) -> Self {
        let layout = layout(ship);
        let scene = scene_of(ship, &layout, false);
        let bounds = canvas_bounds(ship, scene.bounds);
        let mut corridors = HashMap::new();
        for (index, corridor) in ship.corridors.iter().enumerate() {
            let [a, b] = corridor.rooms;
            corridors.entry((a, b)).or_insert(index);
        }
        Self {
            generation,
            rooms: layout.rooms.iter().copied().collect(),
            hubs: layout.hubs.iter().copied().collect(),
            corridors,
            entrances: ship
                .entrances
                .iter()
                .enumerate()
                .map(|(i, e)| (e.room, i))
                .collect(),
            layout,
            scene: IndexedScene::new(scene),
            bounds,
        }
    }

    /// What a problem's place selects, as [`problems::selection`] finds it.
    fn selection(&self, ship: &Ship, place: NemesisPlace) -> Selection {
        match place {
            NemesisPlace::Corridor(a, b) => self
                .corridors
                .get(&(a, b))
                .map_or(Selection::None, |i| Selection::Corridor(*i)),
            other => problems::selection(ship, other),
        }
    }
}

/// The canvas's extent: the picture, the grid's top-left corner (so the
/// canvas never moves when the first row or column is emptied), and two
/// spare steps beyond the last room to place the next one in.
fn canvas_bounds(ship: &Ship, picture: BoardRect) -> BoardRect {
    let columns = ship
        .rooms
        .iter()
        .map(|r| r.at.0)
        .chain(ship.networks.iter().map(|n| n.at.0))
        .max()
        .unwrap_or(0)
        .max(6);
    let rows = ship
        .rooms
        .iter()
        .map(|r| r.at.1)
        .chain(ship.networks.iter().map(|n| n.at.1))
        .max()
        .unwrap_or(0)
        .max(5);
    let grid = BoardRect::new(
        -HALF_W - 1.0,
        -(f64::from(rows) + 2.0) * STEP,
        (f64::from(columns) + 2.0) * STEP,
        HALF_H + 1.0,
    );
    grid.union(picture)
}

fn screen(geo: &SceneGeometry, p: Point) -> Pos2 {
    geo.screen(p.x as f32, p.y as f32)
}

/// Faint dots where rooms and networks can stand, on the canvas's paper.
pub fn draw_grid(painter: &Painter, geo: &SceneGeometry, paper: BoardRect) {
    let spacing = STEP as f32 * geo.scale;
    if spacing < 10.0 {
        return;
    }
    let clip = painter.clip_rect();
    let (west, north) = geo.board(clip.left_top());
    let (east, south) = geo.board(clip.right_bottom());
    // Half a step in from the paper's edge, so no dot sits on it.
    let inset = STEP as f32 / 2.0;
    let (west, north) = (
        west.max(paper.min.x as f32 + inset),
        north.min(paper.max.y as f32 - inset),
    );
    let (east, south) = (
        east.min(paper.max.x as f32 - inset),
        south.max(paper.min.y as f32 + inset),
    );
    let step = STEP as f32;
    let columns = (west / step).ceil().max(0.0) as i32..=(east / step).floor().min(99.0) as i32;
    let rows = (-north / step).ceil().max(0.0) as i32..=(-south / step).floor().min(99.0) as i32;
    for column in columns {
        for row in rows.clone() {
            let at = geo.screen(column as f32 * step, -(row as f32) * step);
            painter.circle_filled(at, 1.5, GRID);
        }
    }
}

/// Outlines a room's box.
fn outline_room(painter: &Painter, geo: &SceneGeometry, drawn: &Drawn, id: Id, stroke: Stroke) {
    if let Some(rect) = drawn.rooms.get(&id) {
        painter.rect_stroke(
            geo.rect(*rect).expand(2.0),
            3.0,
            stroke,
            eframe::egui::StrokeKind::Outside,
        );
    }
}

/// Traces a route over the picture.
fn trace(painter: &Painter, geo: &SceneGeometry, points: &[Point], stroke: Stroke) {
    let points: Vec<Pos2> = points.iter().map(|p| screen(geo, *p)).collect();
    painter.add(eframe::egui::Shape::line(points, stroke));
}

/// Rings a network's hub.
fn ring_hub(painter: &Painter, geo: &SceneGeometry, drawn: &Drawn, id: Id, stroke: Stroke) {
    if let Some(hub) = drawn.hubs.get(&id) {
        painter.circle_stroke(
            screen(geo, *hub),
            (HUB_RADIUS as f32 + 0.2) * geo.scale,
            stroke,
        );
    }
}

/// Marks a selection (or what the pointer is over) on the picture.
pub fn mark(
    painter: &Painter,
    geo: &SceneGeometry,
    drawn: &Drawn,
    selection: Selection,
    stroke: Stroke,
) {
    match selection {
        Selection::None => {}
        Selection::Room(id) => outline_room(painter, geo, drawn, id, stroke),
        Selection::Corridor(index) => {
            if let Some(route) = drawn.layout.corridors.get(index) {
                trace(painter, geo, &route.points, stroke);
            }
        }
        Selection::Network(id) => ring_hub(painter, geo, drawn, id, stroke),
        Selection::Entrance(room) => {
            if let Some(index) = drawn.entrances.get(&room)
                && let Some(route) = drawn.layout.entrances.get(*index)
            {
                trace(painter, geo, &route.points, stroke);
            }
        }
    }
}

/// The selection, thick and blue.
pub fn draw_selection(painter: &Painter, geo: &SceneGeometry, drawn: &Drawn, selection: Selection) {
    let width = (0.12 * geo.scale).clamp(2.0, 6.0);
    mark(painter, geo, drawn, selection, Stroke::new(width, SELECTED));
}

/// What the pointer is over, faint.
pub fn draw_hover(painter: &Painter, geo: &SceneGeometry, drawn: &Drawn, hover: Selection) {
    let width = (0.3 * geo.scale).clamp(4.0, 14.0);
    mark(painter, geo, drawn, hover, Stroke::new(width, HOVER));
}

/// Every problem that points at a part of the ship, in its severity's
/// colour; the problem chosen in the panel thicker, flashing for a moment.
pub fn draw_problems(
    painter: &Painter,
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    report: &Report,
    focused: Option<(usize, Instant)>,
) {
    for (index, problem) in report.problems.iter().enumerate() {
        let Some(place) = problems::place(problem) else {
            continue;
        };
        let colour = match problem.severity {
            deckplan_validator::diagnostic::Severity::Error => ERROR,
            deckplan_validator::diagnostic::Severity::Warning => WARNING,
        };
        let chosen = focused.filter(|(i, _)| *i == index);
        let width = match chosen {
            Some((_, since)) if since.elapsed().as_millis() % 600 < 300 => 5.0,
            Some(_) => 4.0,
            None => 2.0,
        };
        let selection = drawn.selection(ship, place);
        mark(painter, geo, drawn, selection, Stroke::new(width, colour));
    }
}

/// The play test's figures, Noise and door states, and the answer's marks.
pub fn draw_play(
    painter: &Painter,
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    play: &PlayTest,
    answer: &Answer,
) {
    let layout = &drawn.layout;
    let font = FontId::proportional((0.32 * geo.scale).clamp(9.0, 20.0));
    let disc = (0.3 * geo.scale).clamp(6.0, 16.0);
    for room in &answer.rooms {
        outline_room(painter, geo, drawn, *room, Stroke::new(4.0, REACHED));
    }
    for (way, text) in &answer.ways {
        let points = match way {
            Way::Corridor(index) => layout.corridors.get(*index).map(|r| r.points.clone()),
            Way::Technical(network) => layout
                .hubs
                .iter()
                .find(|(n, _)| n == network)
                .map(|(_, hub)| vec![*hub]),
        };
        let Some(points) = points else {
            continue;
        };
        if points.len() > 1 {
            trace(painter, geo, &points, Stroke::new(3.0, REACHED));
        }
        if !text.is_empty() {
            let middle = points.get(points.len() / 2).copied().unwrap_or_default();
            painter.text(
                screen(geo, middle) + eframe::egui::vec2(0.0, -disc - 6.0),
                Align2::CENTER_BOTTOM,
                text,
                font.clone(),
                REACHED,
            );
        }
    }
    let figures = |counts: &std::collections::BTreeMap<Id, u32>, colour: Color32, dx: f64| {
        for (room, n) in counts {
            let Some(room) = ship.room(*room) else {
                continue;
            };
            let at = centre(room.at).offset(dx, 0.0);
            let at = screen(geo, at);
            painter.circle_filled(at, disc, colour);
            painter.text(
                at,
                Align2::CENTER_CENTER,
                n.to_string(),
                font.clone(),
                Color32::WHITE,
            );
        }
    };
    figures(&play.state.characters, CHARACTER, -HALF_W + 0.35);
    figures(&play.state.intruders, INTRUDER, HALF_W - 0.35);
    for way in &play.state.noise {
        let at = match way {
            Way::Corridor(index) => layout
                .corridors
                .get(*index)
                .and_then(|r| r.points.get(r.points.len() / 2).copied()),
            Way::Technical(network) => layout
                .hubs
                .iter()
                .find(|(n, _)| n == network)
                .map(|(_, hub)| *hub),
        };
        if let Some(at) = at {
            let at = screen(geo, at);
            painter.circle_filled(at, disc * 0.8, NOISE);
            painter.text(at, Align2::CENTER_CENTER, "N", font.clone(), Color32::BLACK);
        }
    }
    for (index, state) in &play.state.doors {
        let Some((door, _)) = layout.corridors.get(*index).and_then(|r| r.door) else {
            continue;
        };
        let at = screen(geo, door) + eframe::egui::vec2(0.0, disc + 4.0);
        painter.text(at, Align2::CENTER_TOP, state.name(), font.clone(), REACHED);
    }
    for room in &play.state.explored {
        if let Some(room) = ship.room(*room) {
            let at = screen(geo, centre(room.at).offset(0.0, HALF_H - 0.2));
            painter.text(at, Align2::CENTER_CENTER, "explored", font.clone(), REACHED);
        }
    }
}
