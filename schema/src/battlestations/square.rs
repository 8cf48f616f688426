//! Squares of a Battlestations ship, named over the whole ship's square grid:
//! a column letter and a row number, `H3` = column H, row 3. Columns run A, B,
//! …, Z, AA, AB, … from the left; rows count from 1 at the top, the way the
//! module cards are written in a ship file (top row first). The ship's forward
//! direction plays no part in the names. Converted here and nowhere else.

use std::fmt;

/// One of the four sides of a square or a module, in the drawing's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// Toward row 1 (the top of the drawing).
    North,
    /// Toward the last column.
    East,
    /// Toward the last row.
    South,
    /// Toward column A.
    West,
}

impl Side {
    /// All four, clockwise from north.
    pub const ALL: [Self; 4] = [Self::North, Self::East, Self::South, Self::West];

    /// The names a file may give.
    pub const NAMES: [&'static str; 4] = ["north", "east", "south", "west"];

    /// The side as written.
    pub const fn name(self) -> &'static str {
        match self {
            Self::North => "north",
            Self::East => "east",
            Self::South => "south",
            Self::West => "west",
        }
    }

    /// Reads a side name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == text)
    }

    /// The side across from this one.
    pub const fn opposite(self) -> Self {
        match self {
            Self::North => Self::South,
            Self::East => Self::West,
            Self::South => Self::North,
            Self::West => Self::East,
        }
    }

    /// This side turned clockwise by `quarters` quarter turns.
    pub const fn turned(self, quarters: u8) -> Self {
        let index = match self {
            Self::North => 0,
            Self::East => 1,
            Self::South => 2,
            Self::West => 3,
        };
        match (index + quarters) % 4 {
            0 => Self::North,
            1 => Self::East,
            2 => Self::South,
            _ => Self::West,
        }
    }

    /// The step one square this way, as (columns, rows).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Self::North => (0, -1),
            Self::East => (1, 0),
            Self::South => (0, 1),
            Self::West => (-1, 0),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square of the ship's square grid, counted from 0 inside the program and
/// named from `A1` in files and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// Row, from 0 at the top (ordered first, so squares sort in reading order).
    pub row: u16,
    /// Column, from 0 at the left.
    pub column: u16,
}

/// Why text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError(pub String);

/// Most letters in a column name (`ZZZ` is far beyond any ship).
const MAX_LETTERS: usize = 3;

impl Square {
    /// The square at a column and a row, both from 0.
    pub const fn new(column: u16, row: u16) -> Self {
        Self { row, column }
    }

    /// Reads `H3`, `AB12` (letters may be lower case).
    pub fn parse(text: &str) -> Result<Self, SquareError> {
        let bad = || {
            SquareError(format!(
                "`{text}` is not a square: write a column letter and a row number, like `H3`"
            ))
        };
        let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (column_text, row_text) = text.split_at_checked(letters).ok_or_else(bad)?;
        if letters == 0 || letters > MAX_LETTERS || row_text.is_empty() {
            return Err(bad());
        }
        if !row_text.bytes().all(|b| b.is_ascii_digit()) || row_text.starts_with('0') {
            return Err(bad());
        }
        let mut column: u32 = 0;
        for b in column_text.bytes() {
            column = column * 26 + u32::from(b.to_ascii_uppercase() - b'A') + 1;
        }
        let row: u32 = row_text.parse().map_err(|_| bad())?;
        let column = u16::try_from(column - 1).map_err(|_| bad())?;
        let row = u16::try_from(row - 1).map_err(|_| bad())?;
        Ok(Self::new(column, row))
    }

    /// The column's letters: `A` for 0, `Z` for 25, `AA` for 26.
    pub fn column_name(column: u16) -> String {
        let mut n = u32::from(column) + 1;
        let mut letters = Vec::new();
        while n > 0 {
            let rest = (n - 1) % 26;
            letters.push(char::from(b'A' + u8::try_from(rest).unwrap_or(0)));
            n = (n - 1) / 26;
        }
        letters.iter().rev().collect()
    }

    /// The square one step toward `side`, if it is on the grid's positive side.
    pub fn step(self, side: Side) -> Option<Self> {
        let (dx, dy) = side.delta();
        let column = u16::try_from(i32::from(self.column) + dx).ok()?;
        let row = u16::try_from(i32::from(self.row) + dy).ok()?;
        Some(Self::new(column, row))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            Self::column_name(self.column),
            u32::from(self.row) + 1
        )
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn names_are_column_letters_and_row_numbers_from_the_top_left() {
        assert_eq!(Square::parse("A1").unwrap(), Square::new(0, 0));
        assert_eq!(Square::parse("H3").unwrap(), Square::new(7, 2));
        assert_eq!(Square::parse("z10").unwrap(), Square::new(25, 9));
        assert_eq!(Square::parse("AA1").unwrap(), Square::new(26, 0));
        for (column, row) in [(0, 0), (25, 4), (26, 7), (701, 2), (702, 99)] {
            let square = Square::new(column, row);
            assert_eq!(Square::parse(&square.to_string()).unwrap(), square);
        }
        assert_eq!(Square::new(27, 0).to_string(), "AB1");
    }

    #[test]
    fn other_text_is_refused_with_the_form_to_use() {
        for text in ["", "3H", "H", "H0", "H03", "H-1", "ABCD1", "H3 ", "É3"] {
            assert!(Square::parse(text).is_err(), "{text:?}");
        }
        assert_eq!(
            Square::parse("3H").unwrap_err().0,
            "`3H` is not a square: write a column letter and a row number, like `H3`"
        );
    }

    #[test]
    fn sides_turn_clockwise() {
        assert_eq!(Side::North.turned(1), Side::East);
        assert_eq!(Side::West.turned(2), Side::East);
        assert_eq!(Side::South.turned(3), Side::East);
        assert_eq!(Side::East.opposite(), Side::West);
    }
}
