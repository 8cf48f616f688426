//! Drawing a page: pure functions of a [`Page`], a [`Geometry`] and a
//! [`Painter`], holding no state, so the editor's state and its look can
//! change independently (and a later renderer can reuse the look).
//!
//! Everything is drawn in layers, bottom to top: spaces, terrain tiles, the
//! grid, space features (arrows and badges), edges (red lines, walls, doors),
//! intersection features (spawn links, spawn points, Blips), the hover
//! highlight. Each layer loops over what lies inside the painter's clip rect
//! only, so a zoomed-in large page costs what the window shows.
//!
//! Sizes are fractions of a space, clamped to a few points, so the map reads
//! the same at any zoom; text is dropped when spaces get too small to hold it.

use std::collections::BTreeMap;

use deckplan_schema::coord::row_letters;
use deckplan_schema::{
    Axis, Background, Direction, Discovery, DiscoveryColour, Edge, EdgeKind, Intersection, Marker,
    Page, Space, SpaceKind,
};
use eframe::egui::{
    Align2, Color32, FontId, Painter, Pos2, Rect, Shape, Stroke, StrokeKind, TextureId, Vec2, pos2,
    vec2,
};

use crate::problems::Mark;
use crate::selection::Selection;
use crate::view::{Geometry, RULER_LEFT, RULER_TOP};

/// The colours of the map, in one place so the look can be tuned as a whole.
mod palette {
    use eframe::egui::Color32;

    pub const BOARD: Color32 = Color32::from_rgb(226, 226, 221);
    pub const OUT_OF_BOUNDS: Color32 = Color32::from_rgb(24, 24, 28);
    pub const OBSTACLE: Color32 = Color32::from_rgb(88, 88, 94);
    pub const OBSTACLE_MARK: Color32 = Color32::from_rgb(160, 160, 166);
    pub const GRID: Color32 = Color32::from_black_alpha(42);
    pub const PAGE_OUTLINE: Color32 = Color32::from_gray(110);
    pub const TILE_FILL: Color32 = Color32::from_rgba_unmultiplied_const(168, 118, 40, 80);
    pub const TILE_EDGE: Color32 = Color32::from_rgb(150, 100, 35);
    pub const TILE_INK: Color32 = Color32::from_rgb(105, 68, 20);
    pub const TILE_LABEL: Color32 = Color32::from_rgba_unmultiplied_const(250, 240, 218, 215);
    pub const WALL: Color32 = Color32::from_rgb(12, 12, 12);
    pub const RED_LINE: Color32 = Color32::from_rgb(216, 32, 32);
    pub const DOOR: Color32 = Color32::from_rgb(222, 128, 38);
    pub const DOOR_EDGE: Color32 = Color32::from_rgb(92, 50, 14);
    pub const DOOR_BADGE: Color32 = Color32::from_rgb(252, 238, 208);
    pub const FORCED_ARROW: Color32 = Color32::from_rgb(72, 82, 104);
    pub const LOCATION_ARROW: Color32 = Color32::from_rgb(24, 136, 76);
    pub const LOCATION_INK: Color32 = Color32::from_rgb(10, 86, 44);
    pub const EXTRACTION: Color32 = Color32::from_rgb(20, 150, 80);
    pub const EXTRACTION_FILL: Color32 = Color32::from_rgba_unmultiplied_const(20, 150, 80, 50);
    pub const SPAWN: Color32 = Color32::from_rgb(212, 36, 36);
    pub const SPAWN_EDGE: Color32 = Color32::from_rgb(110, 12, 12);
    pub const BLIP: Color32 = Color32::from_rgb(112, 32, 150);
    pub const HIGHLIGHT: Color32 = Color32::from_rgb(30, 120, 235);
    pub const SELECTION: Color32 = Color32::from_rgb(20, 100, 230);
    pub const ERROR: Color32 = Color32::from_rgb(230, 40, 40);
    pub const WARNING: Color32 = Color32::from_rgb(240, 160, 20);
    pub const WHITE: Color32 = Color32::WHITE;
    pub const DARK_INK: Color32 = Color32::from_rgb(30, 30, 30);
}

/// Spaces smaller than this (in points) get no text: it would be unreadable.
const MIN_TEXT_CELL: f32 = 14.0;

/// What the pointer is over, to be outlined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// The space under the pointer.
    pub space: Option<Space>,
    /// The intersection near the pointer.
    pub intersection: Option<Intersection>,
}

