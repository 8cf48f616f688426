//! Draws one page in the terminal with Unicode box drawing (`deckplan show`).
//!
//! Each space is three characters wide and one line tall, and the grid lines sit
//! between spaces, so a page of C × R spaces draws as (4C + 1) × (2R + 1)
//! characters, framed by row letters on the left and column numbers above and
//! below. Rows are drawn top first, the way the printed page reads.
//!
//! Every space is drawn as its *background* (blank, `ttt` terrain, `▓▓▓`
//! obstacle, `░░░` out of bounds) with at most one symbol centred over it.
//! Grid lines without a wall take the background of the spaces they separate
//! when those agree, so areas and terrain tiles read as blocks, and otherwise
//! stay blank with a faint `·` at intersections so that walls stand out.
//!
//! The drawing assumes every character is one terminal column wide, which holds
//! for the box-drawing, block and arrow characters used here in Western locales.
//! Whatever does not fit on the grid (Location arrow targets, console and
//! keycard doors, spawn links, long numbers, features hidden under another
//! symbol) is listed in the legend below the map, which names only what appears.

use std::collections::{BTreeMap, BTreeSet};

use deckplan_schema::enormity::coord::row_letters;
use deckplan_schema::enormity::{
    Direction, Discovery, DiscoveryColour, Edge, EdgeKind, Intersection, Marker, Page, Size, Space,
    SpaceKind,
};

use crate::render::printable;

/// How to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// AnsiColour with ANSI escape codes. The caller decides (a terminal, `NO_COLOR`,
    /// a `--color` flag); when false the output holds no escape codes at all.
    pub colour: bool,
}

/// Draws a page: column numbers, the grid with row letters, column numbers again,
/// a blank line, the title line (`L1p2 · SR · title`) and the legend.
/// The text ends with a newline and no line has trailing spaces.
pub fn draw_page(page: &Page, style: Style) -> String {
    draw_page_with(page, style, &Overlay::default())
}

/// A colour for an overlay mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Red.
    Red,
    /// Cyan.
    Cyan,
    /// Magenta.
    Magenta,
}

impl Highlight {
    const fn colour(self) -> AnsiColour {
        match self {
            Self::Green => AnsiColour::Green,
            Self::Yellow => AnsiColour::Yellow,
            Self::Red => AnsiColour::Red,
            Self::Cyan => AnsiColour::Cyan,
            Self::Magenta => AnsiColour::Magenta,
        }
    }
}

/// A symbol drawn over one space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverlayMark {
    /// At most three characters; a longer one is drawn by its first character.
    pub symbol: String,
    /// Its colour.
    pub highlight: Highlight,
}

/// Marks drawn over spaces, on top of what the page prints there, so play
/// commands (`deckplan reach`) can show figures and results on the map. A mark
/// replaces the space's own symbol; the background stays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// The mark on each space.
    pub marks: BTreeMap<Space, OverlayMark>,
    /// Legend lines for the marks, after the page's own: sample, colour, meaning.
    pub legend: Vec<(String, Highlight, String)>,
}

/// [`draw_page`] with an overlay of marks on spaces and their legend lines.
pub fn draw_page_with(page: &Page, style: Style, overlay: &Overlay) -> String {
    let mut drawer = Drawer::new(page, overlay);
    let size = page.size;
    let label_width = row_letters(size.rows.saturating_sub(1)).chars().count();
    let margin = " ".repeat(label_width + 1);
    let header = column_numbers(size.columns);

    let mut out = String::new();
    push_line(&mut out, &margin, &header, style);
    // Grid lines from the top one (y = rows) down, each followed by the row of
    // spaces below it: the page reads top first.
    for y in (0..=size.rows).rev() {
        push_line(&mut out, &margin, &drawer.grid_line(y), style);
        if let Some(row) = y.checked_sub(1) {
            let label = format!("{:>label_width$} ", row_letters(row));
            push_line(&mut out, &label, &drawer.space_row(row), style);
        }
    }
    push_line(&mut out, &margin, &header, style);
    out.push('\n');
    out.push_str(&title_line(page));
    out.push('\n');
    drawer.legend(&mut out, style);
    out
}

/// An ANSI foreground colour (or dimming) for one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AnsiColour {
    Red,
    Green,
    Yellow,
    Magenta,
    Cyan,
    Dim,
}

impl AnsiColour {
    /// The SGR parameter.
    const fn code(self) -> &'static str {
        match self {
            Self::Red => "31",
            Self::Green => "32",
            Self::Yellow => "33",
            Self::Magenta => "35",
            Self::Cyan => "36",
            Self::Dim => "2",
        }
    }
}

/// One terminal column of the drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    ch: char,
    colour: Option<AnsiColour>,
}

impl Cell {
    const BLANK: Self = Self::plain(' ');

    const fn plain(ch: char) -> Self {
        Self { ch, colour: None }
    }

    const fn new(ch: char, colour: Option<AnsiColour>) -> Self {
        Self { ch, colour }
    }
}

