//! Battlestations's limits: how much one ship file may list (see
//! [`crate::limits`] for those every game shares).

use crate::limits::{Settable, declare_limits};

declare_limits! {
    /// Most modules, and most doors, in one ship file.
    pub const MAX_MODULES: usize = 400;
}

/// No Battlestations limit can be changed for a run.
pub const SETTABLE: &[Settable] = &[];
