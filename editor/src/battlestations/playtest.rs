//! The ship's play test: the moving character, friends, enemies, barrels
//! and slagged modules placed by clicking, the character's move, actions,
//! OOC penalty, run and equipment chosen in the panel, and the rules
//! engine's answer — every square it can end on with what it costs, and the
//! cheapest way to the square under the pointer — the very search `deckplan
//! reach` runs.

use deckplan_schema::battlestations::Ship;
use deckplan_validator::battlestations::grid::{Cell, ShipGrid};
use deckplan_validator::battlestations::notation;
use deckplan_validator::battlestations::rules::movement::{Move, Reach, Rules};
use deckplan_validator::battlestations::rules::{Character, PlayState};

use super::selection::Hit;

/// What a click places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The character whose move is asked about.
    #[default]
    Mover,
    /// A friendly character (passed, not ended on).
    Friend,
    /// An enemy character (costs 2 to enter).
    Enemy,
    /// A barrel placed in play (costs 2 to enter).
    Barrel,
    /// A slagged module (each of its squares costs 2).
    Slagged,
}

impl Piece {
    /// Every piece, in panel order.
    pub const ALL: [Self; 5] = [
        Self::Mover,
        Self::Friend,
        Self::Enemy,
        Self::Barrel,
        Self::Slagged,
    ];

    /// The panel's label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Mover => "Moving character",
            Self::Friend => "Friend",
            Self::Enemy => "Enemy",
            Self::Barrel => "Barrel",
            Self::Slagged => "Slagged module",
        }
    }
}

/// The play test's setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayTest {
    /// What a click places.
    pub piece: Piece,
    /// The moving character's square.
    pub from: Option<Cell>,
    /// Who else stands where, barrels, slagged modules.
    pub state: PlayState,
    /// The moving character.
    pub who: Character,
}

impl Default for PlayTest {
    fn default() -> Self {
        Self {
            piece: Piece::Mover,
            from: None,
            state: PlayState::default(),
            who: Character::walking(3),
        }
    }
}

/// The rules engine's answer for the setup.
#[derive(Default)]
pub struct Answer {
    /// Where the character starts.
    pub from: Option<Cell>,
    /// What it can reach.
    pub reach: Option<Reach>,
    /// Why there is no answer.
    pub error: Option<String>,
    /// The start, named as `deckplan reach` names it.
    pub from_name: String,
}

/// One square of an answer as the panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The square, named as `deckplan reach` names it.
    pub square: String,
    /// Points spent over all move actions.
    pub points: u32,
    /// Move actions used.
    pub actions: u8,
    /// The squares of the cheapest way, in order (the start left out).
    pub path: Vec<String>,
}

impl PlayTest {
    /// Places (or takes back) the chosen piece on the square clicked; says
    /// what happened when it is worth saying.
    pub fn click(&mut self, ship: &Ship, hit: Hit) -> Option<String> {
        let grid = ShipGrid::new(ship);
        let cell = hit.cell;
        let name = notation::name(&grid, cell);
        if self.piece != Piece::Slagged && !grid.walkable(cell) {
            return Some(format!("{name} is blocked: no one stands there"));
        }
        // A character placed stands conscious; a second click knocks it out
        // (it may then be ended on), a third takes it back.
        let toggle = |set: &mut std::collections::BTreeMap<Cell, bool>| match set.get(&cell) {
            None => {
                set.insert(cell, true);
            }
            Some(true) => {
                set.insert(cell, false);
            }
            Some(false) => {
                set.remove(&cell);
            }
        };
        match self.piece {
            Piece::Mover => {
                self.state.friends.remove(&cell);
                self.state.enemies.remove(&cell);
                self.from = Some(cell);
            }
            Piece::Friend | Piece::Enemy if self.from == Some(cell) => {
                return Some(format!("{name} is the moving character's own square"));
            }
            Piece::Friend => {
                self.state.enemies.remove(&cell);
                toggle(&mut self.state.friends);
            }
            Piece::Enemy => {
                self.state.friends.remove(&cell);
                toggle(&mut self.state.enemies);
            }
            Piece::Barrel => {
                if !self.state.barrels.remove(&cell) {
                    self.state.barrels.insert(cell);
                }
            }
            Piece::Slagged => {
                let module = hit.module?;
                if !self.state.slagged.remove(&module) {
                    self.state.slagged.insert(module);
                }
            }
        }
        None
    }