/// A scan drawn under the page's features: its texture and size in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scan {
    /// The uploaded image.
    pub texture: TextureId,
    /// Its size in pixels.
    pub size: [usize; 2],
}

/// What to draw besides the map itself.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Layers {
    /// The faint grid lines.
    pub grid: bool,
    /// The page's background scan, when it is loaded.
    pub scan: Option<Scan>,
    /// The hover highlight.
    pub highlight: Highlight,
}

/// Draws `page` with `painter`, skipping whatever lies outside the painter's clip rect.
pub fn draw_page(painter: &Painter, page: &Page, geo: &Geometry, layers: Layers) {
    let highlight = layers.highlight;
    let clip = painter.clip_rect();
    let (cols, rows) = geo.visible(clip);
    let visible_spaces = || {
        rows.clone()
            .flat_map(move |row| cols.clone().map(move |col| Space::new(col, row)))
    };
    // Features are kept in maps keyed by position; a margin keeps things that
    // overhang their space (walls, badges) from popping in at the border.
    let near = clip.expand(geo.cell * 0.5);
    let shows = |space: Space| near.intersects(geo.space_rect(space));

    draw_spaces(painter, page, geo, visible_spaces());
    if let (Some(scan), Some(background)) = (layers.scan, &page.background) {
        draw_scan(painter, geo, scan, background);
    }
    draw_terrain(painter, page, geo, &shows);
    if layers.grid {
        draw_grid(painter, geo, clip);
    } else {
        draw_outline(painter, geo);
    }
    draw_space_features(painter, page, geo, &shows);
    draw_edges(painter, page, geo, near);
    draw_intersections(painter, page, geo, near);
    draw_highlight(painter, geo, highlight);
}

/// Board, out-of-bounds and obstacle spaces.
fn draw_spaces(
    painter: &Painter,
    page: &Page,
    geo: &Geometry,
    spaces: impl Iterator<Item = Space>,
) {
    // One light rectangle for the page, then only the dark spaces on top: far
    // fewer shapes, and no anti-aliasing seams between neighbouring board spaces.
    let board = geo.page_rect().intersect(painter.clip_rect());
    if board.is_positive() {
        painter.rect_filled(board, 0.0, palette::BOARD);
    }
    for space in spaces {
        let rect = geo.space_rect(space);
        match page.kind(space) {
            Some(SpaceKind::OutOfBounds) => {
                // Grown by half a point so neighbours overlap and no seam shows.
                painter.rect_filled(rect.expand(0.5), 0.0, palette::OUT_OF_BOUNDS);
            }
            Some(SpaceKind::Obstacle) => {
                painter.rect_filled(rect.expand(0.5), 0.0, palette::OBSTACLE);
                let mark = rect.shrink(geo.cell * 0.22);
                let stroke = Stroke::new((geo.cell * 0.06).clamp(1.0, 4.0), palette::OBSTACLE_MARK);
                painter.line_segment([mark.left_top(), mark.right_bottom()], stroke);
                painter.line_segment([mark.right_top(), mark.left_bottom()], stroke);
            }
            Some(SpaceKind::Board) | None => {}
        }
    }
}

