//! Recipes for user operations: given the current pack and what the user did,
//! the [`Edit`]s that do it. Tools, the inspector and the page panel call
//! these and record the result; nothing here changes the pack or knows about
//! egui, so each operation is tested on plain data.

use std::collections::BTreeSet;

use deckplan_schema::enormity::model::{Join, Keyword, Offset, PageFile, TerrainTile};
use deckplan_schema::{
    Span,
    enormity::{
        Axis, Direction, Edge, EdgeKind, Intersection, Marker, Pack, Page, PageEdge, PageId, Size,
        Space, SpaceKind,
    },
};
use deckplan_validator::enormity::board::layout::{PackLayout, place_across};

use crate::enormity::describe;
use crate::enormity::edit::Edit;

/// The lowest door number not used on the page nor in `taken`.
pub fn next_door_number(page: &Page, taken: &BTreeSet<u16>) -> u16 {
    let used: BTreeSet<u16> = page
        .edges
        .values()
        .filter_map(|f| match f.kind {
            EdgeKind::Door(n) => Some(n),
            _ => None,
        })
        .chain(taken.iter().copied())
        .collect();
    (1..=999).find(|n| !used.contains(n)).unwrap_or(999)
}

/// The lowest console number not used on the page.
pub fn next_console_number(page: &Page) -> u16 {
    (1..=999)
        .find(|n| !page.spaces.consoles.contains_key(n))
        .unwrap_or(999)
}

/// The door numbers on a page, in order.
pub fn doors(page: &Page) -> Vec<u16> {
    let mut doors: Vec<u16> = page
        .edges
        .values()
        .filter_map(|f| match f.kind {
            EdgeKind::Door(n) => Some(n),
            _ => None,
        })
        .collect();
    doors.sort_unstable();
    doors
}

/// The unit edges along grid lines from `a` to `b`: along the row line first
/// when `row_first`, then along the column line (an L when the two are not
/// on one line).
pub fn edges_between(a: Intersection, b: Intersection, row_first: bool) -> Vec<Edge> {
    let mut edges = Vec::new();
    let horizontal = |y: u16, x0: u16, x1: u16, edges: &mut Vec<Edge>| {
        let (lo, hi) = (x0.min(x1), x0.max(x1));
        edges.extend((lo..hi).map(|x| Edge::horizontal(x, y)));
    };
    let vertical = |x: u16, y0: u16, y1: u16, edges: &mut Vec<Edge>| {
        let (lo, hi) = (y0.min(y1), y0.max(y1));
        edges.extend((lo..hi).map(|y| Edge::vertical(x, y)));
    };
    if row_first {
        horizontal(a.y, a.x, b.x, &mut edges);
        vertical(b.x, a.y, b.y, &mut edges);
    } else {
        vertical(a.x, a.y, b.y, &mut edges);
        horizontal(b.y, a.x, b.x, &mut edges);
    }
    edges
}

/// Every space of the rectangle with corners `a` and `b`, in reading order.
pub fn rectangle(a: Space, b: Space) -> Vec<Space> {
    let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
    let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
    (r0..=r1)
        .rev()
        .flat_map(|row| (c0..=c1).map(move |col| Space::new(col, row)))
        .collect()
}

/// Sets the spaces to `kind`, skipping those that already are.
pub fn paint_spaces(page: &Page, spaces: &[Space], kind: SpaceKind) -> Vec<Edit> {
    spaces
        .iter()
        .filter(|s| page.kind(**s).is_some_and(|k| k != kind))
        .map(|&space| Edit::SpaceKind {
            page: page.id,
            space,
            kind,
        })
        .collect()
}

/// The page's tiles with `spaces` taken out of them (a space belongs to at
/// most one tile); tiles left empty are dropped.
fn tiles_without(page: &Page, spaces: &[Space]) -> Vec<TerrainTile> {
    page.spaces
        .terrain
        .iter()
        .filter_map(|tile| {
            let mut tile = tile.clone();
            tile.spaces.retain(|s| !spaces.contains(s));
            (!tile.spaces.is_empty()).then_some(tile)
        })
        .collect()
}

