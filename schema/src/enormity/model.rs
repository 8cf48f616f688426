//! The checked model of Location maps: what a map *is*, independent of how it
//! was written. Everything here has been resolved from the raw file types in
//! [`super::raw`]; positions are on their page, numbers are unique, references
//! point at things that exist.
//!
//! Every feature keeps the [`Span`] of the text it came from, so a diagnostic
//! about it can point into the file.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::coord::{Direction, Edge, Intersection, PageEdge, PageId, Size, Space};
use crate::lint_table::LintSettings;
use crate::source::{SourceFile, Span};

/// A campaign or demo: Location Books of pages, laid out by joins.
#[derive(Clone, Debug)]
pub struct Pack {
    /// The pack's display name.
    pub name: String,
    /// The page where a run begins (its Spacer starts are the Insertion Point).
    pub start: PageId,
    /// Span of `start` in `pack.toml`.
    pub start_span: Span,
    /// Location Books by number.
    pub books: BTreeMap<u16, Book>,
    /// Locations by designation.
    pub locations: BTreeMap<String, Location>,
    /// Page files in the order `pack.toml` lists them; paths relative to the pack folder.
    pub page_files: Vec<PageFile>,
    /// The pages read from those files (filled in by [`crate::load`]).
    pub pages: BTreeMap<PageId, Page>,
    /// Which page edges touch, and where.
    pub joins: Vec<Join>,
    /// Per-pack lint levels.
    pub lint: LintSettings,
    /// `pack.toml` itself.
    pub source: Arc<SourceFile>,
}

/// A Location Book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    /// Its number (`L1` is book 1).
    pub number: u16,
    /// An optional title.
    pub title: Option<String>,
    /// Where it is declared in `pack.toml`.
    pub span: Span,
}

/// A Location: a named area of the ship, spanning one or more pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// Short designation printed on the map, e.g. `SR`.
    pub designation: String,
    /// Full name, e.g. `Solar Ring`.
    pub name: String,
    /// Where it is declared in `pack.toml`.
    pub span: Span,
}

/// A page file listed in `pack.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageFile {
    /// Path relative to the pack folder, as written (with `/` separators).
    pub path: String,
    /// Span of the path in `pack.toml`.
    pub span: Span,
}

/// Two page edges laid against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Join {
    /// The edge the offset is measured from.
    pub from: PageEdge,
    /// The edge laid against it.
    pub to: PageEdge,
    /// How far `to`'s first space is shifted along the shared line from `from`'s
    /// (upward for east/west edges, rightward for north/south), in spaces.
    pub offset: Offset,
    /// Where it is declared in `pack.toml`.
    pub span: Span,
    /// Span of the `from` value.
    pub from_span: Span,
    /// Span of the `to` value.
    pub to_span: Span,
    /// Span of the `offset` value, when one is written (it defaults to 0).
    pub offset_span: Option<Span>,
}

/// A join offset in hundredths of a space: exact, so alignment is decided
/// without floating-point doubt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Offset {
    /// Hundredths of a space.
    pub hundredths: i32,
}

impl Offset {
    /// A whole number of spaces.
    pub const fn spaces(spaces: i32) -> Self {
        Self {
            hundredths: spaces * 100,
        }
    }

    /// Whether the intersections of the two edges line up.
    pub const fn is_aligned(self) -> bool {
        self.hundredths % 100 == 0
    }

    /// The offset as a number of spaces.
    pub fn as_f64(self) -> f64 {
        f64::from(self.hundredths) / 100.0
    }
}

impl std::fmt::Display for Offset {
    /// Whole numbers print bare (`2`); fractions with as few decimals as needed (`1.5`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.hundredths < 0 { "-" } else { "" };
        let abs = self.hundredths.unsigned_abs();
        let (whole, frac) = (abs / 100, abs % 100);
        match frac {
            0 => write!(f, "{sign}{whole}"),
            f2 if f2 % 10 == 0 => write!(f, "{sign}{whole}.{}", f2 / 10),
            f2 => write!(f, "{sign}{whole}.{f2:02}"),
        }
    }
}