    /// Takes away whatever stands on a square (a right click).
    pub fn remove(&mut self, cell: Cell) {
        self.state.friends.remove(&cell);
        self.state.enemies.remove(&cell);
        self.state.barrels.remove(&cell);
        if self.from == Some(cell) {
            self.from = None;
        }
    }

    /// Drops what no longer fits the ship after an edit (a module deleted).
    pub fn keep_valid(&mut self, ship: &Ship) {
        let modules = ship.modules.len();
        self.state.slagged.retain(|m| *m < modules);
        let levels = ship.level_count();
        if self.from.is_some_and(|c| c.level >= levels) {
            self.from = None;
        }
    }

    /// Asks the rules engine.
    pub fn answer(&self, ship: &Ship) -> Answer {
        let Some(from) = self.from else {
            return Answer::default();
        };
        let grid = ShipGrid::new(ship);
        let from_name = notation::name(&grid, from);
        if !grid.walkable(from) {
            return Answer {
                from: Some(from),
                reach: None,
                error: Some(format!("{from_name} is blocked: no one stands there")),
                from_name,
            };
        }
        match Rules::new(&grid, &self.state, self.who).and_then(|rules| rules.reach(from)) {
            Ok(reach) => Answer {
                from: Some(from),
                reach: Some(reach),
                error: None,
                from_name,
            },
            Err(error) => Answer {
                from: Some(from),
                reach: None,
                error: Some(error.to_string()),
                from_name,
            },
        }
    }
}

impl Answer {
    /// The cells of the cheapest way to a cell, the start first; empty when
    /// it is not reached.
    pub fn path_to(&self, cell: Cell) -> Vec<Cell> {
        let (Some(from), Some(reach)) = (self.from, &self.reach) else {
            return Vec::new();
        };
        let Some(destination) = reach.destinations.iter().find(|d| d.to == cell) else {
            return Vec::new();
        };
        std::iter::once(from)
            .chain(
                reach
                    .path(destination)
                    .iter()
                    .filter_map(|step| match step.mv {
                        Move::Step(cell, _) | Move::Jet(cell, _) => Some(cell),
                        Move::BootsOn | Move::NextAction => None,
                    }),
            )
            .collect()
    }

    /// Every square reached, with its cost and way, as the panel and
    /// `deckplan reach` name them.
    pub fn listing(&self, ship: &Ship) -> Vec<Listed> {
        let Some(reach) = &self.reach else {
            return Vec::new();
        };
        let grid = ShipGrid::new(ship);
        reach
            .destinations
            .iter()
            .map(|d| Listed {
                square: notation::name(&grid, d.to),
                points: d.points,
                actions: d.label.action + 1,
                path: self
                    .path_to(d.to)
                    .into_iter()
                    .skip(1)
                    .map(|c| notation::name(&grid, c))
                    .collect(),
            })
            .collect()
    }

    /// What the panel says of a square: its cost and way there, or that it
    /// is not reached.
    pub fn describe(&self, ship: &Ship, cell: Cell) -> String {
        let grid = ShipGrid::new(ship);
        let name = notation::name(&grid, cell);
        let Some((points, actions)) = self.cost(cell) else {
            return format!("{name}: not reached");
        };
        let path: Vec<String> = self
            .path_to(cell)
            .into_iter()
            .skip(1)
            .map(|c| notation::name(&grid, c))
            .collect();
        format!(
            "{name}: {points} point{} in {actions} move action{} · by {}",
            if points == 1 { "" } else { "s" },
            if actions == 1 { "" } else { "s" },
            path.join(", ")
        )
    }

    /// What the cheapest way to a cell costs: points and move actions.
    pub fn cost(&self, cell: Cell) -> Option<(u32, u8)> {
        let reach = self.reach.as_ref()?;
        reach
            .destinations
            .iter()
            .find(|d| d.to == cell)
            .map(|d| (d.points, d.label.action + 1))
    }
}