/// A new terrain tile over `spaces` (taken out of any tile they were in).
pub fn add_tile(page: &Page, spaces: &[Space], keywords: &[Keyword], name: Option<String>) -> Edit {
    let mut tiles = tiles_without(page, spaces);
    let mut covered: Vec<Space> = spaces
        .iter()
        .copied()
        .filter(|s| page.size.contains(*s))
        .collect();
    covered.sort_by_key(|s| s.reading_order());
    covered.dedup();
    let mut keywords = keywords.to_vec();
    keywords.sort();
    keywords.dedup();
    if !covered.is_empty() {
        tiles.push(TerrainTile {
            name: name.filter(|n| !n.trim().is_empty()),
            spaces: covered,
            keywords,
            span: Span::default(),
        });
    }
    tiles.sort_by_key(|t| t.spaces.first().map(|s| s.reading_order()));
    Edit::Terrain {
        page: page.id,
        tiles,
    }
}

/// The index of the tile covering a space.
pub fn tile_at(page: &Page, space: Space) -> Option<usize> {
    page.spaces
        .terrain
        .iter()
        .position(|t| t.spaces.contains(&space))
}

/// Everything on a space, as edits that remove it (its kind stays; it leaves its tile).
pub fn clear_space(page: &Page, space: Space) -> Vec<Edit> {
    let id = page.id;
    let features = &page.spaces;
    let mut edits = Vec::new();
    for marker in Marker::ALL {
        if features.marked(marker).any(|(s, _)| s == space) {
            edits.push(Edit::Marker {
                page: id,
                marker,
                space,
                present: false,
            });
        }
    }
    for (number, _) in features.consoles.iter().filter(|(_, c)| c.at == space) {
        edits.push(Edit::Console {
            page: id,
            number: *number,
            console: None,
        });
    }
    if features.keycards.contains_key(&space) {
        edits.push(Edit::Keycard {
            page: id,
            space,
            opens: None,
        });
    }
    if features.discoveries.contains_key(&space) {
        edits.push(Edit::Discovery {
            page: id,
            space,
            discovery: None,
        });
    }
    if features.forced_arrows.contains_key(&space) {
        edits.push(Edit::ForcedArrow {
            page: id,
            space,
            direction: None,
        });
    }
    if features.location_arrows.contains_key(&space) {
        edits.push(Edit::LocationArrow {
            page: id,
            space,
            arrow: None,
        });
    }
    if tile_at(page, space).is_some() {
        edits.push(Edit::Terrain {
            page: id,
            tiles: tiles_without(page, &[space]),
        });
    }
    edits
}

/// Moves the markers, consoles, keycard, discovery and arrows of one space to
/// another, replacing what the target had of the same kinds.
pub fn move_space(page: &Page, from: Space, to: Space) -> Vec<Edit> {
    if from == to || !page.size.contains(to) {
        return Vec::new();
    }
    let id = page.id;
    let features = &page.spaces;
    let mut edits = Vec::new();
    for marker in Marker::ALL {
        if features.marked(marker).any(|(s, _)| s == from) {
            edits.push(Edit::Marker {
                page: id,
                marker,
                space: from,
                present: false,
            });
            edits.push(Edit::Marker {
                page: id,
                marker,
                space: to,
                present: true,
            });
        }
    }
    for (number, console) in features.consoles.iter().filter(|(_, c)| c.at == from) {
        let mut moved = console.clone();
        moved.at = to;
        edits.push(Edit::Console {
            page: id,
            number: *number,
            console: Some(moved),
        });
    }
    if let Some(keycard) = features.keycards.get(&from) {
        edits.push(Edit::Keycard {
            page: id,
            space: from,
            opens: None,
        });
        edits.push(Edit::Keycard {
            page: id,
            space: to,
            opens: Some(keycard.opens.clone()),
        });
    }
    if let Some(discovery) = features.discoveries.get(&from) {
        edits.push(Edit::Discovery {
            page: id,
            space: from,
            discovery: None,
        });
        edits.push(Edit::Discovery {
            page: id,
            space: to,
            discovery: Some(discovery.discovery),
        });
    }
    if let Some(arrow) = features.forced_arrows.get(&from) {
        edits.push(Edit::ForcedArrow {
            page: id,
            space: from,
            direction: None,
        });
        edits.push(Edit::ForcedArrow {
            page: id,
            space: to,
            direction: Some(arrow.direction),
        });
    }
    if let Some(arrow) = features.location_arrows.get(&from) {
        edits.push(Edit::LocationArrow {
            page: id,
            space: from,
            arrow: None,
        });
        edits.push(Edit::LocationArrow {
            page: id,
            space: to,
            arrow: Some((arrow.direction, arrow.target)),
        });
    }
    edits
}