/// Terrain tiles: a tinted area with an outline around the whole tile and its name.
fn draw_terrain(painter: &Painter, page: &Page, geo: &Geometry, shows: &impl Fn(Space) -> bool) {
    let stroke = Stroke::new((geo.cell * 0.05).clamp(1.0, 3.0), palette::TILE_EDGE);
    for tile in &page.spaces.terrain {
        if !tile.spaces.iter().any(|s| shows(*s)) {
            continue;
        }
        for &space in &tile.spaces {
            painter.rect_filled(geo.space_rect(space), 0.0, palette::TILE_FILL);
            for side in Direction::ALL {
                let inside = space.step(side).is_some_and(|n| tile.spaces.contains(&n));
                if !inside {
                    painter.line_segment(geo.edge_ends(space.side(side)), stroke);
                }
            }
        }
        if geo.cell >= MIN_TEXT_CELL
            && let Some(first) = tile.spaces.first()
        {
            let label = match &tile.name {
                Some(name) => name.clone(),
                None => tile
                    .keywords
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let rect = geo.space_rect(*first);
            let font = FontId::proportional((geo.cell * 0.17).clamp(8.0, 15.0));
            let galley = painter.layout_no_wrap(label, font, palette::TILE_INK);
            let at = rect.left_top() + vec2(geo.cell * 0.06, geo.cell * 0.04);
            // A pale label backing keeps the name readable on dark obstacle spaces too.
            painter.rect_filled(
                Rect::from_min_size(at, galley.size()).expand(2.0),
                2.0,
                palette::TILE_LABEL,
            );
            painter.galley(at, galley, palette::TILE_INK);
        }
    }
}

/// A background scan: its bottom-left corner at the offset (in spaces from
/// the page's bottom-left corner), `scale` pixels to a space, at its opacity.
fn draw_scan(painter: &Painter, geo: &Geometry, scan: Scan, background: &Background) {
    let scale = background.scale.max(Background::MIN_SCALE) as f32;
    let (x, y) = (background.offset[0] as f32, background.offset[1] as f32);
    let (width, height) = (scan.size[0] as f32 / scale, scan.size[1] as f32 / scale);
    let rect = Rect::from_two_pos(geo.at(x, y), geo.at(x + width, y + height));
    let alpha = (background.opacity.clamp(0.0, 1.0) * 255.0).round() as u8;
    // Only the part over the page: the margins of a scan would spill under the rulers.
    let painter = painter.with_clip_rect(painter.clip_rect().intersect(geo.page_rect()));
    painter.image(
        scan.texture,
        rect,
        Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
        Color32::from_white_alpha(alpha),
    );
}

/// The page outline alone (when the grid is hidden).
fn draw_outline(painter: &Painter, geo: &Geometry) {
    painter.rect_stroke(
        geo.page_rect(),
        0.0,
        Stroke::new(1.0, palette::PAGE_OUTLINE),
        StrokeKind::Outside,
    );
}

/// Faint grid lines over the visible part of the page, and the page outline.
fn draw_grid(painter: &Painter, geo: &Geometry, clip: Rect) {
    let (cols, rows) = geo.visible(clip);
    if cols.is_empty() || rows.is_empty() {
        return;
    }
    let stroke = Stroke::new(1.0, palette::GRID);
    let (west, east) = (f32::from(cols.start), f32::from(cols.end));
    let (south, north) = (f32::from(rows.start), f32::from(rows.end));
    for x in cols.start..=cols.end {
        let x = f32::from(x);
        painter.line_segment([geo.at(x, south), geo.at(x, north)], stroke);
    }
    for y in rows.start..=rows.end {
        let y = f32::from(y);
        painter.line_segment([geo.at(west, y), geo.at(east, y)], stroke);
    }
    painter.rect_stroke(
        geo.page_rect(),
        0.0,
        Stroke::new(1.0, palette::PAGE_OUTLINE),
        StrokeKind::Outside,
    );
}

/// A small labelled token drawn on a space: markers, consoles, keycards, discoveries.
struct Badge {
    text: String,
    fill: Color32,
    ink: Color32,
    shape: BadgeShape,
}

#[derive(Clone, Copy)]
enum BadgeShape {
    /// A round token (or a pill, when the text is wide).
    Round,
    /// A rounded square: things you operate (consoles, keycards).
    Square,
    /// A warning triangle.
    Triangle,
}

impl Badge {
    fn new(text: impl Into<String>, fill: Color32, ink: Color32, shape: BadgeShape) -> Self {
        Self {
            text: text.into(),
            fill,
            ink,
            shape,
        }
    }
}

/// The badge for a simple marker. Letters follow the rulebook's names (S for
/// Spacer start, I for Intruder start, X for the Extraction Point).
fn marker_badge(marker: Marker) -> Badge {
    use BadgeShape::{Round, Triangle};
    match marker {
        Marker::GearCache => Badge::new(
            "G",
            Color32::from_rgb(232, 172, 34),
            palette::DARK_INK,
            Round,
        ),
        Marker::Engram => Badge::new("E", Color32::from_rgb(28, 160, 184), palette::WHITE, Round),
        Marker::Objective => Badge::new(
            "O",
            Color32::from_rgb(245, 206, 40),
            palette::DARK_INK,
            Round,
        ),
        Marker::Dangerous => Badge::new(
            "!",
            Color32::from_rgb(226, 70, 24),
            palette::WHITE,
            Triangle,
        ),
        Marker::IntruderStart => {
            Badge::new("I", Color32::from_rgb(150, 36, 120), palette::WHITE, Round)
        }
        Marker::SpacerStart => {
            Badge::new("S", Color32::from_rgb(36, 110, 210), palette::WHITE, Round)
        }
        Marker::ExtractionPoint => Badge::new("X", palette::EXTRACTION, palette::WHITE, Round),
    }
}

fn discovery_badge(discovery: Discovery) -> Badge {
    match discovery {
        Discovery::Numbered(n) => Badge::new(
            format!("D{n}"),
            palette::WHITE,
            palette::DARK_INK,
            BadgeShape::Round,
        ),
        Discovery::Coloured(colour) => {
            let (fill, ink) = match colour {
                DiscoveryColour::Blue => (Color32::from_rgb(40, 92, 220), palette::WHITE),
                DiscoveryColour::Yellow => (Color32::from_rgb(238, 204, 30), palette::DARK_INK),
                DiscoveryColour::Red => (Color32::from_rgb(200, 30, 40), palette::WHITE),
            };
            Badge::new("?", fill, ink, BadgeShape::Round)
        }
    }
}

/// Arrows, the Extraction Point ring and the badges of every visible space.
fn draw_space_features(
    painter: &Painter,
    page: &Page,
    geo: &Geometry,
    shows: &impl Fn(Space) -> bool,
) {
    let features = &page.spaces;
    let cell = geo.cell;
    for (&space, arrow) in features.forced_arrows.iter().filter(|(s, _)| shows(**s)) {
        let centre = geo.space_rect(space).center();
        let shape = ArrowShape {
            length: cell * 0.62,
            shaft: cell * 0.14,
            head_width: cell * 0.42,
            head_length: cell * 0.26,
        };
        shape.paint(
            painter,
            centre,
            screen_direction(arrow.direction),
            palette::FORCED_ARROW,
        );
    }
    for (&space, arrow) in features.location_arrows.iter().filter(|(s, _)| shows(**s)) {
        let rect = geo.space_rect(space);
        let shape = ArrowShape {
            length: cell * 0.56,
            shaft: cell * 0.16,
            head_width: cell * 0.44,
            head_length: cell * 0.24,
        };
        let centre = rect.center() - vec2(0.0, cell * 0.1);
        shape.paint(
            painter,
            centre,
            screen_direction(arrow.direction),
            palette::LOCATION_ARROW,
        );
        if cell >= MIN_TEXT_CELL {
            painter.text(
                rect.center_bottom() - vec2(0.0, cell * 0.04),
                Align2::CENTER_BOTTOM,
                arrow.target.to_string(),
                FontId::proportional((cell * 0.22).clamp(8.0, 20.0)),
                palette::LOCATION_INK,
            );
        }
    }
    for (space, _) in features
        .marked(Marker::ExtractionPoint)
        .filter(|(s, _)| shows(*s))
    {
        let centre = geo.space_rect(space).center();
        let radius = cell * 0.44;
        painter.circle_filled(centre, radius, palette::EXTRACTION_FILL);
        painter.circle_stroke(
            centre,
            radius,
            Stroke::new((cell * 0.07).clamp(2.0, 6.0), palette::EXTRACTION),
        );
    }

    // Gather every badge by space first, so several on one space share it instead of overlapping.
    let mut badges: BTreeMap<Space, Vec<Badge>> = BTreeMap::new();
    for console in features.consoles.iter().filter(|(_, c)| shows(c.at)) {
        let (number, console) = console;
        badges.entry(console.at).or_default().push(Badge::new(
            format!("C{number}"),
            Color32::from_rgb(46, 86, 140),
            palette::WHITE,
            BadgeShape::Square,
        ));
    }
    for (&space, _) in features.keycards.iter().filter(|(s, _)| shows(**s)) {
        badges.entry(space).or_default().push(Badge::new(
            "K",
            Color32::from_rgb(22, 128, 128),
            palette::WHITE,
            BadgeShape::Square,
        ));
    }
    for (&space, discovery) in features.discoveries.iter().filter(|(s, _)| shows(**s)) {
        badges
            .entry(space)
            .or_default()
            .push(discovery_badge(discovery.discovery));
    }
    for marker in Marker::ALL {
        for (space, _) in features.marked(marker).filter(|(s, _)| shows(*s)) {
            badges.entry(space).or_default().push(marker_badge(marker));
        }
    }
    for (space, list) in &badges {
        draw_badges(painter, geo, *space, list);
    }
}

/// Lays out up to nine badges on a space: one in the middle, two side by
/// side, up to four in the corners, more in a 3×3 grid.
fn draw_badges(painter: &Painter, geo: &Geometry, space: Space, badges: &[Badge]) {
    let cell = geo.cell;
    let centre = geo.space_rect(space).center();
    let (radius, slots): (f32, &[(f32, f32)]) = match badges.len() {
        0 => return,
        1 => (0.22, &[(0.0, 0.0)]),
        2 => (0.18, &[(-0.22, 0.0), (0.22, 0.0)]),
        3 | 4 => (
            0.17,
            &[(-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22)],
        ),
        _ => (
            0.12,
            &[
                (-0.3, -0.3),
                (0.0, -0.3),
                (0.3, -0.3),
                (-0.3, 0.0),
                (0.0, 0.0),
                (0.3, 0.0),
                (-0.3, 0.3),
                (0.0, 0.3),
                (0.3, 0.3),
            ],
        ),
    };
    let radius = cell * radius;
    for (badge, (dx, dy)) in badges.iter().zip(slots) {
        draw_badge(
            painter,
            centre + vec2(*dx, *dy) * cell,
            radius,
            badge,
            cell >= MIN_TEXT_CELL,
        );
    }
}

fn draw_badge(painter: &Painter, centre: Pos2, radius: f32, badge: &Badge, with_text: bool) {
    let outline = Stroke::new((radius * 0.12).clamp(1.0, 2.0), palette::DARK_INK);
    let font = FontId::proportional(radius * 1.15);
    let galley = with_text.then(|| painter.layout_no_wrap(badge.text.clone(), font, badge.ink));
    let text_width = galley.as_ref().map_or(0.0, |g| g.size().x);
    match badge.shape {
        BadgeShape::Round | BadgeShape::Square => {
            let size = vec2((text_width + radius * 0.7).max(radius * 2.0), radius * 2.0);
            let rect = Rect::from_center_size(centre, size);
            let rounding = match badge.shape {
                BadgeShape::Round => radius,
                _ => radius * 0.3,
            };
            painter.rect(rect, rounding, badge.fill, outline, StrokeKind::Inside);
        }
        BadgeShape::Triangle => {
            let r = radius * 1.2;
            let points = vec![
                centre + vec2(0.0, -r),
                centre + vec2(r * 0.95, r * 0.7),
                centre + vec2(-r * 0.95, r * 0.7),
            ];
            painter.add(Shape::convex_polygon(points, badge.fill, outline));
        }
    }
    if let Some(galley) = galley {
        let nudge = match badge.shape {
            BadgeShape::Triangle => vec2(0.0, radius * 0.2),
            _ => Vec2::ZERO,
        };
        let pos = centre + nudge - galley.size() * 0.5;
        painter.galley(pos, galley, badge.ink);
    }
}

/// Red lines, then walls, then doors on top (a door usually sits in a wall).
fn draw_edges(painter: &Painter, page: &Page, geo: &Geometry, near: Rect) {
    let cell = geo.cell;
    let visible = |edge: &Edge| {
        let [a, b] = geo.edge_ends(*edge);
        near.intersects(Rect::from_two_pos(a, b))
    };
    let edges: Vec<(Edge, EdgeKind)> = page
        .edges
        .iter()
        .filter(|(edge, _)| visible(edge))
        .map(|(edge, feature)| (*edge, feature.kind))
        .collect();

    let red = Stroke::new((cell * 0.09).clamp(2.0, 12.0), palette::RED_LINE);
    let wall = Stroke::new((cell * 0.13).clamp(2.5, 16.0), palette::WALL);
    for (kind, stroke) in [(EdgeKind::RedLine, red), (EdgeKind::Wall, wall)] {
        let of_kind = edges.iter().filter(|(_, k)| *k == kind).map(|(e, _)| *e);
        for [start, end] in runs(of_kind) {
            let ends = [geo.edge_ends(start)[0], geo.edge_ends(end)[1]];
            painter.line_segment(ends, stroke);
            // Round caps, so runs meeting at a corner join without a notch.
            for end in ends {
                painter.circle_filled(end, stroke.width * 0.5, stroke.color);
            }
        }
    }
    for (edge, kind) in &edges {
        if let EdgeKind::Door(number) = kind {
            draw_door(painter, geo, *edge, *number);
        }
    }
}

/// Joins edges into straight runs, each as its first and last edge: one line
/// per run draws cleanly, where unit segments would show a bump at every cap.
fn runs(edges: impl Iterator<Item = Edge>) -> Vec<[Edge; 2]> {
    // Sort along each grid line: by line, then position on it.
    let mut sorted: Vec<Edge> = edges.collect();
    let line_and_place = |e: &Edge| match e.axis {
        Axis::Horizontal => (e.axis, e.y, e.x),
        Axis::Vertical => (e.axis, e.x, e.y),
    };
    sorted.sort_by_key(line_and_place);
    let mut runs: Vec<[Edge; 2]> = Vec::new();
    for edge in sorted {
        if let Some(run) = runs.last_mut() {
            let (axis, line, place) = line_and_place(&run[1]);
            if line_and_place(&edge) == (axis, line, place.saturating_add(1)) {
                run[1] = edge;
                continue;
            }
        }
        runs.push([edge, edge]);
    }
    runs
}

/// A door: an orange bar along the edge with its number in a round badge.
fn draw_door(painter: &Painter, geo: &Geometry, edge: Edge, number: u16) {
    let cell = geo.cell;
    let [a, b] = geo.edge_ends(edge);
    let mid = a.lerp(b, 0.5);
    let (long, thick) = (cell * 0.74, (cell * 0.2).clamp(4.0, 28.0));
    let size = match edge.axis {
        Axis::Horizontal => vec2(long, thick),
        Axis::Vertical => vec2(thick, long),
    };
    let bar = Rect::from_center_size(mid, size);
    painter.rect(
        bar,
        thick * 0.25,
        palette::DOOR,
        Stroke::new((cell * 0.025).clamp(1.0, 2.0), palette::DOOR_EDGE),
        StrokeKind::Inside,
    );
    if cell >= MIN_TEXT_CELL {
        let radius = (cell * 0.15).clamp(6.0, 24.0);
        painter.circle(
            mid,
            radius,
            palette::DOOR_BADGE,
            Stroke::new(1.5, palette::DOOR_EDGE),
        );
        painter.text(
            mid,
            Align2::CENTER_CENTER,
            number.to_string(),
            FontId::proportional(radius * 1.25),
            palette::DOOR_EDGE,
        );
    }
}

/// Spawn links (dashed), spawn points and starting Blips.
fn draw_intersections(painter: &Painter, page: &Page, geo: &Geometry, near: Rect) {
    let cell = geo.cell;
    let features = &page.intersections;
    let link = Stroke::new((cell * 0.05).clamp(1.5, 4.0), palette::SPAWN);
    for spawn_link in &features.spawn_links {
        let (a, b) = (geo.point(spawn_link.a), geo.point(spawn_link.b));
        if near.intersects(Rect::from_two_pos(a, b)) {
            painter.extend(Shape::dashed_line(&[a, b], link, cell * 0.2, cell * 0.12));
        }
    }
    let radius = (cell * 0.15).clamp(3.0, 24.0);
    for point in features.spawn_points.keys() {
        let at = geo.point(*point);
        if near.contains(at) {
            painter.circle(
                at,
                radius,
                palette::SPAWN,
                Stroke::new(1.5, palette::SPAWN_EDGE),
            );
            painter.circle_filled(at, radius * 0.38, palette::WHITE);
        }
    }
    let dot = (cell * 0.12).clamp(3.0, 20.0);
    let arrow = ArrowShape {
        length: cell * 0.36,
        shaft: (cell * 0.07).max(1.5),
        head_width: cell * 0.24,
        head_length: cell * 0.16,
    };
    for (point, blip) in &features.blips {
        let at = geo.point(*point);
        if near.contains(at) {
            let direction = screen_direction(blip.direction);
            arrow.paint(
                painter,
                at + direction * (dot + arrow.length * 0.5),
                direction,
                palette::BLIP,
            );
            painter.circle(at, dot, palette::BLIP, Stroke::new(1.5, palette::WHITE));
        }
    }
}

/// The selected place: a bold outline that reads on light and dark spaces.
pub fn draw_selection(painter: &Painter, geo: &Geometry, selection: Selection) {
    let stroke = Stroke::new(3.0, palette::SELECTION);
    let halo = Stroke::new(6.0, Color32::from_white_alpha(170));
    match selection {
        Selection::None => {}
        Selection::Space { space, .. } => {
            let rect = geo.space_rect(space);
            painter.rect_stroke(rect, 2.0, halo, StrokeKind::Inside);
            painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Inside);
        }
        Selection::Edge { edge, .. } => {
            let ends = geo.edge_ends(edge);
            painter.line_segment(
                ends,
                Stroke::new((geo.cell * 0.2).clamp(6.0, 20.0), halo.color),
            );
            painter.line_segment(
                ends,
                Stroke::new((geo.cell * 0.1).clamp(3.0, 10.0), stroke.color),
            );
        }
        Selection::Intersection { point, .. } => {
            let radius = (geo.cell * 0.26).clamp(7.0, 24.0);
            painter.circle_stroke(geo.point(point), radius, halo);
            painter.circle_stroke(geo.point(point), radius, stroke);
        }
    }
}