/// Cells for a short text, all in one colour.
fn cells(text: &str, colour: Option<AnsiColour>) -> Vec<Cell> {
    text.chars().map(|ch| Cell::new(ch, colour)).collect()
}

/// Appends a line: the plain prefix, then the cells, without trailing blanks
/// (they only make diffs and copy-paste worse).
fn push_line(out: &mut String, prefix: &str, cells: &[Cell], style: Style) {
    let end = cells
        .iter()
        .rposition(|c| *c != Cell::BLANK)
        .map_or(0, |i| i + 1);
    let cells = cells.get(..end).unwrap_or_default();
    let mut line = String::from(prefix);
    let mut current = None;
    for cell in cells {
        if style.colour && cell.colour != current {
            if current.is_some() {
                line.push_str("\x1b[0m");
            }
            if let Some(colour) = cell.colour {
                line.push_str("\x1b[");
                line.push_str(colour.code());
                line.push('m');
            }
            current = cell.colour;
        }
        line.push(cell.ch);
    }
    if current.is_some() {
        line.push_str("\x1b[0m");
    }
    out.push_str(line.trim_end_matches(' '));
    out.push('\n');
}

/// Overlays `text` centred on `base` (right of centre when the parity differs,
/// like the column numbers, so `C1` does not touch the line on its left).
/// Returns false, leaving `base` alone, when the text is longer than `base`.
fn centre(base: &mut [Cell], text: &str, colour: Option<AnsiColour>) -> bool {
    let len = text.chars().count();
    let Some(start) = base.len().checked_sub(len).map(|spare| spare.div_ceil(2)) else {
        return false;
    };
    for (slot, ch) in base.iter_mut().skip(start).zip(text.chars()) {
        *slot = Cell::new(ch, colour);
    }
    true
}

/// The column-number line: each number centred over its space. Numbers of up to
/// three digits fit over every column; past column 999 only every fifth column
/// is numbered, and any number that would touch its neighbour is skipped.
fn column_numbers(columns: u16) -> Vec<Cell> {
    let width = usize::from(columns) * 4 + 1;
    let mut line = vec![Cell::BLANK; width];
    let every_fifth = columns > 999;
    // One past the last character of the previous number, plus one blank.
    let mut free_from = 0;
    for col in 1..=columns {
        if every_fifth && col % 5 != 0 && col != 1 {
            continue;
        }
        let label = col.to_string();
        let len = label.len();
        let cell_start = usize::from(col - 1) * 4 + 1;
        // Centred over the three characters of the space, spilling evenly when longer.
        let start = (cell_start + 1).saturating_sub((len - 1) / 2);
        if start < free_from || start + len > width {
            continue;
        }
        for (slot, ch) in line.iter_mut().skip(start).zip(label.chars()) {
            *slot = Cell::plain(ch);
        }
        free_from = start + len + 1;
    }
    line
}

/// `L1p2 · SR · title`, with the title left out when there is none.
fn title_line(page: &Page) -> String {
    let mut line = format!("{} · {}", page.id, printable(&page.location));
    if let Some(title) = &page.title {
        line.push_str(" · ");
        line.push_str(&printable(title));
    }
    line
}

/// What a legend line explains. The order is the legend's order, and for the
/// symbols drawn on spaces it is also their priority when several share a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Wall,
    RedLine,
    Door,
    OutOfBounds,
    Obstacle,
    Terrain,
    LocationArrow,
    ExtractionPoint,
    SpacerStart,
    IntruderStart,
    Console,
    Keycard,
    Objective,
    Discovery,
    Engram,
    GearCache,
    Dangerous,
    ForcedArrow,
    SpawnPoint,
    Blip,
}

impl Key {
    /// The sample shown in the legend, its colour, and what it means.
    const fn explain(self) -> (&'static str, Option<AnsiColour>, &'static str) {
        match self {
            Self::Wall => ("━ ┃", None, "wall"),
            Self::RedLine => ("═ ║", Some(AnsiColour::Red), "red line"),
            Self::Door => ("━1━", None, "door, by number"),
            Self::OutOfBounds => ("░░░", Some(AnsiColour::Dim), "out of bounds"),
            Self::Obstacle => ("▓▓▓", None, "obstacle"),
            Self::Terrain => ("ttt", Some(AnsiColour::Dim), "terrain tile"),
            Self::LocationArrow => ("⇑⇒⇓⇐", Some(AnsiColour::Cyan), "Location arrow"),
            Self::ExtractionPoint => ("X", Some(AnsiColour::Green), "Extraction Point"),
            Self::SpacerStart => ("S", Some(AnsiColour::Green), "Spacer start"),
            Self::IntruderStart => ("I", Some(AnsiColour::Red), "Intruder start"),
            Self::Console => ("C1", Some(AnsiColour::Cyan), "console, by number"),
            Self::Keycard => ("K", Some(AnsiColour::Yellow), "keycard"),
            Self::Objective => ("!", Some(AnsiColour::Yellow), "objective"),
            Self::Discovery => (
                "?3 ?b",
                None,
                "discovery: numbered, or random by colour (b blue, y yellow, r red)",
            ),
            Self::Engram => ("E", None, "engram"),
            Self::GearCache => ("$", None, "gear cache"),
            Self::Dangerous => ("☠", Some(AnsiColour::Red), "dangerous space"),
            Self::ForcedArrow => (
                "↑→↓←",
                None,
                "forced arrow on a space (Spacers there move only that way)",
            ),
            Self::SpawnPoint => ("◎", Some(AnsiColour::Magenta), "spawn point"),
            Self::Blip => (
                "↑→↓←",
                Some(AnsiColour::Magenta),
                "starting Blip on an intersection, pointing its patrol direction",
            ),
        }
    }
}