/// Whether a space holds anything [`move_space`] would move.
pub fn has_movable(page: &Page, space: Space) -> bool {
    let f = &page.spaces;
    Marker::ALL
        .iter()
        .any(|m| f.marked(*m).any(|(s, _)| s == space))
        || f.consoles.values().any(|c| c.at == space)
        || f.keycards.contains_key(&space)
        || f.discoveries.contains_key(&space)
        || f.forced_arrows.contains_key(&space)
        || f.location_arrows.contains_key(&space)
}

/// Removes the spawn point, its links and the starting Blip on an intersection.
pub fn clear_intersection(page: &Page, point: Intersection) -> Vec<Edit> {
    let id = page.id;
    let features = &page.intersections;
    let mut edits: Vec<Edit> = features
        .spawn_links
        .iter()
        .filter(|l| l.a == point || l.b == point)
        .map(|l| Edit::SpawnLink {
            page: id,
            a: l.a,
            b: l.b,
            present: false,
        })
        .collect();
    if features.spawn_points.contains_key(&point) {
        edits.push(Edit::SpawnPoint {
            page: id,
            point,
            present: false,
        });
    }
    if features.blips.contains_key(&point) {
        edits.push(Edit::Blip {
            page: id,
            point,
            direction: None,
        });
    }
    edits
}

/// Moves a spawn point (with its links) and a starting Blip to another intersection.
pub fn move_intersection(page: &Page, from: Intersection, to: Intersection) -> Vec<Edit> {
    if from == to || !page.size.contains_intersection(to) {
        return Vec::new();
    }
    let id = page.id;
    let features = &page.intersections;
    let mut edits = clear_intersection(page, from);
    if features.spawn_points.contains_key(&from) {
        edits.push(Edit::SpawnPoint {
            page: id,
            point: to,
            present: true,
        });
    }
    for link in features
        .spawn_links
        .iter()
        .filter(|l| l.a == from || l.b == from)
    {
        let other = if link.a == from { link.b } else { link.a };
        if other != to {
            edits.push(Edit::SpawnLink {
                page: id,
                a: to,
                b: other,
                present: true,
            });
        }
    }
    if let Some(blip) = features.blips.get(&from) {
        edits.push(Edit::Blip {
            page: id,
            point: to,
            direction: Some(blip.direction),
        });
    }
    edits
}

/// Removes a page from the pack: the page, its entry in `pack.toml`, the
/// joins that name it; the start moves to another page if it was the start.
/// The page's file on disk is left alone.
pub fn remove_page(pack: &Pack, id: PageId) -> Vec<Edit> {
    let Some(page) = pack.pages.get(&id) else {
        return Vec::new();
    };
    let mut edits = vec![Edit::Page { id, page: None }];
    let path = page.source.path().to_string_lossy().replace('\\', "/");
    let files: Vec<PageFile> = pack
        .page_files
        .iter()
        .filter(|f| f.path != path)
        .cloned()
        .collect();
    if files.len() != pack.page_files.len() {
        edits.push(Edit::PageFiles { files });
    }
    let joins: Vec<Join> = pack
        .joins
        .iter()
        .filter(|j| j.from.page != id && j.to.page != id)
        .cloned()
        .collect();
    if joins.len() != pack.joins.len() {
        edits.push(Edit::Joins { joins });
    }
    if pack.start == id
        && let Some(other) = pack.pages.keys().find(|p| **p != id)
    {
        edits.push(Edit::Start { page: *other });
    }
    edits
}

