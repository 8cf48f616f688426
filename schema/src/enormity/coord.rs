//! Board coordinates and their printed notation.
//!
//! This is the only module that converts between positions and the notation
//! printed on the Coordinates Ruler: **letters name rows, counted from the
//! bottom; numbers name columns, counted from the left** (`H3` is row H,
//! column 3). Past `Z` rows continue `AA`, `AB`, … like spreadsheet columns.
//!
//! Internally every position is zero-based from the bottom-left corner (the
//! orientation quadrant): `Space { col: 0, row: 0 }` is `A1`.
//!
//! | place        | notation        | meaning                                   |
//! |--------------|-----------------|-------------------------------------------|
//! | space        | `H3`            | row H, column 3                           |
//! | edge         | `H3 north`      | the north side of H3 (= `J3 south`)       |
//! | edge run     | `H3-H7 north`   | the north sides of H3 … H7                |
//! | intersection | `H3 ne`         | the north-east corner of H3               |
//! | page         | `L1p2`          | Location Book 1, page 2                   |
//! | page edge    | `L1p2 east`     | the east edge of that page                |

use std::fmt;

/// A page: Location Book number and page number, printed `L1p2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageId {
    /// Location Book number, from 1.
    pub book: u16,
    /// Page number inside the book, from 1.
    pub page: u16,
}

impl PageId {
    /// Parses `L1p2`.
    pub fn parse(text: &str) -> Result<Self, CoordError> {
        let bad = || CoordError::new(format!("`{text}` is not a page; write it like `L1p2`"));
        let rest = text.strip_prefix('L').ok_or_else(bad)?;
        let (book, page) = rest.split_once('p').ok_or_else(bad)?;
        let book = parse_number(book).ok_or_else(bad)?;
        let page = parse_number(page).ok_or_else(bad)?;
        if book == 0 || page == 0 {
            return Err(CoordError::new(format!(
                "`{text}`: books and pages are numbered from 1"
            )));
        }
        Ok(Self { book, page })
    }
}

impl fmt::Display for PageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "L{}p{}", self.book, self.page)
    }
}

/// Parses a decimal number without sign or leading `+`; `None` if it is not one.
fn parse_number(text: &str) -> Option<u16> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The size of a page in spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// Number of columns (spaces from west to east).
    pub columns: u16,
    /// Number of rows (spaces from south to north).
    pub rows: u16,
}

impl Size {
    /// Whether the space lies on a page of this size.
    pub fn contains(self, space: Space) -> bool {
        space.col < self.columns && space.row < self.rows
    }

    /// Whether the edge lies on a page of this size (the page outline included).
    pub fn contains_edge(self, edge: Edge) -> bool {
        match edge.axis {
            Axis::Horizontal => edge.x < self.columns && edge.y <= self.rows,
            Axis::Vertical => edge.x <= self.columns && edge.y < self.rows,
        }
    }

    /// Whether the intersection lies on a page of this size (corners included).
    pub fn contains_intersection(self, point: Intersection) -> bool {
        point.x <= self.columns && point.y <= self.rows
    }

    /// Number of spaces on the page.
    pub fn area(self) -> usize {
        usize::from(self.columns) * usize::from(self.rows)
    }

    /// Every space, bottom row first, west to east.
    pub fn spaces(self) -> impl Iterator<Item = Space> {
        (0..self.rows).flat_map(move |row| (0..self.columns).map(move |col| Space { col, row }))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.columns, self.rows)
    }
}

/// A space (square) of a page; zero-based from the bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Space {
    /// Row from the bottom, 0 = row `A`.
    pub row: u16,
    /// Column from the left, 0 = column `1`.
    pub col: u16,
}

impl Space {
    /// A space from zero-based column and row.
    pub const fn new(col: u16, row: u16) -> Self {
        Self { row, col }
    }

