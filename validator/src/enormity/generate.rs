//! Seeded map packs of any size, for benchmarks and scaling tests: realistic
//! Enormity pages that lint clean and are already in canonical form.
//!
//! Every page is built as a model and written by the canonical writer, so
//! `deckplan fmt --check` passes by construction. Each page draws from its own
//! random stream (the seed and the page's index), so pages can be generated in
//! any order, in parallel, and one seed always gives the same bytes.
//!
//! ## The page
//! A two-column spine runs up the west side. From the bottom, bands alternate:
//! a corridor two rows high, open from the spine to the east edge, then a band
//! of walled rooms, each with a door in its south wall and the console that
//! opens it in the corridor below. Some rooms are out of bounds (a void behind
//! the walls); the others hold an obstacle, and some cover, gear caches,
//! discoveries or an Intruder start. Each corridor has a forced arrow, a spawn
//! point (the first two on a page are linked into a cluster), and the page a
//! keycard, a starting Blip and, off the start page, an Extraction Point.
//! Pages are joined east to west in one row through their corridors, with
//! Location arrows at both ends of the bottom corridor; room walls close the
//! east edge.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use deckplan_schema::{
    Span,
    enormity::{
        Direction, Edge, Intersection, Pack, Page, PageEdge, PageId, Size, Space, SpaceKind,
        limits, write,
    },
};
use deckplan_schema::{
    enormity::model::{
        Book, Console, Discovery, DiscoveryColour, DiscoveryMarker, EdgeFeature, EdgeKind,
        ForcedArrow, Join, Keycard, Keyword, Location, LocationArrow, Marker, Offset, PageFile,
        SpawnLink, StartingBlip, TerrainTile,
    },
    lint_table::{LintLevel, LintSetting},
};
use rayon::prelude::*;

/// Pages per Location Book (a book holds at most 999).
pub const PAGES_PER_BOOK: u32 = 500;

/// Most pages one generated pack holds: far past any real campaign, and still
/// a few hundred megabytes of files at the largest page size asked for.
pub const MAX_PAGES: u32 = 100_000;

/// Smallest page the layout fits on: the spine, a corridor and a band of rooms.
pub const MIN_COLUMNS: u16 = 8;
/// See [`MIN_COLUMNS`].
pub const MIN_ROWS: u16 = 6;

/// Most rooms on one page: doors and consoles are numbered up to 999.
const MAX_ROOMS_PER_PAGE: usize = 999;

/// Most features (wall edges, mostly) planned on one page, well inside the
/// format's [`limits::MAX_FEATURES_PER_PAGE`].
const MAX_FEATURES: usize = 200_000;

/// Rows of each corridor.
const CORRIDOR_ROWS: u16 = 2;

/// Columns of the spine up the west side.
const SPINE_COLUMNS: u16 = 2;

/// The Location every generated page belongs to.
const LOCATION: &str = "SR";

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackSpec {
    /// Number of pages, joined in one row.
    pub pages: u32,
    /// Columns of every page.
    pub columns: u16,
    /// Rows of every page.
    pub rows: u16,
    /// The random seed: the same seed gives the same files.
    pub seed: u64,
}

/// Why a [`PackSpec`] cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

impl PackSpec {
    /// Checks the sizes: pages from 1 to [`MAX_PAGES`], page sides from the
    /// smallest the layout fits on to the format's [`limits::MAX_PAGE_SIDE`].
    pub fn validate(&self) -> Result<(), SpecError> {
        if !(1..=MAX_PAGES).contains(&self.pages) {
            return Err(SpecError(format!(
                "{} pages asked for; a generated pack has from 1 to {MAX_PAGES}",
                self.pages
            )));
        }
        let side = limits::MAX_PAGE_SIDE;
        if !(MIN_COLUMNS..=side).contains(&self.columns) || !(MIN_ROWS..=side).contains(&self.rows)
        {
            return Err(SpecError(format!(
                "a {} × {} page asked for; generated pages have {MIN_COLUMNS} to {side} columns and {MIN_ROWS} to {side} rows",
                self.columns, self.rows
            )));
        }
        Ok(())
    }

    /// The id of the `index`-th page (from 0): 500 to a book.
    pub fn page_id(index: u32) -> PageId {
        let book = index / PAGES_PER_BOOK + 1;
        let page = index % PAGES_PER_BOOK + 1;
        PageId {
            book: u16::try_from(book).unwrap_or(u16::MAX),
            page: u16::try_from(page).unwrap_or(u16::MAX),
        }
    }

