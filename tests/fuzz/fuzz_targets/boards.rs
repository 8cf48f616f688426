//! Every game's readers — each kind of file in
//! `deckplan_tests::properties::KINDS`, picked by the first byte — parse →
//! check → draw → format, with the properties of `deckplan_tests::properties`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = deckplan_tests::properties::check(data);
});