    /// Parses the printed notation, e.g. `H3`.
    pub fn parse(text: &str) -> Result<Self, CoordError> {
        let split = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let (letters, digits) = text.split_at(split);
        if letters.is_empty() || digits.is_empty() {
            return Err(CoordError::new(format!(
                "`{text}` is not a space; write a row letter and a column number, like `H3`"
            )));
        }
        if letters.bytes().any(|b| b.is_ascii_lowercase()) {
            return Err(
                CoordError::new(format!("row letters are upper-case in `{text}`"))
                    .with_help(format!("write `{}`", text.to_ascii_uppercase())),
            );
        }
        let row = parse_row_letters(letters)
            .ok_or_else(|| CoordError::new(format!("row `{letters}` is too far up")))?;
        let col = parse_number(digits).ok_or_else(|| {
            CoordError::new(format!("`{digits}` in `{text}` is not a column number"))
        })?;
        if col == 0 {
            return Err(CoordError::new(format!(
                "`{text}`: columns are numbered from 1"
            )));
        }
        Ok(Self { row, col: col - 1 })
    }

    /// The neighbouring space in a direction, if it is not off the low end.
    /// (Callers check the high end against the page size.)
    pub fn step(self, direction: Direction) -> Option<Self> {
        let Self { row, col } = self;
        Some(match direction {
            Direction::North => Self {
                row: row.checked_add(1)?,
                col,
            },
            Direction::South => Self {
                row: row.checked_sub(1)?,
                col,
            },
            Direction::East => Self {
                row,
                col: col.checked_add(1)?,
            },
            Direction::West => Self {
                row,
                col: col.checked_sub(1)?,
            },
        })
    }

    /// The edge along one side of this space.
    pub fn side(self, side: Direction) -> Edge {
        let Self { row, col } = self;
        match side {
            Direction::North => Edge::horizontal(col, row + 1),
            Direction::South => Edge::horizontal(col, row),
            Direction::East => Edge::vertical(col + 1, row),
            Direction::West => Edge::vertical(col, row),
        }
    }

    /// The intersection at one corner of this space.
    pub fn corner(self, corner: Corner) -> Intersection {
        let Self { row, col } = self;
        match corner {
            Corner::NorthEast => Intersection {
                x: col + 1,
                y: row + 1,
            },
            Corner::NorthWest => Intersection { x: col, y: row + 1 },
            Corner::SouthEast => Intersection { x: col + 1, y: row },
            Corner::SouthWest => Intersection { x: col, y: row },
        }
    }

    /// Order in which files and messages list spaces: top row first, then west to east,
    /// the way the page reads.
    pub fn reading_order(self) -> (std::cmp::Reverse<u16>, u16) {
        (std::cmp::Reverse(self.row), self.col)
    }
}

impl fmt::Display for Space {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", row_letters(self.row), u32::from(self.col) + 1)
    }
}

/// The letters of a zero-based row: 0 → `A`, 25 → `Z`, 26 → `AA`.
pub fn row_letters(row: u16) -> String {
    let mut n = u32::from(row) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(char::from(b'A' + rem as u8));
        n = (n - 1) / 26;
    }
    letters.iter().rev().collect()
}

/// The zero-based row of upper-case letters; `None` if out of range or not letters.
pub fn parse_row_letters(letters: &str) -> Option<u16> {
    let mut n: u32 = 0;
    for b in letters.bytes() {
        if !b.is_ascii_uppercase() {
            return None;
        }
        n = n.checked_mul(26)?.checked_add(u32::from(b - b'A') + 1)?;
        if n > u32::from(u16::MAX) {
            return None;
        }
    }
    u16::try_from(n.checked_sub(1)?).ok()
}

/// A compass direction: the four sides of a space and the way arrows point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Up the page (towards higher row letters).
    North,
    /// Right (towards higher column numbers).
    East,
    /// Down the page.
    South,
    /// Left.
    West,
}

impl Direction {
    /// All four, clockwise from north.
    pub const ALL: [Self; 4] = [Self::North, Self::East, Self::South, Self::West];

