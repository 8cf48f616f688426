//! Picking on a ship: which square of the sheet the pointer is over (from the
//! validator's [`Sheet`], the very layout the picture is drawn on), the
//! module card under it, and what is selected.

use deckplan_schema::battlestations::{Module, Ship, Side, Square};
use deckplan_schema::id::Id;
use deckplan_validator::battlestations::draw::Sheet;
use deckplan_validator::battlestations::grid::Cell;
use deckplan_validator::draw::Point;

/// What is selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    /// Nothing: the inspector shows the ship.
    #[default]
    None,
    /// A module card.
    Module(Id),
}

impl Selection {
    /// The selection if it still names something on `ship`, else nothing.
    pub fn valid(self, ship: &Ship) -> Self {
        match self {
            Self::Module(id) if ship.module(id).is_none() => Self::None,
            other => other,
        }
    }
}

/// What a point of the canvas is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The square of the sheet.
    pub cell: Cell,
    /// The square's name on the ship grid.
    pub square: Square,
    /// The module-grid slot it lies in: column and row.
    pub slot: (u16, u16),
    /// The module covering it, by index in the ship file.
    pub module: Option<usize>,
    /// The side of the square the point is nearest.
    pub side: Side,
}

/// What a scene point is over: `None` off the squares of every level.
pub fn hit(ship: &Ship, sheet: &Sheet, point: Point) -> Option<Hit> {
    let (cell, x, y) = sheet.cell_at(point)?;
    let square = cell.square()?;
    let size = ship.module_size.max(1);
    let module = ship
        .modules
        .iter()
        .position(|m| m.level == cell.level && m.covers(size, square));
    // The nearest side: the smallest of the distances to each edge.
    let side = [
        (y, Side::North),
        (1.0 - x, Side::East),
        (1.0 - y, Side::South),
        (x, Side::West),
    ]
    .into_iter()
    .min_by(|a, b| a.0.total_cmp(&b.0))
    .map_or(Side::North, |(_, side)| side);
    Some(Hit {
        cell,
        square,
        slot: (square.column / size, square.row / size),
        module,
        side,
    })
}

/// The squares a ladder square joins: the same square on the level below
/// and above, where the ship has them (nothing when `hit` is no ladder).
/// The canvas outlines them, so a ladder is seen on both levels it joins.
pub fn ladder_ends(ship: &Ship, hit: &Hit) -> Vec<Cell> {
    let size = ship.module_size.max(1);
    let Some(module) = hit.module.and_then(|i| ship.modules.get(i)) else {
        return Vec::new();
    };
    let origin = module.origin(size);
    let content = module.content(
        hit.square.column.saturating_sub(origin.column),
        hit.square.row.saturating_sub(origin.row),
    );
    if content != deckplan_schema::battlestations::Content::Ladder {
        return Vec::new();
    }
    [hit.cell.level.checked_sub(1), Some(hit.cell.level + 1)]
        .into_iter()
        .flatten()
        .filter(|level| *level < ship.level_count())
        .map(|level| Cell { level, ..hit.cell })
        .collect()
}

/// Where a square of a module lying on the ship is on its card as printed:
/// (column, row) of the card, undoing the module's quarter turns.
pub fn card_position(module: &Module, size: u16, square: Square) -> (usize, usize) {
    let origin = module.origin(size);
    let (mut x, mut y) = (
        square.column.saturating_sub(origin.column),
        square.row.saturating_sub(origin.row),
    );
    for _ in 0..module.quarters {
        (x, y) = (y, size.saturating_sub(1).saturating_sub(x));
    }
    (usize::from(x), usize::from(y))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::Span;
    use deckplan_schema::battlestations::{Content, Role};

    use super::*;

    #[test]
    fn a_square_of_a_turned_card_is_found_where_the_card_prints_it() {
        let rows = ["C..", "...", "..B"];
        for quarters in 0..4 {
            let module = Module {
                id: Id::new("m").unwrap(),
                role: Role::Helm,
                name: None,
                level: 0,
                at: (1, 1),
                quarters,
                card: rows
                    .iter()
                    .map(|r| r.chars().filter_map(Content::parse).collect())
                    .collect(),
                span: Span::default(),
                id_span: Span::default(),
                role_span: Span::default(),
                at_span: Span::default(),
                row_spans: Vec::new(),
            };
            for (square, content) in module.squares(3) {
                let (x, y) = card_position(&module, 3, square);
                assert_eq!(module.card[y][x], content, "{quarters} {square}");
            }
        }
    }

    #[test]
    fn a_ladder_joins_the_same_square_on_the_levels_below_and_above() {
        use deckplan_validator::battlestations::draw::Sheet;
        use deckplan_validator::battlestations::grid::ShipGrid;
        let doc = match crate::battlestations::document::Document::open(&crate::testutil::bundled(
            "battlestations-wayfarer",
        ))
        .unwrap()
        {
            crate::battlestations::document::Opened::Editable(doc) => *doc,
            crate::battlestations::document::Opened::Broken(why) => panic!("{why}"),
        };
        let ship = doc.ship();
        let sheet = Sheet::new(&ShipGrid::new(ship), 1);
        let centre = |level, square: &str| {
            let rect = sheet.cell_rect(Cell::of(level, Square::parse(square).unwrap()));
            Point::new(rect.min.x + 0.5, rect.min.y + 0.5)
        };
        let ladder = hit(ship, &sheet, centre(0, "H3")).unwrap();
        assert_eq!(ladder.square, Square::parse("H3").unwrap());
        assert_eq!(
            ladder_ends(ship, &ladder),
            [Cell {
                level: 1,
                ..ladder.cell
            }]
        );
        let upper = hit(ship, &sheet, centre(1, "H3")).unwrap();
        assert_eq!(
            ladder_ends(ship, &upper),
            [Cell {
                level: 0,
                ..upper.cell
            }]
        );
        let floor = hit(ship, &sheet, centre(0, "H4")).unwrap();
        assert_eq!(ladder_ends(ship, &floor), []);
    }
}