    /// The file of the `index`-th page, relative to the pack folder.
    pub fn page_path(index: u32) -> String {
        let id = Self::page_id(index);
        format!("book{}/page{}.toml", id.book, id.page)
    }
}

/// The canonical `pack.toml` of a generated pack.
pub fn pack_text(spec: &PackSpec) -> String {
    let start = PackSpec::page_id(0);
    let mut pack = Pack::new(
        format!(
            "Generated: {} pages of {} × {}, seed {}",
            spec.pages, spec.columns, spec.rows, spec.seed
        ),
        start,
    );
    pack.page_files = (0..spec.pages)
        .map(|index| PageFile {
            path: PackSpec::page_path(index),
            span: Span::default(),
        })
        .collect();
    for index in (0..spec.pages).step_by(PAGES_PER_BOOK as usize) {
        let number = PackSpec::page_id(index).book;
        pack.books.insert(
            number,
            Book {
                number,
                title: None,
                span: Span::default(),
            },
        );
    }
    pack.locations.insert(
        LOCATION.to_string(),
        Location {
            designation: LOCATION.to_string(),
            name: "Solar Ring".to_string(),
            span: Span::default(),
        },
    );
    pack.joins = (1..spec.pages)
        .map(|index| Join {
            from: PageEdge {
                page: PackSpec::page_id(index - 1),
                side: Direction::East,
            },
            to: PageEdge {
                page: PackSpec::page_id(index),
                side: Direction::West,
            },
            offset: Offset::spaces(0),
            span: Span::default(),
            from_span: Span::default(),
            to_span: Span::default(),
            offset_span: None,
        })
        .collect();
    if spec.pages == 1 {
        pack.lint.checks.insert(
            "extraction-off-start-page".to_string(),
            LintSetting {
                level: LintLevel::Allow,
                reason: "a one-page pack has no other page to extract from".to_string(),
                name_span: Span::default(),
            },
        );
    }
    write::write_pack(&pack)
}

/// The canonical text of the `index`-th page (from 0) of the pack.
pub fn page_text(spec: &PackSpec, index: u32) -> String {
    write::write_page(&page(spec, index))
}

/// Writes the pack into `dir` (made if missing): `pack.toml` and one file per
/// page under `book<N>/`, pages generated in parallel. Returns the files written.
pub fn write_pack(dir: &Path, spec: &PackSpec) -> std::io::Result<Vec<PathBuf>> {
    spec.validate().map_err(std::io::Error::other)?;
    std::fs::create_dir_all(dir)?;
    let books: BTreeSet<u16> = (0..spec.pages)
        .map(|index| PackSpec::page_id(index).book)
        .collect();
    for book in books {
        deckplan_schema::save::create_dir_within(dir, Path::new(&format!("book{book}")))?;
    }
    let mut written: Vec<PathBuf> = (0..spec.pages)
        .into_par_iter()
        .map(|index| {
            let path = dir.join(PackSpec::page_path(index));
            deckplan_schema::save::write_atomically(&path, &page_text(spec, index))?;
            Ok(path)
        })
        .collect::<std::io::Result<_>>()?;
    let pack = dir.join(deckplan_schema::load::PACK_FILE);
    deckplan_schema::save::write_atomically(&pack, &pack_text(spec))?;
    written.insert(0, pack);
    Ok(written)
}

/// A small, fast, seedable random stream (SplitMix64): the same on every
/// platform, which a library generator does not promise.
struct Stream(u64);

impl Stream {
    fn for_page(seed: u64, index: u32) -> Self {
        let mut stream = Self(seed ^ u64::from(index).wrapping_mul(0xA076_1D64_78BD_642F));
        stream.next();
        stream
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u16) -> u16 {
        u16::try_from(self.next() % u64::from(n.max(1))).unwrap_or(0)
    }

    /// True once in `n` draws on average.
    fn one_in(&mut self, n: u16) -> bool {
        self.below(n) == 0
    }
}

/// A band of rows: `start..end`, from the bottom.
#[derive(Clone, Copy, Debug)]
struct Band {
    start: u16,
    end: u16,
}

/// How the page is cut: corridors and room bands from the bottom, room
/// columns from the spine eastwards.
struct Plan {
    corridors: Vec<Band>,
    room_bands: Vec<Band>,
    room_columns: Vec<Band>,
}