/// One feature on a space, as it would be drawn there.
#[derive(Clone, Debug)]
struct Feature {
    key: Key,
    /// At most three characters, or the feature is drawn by its initial alone.
    symbol: String,
    colour: Option<AnsiColour>,
    /// How the legend names it when another symbol hides it.
    label: String,
}

/// What a space shows behind its symbol; grid lines between spaces with the same
/// background take it too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fill {
    Blank,
    /// A terrain tile, by index in `page.spaces.terrain`.
    Terrain(usize),
    Obstacle,
    OutOfBounds,
}

impl Fill {
    const fn key(self) -> Option<Key> {
        match self {
            Self::Blank => None,
            Self::Terrain(_) => Some(Key::Terrain),
            Self::Obstacle => Some(Key::Obstacle),
            Self::OutOfBounds => Some(Key::OutOfBounds),
        }
    }

    const fn cell(self) -> Cell {
        match self {
            Self::Blank => Cell::BLANK,
            Self::Terrain(_) => Cell::new('t', Some(AnsiColour::Dim)),
            Self::Obstacle => Cell::plain('▓'),
            Self::OutOfBounds => Cell::new('░', Some(AnsiColour::Dim)),
        }
    }
}

/// How an edge is drawn where lines meet: walls and doors heavy, red lines double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Heavy,
    Double,
}

/// The arrow for a direction, as forced arrows and Blips are drawn.
const fn arrow(direction: Direction) -> char {
    match direction {
        Direction::North => '↑',
        Direction::East => '→',
        Direction::South => '↓',
        Direction::West => '←',
    }
}

/// The double arrow of a Location arrow, so it is not read as a forced arrow.
const fn location_arrow(direction: Direction) -> char {
    match direction {
        Direction::North => '⇑',
        Direction::East => '⇒',
        Direction::South => '⇓',
        Direction::West => '⇐',
    }
}

/// The junction where lines meet from the given sides (up, right, down, left).
/// Unicode has no heavy-with-double junctions, so any heavy arm makes the whole
/// junction heavy; a lone heavy arm is a half stub, showing the wall ends here.
fn junction(arms: [Option<Line>; 4]) -> Option<Cell> {
    let [up, right, down, left] = arms.map(|a| a.is_some());
    if !(up || right || down || left) {
        return None;
    }
    let heavy = arms.contains(&Some(Line::Heavy));
    let (ch, colour) = if heavy {
        let ch = match (up, right, down, left) {
            (true, false, false, false) => '╹',
            (false, true, false, false) => '╺',
            (false, false, true, false) => '╻',
            (false, false, false, true) => '╸',
            (true, false, true, false) => '┃',
            (false, true, false, true) => '━',
            (false, true, true, false) => '┏',
            (false, false, true, true) => '┓',
            (true, true, false, false) => '┗',
            (true, false, false, true) => '┛',
            (true, true, true, false) => '┣',
            (true, false, true, true) => '┫',
            (false, true, true, true) => '┳',
            (true, true, false, true) => '┻',
            _ => '╋',
        };
        (ch, None)
    } else {
        let ch = match (up, right, down, left) {
            (_, false, _, false) => '║',
            (false, _, false, _) => '═',
            (false, true, true, false) => '╔',
            (false, false, true, true) => '╗',
            (true, true, false, false) => '╚',
            (true, false, false, true) => '╝',
            (true, true, true, false) => '╠',
            (true, false, true, true) => '╣',
            (false, true, true, true) => '╦',
            (true, true, false, true) => '╩',
            _ => '╬',
        };
        (ch, Some(AnsiColour::Red))
    };
    Some(Cell::new(ch, colour))
}

/// The state of one drawing: what goes on each space, and what the legend needs.
struct Drawer<'a> {
    page: &'a Page,
    /// Marks drawn over the page's own symbols.
    overlay: &'a Overlay,
    size: Size,
    /// Features by space, highest priority first; the first one is drawn.
    features: BTreeMap<Space, Vec<Feature>>,
    /// The terrain tile on each space (the first listed, should tiles overlap).
    tiles: BTreeMap<Space, usize>,
    /// Legend lines needed so far.
    used: BTreeSet<Key>,
    /// Numbers too long for their place, drawn by an initial: (initial, place, meaning).
    shortened: Vec<(char, String, String)>,
}

