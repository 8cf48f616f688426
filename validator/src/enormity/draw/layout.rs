//! A whole pack laid out as its joins say, in one picture.
//!
//! Where pages lie is not worked out here: the [`PackLayout`] of the board (the
//! one join geometry, in exact hundredths of a space) places them, and this
//! module only arranges that for a picture — each group of pages not joined to
//! the start page goes below the groups already drawn, left-aligned — and
//! converts hundredths to board units at the very end. So a pack whose joins
//! disagree draws as the checks see it (the first placement of a page wins), and
//! a misaligned join draws misaligned, which is the point.
//!
//! Coordinates go on the outer sides of pages only: a side is labelled when no
//! other page lies against it or within the band its labels take, so a row
//! letter never sits on a neighbour (see [`labelled_sides`]). One legend under
//! the picture covers every page: the symbols used anywhere, and each page's
//! notes prefixed with the page.

use std::collections::BTreeMap;

use deckplan_schema::enormity::{Direction, Intersection, Pack, Page, PageId, Size, Space};

use super::icons::palette;
use super::page::{
    COORDINATE_DEPTH, CoordinateLabel, Legend, coordinate_labels, draw_coordinate, draw_legend,
    draw_page, legend_entries, legend_notes, title,
};
use crate::draw::scene::{Anchor, Colour, Layer, Point, Rect, Scene, Stroke};
use crate::enormity::board::layout::{PackLayout, Placement, UNIT};

/// Where each page of a pack lies in a picture of the whole pack: the
/// [`PackLayout`] with groups of pages not joined to each other stacked one
/// under the other.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PictureLayout {
    /// Each page's rectangle in the picture, exact, in hundredths of a space.
    pub placements: BTreeMap<PageId, Placement>,
    /// Bottom-left corner of each page, in board units.
    pub origins: BTreeMap<PageId, Point>,
    /// The area all pages cover, in board units.
    pub bounds: Rect,
    /// Number of groups of pages not joined to each other (1 for a fully joined pack).
    pub groups: usize,
}

/// Gap between groups of pages not joined to each other, in hundredths of a space.
const GROUP_GAP: i64 = 2 * UNIT;

/// Lays out the pages of a pack from its start page, for a picture.
pub fn layout(pack: &Pack) -> PictureLayout {
    PictureLayout::new(&PackLayout::new(pack))
}

/// A rectangle in hundredths of a space: west, south, east, north.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Extent([i64; 4]);

impl Extent {
    fn of(p: &Placement) -> Self {
        Self([p.x, p.y, p.x + p.width, p.y + p.height])
    }

    fn union(self, other: Self) -> Self {
        let ([a0, a1, a2, a3], [b0, b1, b2, b3]) = (self.0, other.0);
        Self([a0.min(b0), a1.min(b1), a2.max(b2), a3.max(b3)])
    }

    fn shifted(self, dx: i64, dy: i64) -> Self {
        let [x0, y0, x1, y1] = self.0;
        Self([x0 + dx, y0 + dy, x1 + dx, y1 + dy])
    }
}

/// Hundredths of a space in board units: the one place the exact layout
/// becomes floating point.
fn board_units(hundredths: i64) -> f64 {
    hundredths as f64 / UNIT as f64
}

impl PictureLayout {
    /// Arranges a pack's layout for a picture: the first group (the start
    /// page's, when it loaded) with its first page's corner at the origin, each
    /// further group, in the order the layout found them, below the ones
    /// placed so far, left-aligned with them.
    pub fn new(placed: &PackLayout) -> Self {
        // Each group's pages relative to its root (the layout puts groups not
        // joined to the start page far to the east), keyed by the order in
        // which the root was placed.
        let mut groups: BTreeMap<usize, Vec<(PageId, Placement)>> = BTreeMap::new();
        for (id, origin) in &placed.origins {
            let (Some(root), Some(root_at), Some(at)) = (
                placed.origins.get(&origin.root),
                placed.placements.get(&origin.root),
                placed.placements.get(id),
            ) else {
                continue;
            };
            let relative = Placement {
                x: at.x - root_at.x,
                y: at.y - root_at.y,
                ..*at
            };
            groups.entry(root.order).or_default().push((*id, relative));
        }
        let mut this = Self::default();
        let mut bounds: Option<Extent> = None;
        for pages in groups.values() {
            let Some(extent) = pages
                .iter()
                .map(|(_, at)| Extent::of(at))
                .reduce(Extent::union)
            else {
                continue;
            };
            let [x0, _, _, y1] = extent.0;
            let (dx, dy) = match bounds {
                None => (0, 0),
                Some(Extent([px0, py0, _, _])) => (px0 - x0, py0 - GROUP_GAP - y1),
            };
            for (id, at) in pages {
                let moved = Placement {
                    x: at.x + dx,
                    y: at.y + dy,
                    ..*at
                };
                this.placements.insert(*id, moved);
            }
            let moved = extent.shifted(dx, dy);
            bounds = Some(bounds.map_or(moved, |b| b.union(moved)));
            this.groups += 1;
        }
        this.origins = this
            .placements
            .iter()
            .map(|(id, at)| (*id, Point::new(board_units(at.x), board_units(at.y))))
            .collect();
        if let Some(Extent([x0, y0, x1, y1])) = bounds {
            this.bounds = Rect::new(
                board_units(x0),
                board_units(y0),
                board_units(x1),
                board_units(y1),
            );
        }
        this
    }
}