impl Pack {
    /// An empty pack of the Enormity ruleset: no books, Locations, pages or
    /// joins yet, read from no file (its source is an empty `pack.toml`).
    pub fn new(name: impl Into<String>, start: PageId) -> Self {
        Self {
            name: name.into(),
            start,
            start_span: Span::default(),
            books: BTreeMap::new(),
            locations: BTreeMap::new(),
            page_files: Vec::new(),
            pages: BTreeMap::new(),
            joins: Vec::new(),
            lint: LintSettings::default(),
            source: SourceFile::new(crate::load::PACK_FILE, String::new()),
        }
    }

    /// Forgets where everything was written, in `pack.toml` and in every page,
    /// so packs can be compared by content alone (a pack read from its files
    /// against one imported from another tool).
    pub fn clear_spans(&mut self) {
        let none = Span::default();
        self.start_span = none;
        self.books.values_mut().for_each(|b| b.span = none);
        self.locations.values_mut().for_each(|l| l.span = none);
        self.page_files.iter_mut().for_each(|f| f.span = none);
        for join in &mut self.joins {
            join.span = none;
            join.from_span = none;
            join.to_span = none;
            join.offset_span = None;
        }
        self.lint
            .checks
            .values_mut()
            .for_each(|c| c.name_span = none);
        self.pages.values_mut().for_each(Page::clear_spans);
    }
}

/// Packs are equal when their content and spans are; the files they were read
/// from are not compared.
impl PartialEq for Pack {
    fn eq(&self, other: &Self) -> bool {
        // Destructured, so a new field cannot be left out of the comparison.
        let Self {
            name,
            start,
            start_span,
            books,
            locations,
            page_files,
            pages,
            joins,
            lint,
            source: _,
        } = self;
        *name == other.name
            && *start == other.start
            && *start_span == other.start_span
            && *books == other.books
            && *locations == other.locations
            && *page_files == other.page_files
            && *pages == other.pages
            && *joins == other.joins
            && *lint == other.lint
    }
}

/// One page of a Location Book: a grid of spaces with its features.
#[derive(Clone, Debug)]
pub struct Page {
    /// Book and page number.
    pub id: PageId,
    /// Span of the `page` key's value (where page-wide diagnostics point).
    pub id_span: Span,
    /// Span of the `book` key's value.
    pub book_span: Span,
    /// Designation of the Location the page belongs to.
    pub location: String,
    /// Span of the designation.
    pub location_span: Span,
    /// Optional title.
    pub title: Option<String>,
    /// Optional free-text notes (kept by `deckplan fmt`, unlike comments).
    pub notes: Option<String>,
    /// Columns × rows.
    pub size: Size,
    /// What each space is, bottom row first.
    terrain: Vec<SpaceKind>,
    /// Byte offset in the file of each grid row's first cell, bottom row first
    /// (empty when the grid was not written as a multi-line string).
    grid_row_starts: Vec<u32>,
    /// Span of the whole grid string.
    pub grid_span: Span,
    /// Walls, red lines and doors by edge.
    pub edges: BTreeMap<Edge, EdgeFeature>,
    /// Features on spaces.
    pub spaces: SpaceFeatures,
    /// Features on intersections.
    pub intersections: IntersectionFeatures,
    /// A scan of the printed page to trace over in the editor, if any.
    pub background: Option<Background>,
    /// Per-page lint levels.
    pub lint: LintSettings,
    /// The page file.
    pub source: Arc<SourceFile>,
}

