//! A page of the board model drawn as a [`Scene`], the way a printed
//! Location map looks: black out-of-bounds ground with a faint dashed grid,
//! a lighter floor with intersection crosses, thick black walls, red lines,
//! numbered doors, white Location arrows and red spawn points.
//!
//! [`draw_page`] draws the map itself at any origin, so a pack layout can
//! place many pages; [`page_scene`] frames one page for printing, with an
//! optional title, coordinates in the margins and a legend of what is on it.
//! The coordinates (`coordinate_labels`) and the legend (`legend_entries`,
//! `draw_legend`) are made for any origin and any set of pages, so the pack
//! layout labels its pages and draws one legend with the same code.

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::enormity::coord::row_letters;
use deckplan_schema::enormity::{
    Axis, Direction, Discovery, Edge, EdgeKind, Intersection, Keyword, Marker, Page, Space,
    SpaceKind,
};

use super::icons::{self, SpaceIcon, palette};
use crate::draw::font;
use crate::draw::scene::{Anchor, Cap, Colour, Layer, Point, Rect, Scene, Stroke};

/// What to draw around a single page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageStyle {
    /// The page, Location and title above the map.
    pub title: bool,
    /// Row letters and column numbers in the margins.
    pub coordinates: bool,
    /// A legend of the symbols used, and what consoles and arrows lead to.
    pub legend: bool,
}

impl Default for PageStyle {
    fn default() -> Self {
        Self {
            title: true,
            coordinates: false,
            legend: false,
        }
    }
}

/// Width of walls, in spaces.
pub const WALL_WIDTH: f64 = 0.14;
/// Width of red lines, in spaces.
pub const RED_LINE_WIDTH: f64 = 0.08;

/// Margin around the map so walls on the page outline are not cut off.
const MARGIN: f64 = 0.35;
/// Width of the band holding coordinates.
const COORDINATE_BAND: f64 = 0.55;
/// How far beyond a page's side its coordinates reach: the margin and the band.
pub(crate) const COORDINATE_DEPTH: f64 = MARGIN + COORDINATE_BAND;
/// Font size of the title.
const TITLE_SIZE: f64 = 0.38;
/// Font size of coordinates and legend text.
const MARGIN_TEXT: f64 = 0.26;

/// One page framed for printing: the map at the origin (its bottom-left
/// corner at `(0, 0)`), with the margins `style` asks for.
pub fn page_scene(page: &Page, style: &PageStyle) -> Scene {
    let (columns, rows) = (f64::from(page.size.columns), f64::from(page.size.rows));
    let map = Rect::new(0.0, 0.0, columns, rows);
    let edge = if style.coordinates {
        COORDINATE_DEPTH
    } else {
        MARGIN
    };
    let mut bounds = map.grow(edge, edge, edge, edge);
    let mut scene = Scene::new(bounds);
    draw_page(&mut scene, page, Point::default());
    if style.coordinates {
        for label in coordinate_labels(page, Point::default()) {
            draw_coordinate(&mut scene, label);
        }
    }
    if style.title {
        let at = Point::new(map.min.x, bounds.max.y + 0.1);
        scene.text(
            Layer::Margin,
            at,
            title(page),
            TITLE_SIZE,
            palette::MARGIN_INK,
            Anchor::BottomLeft,
        );
        bounds.max.y += TITLE_SIZE + 0.35;
    }
    if style.legend {
        let top = bounds.min.y - 0.15;
        let width = (bounds.width() - 2.0 * MARGIN).max(9.0);
        let legend = Legend {
            entries: legend_entries(&[page]),
            notes: legend_notes(page),
            note_columns: false,
        };
        let height = draw_legend(&mut scene, &legend, Point::new(map.min.x, top), width);
        bounds.min.y = top - height - MARGIN;
        bounds.max.x = bounds.max.x.max(map.min.x + width + MARGIN);
    }
    scene.bounds = bounds;
    scene
}

/// The title line: `L1p2 · TD — Clamp Seven`.
pub fn title(page: &Page) -> String {
    match &page.title {
        Some(title) => format!("{} · {} — {title}", page.id, page.location),
        None => format!("{} · {}", page.id, page.location),
    }
}

/// The rectangle of a space on a page drawn at `origin`.
pub fn space_rect(origin: Point, space: Space) -> Rect {
    let (x, y) = (
        origin.x + f64::from(space.col),
        origin.y + f64::from(space.row),
    );
    Rect::new(x, y, x + 1.0, y + 1.0)
}

/// The position of an intersection on a page drawn at `origin`.
pub fn intersection_point(origin: Point, point: Intersection) -> Point {
    origin.offset(f64::from(point.x), f64::from(point.y))
}

/// The two ends of an edge on a page drawn at `origin`.
pub fn edge_ends(origin: Point, edge: Edge) -> (Point, Point) {
    let (a, b) = edge.ends();
    (intersection_point(origin, a), intersection_point(origin, b))
}

