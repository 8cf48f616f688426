//! Cells named as players name them, for the command line: a ship square is
//! `H3` (`upper H3` on a ship of several levels); a virtual square outside
//! the hull is named by the ship square it touches and the direction from
//! it, `A3 west` or, at a corner, `A1 north-west`.

use deckplan_schema::battlestations::{Side, Square};

use super::grid::{Cell, DoorAt, Region, ShipGrid};

const DIAGONALS: [(&str, i32, i32); 4] = [
    ("north-east", 1, -1),
    ("south-east", 1, 1),
    ("south-west", -1, 1),
    ("north-west", -1, -1),
];

fn is_ship(grid: &ShipGrid<'_>, cell: Cell) -> bool {
    matches!(grid.region(cell), Region::Ship { .. })
}

/// The name of a cell.
pub fn name(grid: &ShipGrid<'_>, cell: Cell) -> String {
    let level = grid
        .ship
        .level_id(cell.level)
        .map(|l| format!("{l} "))
        .unwrap_or_default();
    if is_ship(grid, cell)
        && let Some(square) = cell.square()
    {
        return format!("{level}{square}");
    }
    for side in Side::ALL {
        let inner = cell.toward(side);
        if let (true, Some(square)) = (is_ship(grid, inner), inner.square()) {
            return format!("{level}{square} {}", side.opposite());
        }
    }
    for (direction, dx, dy) in DIAGONALS {
        let inner = cell.offset(-dx, -dy);
        if let (true, Some(square)) = (is_ship(grid, inner), inner.square()) {
            return format!("{level}{square} {direction}");
        }
    }
    format!("{level}column {} row {}", cell.column + 1, cell.row + 1)
}

/// Reads a cell name; the error says what was expected.
pub fn parse(grid: &ShipGrid<'_>, text: &str) -> Result<Cell, String> {
    let ship = grid.ship;
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let level = match words
        .first()
        .and_then(|w| ship.levels.iter().position(|l| l.as_str() == *w))
    {
        Some(level) => {
            words.remove(0);
            level
        }
        None if ship.levels.is_empty() => 0,
        None => {
            let names: Vec<String> = ship.levels.iter().map(|l| format!("`{l}`")).collect();
            return Err(format!(
                "`{text}` names no level; this ship's squares are named with one of {} first, like `{} H3`",
                names.join(", "),
                ship.levels.first().map_or("lower", |l| l.as_str())
            ));
        }
    };
    let (square, direction) = match words.as_slice() {
        [square] => (*square, None),
        [square, direction] => (*square, Some(*direction)),
        _ => {
            return Err(format!(
                "`{text}` is not a square: write a square like `H3`, or a square outside the hull like `A3 west`"
            ));
        }
    };
    let square = Square::parse(square).map_err(|e| e.0)?;
    let inner = Cell::of(level, square);
    if !is_ship(grid, inner) {
        return Err(format!("{} is not a square of the ship", name(grid, inner)));
    }
    let Some(direction) = direction else {
        return Ok(inner);
    };
    let outer = if let Some(side) = Side::parse(direction) {
        inner.toward(side)
    } else if let Some((_, dx, dy)) = DIAGONALS.iter().find(|(n, ..)| *n == direction) {
        inner.offset(*dx, *dy)
    } else {
        return Err(format!(
            "`{direction}` is not a direction: use north, east, south, west or north-east, south-east, south-west, north-west"
        ));
    };
    if grid.region(outer) != Region::Hull {
        return Err(format!(
            "`{text}` is not outside the hull: the square {direction} of {square} is part of the ship"
        ));
    }
    Ok(outer)
}

/// Reads an external door as the ship file writes it, `A8 west` (`lower A8
/// west` on a ship of several levels); it must be one of the ship's doors.
pub fn parse_door(grid: &ShipGrid<'_>, text: &str) -> Result<DoorAt, String> {
    let trimmed = text.trim();
    let Some((square, side)) = trimmed.rsplit_once(char::is_whitespace) else {
        return Err(format!(
            "`{trimmed}` is not a door: write the square inside it and its side, like `A8 west`"
        ));
    };
    let Some(side) = Side::parse(side) else {
        return Err(format!(
            "`{side}` is not a side: a door is on the north, east, south or west side of its square"
        ));
    };
    let inner = parse(grid, square)?;
    let door = DoorAt {
        level: inner.level,
        square: inner
            .square()
            .ok_or_else(|| format!("`{square}` is outside the hull"))?,
        side,
    };
    if grid.door_between(inner, inner.toward(side)) != Some(door) {
        let doors: Vec<String> = grid
            .doors()
            .map(|d| {
                let level = grid
                    .ship
                    .level_id(d.level)
                    .map(|l| format!("{l} "))
                    .unwrap_or_default();
                format!("`{level}{} {}`", d.square, d.side)
            })
            .collect();
        return Err(format!(
            "the ship has no external door on the {side} side of {}; its doors are {}",
            name(grid, inner),
            if doors.is_empty() {
                "none".to_string()
            } else {
                doors.join(", ")
            }
        ));
    }
    Ok(door)
}