/// A scanned image laid under a page in the editor, for tracing a printed map.
/// It is not part of the map: checks and the rules ignore it.
#[derive(Clone, Debug, PartialEq)]
pub struct Background {
    /// Path of a PNG or JPEG file, relative to the page file, with `/` separators.
    pub image: String,
    /// How many image pixels make one space (positive, finite).
    pub scale: f64,
    /// Where the image's bottom-left corner lies, in spaces east and north of
    /// the page's bottom-left corner (the orientation quadrant). It is the
    /// corner that is bottom-left in the image file, wherever a turn or
    /// mirror takes it, so turning a page moves it like any other point.
    pub offset: [f64; 2],
    /// How opaque the image is drawn, from 0 (invisible) to 1.
    pub opacity: f64,
    /// How far the image is turned clockwise about its bottom-left corner,
    /// in degrees: 0, 90, 180 or 270 (see [`Background::TURNS`]).
    pub turn: u16,
    /// Whether the image is mirrored west–east, before it is turned.
    pub mirrored: bool,
    /// Where the `[background]` table is written.
    pub span: Span,
    /// Span of the `image` value.
    pub image_span: Span,
}

impl Background {
    /// Pixels per space when a file does not say.
    pub const DEFAULT_SCALE: f64 = 100.0;
    /// Opacity when a file does not say.
    pub const DEFAULT_OPACITY: f64 = 0.5;
    /// Smallest scale accepted (pixels per space).
    pub const MIN_SCALE: f64 = 0.01;
    /// Largest scale accepted (pixels per space).
    pub const MAX_SCALE: f64 = 100_000.0;
    /// The turns a scan may have, in degrees clockwise: a page is turned in
    /// quarter turns, and its scan with it.
    pub const TURNS: [u16; 4] = [0, 90, 180, 270];

    /// A background showing `image` at the default scale and opacity, unshifted.
    pub fn new(image: impl Into<String>) -> Self {
        Self {
            image: image.into(),
            scale: Self::DEFAULT_SCALE,
            offset: [0.0, 0.0],
            opacity: Self::DEFAULT_OPACITY,
            turn: 0,
            mirrored: false,
            span: Span::default(),
            image_span: Span::default(),
        }
    }
}

/// What a space of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpaceKind {
    /// Part of a room or corridor.
    Board,
    /// Outside the rooms ("phantom" cells); never entered by Spacers or Intruders.
    OutOfBounds,
    /// A board space holding a printed obstacle.
    Obstacle,
}

impl SpaceKind {
    /// The grid character.
    pub const fn symbol(self) -> char {
        match self {
            Self::Board => '.',
            Self::OutOfBounds => '#',
            Self::Obstacle => 'O',
        }
    }

    /// The kind for a grid character.
    pub fn from_symbol(symbol: char) -> Option<Self> {
        match symbol {
            '.' => Some(Self::Board),
            '#' => Some(Self::OutOfBounds),
            'O' => Some(Self::Obstacle),
            _ => None,
        }
    }

    /// Whether it is a board space (an obstacle space is one).
    pub const fn is_board(self) -> bool {
        !matches!(self, Self::OutOfBounds)
    }
}

impl Page {
    /// A page of the given size, every space a board space, with no features.
    pub fn new(id: PageId, location: impl Into<String>, size: Size) -> Self {
        Self {
            id,
            id_span: Span::default(),
            book_span: Span::default(),
            location: location.into(),
            location_span: Span::default(),
            title: None,
            notes: None,
            size,
            terrain: vec![SpaceKind::Board; size.area()],
            grid_row_starts: Vec::new(),
            grid_span: Span::default(),
            edges: BTreeMap::new(),
            spaces: SpaceFeatures::default(),
            intersections: IntersectionFeatures::default(),
            background: None,
            lint: LintSettings::default(),
            source: SourceFile::new(PathBuf::new(), String::new()),
        }
    }

    pub(crate) fn set_grid(
        &mut self,
        terrain: Vec<SpaceKind>,
        grid_row_starts: Vec<u32>,
        grid_span: Span,
    ) {
        self.terrain = terrain;
        self.grid_row_starts = grid_row_starts;
        self.grid_span = grid_span;
    }

    /// What a space is; `None` off the page.
    pub fn kind(&self, space: Space) -> Option<SpaceKind> {
        self.index(space).and_then(|i| self.terrain.get(i).copied())
    }

