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

/// Whether the straight step from `a` to the next square of a line is allowed:
/// across the hull only squarely through a door; through a corner only where
/// the squares beside it are on the same side of the hull.
fn step_allowed(grid: &ShipGrid<'_>, a: Cell, b: Cell, corner: bool) -> bool {
    let (inside_a, inside_b) = (is_ship(grid, a), is_ship(grid, b));
    if corner {
        let beside = [
            Cell {
                column: b.column,
                ..a
            },
            Cell { row: b.row, ..a },
        ];
        return inside_a == inside_b && beside.iter().all(|c| is_ship(grid, *c) == inside_a);
    }
    if inside_a == inside_b {
        return true;
    }
    match side_between(a, b) {
        Some(side) if inside_a => grid.has_door(a, side),
        Some(side) => grid.has_door(b, side.opposite()),
        None => false,
    }
}

/// Every square one jet move from `from` can end on, with the squares its
/// line passes through.
pub fn targets(
    grid: &ShipGrid<'_>,
    state: &PlayState,
    who: &Character,
    from: Cell,
) -> Vec<(Cell, u32)> {
    let reach = i32::try_from(JET_SQUARES).unwrap_or(10);
    let mut found = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let to = from.offset(dx, dy);
            if (dx, dy) == (0, 0) || grid.node(to).is_none() {
                continue;
            }
            let cells = line(from, to);
            let squares = u32::try_from(cells.len()).unwrap_or(u32::MAX);
            if squares > JET_SQUARES {
                continue;
            }
            let mut at = from;
            let clear = cells.iter().all(|&(cell, corner)| {
                let open = match grid.region(cell) {
                    Region::Ship { content, .. } => content.is_walkable(),
                    Region::Hull | Region::Space => who.outside,
                };
                let ok =
                    open && !state.is_slagged(grid, cell) && step_allowed(grid, at, cell, corner);
                at = cell;
                ok
            });
            if clear {
                found.push((to, squares));
            }
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
