//! The rules engine of Battlestations character movement (seed 004): where a
//! character can end its move actions on a ship, with the cheapest way there
//! and every peek, given who stands where and what is slagged.
//!
//! ## Interpretations
//! Each reading of the seed text, and why:
//! - **Move actions.** A character gets one move action (`actions = 1`);
//!   moving as its action gives two, and the species option three. Each move
//!   action has its own move value of points; points left at the end of one
//!   action are lost ("you can move a number of squares equal to your move
//!   value" per action). The actions are taken one after the other.
//! - **Out of control.** The penalty is subtracted once per phase: from the
//!   first move action, and what that action cannot absorb from the next
//!   ones, so two actions of move 5 with 3 OOC give 2 + 5 = 7 points, the
//!   seed's own example (5 + 5 − 3 = 7).
//! - **One square minimum.** A move action that has not yet moved a square
//!   may always move one square, whatever it costs; that square spends the
//!   rest of the action. It applies to walking steps, not to jets (a jet move
//!   spends a point, which the action must have).
//! - **Slagged squares** cost 2 to enter: a barrel's square, every square of a
//!   slagged module, a square holding an enemy (conscious or not: the body is
//!   in the way). Friends cost nothing extra to pass.
//! - **Ending.** A move never ends on a conscious character's square, friend
//!   or enemy; an unconscious one may be stood over. Between two move actions
//!   a character may stop on an occupied square, since its next action moves
//!   it out ("popping" out of the square).
//! - **Outside the hull** (`outside`: the character has a free hand): the
//!   virtual squares around the ship, reached only through an external door
//!   (opened free going out; a ship's own crew opens its doors coming in).
//!   Each outside square costs one extra point; switching MagBoots on costs
//!   one point once, after which outside squares cost their plain price.
//!   Outside squares of different levels never join (no climbing over or
//!   under the ship).
//! - **Jet moves** (`jet`): a point converts to one jet move of up to 10
//!   squares in a straight line from square centre to square centre, in any
//!   direction; a diagonal line counts every square it passes through, and a
//!   line through a corner exactly passes between the two squares meeting
//!   there, which it neither counts nor is stopped by — unless they lie on
//!   the other side of the hull. No square on the line may be slagged or
//!   blocked. A line may cross the hull only through an external door
//!   (squarely; inward, not a locked one); outside, it may pass through open
//!   space but must start and end in contact with the hull, and it never
//!   passes over the ship. A jet touching any square off the ship needs the
//!   free hand (`outside`). The pilot check is assumed passed. The extra point
//!   per outside square is for clinging to the hull, so a jet costs its one
//!   point anywhere.
//! - **Play state**: barrels placed in play slag any square, outside the hull
//!   too; a locked door (an enemy ship's, not hacked, broken or held) opens
//!   outward only; MagBoots may start switched on.
//! - **Running** (`run`): a successful Athletics check at the start of a move
//!   action adds squares to that action, read as points (a run square that is
//!   slagged still costs 2). The engine assumes the check is made and passed
//!   at the start of every move action, so it answers "if my runs succeed";
//!   the difficulty (11, +3 per square after the first) is reported, not
//!   rolled. A failed check (fewer points) is `reach` with a smaller `--move`.
//! - **Peeks.** The last square of a move may be a peek: the character
//!   stands in that square and the one before it. Neither may hold a
//!   conscious character. Only a walking step (not a ladder or a jet) peeks.
//! - **Ladders** join the same square of two levels when both squares hold
//!   a ladder; climbing costs what entering the square above or below costs.
//!
//! Not modelled, because they are not questions about the ship's squares: being
//! carried, free melee attacks, hacking and breaking doors (the question says
//! which are still locked), linking up outside an airlock, jetting between
//! two ships, and starting a move from a peek.

pub mod jet;
pub mod movement;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use super::grid::{Cell, DoorAt, Region, ShipGrid};

