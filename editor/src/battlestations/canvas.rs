//! The ship canvas: the ship drawn by the validator on a sheet with room for
//! new cards (the very scene `deckplan render` draws, grown by spare module
//! slots), and the editor's marks over it — empty slots, the hull squares on
//! demand, problems, the selection and what the pointer is over.

use std::time::Instant;

use deckplan_schema::battlestations::{BattlestationsPlace, Ship, Side};
use deckplan_validator::battlestations::draw::{Sheet, sheet_scene, sheet_spot};
use deckplan_validator::battlestations::grid::{Cell, Region, ShipGrid};
use deckplan_validator::diagnostic::Severity;
use deckplan_validator::draw::marks::Spot;
use deckplan_validator::draw::{Point, Rect as BoardRect};
use deckplan_validator::ruleset::DrawRequest;
use eframe::egui::{Color32, Painter, Stroke, StrokeKind};

use super::problems;
use super::selection::{Hit, Selection};
use crate::paint::{IndexedScene, ScreenMap as _};
use crate::problems::Report;
use crate::scene_view::SceneGeometry;

const SLOT: Color32 = Color32::from_rgb(196, 202, 212);
const HULL: Color32 = Color32::from_rgba_premultiplied(40, 90, 170, 60);
const SELECTED: Color32 = Color32::from_rgb(255, 170, 0);
const HOVER: Color32 = Color32::from_rgb(80, 140, 255);
const LADDER_END: Color32 = Color32::from_rgb(150, 90, 30);
const ERROR: Color32 = Color32::from_rgb(220, 40, 40);
const WARNING: Color32 = Color32::from_rgb(230, 150, 20);

/// Empty module slots right of and below the ship, for new cards.
pub const SPARE_SLOTS: u16 = 1;

/// The ship drawn for one state of the document.
pub struct Drawn {
    /// The document generation it was drawn for.
    pub generation: u64,
    /// How the levels lie in the scene.
    pub sheet: Sheet,
    /// The scene, indexed for painting in part.
    pub scene: IndexedScene,
    /// The scene's extent.
    pub bounds: BoardRect,
    /// The squares outside the hull where characters walk, on every level
    /// (found when first shown).
    hull: Option<Vec<Cell>>,
    /// The problems' places, and where each is marked.
    marks: Option<MarkedPlaces>,
}

/// Problems' places and where each is marked on the sheet.
type MarkedPlaces = (Vec<Option<BattlestationsPlace>>, Vec<Option<Spot>>);

impl Drawn {
    /// Draws a ship.
    pub fn new(ship: &Ship, generation: u64) -> Self {
        let grid = ShipGrid::new(ship);
        let sheet = Sheet::new(&grid, SPARE_SLOTS);
        let request = DrawRequest {
            coordinates: true,
            ..DrawRequest::default()
        };
        let scene = sheet_scene(&grid, &request, &sheet);
        let bounds = scene.bounds;
        Self {
            generation,
            sheet,
            scene: IndexedScene::new(scene),
            bounds,
            hull: None,
            marks: None,
        }
    }

    /// The squares outside the hull, found the first time they are shown.
    pub fn hull(&mut self, ship: &Ship) -> &[Cell] {
        let sheet = self.sheet;
        self.hull.get_or_insert_with(|| {
            let grid = ShipGrid::new(ship);
            let (columns, rows) = sheet.squares();
            (0..ship.level_count())
                .flat_map(|level| {
                    (-1..=i32::from(rows)).flat_map(move |row| {
                        (-1..=i32::from(columns)).map(move |column| Cell { level, row, column })
                    })
                })
                .filter(|cell| grid.region(*cell) == Region::Hull)
                .collect()
        })
    }

    /// Where each problem of a report is marked, worked out once per report.
    pub fn marks(&mut self, ship: &Ship, report: &Report) -> &[Option<Spot>] {
        let places: Vec<Option<BattlestationsPlace>> =
            report.problems.iter().map(problems::place).collect();
        if self.marks.as_ref().is_none_or(|(p, _)| *p != places) {
            let grid = ShipGrid::new(ship);
            let spots = places
                .iter()
                .map(|place| {
                    place
                        .as_ref()
                        .and_then(|p| sheet_spot(&grid, &self.sheet, p))
                })
                .collect();
            self.marks = Some((places, spots));
        }
        self.marks
            .as_ref()
            .map_or(&[], |(_, spots)| spots.as_slice())
    }
}