/// Draws the map of a page with its bottom-left corner at `origin`.
pub fn draw_page(scene: &mut Scene, page: &Page, origin: Point) {
    draw_ground(scene, page, origin);
    draw_floor(scene, page, origin);
    draw_terrain(scene, page, origin);
    draw_space_features(scene, page, origin);
    draw_edges(scene, page, origin);
    draw_intersections(scene, page, origin);
    icons::orientation_quadrant(scene, origin);
}

/// Whether an intersection touches a board space.
fn touches_board(page: &Page, point: Intersection) -> bool {
    let (x, y) = (point.x, point.y);
    [
        (x.checked_sub(1), y.checked_sub(1)),
        (Some(x), y.checked_sub(1)),
        (x.checked_sub(1), Some(y)),
        (Some(x), Some(y)),
    ]
    .into_iter()
    .any(|(col, row)| match (col, row) {
        (Some(col), Some(row)) => page.is_board(Space::new(col, row)),
        _ => false,
    })
}

/// Every intersection of the page.
fn intersections(page: &Page) -> impl Iterator<Item = Intersection> {
    let size = page.size;
    (0..=size.rows).flat_map(move |y| (0..=size.columns).map(move |x| Intersection { x, y }))
}

/// Every edge of the page, the outline included.
fn all_edges(page: &Page) -> impl Iterator<Item = Edge> {
    let size = page.size;
    let horizontal =
        (0..=size.rows).flat_map(move |y| (0..size.columns).map(move |x| Edge::horizontal(x, y)));
    let vertical =
        (0..size.rows).flat_map(move |y| (0..=size.columns).map(move |x| Edge::vertical(x, y)));
    horizontal.chain(vertical)
}

/// Consecutive unit edges on one grid line merged into segments, so lines are
/// drawn without joints and the scene stays small.
pub fn runs(edges: impl IntoIterator<Item = Edge>) -> Vec<(Edge, u16)> {
    let mut sorted: Vec<Edge> = edges.into_iter().collect();
    let key = |e: &Edge| match e.axis {
        Axis::Horizontal => (e.axis, e.y, e.x),
        Axis::Vertical => (e.axis, e.x, e.y),
    };
    sorted.sort_by_key(key);
    sorted.dedup();
    let mut merged: Vec<(Edge, u16)> = Vec::new();
    for edge in sorted {
        if let Some((first, length)) = merged.last_mut() {
            let (axis, line, at) = key(first);
            let (e_axis, e_line, e_at) = key(&edge);
            if axis == e_axis
                && line == e_line
                && u32::from(at) + u32::from(*length) == u32::from(e_at)
            {
                *length += 1;
                continue;
            }
        }
        merged.push((edge, 1));
    }
    merged
}

/// The two ends of a run of `length` edges starting with `first`.
fn run_ends(origin: Point, first: Edge, length: u16) -> (Point, Point) {
    let (start, _) = edge_ends(origin, first);
    let length = f64::from(length);
    let end = match first.axis {
        Axis::Horizontal => start.offset(length, 0.0),
        Axis::Vertical => start.offset(0.0, length),
    };
    (start, end)
}

/// Runs of neighbouring spaces in each row for which `wanted` holds:
/// `(row, first column, last column)`.
fn row_runs(page: &Page, wanted: impl Fn(Space) -> bool) -> Vec<(u16, u16, u16)> {
    let mut runs = Vec::new();
    for row in 0..page.size.rows {
        let mut start: Option<u16> = None;
        for col in 0..=page.size.columns {
            let inside = col < page.size.columns && wanted(Space::new(col, row));
            match (inside, start) {
                (true, None) => start = Some(col),
                (false, Some(first)) => {
                    runs.push((row, first, col - 1));
                    start = None;
                }
                _ => {}
            }
        }
    }
    runs
}

/// Fills runs of a row with one rectangle each: fewer shapes, no seams.
fn fill_runs(
    scene: &mut Scene,
    layer: Layer,
    origin: Point,
    runs: &[(u16, u16, u16)],
    fill: Colour,
) {
    for &(row, first, last) in runs {
        let left = space_rect(origin, Space::new(first, row));
        let right = space_rect(origin, Space::new(last, row));
        scene.fill_rect(layer, left.union(right), fill);
    }
}

fn draw_ground(scene: &mut Scene, page: &Page, origin: Point) {
    // Only where there is no floor: every pixel is filled once, and the dashed
    // grid (many short dashes) is not drawn where the floor would hide it.
    let ground = row_runs(page, |s| !page.is_board(s));
    fill_runs(scene, Layer::Ground, origin, &ground, palette::GROUND);
    let off_board = all_edges(page).filter(|edge| {
        let (a, b) = edge.spaces(page.size);
        !(a.is_some_and(|s| page.is_board(s)) || b.is_some_and(|s| page.is_board(s)))
    });
    let grid = Stroke::solid(0.02, palette::GROUND_GRID).dashed(0.06, 0.06);
    for (first, length) in runs(off_board) {
        let (a, b) = run_ends(origin, first, length);
        scene.line(Layer::Ground, a, b, grid);
    }
    for point in intersections(page).filter(|p| !touches_board(page, *p)) {
        scene.circle(
            Layer::Ground,
            intersection_point(origin, point),
            0.045,
            Some(palette::GROUND_DOT),
            None,
        );
    }
}