    /// Changes what a space is; ignored off the page.
    pub fn set_kind(&mut self, space: Space, kind: SpaceKind) {
        if let Some(cell) = self.index(space).and_then(|i| self.terrain.get_mut(i)) {
            *cell = kind;
        }
    }

    /// Whether the space is on the page and a board space.
    pub fn is_board(&self, space: Space) -> bool {
        self.kind(space).is_some_and(SpaceKind::is_board)
    }

    /// Whether `other` shows the same map: the same size, spaces, edges and
    /// features. Its id, title, notes, background scan and lint settings do
    /// not count; a picture of the map does not show them.
    pub fn same_map(&self, other: &Self) -> bool {
        self.size == other.size
            && self.terrain == other.terrain
            && self.edges == other.edges
            && self.spaces == other.spaces
            && self.intersections == other.intersections
    }

    fn index(&self, space: Space) -> Option<usize> {
        self.size.contains(space).then(|| {
            usize::from(space.row) * usize::from(self.size.columns) + usize::from(space.col)
        })
    }

    /// The span of a space's character in the grid, or of the whole grid if the
    /// grid was not written one row per line.
    pub fn space_span(&self, space: Space) -> Span {
        match self.grid_row_starts.get(usize::from(space.row)) {
            Some(&start) => {
                let at = start.saturating_add(u32::from(space.col));
                Span {
                    start: at,
                    end: at.saturating_add(1),
                }
            }
            None => self.grid_span,
        }
    }

    /// The printed place of a space on this page: `L1p2 H3`.
    pub fn place(&self, space: Space) -> String {
        format!("{} {space}", self.id)
    }

    /// The feature on an edge, if any.
    pub fn edge(&self, edge: Edge) -> Option<&EdgeFeature> {
        self.edges.get(&edge)
    }

    /// Forgets where every feature was written, so pages can be compared by
    /// content alone (a page read from a file against one built in memory).
    pub fn clear_spans(&mut self) {
        let none = Span::default();
        self.id_span = none;
        self.book_span = none;
        self.location_span = none;
        self.grid_span = none;
        self.grid_row_starts.clear();
        self.edges.values_mut().for_each(|f| f.span = none);
        let spaces = &mut self.spaces;
        spaces.terrain.iter_mut().for_each(|t| t.span = none);
        spaces
            .forced_arrows
            .values_mut()
            .for_each(|a| a.span = none);
        spaces.location_arrows.values_mut().for_each(|a| {
            a.span = none;
            a.target_span = none;
        });
        spaces.consoles.values_mut().for_each(|c| c.span = none);
        spaces.keycards.values_mut().for_each(|k| k.span = none);
        spaces.discoveries.values_mut().for_each(|d| d.span = none);
        spaces
            .markers
            .values_mut()
            .flat_map(|m| m.values_mut())
            .for_each(|s| *s = none);
        let points = &mut self.intersections;
        points.spawn_points.values_mut().for_each(|s| *s = none);
        points.spawn_links.iter_mut().for_each(|l| l.span = none);
        points.blips.values_mut().for_each(|b| b.span = none);
        if let Some(background) = &mut self.background {
            background.span = none;
            background.image_span = none;
        }
        self.lint
            .checks
            .values_mut()
            .for_each(|c| c.name_span = none);
    }
}

/// Pages are equal when their content and spans are; the file they were read
/// from is not compared.
impl PartialEq for Page {
    fn eq(&self, other: &Self) -> bool {
        // Destructured, so a new field cannot be left out of the comparison.
        let Self {
            id,
            id_span,
            book_span,
            location,
            location_span,
            title,
            notes,
            size: _,
            terrain: _,
            grid_row_starts,
            grid_span,
            edges: _,
            spaces: _,
            intersections: _,
            background,
            lint,
            source: _,
        } = self;
        self.same_map(other)
            && *id == other.id
            && *id_span == other.id_span
            && *book_span == other.book_span
            && *location == other.location
            && *location_span == other.location_span
            && *title == other.title
            && *notes == other.notes
            && *grid_row_starts == other.grid_row_starts
            && *grid_span == other.grid_span
            && *background == other.background
            && *lint == other.lint
    }
}

