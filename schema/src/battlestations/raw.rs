//! Raw types mirroring the Battlestations files key for key, read with every
//! error at once by [`raw_table!`](crate::raw_table).
//!
//! ## Style
//! As for the other games: only the keys and the shapes of their values,
//! every value a diagnostic may point at [`Spanned`], numbers read as `i64`
//! and range-checked by the resolver so a bad number gets a message in the
//! ship's terms.

use toml::Spanned;

pub(crate) type Text = Spanned<String>;

crate::raw_table! {
    /// A ship file.
    pub(crate) struct TomlShip {
        pub format: Spanned<i64>,
        pub ruleset: Text,
        pub name: Text,
        pub module_size: Option<Spanned<i64>>,
        pub forward: Text,
        pub levels: Option<Spanned<Vec<Text>>>,
        pub doors: Vec<Text> = Vec::new(),
        pub modules: Vec<Spanned<TomlModule>> = Vec::new(),
    }
}

crate::raw_table! {
    pub(crate) struct TomlModule {
        pub id: Text,
        pub role: Text,
        pub name: Option<Text>,
        pub level: Option<Text>,
        pub at: Spanned<Vec<Spanned<i64>>>,
        pub rotation: Option<Spanned<i64>>,
        pub squares: Option<Spanned<Vec<Text>>>,
    }
}
