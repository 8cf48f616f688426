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

use std::collections::{BTreeMap, VecDeque};

use deckplan_schema::{Direction, Intersection, Join, Pack, Page, PageId, Space};

use super::icons::palette;
use super::page::{draw_page, title};
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

fn group_bounds(pages: &BTreeMap<PageId, Page>, group: &BTreeMap<PageId, Point>) -> Option<Rect> {
    group
        .iter()
        .filter_map(|(id, origin)| {
            let page = pages.get(id)?;
            Some(Rect::new(
                origin.x,
                origin.y,
                origin.x + f64::from(page.size.columns),
                origin.y + f64::from(page.size.rows),
            ))
        })
        .reduce(Rect::union)
}

/// What to draw around a pack layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutStyle {
    /// The pack's name above the layout.
    pub title: bool,
    /// A label with the page and Location in each page's corner.
    pub page_labels: bool,
}

impl Default for LayoutStyle {
    fn default() -> Self {
        Self {
            title: true,
            page_labels: true,
        }
    }
}

const MARGIN: f64 = 0.5;

/// The whole pack in one scene.
pub fn pack_scene(pack: &Pack, style: &LayoutStyle) -> Scene {
    let placed = layout(pack);
    let mut bounds = placed.bounds.grow(MARGIN, MARGIN, MARGIN, MARGIN);
    let mut scene = Scene::new(bounds);
    for (id, origin) in &placed.origins {
        let Some(page) = pack.pages.get(id) else {
            continue;
        };
        draw_page(&mut scene, page, *origin);
        let area = Rect::new(
            origin.x,
            origin.y,
            origin.x + f64::from(page.size.columns),
            origin.y + f64::from(page.size.rows),
        );
        outline_page(&mut scene, area);
        if style.page_labels {
            label_page(&mut scene, page, area);
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
    scene.bounds = bounds;
    scene
}

/// A thin light frame showing where one page ends and the next begins.
fn outline_page(scene: &mut Scene, area: Rect) {
    let corners = vec![
        area.min,
        Point::new(area.max.x, area.min.y),
        area.max,
        Point::new(area.min.x, area.max.y),
    ];
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
    let corners = vec![
        tab.min,
        Point::new(tab.max.x, tab.min.y),
        tab.max,
        Point::new(tab.min.x, tab.max.y),
    ];
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
