//! The registry of games this crate checks, draws and plays: each line adds a
//! game's folder and its ruleset. Adding a game is one line here.

crate::register_rulesets! {
    // Enormity's page files predate the `ruleset` key: a lone file without one is a page.
    enormity => enormity::Enormity [default],
    nemesis => nemesis::Nemesis,
    ti4 => ti4::Ti4,
    battlestations => battlestations::Battlestations,
}