fn draw_floor(scene: &mut Scene, page: &Page, origin: Point) {
    let floor = row_runs(page, |s| page.is_board(s));
    fill_runs(scene, Layer::Floor, origin, &floor, palette::FLOOR);
    let on_floor = all_edges(page).filter(|edge| {
        let (a, b) = edge.spaces(page.size);
        a.is_some_and(|s| page.is_board(s)) || b.is_some_and(|s| page.is_board(s))
    });
    let grid = Stroke::solid(0.02, palette::FLOOR_GRID);
    for (first, length) in runs(on_floor) {
        let (a, b) = run_ends(origin, first, length);
        scene.line(Layer::Grid, a, b, grid);
    }
    let cross = Stroke::solid(0.025, palette::FLOOR_CROSS);
    for point in intersections(page).filter(|p| touches_board(page, *p)) {
        let at = intersection_point(origin, point);
        scene.line(
            Layer::Grid,
            at.offset(-0.08, 0.0),
            at.offset(0.08, 0.0),
            cross,
        );
        scene.line(
            Layer::Grid,
            at.offset(0.0, -0.08),
            at.offset(0.0, 0.08),
            cross,
        );
    }
    for space in page.size.spaces() {
        if page.kind(space) == Some(SpaceKind::Obstacle) {
            draw_obstacle(scene, space_rect(origin, space), 1.0);
        }
    }
}

/// A printed obstacle: a dark crate filling the space.
fn draw_obstacle(scene: &mut Scene, rect: Rect, scale: f64) {
    let inset = 0.07 * scale;
    let crate_rect = rect.grow(-inset, -inset, -inset, -inset);
    let corners = crate_rect.corners();
    scene.polygon(
        Layer::Terrain,
        corners,
        Some(palette::OBSTACLE),
        Some(Stroke::solid(0.04 * scale, palette::OBSTACLE_HATCH)),
    );
    let hatch = Stroke::solid(0.05 * scale, palette::OBSTACLE_HATCH);
    scene.line(Layer::Terrain, crate_rect.min, crate_rect.max, hatch);
    scene.line(
        Layer::Terrain,
        Point::new(crate_rect.min.x, crate_rect.max.y),
        Point::new(crate_rect.max.x, crate_rect.min.y),
        hatch,
    );
}

/// The tint of a terrain tile, from its strongest keyword.
fn terrain_tint(keywords: &[Keyword]) -> Colour {
    if keywords.contains(&Keyword::Obstacle) {
        palette::TERRAIN_OBSTACLE
    } else if keywords.contains(&Keyword::Obscuring) {
        palette::OBSCURING
    } else if keywords.contains(&Keyword::Cover) {
        palette::COVER
    } else {
        Colour::WHITE
    }
}

/// A terrain tile's keywords as printed on it: `COVER · DESTRUCTIBLE`.
fn keyword_line(keywords: &[Keyword]) -> String {
    keywords
        .iter()
        .map(|k| k.name().to_ascii_uppercase())
        .collect::<Vec<_>>()
        .join(" · ")
}

fn draw_terrain(scene: &mut Scene, page: &Page, origin: Point) {
    for tile in &page.spaces.terrain {
        let tint = terrain_tint(&tile.keywords);
        let spaces: BTreeSet<Space> = tile.spaces.iter().copied().collect();
        for space in &spaces {
            scene.fill_rect(
                Layer::Terrain,
                space_rect(origin, *space),
                tint.with_alpha(120),
            );
        }
        let members = &spaces;
        let outline = spaces.iter().flat_map(|space| {
            Direction::ALL.into_iter().filter_map(move |side| {
                let inside = space.step(side).is_some_and(|next| members.contains(&next));
                (!inside).then(|| space.side(side))
            })
        });
        let mut stroke = Stroke::solid(0.045, tint).cap(Cap::Square);
        if tile.keywords.contains(&Keyword::Destructible) {
            stroke = stroke.dashed(0.12, 0.08).cap(Cap::Butt);
        }
        let outline: Vec<(Edge, u16)> = runs(outline.collect::<Vec<_>>());
        for (first, length) in outline {
            let (a, b) = run_ends(origin, first, length);
            scene.line(Layer::Terrain, a, b, stroke);
        }
        let Some(bounds) = spaces
            .iter()
            .map(|s| space_rect(origin, *s))
            .reduce(Rect::union)
        else {
            continue;
        };
        let width = bounds.width() - 0.16;
        if let Some(name) = &tile.name {
            // Narrow tiles get their name on several lines rather than in a tiny size.
            let lines = icons::wrap(name, 0.15, width);
            let size = lines
                .iter()
                .map(|line| icons::fit(line, 0.15, width))
                .fold(0.15, f64::min);
            for (i, line) in lines.into_iter().enumerate() {
                scene.text(
                    Layer::Terrain,
                    Point::new(
                        bounds.centre().x,
                        bounds.max.y - 0.1 - i as f64 * size * 1.15,
                    ),
                    line,
                    size,
                    palette::INK,
                    Anchor::Top,
                );
            }
        }
        let keywords = keyword_line(&tile.keywords);
        let size = icons::fit(&keywords, 0.12, width);
        scene.text(
            Layer::Terrain,
            Point::new(bounds.centre().x, bounds.min.y + 0.1),
            keywords,
            size,
            palette::INK,
            Anchor::Bottom,
        );
    }
}

