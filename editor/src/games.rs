//! The registry of games the editor opens: each line adds a game's folder
//! and its [`Game`](crate::board::Game). Adding a game is one line here; a
//! game the validator knows but this list does not opens read-only.

crate::register_boards! {
    enormity => enormity::Enormity,
    nemesis => nemesis::Nemesis,
    ti4 => ti4::Ti4,
    battlestations => battlestations::Battlestations,
}
