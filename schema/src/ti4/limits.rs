//! Twilight Imperium 4's limits: how much one galaxy may define (see
//! [`crate::limits`] for those every game shares).

use crate::limits::{Settable, declare_limits};

declare_limits! {
    /// Most custom tiles, and most adjacency modifiers, one galaxy defines.
    pub const MAX_GALAXY_LIST: usize = 256;
}

/// No TI4 limit can be changed for a run.
pub const SETTABLE: &[Settable] = &[];
