//! Raw types mirroring the TOML files key for key, read with every error at
//! once by [`raw_table!`](crate::raw_table).
//!
//! ## Style
//! These types only say what keys exist and what shape their values have;
//! every value that a diagnostic may point at is [`Spanned`]. They never leave
//! the crate: [`super::resolve`] turns them into the checked [`super::model`].
//! Numbers are read as `i64` and range-checked in `resolve`, so a bad number
//! gets a message in the map's terms rather than serde's.

use toml::Spanned;

use crate::lint_table::TomlLintTable;
use crate::toml_file::Text;

crate::raw_table! {
    /// `pack.toml`.
    pub(crate) struct TomlPack {
        pub format: Spanned<i64>,
        pub name: Text,
        pub ruleset: Text,
        pub start: Text,
        pub pages: Spanned<Vec<Text>>,
        pub books: Vec<Spanned<TomlBook>> = Vec::new(),
        pub locations: Vec<Spanned<TomlLocation>> = Vec::new(),
        pub joins: Vec<Spanned<TomlJoin>> = Vec::new(),
        pub lint: TomlLintTable = TomlLintTable::new(),
    }
}

crate::raw_table! {
    pub(crate) struct TomlBook {
        pub number: Spanned<i64>,
        pub title: Option<Text>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlLocation {
        pub designation: Text,
        pub name: Text,
    }
}

crate::raw_table! {
    pub(crate) struct TomlJoin {
        pub from: Text,
        pub to: Text,
        pub offset: Option<Spanned<toml::Value>>,
    }
}

crate::raw_table! {
    /// A page file.
    pub(crate) struct TomlPage {
        pub format: Spanned<i64>,
        pub book: Spanned<i64>,
        pub page: Spanned<i64>,
        pub location: Text,
        pub title: Option<Text>,
        pub notes: Option<Text>,
        pub grid: Text,
        pub edges: TomlEdges = TomlEdges::default(),
        pub spaces: TomlSpaces = TomlSpaces::default(),
        pub intersections: TomlIntersections = TomlIntersections::default(),
        pub background: Option<Spanned<TomlBackground>>,
        pub lint: TomlLintTable = TomlLintTable::new(),
    }
}

crate::raw_table! {
    /// `[background]`: a scan to trace over in the editor. Numbers are read as
    /// TOML values so `scale = 100` and `scale = 99.5` are both accepted.
    pub(crate) struct TomlBackground {
        pub image: Text,
        pub scale: Option<Spanned<toml::Value>>,
        pub offset: Option<Spanned<Vec<Spanned<toml::Value>>>>,
        pub opacity: Option<Spanned<toml::Value>>,
        pub turn: Option<Spanned<toml::Value>>,
        pub mirrored: Option<Spanned<toml::Value>>,
    }
}

crate::raw_table! {
    #[derive(Default)]
    pub(crate) struct TomlEdges {
        pub walls: Vec<Text> = Vec::new(),
        pub red_lines: Vec<Text> = Vec::new(),
        pub doors: Vec<Spanned<TomlDoor>> = Vec::new(),
    }
}

crate::raw_table! {
    pub(crate) struct TomlDoor {
        pub number: Spanned<i64>,
        pub at: Text,
    }
}

crate::raw_table! {
    #[derive(Default)]
    pub(crate) struct TomlSpaces {
        pub terrain: Vec<Spanned<TomlTerrain>> = Vec::new(),
        pub forced_arrows: Vec<Spanned<TomlArrow>> = Vec::new(),
        pub location_arrows: Vec<Spanned<TomlLocationArrow>> = Vec::new(),
        pub consoles: Vec<Spanned<TomlConsole>> = Vec::new(),
        pub keycards: Vec<Spanned<TomlKeycard>> = Vec::new(),
        pub discoveries: Vec<Spanned<TomlDiscovery>> = Vec::new(),
        pub gear_caches: Vec<Text> = Vec::new(),
        pub engrams: Vec<Text> = Vec::new(),
        pub objectives: Vec<Text> = Vec::new(),
        pub dangerous: Vec<Text> = Vec::new(),
        pub intruder_starts: Vec<Text> = Vec::new(),
        pub spacer_starts: Vec<Text> = Vec::new(),
        pub extraction_points: Vec<Text> = Vec::new(),
    }
}

crate::raw_table! {
    pub(crate) struct TomlTerrain {
        pub name: Option<Text>,
        pub spaces: Spanned<Vec<Text>>,
        pub keywords: Spanned<Vec<Text>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlArrow {
        pub at: Text,
        pub direction: Text,
    }
}

crate::raw_table! {
    pub(crate) struct TomlLocationArrow {
        pub at: Text,
        pub direction: Text,
        pub target: Text,
    }
}

crate::raw_table! {
    pub(crate) struct TomlConsole {
        pub number: Spanned<i64>,
        pub at: Text,
        pub opens: Vec<Spanned<i64>> = Vec::new(),
        pub closes: Vec<Spanned<i64>> = Vec::new(),
    }
}

crate::raw_table! {
    pub(crate) struct TomlKeycard {
        pub at: Text,
        pub opens: Spanned<Vec<Spanned<i64>>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlDiscovery {
        pub at: Text,
        pub number: Option<Spanned<i64>>,
        pub colour: Option<Text>,
    }
}

crate::raw_table! {
    #[derive(Default)]
    pub(crate) struct TomlIntersections {
        pub spawn_points: Vec<Text> = Vec::new(),
        pub spawn_links: Vec<Spanned<Vec<Text>>> = Vec::new(),
        pub blips: Vec<Spanned<TomlArrow>> = Vec::new(),
    }
}
