//! The Nemesis checks: one file per check, codes `N001…`, one registry.
//!
//! A check is a pure function from the shared [`ShipGraph`] to [`Finding`]s.
//! Its metadata and documentation are declared with
//! [`declare_check!`](crate::declare_check), like every game's checks.

use crate::check::CheckMeta;

pub mod corridor_ends_differ;
pub mod corridor_loop_or_double;
pub mod door_in_technical_corridor;
pub mod escape_pod_sections;
pub mod numbers_not_partition;
pub mod special_room_count;
pub mod technical_entrance_incomplete;
pub mod tile_pool_short;
pub mod unreachable_room;

pub use crate::check::Finding;

checks![
    super::Nemesis:
    unreachable_room,
    numbers_not_partition,
    corridor_ends_differ,
    tile_pool_short,
    technical_entrance_incomplete,
    door_in_technical_corridor,
    escape_pod_sections,
    special_room_count,
    corridor_loop_or_double,
];

/// Every check's metadata, in code order.
pub fn all_meta() -> Vec<CheckMeta> {
    CHECKS.iter().map(|c| c.meta).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_in_order_and_in_the_n_family() {
        let codes: Vec<&str> = CHECKS.iter().map(|c| c.meta.code).collect();
        let expected: Vec<String> = (1..=codes.len()).map(|n| format!("N{n:03}")).collect();
        assert_eq!(codes, expected);
    }
}
