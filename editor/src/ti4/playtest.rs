//! The galaxy's play test: the moving ship, other players' ships and the
//! player's command tokens placed by clicking, and the answer of the
//! validator's movement engine — the very lines `deckplan reach` prints —
//! with the systems the ship can move into marked on the galaxy.

use std::collections::BTreeSet;

use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_validator::ti4::adjacency::Node;
use deckplan_validator::ti4::checks::Galaxy;
use deckplan_validator::ti4::cli::reach::answer_lines;
use deckplan_validator::ti4::rules::movement::{Effects, Move, Outcome, reach};

/// What a click on the galaxy places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Piece {
    /// The ship that moves.
    #[default]
    Ship,
    /// Other players' ships (they block passing).
    Enemy,
    /// The moving player's command tokens (no destination without an active system).
    Token,
}

impl Piece {
    /// Every piece, in the panel's order.
    pub const ALL: [Self; 3] = [Self::Ship, Self::Enemy, Self::Token];

    /// Its button.
    pub fn label(self) -> &'static str {
        match self {
            Self::Ship => "Moving ship",
            Self::Enemy => "Enemy ships",
            Self::Token => "Command token",
        }
    }
}

/// The question set up on the galaxy.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayTest {
    /// What a click places.
    pub piece: Piece,
    /// Where the moving ship is.
    pub ship: Option<u32>,
    /// Its move value.
    pub move_value: u32,
    /// Positions holding other players' ships.
    pub enemies: BTreeSet<u32>,
    /// Positions holding the player's command tokens.
    pub tokens: BTreeSet<u32>,
    /// Antimass Deflectors.
    pub antimass: bool,
    /// Gravity Drive.
    pub gravity_drive: bool,
    /// Light/Wave Deflector.
    pub light_wave: bool,
}

impl Default for PlayTest {
    fn default() -> Self {
        Self {
            piece: Piece::Ship,
            ship: None,
            move_value: 1,
            enemies: BTreeSet::new(),
            tokens: BTreeSet::new(),
            antimass: false,
            gravity_drive: false,
            light_wave: false,
        }
    }
}

/// The engine's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The lines `deckplan reach` prints (or why the ship cannot move).
    pub lines: Vec<String>,
    /// Positions the ship can move into, with how many systems it enters
    /// and whether the path rolls for a gravity rift.
    pub reached: Vec<(u32, usize, bool)>,
}

impl PlayTest {
    /// Places the chosen piece at `index` (a token or enemy there already is
    /// taken away); what the status bar says.
    pub fn click(&mut self, index: u32) -> String {
        match self.piece {
            Piece::Ship => {
                self.ship = Some(index);
                format!("The moving ship is at #{index}")
            }
            Piece::Enemy => toggle(&mut self.enemies, index, "Other players' ships"),
            Piece::Token => toggle(&mut self.tokens, index, "A command token"),
        }
    }

    /// Takes every piece off `index`.
    pub fn remove(&mut self, index: u32) {
        if self.ship == Some(index) {
            self.ship = None;
        }
        self.enemies.remove(&index);
        self.tokens.remove(&index);
    }

    /// Drops pieces on positions that no longer hold a tile.
    pub fn keep_valid(&mut self, galaxy: &GalaxyFile) {
        let held = |i: &u32| galaxy.tiles.contains_key(i);
        if self.ship.is_some_and(|i| !held(&i)) {
            self.ship = None;
        }
        self.enemies.retain(held);
        self.tokens.retain(held);
    }

    /// The question as the engine takes it (no active system: every
    /// destination as if activated, as `deckplan reach` without `--active`).
    pub fn question(&self) -> Move {
        let nodes = |set: &BTreeSet<u32>| set.iter().map(|i| Node::Board(*i)).collect();
        Move {
            from: self.ship.map(Node::Board),
            move_value: self.move_value,
            enemies: nodes(&self.enemies),
            tokens: nodes(&self.tokens),
            active: None,
            effects: Effects {
                antimass: self.antimass,
                gravity_drive: self.gravity_drive,
                light_wave: self.light_wave,
                ignore_start_rift: false,
            },
        }
    }

    /// The engine's answer on `galaxy`.
    pub fn answer(&self, galaxy: &Galaxy<'_>) -> Answer {
        let ship = self.question();
        let Some(start) = ship.from else {
            return Answer {
                lines: vec!["Click a system to place the moving ship.".to_string()],
                reached: Vec::new(),
            };
        };
        match reach(galaxy, &ship) {
            Outcome::Stuck(why) => Answer {
                lines: vec![format!("The ship cannot move: {why}.")],
                reached: Vec::new(),
            },
            Outcome::Moves(moves) => Answer {
                lines: answer_lines(galaxy, &ship, start, &moves),
                reached: moves
                    .iter()
                    .filter_map(|m| match m.to {
                        Node::Board(index) => {
                            Some((index, m.path.len().saturating_sub(1), !m.rifts.is_empty()))
                        }
                        Node::OffBoard(_) => None,
                    })
                    .collect(),
            },
        }
    }
}

fn toggle(set: &mut BTreeSet<u32>, index: u32, what: &str) -> String {
    if set.remove(&index) {
        format!("{what} taken off #{index}")
    } else {
        set.insert(index);
        format!("{what} at #{index}")
    }
}