    /// The word used in files: `north`, `east`, `south`, `west`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::North => "north",
            Self::East => "east",
            Self::South => "south",
            Self::West => "west",
        }
    }

    /// Parses a direction word.
    pub fn parse(text: &str) -> Result<Self, CoordError> {
        Self::ALL
            .into_iter()
            .find(|d| d.name() == text)
            .ok_or_else(|| {
                let err = CoordError::new(format!(
                    "`{text}` is not a direction; expected one of `north`, `east`, `south`, `west`"
                ));
                match crate::suggest::closest(text, Self::ALL.iter().map(|d| d.name())) {
                    Some(best) => err.with_help(format!("did you mean `{best}`?")),
                    None => err,
                }
            })
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Self {
        match self {
            Self::North => Self::South,
            Self::East => Self::West,
            Self::South => Self::North,
            Self::West => Self::East,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A corner of a space, naming an intersection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Corner {
    /// Top right.
    NorthEast,
    /// Top left.
    NorthWest,
    /// Bottom right.
    SouthEast,
    /// Bottom left.
    SouthWest,
}

impl Corner {
    /// All four.
    pub const ALL: [Self; 4] = [
        Self::NorthEast,
        Self::NorthWest,
        Self::SouthEast,
        Self::SouthWest,
    ];

    /// The abbreviation used in files.
    pub const fn name(self) -> &'static str {
        match self {
            Self::NorthEast => "ne",
            Self::NorthWest => "nw",
            Self::SouthEast => "se",
            Self::SouthWest => "sw",
        }
    }
}

/// Whether an edge lies along a horizontal or a vertical grid line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Axis {
    /// Along a horizontal grid line (the north or south side of a space).
    Horizontal,
    /// Along a vertical grid line (the east or west side of a space).
    Vertical,
}

/// One unit segment of a grid line, between two neighbouring intersections.
///
/// A horizontal edge runs from intersection `(x, y)` to `(x + 1, y)`; a vertical
/// edge from `(x, y)` to `(x, y + 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Edge {
    /// Which way the edge runs.
    pub axis: Axis,
    /// Vertical grid line index (0 = west edge of the page) of the edge's start.
    pub x: u16,
    /// Horizontal grid line index (0 = south edge of the page) of the edge's start.
    pub y: u16,
}

impl Edge {
    /// The horizontal edge starting at intersection `(x, y)`.
    pub const fn horizontal(x: u16, y: u16) -> Self {
        Self {
            axis: Axis::Horizontal,
            x,
            y,
        }
    }

    /// The vertical edge starting at intersection `(x, y)`.
    pub const fn vertical(x: u16, y: u16) -> Self {
        Self {
            axis: Axis::Vertical,
            x,
            y,
        }
    }

    /// The canonical way to name this edge: a space and one of its sides.
    /// Inner edges are named by the north or east side of the space below or
    /// to the left; the page's south and west outline by row A and column 1.
    pub fn canonical_side(self) -> (Space, Direction) {
        match self.axis {
            Axis::Horizontal if self.y > 0 => (Space::new(self.x, self.y - 1), Direction::North),
            Axis::Horizontal => (Space::new(self.x, 0), Direction::South),
            Axis::Vertical if self.x > 0 => (Space::new(self.x - 1, self.y), Direction::East),
            Axis::Vertical => (Space::new(0, self.y), Direction::West),
        }
    }

    /// How a door on this edge is named in every message: `door 2 between E6
    /// and F6`, or, for a door on the page outline (`on_outline`), `door 2 on
    /// the east edge beside C8`.
    pub fn door_place(self, number: u16, on_outline: bool) -> String {
        let (space, side) = self.canonical_side();
        if on_outline {
            return format!("door {number} on the {side} edge beside {space}");
        }
        // Off the outline the named space is the south or west one, and the
        // side north or east: the other space is one step that way.
        match space.step(side) {
            Some(other) if matches!(side, Direction::North | Direction::East) => {
                format!("door {number} between {space} and {other}")
            }
            _ => format!("door {number} on the {side} edge beside {space}"),
        }
    }

    /// Whether the edge lies on the outline of a page of this size.
    pub fn on_outline(self, size: Size) -> bool {
        !matches!(self.spaces(size), (Some(_), Some(_)))
    }

