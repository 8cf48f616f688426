//! Battlestations ships drawn: a [`Scene`] for `render` (each level's modules
//! with their roles and squares, the hull, doors, ladders, consoles, barrels
//! and the forward direction) and a character grid for `show`.

use std::fmt::Write as _;

use deckplan_schema::battlestations::{BattlestationsPlace, Content, Role, Side, Square};

use super::grid::{Cell, Region, ShipGrid};
use crate::draw::marks::Spot;
use crate::draw::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke};
use crate::render::printable;
use crate::ruleset::DrawRequest;

const INK: Colour = Colour::rgb(30, 30, 30);
const GRID: Colour = Colour::rgb(170, 176, 186);
const HULL: Colour = Colour::rgb(20, 24, 32);
const BLOCKED: Colour = Colour::rgb(92, 98, 110);
const CONSOLE: Colour = Colour::rgb(40, 110, 200);
const BARREL: Colour = Colour::rgb(200, 120, 30);
const LADDER: Colour = Colour::rgb(110, 70, 30);
const DOOR: Colour = Colour::rgb(30, 160, 90);
const SPACE: Colour = Colour::rgb(246, 247, 250);

/// The floor colour of a module, by role.
fn role_fill(role: Role) -> Colour {
    match role {
        Role::Helm => Colour::rgb(214, 232, 255),
        Role::Engine => Colour::rgb(255, 222, 206),
        Role::Hyperdrive => Colour::rgb(232, 218, 255),
        Role::LifeSupport => Colour::rgb(214, 244, 220),
        Role::Science => Colour::rgb(212, 240, 244),
        Role::Cannon | Role::MissileBay => Colour::rgb(255, 214, 214),
        Role::HullStabilizer => Colour::rgb(238, 238, 214),
        Role::Custom => Colour::rgb(236, 236, 236),
    }
}

/// The ship's extent on its square grid: columns and rows.
fn extent(grid: &ShipGrid<'_>) -> (u16, u16) {
    let size = grid.module_size();
    let columns = grid.ship.modules.iter().map(|m| (m.at.0 + 1) * size).max();
    let rows = grid.ship.modules.iter().map(|m| (m.at.1 + 1) * size).max();
    (columns.unwrap_or(0), rows.unwrap_or(0))
}

/// Margin around each level, in squares: room for the hull's outside
/// squares, coordinates and the level's title.
const MARGIN: f64 = 2.0;

/// The height of the band above each row of module cards that holds their
/// names, so a name never covers a square.
const NAME_BAND: f64 = 0.62;

/// The drawn size of a ship's levels: squares across and down, and the
/// squares of one module card a side.
#[derive(Clone, Copy, Debug)]
struct Extent {
    columns: u16,
    rows: u16,
    size: u16,
}

impl Extent {
    /// The ship's extent grown by `spare` module cards right and below (at
    /// most the 40 cards a side the module grid has), so an editor has room
    /// to place a card past the ship.
    fn with_spare(grid: &ShipGrid<'_>, spare: u16) -> Self {
        let (columns, rows) = extent(grid);
        let size = grid.module_size().max(1);
        let most = MODULE_GRID * size;
        Self {
            columns: (columns + spare * size).min(most),
            rows: (rows + spare * size).min(most),
            size,
        }
    }

    /// Name bands above row `row` (rows outside the ship above it have none).
    fn bands_above(self, row: i32) -> f64 {
        let module_rows = i32::from(self.rows / self.size);
        if row < 0 {
            0.0
        } else {
            f64::from((row / i32::from(self.size) + 1).min(module_rows))
        }
    }

    /// The height of a level drawn: its squares and its name bands.
    fn height(self) -> f64 {
        f64::from(self.rows) + self.bands_above(i32::from(self.rows)) * NAME_BAND
    }
}

/// Module cards along each side of the module grid (`at` is 0–39).
const MODULE_GRID: u16 = 40;

/// How the levels of a ship lie in its scene, for an editor that draws the
/// scene and needs to know which square a point of it is on. Its extent may
/// be larger than the ship's, to leave room for new module cards.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    extent: Extent,
    levels: usize,
}

impl Sheet {
    /// The sheet of a ship with `spare` empty module cards right and below it.
    pub fn new(grid: &ShipGrid<'_>, spare: u16) -> Self {
        Self {
            extent: Extent::with_spare(grid, spare),
            levels: grid.ship.level_count(),
        }
    }