/// Adds a page (whose `source` path is its file, relative to the pack
/// folder), declaring its book and Location when they are new, listing it
/// in `pack.toml` in book order, and joining it beside the page `beside` in
/// the layout where a side of that page is free (see [`join_beside`]).
pub fn add_page(pack: &Pack, page: Page, location_name: &str, beside: Option<PageId>) -> Vec<Edit> {
    let id = page.id;
    let mut edits = Vec::new();
    if let Some(join) = beside.and_then(|b| join_beside(pack, b, id, page.size)) {
        let mut joins = pack.joins.clone();
        joins.push(join);
        edits.push(Edit::Joins { joins });
    }
    if !pack.books.contains_key(&id.book) {
        edits.push(Edit::Book {
            number: id.book,
            book: Some(deckplan_schema::enormity::model::Book {
                number: id.book,
                title: None,
                span: Span::default(),
            }),
        });
    }
    if !pack.locations.contains_key(&page.location) {
        edits.push(Edit::LocationName {
            designation: page.location.clone(),
            location: Some(deckplan_schema::enormity::model::Location {
                designation: page.location.clone(),
                name: if location_name.trim().is_empty() {
                    page.location.clone()
                } else {
                    location_name.trim().to_string()
                },
                span: Span::default(),
            }),
        });
    }
    // Listed in book order: before the first page numbered after it.
    let mut files = pack.page_files.clone();
    let listed_id = |file: &PageFile| {
        pack.pages
            .values()
            .find(|p| p.source.path() == std::path::Path::new(&file.path))
            .map(|p| p.id)
    };
    let at = files
        .iter()
        .position(|f| listed_id(f).is_some_and(|other| other > id))
        .unwrap_or(files.len());
    files.insert(
        at,
        PageFile {
            path: page.source.path().to_string_lossy().replace('\\', "/"),
            span: Span::default(),
        },
    );
    edits.push(Edit::PageFiles { files });
    edits.push(Edit::Page {
        id,
        page: Some(Box::new(page)),
    });
    edits
}

/// A join laying a new page `new` of `size` against a free side of `beside`:
/// east first (the next page of a book lies to the right), then south, west
/// and north; a side is free when no join uses it and the new page would
/// cover no placed page. `None` when every side is taken.
pub fn join_beside(pack: &Pack, beside: PageId, new: PageId, size: Size) -> Option<Join> {
    let layout = PackLayout::new(pack);
    let at = *layout.placements.get(&beside)?;
    let used = |side: Direction| {
        pack.joins.iter().any(|j| {
            (j.from.page == beside && j.from.side == side)
                || (j.to.page == beside && j.to.side == side)
        })
    };
    [
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::North,
    ]
    .into_iter()
    .filter(|side| !used(*side))
    .map(|side| Join {
        from: PageEdge { page: beside, side },
        to: PageEdge {
            page: new,
            side: side.opposite(),
        },
        offset: Offset::spaces(0),
        span: Span::default(),
        from_span: Span::default(),
        to_span: Span::default(),
        offset_span: None,
    })
    .find(|join| {
        let placed = place_across(join, at, size, true);
        !layout.placements.values().any(|p| p.overlaps(&placed))
    })
}

/// Moves a page one place up (`up`) or down in `pack.toml`'s list.
pub fn move_page(pack: &Pack, id: PageId, up: bool) -> Option<Edit> {
    let path = pack
        .pages
        .get(&id)?
        .source
        .path()
        .to_string_lossy()
        .replace('\\', "/");
    let at = pack.page_files.iter().position(|f| f.path == path)?;
    let to = if up { at.checked_sub(1)? } else { at + 1 };
    if to >= pack.page_files.len() {
        return None;
    }
    let mut files = pack.page_files.clone();
    files.swap(at, to);
    Some(Edit::PageFiles { files })
}

