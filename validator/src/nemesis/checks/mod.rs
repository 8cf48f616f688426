//! The Nemesis checks: one file per check, codes `N001…`, one registry.
//!
//! A check is a pure function from the shared [`ShipGraph`] to [`Finding`]s.
//! Its metadata and documentation are declared with
//! [`declare_check!`](crate::declare_check), like every game's checks.

use deckplan_schema::nemesis::NemesisPlace;

use super::graph::ShipGraph;
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

/// A registered check.
#[derive(Clone, Copy)]
pub struct Check {
    /// Its metadata.
    pub meta: CheckMeta,
    /// Runs it over a ship.
    pub run: fn(&ShipGraph<'_>, &mut Vec<Finding>),
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Check")
            .field("meta", &self.meta)
            .finish_non_exhaustive()
    }
}

/// What a check found, in the ship file.
pub type Finding = crate::ship_game::ShipFinding<NemesisPlace>;

macro_rules! registry {
    ($($check:ident),* $(,)?) => {
        /// Every check, in code order.
        pub const REGISTRY: &[Check] = &[$(Check { meta: $check::META, run: $check::run }),*];
    };
}

registry![
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
    REGISTRY.iter().map(|c| c.meta).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_in_order_and_in_the_n_family() {
        let codes: Vec<&str> = REGISTRY.iter().map(|c| c.meta.code).collect();
        let expected: Vec<String> = (1..=codes.len()).map(|n| format!("N{n:03}")).collect();
        assert_eq!(codes, expected);
    }
}