/// How a problem is marked on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkStyle {
    /// An error (red).
    Error,
    /// A warning (amber).
    Warning,
}

/// Outlines a problem's place: red for errors, amber for warnings; the
/// problem selected in the panel gets a thicker, pulsing outline.
pub fn draw_mark(
    painter: &Painter,
    geo: &Geometry,
    mark: Mark,
    style: MarkStyle,
    selected: bool,
    pulse: f32,
) {
    let colour = match style {
        MarkStyle::Error => palette::ERROR,
        MarkStyle::Warning => palette::WARNING,
    };
    let width = if selected { 3.0 + 2.0 * pulse } else { 2.0 };
    let stroke = Stroke::new(width, colour);
    let grow = if selected { 2.0 + 4.0 * pulse } else { 0.0 };
    // The focused problem gets a pale halo under its outline, so it reads on
    // dark out-of-bounds spaces and over the blue selection alike.
    let halo = Stroke::new(width + 4.0, Color32::from_white_alpha(200));
    match mark {
        Mark::Space(space) => {
            let rect = geo.space_rect(space).shrink(1.5).expand(grow);
            let fill = colour.gamma_multiply(if selected { 0.28 } else { 0.16 });
            painter.rect_filled(rect, 3.0, fill);
            if selected {
                painter.rect_stroke(rect, 3.0, halo, StrokeKind::Middle);
            }
            painter.rect_stroke(rect, 3.0, stroke, StrokeKind::Middle);
        }
        Mark::Edge(edge) => {
            let [a, b] = geo.edge_ends(edge);
            let rect = Rect::from_two_pos(a, b).expand((geo.cell * 0.16).max(4.0) + grow);
            if selected {
                painter.rect_stroke(rect, 4.0, halo, StrokeKind::Middle);
            }
            painter.rect_stroke(rect, 4.0, stroke, StrokeKind::Middle);
        }
        Mark::Intersection(point) => {
            let radius = (geo.cell * 0.3).clamp(7.0, 28.0) + grow;
            if selected {
                painter.circle_stroke(geo.point(point), radius, halo);
            }
            painter.circle_stroke(geo.point(point), radius, stroke);
        }
        Mark::Link(a, b) => {
            let (a, b) = (geo.point(a), geo.point(b));
            painter.line_segment([a, b], Stroke::new(width + 4.0, colour.gamma_multiply(0.5)));
        }
        Mark::Page => {
            painter.rect_stroke(
                geo.page_rect().expand(3.0 + grow),
                2.0,
                stroke,
                StrokeKind::Outside,
            );
        }
        Mark::Join(..) => {}
    }
}

