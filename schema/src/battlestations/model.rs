//! The checked model of a Battlestations ship: modules of squares placed on a
//! module grid, each with a role and a rotation, what stands on its squares,
//! external doors on the hull, the forward direction and the levels. Only the
//! resolver builds it, so every value is valid on its own; what needs the
//! whole ship (overlaps, facing rules, reachability) is left to the checks.

use std::sync::Arc;

use crate::id::Id;
use crate::source::{SourceFile, Span};

use super::square::{Side, Square};

/// The module side length in squares when a ship does not say: the original
/// editions print 3.5-inch module cards with 0.7-inch squares.
pub const DEFAULT_MODULE_SIZE: u16 = 5;

/// What a module is, and so which placement rules it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// The Helm: needs an exterior forward side.
    Helm,
    /// An Engine: needs an exterior aft side.
    Engine,
    /// The Hyperdrive.
    Hyperdrive,
    /// Life Support.
    LifeSupport,
    /// The Science bay.
    Science,
    /// A Cannon: needs an exterior side.
    Cannon,
    /// A Missile Bay: needs an exterior side.
    MissileBay,
    /// A Hull Stabilizer: must be wholly interior.
    HullStabilizer,
    /// Any other module, named by the file (`name` is required).
    Custom,
}

impl Role {
    /// Every role, in the order docs list them.
    pub const ALL: [Self; 9] = [
        Self::Helm,
        Self::Engine,
        Self::Hyperdrive,
        Self::LifeSupport,
        Self::Science,
        Self::Cannon,
        Self::MissileBay,
        Self::HullStabilizer,
        Self::Custom,
    ];

    /// The roles every ship needs at least once.
    pub const REQUIRED: [Self; 5] = [
        Self::Helm,
        Self::Engine,
        Self::Hyperdrive,
        Self::LifeSupport,
        Self::Science,
    ];

    /// The role as written.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Helm => "helm",
            Self::Engine => "engine",
            Self::Hyperdrive => "hyperdrive",
            Self::LifeSupport => "life-support",
            Self::Science => "science",
            Self::Cannon => "cannon",
            Self::MissileBay => "missile-bay",
            Self::HullStabilizer => "hull-stabilizer",
            Self::Custom => "custom",
        }
    }

    /// The role as printed on a card (`Life Support`).
    pub const fn title(self) -> &'static str {
        match self {
            Self::Helm => "Helm",
            Self::Engine => "Engine",
            Self::Hyperdrive => "Hyperdrive",
            Self::LifeSupport => "Life Support",
            Self::Science => "Science",
            Self::Cannon => "Cannon",
            Self::MissileBay => "Missile Bay",
            Self::HullStabilizer => "Hull Stabilizer",
            Self::Custom => "Custom",
        }
    }

    /// Reads a role name.
    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.name() == text)
    }
}

/// What stands on a module square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Content {
    /// Open deck.
    Floor,
    /// Machinery or bulkhead: no one enters it.
    Blocked,
    /// A battlestation console, where the module is operated from.
    Console,
    /// A barrel: slagged for movement (entering costs 2).
    Barrel,
    /// A ladder to the same square on the level above and below.
    Ladder,
}

impl Content {
    /// Every content, in legend order.
    pub const ALL: [Self; 5] = [
        Self::Floor,
        Self::Blocked,
        Self::Console,
        Self::Barrel,
        Self::Ladder,
    ];

    /// The character in a module's `squares` rows.
    pub const fn symbol(self) -> char {
        match self {
            Self::Floor => '.',
            Self::Blocked => '#',
            Self::Console => 'C',
            Self::Barrel => 'B',
            Self::Ladder => 'H',
        }
    }

    /// What the legend calls it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Floor => "floor",
            Self::Blocked => "blocked",
            Self::Console => "battlestation console",
            Self::Barrel => "barrel",
            Self::Ladder => "ladder",
        }
    }

    /// Reads a `squares` character.
    pub fn parse(symbol: char) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.symbol() == symbol)
    }

    /// Whether a character may stand on it.
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Self::Blocked)
    }
}

/// A module: one card of the ship.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Module {
    /// Its id.
    pub id: Id,
    /// What it is.
    pub role: Role,
    /// The printed name (required for a custom role).
    pub name: Option<String>,
    /// Its level, as an index into [`Ship::levels`] (0 on a one-level ship).
    pub level: usize,
    /// Where it lies on the module grid: column and row, from 0 at the top left.
    pub at: (u16, u16),
    /// Clockwise quarter turns of the card, 0–3.
    pub quarters: u8,
    /// The card's squares as written (card orientation, top row first).
    pub card: Vec<Vec<Content>>,
    /// The whole `[[modules]]` table.
    pub span: Span,
    /// The `id` value.
    pub id_span: Span,
    /// The `role` value.
    pub role_span: Span,
    /// The `at` value.
    pub at_span: Span,
    /// Each row of `squares`, when written.
    pub row_spans: Vec<Span>,
}