/// The icon of a simple marker.
pub const fn marker_icon(marker: Marker) -> SpaceIcon {
    match marker {
        Marker::GearCache => SpaceIcon::GearCache,
        Marker::Engram => SpaceIcon::Engram,
        Marker::Objective => SpaceIcon::Objective,
        Marker::Dangerous => SpaceIcon::Dangerous,
        Marker::IntruderStart => SpaceIcon::IntruderStart,
        Marker::SpacerStart => SpaceIcon::SpacerStart,
        Marker::ExtractionPoint => SpaceIcon::ExtractionPoint,
    }
}

/// The symbols on each space, with a caption for consoles and keycards.
fn space_icons(page: &Page) -> BTreeMap<Space, Vec<(SpaceIcon, Option<String>)>> {
    let mut icons: BTreeMap<Space, Vec<(SpaceIcon, Option<String>)>> = BTreeMap::new();
    for (marker, spaces) in &page.spaces.markers {
        for space in spaces.keys() {
            icons
                .entry(*space)
                .or_default()
                .push((marker_icon(*marker), None));
        }
    }
    for (number, console) in &page.spaces.consoles {
        let caption = door_caption(&console.opens, &console.closes);
        icons
            .entry(console.at)
            .or_default()
            .push((SpaceIcon::Console(*number), caption));
    }
    for (space, keycard) in &page.spaces.keycards {
        let caption = door_caption(&keycard.opens, &[]);
        icons
            .entry(*space)
            .or_default()
            .push((SpaceIcon::Keycard, caption));
    }
    for (space, discovery) in &page.spaces.discoveries {
        icons
            .entry(*space)
            .or_default()
            .push((SpaceIcon::Discovery(discovery.discovery), None));
    }
    icons
}

