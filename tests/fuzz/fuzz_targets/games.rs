//! The other games' readers — Nemesis ship and pack files, TI4 galaxy files
//! and map strings, Battlestations ship and pack files, GraphML boards —
//! parse → check → draw → format, with the properties of
//! `deckplan_tests::properties` (the first byte picks the kind, see
//! `GAME_KINDS`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = deckplan_tests::properties::games(data);
});