    /// Squares across and down each level.
    pub fn squares(&self) -> (u16, u16) {
        (self.extent.columns, self.extent.rows)
    }

    /// The box of a cell (a ship square or one beside it) in the scene.
    pub fn cell_rect(&self, cell: Cell) -> Rect {
        let p = cell_corner(self.extent, cell);
        Rect::new(p.x, p.y, p.x + 1.0, p.y + 1.0)
    }

    /// The square of the sheet a scene point is on, and where in it (0–1
    /// from its left and from its top); `None` off every level's squares
    /// (margins, name bands).
    pub fn cell_at(&self, point: Point) -> Option<(Cell, f64, f64)> {
        let level_width = f64::from(self.extent.columns) + 2.0 * MARGIN;
        if point.x < 0.0 || level_width <= 0.0 {
            return None;
        }
        let level = (point.x / level_width).floor();
        if level >= self.levels as f64 {
            return None;
        }
        let level = level as usize;
        let column = (point.x - level_width * level as f64 - MARGIN).floor();
        if column < 0.0 || column >= f64::from(self.extent.columns) {
            return None;
        }
        let column = column as i32;
        (0..i32::from(self.extent.rows)).find_map(|row| {
            let rect = self.cell_rect(Cell { level, row, column });
            (point.y >= rect.min.y && point.y < rect.max.y).then_some((
                Cell { level, row, column },
                point.x - rect.min.x,
                rect.max.y - point.y,
            ))
        })
    }
}

/// The bottom-left corner of a square's box in the scene of a ship: levels
/// side by side, each in its margin, each row of cards under its name band.
fn cell_corner(extent: Extent, cell: Cell) -> Point {
    let level_width = f64::from(extent.columns) + 2.0 * MARGIN;
    let left = level_width * cell.level as f64 + MARGIN;
    // Scene y counts up from the bottom; rows count down from the top.
    let top = MARGIN + extent.height();
    Point::new(
        left + f64::from(cell.column),
        top - f64::from(cell.row) - 1.0 - extent.bands_above(cell.row) * NAME_BAND,
    )
}

/// Where a place of the ship is drawn, for `lint --annotate`: a square or a
/// door ringed on its square's box or side, a module around its card;
/// `None` for the ship or a level as a whole.
pub fn spot(grid: &ShipGrid<'_>, place: &BattlestationsPlace) -> Option<Spot> {
    sheet_spot(grid, &Sheet::new(grid, 0), place)
}

/// Where a place is drawn on a sheet that may be larger than the ship.
pub fn sheet_spot(grid: &ShipGrid<'_>, sheet: &Sheet, place: &BattlestationsPlace) -> Option<Spot> {
    let ship = grid.ship;
    let extent = sheet.extent;
    let level_of = |level: &Option<deckplan_schema::id::Id>| match level {
        Some(id) => ship.levels.iter().position(|l| l == id),
        None => Some(0),
    };
    let centre_of = |level: usize, square: Square| {
        cell_corner(extent, Cell::of(level, square)).offset(0.5, 0.5)
    };
    match place {
        BattlestationsPlace::Square { level, square } => Some(Spot {
            at: centre_of(level_of(level)?, *square),
            radius: 0.6,
        }),
        BattlestationsPlace::Door {
            level,
            square,
            side,
        } => {
            let (dx, dy) = side.delta();
            let at = centre_of(level_of(level)?, *square)
                .offset(f64::from(dx) * 0.5, -f64::from(dy) * 0.5);
            Some(Spot { at, radius: 0.35 })
        }
        BattlestationsPlace::Module(id) => {
            let module = ship.module(*id)?;
            let size = grid.module_size();
            let first = Square::new(module.at.0 * size, module.at.1 * size);
            let half = f64::from(size) / 2.0;
            let at = cell_corner(extent, Cell::of(module.level, first)).offset(half, 1.0 - half);
            Some(Spot {
                at,
                radius: half * std::f64::consts::SQRT_2,
            })
        }
        BattlestationsPlace::Ship | BattlestationsPlace::Level(_) => None,
    }
}

/// The ship as a scene: levels side by side, lowest first.
pub fn ship_scene(grid: &ShipGrid<'_>, request: &DrawRequest<'_>) -> Scene {
    sheet_scene(grid, request, &Sheet::new(grid, 0))
}