/// The pages in `pack.toml`'s order (pages it does not list come last).
pub fn page_order(pack: &Pack) -> Vec<PageId> {
    let mut order: Vec<PageId> = pack
        .page_files
        .iter()
        .filter_map(|f| {
            pack.pages
                .values()
                .find(|p| p.source.path().to_string_lossy().replace('\\', "/") == f.path)
                .map(|p| p.id)
        })
        .collect();
    for id in pack.pages.keys() {
        if !order.contains(id) {
            order.push(*id);
        }
    }
    order
}

/// A page resized to `size`, its content shifted by `shift` spaces (east,
/// north) and new spaces made `fill`; with a description of every feature
/// that falls off.
pub fn resize_page(
    page: &Page,
    size: Size,
    shift: (i32, i32),
    fill: SpaceKind,
) -> (Page, Vec<String>) {
    let mut lost = Vec::new();
    let mut resized = Page::new(page.id, page.location.clone(), size);
    resized.title = page.title.clone();
    resized.notes = page.notes.clone();
    resized.lint = page.lint.clone();
    resized.source = page.source.clone();
    resized.background = page.background.clone().map(|mut b| {
        b.offset[0] += f64::from(shift.0);
        b.offset[1] += f64::from(shift.1);
        b
    });
    let moved = |space: Space| -> Option<Space> {
        let col = i32::from(space.col) + shift.0;
        let row = i32::from(space.row) + shift.1;
        let space = Space::new(u16::try_from(col).ok()?, u16::try_from(row).ok()?);
        size.contains(space).then_some(space)
    };
    let moved_point = |p: Intersection| -> Option<Intersection> {
        let point = Intersection {
            x: u16::try_from(i32::from(p.x) + shift.0).ok()?,
            y: u16::try_from(i32::from(p.y) + shift.1).ok()?,
        };
        size.contains_intersection(point).then_some(point)
    };
    let moved_edge = |e: Edge| -> Option<Edge> {
        let edge = Edge {
            axis: e.axis,
            x: u16::try_from(i32::from(e.x) + shift.0).ok()?,
            y: u16::try_from(i32::from(e.y) + shift.1).ok()?,
        };
        size.contains_edge(edge).then_some(edge)
    };
    for space in size.spaces() {
        resized.set_kind(space, fill);
    }
    let mut lost_spaces = 0usize;
    for space in page.size.spaces() {
        let kind = page.kind(space).unwrap_or(SpaceKind::Board);
        match moved(space) {
            Some(to) => resized.set_kind(to, kind),
            None if kind.is_board() => lost_spaces += 1,
            None => {}
        }
    }
    if lost_spaces > 0 {
        lost.push(format!("{lost_spaces} board spaces"));
    }
    for (edge, feature) in &page.edges {
        match moved_edge(*edge) {
            Some(to) => {
                resized.edges.insert(to, *feature);
            }
            None => lost.push(describe::edge_feature(feature.kind, *edge)),
        }
    }
    let from = &page.spaces;
    let to = &mut resized.spaces;
    for original in &from.terrain {
        let mut tile = original.clone();
        let before = tile.spaces.len();
        tile.spaces = tile.spaces.iter().filter_map(|s| moved(*s)).collect();
        let name = tile.name.clone().unwrap_or_else(|| "terrain tile".into());
        if tile.spaces.is_empty() {
            lost.push(format!("{name} at {}", join_spaces(&original.spaces)));
        } else {
            if tile.spaces.len() < before {
                lost.push(format!("{} spaces of {name}", before - tile.spaces.len()));
            }
            to.terrain.push(tile);
        }
    }
    for (space, arrow) in &from.forced_arrows {
        match moved(*space) {
            Some(s) => {
                to.forced_arrows.insert(s, *arrow);
            }
            None => lost.push(format!("forced arrow at {space}")),
        }
    }
    for (space, arrow) in &from.location_arrows {
        match moved(*space) {
            Some(s) => {
                to.location_arrows.insert(s, *arrow);
            }
            None => lost.push(format!("Location arrow to {} at {space}", arrow.target)),
        }
    }
    for (number, console) in &from.consoles {
        match moved(console.at) {
            Some(s) => {
                let mut console = console.clone();
                console.at = s;
                to.consoles.insert(*number, console);
            }
            None => lost.push(format!("console {number} at {}", console.at)),
        }
    }
    for (space, keycard) in &from.keycards {
        match moved(*space) {
            Some(s) => {
                to.keycards.insert(s, keycard.clone());
            }
            None => lost.push(format!("keycard at {space}")),
        }
    }
    for (space, discovery) in &from.discoveries {
        match moved(*space) {
            Some(s) => {
                to.discoveries.insert(s, *discovery);
            }
            None => lost.push(format!("discovery at {space}")),
        }
    }
    for (marker, placed) in &from.markers {
        for (space, span) in placed {
            match moved(*space) {
                Some(s) => {
                    to.markers.entry(*marker).or_default().insert(s, *span);
                }
                None => lost.push(format!("{} at {space}", marker.label())),
            }
        }
    }
    let from = &page.intersections;
    let to = &mut resized.intersections;
    for (point, span) in &from.spawn_points {
        match moved_point(*point) {
            Some(p) => {
                to.spawn_points.insert(p, *span);
            }
            None => lost.push(format!("spawn point at {point}")),
        }
    }
    for link in &from.spawn_links {
        match (moved_point(link.a), moved_point(link.b)) {
            (Some(a), Some(b)) => {
                let mut link = *link;
                (link.a, link.b) = if a.reading_order() <= b.reading_order() {
                    (a, b)
                } else {
                    (b, a)
                };
                to.spawn_links.push(link);
            }
            _ => lost.push(format!("spawn link from {} to {}", link.a, link.b)),
        }
    }
    for (point, blip) in &from.blips {
        match moved_point(*point) {
            Some(p) => {
                to.blips.insert(p, *blip);
            }
            None => lost.push(format!("starting Blip at {point}")),
        }
    }
    (resized, lost)
}

