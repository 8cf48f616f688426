//! A rectangle of a page as a unit: cleared, copied, pasted (on the same
//! page or another), moved, turned and mirrored with everything in it.
//!
//! A copied rectangle is itself a small [`Page`] (a [`Clip`]) holding what
//! was in the rectangle, moved to its own corner: so turning a clip is
//! [`crate::enormity::transform`] on a page, and pasting is one rule for every kind of
//! feature. The rectangle takes the walls, red lines and doors on its own
//! outline along (a room moves with its walls), and the corners on it.
//! Pasting renumbers doors and consoles that would clash with ones left on
//! the page, and the consoles and keycards in the clip open their doors'
//! new numbers.

use std::collections::BTreeMap;

use deckplan_schema::enormity::{Axis, Edge, EdgeKind, Intersection, Page, Size, Space};

/// A rectangle of spaces on a page, its corners included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Area {
    /// The south-west space.
    pub min: Space,
    /// The north-east space.
    pub max: Space,
}

impl Area {
    /// The rectangle spanned by two spaces, in any order.
    pub fn spanning(a: Space, b: Space) -> Self {
        Self {
            min: Space {
                col: a.col.min(b.col),
                row: a.row.min(b.row),
            },
            max: Space {
                col: a.col.max(b.col),
                row: a.row.max(b.row),
            },
        }
    }

    /// Columns × rows.
    pub fn size(self) -> Size {
        Size {
            columns: self.max.col - self.min.col + 1,
            rows: self.max.row - self.min.row + 1,
        }
    }

    /// Whether a space is in it.
    pub fn contains(self, space: Space) -> bool {
        (self.min.col..=self.max.col).contains(&space.col)
            && (self.min.row..=self.max.row).contains(&space.row)
    }

    /// Whether a corner is in it or on its outline.
    pub fn contains_point(self, point: Intersection) -> bool {
        (self.min.col..=self.max.col + 1).contains(&point.x)
            && (self.min.row..=self.max.row + 1).contains(&point.y)
    }

    /// Whether an edge is in it or on its outline.
    pub fn contains_edge(self, edge: Edge) -> bool {
        let end = match edge.axis {
            Axis::Horizontal => Intersection {
                x: edge.x + 1,
                y: edge.y,
            },
            Axis::Vertical => Intersection {
                x: edge.x,
                y: edge.y + 1,
            },
        };
        self.contains_point(Intersection {
            x: edge.x,
            y: edge.y,
        }) && self.contains_point(end)
    }

    /// Every space in it.
    pub fn spaces(self) -> impl Iterator<Item = Space> {
        (self.min.row..=self.max.row)
            .flat_map(move |row| (self.min.col..=self.max.col).map(move |col| Space { row, col }))
    }
}

/// What a copied rectangle holds, as a page of the rectangle's size.
pub type Clip = Page;

/// A grid shift by whole spaces (may be negative).
#[derive(Clone, Copy)]
struct Shift {
    dx: i32,
    dy: i32,
    size: Size,
}

impl Shift {
    fn xy(self, x: u16, y: u16, limit_x: u16, limit_y: u16) -> Option<(u16, u16)> {
        let x = u16::try_from(i32::from(x) + self.dx).ok()?;
        let y = u16::try_from(i32::from(y) + self.dy).ok()?;
        (x <= limit_x && y <= limit_y).then_some((x, y))
    }

    fn space(self, space: Space) -> Option<Space> {
        let (col, row) = self.xy(
            space.col,
            space.row,
            self.size.columns.checked_sub(1)?,
            self.size.rows.checked_sub(1)?,
        )?;
        Some(Space { col, row })
    }

    fn point(self, point: Intersection) -> Option<Intersection> {
        let (x, y) = self.xy(point.x, point.y, self.size.columns, self.size.rows)?;
        Some(Intersection { x, y })
    }

    fn edge(self, edge: Edge) -> Option<Edge> {
        let start = self.point(Intersection {
            x: edge.x,
            y: edge.y,
        })?;
        let moved = Edge {
            x: start.x,
            y: start.y,
            ..edge
        };
        let end_ok = match edge.axis {
            Axis::Horizontal => start.x < self.size.columns,
            Axis::Vertical => start.y < self.size.rows,
        };
        end_ok.then_some(moved)
    }
}

/// Copies what is in `area` of `page` into a clip of the area's size.
pub fn copy(page: &Page, area: Area) -> Clip {
    let size = area.size();
    let shift = Shift {
        dx: -i32::from(area.min.col),
        dy: -i32::from(area.min.row),
        size,
    };
    let mut clip = Page::new(page.id, page.location.clone(), size);
    for space in area.spaces() {
        if let (Some(kind), Some(to)) = (page.kind(space), shift.space(space)) {
            clip.set_kind(to, kind);
        }
    }
    let mut rest = page.clone();
    keep_only(
        &mut rest,
        |space| area.contains(space),
        |point| area.contains_point(point),
        |edge| area.contains_edge(edge),
    );
    move_features(&rest, &mut clip, shift);
    clip
}