/// `opens 1, 2 · closes 3`, or `None` when a console operates no door.
fn door_caption(opens: &[u16], closes: &[u16]) -> Option<String> {
    let list = |doors: &[u16]| {
        doors
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !opens.is_empty() {
        parts.push(format!("opens {}", list(opens)));
    }
    if !closes.is_empty() {
        parts.push(format!("closes {}", list(closes)));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

fn draw_space_features(scene: &mut Scene, page: &Page, origin: Point) {
    for (space, arrow) in &page.spaces.location_arrows {
        let centre = space_rect(origin, *space).centre();
        icons::location_arrow(scene, centre, arrow.direction, arrow.target, 1.0);
    }
    for (space, arrow) in &page.spaces.forced_arrows {
        let centre = space_rect(origin, *space).centre();
        icons::forced_arrow(scene, centre, arrow.direction, 1.0);
    }
    for (space, list) in space_icons(page) {
        let rect = space_rect(origin, space);
        let crowded = page.spaces.location_arrows.contains_key(&space)
            || page.spaces.forced_arrows.contains_key(&space);
        let slots = slots(list.len(), crowded);
        for ((icon, caption), (dx, dy, scale)) in list.iter().zip(slots) {
            let centre = rect.centre().offset(dx, dy);
            icons::space_icon(scene, icon, centre, scale);
            if let (Some(caption), true) = (caption, scale >= 1.0) {
                let size = icons::fit(caption, 0.12, 0.92);
                scene.text(
                    Layer::Markers,
                    Point::new(rect.centre().x, rect.min.y + 0.06),
                    caption.clone(),
                    size,
                    palette::INK,
                    Anchor::Bottom,
                );
            }
        }
    }
}

/// Where the symbols sharing a space go: offsets from its centre and a scale.
/// One symbol alone takes the whole space; beside an arrow or with others,
/// they share it in a grid.
fn slots(count: usize, crowded: bool) -> Vec<(f64, f64, f64)> {
    match (count, crowded) {
        (1, false) => vec![(0.0, 0.0, 1.0)],
        (2, false) => vec![(-0.25, 0.0, 0.5), (0.25, 0.0, 0.5)],
        _ => {
            let per_side = (1..).find(|n| n * n >= count.max(4)).unwrap_or(2);
            let cell = 1.0 / per_side as f64;
            (0..count)
                .map(|i| {
                    let (col, row) = (i % per_side, i / per_side);
                    (
                        -0.5 + cell * (col as f64 + 0.5),
                        0.5 - cell * (row as f64 + 0.5),
                        cell * 0.95,
                    )
                })
                .collect()
        }
    }
}

fn draw_edges(scene: &mut Scene, page: &Page, origin: Point) {
    let of_kind = |wanted: fn(&EdgeKind) -> bool| {
        page.edges
            .iter()
            .filter(move |(_, f)| wanted(&f.kind))
            .map(|(e, _)| *e)
            .collect::<Vec<_>>()
    };
    let red = Stroke::solid(RED_LINE_WIDTH, palette::RED).cap(Cap::Square);
    for (first, length) in runs(of_kind(|k| matches!(k, EdgeKind::RedLine))) {
        let (a, b) = run_ends(origin, first, length);
        scene.line(Layer::Barriers, a, b, red);
    }
    let wall = Stroke::solid(WALL_WIDTH, palette::WALL).cap(Cap::Square);
    for (first, length) in runs(of_kind(|k| matches!(k, EdgeKind::Wall))) {
        let (a, b) = run_ends(origin, first, length);
        scene.line(Layer::Walls, a, b, wall);
    }
    for (edge, feature) in &page.edges {
        if let EdgeKind::Door(number) = feature.kind {
            let (a, b) = edge_ends(origin, *edge);
            let centre = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            let along = match edge.axis {
                Axis::Horizontal => Direction::East,
                Axis::Vertical => Direction::North,
            };
            icons::door(scene, centre, along, number, 1.0);
        }
    }
}

fn draw_intersections(scene: &mut Scene, page: &Page, origin: Point) {
    let points = &page.intersections;
    for link in &points.spawn_links {
        icons::spawn_link(
            scene,
            intersection_point(origin, link.a),
            intersection_point(origin, link.b),
            1.0,
        );
    }
    for point in points.spawn_points.keys() {
        icons::spawn_point(scene, intersection_point(origin, *point), 1.0);
    }
    for (point, blip) in &points.blips {
        icons::blip(
            scene,
            intersection_point(origin, *point),
            blip.direction,
            1.0,
        );
    }
}

/// A row letter or column number beside a page.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct CoordinateLabel {
    /// The side of the page it stands beside.
    pub side: Direction,
    /// What it takes up: one space along the side, [`COORDINATE_DEPTH`] deep.
    pub cell: Rect,
    /// Where its text is centred.
    pub centre: Point,
    /// The letters or number.
    pub text: String,
    /// Its font size, shrunk to fit the band.
    pub size: f64,
}

/// Row letters left and right of a page drawn at `origin`, column numbers
/// below and above: every label on every side, for the caller to choose from.
pub(crate) fn coordinate_labels(page: &Page, origin: Point) -> Vec<CoordinateLabel> {
    let (columns, rows) = (f64::from(page.size.columns), f64::from(page.size.rows));
    let gap = MARGIN + COORDINATE_BAND / 2.0;
    let mut labels = Vec::new();
    for row in 0..page.size.rows {
        let (bottom, letters) = (origin.y + f64::from(row), row_letters(row));
        let size = icons::fit(&letters, MARGIN_TEXT, COORDINATE_BAND + 0.2);
        let sides = [
            (Direction::West, origin.x - COORDINATE_DEPTH, origin.x - gap),
            (
                Direction::East,
                origin.x + columns,
                origin.x + columns + gap,
            ),
        ];
        for (side, left, x) in sides {
            labels.push(CoordinateLabel {
                side,
                cell: Rect::new(left, bottom, left + COORDINATE_DEPTH, bottom + 1.0),
                centre: Point::new(x, bottom + 0.5),
                text: letters.clone(),
                size,
            });
        }
    }
    for col in 0..page.size.columns {
        let left = origin.x + f64::from(col);
        let number = (u32::from(col) + 1).to_string();
        let size = icons::fit(&number, MARGIN_TEXT, 0.8);
        let sides = [
            (
                Direction::South,
                origin.y - COORDINATE_DEPTH,
                origin.y - gap,
            ),
            (Direction::North, origin.y + rows, origin.y + rows + gap),
        ];
        for (side, bottom, y) in sides {
            labels.push(CoordinateLabel {
                side,
                cell: Rect::new(left, bottom, left + 1.0, bottom + COORDINATE_DEPTH),
                centre: Point::new(left + 0.5, y),
                text: number.clone(),
                size,
            });
        }
    }
    labels
}

/// Draws one coordinate label in the margin.
pub(crate) fn draw_coordinate(scene: &mut Scene, label: CoordinateLabel) {
    scene.text(
        Layer::Margin,
        label.centre,
        label.text,
        label.size,
        palette::MARGIN_INK,
        Anchor::Centre,
    );
}

/// One entry of the legend: a sample and its name.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Sample {
    Space(SpaceKind),
    Icon(SpaceIcon),
    LocationArrow,
    ForcedArrow,
    Edge(EdgeKind),
    Terrain(Colour),
    SpawnPoint,
    SpawnLink,
    Blip,
}

/// The legend entries for what appears on any of `pages`, in a fixed order,
/// each once.
pub(crate) fn legend_entries(pages: &[&Page]) -> Vec<(Sample, String)> {
    let mut entries = Vec::new();
    let kinds: BTreeSet<_> = pages
        .iter()
        .flat_map(|page| page.size.spaces().filter_map(|s| page.kind(s)))
        .map(|k| k.symbol())
        .collect();
    for (kind, name) in [
        (SpaceKind::Board, "board space"),
        (SpaceKind::OutOfBounds, "out of bounds"),
        (SpaceKind::Obstacle, "obstacle"),
    ] {
        if kinds.contains(&kind.symbol()) {
            entries.push((Sample::Space(kind), name.to_string()));
        }
    }
    let has_edge = |wanted: fn(&EdgeKind) -> bool| {
        pages
            .iter()
            .any(|page| page.edges.values().any(|f| wanted(&f.kind)))
    };
    let any = |has: fn(&Page) -> bool| pages.iter().any(|page| has(page));
    if has_edge(|k| matches!(k, EdgeKind::Wall)) {
        entries.push((Sample::Edge(EdgeKind::Wall), "wall".to_string()));
    }
    if has_edge(|k| matches!(k, EdgeKind::RedLine)) {
        entries.push((Sample::Edge(EdgeKind::RedLine), "red line".to_string()));
    }
    if has_edge(|k| matches!(k, EdgeKind::Door(_))) {
        entries.push((Sample::Edge(EdgeKind::Door(1)), "door (closed)".to_string()));
    }
    if any(|page| !page.spaces.location_arrows.is_empty()) {
        entries.push((Sample::LocationArrow, "Location arrow".to_string()));
    }
    if any(|page| !page.spaces.forced_arrows.is_empty()) {
        entries.push((Sample::ForcedArrow, "forced direction".to_string()));
    }
    // One entry per tint; each tile is described in the notes.
    let mut tints: Vec<(Colour, &str)> = Vec::new();
    for tile in pages.iter().flat_map(|page| &page.spaces.terrain) {
        let tint = terrain_tint(&tile.keywords);
        let name = match tint {
            t if t == palette::TERRAIN_OBSTACLE => "obstacle terrain",
            t if t == palette::OBSCURING => "obscuring terrain",
            t if t == palette::COVER => "cover terrain",
            _ => "terrain",
        };
        if !tints.iter().any(|(t, _)| *t == tint) {
            tints.push((tint, name));
        }
    }
    for (tint, name) in tints {
        entries.push((Sample::Terrain(tint), name.to_string()));
    }
    if any(|page| !page.spaces.consoles.is_empty()) {
        entries.push((Sample::Icon(SpaceIcon::Console(1)), "console".to_string()));
    }
    if any(|page| !page.spaces.keycards.is_empty()) {
        entries.push((Sample::Icon(SpaceIcon::Keycard), "keycard".to_string()));
    }
    let mut discoveries: Vec<Discovery> = pages
        .iter()
        .flat_map(|page| page.spaces.discoveries.values())
        .map(|d| d.discovery)
        .collect();
    discoveries.dedup();
    let mut seen = BTreeSet::new();
    for discovery in discoveries {
        let name = match discovery {
            Discovery::Numbered(_) => "discovery (numbered)".to_string(),
            Discovery::Coloured(colour) => format!("{} discovery", colour.name()),
        };
        if seen.insert(name.clone()) {
            entries.push((Sample::Icon(SpaceIcon::Discovery(discovery)), name));
        }
    }
    for marker in Marker::ALL {
        if pages
            .iter()
            .any(|page| page.spaces.marked(marker).next().is_some())
        {
            entries.push((
                Sample::Icon(marker_icon(marker)),
                marker.label().to_string(),
            ));
        }
    }
    if any(|page| !page.intersections.spawn_points.is_empty()) {
        entries.push((Sample::SpawnPoint, "spawn point".to_string()));
    }
    if any(|page| !page.intersections.spawn_links.is_empty()) {
        entries.push((Sample::SpawnLink, "spawn cluster".to_string()));
    }
    if any(|page| !page.intersections.blips.is_empty()) {
        entries.push((Sample::Blip, "starting Blip".to_string()));
    }
    entries
}

/// Lines under the legend saying what consoles, keycards and arrows do.
pub(crate) fn legend_notes(page: &Page) -> Vec<String> {
    let mut notes = Vec::new();
    for (number, console) in &page.spaces.consoles {
        let doors = door_caption(&console.opens, &console.closes).map_or_else(
            || "operates no door".to_string(),
            |c| c.replace("opens", "opens door"),
        );
        notes.push(format!("Console {number} ({}): {doors}", console.at));
    }
    for (space, keycard) in &page.spaces.keycards {
        let doors = door_caption(&keycard.opens, &[]).unwrap_or_default();
        notes.push(format!(
            "Keycard ({space}): {}",
            doors.replace("opens", "opens door")
        ));
    }
    for tile in &page.spaces.terrain {
        let spaces: Vec<String> = tile.spaces.iter().map(Space::to_string).collect();
        let keywords: Vec<&str> = tile.keywords.iter().map(|k| k.name()).collect();
        let name = tile.name.as_deref().unwrap_or("Terrain");
        notes.push(format!(
            "{name} ({}): {}",
            spaces.join(", "),
            keywords.join(", ")
        ));
    }
    let mut targets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (space, arrow) in &page.spaces.location_arrows {
        targets
            .entry(arrow.target.to_string())
            .or_default()
            .push(space.to_string());
    }
    for (target, spaces) in targets {
        notes.push(format!("{} leads to {target}", spaces.join(", ")));
    }
    notes
}

const LEGEND_ENTRY_WIDTH: f64 = 3.6;
const LEGEND_ROW: f64 = 0.78;
const LEGEND_SWATCH: f64 = 0.62;
const LEGEND_NOTE_ROW: f64 = 0.4;
/// Space between columns of notes.
const LEGEND_NOTE_GAP: f64 = 0.6;

/// What a legend shows.
pub(crate) struct Legend {
    /// A sample and a name for each symbol used.
    pub entries: Vec<(Sample, String)>,
    /// A line for each console, keycard, terrain tile and Location arrow.
    pub notes: Vec<String>,
    /// Whether notes go side by side in columns (down, then across) when
    /// they fit, rather than one per line.
    pub note_columns: bool,
}

/// Draws a legend with its top-left corner at `top_left`, at most `width`
/// spaces wide; returns its height.
pub(crate) fn draw_legend(scene: &mut Scene, legend: &Legend, top_left: Point, width: f64) -> f64 {
    let entries = &legend.entries;
    // Columns as wide as the longest name needs, as many as fit.
    let entry_width = entries
        .iter()
        .map(|(_, name)| LEGEND_SWATCH + 0.45 + font::measure(name, MARGIN_TEXT))
        .fold(LEGEND_ENTRY_WIDTH, f64::max)
        .min(width);
    let per_row = ((width / entry_width).floor() as usize).max(1);
    let mut y = top_left.y - 0.15;
    for (i, (sample, name)) in entries.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let left = top_left.x + col as f64 * entry_width;
        let top = top_left.y - 0.15 - row as f64 * LEGEND_ROW;
        let swatch = Rect::new(left, top - LEGEND_SWATCH, left + LEGEND_SWATCH, top);
        draw_sample(scene, sample, swatch);
        let text_width = entry_width - LEGEND_SWATCH - 0.3;
        let size = icons::fit(name, MARGIN_TEXT, text_width);
        scene.text(
            Layer::Margin,
            Point::new(swatch.max.x + 0.15, swatch.centre().y),
            name.clone(),
            size,
            palette::MARGIN_INK,
            Anchor::Left,
        );
        y = top - LEGEND_ROW;
    }
    let note_width = if legend.note_columns {
        legend
            .notes
            .iter()
            .map(|note| font::measure(note, MARGIN_TEXT) + LEGEND_NOTE_GAP)
            .fold(0.0, f64::max)
            .min(width)
    } else {
        width
    };
    let columns = ((width / note_width.max(1.0)).floor() as usize).max(1);
    let per_column = legend.notes.len().div_ceil(columns);
    for (i, note) in legend.notes.iter().enumerate() {
        let (col, row) = (i / per_column.max(1), i % per_column.max(1));
        let size = icons::fit(note, MARGIN_TEXT, note_width);
        let bottom = y - (row + 1) as f64 * LEGEND_NOTE_ROW;
        scene.text(
            Layer::Margin,
            Point::new(top_left.x + col as f64 * note_width, bottom + 0.1),
            note.clone(),
            size,
            palette::MARGIN_INK,
            Anchor::BottomLeft,
        );
    }
    y -= per_column as f64 * LEGEND_NOTE_ROW;
    top_left.y - y
}