/// The area a page of `size` covers with its bottom-left corner at `origin`.
fn page_area(origin: Point, size: Size) -> Rect {
    Rect::new(
        origin.x,
        origin.y,
        origin.x + f64::from(size.columns),
        origin.y + f64::from(size.rows),
    )
}

/// What to draw around a pack layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutStyle {
    /// The pack's name above the layout.
    pub title: bool,
    /// A label with the page and Location in each page's corner.
    pub page_labels: bool,
    /// Row letters and column numbers on the outer sides of pages.
    pub coordinates: bool,
    /// One legend for the whole pack under the layout.
    pub legend: bool,
}

impl Default for LayoutStyle {
    fn default() -> Self {
        Self {
            title: true,
            page_labels: true,
            coordinates: false,
            legend: false,
        }
    }
}

const MARGIN: f64 = 0.5;

/// The area of each placed page, in board units.
fn page_areas(pack: &Pack, placed: &PictureLayout) -> BTreeMap<PageId, Rect> {
    placed
        .origins
        .iter()
        .filter_map(|(id, origin)| Some((*id, page_area(*origin, pack.pages.get(id)?.size))))
        .collect()
}

/// The band beside one side of a page's area where its coordinates go.
fn side_band(area: Rect, side: Direction) -> Rect {
    let depth = COORDINATE_DEPTH;
    match side {
        Direction::North => Rect::new(area.min.x, area.max.y, area.max.x, area.max.y + depth),
        Direction::South => Rect::new(area.min.x, area.min.y - depth, area.max.x, area.min.y),
        Direction::East => Rect::new(area.max.x, area.min.y, area.max.x + depth, area.max.y),
        Direction::West => Rect::new(area.min.x - depth, area.min.y, area.min.x, area.max.y),
    }
}

/// Whether two rectangles share some area; touching does not count, and
/// neither does a sliver thinner than floating-point noise.
fn overlap(a: Rect, b: Rect) -> bool {
    const NOISE: f64 = 1e-9;
    a.min.x < b.max.x - NOISE
        && b.min.x < a.max.x - NOISE
        && a.min.y < b.max.y - NOISE
        && b.min.y < a.max.y - NOISE
}

/// The sides of each page that get coordinates in a layout: those whose band
/// no other page lies in — neither a neighbour against the side (even along
/// part of it) nor one less than a band away.
pub fn labelled_sides(pack: &Pack, placed: &PictureLayout) -> BTreeMap<PageId, Vec<Direction>> {
    let areas = page_areas(pack, placed);
    areas
        .iter()
        .map(|(id, area)| {
            let free = Direction::ALL.into_iter().filter(|side| {
                let band = side_band(*area, *side);
                areas
                    .iter()
                    .all(|(other, other_area)| other == id || !overlap(band, *other_area))
            });
            (*id, free.collect())
        })
        .collect()
}