fn join_spaces(spaces: &[Space]) -> String {
    spaces
        .iter()
        .map(Space::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The joins with one more (or an updated one): `moved`'s edge laid against
/// `fixed`'s edge at `offset`. Any earlier join between the two pages, and the
/// join that placed `moved` before (`placed_by`), are replaced.
pub fn join_pages(
    pack: &Pack,
    fixed: PageEdge,
    moved: PageEdge,
    offset: Offset,
    placed_by: Option<usize>,
) -> Edit {
    let between = |j: &Join| {
        (j.from.page == fixed.page && j.to.page == moved.page)
            || (j.from.page == moved.page && j.to.page == fixed.page)
    };
    let mut joins: Vec<Join> = pack
        .joins
        .iter()
        .enumerate()
        .filter(|(i, j)| Some(*i) != placed_by && !between(j))
        .map(|(_, j)| j.clone())
        .collect();
    joins.push(Join {
        from: fixed,
        to: moved,
        offset,
        span: Span::default(),
        from_span: Span::default(),
        to_span: Span::default(),
        offset_span: None,
    });
    joins.sort_by_key(|j| (j.from, j.to));
    Edit::Joins { joins }
}

/// The joins without the one at `index`.
pub fn unjoin(pack: &Pack, index: usize) -> Edit {
    let mut joins = pack.joins.clone();
    if index < joins.len() {
        joins.remove(index);
    }
    Edit::Joins { joins }
}

/// The direction a screen drag points, as a compass direction (screen y
/// grows downward, so up the screen is north).
pub fn drag_direction(dx: f32, dy: f32) -> Direction {
    if dx.abs() >= dy.abs() {
        if dx >= 0.0 {
            Direction::East
        } else {
            Direction::West
        }
    } else if dy <= 0.0 {
        Direction::North
    } else {
        Direction::South
    }
}

/// The direction pointing off the page from a space nearest its edge.
pub fn off_page_direction(size: Size, space: Space) -> Direction {
    let to_west = space.col;
    let to_east = size.columns.saturating_sub(1).saturating_sub(space.col);
    let to_south = space.row;
    let to_north = size.rows.saturating_sub(1).saturating_sub(space.row);
    let nearest = to_west.min(to_east).min(to_south).min(to_north);
    if nearest == to_east {
        Direction::East
    } else if nearest == to_west {
        Direction::West
    } else if nearest == to_north {
        Direction::North
    } else {
        Direction::South
    }
}

/// Whether an edge is a page outline edge of a page of `size`.
pub fn is_outline(size: Size, edge: Edge) -> bool {
    match edge.axis {
        Axis::Horizontal => edge.y == 0 || edge.y == size.rows,
        Axis::Vertical => edge.x == 0 || edge.x == size.columns,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::enormity::document::Document;
    use crate::enormity::edit::{History, Transaction};
    use crate::testutil::testdata;

    fn demo() -> Document {
        Document::open(&testdata("demo-pack")).unwrap()
    }

    const L1P1: PageId = PageId { book: 1, page: 1 };

    #[test]
    fn edge_paths_follow_grid_lines() {
        let a = Intersection { x: 1, y: 2 };
        let b = Intersection { x: 4, y: 2 };
        assert_eq!(
            edges_between(a, b, true),
            [
                Edge::horizontal(1, 2),
                Edge::horizontal(2, 2),
                Edge::horizontal(3, 2)
            ]
        );
        let c = Intersection { x: 2, y: 4 };
        assert_eq!(edges_between(a, c, false).len(), 3);
    }

    #[test]
    fn a_new_tile_takes_its_spaces_out_of_older_tiles() {
        let mut doc = demo();
        let page = doc.pack.pages[&L1P1].clone();
        let rect = rectangle(Space::new(0, 0), Space::new(1, 1));
        let mut step = Transaction::new("tile");
        step.edits.push(add_tile(
            &page,
            &rect,
            &[Keyword::Cover],
            Some("Crates".into()),
        ));
        doc.apply(step).unwrap();
        let mut step = Transaction::new("tile");
        let page = doc.pack.pages[&L1P1].clone();
        step.edits.push(add_tile(
            &page,
            &[Space::new(1, 1)],
            &[Keyword::Obscuring],
            None,
        ));
        doc.apply(step).unwrap();
        let tiles = &doc.pack.pages[&L1P1].spaces.terrain;
        let covering: Vec<usize> = tiles
            .iter()
            .filter(|t| t.spaces.contains(&Space::new(1, 1)))
            .map(|t| t.spaces.len())
            .collect();
        assert_eq!(covering, [1]);
        assert!(tiles.iter().any(|t| t.spaces.len() == 3));
    }

    #[test]
    fn moving_a_space_moves_every_feature_and_undoes() {
        let mut doc = demo();
        let page = doc.pack.pages[&L1P1].clone();
        let (from, _) = page.spaces.marked(Marker::SpacerStart).next().unwrap();
        let to = page
            .size
            .spaces()
            .find(|s| page.is_board(*s) && !has_movable(&page, *s))
            .unwrap();
        let before = doc.pack.pages.clone();
        let mut step = Transaction::new("move");
        step.edits = move_space(&page, from, to);
        doc.apply(step).unwrap();
        let page = &doc.pack.pages[&L1P1];
        assert!(
            page.spaces
                .marked(Marker::SpacerStart)
                .any(|(s, _)| s == to)
        );
        assert!(!has_movable(page, from));
        doc.undo().unwrap();
        // Edits do not know where features were written: compare content only.
        let unspanned = |pages: &std::collections::BTreeMap<PageId, Page>| {
            pages
                .values()
                .map(|p| {
                    let mut p = p.clone();
                    p.clear_spans();
                    p
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(unspanned(&doc.pack.pages), unspanned(&before));
    }

    #[test]
    fn removing_a_page_drops_its_joins_and_list_entry() {
        let doc = demo();
        let mut pack = doc.pack.clone();
        let mut history = History::new();
        let mut step = Transaction::new("remove");
        step.edits = remove_page(&pack, L1P1);
        history.apply(&mut pack, step).unwrap();
        assert!(!pack.pages.contains_key(&L1P1));
        assert!(pack.joins.is_empty());
        assert_eq!(pack.page_files.len(), 1);
        assert_ne!(pack.start, L1P1);
        history.undo(&mut pack).unwrap();
        assert_eq!(pack.pages, doc.pack.pages);
        assert_eq!(pack.joins, doc.pack.joins);
        assert_eq!(pack.start, L1P1);
    }

    #[test]
    fn resizing_lists_what_falls_off() {
        let doc = demo();
        let page = &doc.pack.pages[&L1P1];
        let smaller = Size {
            columns: 2,
            rows: 2,
        };
        let (resized, lost) = resize_page(page, smaller, (0, 0), SpaceKind::OutOfBounds);
        assert_eq!(resized.size, smaller);
        assert!(!lost.is_empty());
        let (mut same, none) = resize_page(page, page.size, (0, 0), SpaceKind::OutOfBounds);
        assert!(none.is_empty(), "{none:?}");
        let mut page = page.clone();
        page.clear_spans();
        same.clear_spans();
        assert_eq!(same, page);
    }

    #[test]
    fn moving_pages_reorders_the_file_list() {
        let doc = demo();
        let Some(Edit::PageFiles { files }) = move_page(&doc.pack, L1P1, false) else {
            panic!("no edit");
        };
        assert_eq!(files[0].path, "book1/page2.toml");
        assert!(move_page(&doc.pack, L1P1, true).is_none());
    }

    #[test]
    fn drags_and_edges_name_directions() {
        assert_eq!(drag_direction(10.0, 2.0), Direction::East);
        assert_eq!(drag_direction(1.0, -5.0), Direction::North);
        let size = Size {
            columns: 6,
            rows: 4,
        };
        assert_eq!(off_page_direction(size, Space::new(5, 1)), Direction::East);
        assert_eq!(off_page_direction(size, Space::new(2, 0)), Direction::South);
    }

    #[test]
    fn a_new_page_is_joined_on_a_free_side_of_the_page_beside_it() {
        let pack = crate::enormity::testutil::bundled_pack();
        let new = PageId { book: 1, page: 5 };
        let size = Size {
            columns: 12,
            rows: 10,
        };
        // L1p1's east edge is joined to L1p2: the new page goes south of it.
        let join = join_beside(&pack, L1P1, new, size).unwrap();
        assert_eq!(
            (join.from, join.to, join.offset),
            (
                PageEdge {
                    page: L1P1,
                    side: Direction::South
                },
                PageEdge {
                    page: new,
                    side: Direction::North
                },
                Offset::spaces(0)
            )
        );
        // Added with the page in one transaction's edits, and laid out there.
        let mut page = Page::new(new, "TD", size);
        page.source = deckplan_schema::SourceFile::new("book1/page5.toml", String::new());
        let edits = add_page(&pack, page, "", Some(L1P1));
        let Some(Edit::Joins { joins }) = edits.first() else {
            panic!("no join added: {edits:?}");
        };
        assert_eq!(joins.len(), pack.joins.len() + 1);
        assert_eq!(joins.last(), Some(&join));
        // Without a page beside it, no join.
        let page = Page::new(new, "TD", size);
        assert!(
            !add_page(&pack, page, "", None)
                .iter()
                .any(|e| matches!(e, Edit::Joins { .. }))
        );
    }

    #[test]
    fn a_page_with_every_side_taken_gets_no_join() {
        let mut pack = crate::enormity::testutil::bundled_pack();
        let other = PageId { book: 1, page: 2 };
        for side in [Direction::South, Direction::West, Direction::North] {
            let join = join_beside(
                &pack,
                L1P1,
                other,
                Size {
                    columns: 1,
                    rows: 1,
                },
            )
            .unwrap();
            assert_eq!(join.from.side, side);
            pack.joins.push(join);
        }
        let new = PageId { book: 1, page: 5 };
        assert_eq!(
            join_beside(
                &pack,
                L1P1,
                new,
                Size {
                    columns: 12,
                    rows: 10
                }
            ),
            None
        );
    }
}