fn draw_sample(scene: &mut Scene, sample: &Sample, swatch: Rect) {
    let centre = swatch.centre();
    let scale = swatch.width();
    let ground = match sample {
        Sample::Space(SpaceKind::OutOfBounds) | Sample::SpawnPoint | Sample::SpawnLink => {
            palette::GROUND
        }
        _ => palette::FLOOR,
    };
    scene.fill_rect(Layer::Margin, swatch, ground);
    let west = Point::new(swatch.min.x, centre.y);
    let east = Point::new(swatch.max.x, centre.y);
    match sample {
        Sample::Space(SpaceKind::Obstacle) => draw_obstacle(scene, swatch, scale),
        Sample::Space(_) => {}
        Sample::Icon(icon) => icons::space_icon(scene, icon, centre, scale),
        Sample::LocationArrow => {
            icons::location_arrow(
                scene,
                centre,
                Direction::East,
                deckplan_schema::enormity::PageId { book: 2, page: 1 },
                scale,
            );
        }
        Sample::ForcedArrow => icons::forced_arrow(scene, centre, Direction::East, scale),
        Sample::Edge(EdgeKind::Wall) => {
            scene.line(
                Layer::Walls,
                west,
                east,
                Stroke::solid(WALL_WIDTH * scale, palette::WALL),
            );
        }
        Sample::Edge(EdgeKind::RedLine) => scene.line(
            Layer::Barriers,
            west,
            east,
            Stroke::solid(RED_LINE_WIDTH * scale, palette::RED),
        ),
        Sample::Edge(EdgeKind::Door(number)) => {
            icons::door(scene, centre, Direction::East, *number, scale * 1.1);
        }
        Sample::Terrain(tint) => {
            scene.fill_rect(Layer::Terrain, swatch, tint.with_alpha(120));
            let corners = swatch.corners();
            scene.polygon(
                Layer::Terrain,
                corners,
                None,
                Some(Stroke::solid(0.045 * scale, *tint)),
            );
        }
        Sample::SpawnPoint => icons::spawn_point(scene, centre, scale * 1.2),
        Sample::SpawnLink => {
            scene.line(
                Layer::Junctions,
                swatch.min,
                swatch.max,
                Stroke::solid(0.035 * scale * 1.4, palette::RED).dashed(0.1 * scale, 0.07 * scale),
            );
        }
        Sample::Blip => icons::blip(scene, centre, Direction::East, scale * 1.2),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::draw::scene::Shape;
    use deckplan_schema::enormity::{PageId, Size};

    #[test]
    fn runs_merge_consecutive_edges_on_one_line() {
        let edges = [
            Edge::horizontal(0, 2),
            Edge::horizontal(1, 2),
            Edge::horizontal(3, 2),
            Edge::vertical(1, 0),
            Edge::vertical(1, 1),
            Edge::horizontal(2, 3),
        ];
        let merged = runs(edges);
        assert_eq!(
            merged,
            vec![
                (Edge::horizontal(0, 2), 2),
                (Edge::horizontal(3, 2), 1),
                (Edge::horizontal(2, 3), 1),
                (Edge::vertical(1, 0), 2),
            ]
        );
    }

    #[test]
    fn a_framed_page_has_room_for_its_margins() {
        let page = Page::new(
            PageId { book: 1, page: 1 },
            "SR",
            Size {
                columns: 4,
                rows: 3,
            },
        );
        let plain = page_scene(
            &page,
            &PageStyle {
                title: false,
                coordinates: false,
                legend: false,
            },
        );
        assert_eq!(plain.bounds, Rect::new(-0.35, -0.35, 4.35, 3.35));
        let full = page_scene(
            &page,
            &PageStyle {
                title: true,
                coordinates: true,
                legend: true,
            },
        );
        assert!(full.bounds.min.y < plain.bounds.min.y - 1.0);
        assert!(full.bounds.max.y > plain.bounds.max.y + 0.5);
        assert!(full.bounds.width() >= 9.0);
    }

    /// The orientation quadrant is printed in the bottom-left corner of every
    /// page, wherever the page is drawn: a white quarter disc at the origin.
    #[test]
    fn the_orientation_quadrant_is_in_the_bottom_left_corner() {
        let page = Page::new(
            PageId { book: 1, page: 1 },
            "SR",
            Size {
                columns: 4,
                rows: 3,
            },
        );
        let mut scene = Scene::default();
        let origin = Point::new(10.0, 20.0);
        draw_page(&mut scene, &page, origin);
        let quarter_discs: Vec<&Vec<Point>> = scene
            .layer(Layer::Markers)
            .iter()
            .filter_map(|shape| match shape {
                Shape::Polygon {
                    points,
                    fill: Some(fill),
                    ..
                } if *fill == Colour::WHITE => Some(points),
                _ => None,
            })
            .collect();
        assert_eq!(quarter_discs.len(), 1);
        let disc = quarter_discs[0];
        assert_eq!(disc[0], origin);
        for point in &disc[1..] {
            let (dx, dy) = (point.x - origin.x, point.y - origin.y);
            assert!(dx >= -1e-9 && dy >= -1e-9, "inside the page: {point:?}");
            assert!(((dx * dx + dy * dy).sqrt() - icons::QUADRANT_RADIUS).abs() < 1e-9);
        }
    }

    #[test]
    fn symbols_share_a_crowded_space() {
        assert_eq!(slots(1, false), vec![(0.0, 0.0, 1.0)]);
        assert_eq!(slots(2, false).len(), 2);
        let beside_arrow = slots(1, true);
        assert!(beside_arrow[0].2 < 0.5);
        assert_eq!(slots(5, false).len(), 5);
    }
}