impl<'a> Drawer<'a> {
    fn new(page: &'a Page, overlay: &'a Overlay) -> Self {
        let mut tiles = BTreeMap::new();
        for (index, tile) in page.spaces.terrain.iter().enumerate() {
            for space in &tile.spaces {
                tiles.entry(*space).or_insert(index);
            }
        }
        Self {
            page,
            overlay,
            size: page.size,
            features: space_features(page),
            tiles,
            used: BTreeSet::new(),
            shortened: Vec::new(),
        }
    }

    /// The background of a space on the page.
    fn fill(&self, space: Space) -> Fill {
        match self.page.kind(space) {
            Some(SpaceKind::OutOfBounds) => Fill::OutOfBounds,
            Some(SpaceKind::Obstacle) => Fill::Obstacle,
            _ => self
                .tiles
                .get(&space)
                .map_or(Fill::Blank, |i| Fill::Terrain(*i)),
        }
    }

    /// The background shared by all the given spaces that are on the page, or
    /// blank when they differ (or none is on the page).
    fn common_fill(&self, spaces: impl IntoIterator<Item = Option<Space>>) -> Fill {
        let mut fills = spaces
            .into_iter()
            .flatten()
            .filter(|s| self.size.contains(*s))
            .map(|s| self.fill(s));
        let Some(first) = fills.next() else {
            return Fill::Blank;
        };
        if fills.all(|f| f == first) {
            first
        } else {
            Fill::Blank
        }
    }

    /// A fill character, noting it for the legend.
    fn fill_cell(&mut self, fill: Fill) -> Cell {
        if let Some(key) = fill.key() {
            self.used.insert(key);
        }
        fill.cell()
    }

    /// The line drawn on an edge, if any.
    fn line(&self, edge: Edge) -> Option<Line> {
        if !self.size.contains_edge(edge) {
            return None;
        }
        self.page.edge(edge).map(|feature| match feature.kind {
            EdgeKind::Wall | EdgeKind::Door(_) => Line::Heavy,
            EdgeKind::RedLine => Line::Double,
        })
    }

    /// The grid line `y` (0 = the page's south edge): intersections and horizontal edges.
    fn grid_line(&mut self, y: u16) -> Vec<Cell> {
        let mut cells = Vec::with_capacity(usize::from(self.size.columns) * 4 + 1);
        for x in 0..=self.size.columns {
            cells.push(self.intersection(Intersection { x, y }));
            if x < self.size.columns {
                cells.extend(self.horizontal_edge(Edge::horizontal(x, y)));
            }
        }
        cells
    }

    /// The row of spaces `row` (0 = row A): vertical edges and spaces.
    fn space_row(&mut self, row: u16) -> Vec<Cell> {
        let mut cells = Vec::with_capacity(usize::from(self.size.columns) * 4 + 1);
        for x in 0..=self.size.columns {
            cells.push(self.vertical_edge(Edge::vertical(x, row)));
            if x < self.size.columns {
                cells.extend(self.space(Space::new(x, row)));
            }
        }
        cells
    }

    /// An intersection: a starting Blip's arrow, else a spawn point, else the
    /// junction of the lines meeting there, else background or a faint dot.
    fn intersection(&mut self, point: Intersection) -> Cell {
        let Intersection { x, y } = point;
        let features = &self.page.intersections;
        if let Some(blip) = features.blips.get(&point) {
            self.used.insert(Key::Blip);
            return Cell::new(arrow(blip.direction), Some(AnsiColour::Magenta));
        }
        if features.spawn_points.contains_key(&point) {
            self.used.insert(Key::SpawnPoint);
            return Cell::new('◎', Some(AnsiColour::Magenta));
        }
        let arms = [
            self.line(Edge::vertical(x, y)),
            self.line(Edge::horizontal(x, y)),
            y.checked_sub(1)
                .and_then(|y| self.line(Edge::vertical(x, y))),
            x.checked_sub(1)
                .and_then(|x| self.line(Edge::horizontal(x, y))),
        ];
        if let Some(cell) = junction(arms) {
            self.note_lines(arms);
            return cell;
        }
        let (west, south) = (x.checked_sub(1), y.checked_sub(1));
        let around = [
            west.zip(south).map(|(c, r)| Space::new(c, r)),
            south.map(|r| Space::new(x, r)),
            west.map(|c| Space::new(c, y)),
            Some(Space::new(x, y)),
        ];
        match self.common_fill(around) {
            Fill::Blank => Cell::new('·', Some(AnsiColour::Dim)),
            fill => self.fill_cell(fill),
        }
    }

    fn note_lines(&mut self, lines: impl IntoIterator<Item = Option<Line>>) {
        for line in lines.into_iter().flatten() {
            self.used.insert(match line {
                Line::Heavy => Key::Wall,
                Line::Double => Key::RedLine,
            });
        }
    }

