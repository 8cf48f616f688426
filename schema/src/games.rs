//! The registry of games whose boards this crate reads: each line adds a
//! game's folder and its place type. Adding a game is one line here.

crate::register_games! {
    /// A place on an Enormity pack of Location maps.
    enormity => Enormity(enormity::LocationPlace),
    /// A place on a Nemesis ship.
    nemesis => Nemesis(nemesis::NemesisPlace),
    /// A place in a Twilight Imperium 4 galaxy.
    ti4 => Ti4(ti4::Ti4Place),
    /// A place on a Battlestations ship.
    battlestations => Battlestations(battlestations::BattlestationsPlace),
}