    /// The spaces on either side: (south or west, north or east). A side is
    /// `None` past the page outline.
    pub fn spaces(self, size: Size) -> (Option<Space>, Option<Space>) {
        let (low, high) = match self.axis {
            Axis::Horizontal => (
                self.y.checked_sub(1).map(|row| Space::new(self.x, row)),
                Space::new(self.x, self.y),
            ),
            Axis::Vertical => (
                self.x.checked_sub(1).map(|col| Space::new(col, self.y)),
                Space::new(self.x, self.y),
            ),
        };
        (
            low.filter(|s| size.contains(*s)),
            Some(high).filter(|s| size.contains(*s)),
        )
    }

    /// The two intersections at its ends.
    pub fn ends(self) -> (Intersection, Intersection) {
        let start = Intersection {
            x: self.x,
            y: self.y,
        };
        let end = match self.axis {
            Axis::Horizontal => Intersection {
                x: self.x + 1,
                y: self.y,
            },
            Axis::Vertical => Intersection {
                x: self.x,
                y: self.y + 1,
            },
        };
        (start, end)
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (space, side) = self.canonical_side();
        write!(f, "{space} {side}")
    }
}

/// A side of a space as written in a file: `H3 north`.
pub fn parse_side(text: &str) -> Result<(Space, Direction), CoordError> {
    let (space, side) = text.split_once(' ').ok_or_else(|| {
        CoordError::new(format!(
            "`{text}` is not an edge; write a space and a side, like `H3 north`"
        ))
    })?;
    Ok((Space::parse(space)?, Direction::parse(side.trim())?))
}

/// A run of edges as written in a file: `H3-H7 north` (or a single `H3 north`).
/// The spaces of a north or south run share a row; of an east or west run, a column.
pub fn parse_edge_run(text: &str) -> Result<Vec<Edge>, CoordError> {
    let (spaces, side) = text.split_once(' ').ok_or_else(|| {
        CoordError::new(format!(
            "`{text}` is not an edge run; write spaces and a side, like `H3-H7 north`"
        ))
    })?;
    let side = Direction::parse(side.trim())?;
    let (first, last) = match spaces.split_once('-') {
        Some((a, b)) => (Space::parse(a)?, Space::parse(b)?),
        None => {
            let only = Space::parse(spaces)?;
            (only, only)
        }
    };
    let along_row = matches!(side, Direction::North | Direction::South);
    let edges: Vec<Edge> = if along_row {
        if first.row != last.row {
            return Err(CoordError::new(format!(
                "a run along the {side} side stays in one row, but `{first}` and `{last}` are in different rows"
            ))
            .with_help(format!("a run down a column uses `east` or `west`, like `{first}-{last} east`")));
        }
        let (lo, hi) = (first.col.min(last.col), first.col.max(last.col));
        (lo..=hi)
            .map(|col| Space::new(col, first.row).side(side))
            .collect()
    } else {
        if first.col != last.col {
            return Err(CoordError::new(format!(
                "a run along the {side} side stays in one column, but `{first}` and `{last}` are in different columns"
            ))
            .with_help(format!("a run along a row uses `north` or `south`, like `{first}-{last} north`")));
        }
        let (lo, hi) = (first.row.min(last.row), first.row.max(last.row));
        (lo..=hi)
            .map(|row| Space::new(first.col, row).side(side))
            .collect()
    };
    Ok(edges)
}

/// Writes a run of consecutive edges on one grid line, e.g. `H3-H7 north`.
/// `first` and `last` must lie on the same line with `first` at the low end.
pub fn format_edge_run(first: Edge, last: Edge) -> String {
    let (a, side) = first.canonical_side();
    let (b, _) = last.canonical_side();
    if a == b {
        format!("{a} {side}")
    } else {
        format!("{a}-{b} {side}")
    }
}

/// Names a set of edges as the fewest runs: horizontal runs top to bottom, then
/// vertical runs west to east (the order files and messages use).
pub fn edge_runs(edges: impl IntoIterator<Item = Edge>) -> Vec<String> {
    let (mut horizontal, mut vertical): (Vec<Edge>, Vec<Edge>) =
        edges.into_iter().partition(|e| e.axis == Axis::Horizontal);
    horizontal.sort_by_key(|e| (std::cmp::Reverse(e.y), e.x));
    vertical.sort_by_key(|e| (e.x, e.y));
    horizontal.dedup();
    vertical.dedup();
    let mut runs = merge_runs(&horizontal, |e| (e.y, e.x));
    let mut vertical_runs = merge_runs(&vertical, |e| (e.x, e.y));
    vertical_runs.sort_by_key(|(first, _)| (first.x, std::cmp::Reverse(first.y)));
    runs.extend(vertical_runs);
    runs.into_iter()
        .map(|(first, last)| format_edge_run(first, last))
        .collect()
}

