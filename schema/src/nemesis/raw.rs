//! Raw serde types mirroring the Nemesis files key for key.
//!
//! ## Style
//! As for Location maps: only the keys and the shapes of their values, every
//! value a diagnostic may point at [`Spanned`], numbers read as `i64` and
//! range-checked by the resolver so a bad number gets a message in the
//! ship's terms.

use serde::Deserialize;
use toml::Spanned;

pub(crate) type Text = Spanned<String>;

/// A ship file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlShip {
    pub format: Spanned<i64>,
    pub ruleset: Text,
    pub name: Text,
    pub board: Option<Text>,
    #[serde(default)]
    pub rooms: Vec<Spanned<TomlRoom>>,
    #[serde(default)]
    pub corridors: Vec<Spanned<TomlCorridor>>,
    #[serde(default)]
    pub networks: Vec<Spanned<TomlNetwork>>,
    #[serde(default)]
    pub technical_entrances: Vec<Spanned<TomlEntrance>>,
    #[serde(default)]
    pub escape_pods: Vec<Spanned<TomlEscapePod>>,
    pub tiles: Option<Spanned<TomlTiles>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlRoom {
    pub id: Text,
    pub kind: Text,
    pub name: Option<Text>,
    pub at: Spanned<Vec<Spanned<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlCorridor {
    pub between: Spanned<Vec<Text>>,
    pub numbers: Spanned<Vec<Spanned<i64>>>,
    pub other_end: Option<Spanned<Vec<Spanned<i64>>>>,
    pub door: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlNetwork {
    pub id: Text,
    pub at: Spanned<Vec<Spanned<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlEntrance {
    pub room: Text,
    pub numbers: Option<Spanned<Vec<Spanned<i64>>>>,
    pub network: Option<Text>,
    pub door: Option<Spanned<bool>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlEscapePod {
    pub number: Spanned<i64>,
    pub section: Text,
    pub room: Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlTiles {
    #[serde(default)]
    pub one: Vec<Text>,
    #[serde(default)]
    pub two: Vec<Text>,
}