/// The outlines of every module slot of every level, under the cards.
pub fn draw_slots(painter: &Painter, geo: &SceneGeometry, ship: &Ship, drawn: &Drawn) {
    let size = ship.module_size.max(1);
    let (columns, rows) = drawn.sheet.squares();
    let stroke = Stroke::new(1.0, SLOT);
    for level in 0..ship.level_count() {
        for slot_row in 0..rows / size {
            for slot_column in 0..columns / size {
                let first = Cell {
                    level,
                    row: i32::from(slot_row * size),
                    column: i32::from(slot_column * size),
                };
                let last = first.offset(i32::from(size) - 1, i32::from(size) - 1);
                let rect = geo
                    .rect(drawn.sheet.cell_rect(first))
                    .union(geo.rect(drawn.sheet.cell_rect(last)));
                painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
            }
        }
    }
}

/// The squares outside the hull, tinted.
pub fn draw_hull(painter: &Painter, geo: &SceneGeometry, sheet: &Sheet, hull: &[Cell]) {
    for cell in hull {
        painter.rect_filled(geo.rect(sheet.cell_rect(*cell)).shrink(1.0), 0.0, HULL);
    }
}

/// Rings at the places of the problems (`spots`, one per problem); the one
/// chosen in the panel flashes.
pub fn draw_problems(
    painter: &Painter,
    geo: &SceneGeometry,
    report: &Report,
    spots: &[Option<Spot>],
    focused: Option<(usize, Instant)>,
) {
    for (index, (problem, spot)) in report.problems.iter().zip(spots).enumerate() {
        let Some(spot) = spot else {
            continue;
        };
        let colour = match problem.severity {
            Severity::Error => ERROR,
            Severity::Warning => WARNING,
        };
        let width = match focused.filter(|(i, _)| *i == index) {
            Some((_, since)) if since.elapsed().as_millis() % 600 < 300 => 5.0,
            Some(_) => 4.0,
            None => 2.0,
        };
        let centre = geo.screen(spot.at.x as f32, spot.at.y as f32);
        painter.circle_stroke(
            centre,
            spot.radius as f32 * geo.scale,
            Stroke::new(width, colour),
        );
    }
}

/// The card a module covers, on the screen.
fn module_rect(
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    index: usize,
) -> Option<eframe::egui::Rect> {
    let module = ship.modules.get(index)?;
    let size = ship.module_size.max(1);
    let first = Cell::of(module.level, module.origin(size));
    let last = first.offset(i32::from(size) - 1, i32::from(size) - 1);
    Some(
        geo.rect(drawn.sheet.cell_rect(first))
            .union(geo.rect(drawn.sheet.cell_rect(last))),
    )
}

/// The selected module's outline.
pub fn draw_selection(
    painter: &Painter,
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    selection: Selection,
) {
    let Selection::Module(id) = selection else {
        return;
    };
    let Some(index) = ship.modules.iter().position(|m| m.id == id) else {
        return;
    };
    if let Some(rect) = module_rect(geo, ship, drawn, index) {
        painter.rect_stroke(rect, 2.0, Stroke::new(3.0, SELECTED), StrokeKind::Outside);
    }
}

/// What the pointer is over: the square (and the squares a ladder there
/// joins on the levels below and above), and with the Door tool the side.
pub fn draw_hover(
    painter: &Painter,
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    hit: Hit,
    side: bool,
) {
    let rect = geo.rect(drawn.sheet.cell_rect(hit.cell));
    if !side {
        painter.rect_stroke(rect, 0.0, Stroke::new(2.0, HOVER), StrokeKind::Inside);
        for end in super::selection::ladder_ends(ship, &hit) {
            let rect = geo.rect(drawn.sheet.cell_rect(end));
            painter.rect_stroke(rect, 0.0, Stroke::new(3.0, LADDER_END), StrokeKind::Inside);
        }
        return;
    }
    let (from, to) = match hit.side {
        Side::North => (rect.left_top(), rect.right_top()),
        Side::East => (rect.right_top(), rect.right_bottom()),
        Side::South => (rect.left_bottom(), rect.right_bottom()),
        Side::West => (rect.left_top(), rect.left_bottom()),
    };
    painter.line_segment([from, to], Stroke::new(5.0, HOVER));
}