/// The coordinate labels of a layout, with their pages: those on the
/// [`labelled_sides`], less any in the band of another page's labelled side
/// (where two pages meet at a corner, both leave the shared square empty).
pub(crate) fn layout_coordinates(
    pack: &Pack,
    placed: &PictureLayout,
) -> Vec<(PageId, CoordinateLabel)> {
    let areas = page_areas(pack, placed);
    let sides = labelled_sides(pack, placed);
    let bands: Vec<(PageId, Rect)> = sides
        .iter()
        .filter_map(|(id, sides)| Some((*id, *areas.get(id)?, sides)))
        .flat_map(|(id, area, sides)| sides.iter().map(move |side| (id, side_band(area, *side))))
        .collect();
    let mut labels = Vec::new();
    for (id, origin) in &placed.origins {
        let (Some(page), Some(sides)) = (pack.pages.get(id), sides.get(id)) else {
            continue;
        };
        for label in coordinate_labels(page, *origin) {
            let crowded = bands
                .iter()
                .any(|(other, band)| other != id && overlap(*band, label.cell));
            if sides.contains(&label.side) && !crowded {
                labels.push((*id, label));
            }
        }
    }
    labels
}

/// The legend of a whole pack: every symbol used on any page, and each page's
/// notes prefixed with the page (`L1p2 Console 1 (C3): opens door 2`).
pub(crate) fn pack_legend(pack: &Pack) -> Legend {
    let pages: Vec<&Page> = pack.pages.values().collect();
    let notes = pages
        .iter()
        .flat_map(|page| {
            let notes = legend_notes(page);
            notes.into_iter().map(|note| format!("{} {note}", page.id))
        })
        .collect();
    Legend {
        entries: legend_entries(&pages),
        notes,
        note_columns: true,
    }
}

/// The whole pack in one scene.
pub fn pack_scene(pack: &Pack, style: &LayoutStyle) -> Scene {
    let placed = layout(pack);
    let edge = if style.coordinates {
        COORDINATE_DEPTH.max(MARGIN)
    } else {
        MARGIN
    };
    let mut bounds = placed.bounds.grow(edge, edge, edge, edge);
    let mut scene = Scene::new(bounds);
    for (id, origin) in &placed.origins {
        let Some(page) = pack.pages.get(id) else {
            continue;
        };
        draw_page(&mut scene, page, *origin);
        let area = page_area(*origin, page.size);
        outline_page(&mut scene, area);
        if style.page_labels {
            label_page(&mut scene, page, area);
        }
    }
    if style.coordinates {
        for (_, label) in layout_coordinates(pack, &placed) {
            draw_coordinate(&mut scene, label);
        }
    }
    if style.title {
        let size = 0.6;
        scene.text(
            Layer::Margin,
            Point::new(placed.bounds.min.x, bounds.max.y + 0.1),
            pack.name.clone(),
            size,
            palette::MARGIN_INK,
            Anchor::BottomLeft,
        );
        bounds.max.y += size + 0.4;
    }
    if style.legend {
        let left = placed.bounds.min.x;
        let top = bounds.min.y - 0.15;
        let width = (bounds.width() - 2.0 * edge).max(9.0);
        let height = draw_legend(&mut scene, &pack_legend(pack), Point::new(left, top), width);
        bounds.min.y = top - height - MARGIN;
        bounds.max.x = bounds.max.x.max(left + width + MARGIN);
    }
    scene.bounds = bounds;
    scene
}

/// A thin light frame showing where one page ends and the next begins.
fn outline_page(scene: &mut Scene, area: Rect) {
    let corners = area.corners();
    scene.polygon(
        Layer::Grid,
        corners,
        None,
        Some(Stroke::solid(
            0.05,
            Colour::rgb(230, 232, 235).with_alpha(200),
        )),
    );
}