/// What is drawn on an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    /// A black line: blocks Spacers, Intruders and line of sight.
    Wall,
    /// A red line: blocks Spacer movement, adjacency and line of sight.
    RedLine,
    /// A numbered door, closed at setup.
    Door(u16),
}

/// A feature on an edge, with where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdgeFeature {
    /// What it is.
    pub kind: EdgeKind,
    /// The run or door entry it came from.
    pub span: Span,
}

/// A terrain keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Keyword {
    /// Grants cover.
    Cover,
    /// Blocks line of sight through the tile.
    Obscuring,
    /// Cannot be moved through by Spacers and baseline Intruders.
    Obstacle,
    /// Can be destroyed.
    Destructible,
    /// Cannot be destroyed.
    Indestructible,
}

impl Keyword {
    /// All keywords.
    pub const ALL: [Self; 5] = [
        Self::Cover,
        Self::Obscuring,
        Self::Obstacle,
        Self::Destructible,
        Self::Indestructible,
    ];

    /// The word used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Cover => "cover",
            Self::Obscuring => "obscuring",
            Self::Obstacle => "obstacle",
            Self::Destructible => "destructible",
            Self::Indestructible => "indestructible",
        }
    }
}

/// A terrain tile: one or more spaces sharing keywords.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainTile {
    /// Optional name printed on the tile.
    pub name: Option<String>,
    /// The spaces it covers, in reading order.
    pub spaces: Vec<Space>,
    /// Its keywords, sorted.
    pub keywords: Vec<Keyword>,
    /// Where it is written.
    pub span: Span,
}

/// A forced direction arrow: a Spacer on the space may move only this way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForcedArrow {
    /// The direction.
    pub direction: Direction,
    /// Where it is written.
    pub span: Span,
}

/// A Location arrow on a page-edge space, naming the page it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocationArrow {
    /// Which way it points (off the page).
    pub direction: Direction,
    /// The page revealed when a Spacer stops here.
    pub target: PageId,
    /// Where it is written.
    pub span: Span,
    /// Span of the target page.
    pub target_span: Span,
}

/// A numbered console and the doors it operates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Console {
    /// Its space.
    pub at: Space,
    /// Doors (numbers on this page) it can open.
    pub opens: Vec<u16>,
    /// Doors it can close.
    pub closes: Vec<u16>,
    /// Where it is written.
    pub span: Span,
}

/// A keycard and the doors it opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keycard {
    /// Doors (numbers on this page) it opens.
    pub opens: Vec<u16>,
    /// Where it is written.
    pub span: Span,
}

/// Which discovery is placed: a fixed (numbered) one or a random coloured one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Discovery {
    /// A fixed discovery, read from the Mythos Book by number.
    Numbered(u16),
    /// A random discovery drawn from a deck by colour.
    Coloured(DiscoveryColour),
}

/// The colour of a random discovery deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiscoveryColour {
    /// Location discoveries.
    Blue,
    /// Parsec discoveries.
    Yellow,
    /// Intruder discoveries.
    Red,
}

impl DiscoveryColour {
    /// All colours.
    pub const ALL: [Self; 3] = [Self::Blue, Self::Yellow, Self::Red];

    /// The word used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Blue => "blue",
            Self::Yellow => "yellow",
            Self::Red => "red",
        }
    }
}

/// A placed discovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscoveryMarker {
    /// Which one.
    pub discovery: Discovery,
    /// Where it is written.
    pub span: Span,
}

/// A printed marker that needs no properties beyond its space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Marker {
    /// A gear (loot) cache.
    GearCache,
    /// An engram.
    Engram,
    /// An objective.
    Objective,
    /// A dangerous space.
    Dangerous,
    /// Where an Intruder is placed at setup.
    IntruderStart,
    /// Where a Spacer is placed at setup.
    SpacerStart,
    /// An Extraction Point (at most one per page).
    ExtractionPoint,
}