/// The ship drawn on a sheet that may be larger than it (an editor's).
pub fn sheet_scene(grid: &ShipGrid<'_>, request: &DrawRequest<'_>, sheet: &Sheet) -> Scene {
    let ship = grid.ship;
    let drawn = sheet.extent;
    let (columns, rows) = (drawn.columns, drawn.rows);
    let (width, height) = (f64::from(columns), drawn.height());
    let level_width = width + 2.0 * MARGIN;
    let levels = ship.level_count();
    let title_room = if request.title { 1.6 } else { 0.0 };
    let bounds = Rect::new(
        0.0,
        0.0,
        level_width * levels as f64,
        height + 2.0 * MARGIN + title_room,
    );
    let mut scene = Scene::new(bounds);
    // The background goes first in the bottom layer, under the margin texts.
    scene.fill_rect(Layer::Margin, bounds, SPACE);
    if request.title {
        scene.text(
            Layer::Margin,
            Point::new(0.4, bounds.max.y - 0.3),
            format!("{} · forward {}", ship.name, ship.forward),
            0.7,
            INK,
            Anchor::TopLeft,
        );
    }
    for level in 0..levels {
        let left = level_width * level as f64 + MARGIN;
        let top = MARGIN + height;
        let corner = |cell: Cell| cell_corner(drawn, cell);
        if let Some(id) = ship.level_id(level) {
            scene.text(
                Layer::Margin,
                Point::new(left, top + MARGIN - 0.2),
                format!("level {id}"),
                0.6,
                INK,
                Anchor::TopLeft,
            );
        }
        draw_level(&mut scene, grid, level, &corner);
        if request.coordinates {
            for column in 0..columns {
                let at =
                    corner(Cell::of(level, Square::new(column, 0))).offset(0.5, 1.25 + NAME_BAND);
                scene.text(
                    Layer::Margin,
                    at,
                    Square::column_name(column),
                    0.4,
                    GRID,
                    Anchor::Bottom,
                );
            }
            for row in 0..rows {
                let at = corner(Cell::of(level, Square::new(0, row))).offset(-0.25, 0.5);
                scene.text(
                    Layer::Margin,
                    at,
                    (row + 1).to_string(),
                    0.4,
                    GRID,
                    Anchor::Right,
                );
            }
        }
        // The forward direction, as an arrow beside the level.
        let centre = Point::new(left + width / 2.0, top - height / 2.0);
        let (dx, dy) = ship.forward.delta();
        let reach = Point::new(
            centre.x + f64::from(dx) * (width / 2.0 + 1.4),
            centre.y - f64::from(dy) * (height / 2.0 + 1.4),
        );
        let base = Point::new(
            centre.x + f64::from(dx) * (width / 2.0 + 0.7),
            centre.y - f64::from(dy) * (height / 2.0 + 0.7),
        );
        let (px, py) = (f64::from(dy) * 0.35, f64::from(dx) * 0.35);
        scene.polygon(
            Layer::Markers,
            vec![reach, base.offset(px, py), base.offset(-px, -py)],
            Some(HULL),
            None,
        );
    }
    scene
}