/// The centre of a module's card in the scene, to bring it into view.
pub fn module_centre(ship: &Ship, drawn: &Drawn, index: usize) -> Option<Point> {
    let module = ship.modules.get(index)?;
    let size = ship.module_size.max(1);
    let first = drawn
        .sheet
        .cell_rect(Cell::of(module.level, module.origin(size)));
    let half = f64::from(size) / 2.0;
    Some(Point::new(first.min.x + half, first.max.y - half))
}

const REACHED: Color32 = Color32::from_rgba_premultiplied(40, 150, 70, 70);
const PATH: Color32 = Color32::from_rgb(30, 130, 60);
const MOVER: Color32 = Color32::from_rgb(20, 110, 50);
const FRIEND: Color32 = Color32::from_rgb(40, 100, 220);
const ENEMY: Color32 = Color32::from_rgb(210, 40, 40);
const PLACED_BARREL: Color32 = Color32::from_rgb(220, 130, 20);
const SLAGGED: Color32 = Color32::from_rgba_premultiplied(150, 40, 20, 70);

/// The play test: slagged modules, the squares reached with their points,
/// the pieces, and the way to the square under the pointer.
pub fn draw_play(
    painter: &Painter,
    geo: &SceneGeometry,
    ship: &Ship,
    drawn: &Drawn,
    play: &super::playtest::PlayTest,
    answer: &super::playtest::Answer,
    hover: Option<Hit>,
) {
    use eframe::egui::{Align2, FontId};
    let rect = |cell: Cell| geo.rect(drawn.sheet.cell_rect(cell));
    for &index in &play.state.slagged {
        if let Some(card) = module_rect(geo, ship, drawn, index) {
            painter.rect_filled(card, 0.0, SLAGGED);
        }
    }
    let font = FontId::proportional((0.38 * geo.scale).clamp(8.0, 18.0));
    if let Some(reach) = &answer.reach {
        for destination in &reach.destinations {
            let at = rect(destination.to);
            painter.rect_filled(at.shrink(1.0), 0.0, REACHED);
            painter.text(
                at.center(),
                Align2::CENTER_CENTER,
                destination.points.to_string(),
                font.clone(),
                PATH,
            );
        }
    }
    let disc = (0.32 * geo.scale).clamp(4.0, 16.0);
    for (cell, conscious) in &play.state.friends {
        draw_figure(painter, rect(*cell).center(), disc, FRIEND, *conscious);
    }
    for (cell, conscious) in &play.state.enemies {
        draw_figure(painter, rect(*cell).center(), disc, ENEMY, *conscious);
    }
    for cell in &play.state.barrels {
        painter.circle_stroke(
            rect(*cell).center(),
            disc * 0.9,
            Stroke::new(3.0, PLACED_BARREL),
        );
    }
    if let Some(from) = play.from {
        draw_figure(painter, rect(from).center(), disc, MOVER, true);
    }
    if let Some(hit) = hover {
        let points: Vec<_> = answer
            .path_to(hit.cell)
            .into_iter()
            .map(|c| rect(c).center())
            .collect();
        if points.len() > 1 {
            painter.add(eframe::egui::Shape::line(points, Stroke::new(3.0, PATH)));
        }
    }
}

/// A character: a filled disc, hollow when unconscious.
fn draw_figure(
    painter: &Painter,
    at: eframe::egui::Pos2,
    radius: f32,
    colour: Color32,
    conscious: bool,
) {
    if conscious {
        painter.circle_filled(at, radius, colour);
    } else {
        painter.circle_stroke(at, radius, Stroke::new(2.0, colour));
    }
}