    /// The three characters of a horizontal edge.
    fn horizontal_edge(&mut self, edge: Edge) -> [Cell; 3] {
        match self.page.edge(edge).map(|f| f.kind) {
            Some(EdgeKind::Wall) => {
                self.used.insert(Key::Wall);
                [Cell::plain('━'); 3]
            }
            Some(EdgeKind::RedLine) => {
                self.used.insert(Key::RedLine);
                [Cell::new('═', Some(AnsiColour::Red)); 3]
            }
            Some(EdgeKind::Door(number)) => {
                self.used.insert(Key::Door);
                let mut cells = [Cell::plain('━'); 3];
                if !centre(&mut cells, &number.to_string(), Some(AnsiColour::Yellow)) {
                    centre(&mut cells, "D", Some(AnsiColour::Yellow));
                    self.shorten_door(edge, number);
                }
                cells
            }
            None => {
                let (below, above) = edge.spaces(self.size);
                let fill = self.common_fill([below, above]);
                [self.fill_cell(fill); 3]
            }
        }
    }

    /// The one character of a vertical edge; a door shows its number, or `D`
    /// when the number has two digits or more.
    fn vertical_edge(&mut self, edge: Edge) -> Cell {
        match self.page.edge(edge).map(|f| f.kind) {
            Some(EdgeKind::Wall) => {
                self.used.insert(Key::Wall);
                Cell::plain('┃')
            }
            Some(EdgeKind::RedLine) => {
                self.used.insert(Key::RedLine);
                Cell::new('║', Some(AnsiColour::Red))
            }
            Some(EdgeKind::Door(number)) => {
                self.used.insert(Key::Door);
                let digit = char::from_digit(u32::from(number), 10).unwrap_or_else(|| {
                    self.shorten_door(edge, number);
                    'D'
                });
                Cell::new(digit, Some(AnsiColour::Yellow))
            }
            None => {
                let (west, east) = edge.spaces(self.size);
                let fill = self.common_fill([west, east]);
                self.fill_cell(fill)
            }
        }
    }

    fn shorten_door(&mut self, edge: Edge, number: u16) {
        let (space, side) = edge.canonical_side();
        self.shortened
            .push(('D', format!("{space} {side}"), format!("door {number}")));
    }

    /// The three characters of a space: its background with its first feature centred.
    fn space(&mut self, space: Space) -> [Cell; 3] {
        let fill = self.fill(space);
        let mut cells = [self.fill_cell(fill); 3];
        if let Some(mark) = self.overlay.marks.get(&space) {
            let colour = Some(mark.highlight.colour());
            if !centre(&mut cells, &mark.symbol, colour) {
                let initial = mark.symbol.chars().next().unwrap_or('?');
                centre(&mut cells, &initial.to_string(), colour);
            }
            return cells;
        }
        let Some(feature) = self.features.get(&space).and_then(|f| f.first()) else {
            return cells;
        };
        let (key, colour) = (feature.key, feature.colour);
        if !centre(&mut cells, &feature.symbol, colour) {
            // Only numbers make a symbol too long: draw the initial, list the number.
            let initial = feature.symbol.chars().next().unwrap_or('?');
            centre(&mut cells, &initial.to_string(), colour);
            if key != Key::Console {
                let label = feature.label.clone();
                self.shortened.push((initial, space.to_string(), label));
            }
        }
        self.used.insert(key);
        cells
    }

    /// Writes the legend: one line per symbol drawn, then the details that do not
    /// fit on the grid.
    fn legend(&self, out: &mut String, style: Style) {
        let page = self.page;
        let sample_width = 5;
        for key in &self.used {
            let (sample, colour, meaning) = key.explain();
            let pad = " ".repeat(sample_width - sample.chars().count().min(sample_width));
            let text = format!("{pad} {meaning}");
            let mut cells = cells(sample, colour);
            cells.extend(text.chars().map(Cell::plain));
            push_line(out, "  ", &cells, style);
        }
        for (sample, highlight, meaning) in &self.overlay.legend {
            let sample = printable(sample);
            let pad = " ".repeat(sample_width - sample.chars().count().min(sample_width));
            let mut cells = cells(&sample, Some(highlight.colour()));
            cells.extend(
                format!("{pad} {}", printable(meaning))
                    .chars()
                    .map(Cell::plain),
            );
            push_line(out, "  ", &cells, style);
        }

        let mut arrows: Vec<_> = page.spaces.location_arrows.iter().collect();
        arrows.sort_by_key(|(space, _)| space.reading_order());
        section(
            out,
            "Location arrows:",
            arrows.iter().map(|(space, arrow)| {
                let symbol = location_arrow(arrow.direction);
                format!("{symbol} {space} → {}", arrow.target)
            }),
        );
        section(
            out,
            "Consoles:",
            page.spaces.consoles.iter().map(|(number, console)| {
                let mut line = format!("C{number} at {}: ", console.at);
                let mut parts = Vec::new();
                if !console.opens.is_empty() {
                    parts.push(format!("opens {}", doors(&console.opens)));
                }
                if !console.closes.is_empty() {
                    parts.push(format!("closes {}", doors(&console.closes)));
                }
                if parts.is_empty() {
                    parts.push("operates no doors".to_owned());
                }
                line.push_str(&parts.join("; "));
                line
            }),
        );
        let mut keycards: Vec<_> = page.spaces.keycards.iter().collect();
        keycards.sort_by_key(|(space, _)| space.reading_order());
        section(
            out,
            "Keycards:",
            keycards.iter().map(|(space, card)| {
                if card.opens.is_empty() {
                    format!("K at {space}: opens no doors")
                } else {
                    format!("K at {space}: opens {}", doors(&card.opens))
                }
            }),
        );
        section(
            out,
            "Terrain tiles:",
            page.spaces.terrain.iter().map(|tile| {
                let spaces: Vec<String> = tile.spaces.iter().map(Space::to_string).collect();
                let mut line = spaces.join(", ");
                if let Some(name) = &tile.name {
                    line.push_str(&format!(" “{}”", printable(name)));
                }
                let keywords: Vec<&str> = tile.keywords.iter().map(|k| k.name()).collect();
                if keywords.is_empty() {
                    line.push_str(": no keywords");
                } else {
                    line.push_str(&format!(": {}", keywords.join(", ")));
                }
                line
            }),
        );
        section(
            out,
            "Spawn links:",
            page.intersections
                .spawn_links
                .iter()
                .map(|link| format!("{} – {}", link.a, link.b)),
        );
        section(
            out,
            "Numbers too long to draw:",
            self.shortened
                .iter()
                .map(|(initial, place, what)| format!("{initial} at {place}: {what}")),
        );

        let mut hidden: Vec<String> = Vec::new();
        let mut spaces: Vec<_> = self.features.iter().collect();
        spaces.sort_by_key(|(space, _)| space.reading_order());
        for (space, features) in spaces {
            let rest: Vec<&str> = features.iter().skip(1).map(|f| f.label.as_str()).collect();
            if !rest.is_empty() {
                hidden.push(format!("{space}: {}", rest.join(", ")));
            }
        }
        let mut under_blips: Vec<_> = page
            .intersections
            .spawn_points
            .keys()
            .filter(|p| page.intersections.blips.contains_key(p))
            .collect();
        under_blips.sort_by_key(|p| p.reading_order());
        hidden.extend(under_blips.iter().map(|p| format!("{p}: spawn point")));
        section(out, "Hidden under another symbol:", hidden.into_iter());
    }
}

