//! A whole pack laid out as its joins say, in one picture.
//!
//! Pages are placed by a breadth-first walk over the joins from the start page:
//! a join fixes where its `to` page lies relative to its `from` page (edge to
//! edge, shifted by the offset along the shared line), and walking a join
//! backwards fixes the other way round. The first placement of a page wins, so
//! a pack whose joins disagree (the linter reports that) still draws, and the
//! walk is deterministic because joins are visited in file order. Offsets may
//! be fractional — a misaligned join draws misaligned, which is the point.
//!
//! Pages no join reaches from the start are laid out the same way from the
//! first of them, as separate groups below the main one, so nothing is hidden.
//!
//! Coordinates go on the outer sides of pages only: a side is labelled when no
//! other page lies against it or within the band its labels take, so a row
//! letter never sits on a neighbour (see [`labelled_sides`]). One legend under
//! the picture covers every page: the symbols used anywhere, and each page's
//! notes prefixed with the page.

use std::collections::{BTreeMap, VecDeque};

use deckplan_schema::{Direction, Intersection, Join, Pack, Page, PageId, Size, Space};

use super::icons::palette;
use super::page::{
    COORDINATE_DEPTH, CoordinateLabel, Legend, coordinate_labels, draw_coordinate, draw_legend,
    draw_page, legend_entries, legend_notes, title,
};
use super::scene::{Anchor, Colour, Layer, Point, Rect, Scene, Stroke};

/// Where each page of a pack lies, in board units (bottom-left corners).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// Bottom-left corner of each page.
    pub origins: BTreeMap<PageId, Point>,
    /// The area all pages cover.
    pub bounds: Rect,
    /// Number of groups of pages not joined to each other (1 for a fully joined pack).
    pub groups: usize,
}

/// Gap between groups of pages not joined to each other, in spaces.
const GROUP_GAP: f64 = 2.0;

/// Where `join.to` lies relative to `join.from`, or `None` when the two edges
/// cannot touch (both east, say).
pub fn relative_origin(join: &Join, from: &Page, to: &Page) -> Option<Point> {
    let offset = join.offset.as_f64();
    let (from_w, from_h) = (f64::from(from.size.columns), f64::from(from.size.rows));
    let (to_w, to_h) = (f64::from(to.size.columns), f64::from(to.size.rows));
    match (join.from.side, join.to.side) {
        (Direction::East, Direction::West) => Some(Point::new(from_w, offset)),
        (Direction::West, Direction::East) => Some(Point::new(-to_w, offset)),
        (Direction::North, Direction::South) => Some(Point::new(offset, from_h)),
        (Direction::South, Direction::North) => Some(Point::new(offset, -to_h)),
        _ => None,
    }
}

/// Lays out the pages of a pack from its start page.
pub fn layout(pack: &Pack) -> Layout {
    let pages = &pack.pages;
    let mut origins: BTreeMap<PageId, Point> = BTreeMap::new();
    let mut bounds: Option<Rect> = None;
    let mut groups = 0;
    let first = pages
        .contains_key(&pack.start)
        .then_some(pack.start)
        .into_iter();
    let seeds: Vec<PageId> = first.chain(pages.keys().copied()).collect();
    for seed in seeds {
        if origins.contains_key(&seed) {
            continue;
        }
        let group = place_group(pack, seed);
        let Some(group_bounds) = group_bounds(pages, &group) else {
            continue;
        };
        // Each further group goes below the ones already placed, left-aligned.
        let shift = match bounds {
            None => Point::default(),
            Some(placed) => Point::new(
                placed.min.x - group_bounds.min.x,
                placed.min.y - GROUP_GAP - group_bounds.max.y,
            ),
        };
        for (id, origin) in group {
            origins.insert(id, origin.offset(shift.x, shift.y));
        }
        let moved = Rect::new(
            group_bounds.min.x + shift.x,
            group_bounds.min.y + shift.y,
            group_bounds.max.x + shift.x,
            group_bounds.max.y + shift.y,
        );
        bounds = Some(bounds.map_or(moved, |b| b.union(moved)));
        groups += 1;
    }
    Layout {
        origins,
        bounds: bounds.unwrap_or_default(),
        groups,
    }
}

/// Places every page joined (directly or not) to `seed`, with `seed` at the origin.
fn place_group(pack: &Pack, seed: PageId) -> BTreeMap<PageId, Point> {
    let mut placed = BTreeMap::from([(seed, Point::default())]);
    let mut queue = VecDeque::from([seed]);
    while let Some(current) = queue.pop_front() {
        let Some(&here) = placed.get(&current) else {
            continue;
        };
        for join in &pack.joins {
            let (other, forward) = if join.from.page == current {
                (join.to.page, true)
            } else if join.to.page == current {
                (join.from.page, false)
            } else {
                continue;
            };
            if placed.contains_key(&other) {
                continue;
            }
            let (Some(from), Some(to)) = (
                pack.pages.get(&join.from.page),
                pack.pages.get(&join.to.page),
            ) else {
                continue;
            };
            let Some(delta) = relative_origin(join, from, to) else {
                continue;
            };
            let origin = if forward {
                here.offset(delta.x, delta.y)
            } else {
                here.offset(-delta.x, -delta.y)
            };
            placed.insert(other, origin);
            queue.push_back(other);
        }
    }
    placed
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

fn group_bounds(pages: &BTreeMap<PageId, Page>, group: &BTreeMap<PageId, Point>) -> Option<Rect> {
    group
        .iter()
        .filter_map(|(id, origin)| Some(page_area(*origin, pages.get(id)?.size)))
        .reduce(Rect::union)
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
fn page_areas(pack: &Pack, placed: &Layout) -> BTreeMap<PageId, Rect> {
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
pub fn labelled_sides(pack: &Pack, placed: &Layout) -> BTreeMap<PageId, Vec<Direction>> {
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
pub(crate) fn layout_coordinates(pack: &Pack, placed: &Layout) -> Vec<(PageId, CoordinateLabel)> {
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
    let width = super::font::measure(&text, size) + 0.3;
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
        Layer::Pages,
        corners,
        Some(palette::GROUND.with_alpha(215)),
        Some(Stroke::solid(0.03, Colour::WHITE.with_alpha(180))),
    );
    scene.text(
        Layer::Pages,
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

    use deckplan_schema::{SourceFile, load};

    use super::*;
    use crate::draw::Shape;
    use crate::draw::page::Sample;

    fn bundled() -> Pack {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/derelict-meridian-tithe");
        load::load_pack(&path).unwrap().value.unwrap()
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
        let loaded = load::pack_file_from_source(&SourceFile::new("pack.toml", pack.into()));
        let mut pack = loaded.value.expect("the pack resolves");
        for (name, text) in [("p1.toml", p1), ("p2.toml", p2)] {
            let loaded = load::page_from_source(&SourceFile::new(name, text.into()));
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