impl Plan {
    fn new(size: Size) -> Self {
        let (mut width, mut height) = (4u16, 4u16);
        while rooms(size, width, height) > MAX_ROOMS_PER_PAGE
            || features(size, width, height) > MAX_FEATURES
        {
            width += 1;
            height += 1;
        }
        let mut corridors = Vec::new();
        let mut room_bands = Vec::new();
        let mut y = 0;
        while y < size.rows {
            let end = (y + CORRIDOR_ROWS).min(size.rows);
            corridors.push(Band { start: y, end });
            y = end;
            if size.rows - y < 2 {
                // Too little room left for rooms: the corridor takes it.
                if let Some(last) = corridors.last_mut() {
                    last.end = size.rows;
                }
                break;
            }
            let mut top = y + height;
            if top > size.rows || size.rows - top < CORRIDOR_ROWS + 2 {
                top = size.rows;
            }
            room_bands.push(Band { start: y, end: top });
            y = top;
        }
        let mut room_columns = Vec::new();
        let mut x = SPINE_COLUMNS;
        while x < size.columns {
            let mut right = x + width;
            if right + 2 > size.columns {
                right = size.columns;
            }
            room_columns.push(Band {
                start: x,
                end: right,
            });
            x = right;
        }
        Self {
            corridors,
            room_bands,
            room_columns,
        }
    }
}

/// About how many rooms rooms of `width` × `height` make on a page.
fn rooms(size: Size, width: u16, height: u16) -> usize {
    let across = usize::from(size.columns.saturating_sub(SPINE_COLUMNS)) / usize::from(width);
    let up = usize::from(size.rows) / usize::from(height + CORRIDOR_ROWS);
    across * up
}

/// About how many features rooms of `width` × `height` make on a page: a
/// wall edge along both sides of every band and down every room's side, and
/// a handful of markers per room.
fn features(size: Size, width: u16, height: u16) -> usize {
    let (columns, rows) = (usize::from(size.columns), usize::from(size.rows));
    let bands = rows / usize::from(height + CORRIDOR_ROWS) + 1;
    let room_columns = columns / usize::from(width) + 1;
    bands * 2 * columns + (room_columns + 1) * rows + rooms(size, width, height) * 8
}

