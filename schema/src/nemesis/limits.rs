//! Nemesis's limits: how much one ship file may list (see [`crate::limits`]
//! for those every game shares).

use crate::limits::{Settable, declare_limits};

declare_limits! {
    /// Most rooms, corridors, networks, technical entrances or escape pods in
    /// one ship file, and most names in each of its room-tile lists.
    pub const MAX_SHIP_LIST: usize = 1000;
}

/// No Nemesis limit can be changed for a run.
pub const SETTABLE: &[Settable] = &[];
