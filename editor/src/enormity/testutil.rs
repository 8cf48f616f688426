//! Helpers of Enormity's unit tests.

#![allow(clippy::unwrap_used, clippy::expect_used)]

/// The bundled example pack, loaded.
pub fn bundled_pack() -> deckplan_schema::enormity::Pack {
    let path = crate::testutil::bundled("derelict-meridian-tithe");
    deckplan_schema::enormity::load::load_pack(&deckplan_schema::sources::Sources::pack(&path))
        .unwrap()
        .value
        .unwrap()
}
