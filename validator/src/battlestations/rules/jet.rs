//! Jet moves: straight lines of up to ten squares.

use deckplan_schema::battlestations::Side;

use super::{Character, PlayState};
use crate::battlestations::grid::{Cell, Region, ShipGrid};

/// Most squares one jet move passes through.
pub const JET_SQUARES: u32 = 10;

/// The squares a straight line from the centre of `from` to the centre of
/// `to` passes through, in order, `from` left out, each with whether the line
/// reached it through a corner exactly (then the two squares beside that
/// corner are only touched, not passed through).
pub fn line(from: Cell, to: Cell) -> Vec<(Cell, bool)> {
    let (dx, dy) = ((to.column - from.column).abs(), (to.row - from.row).abs());
    let (sx, sy) = (
        (to.column - from.column).signum(),
        (to.row - from.row).signum(),
    );
    let (mut ix, mut iy) = (0, 0);
    let mut at = from;
    let mut cells = Vec::new();
    while ix < dx || iy < dy {
        // Compare where the line next crosses a vertical and a horizontal grid line.
        let decision = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx;
        let corner = decision == 0;
        if decision <= 0 {
            at = at.offset(sx, 0);
            ix += 1;
        }
        if decision >= 0 {
            at = at.offset(0, sy);
            iy += 1;
        }
        cells.push((at, corner));
    }
    cells
}

/// Whether a cell is part of the ship (blocked squares included).
fn is_ship(grid: &ShipGrid<'_>, cell: Cell) -> bool {
    matches!(grid.region(cell), Region::Ship { .. })
}

/// The side of `a` that `b` is across (orthogonal neighbours only).
fn side_between(a: Cell, b: Cell) -> Option<Side> {
    Side::ALL.into_iter().find(|&side| a.toward(side) == b)
}

/// Why a jet's line stops at a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The square is blocked, or open space out of contact with the ship,
    /// or outside the hull for a character without a free hand.
    NoStanding,
    /// The square is slagged (a barrel, a slagged module, an enemy).
    Slagged,
    /// The line would cross the hull where there is no external door
    /// (squarely), or between the squares beside a grid corner.
    Hull,
    /// The line would come in through a locked door.
    LockedDoor,
    /// The line passes more than ten squares.
    TooLong,
}

impl Stop {
    /// The reason in words.
    pub fn text(self) -> &'static str {
        match self {
            Self::NoStanding => "no one can be there",
            Self::Slagged => "slagged: no jet passes through a slagged square",
            Self::Hull => "the line would cross the hull where there is no door",
            Self::LockedDoor => "the line would come in through a locked door",
            Self::TooLong => "the line passes more than ten squares",
        }
    }

    /// The reason as a JSON kind.
    pub fn kind(self) -> &'static str {
        match self {
            Self::NoStanding => "no-standing",
            Self::Slagged => "slagged",
            Self::Hull => "hull",
            Self::LockedDoor => "locked-door",
            Self::TooLong => "too-long",
        }
    }
}

/// A jet's line from one square to another: the squares it passes through,
/// in order (the start left out, each with whether it was reached through a
/// grid corner exactly), and the first square that stops it, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The squares the line passes through.
    pub cells: Vec<(Cell, bool)>,
    /// The first square that stops the line, if one does.
    pub stop: Option<(Cell, Stop)>,
}

/// Whether the straight step from `a` to the next square of a line is
/// allowed: across the hull only squarely through a door (inward, only an
/// unlocked one); through a corner only where the squares beside it are on
/// the same side of the hull.
fn step_stop(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    a: Cell,
    b: Cell,
    corner: bool,
) -> Option<Stop> {
    let (inside_a, inside_b) = (is_ship(grid, a), is_ship(grid, b));
    if corner {
        let beside = [
            Cell {
                column: b.column,
                ..a
            },
            Cell { row: b.row, ..a },
        ];
        let same = inside_a == inside_b && beside.iter().all(|c| is_ship(grid, *c) == inside_a);
        return (!same).then_some(Stop::Hull);
    }
    if inside_a == inside_b {
        return None;
    }
    let through_door = match side_between(a, b) {
        Some(side) if inside_a => grid.has_door(a, side),
        Some(side) => grid.has_door(b, side.opposite()),
        None => false,
    };
    if !through_door {
        Some(Stop::Hull)
    } else if state.locked_against(grid, a, b) {
        Some(Stop::LockedDoor)
    } else {
        None
    }
}