impl Module {
    /// The name to show: the printed name, else the role's title.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or(self.role.title())
    }

    /// The ship square at the top left of the module, for cards of `size`.
    pub fn origin(&self, size: u16) -> Square {
        Square::new(self.at.0 * size, self.at.1 * size)
    }

    /// What stands at (column, row) of the module as it lies on the ship,
    /// both from 0 at its top left (after rotation).
    pub fn content(&self, column: u16, row: u16) -> Content {
        let size = u16::try_from(self.card.len()).unwrap_or(0);
        let (mut x, mut y) = (column, row);
        // Undo the clockwise turns one counter-clockwise turn at a time.
        for _ in 0..self.quarters {
            (x, y) = (y, size.saturating_sub(1).saturating_sub(x));
        }
        self.card
            .get(usize::from(y))
            .and_then(|r| r.get(usize::from(x)))
            .copied()
            .unwrap_or(Content::Floor)
    }

    /// Every square of the module on the ship, with what stands on it, in reading order.
    pub fn squares(&self, size: u16) -> impl Iterator<Item = (Square, Content)> + '_ {
        let origin = self.origin(size);
        (0..size).flat_map(move |row| {
            (0..size).map(move |column| {
                (
                    Square::new(origin.column + column, origin.row + row),
                    self.content(column, row),
                )
            })
        })
    }

    /// The span of the written card row that holds a ship square, for a
    /// diagnostic about that square (the module's `id` when no rows are written).
    pub fn span_of_square(&self, size: u16, square: Square) -> Span {
        let origin = self.origin(size);
        let (mut x, mut y) = (
            square.column.saturating_sub(origin.column),
            square.row.saturating_sub(origin.row),
        );
        for _ in 0..self.quarters {
            (x, y) = (y, size.saturating_sub(1).saturating_sub(x));
        }
        self.row_spans
            .get(usize::from(y))
            .copied()
            .unwrap_or(self.id_span)
    }

    /// Whether the module covers a ship square.
    pub fn covers(&self, size: u16, square: Square) -> bool {
        let origin = self.origin(size);
        (origin.column..origin.column + size).contains(&square.column)
            && (origin.row..origin.row + size).contains(&square.row)
    }
}

/// An external door (an airlock) on the hull: a side of a ship square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    /// Its level, as an index into [`Ship::levels`].
    pub level: usize,
    /// The square inside the hull.
    pub square: Square,
    /// The side of that square the door is on.
    pub side: Side,
    /// The string in `doors`.
    pub span: Span,
}

/// A ship file.
#[derive(Clone, Debug)]
pub struct Ship {
    /// The ship's name.
    pub name: String,
    /// Squares along a module's side.
    pub module_size: u16,
    /// The side of the drawing the ship flies toward.
    pub forward: Side,
    /// Level ids, lowest first; empty for a ship of one level.
    pub levels: Vec<Id>,
    /// Modules, in file order.
    pub modules: Vec<Module>,
    /// External doors, in file order.
    pub doors: Vec<Door>,
    /// The `forward` value.
    pub forward_span: Span,
    /// The file, for diagnostics.
    pub source: Arc<SourceFile>,
}

impl Ship {
    /// How many levels the ship has (1 without `levels`).
    pub fn level_count(&self) -> usize {
        self.levels.len().max(1)
    }

    /// The id of a level (`None` on a one-level ship).
    pub fn level_id(&self, level: usize) -> Option<Id> {
        self.levels.get(level).copied()
    }

    /// The aft side: the one across from forward.
    pub fn aft(&self) -> Side {
        self.forward.opposite()
    }

    /// The module with this id.
    pub fn module(&self, id: Id) -> Option<&Module> {
        self.modules.iter().find(|m| m.id == id)
    }
}

/// A Battlestations `pack.toml`, with its ship when it loaded.
pub type ShipPack = crate::ship_pack::ShipPack<Ship>;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn module(quarters: u8) -> Module {
        let rows = ["C..", "...", "..B"];
        Module {
            id: Id::new("m").unwrap(),
            role: Role::Helm,
            name: None,
            level: 0,
            at: (1, 0),
            quarters,
            card: rows
                .iter()
                .map(|r| r.chars().filter_map(Content::parse).collect())
                .collect(),
            span: Span::from_range(0..0),
            id_span: Span::from_range(0..0),
            role_span: Span::from_range(0..0),
            at_span: Span::from_range(0..0),
            row_spans: Vec::new(),
        }
    }

    #[test]
    fn a_quarter_turn_moves_the_top_left_to_the_top_right() {
        assert_eq!(module(0).content(0, 0), Content::Console);
        assert_eq!(module(1).content(2, 0), Content::Console);
        assert_eq!(module(1).content(0, 2), Content::Barrel);
        assert_eq!(module(2).content(2, 2), Content::Console);
        assert_eq!(module(3).content(0, 2), Content::Console);
    }

    #[test]
    fn module_squares_lie_on_the_ship_grid() {
        let m = module(0);
        let squares: Vec<String> = m.squares(3).map(|(s, _)| s.to_string()).collect();
        assert_eq!(squares.first().map(String::as_str), Some("D1"));
        assert_eq!(squares.last().map(String::as_str), Some("F3"));
        assert!(m.covers(3, Square::parse("E2").unwrap()));
        assert!(!m.covers(3, Square::parse("C2").unwrap()));
    }

    #[test]
    fn roles_and_contents_round_trip() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.name()), Some(role));
        }
        for content in Content::ALL {
            assert_eq!(Content::parse(content.symbol()), Some(content));
        }
    }
}