fn draw_highlight(painter: &Painter, geo: &Geometry, highlight: Highlight) {
    let stroke = Stroke::new(2.0, palette::HIGHLIGHT);
    if let Some(space) = highlight.space {
        painter.rect_stroke(geo.space_rect(space), 0.0, stroke, StrokeKind::Inside);
    }
    if let Some(point) = highlight.intersection {
        painter.circle_stroke(geo.point(point), (geo.cell * 0.22).clamp(5.0, 20.0), stroke);
    }
}

/// Row letters down the left and column numbers along the top. They follow
/// the page while it is in view and stick to the canvas edge when it is
/// panned past, so the coordinates stay readable at any zoom.
pub fn draw_rulers(
    painter: &Painter,
    geo: &Geometry,
    highlight: Option<Space>,
    backdrop: Color32,
    ink: Color32,
) {
    let canvas = painter.clip_rect();
    let page = geo.page_rect();
    let (cols, rows) = geo.visible(canvas);
    let font = FontId::proportional(13.0);
    // Label every row and column while the labels fit, else every second, fifth, tenth …
    let step = |room: f32| {
        [1_u16, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000]
            .into_iter()
            .find(|s| f32::from(*s) * geo.cell >= room)
            .unwrap_or(5000)
    };
    let widest_number = geo.size.columns.to_string().len() as f32;
    let (row_step, col_step) = (step(16.0), step(widest_number * 8.0 + 6.0));
    let colour = |hit: bool| if hit { palette::HIGHLIGHT } else { ink };

    let x = (page.left() - 6.0).max(canvas.left() + RULER_LEFT - 6.0);
    if page.left() - RULER_LEFT < canvas.left() {
        let strip = Rect::from_min_max(
            canvas.min,
            pos2(canvas.left() + RULER_LEFT, canvas.bottom()),
        );
        painter.rect_filled(strip, 0.0, backdrop);
    }
    // Labels of rows and columns scrolled under the other ruler are left out.
    let (first_x, first_y) = (canvas.left() + RULER_LEFT, canvas.top() + RULER_TOP);
    for row in rows.filter(|r| r % row_step == 0) {
        let y = geo.at(0.0, f32::from(row) + 0.5).y;
        if y < first_y {
            continue;
        }
        let hit = highlight.is_some_and(|s| s.row == row);
        painter.text(
            pos2(x, y),
            Align2::RIGHT_CENTER,
            row_letters(row),
            font.clone(),
            colour(hit),
        );
    }

    let y = (page.top() - 4.0).max(canvas.top() + RULER_TOP - 4.0);
    if page.top() - RULER_TOP < canvas.top() {
        let strip = Rect::from_min_max(canvas.min, pos2(canvas.right(), canvas.top() + RULER_TOP));
        painter.rect_filled(strip, 0.0, backdrop);
    }
    for col in cols.filter(|c| (c + 1) % col_step == 0) {
        let x = geo.at(f32::from(col) + 0.5, 0.0).x;
        if x < first_x {
            continue;
        }
        let hit = highlight.is_some_and(|s| s.col == col);
        let label = (u32::from(col) + 1).to_string();
        painter.text(
            pos2(x, y),
            Align2::CENTER_BOTTOM,
            label,
            font.clone(),
            colour(hit),
        );
    }
}