/// The line of a jet from `from` to `to`, and the first square that stops it.
pub fn trace(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    who: &Character,
    from: Cell,
    to: Cell,
) -> Trace {
    let cells = line(from, to);
    let mut at = from;
    let mut stop = None;
    for (index, &(cell, corner)) in cells.iter().enumerate() {
        let why = if index >= JET_SQUARES as usize {
            Some(Stop::TooLong)
        } else if !match grid.region(cell) {
            Region::Ship { content, .. } => content.is_walkable(),
            Region::Hull | Region::Space => who.outside,
        } {
            Some(Stop::NoStanding)
        } else if let Some(why) = step_stop(grid, state, at, cell, corner) {
            Some(why)
        } else if state.is_slagged(grid, cell) {
            Some(Stop::Slagged)
        } else {
            None
        };
        if let Some(why) = why {
            stop = Some((cell, why));
            break;
        }
        at = cell;
    }
    Trace { cells, stop }
}

/// Every square one jet move from `from` can end on, with the squares its
/// line passes through.
pub fn targets(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    who: &Character,
    from: Cell,
) -> Vec<(Cell, u32)> {
    lines(grid, state, who, from)
        .into_iter()
        .filter(|(_, trace)| trace.stop.is_none())
        .map(|(to, trace)| (to, u32::try_from(trace.cells.len()).unwrap_or(u32::MAX)))
        .collect()
}

/// Every line of ten squares or fewer from `from` to a square a character
/// can stand on, traced: the jets a character there could try.
pub fn lines(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    who: &Character,
    from: Cell,
) -> Vec<(Cell, Trace)> {
    let reach = i32::try_from(JET_SQUARES).unwrap_or(10);
    let mut found = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let to = from.offset(dx, dy);
            if (dx, dy) == (0, 0) || grid.node(to).is_none() {
                continue;
            }
            let trace = trace(grid, state, who, from, to);
            if trace.cells.len() > JET_SQUARES as usize {
                continue;
            }
            found.push((to, trace));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(column: i32, row: i32) -> Cell {
        Cell {
            level: 0,
            row,
            column,
        }
    }

    fn names(cells: &[(Cell, bool)]) -> Vec<(i32, i32, bool)> {
        cells.iter().map(|(c, k)| (c.column, c.row, *k)).collect()
    }

    #[test]
    fn a_straight_line_counts_each_square_once() {
        assert_eq!(
            names(&line(cell(0, 0), cell(3, 0))),
            [(1, 0, false), (2, 0, false), (3, 0, false)]
        );
    }

    #[test]
    fn a_true_diagonal_passes_corner_to_corner() {
        assert_eq!(
            names(&line(cell(0, 0), cell(2, 2))),
            [(1, 1, true), (2, 2, true)]
        );
    }

    #[test]
    fn a_shallow_diagonal_counts_every_square_it_passes_through() {
        // A1 to D2 crosses into B1, then exactly through the corner of B1
        // and C2 (C1 and B2 are only touched), then into D2.
        assert_eq!(
            names(&line(cell(0, 0), cell(3, 1))),
            [(1, 0, false), (2, 1, true), (3, 1, false)]
        );
        assert_eq!(
            names(&line(cell(0, 0), cell(2, 1))),
            [(1, 0, false), (1, 1, false), (2, 1, false)]
        );
    }
}