/// Appends a legend section: a heading and indented lines, or nothing when empty.
fn section(out: &mut String, heading: &str, lines: impl Iterator<Item = String>) {
    let mut lines = lines.peekable();
    if lines.peek().is_none() {
        return;
    }
    out.push_str(heading);
    out.push('\n');
    for line in lines {
        out.push_str("  ");
        out.push_str(&line);
        out.push('\n');
    }
}

/// `door 1` or `doors 1, 2`.
fn doors(numbers: &[u16]) -> String {
    let list: Vec<String> = numbers.iter().map(u16::to_string).collect();
    let noun = if numbers.len() == 1 { "door" } else { "doors" };
    format!("{noun} {}", list.join(", "))
}

/// Every feature on every space, sorted by drawing priority.
fn space_features(page: &Page) -> BTreeMap<Space, Vec<Feature>> {
    let mut by_space: BTreeMap<Space, Vec<Feature>> = BTreeMap::new();
    let mut add = |space: Space, key: Key, symbol: String, label: String| {
        let (_, colour, _) = key.explain();
        by_space.entry(space).or_default().push(Feature {
            key,
            symbol,
            colour,
            label,
        });
    };
    let spaces = &page.spaces;
    for (space, arrow) in &spaces.location_arrows {
        let symbol = location_arrow(arrow.direction).to_string();
        let label = format!("Location arrow {} to {}", arrow.direction, arrow.target);
        add(*space, Key::LocationArrow, symbol, label);
    }
    for (number, console) in &spaces.consoles {
        add(
            console.at,
            Key::Console,
            format!("C{number}"),
            format!("console {number}"),
        );
    }
    for space in spaces.keycards.keys() {
        add(*space, Key::Keycard, "K".to_owned(), "keycard".to_owned());
    }
    for (space, marker) in &spaces.discoveries {
        let (symbol, label) = match marker.discovery {
            Discovery::Numbered(n) => (format!("?{n}"), format!("discovery {n}")),
            Discovery::Coloured(colour) => {
                let initial = match colour {
                    DiscoveryColour::Blue => 'b',
                    DiscoveryColour::Yellow => 'y',
                    DiscoveryColour::Red => 'r',
                };
                (
                    format!("?{initial}"),
                    format!("{} discovery", colour.name()),
                )
            }
        };
        add(*space, Key::Discovery, symbol, label);
    }
    for (marker, at) in &spaces.markers {
        let (key, symbol) = match marker {
            Marker::GearCache => (Key::GearCache, "$"),
            Marker::Engram => (Key::Engram, "E"),
            Marker::Objective => (Key::Objective, "!"),
            Marker::Dangerous => (Key::Dangerous, "☠"),
            Marker::IntruderStart => (Key::IntruderStart, "I"),
            Marker::SpacerStart => (Key::SpacerStart, "S"),
            Marker::ExtractionPoint => (Key::ExtractionPoint, "X"),
        };
        for space in at.keys() {
            add(*space, key, symbol.to_owned(), marker.label().to_owned());
        }
    }
    for (space, forced) in &spaces.forced_arrows {
        let label = format!("forced arrow {}", forced.direction);
        add(
            *space,
            Key::ForcedArrow,
            arrow(forced.direction).to_string(),
            label,
        );
    }
    for features in by_space.values_mut() {
        // Stable, so two consoles on one space stay in number order.
        features.sort_by_key(|f| f.key);
    }
    by_space
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::{
        Span,
        enormity::{
            Console, DiscoveryMarker, EdgeFeature, ForcedArrow, Keycard, Keyword, LocationArrow,
            PageId, SpawnLink, StartingBlip, TerrainTile,
        },
    };

    fn space(name: &str) -> Space {
        Space::parse(name).unwrap()
    }

    fn edge(name: &str) -> Edge {
        let (space, side) = deckplan_schema::enormity::coord::parse_side(name).unwrap();
        space.side(side)
    }

    fn point(name: &str) -> Intersection {
        Intersection::parse(name).unwrap()
    }

    fn put_edge(page: &mut Page, name: &str, kind: EdgeKind) {
        let feature = EdgeFeature {
            kind,
            span: Span::default(),
        };
        page.edges.insert(edge(name), feature);
    }

    fn mark(page: &mut Page, marker: Marker, name: &str) {
        let at = page.spaces.markers.entry(marker).or_default();
        at.insert(space(name), Span::default());
    }

    /// A 4 × 3 page with one of most things.
    fn sample_page() -> Page {
        let id = PageId { book: 1, page: 1 };
        let mut page = Page::new(
            id,
            "SR",
            Size {
                columns: 4,
                rows: 3,
            },
        );
        page.title = Some("Test deck".to_owned());
        page.set_kind(space("C4"), SpaceKind::OutOfBounds);
        page.set_kind(space("B4"), SpaceKind::OutOfBounds);
        page.set_kind(space("A1"), SpaceKind::Obstacle);
        for name in ["C1 north", "C2 north", "C3 north", "C1 west", "B1 west"] {
            put_edge(&mut page, name, EdgeKind::Wall);
        }
        for name in ["C3 east", "B3 east", "B3 south", "B2 south"] {
            put_edge(&mut page, name, EdgeKind::Wall);
        }
        put_edge(&mut page, "B1 south", EdgeKind::RedLine);
        put_edge(&mut page, "B1 east", EdgeKind::Door(1));
        put_edge(&mut page, "C1 east", EdgeKind::Door(12));
        put_edge(&mut page, "B2 north", EdgeKind::Door(3));

        mark(&mut page, Marker::SpacerStart, "C1");
        mark(&mut page, Marker::IntruderStart, "A2");
        mark(&mut page, Marker::Engram, "B2");
        mark(&mut page, Marker::GearCache, "B2");
        let console = Console {
            at: space("C2"),
            opens: vec![1, 3],
            closes: vec![12],
            span: Span::default(),
        };
        page.spaces.consoles.insert(1, console);
        let card = Keycard {
            opens: vec![12],
            span: Span::default(),
        };
        page.spaces.keycards.insert(space("B1"), card);
        let discovery = DiscoveryMarker {
            discovery: Discovery::Numbered(3),
            span: Span::default(),
        };
        page.spaces.discoveries.insert(space("B3"), discovery);
        let arrow = LocationArrow {
            direction: Direction::North,
            target: PageId { book: 1, page: 2 },
            span: Span::default(),
            target_span: Span::default(),
        };
        page.spaces.location_arrows.insert(space("C3"), arrow);
        let forced = ForcedArrow {
            direction: Direction::East,
            span: Span::default(),
        };
        page.spaces.forced_arrows.insert(space("A3"), forced);
        page.spaces.terrain.push(TerrainTile {
            name: Some("Crates".to_owned()),
            spaces: vec![space("A3"), space("A4")],
            keywords: vec![Keyword::Cover, Keyword::Obscuring],
            span: Span::default(),
        });

        let blip = StartingBlip {
            direction: Direction::East,
            span: Span::default(),
        };
        page.intersections.blips.insert(point("B2 ne"), blip);
        for name in ["B2 ne", "A3 nw", "A4 se"] {
            page.intersections
                .spawn_points
                .insert(point(name), Span::default());
        }
        page.intersections.spawn_links.push(SpawnLink {
            a: point("A3 nw"),
            b: point("A4 se"),
            span: Span::default(),
        });
        page
    }

    #[test]
    fn draws_the_sample_page() {
        let drawn = draw_page(&sample_page(), Style { colour: false });
        let expected = r"
    1   2   3   4
  ┏━━━┳━━━━━━━┓░░░░
C ┃ S D C1  ⇑ ┃░░░░
  ┃   ┣━3━→   ┃░░░░
B ┃ K 1 E   ?3┃░░░░
  ┗═══┻━━━◎━━━┛   ·
A ▓▓▓▓  I  t→tttttt
  ▓▓▓▓·   ·ttttttt◎
    1   2   3   4

L1p1 · SR · Test deck
  ━ ┃   wall
  ═ ║   red line
  ━1━   door, by number
  ░░░   out of bounds
  ▓▓▓   obstacle
  ttt   terrain tile
  ⇑⇒⇓⇐  Location arrow
  S     Spacer start
  I     Intruder start
  C1    console, by number
  K     keycard
  ?3 ?b discovery: numbered, or random by colour (b blue, y yellow, r red)
  E     engram
  ↑→↓←  forced arrow on a space (Spacers there move only that way)
  ◎     spawn point
  ↑→↓←  starting Blip on an intersection, pointing its patrol direction
Location arrows:
  ⇑ C3 → L1p2
Consoles:
  C1 at C2: opens doors 1, 3; closes door 12
Keycards:
  K at B1: opens door 12
Terrain tiles:
  A3, A4 “Crates”: cover, obscuring
Spawn links:
  A2 ne – A4 se
Numbers too long to draw:
  D at C1 east: door 12
Hidden under another symbol:
  B2: gear cache
  B2 ne: spawn point
";
        assert_eq!(drawn, expected.strip_prefix('\n').unwrap(), "\n{drawn}");
    }

    #[test]
    fn draws_an_empty_page_with_faint_intersections_only() {
        let id = PageId { book: 2, page: 7 };
        let page = Page::new(
            id,
            "SR",
            Size {
                columns: 2,
                rows: 1,
            },
        );
        let expected = "    1   2\n  ·   ·   ·\nA\n  ·   ·   ·\n    1   2\n\nL2p7 · SR\n";
        assert_eq!(draw_page(&page, Style::default()), expected);
    }

    /// Removes SGR escape sequences (`ESC [ … m`).
    fn strip_escapes(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|c| *c == 'm');
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn colour_only_when_asked_and_otherwise_the_same_text() {
        let page = sample_page();
        let plain = draw_page(&page, Style { colour: false });
        assert!(!plain.contains('\x1b'));
        let coloured = draw_page(&page, Style { colour: true });
        assert!(coloured.contains("\x1b[31m═══\x1b[0m"), "red line in red");
        assert!(
            coloured.contains("\x1b[33m1\x1b[0m"),
            "door number in yellow"
        );
        assert_eq!(strip_escapes(&coloured), plain);
    }

    #[test]
    fn free_text_cannot_drive_the_terminal() {
        let mut page = sample_page();
        page.title = Some("evil\x1b[2Jtitle".to_owned());
        let drawn = draw_page(&page, Style::default());
        assert!(!drawn.contains('\x1b'));
        assert!(drawn.contains("L1p1 · SR · evil\u{FFFD}[2Jtitle\n"));
    }

    #[test]
    fn junctions_follow_the_lines_that_meet() {
        let (h, d) = (Some(Line::Heavy), Some(Line::Double));
        let ch = |arms| junction(arms).map(|c| c.ch);
        assert_eq!(ch([None, None, None, None]), None);
        assert_eq!(ch([h, None, None, h]), Some('┛'));
        assert_eq!(ch([None, h, None, None]), Some('╺'));
        assert_eq!(ch([d, d, d, d]), Some('╬'));
        assert_eq!(ch([None, d, d, None]), Some('╔'));
        assert_eq!(ch([d, None, None, None]), Some('║'));
        assert_eq!(ch([d, h, d, None]), Some('┣'), "mixed lines draw heavy");
    }

    #[test]
    fn an_overlay_marks_spaces_over_the_page_and_explains_itself() {
        let page = sample_page();
        let mut overlay = Overlay::default();
        let mark = |symbol: &str, highlight| OverlayMark {
            symbol: symbol.to_owned(),
            highlight,
        };
        overlay
            .marks
            .insert(space("C1"), mark("@", Highlight::Green));
        overlay
            .marks
            .insert(space("A3"), mark("1234", Highlight::Yellow));
        overlay
            .legend
            .push(("@".to_owned(), Highlight::Green, "the Spacer".to_owned()));
        let drawn = draw_page_with(&page, Style { colour: false }, &overlay);
        assert!(drawn.contains("C ┃ @ D C1  ⇑ ┃"), "{drawn}");
        assert!(drawn.contains("A ▓▓▓▓  I  t1tttttt"), "{drawn}");
        assert!(drawn.contains("\n  @     the Spacer\n"), "{drawn}");
        let coloured = draw_page_with(&page, Style { colour: true }, &overlay);
        assert!(coloured.contains("\x1b[32m@\x1b[0m"));
        assert_eq!(
            draw_page(&page, Style::default()),
            draw_page_with(&page, Style::default(), &Overlay::default())
        );
    }

    #[test]
    fn wide_pages_number_every_fifth_column() {
        let line: String = column_numbers(1002).iter().map(|c| c.ch).collect();
        let line = line.trim_end();
        assert!(line.starts_with("  1               5                   10                  15 "));
        assert!(line.ends_with(" 995                 1000"), "{line}");
        let short: String = column_numbers(12).iter().map(|c| c.ch).collect();
        assert_eq!(
            short.trim_end(),
            "  1   2   3   4   5   6   7   8   9   10  11  12"
        );
    }
}
