//! Raw types mirroring the Nemesis files key for key, read with every error
//! at once by [`raw_table!`](crate::raw_table).
//!
//! ## Style
//! As for Location maps: only the keys and the shapes of their values, every
//! value a diagnostic may point at [`Spanned`], numbers read as `i64` and
//! range-checked by the resolver so a bad number gets a message in the
//! ship's terms.

use toml::Spanned;

pub(crate) type Text = Spanned<String>;

crate::raw_table! {
    /// A ship file.
    pub(crate) struct TomlShip {
        pub format: Spanned<i64>,
        pub ruleset: Text,
        pub name: Text,
        pub board: Option<Text>,
        pub rooms: Vec<Spanned<TomlRoom>> = Vec::new(),
        pub corridors: Vec<Spanned<TomlCorridor>> = Vec::new(),
        pub networks: Vec<Spanned<TomlNetwork>> = Vec::new(),
        pub technical_entrances: Vec<Spanned<TomlEntrance>> = Vec::new(),
        pub escape_pods: Vec<Spanned<TomlEscapePod>> = Vec::new(),
        pub tiles: Option<Spanned<TomlTiles>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlRoom {
        pub id: Text,
        pub kind: Text,
        pub name: Option<Text>,
        pub at: Spanned<Vec<Spanned<i64>>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlCorridor {
        pub between: Spanned<Vec<Text>>,
        pub numbers: Spanned<Vec<Spanned<i64>>>,
        pub other_end: Option<Spanned<Vec<Spanned<i64>>>>,
        pub door: Option<Spanned<bool>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlNetwork {
        pub id: Text,
        pub at: Spanned<Vec<Spanned<i64>>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlEntrance {
        pub room: Text,
        pub numbers: Option<Spanned<Vec<Spanned<i64>>>>,
        pub network: Option<Text>,
        pub door: Option<Spanned<bool>>,
    }
}

crate::raw_table! {
    pub(crate) struct TomlEscapePod {
        pub number: Spanned<i64>,
        pub section: Text,
        pub room: Text,
    }
}

crate::raw_table! {
    pub(crate) struct TomlTiles {
        pub one: Vec<Text> = Vec::new(),
        pub two: Vec<Text> = Vec::new(),
    }
}