/// Builds the `index`-th page.
fn page(spec: &PackSpec, index: u32) -> Page {
    let size = Size {
        columns: spec.columns,
        rows: spec.rows,
    };
    let id = PackSpec::page_id(index);
    let mut page = Page::new(id, LOCATION, size);
    page.title = Some(format!("Section {}", index + 1));
    let mut rng = Stream::for_page(spec.seed, index);
    let plan = Plan::new(size);
    let mut used: BTreeSet<Space> = BTreeSet::new();
    let mut features = Features::default();

    let (last_col, top_row) = (size.columns - 1, size.rows - 1);
    let is_start = index == 0;
    if is_start {
        for col in 0..SPINE_COLUMNS {
            features.mark(&mut used, Marker::SpacerStart, Space::new(col, 0));
        }
    } else {
        let at = Space::new(0, 0);
        used.insert(at);
        features.location_arrow(at, Direction::West, PackSpec::page_id(index - 1));
        features.mark(&mut used, Marker::ExtractionPoint, Space::new(1, top_row));
    }
    if index + 1 < spec.pages {
        let at = Space::new(last_col, 0);
        used.insert(at);
        features.location_arrow(at, Direction::East, PackSpec::page_id(index + 1));
    }

    let mut door: u16 = 0;
    let mut rooms_left = Vec::new();
    for band in &plan.room_bands {
        for (number, columns) in plan.room_columns.iter().enumerate() {
            let west = columns.start;
            let east = columns.end;
            // The room's walls: south and north (unless at the page top), west and east.
            for col in west..east {
                features.edge(Edge::horizontal(col, band.start), EdgeKind::Wall);
                if band.end < size.rows {
                    features.edge(Edge::horizontal(col, band.end), EdgeKind::Wall);
                }
            }
            for row in band.start..band.end {
                if number == 0 {
                    features.edge(Edge::vertical(west, row), EdgeKind::Wall);
                }
                features.edge(Edge::vertical(east, row), EdgeKind::Wall);
            }
            if rng.one_in(10) {
                for row in band.start..band.end {
                    for col in west..east {
                        page.set_kind(Space::new(col, row), SpaceKind::OutOfBounds);
                    }
                }
                continue;
            }
            door += 1;
            let door_col = west + (east - west) / 2;
            features.edge(Edge::horizontal(door_col, band.start), EdgeKind::Door(door));
            let console = Space::new(door_col, band.start - 1);
            used.insert(console);
            features.consoles.push(Console {
                at: console,
                opens: vec![door],
                closes: Vec::new(),
                span: Span::default(),
            });
            // The space inside the door stays free, so no obstacle cuts the room off.
            used.insert(Space::new(door_col, band.start));
            let free = |rng: &mut Stream, used: &mut BTreeSet<Space>| {
                (0..8).find_map(|_| {
                    let at = Space::new(
                        west + rng.below(east - west),
                        band.start + rng.below(band.end - band.start),
                    );
                    used.insert(at).then_some(at)
                })
            };
            if let Some(at) = free(&mut rng, &mut used) {
                page.set_kind(at, SpaceKind::Obstacle);
            }
            if rng.one_in(5)
                && let Some(at) = free(&mut rng, &mut used)
            {
                features.terrain.push(TerrainTile {
                    name: Some("Cargo crates".to_string()),
                    spaces: vec![at],
                    keywords: vec![Keyword::Cover],
                    span: Span::default(),
                });
            }
            if rng.one_in(3)
                && let Some(at) = free(&mut rng, &mut used)
            {
                features.mark(&mut used, Marker::GearCache, at);
            }
            if rng.one_in(4)
                && let Some(at) = free(&mut rng, &mut used)
            {
                let colour = DiscoveryColour::ALL
                    .get(usize::from(rng.below(3)))
                    .copied()
                    .unwrap_or(DiscoveryColour::Blue);
                features.discoveries.push((
                    at,
                    DiscoveryMarker {
                        discovery: Discovery::Coloured(colour),
                        span: Span::default(),
                    },
                ));
            }
            rooms_left.push((west, east, *band));
        }
    }
    // One Intruder waits in a room.
    if !rooms_left.is_empty() {
        let pick = usize::from(rng.below(u16::try_from(rooms_left.len()).unwrap_or(u16::MAX)));
        if let Some(&(west, east, band)) = rooms_left.get(pick) {
            let spot = (0..8).find_map(|_| {
                let at = Space::new(
                    west + rng.below(east - west),
                    band.start + rng.below(band.end - band.start),
                );
                (!used.contains(&at)).then_some(at)
            });
            if let Some(at) = spot {
                features.mark(&mut used, Marker::IntruderStart, at);
            }
        }
    }
    // A keycard for door 1 lies up the spine.
    if door > 0 {
        let at = Space::new(0, top_row);
        used.insert(at);
        features.keycards.push((
            at,
            Keycard {
                opens: vec![1],
                span: Span::default(),
            },
        ));
    }
    // Corridors: a forced arrow on the lower row, a spawn point between the rows.
    let wide = last_col.saturating_sub(2 * SPINE_COLUMNS);
    for corridor in &plan.corridors {
        if wide > 0 {
            let at = Space::new(2 * SPINE_COLUMNS - 1 + rng.below(wide), corridor.start);
            if used.insert(at) {
                features.forced_arrows.push((at, Direction::East));
            }
        }
        if corridor.end - corridor.start >= 2 && wide > 0 {
            let x = 2 * SPINE_COLUMNS + rng.below(wide);
            features.spawn_points.push(Intersection {
                x,
                y: corridor.start + 1,
            });
        }
    }
    if let [a, b, ..] = features.spawn_points[..] {
        features.spawn_links.push((a, b));
    }
    // A Blip patrols the spine, clear of the spawn points (they lie east of it).
    features.blips.push((
        Intersection {
            x: 1,
            y: size.rows / 2,
        },
        Direction::North,
    ));
    features.apply(&mut page);
    page
}

/// Features gathered while the page is planned, put on the page at the end.
#[derive(Default)]
struct Features {
    edges: Vec<(Edge, EdgeKind)>,
    consoles: Vec<Console>,
    keycards: Vec<(Space, Keycard)>,
    discoveries: Vec<(Space, DiscoveryMarker)>,
    terrain: Vec<TerrainTile>,
    markers: Vec<(Marker, Space)>,
    forced_arrows: Vec<(Space, Direction)>,
    location_arrows: Vec<(Space, Direction, PageId)>,
    spawn_points: Vec<Intersection>,
    spawn_links: Vec<(Intersection, Intersection)>,
    blips: Vec<(Intersection, Direction)>,
}