/// `page` with everything in `area` (and on its outline) removed; the
/// spaces themselves stay what they are.
pub fn cleared(page: &Page, area: Area) -> Page {
    let mut out = page.clone();
    keep_only(
        &mut out,
        |space| !area.contains(space),
        |point| !area.contains_point(point),
        |edge| !area.contains_edge(edge),
    );
    out
}

/// `page` with `clip` pasted with its south-west space on `at`: what was in
/// the rectangle is replaced, and whatever would fall off the page is left
/// out. Door and console numbers that would clash with ones left on the page
/// are renumbered.
pub fn pasted(page: &Page, clip: &Clip, at: Space) -> Page {
    let target = Area {
        min: at,
        max: Space {
            col: (at.col + clip.size.columns - 1).min(page.size.columns.saturating_sub(1)),
            row: (at.row + clip.size.rows - 1).min(page.size.rows.saturating_sub(1)),
        },
    };
    let mut out = cleared(page, target);
    let shift = Shift {
        dx: i32::from(at.col),
        dy: i32::from(at.row),
        size: page.size,
    };
    for row in 0..clip.size.rows {
        for col in 0..clip.size.columns {
            let space = Space { row, col };
            if let (Some(kind), Some(to)) = (clip.kind(space), shift.space(space)) {
                out.set_kind(to, kind);
            }
        }
    }
    let renumbered = renumber(clip, &out);
    move_features(&renumbered, &mut out, shift);
    out
}

/// The clip with doors and consoles renumbered where `onto` already uses
/// their numbers, and its openers following their doors.
fn renumber(clip: &Clip, onto: &Page) -> Clip {
    let mut doors_taken: Vec<u16> = onto
        .edges
        .values()
        .filter_map(|f| match f.kind {
            EdgeKind::Door(n) => Some(n),
            _ => None,
        })
        .collect();
    let mut door_map: BTreeMap<u16, u16> = BTreeMap::new();
    let mut out = clip.clone();
    for feature in out.edges.values_mut() {
        if let EdgeKind::Door(n) = feature.kind {
            let new = *door_map.entry(n).or_insert_with(|| {
                let free = if doors_taken.contains(&n) {
                    (1..=999).find(|k| !doors_taken.contains(k)).unwrap_or(n)
                } else {
                    n
                };
                doors_taken.push(free);
                free
            });
            feature.kind = EdgeKind::Door(new);
        }
    }
    let door = |n: &u16| door_map.get(n).copied().unwrap_or(*n);
    let mut consoles_taken: Vec<u16> = onto.spaces.consoles.keys().copied().collect();
    out.spaces.consoles = clip
        .spaces
        .consoles
        .iter()
        .map(|(n, console)| {
            let number = if consoles_taken.contains(n) {
                (1..=999)
                    .find(|k| !consoles_taken.contains(k))
                    .unwrap_or(*n)
            } else {
                *n
            };
            consoles_taken.push(number);
            let mut console = console.clone();
            console.opens = console.opens.iter().map(door).collect();
            console.closes = console.closes.iter().map(door).collect();
            (number, console)
        })
        .collect();
    for keycard in out.spaces.keycards.values_mut() {
        keycard.opens = keycard.opens.iter().map(door).collect();
    }
    out
}

/// Keeps the features on spaces, corners and edges that pass the tests.
fn keep_only(
    page: &mut Page,
    space: impl Fn(Space) -> bool,
    point: impl Fn(Intersection) -> bool,
    edge: impl Fn(Edge) -> bool,
) {
    page.edges.retain(|e, _| edge(*e));
    let features = &mut page.spaces;
    for tile in &mut features.terrain {
        tile.spaces.retain(|s| space(*s));
    }
    features.terrain.retain(|t| !t.spaces.is_empty());
    features.forced_arrows.retain(|s, _| space(*s));
    features.location_arrows.retain(|s, _| space(*s));
    features.consoles.retain(|_, c| space(c.at));
    features.keycards.retain(|s, _| space(*s));
    features.discoveries.retain(|s, _| space(*s));
    for spaces in features.markers.values_mut() {
        spaces.retain(|s, _| space(*s));
    }
    features.markers.retain(|_, spaces| !spaces.is_empty());
    let corners = &mut page.intersections;
    corners.spawn_points.retain(|p, _| point(*p));
    corners.spawn_links.retain(|l| point(l.a) && point(l.b));
    corners.blips.retain(|p, _| point(*p));
}