fn draw_level(
    scene: &mut Scene,
    grid: &ShipGrid<'_>,
    level: usize,
    corner: &dyn Fn(Cell) -> Point,
) {
    let size = grid.module_size();
    let unit = |cell: Cell| {
        let p = corner(cell);
        Rect::new(p.x, p.y, p.x + 1.0, p.y + 1.0)
    };
    for module in grid.ship.modules.iter().filter(|m| m.level == level) {
        for (square, content) in module.squares(size) {
            let cell = Cell::of(level, square);
            let rect = unit(cell);
            let centre = rect.centre();
            scene.fill_rect(Layer::Floor, rect, role_fill(module.role));
            match content {
                Content::Floor => {}
                Content::Blocked => scene.fill_rect(Layer::Terrain, rect, BLOCKED),
                Content::Console => scene.fill_rect(
                    Layer::Markers,
                    Rect::new(
                        rect.min.x + 0.22,
                        rect.min.y + 0.22,
                        rect.max.x - 0.22,
                        rect.max.y - 0.22,
                    ),
                    CONSOLE,
                ),
                Content::Barrel => scene.circle(
                    Layer::Markers,
                    centre,
                    0.3,
                    Some(BARREL),
                    Some(Stroke::solid(0.04, INK)),
                ),
                Content::Ladder => {
                    let stroke = Stroke::solid(0.07, LADDER);
                    for x in [-0.22, 0.22] {
                        scene.line(
                            Layer::Markers,
                            centre.offset(x, -0.38),
                            centre.offset(x, 0.38),
                            stroke,
                        );
                    }
                    for y in [-0.2, 0.0, 0.2] {
                        scene.line(
                            Layer::Markers,
                            centre.offset(-0.22, y),
                            centre.offset(0.22, y),
                            stroke,
                        );
                    }
                }
            }
            let grid_line = Stroke::solid(0.02, GRID);
            scene.line(
                Layer::Grid,
                rect.min,
                Point::new(rect.max.x, rect.min.y),
                grid_line,
            );
            scene.line(
                Layer::Grid,
                rect.min,
                Point::new(rect.min.x, rect.max.y),
                grid_line,
            );
        }
        // The module's outline and its role.
        let first = Cell::of(level, module.origin(size));
        let last = first.offset(i32::from(size) - 1, i32::from(size) - 1);
        let (a, b) = (unit(first), unit(last));
        let outline = Rect::new(a.min.x, b.min.y, b.max.x, a.max.y);
        scene.polygon(
            Layer::Outlines,
            outline.corners(),
            None,
            Some(Stroke::solid(0.06, GRID)),
        );
        // The name in the band above the card, clear of its squares.
        scene.text(
            Layer::Outlines,
            Point::new(outline.centre().x, outline.max.y + NAME_BAND / 2.0),
            module.label(),
            0.42,
            INK,
            Anchor::Centre,
        );
    }
    // The hull: every side of a ship square that faces outside, doors in colour.
    for module in grid.ship.modules.iter().filter(|m| m.level == level) {
        for (square, _) in module.squares(size) {
            let cell = Cell::of(level, square);
            if grid.module_at(cell).map(|(_, m)| m.id) != Some(module.id) {
                continue;
            }
            for side in Side::ALL {
                if matches!(grid.region(cell.toward(side)), Region::Ship { .. }) {
                    continue;
                }
                let rect = unit(cell);
                let (from, to) = match side {
                    Side::North => (Point::new(rect.min.x, rect.max.y), rect.max),
                    Side::South => (rect.min, Point::new(rect.max.x, rect.min.y)),
                    Side::West => (rect.min, Point::new(rect.min.x, rect.max.y)),
                    Side::East => (Point::new(rect.max.x, rect.min.y), rect.max),
                };
                let (layer, stroke) = if grid.has_door(cell, side) {
                    (Layer::Doors, Stroke::solid(0.22, DOOR).cap(Cap::Butt))
                } else {
                    (Layer::Walls, Stroke::solid(0.12, HULL).cap(Cap::Square))
                };
                scene.line(layer, from, to, stroke);
            }
        }
    }
}

/// The symbol `show` prints for a cell.
fn symbol(grid: &ShipGrid<'_>, cell: Cell) -> char {
    match grid.region(cell) {
        Region::Ship { content, .. } => content.symbol(),
        Region::Hull => {
            let door = Side::ALL
                .iter()
                .any(|&side| grid.has_door(cell.toward(side), side.opposite()));
            if door { 'D' } else { ' ' }
        }
        Region::Space => ' ',
    }
}

