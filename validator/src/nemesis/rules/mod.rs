//! The Nemesis rules engine: character movement, entering a room, the Noise
//! roll, Careful Movement and Intruder movement by corridor number, over a
//! ship and a [`PlayState`]. Where the players choose, every option is
//! returned; nothing is picked silently.
//!
//! ## Interpretations
//! Each reading of the rules is cited from the movement rules (seed 002, "S")
//! or the rules summary the project works from ("R"), or marked as ours:
//! - **Neighbours** (S): rooms joined directly by one corridor; a closed door
//!   breaks the link; open and destroyed doors do not. Technical corridors are
//!   not corridors for a Movement action (R: characters need a special card or
//!   item), and a corridor from a room to itself leads to no neighbour.
//! - **Entering** (S): an unexplored room is revealed with its Exploration
//!   token; a Noise roll follows only when the room holds neither Characters
//!   nor Intruders — the entering character does not count. Special rooms
//!   start explored (R).
//! - **Noise roll** (R): 1–4 puts Noise in the corridor with that number at
//!   the room; if that corridor holds Noise already, it is an Encounter and all
//!   Noise in the room's corridors is removed. Noise in a technical corridor is
//!   on its network's shared space (R), which is therefore "in" every
//!   corridor of every room with an entrance to that network (ours). Noise
//!   ignores doors (R).
//! - **Combat** (R): a Character and an Intruder in one room are in Combat.
//!   A Character in Combat makes no Noise roll, cannot move carefully, and
//!   its Movement is an Escape.
//! - **Danger** (R; "every" is our reading of the plural): every Intruder in a
//!   neighbouring room that is not in Combat moves in; one behind a closed
//!   door destroys the door and stays (R: an Intruder passing a closed door).
//!   With no Intruder free to come (none next door, or every one in Combat),
//!   Noise goes in every corridor of the room without one, its technical
//!   corridor included (ours). A slimed Character's Silence counts as Danger (R).
//! - **Careful Movement** (R): the move is the same; instead of rolling, the
//!   player puts the Noise marker in a chosen corridor of the entered room
//!   that holds none; not possible in Combat, nor into a room whose every
//!   corridor holds Noise already.
//! - **Intruder movement** (R): through the corridor with the number: a closed
//!   door is destroyed and the Intruder stays; open or destroyed, it moves; a
//!   technical corridor hides it (it leaves the board). An Event card moves
//!   only Intruders not in a room with a Character; a retreat from Combat or
//!   an Intruder player's card moves one anyway.
//! - **A ship that breaks N002** (ours): a number no corridor carries does
//!   nothing; a number two corridors carry gives one option each.

pub mod answer;
pub mod describe;
pub mod movement;
pub mod noise;
pub mod state;

pub use movement::{Entry, Neighbour, enter, neighbours};
pub use noise::{
    CarefulRefusal, Face, Group, IntruderCause, IntruderMove, NoiseOutcome, Roller,
    careful_options, intruder_move, noise_roll, roller_in_combat,
};
pub use state::{DoorState, PlayState, Way};

#[cfg(test)]
mod tests;