/// A filled arrow: a shaft and a triangular head, centred on a point.
#[derive(Clone, Copy)]
struct ArrowShape {
    /// Tail to tip.
    length: f32,
    /// Width of the shaft.
    shaft: f32,
    /// Width of the head at its base.
    head_width: f32,
    /// Base of the head to tip.
    head_length: f32,
}

impl ArrowShape {
    /// Paints the arrow centred on `centre`, pointing along the unit vector `direction`.
    fn paint(self, painter: &Painter, centre: Pos2, direction: Vec2, fill: Color32) {
        let across = direction.rot90();
        let tail = centre - direction * (self.length * 0.5);
        let tip = centre + direction * (self.length * 0.5);
        let base = tip - direction * self.head_length;
        let half = self.shaft * 0.5;
        // Two convex pieces: egui fills convex polygons only.
        let shaft = vec![
            tail + across * half,
            base + across * half,
            base - across * half,
            tail - across * half,
        ];
        painter.add(Shape::convex_polygon(shaft, fill, Stroke::NONE));
        let wing = across * (self.head_width * 0.5);
        let head = vec![tip, base - wing, base + wing];
        painter.add(Shape::convex_polygon(head, fill, Stroke::NONE));
    }
}

/// A compass direction as a unit vector on screen, where y grows downwards.
fn screen_direction(direction: Direction) -> Vec2 {
    match direction {
        Direction::North => vec2(0.0, -1.0),
        Direction::East => vec2(1.0, 0.0),
        Direction::South => vec2(0.0, 1.0),
        Direction::West => vec2(-1.0, 0.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_join_into_straight_runs() {
        let edges = [
            Edge::horizontal(3, 2),
            Edge::horizontal(1, 2),
            Edge::horizontal(2, 2),
            Edge::horizontal(2, 5),
            Edge::vertical(2, 2),
            Edge::vertical(2, 3),
            Edge::vertical(2, 5),
        ];
        assert_eq!(
            runs(edges.into_iter()),
            [
                [Edge::horizontal(1, 2), Edge::horizontal(3, 2)],
                [Edge::horizontal(2, 5), Edge::horizontal(2, 5)],
                [Edge::vertical(2, 2), Edge::vertical(2, 3)],
                [Edge::vertical(2, 5), Edge::vertical(2, 5)],
            ]
        );
    }
}