/// One level as a grid of characters, with a margin of one square for the
/// hull; `mark` overrides the symbol of a cell (a play-test's marks).
pub fn level_text(
    grid: &ShipGrid<'_>,
    level: usize,
    coordinates: bool,
    mark: &dyn Fn(Cell) -> Option<char>,
) -> String {
    let (columns, rows) = extent(grid);
    let mut out = String::new();
    if coordinates {
        let header: String = (0..columns)
            .map(|c| Square::column_name(c).chars().last().unwrap_or(' '))
            .collect();
        let _ = writeln!(out, "     {header}");
    }
    let mut lines: Vec<String> = (-1..=i32::from(rows))
        .map(|row| {
            let line: String = (-1..=i32::from(columns))
                .map(|column| {
                    let cell = Cell { level, row, column };
                    mark(cell).unwrap_or_else(|| symbol(grid, cell))
                })
                .collect();
            let line = line.trim_end();
            if !coordinates {
                return line.to_string();
            }
            let label = if (0..i32::from(rows)).contains(&row) {
                (row + 1).to_string()
            } else {
                String::new()
            };
            format!("{label:>3} {line}").trim_end().to_string()
        })
        .collect();
    // A level smaller than the ship leaves blank rows under it.
    while lines
        .last()
        .is_some_and(|l| l.trim().chars().all(char::is_numeric))
    {
        lines.pop();
    }
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// Battlestations' own options of `deckplan show`.
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct ShowOptions {
    /// Mark the virtual squares outside the ship's hull, and say how they
    /// are named.
    #[arg(long)]
    pub hull: bool,
}

/// The ship as text: each level as a grid of squares with column letters and
/// row numbers, `D` outside each external door, then the modules, the squares
/// outside the hull when `options` asks for them, and a legend.
pub fn ship_text(grid: &ShipGrid<'_>, request: &DrawRequest<'_>, options: &ShowOptions) -> String {
    let ship = grid.ship;
    let mut out = String::new();
    let _ = writeln!(out, "{} (forward: {})", printable(&ship.name), ship.forward);
    for level in 0..ship.level_count() {
        if let Some(id) = ship.level_id(level) {
            let _ = writeln!(out, "\nlevel {id}");
        } else {
            out.push('\n');
        }
        let hull = |cell: Cell| {
            (options.hull && grid.region(cell) == Region::Hull && symbol(grid, cell) == ' ')
                .then_some('~')
        };
        // Squares are named by column letter and row number (hull squares by
        // the ship square they touch): print them, as `reach` does.
        out.push_str(&level_text(grid, level, true, &hull));
    }
    out.push_str("\nmodules:\n");
    for module in &ship.modules {
        let size = grid.module_size();
        let first = module.origin(size);
        let last = Square::new(first.column + size - 1, first.row + size - 1);
        let level = ship
            .level_id(module.level)
            .map(|l| format!(" on {l}"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {:<16} {:<16} {first}–{last}{level}{}",
            module.id.as_str(),
            printable(module.label()),
            if module.quarters == 0 {
                String::new()
            } else {
                format!(", turned {}°", u16::from(module.quarters) * 90)
            }
        );
    }
    if options.hull {
        let count = grid
            .graph()
            .nodes()
            .filter_map(|n| grid.graph().place(n))
            .filter(|c| grid.region(*c) == Region::Hull)
            .count();
        let _ = writeln!(
            out,
            "\n~ and D: the {count} squares outside the hull (D outside an external door), named by the ship square they touch and the way out from it, like `A3 west` or `A1 north-west`"
        );
    }
    if request.legend {
        out.push_str("\nlegend: . floor  # blocked  C console  B barrel  H ladder  D outside an external door\n");
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::SourceFile;
    use deckplan_schema::battlestations::resolve;

    use super::*;
    use crate::draw::{Shape, font};

    /// The bundled Wayfarer: two levels, nine modules with consoles and a
    /// barrel in their first rows.
    fn wayfarer() -> deckplan_schema::battlestations::Ship {
        let text = include_str!("../../../maps/battlestations-wayfarer/ship.toml");
        resolve::parse_ship(&SourceFile::new("ship.toml", text.to_string())).unwrap()
    }

    #[test]
    fn no_module_name_covers_a_square() {
        let ship = wayfarer();
        let grid = ShipGrid::new(&ship);
        let scene = ship_scene(&grid, &DrawRequest::default());
        let drawn = Extent::with_spare(&grid, 0);
        let mut names = 0;
        for module in &ship.modules {
            let text = scene
                .shapes()
                .find_map(|shape| match shape {
                    Shape::Text(text) if text.text == module.label() => Some(text),
                    _ => None,
                })
                .unwrap();
            let half_width = font::measure(&text.text, text.size) / 2.0;
            let (bottom, top) = (text.at.y - text.size / 2.0, text.at.y + text.size / 2.0);
            let (left, right) = (text.at.x - half_width, text.at.x + half_width);
            for square in module.squares(grid.module_size()).map(|(square, _)| square) {
                let corner = cell_corner(drawn, Cell::of(module.level, square));
                let apart = top <= corner.y
                    || bottom >= corner.y + 1.0
                    || right <= corner.x
                    || left >= corner.x + 1.0;
                assert!(apart, "{} covers {square}", module.label());
            }
            names += 1;
        }
        assert_eq!(names, 11);
    }
}
