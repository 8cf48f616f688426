//! Where a finding is on a board, as data.
//!
//! A diagnostic's place is read by programs — the editor outlines it and jumps
//! to it, `lint --annotate` draws it, JSON and SARIF consumers get it field by
//! field — and printed for people. Keeping it typed means nothing ever parses
//! a message or a place text back, so a check may reword what it says without
//! breaking a highlight.
//!
//! Each game owns its place type (a space on a page, a room, a hex position)
//! and implements [`BoardPlace`] for it; [`Place`] holds any game's place and
//! is declared by the registry (`games.rs`) with [`register_games!`], one line
//! per game. Shared code asks a place only what [`BoardPlace`] says; a game's
//! own code takes its place back out with [`Place::get`].

use std::fmt;

use serde_json::Value;

pub use crate::games::Place;

/// What every game's place type tells the code all games share.
pub trait BoardPlace: Copy + Ord + fmt::Debug + fmt::Display + 'static {
    /// The ruleset whose boards the place is on (`enormity`).
    const RULESET: &'static str;

    /// The place field by field, for JSON and SARIF consumers: a `kind` and
    /// the positions in the game's printed notation, e.g. `{"kind": "door",
    /// "page": "L1p2", "number": 4, "edge": "H3 north"}`.
    fn fields(&self) -> Value;

    /// The board of a pack the place is on, when a pack holds several (an
    /// Enormity page, `L1p2`).
    fn board(&self) -> Option<String> {
        None
    }
}

/// Declares every game of the crate: its folder (`pub mod enormity;`), its
/// place type as a variant of [`Place`], and its limits (the folder's
/// `limits.rs`, walked by [`limits::every`](crate::limits::every)). Used
/// once, in `games.rs`.
#[macro_export]
macro_rules! register_games {
    ($($(#[doc = $doc:literal])* $module:ident => $variant:ident($place:ty)),* $(,)?) => {
        $(pub mod $module;)*

        /// Every game's limits, in registry order.
        pub(crate) const GAME_LIMITS: &[$crate::limits::GameLimits] = &[
            $($crate::limits::GameLimits {
                game: stringify!($module),
                limits: $module::limits::LIMITS,
                settable: $module::limits::SETTABLE,
            },)*
        ];

        /// A place on the board of some game, one variant per game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Place {
            $($(#[doc = $doc])* $variant($place),)*
        }

        impl Place {
            /// The name of the ruleset whose board this place is on (`enormity`).
            pub fn ruleset(&self) -> &'static str {
                match self {
                    $(Self::$variant(_) => <$place as $crate::place::BoardPlace>::RULESET,)*
                }
            }

            /// The place field by field, with the `ruleset` it is on.
            pub fn fields(&self) -> serde_json::Value {
                let mut fields = match self {
                    $(Self::$variant(place) => $crate::place::BoardPlace::fields(place),)*
                };
                if let Some(object) = fields.as_object_mut() {
                    object.insert("ruleset".to_string(), self.ruleset().into());
                }
                fields
            }

            /// The board of a pack the place is on, when a pack holds several.
            pub fn board(&self) -> Option<String> {
                match self {
                    $(Self::$variant(place) => $crate::place::BoardPlace::board(place),)*
                }
            }

            /// The place as game `P`'s own place type, when it is one.
            pub fn get<P: $crate::place::BoardPlace>(&self) -> Option<&P> {
                match self {
                    $(Self::$variant(place) => (place as &dyn std::any::Any).downcast_ref::<P>(),)*
                }
            }
        }

        impl std::fmt::Display for Place {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(Self::$variant(place) => place.fmt(f),)*
                }
            }
        }

        $(impl From<$place> for Place {
            fn from(place: $place) -> Self {
                Self::$variant(place)
            }
        })*
    };
}