impl Features {
    fn edge(&mut self, edge: Edge, kind: EdgeKind) {
        self.edges.push((edge, kind));
    }

    fn mark(&mut self, used: &mut BTreeSet<Space>, marker: Marker, at: Space) {
        used.insert(at);
        self.markers.push((marker, at));
    }

    fn location_arrow(&mut self, at: Space, direction: Direction, target: PageId) {
        self.location_arrows.push((at, direction, target));
    }

    fn apply(self, page: &mut Page) {
        let none = Span::default();
        // Later entries win: a door replaces the wall drawn on its edge. A wall
        // with no board space beside it (between two void rooms, or on the
        // outline beside one) would stop nothing: it is left out.
        for (edge, kind) in self.edges {
            let (low, high) = edge.spaces(page.size);
            let beside_board = [low, high].into_iter().flatten().any(|s| page.is_board(s));
            if beside_board || kind != EdgeKind::Wall {
                page.edges.insert(edge, EdgeFeature { kind, span: none });
            }
        }
        let spaces = &mut page.spaces;
        for console in self.consoles {
            let number = console.opens.first().copied().unwrap_or(0);
            spaces.consoles.insert(number, console);
        }
        spaces.keycards.extend(self.keycards);
        spaces.discoveries.extend(self.discoveries);
        spaces.terrain = self.terrain;
        spaces
            .terrain
            .sort_by_key(|tile| tile.spaces.first().map(|s| s.reading_order()));
        for (marker, at) in self.markers {
            spaces.markers.entry(marker).or_default().insert(at, none);
        }
        for (at, direction) in self.forced_arrows {
            spaces.forced_arrows.insert(
                at,
                ForcedArrow {
                    direction,
                    span: none,
                },
            );
        }
        for (at, direction, target) in self.location_arrows {
            spaces.location_arrows.insert(
                at,
                LocationArrow {
                    direction,
                    target,
                    span: none,
                    target_span: none,
                },
            );
        }
        let points = &mut page.intersections;
        for point in self.spawn_points {
            points.spawn_points.insert(point, none);
        }
        for (a, b) in self.spawn_links {
            let (a, b) = if a.reading_order() <= b.reading_order() {
                (a, b)
            } else {
                (b, a)
            };
            points.spawn_links.push(SpawnLink { a, b, span: none });
        }
        for (at, direction) in self.blips {
            points.blips.insert(
                at,
                StartingBlip {
                    direction,
                    span: none,
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_layout_or_the_format_are_refused() {
        let spec = |pages, columns, rows| PackSpec {
            pages,
            columns,
            rows,
            seed: 1,
        };
        assert!(spec(1, MIN_COLUMNS, MIN_ROWS).validate().is_ok());
        assert_eq!(
            spec(0, 24, 16).validate().map_err(|e| e.to_string()),
            Err("0 pages asked for; a generated pack has from 1 to 100000".to_string())
        );
        assert_eq!(
            spec(2, 7, 16).validate().map_err(|e| e.to_string()),
            Err("a 7 × 16 page asked for; generated pages have 8 to 5000 columns and 6 to 5000 rows".to_string())
        );
        assert!(spec(2, 24, 5001).validate().is_err());
    }

    #[test]
    fn pages_are_numbered_five_hundred_to_a_book() {
        assert_eq!(PackSpec::page_id(0).to_string(), "L1p1");
        assert_eq!(PackSpec::page_id(499).to_string(), "L1p500");
        assert_eq!(PackSpec::page_id(500).to_string(), "L2p1");
        assert_eq!(PackSpec::page_path(1234), "book3/page235.toml");
    }

    #[test]
    fn rooms_grow_on_huge_pages_to_keep_the_count_bounded() {
        for (side, most_rooms) in [(24, 24), (2000, MAX_ROOMS_PER_PAGE), (5000, 200)] {
            let size = Size {
                columns: side,
                rows: side,
            };
            let plan = Plan::new(size);
            let count = plan.room_bands.len() * plan.room_columns.len();
            assert!(count <= most_rooms, "{side}: {count} rooms");
            assert!(count > most_rooms / 2, "{side}: {count} rooms");
        }
    }
}