/// The page id and Location in a dark tab in a corner of the page: the first
/// of top-left, top-right, bottom-left and bottom-right where the tab covers
/// only out-of-bounds spaces with nothing on their corners, else top-left.
fn label_page(scene: &mut Scene, page: &Page, area: Rect) {
    let text = title(page);
    let size = 0.3;
    let width = crate::draw::font::measure(&text, size) + 0.3;
    let height = size + 0.16;
    let covered = (width + 0.1).ceil().max(1.0) as u16;
    let size_of = page.size;
    let last_row = size_of.rows.saturating_sub(1);
    let last_col = size_of.columns.saturating_sub(covered);
    let candidates = [
        (false, true, 0, last_row),
        (true, true, last_col, last_row),
        (false, false, 0, 0),
        (true, false, last_col, 0),
    ];
    let free = |first_col: u16, row: u16| {
        covered <= size_of.columns
            && (first_col..first_col + covered).all(|col| !page.is_board(Space::new(col, row)))
            && (first_col..=first_col + covered).all(|x| {
                (row..=row + 1).all(|y| {
                    let point = Intersection { x, y };
                    !page.intersections.spawn_points.contains_key(&point)
                        && !page.intersections.blips.contains_key(&point)
                })
            })
    };
    let (right, top) = candidates
        .iter()
        .find(|(_, _, col, row)| free(*col, *row))
        .map_or((false, true), |(right, top, _, _)| (*right, *top));
    let left = if right {
        area.max.x - 0.08 - width
    } else {
        area.min.x + 0.08
    };
    let bottom = if top {
        area.max.y - 0.08 - height
    } else {
        area.min.y + 0.08
    };
    let tab = Rect::new(left, bottom, left + width, bottom + height);
    let corners = tab.corners();
    scene.polygon(
        Layer::Outlines,
        corners,
        Some(palette::GROUND.with_alpha(215)),
        Some(Stroke::solid(0.03, Colour::WHITE.with_alpha(180))),
    );
    scene.text(
        Layer::Outlines,
        Point::new(tab.min.x + 0.15, tab.centre().y),
        text,
        size,
        Colour::WHITE,
        Anchor::Left,
    );
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use deckplan_schema::SourceFile;

    use super::*;
    use crate::draw::Shape;
    use crate::enormity::draw::page::Sample;

    fn bundled() -> Pack {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
        deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&path))
            .unwrap()
            .value
            .unwrap()
    }

    /// Two pages: L1p1 (3 × 2) with a wall, a door and the console opening
    /// it; L1p2 (2 × 3) against its east side one row up, with a keycard, a
    /// spawn point and a Location arrow.
    fn two_pages() -> Pack {
        let pack = r#"format = 1
name = "Two"
ruleset = "enormity"
start = "L1p1"
pages = ["p1.toml", "p2.toml"]

[[books]]
number = 1

[[locations]]
designation = "TD"
name = "Tithe Docks"

[[joins]]
from = "L1p1 east"
to = "L1p2 west"
offset = 1
"#;
        let p1 = r#"format = 1
book = 1
page = 1
location = "TD"
grid = """
B ...
A ..#
"""

[edges]
walls = ["A1 north"]
doors = [{ number = 1, at = "A2 north" }]

[spaces]
consoles = [{ number = 1, at = "A1", opens = [1] }]
"#;
        let p2 = r#"format = 1
book = 1
page = 2
location = "TD"
grid = """
C ..
B ..
A ..
"""

[edges]
doors = [{ number = 1, at = "B1 north" }]

[spaces]
location_arrows = [{ at = "C2", direction = "north", target = "L1p3" }]
keycards = [{ at = "A1", opens = [1] }]

[intersections]
spawn_points = ["B2 ne"]
"#;
        let loaded = deckplan_schema::enormity::load::pack_file_from_source(&SourceFile::new(
            "pack.toml",
            pack.into(),
        ));
        let mut pack = loaded.value.expect("the pack resolves");
        for (name, text) in [("p1.toml", p1), ("p2.toml", p2)] {
            let loaded = deckplan_schema::enormity::load::page_from_source(&SourceFile::new(
                name,
                text.into(),
            ));
            assert!(loaded.errors.is_empty(), "{name}: {:?}", loaded.errors);
            let page = loaded.value.unwrap();
            pack.pages.insert(page.id, page);
        }
        pack
    }

    fn id(text: &str) -> PageId {
        PageId::parse(text).unwrap()
    }

    #[test]
    fn coordinates_go_on_the_sides_no_page_lies_against() {
        use Direction::{East, North, South, West};
        let pack = bundled();
        let sides = labelled_sides(&pack, &layout(&pack));
        let expected: BTreeMap<PageId, Vec<Direction>> = [
            ("L1p1", vec![North, South, West]),
            ("L1p2", vec![South]),
            ("L1p3", vec![North, West]),
            ("L1p4", vec![North, East, South]),
            ("L2p1", vec![North, South]),
            ("L2p2", vec![North, East]),
            ("L2p3", vec![South, West]),
            ("L2p4", vec![North, East, South]),
        ]
        .into_iter()
        .map(|(page, sides)| (id(page), sides))
        .collect();
        assert_eq!(sides, expected);
    }

    #[test]
    fn pages_meeting_at_a_corner_leave_the_shared_square_empty() {
        // L2p1's south side ends where L2p3's west side begins, half a space
        // over: L2p1's column 12 and L2p3's top row, K, would sit in each
        // other's band.
        let pack = bundled();
        let labels = layout_coordinates(&pack, &layout(&pack));
        let texts = |page: &str, side: Direction| -> Vec<String> {
            labels
                .iter()
                .filter(|(p, label)| *p == id(page) && label.side == side)
                .map(|(_, label)| label.text.clone())
                .collect()
        };
        let numbers: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
        assert_eq!(texts("L2p1", Direction::South), numbers);
        assert_eq!(texts("L2p1", Direction::North).len(), 12);
        let letters = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"];
        assert_eq!(texts("L2p3", Direction::West), letters[..10]);
        assert_eq!(texts("L2p3", Direction::South).len(), 11);
    }

    #[test]
    fn a_layout_draws_coordinates_only_on_outer_sides() {
        let pack = two_pages();
        let style = LayoutStyle {
            title: false,
            page_labels: false,
            coordinates: true,
            legend: false,
        };
        let scene = pack_scene(&pack, &style);
        let mut drawn: Vec<(String, f64, f64)> = scene
            .layer(Layer::Margin)
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text(t) => Some((t.text.clone(), t.at.x, t.at.y)),
                _ => None,
            })
            .collect();
        drawn.sort_by(|a, b| a.partial_cmp(b).unwrap());
        // L1p1 lies at (0, 0), L1p2 at (3, 1); labels stand 0.625 off the side.
        // L1p1's east side is L1p2's west side (in part): neither is labelled.
        let mut expected: Vec<(String, f64, f64)> = vec![
            // L1p1: row letters west, column numbers south and north.
            ("A".into(), -0.625, 0.5),
            ("B".into(), -0.625, 1.5),
            ("1".into(), 0.5, -0.625),
            ("2".into(), 1.5, -0.625),
            ("3".into(), 2.5, -0.625),
            ("1".into(), 0.5, 2.625),
            ("2".into(), 1.5, 2.625),
            ("3".into(), 2.5, 2.625),
            // L1p2: row letters east, column numbers south (beside L1p1's
            // free east row A) and north.
            ("A".into(), 5.625, 1.5),
            ("B".into(), 5.625, 2.5),
            ("C".into(), 5.625, 3.5),
            ("1".into(), 3.5, 0.375),
            ("2".into(), 4.5, 0.375),
            ("1".into(), 3.5, 4.625),
            ("2".into(), 4.5, 4.625),
        ];
        expected.sort_by(|a, b| a.partial_cmp(b).unwrap());
        assert_eq!(drawn.len(), expected.len(), "{drawn:?}");
        for (got, want) in drawn.iter().zip(&expected) {
            assert_eq!(got.0, want.0);
            assert!((got.1 - want.1).abs() < 1e-9 && (got.2 - want.2).abs() < 1e-9);
        }
    }

    #[test]
    fn a_pack_legend_is_the_union_of_its_pages() {
        let pack = two_pages();
        let names = |entries: Vec<(Sample, String)>| -> Vec<String> {
            entries.into_iter().map(|(_, name)| name).collect()
        };
        let legend = pack_legend(&pack);
        let all = names(legend.entries);
        assert_eq!(
            all,
            [
                "board space",
                "out of bounds",
                "wall",
                "door (closed)",
                "Location arrow",
                "console",
                "keycard",
                "spawn point",
            ]
        );
        let p1 = names(legend_entries(&[&pack.pages[&id("L1p1")]]));
        let p2 = names(legend_entries(&[&pack.pages[&id("L1p2")]]));
        let union: BTreeSet<&String> = p1.iter().chain(&p2).collect();
        assert_eq!(union, all.iter().collect::<BTreeSet<_>>());
        assert_eq!(
            legend.notes,
            [
                "L1p1 Console 1 (A1): opens door 1",
                "L1p2 Keycard (A1): opens door 1",
                "L1p2 C2 leads to L1p3",
            ]
        );
        // And all of it is drawn under the layout.
        let style = LayoutStyle {
            legend: true,
            ..LayoutStyle::default()
        };
        let scene = pack_scene(&pack, &style);
        let texts: Vec<&str> = scene
            .layer(Layer::Margin)
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text(t) => Some(t.text.as_str()),
                _ => None,
            })
            .collect();
        for text in all.iter().chain(&legend.notes) {
            assert!(texts.contains(&text.as_str()), "{text} is not drawn");
        }
        let below = scene.bounds.min.y;
        assert!(below < -3.0, "the legend is under the map: {below}");
    }
}