/// Merges sorted edges into (first, last) runs of consecutive positions on one line.
fn merge_runs(edges: &[Edge], along: fn(Edge) -> (u16, u16)) -> Vec<(Edge, Edge)> {
    let mut runs: Vec<(Edge, Edge)> = Vec::new();
    for &edge in edges {
        let (line, pos) = along(edge);
        match runs.last_mut() {
            Some((_, last)) if along(*last) == (line, pos.wrapping_sub(1)) => *last = edge,
            _ => runs.push((edge, edge)),
        }
    }
    runs
}

/// A crossing of grid lines, where Blips move; `(0, 0)` is the page's bottom-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Intersection {
    /// Vertical grid line, 0 = west edge of the page.
    pub x: u16,
    /// Horizontal grid line, 0 = south edge of the page.
    pub y: u16,
}

impl Intersection {
    /// Parses a corner of a space: `H3 ne` (also `nw`, `se`, `sw`).
    pub fn parse(text: &str) -> Result<Self, CoordError> {
        let (space, corner) = text.split_once(' ').ok_or_else(|| {
            CoordError::new(format!(
                "`{text}` is not an intersection; write a space and a corner, like `H3 ne`"
            ))
        })?;
        let space = Space::parse(space)?;
        let corner = corner.trim();
        let corner = Corner::ALL
            .into_iter()
            .find(|c| c.name() == corner)
            .ok_or_else(|| {
                let err = CoordError::new(format!(
                    "`{corner}` is not a corner; expected one of `ne`, `nw`, `se`, `sw`"
                ));
                match crate::suggest::closest(corner, Corner::ALL.iter().map(|c| c.name())) {
                    Some(best) => err.with_help(format!("did you mean `{best}`?")),
                    None => err,
                }
            })?;
        Ok(space.corner(corner))
    }

    /// The canonical name: the north-east corner of the space below-left of it,
    /// falling back to another corner on the page's south and west outline.
    pub fn canonical_corner(self) -> (Space, Corner) {
        match (self.x.checked_sub(1), self.y.checked_sub(1)) {
            (Some(col), Some(row)) => (Space::new(col, row), Corner::NorthEast),
            (None, Some(row)) => (Space::new(0, row), Corner::NorthWest),
            (Some(col), None) => (Space::new(col, 0), Corner::SouthEast),
            (None, None) => (Space::new(0, 0), Corner::SouthWest),
        }
    }

    /// Order in which files list intersections: top line first, then west to east.
    pub fn reading_order(self) -> (std::cmp::Reverse<u16>, u16) {
        (std::cmp::Reverse(self.y), self.x)
    }
}

impl fmt::Display for Intersection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (space, corner) = self.canonical_corner();
        write!(f, "{space} {}", corner.name())
    }
}

/// An edge of a whole page, where joins attach: `L1p2 east`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PageEdge {
    /// The page.
    pub page: PageId,
    /// Which of its four edges.
    pub side: Direction,
}

impl PageEdge {
    /// Parses `L1p2 east`.
    pub fn parse(text: &str) -> Result<Self, CoordError> {
        let (page, side) = text.split_once(' ').ok_or_else(|| {
            CoordError::new(format!(
                "`{text}` is not a page edge; write a page and a side, like `L1p2 east`"
            ))
        })?;
        Ok(Self {
            page: PageId::parse(page)?,
            side: Direction::parse(side.trim())?,
        })
    }
}

impl fmt::Display for PageEdge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.page, self.side)
    }
}

/// Why a coordinate could not be read, with an optional fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordError {
    /// What is wrong.
    pub message: String,
    /// How to fix it, when that is clear.
    pub help: Option<String>,
}