/// Adds the features of `from`, shifted, to `onto` (those that land on it).
fn move_features(from: &Page, onto: &mut Page, shift: Shift) {
    for (edge, feature) in &from.edges {
        if let Some(edge) = shift.edge(*edge) {
            onto.edges.insert(edge, *feature);
        }
    }
    let features = &from.spaces;
    for tile in &features.terrain {
        let mut tile = tile.clone();
        tile.spaces = tile.spaces.iter().filter_map(|s| shift.space(*s)).collect();
        if !tile.spaces.is_empty() {
            onto.spaces.terrain.push(tile);
        }
    }
    for (space, arrow) in &features.forced_arrows {
        if let Some(space) = shift.space(*space) {
            onto.spaces.forced_arrows.insert(space, *arrow);
        }
    }
    for (space, arrow) in &features.location_arrows {
        if let Some(space) = shift.space(*space) {
            onto.spaces.location_arrows.insert(space, *arrow);
        }
    }
    for (number, console) in &features.consoles {
        if let Some(at) = shift.space(console.at) {
            let mut console = console.clone();
            console.at = at;
            onto.spaces.consoles.insert(*number, console);
        }
    }
    for (space, keycard) in &features.keycards {
        if let Some(space) = shift.space(*space) {
            onto.spaces.keycards.insert(space, keycard.clone());
        }
    }
    for (space, discovery) in &features.discoveries {
        if let Some(space) = shift.space(*space) {
            onto.spaces.discoveries.insert(space, *discovery);
        }
    }
    for (marker, spaces) in &features.markers {
        for (space, span) in spaces {
            if let Some(space) = shift.space(*space) {
                onto.spaces
                    .markers
                    .entry(*marker)
                    .or_default()
                    .insert(space, *span);
            }
        }
    }
    let corners = &from.intersections;
    for (point, span) in &corners.spawn_points {
        if let Some(point) = shift.point(*point) {
            onto.intersections.spawn_points.insert(point, *span);
        }
    }
    for link in &corners.spawn_links {
        if let (Some(a), Some(b)) = (shift.point(link.a), shift.point(link.b)) {
            onto.intersections
                .spawn_links
                .push(deckplan_schema::enormity::model::SpawnLink { a, b, ..*link });
        }
    }
    for (point, blip) in &corners.blips {
        if let Some(point) = shift.point(*point) {
            onto.intersections.blips.insert(point, *blip);
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::enormity::PageId;
    use deckplan_schema::enormity::write::write_page;

    fn l1p1() -> Page {
        let pack = crate::enormity::testutil::bundled_pack();
        pack.pages[&PageId { book: 1, page: 1 }].clone()
    }

    fn whole(page: &Page) -> Area {
        Area {
            min: Space::new(0, 0),
            max: Space::new(page.size.columns - 1, page.size.rows - 1),
        }
    }

    #[test]
    fn the_whole_page_copied_and_pasted_back_is_the_same_page() {
        let page = l1p1();
        let clip = copy(&page, whole(&page));
        let back = pasted(&page, &clip, Space::new(0, 0));
        assert_eq!(write_page(&back), write_page(&page));
    }

    #[test]
    fn a_room_moved_takes_its_walls_and_console_along() {
        let page = l1p1();
        // Console 1 on H5; the rectangle G4–I6 around it.
        let area = Area::spanning(Space::new(3, 6), Space::new(5, 8));
        let console = page.spaces.consoles[&1].clone();
        assert!(area.contains(console.at));
        let walls_inside = page
            .edges
            .keys()
            .filter(|e| area.contains_edge(**e))
            .count();
        let clip = copy(&page, area);
        assert_eq!(
            clip.size,
            Size {
                columns: 3,
                rows: 3
            }
        );
        assert_eq!(clip.spaces.consoles[&1].at, Space::new(1, 1));
        assert_eq!(clip.edges.len(), walls_inside);

        // Moved one column east: cleared where it was, pasted where it goes.
        let moved = pasted(&cleared(&page, area), &clip, Space::new(4, 6));
        assert_eq!(moved.spaces.consoles[&1].at, Space::new(5, 7));
        assert_eq!(moved.spaces.consoles[&1].opens, console.opens);
    }

    #[test]
    fn a_pasted_copy_renumbers_clashing_doors_and_its_console_follows() {
        let page = l1p1();
        // Door 1 and console 1 (which opens it) are both in rows G–I.
        let area = Area::spanning(Space::new(0, 6), Space::new(11, 8));
        let clip = copy(&page, area);
        assert!(clip.edges.values().any(|f| f.kind == EdgeKind::Door(1)));
        // Pasted onto the bottom rows, the page keeps its own door 1 and console 1.
        let twice = pasted(&page, &clip, Space::new(0, 0));
        let doors: Vec<u16> = twice
            .edges
            .values()
            .filter_map(|f| match f.kind {
                EdgeKind::Door(n) => Some(n),
                _ => None,
            })
            .collect();
        let mut unique = doors.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), doors.len(), "{doors:?}");
        let consoles: Vec<(u16, Vec<u16>)> = twice
            .spaces
            .consoles
            .iter()
            .map(|(n, c)| (*n, c.opens.clone()))
            .collect();
        // The original console 1 opens door 1; the copy is console 2 and
        // opens the copy's door, renumbered.
        assert_eq!(consoles[0], (1, vec![1]));
        assert_eq!(consoles[1].0, 2);
        assert_ne!(consoles[1].1, vec![1]);
        assert!(doors.contains(&consoles[1].1[0]));
    }
}
