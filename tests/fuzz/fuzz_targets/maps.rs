//! Enormity: pages, `pack.toml` and Tiled maps, parse → resolve → validate →
//! format, with the properties of `deckplan_tests::properties` (the first
//! byte picks the kind, see `MAP_KINDS`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = deckplan_tests::properties::maps(data);
});