impl CoordError {
    fn new(message: String) -> Self {
        Self {
            message,
            help: None,
        }
    }

    fn with_help(mut self, help: String) -> Self {
        self.help = Some(help);
        self
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    #[test]
    fn row_letters_continue_past_z() {
        assert_eq!(row_letters(0), "A");
        assert_eq!(row_letters(7), "H");
        assert_eq!(row_letters(25), "Z");
        assert_eq!(row_letters(26), "AA");
        assert_eq!(row_letters(27), "AB");
        assert_eq!(row_letters(701), "ZZ");
        assert_eq!(row_letters(702), "AAA");
        for row in [0, 1, 25, 26, 51, 52, 701, 702, 4999, u16::MAX - 1] {
            assert_eq!(parse_row_letters(&row_letters(row)), Some(row), "row {row}");
        }
    }

    #[test]
    fn spaces_read_row_letter_then_column() {
        assert_eq!(Space::parse("H3"), Ok(Space::new(2, 7)));
        assert_eq!(Space::parse("A1"), Ok(Space::new(0, 0)));
        assert_eq!(Space::parse("AA12"), Ok(Space::new(11, 26)));
        assert_eq!(Space::new(2, 7).to_string(), "H3");
        let lower = Space::parse("h3").unwrap_err();
        assert_eq!(lower.message, "row letters are upper-case in `h3`");
        assert_eq!(lower.help.as_deref(), Some("write `H3`"));
        assert_eq!(
            Space::parse("3H").unwrap_err().message,
            "`3H` is not a space; write a row letter and a column number, like `H3`"
        );
        assert_eq!(
            Space::parse("H0").unwrap_err().message,
            "`H0`: columns are numbered from 1"
        );
    }

    #[test]
    fn edges_have_one_canonical_name() {
        let below = Space::parse("G3").unwrap().side(Direction::North);
        let above = Space::parse("H3").unwrap().side(Direction::South);
        assert_eq!(below, above);
        assert_eq!(above.to_string(), "G3 north");
        let west_outline = Space::parse("C1").unwrap().side(Direction::West);
        assert_eq!(west_outline.to_string(), "C1 west");
        let east = Space::parse("C1").unwrap().side(Direction::East);
        assert_eq!(east, Space::parse("C2").unwrap().side(Direction::West));
        assert_eq!(east.to_string(), "C1 east");
    }

    #[test]
    fn edge_runs_stay_on_one_line() {
        let run = parse_edge_run("B4-B1 north").unwrap();
        assert_eq!(run.len(), 4);
        assert_eq!(format_edge_run(run[0], run[3]), "B1-B4 north");
        let err = parse_edge_run("B1-C4 north").unwrap_err();
        assert_eq!(
            err.message,
            "a run along the north side stays in one row, but `B1` and `C4` are in different rows"
        );
        assert_eq!(parse_edge_run("C4-F4 east").unwrap().len(), 4);
    }

    #[test]
    fn intersections_name_the_same_point_four_ways() {
        let ne = Intersection::parse("B2 ne").unwrap();
        assert_eq!(Intersection::parse("C3 sw").unwrap(), ne);
        assert_eq!(Intersection::parse("C2 se").unwrap(), ne);
        assert_eq!(Intersection::parse("B3 nw").unwrap(), ne);
        assert_eq!(ne.to_string(), "B2 ne");
        assert_eq!(Intersection { x: 0, y: 0 }.to_string(), "A1 sw");
        assert_eq!(Intersection { x: 0, y: 3 }.to_string(), "C1 nw");
        assert_eq!(Intersection { x: 4, y: 0 }.to_string(), "A4 se");
    }

    #[test]
    fn pages_and_page_edges() {
        assert_eq!(PageId::parse("L2p12"), Ok(PageId { book: 2, page: 12 }));
        assert!(PageId::parse("L2 p.2").is_err());
        assert_eq!(
            PageEdge::parse("L1p2 east").unwrap().to_string(),
            "L1p2 east"
        );
        let typo = Direction::parse("esat").unwrap_err();
        assert_eq!(typo.help.as_deref(), Some("did you mean `east`?"));
    }
}