impl Marker {
    /// All markers, in file order.
    pub const ALL: [Self; 7] = [
        Self::GearCache,
        Self::Engram,
        Self::Objective,
        Self::Dangerous,
        Self::IntruderStart,
        Self::SpacerStart,
        Self::ExtractionPoint,
    ];

    /// The key of its list in the `[spaces]` table.
    pub const fn key(self) -> &'static str {
        match self {
            Self::GearCache => "gear_caches",
            Self::Engram => "engrams",
            Self::Objective => "objectives",
            Self::Dangerous => "dangerous",
            Self::IntruderStart => "intruder_starts",
            Self::SpacerStart => "spacer_starts",
            Self::ExtractionPoint => "extraction_points",
        }
    }

    /// A human name.
    pub const fn label(self) -> &'static str {
        match self {
            Self::GearCache => "gear cache",
            Self::Engram => "engram",
            Self::Objective => "objective",
            Self::Dangerous => "dangerous space",
            Self::IntruderStart => "Intruder start",
            Self::SpacerStart => "Spacer start",
            Self::ExtractionPoint => "Extraction Point",
        }
    }
}

/// Everything placed on spaces of a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpaceFeatures {
    /// Terrain tiles, in file order of their first space.
    pub terrain: Vec<TerrainTile>,
    /// Forced direction arrows by space.
    pub forced_arrows: BTreeMap<Space, ForcedArrow>,
    /// Location arrows by space.
    pub location_arrows: BTreeMap<Space, LocationArrow>,
    /// Consoles by number.
    pub consoles: BTreeMap<u16, Console>,
    /// Keycards by space.
    pub keycards: BTreeMap<Space, Keycard>,
    /// Discoveries by space.
    pub discoveries: BTreeMap<Space, DiscoveryMarker>,
    /// Simple markers by kind, then space.
    pub markers: BTreeMap<Marker, BTreeMap<Space, Span>>,
}

impl SpaceFeatures {
    /// The spaces holding a marker.
    pub fn marked(&self, marker: Marker) -> impl Iterator<Item = (Space, Span)> + '_ {
        self.markers
            .get(&marker)
            .into_iter()
            .flat_map(|m| m.iter().map(|(s, span)| (*s, *span)))
    }
}

/// A starting Blip and the way its patrol arrow points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartingBlip {
    /// The patrol direction.
    pub direction: Direction,
    /// Where it is written.
    pub span: Span,
}

/// A red dashed link joining two spawn points into a cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpawnLink {
    /// One end (the lower in reading order).
    pub a: Intersection,
    /// The other end.
    pub b: Intersection,
    /// Where it is written.
    pub span: Span,
}

/// Everything placed on intersections of a page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IntersectionFeatures {
    /// Spawn points.
    pub spawn_points: BTreeMap<Intersection, Span>,
    /// Spawn-cluster links.
    pub spawn_links: Vec<SpawnLink>,
    /// Starting Blips.
    pub blips: BTreeMap<Intersection, StartingBlip>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> Page {
        Page::new(
            PageId { book: 1, page: 1 },
            "SR",
            Size {
                columns: 4,
                rows: 3,
            },
        )
    }

    #[test]
    fn the_same_map_ignores_what_a_picture_does_not_show() {
        let original = page();
        let mut retitled = page();
        retitled.title = Some("Another name".to_string());
        retitled.notes = Some("notes".to_string());
        retitled.background = Some(Background::new("scan.png"));
        assert!(original.same_map(&retitled));
        assert_ne!(original, retitled);

        let mut walled = page();
        walled.edges.insert(
            Edge::horizontal(1, 1),
            EdgeFeature {
                kind: EdgeKind::Wall,
                span: Span::default(),
            },
        );
        assert!(!original.same_map(&walled));
        let mut holed = page();
        holed.set_kind(Space::new(0, 0), SpaceKind::OutOfBounds);
        assert!(!original.same_map(&holed));
        assert_eq!(original, page());
    }
}