/// Who stands where on the ship, which modules are slagged, where barrels
/// lie and which doors are locked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    /// Friendly characters, by square: `true` when conscious.
    pub friends: BTreeMap<Cell, bool>,
    /// Enemy characters, by square: `true` when conscious.
    pub enemies: BTreeMap<Cell, bool>,
    /// Slagged modules, by index in the ship's modules.
    pub slagged: BTreeSet<usize>,
    /// Barrels placed in play (besides those printed on the modules), on any
    /// square a character can stand on, outside the hull included.
    pub barrels: BTreeSet<Cell>,
    /// External doors that open only outward: an enemy ship's doors, not
    /// hacked, broken or held open.
    pub locked_doors: BTreeSet<DoorAt>,
}

impl PlayState {
    /// Whether entering a cell costs 2: a barrel (printed or placed), a
    /// slagged module, an enemy.
    pub fn is_slagged(&self, grid: &ShipGrid<'_>, cell: Cell) -> bool {
        let square = match grid.region(cell) {
            Region::Ship { module, content } => {
                content == deckplan_schema::battlestations::Content::Barrel
                    || self.slagged.contains(&module)
            }
            Region::Hull | Region::Space => false,
        };
        square || self.barrels.contains(&cell) || self.enemies.contains_key(&cell)
    }

    /// Whether a step from `from` to the orthogonal neighbour `to` comes in
    /// through a locked door (outside to inside); going out is always free.
    pub fn locked_against(&self, grid: &ShipGrid<'_>, from: Cell, to: Cell) -> bool {
        let coming_in = matches!(grid.region(from), Region::Hull | Region::Space)
            && matches!(grid.region(to), Region::Ship { .. });
        coming_in
            && grid
                .door_between(to, from)
                .is_some_and(|door| self.locked_doors.contains(&door))
    }

    /// Whether a conscious character stands on a cell.
    pub fn has_conscious(&self, cell: Cell) -> bool {
        self.friends.get(&cell) == Some(&true) || self.enemies.get(&cell) == Some(&true)
    }
}

/// The moving character and what it may do this phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Character {
    /// Its move value.
    pub move_value: u32,
    /// Move actions this phase: 1, 2 when moving as the action, 3 for the species option.
    pub actions: u8,
    /// The out-of-control penalty, subtracted once per phase.
    pub ooc: u32,
    /// Whether it may climb out onto the hull (it has a free hand).
    pub outside: bool,
    /// Whether it wears MagBoots (switched on for one point).
    pub magboots: bool,
    /// Whether its MagBoots are already on at the start (no point to spend).
    pub boots_on: bool,
    /// Whether it can make jet moves (a JetPack, or a species that jets).
    pub jet: bool,
    /// Extra squares from running, when the Athletics check at the start of
    /// each move action succeeds (0: not running).
    pub run: u32,
}

impl Character {
    /// A character with a move value and one move action, nothing else.
    pub const fn walking(move_value: u32) -> Self {
        Self {
            move_value,
            actions: 1,
            ooc: 0,
            outside: false,
            magboots: false,
            boots_on: false,
            jet: false,
            run: 0,
        }
    }

    /// The points of each move action (the move value, plus the squares of
    /// a successful run), the OOC penalty taken from the first and, where it
    /// cannot absorb it, from the next.
    pub fn budgets(&self) -> Vec<u32> {
        let per_action = self.move_value + self.run;
        let mut penalty = self.ooc;
        (0..self.actions)
            .map(|_| {
                let points = per_action.saturating_sub(penalty);
                penalty = penalty.saturating_sub(per_action);
                points
            })
            .collect()
    }

    /// The Athletics difficulty of running `run` extra squares: 11 for one,
    /// 3 more for each square after it.
    pub fn run_difficulty(&self) -> Option<u32> {
        (self.run > 0).then(|| 11 + 3 * (self.run - 1))
    }
}

/// Most move actions in a phase (the species option).
pub const MAX_ACTIONS: u8 = 3;

/// Largest move value (and OOC penalty) the engine accepts: characters move
/// a handful of squares, and every destination carries its whole path, so
/// the limit bounds the answer's size as well as the search.
pub const MAX_MOVE: u32 = 20;
