//! Raw types mirroring a galaxy file key for key, read with every error at
//! once by [`raw_table!`](crate::raw_table).
//!
//! ## Style
//! As for the other games: only the keys and the shapes of their values,
//! every value a diagnostic may point at [`Spanned`], numbers read as `i64`
//! and range-checked by the resolver so a bad number gets a message in the
//! galaxy's terms.

use std::collections::BTreeMap;

use toml::Spanned;

use super::catalogue::{Anomaly, Back, TechSkip, Trait, Wormhole};
use crate::lint_table::TomlLintTable;

crate::raw_table! {
    /// A galaxy file, key for key.
    pub(crate) struct RawGalaxy {
        pub format: Spanned<i64>,
        pub ruleset: Spanned<String>,
        pub name: Spanned<String>,
        pub rings: Spanned<i64>,
        pub off_board: Vec<Spanned<i64>> = Vec::new(),
        pub tiles: BTreeMap<Spanned<String>, Spanned<toml::Value>> = BTreeMap::new(),
        pub homes: Vec<Spanned<RawHome>> = Vec::new(),
        pub custom: Vec<Spanned<RawCustom>> = Vec::new(),
        pub modifiers: Vec<Spanned<RawModifier>> = Vec::new(),
        pub lint: TomlLintTable = TomlLintTable::new(),
    }
}

crate::raw_table! {
    /// A `[[homes]]` entry.
    pub(crate) struct RawHome {
        pub seat: Spanned<i64>,
        pub position: Spanned<i64>,
    }
}

crate::raw_table! {
    /// A `[[custom]]` tile.
    pub(crate) struct RawCustom {
        pub number: Spanned<i64>,
        pub name: Spanned<String>,
        pub back: Option<Back>,
        pub home: bool = false,
        pub off_board: bool = false,
        pub wormholes: Vec<Wormhole> = Vec::new(),
        pub anomalies: Vec<Anomaly> = Vec::new(),
        pub planets: Vec<RawPlanet> = Vec::new(),
    }
}

crate::raw_table! {
    /// A planet of a custom tile, as the catalogue describes planets.
    pub(crate) struct RawPlanet {
        pub name: String,
        pub resources: u8,
        pub influence: u8,
        pub planet_trait as "trait": Option<Trait>,
        pub tech: Option<TechSkip>,
        pub legendary: bool = false,
    }
}

crate::raw_table! {
    /// A `[[modifiers]]` entry.
    pub(crate) struct RawModifier {
        pub name: Spanned<String>,
        pub join: Option<Spanned<Vec<Wormhole>>>,
        pub block: Option<Spanned<Vec<i64>>>,
        pub enabled: bool = true,
    }
}

// The catalogue's names, read through serde as the catalogue reads them.
crate::serde_values!(Back, Wormhole, Anomaly, Trait, TechSkip);
