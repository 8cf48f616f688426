//! Raw serde types mirroring the TOML files key for key.
//!
//! ## Style
//! These types only say what keys exist and what shape their values have;
//! every value that a diagnostic may point at is [`Spanned`]. They never leave
//! the crate: [`crate::resolve`] turns them into the checked [`super::model`].
//! Numbers are read as `i64` and range-checked in `resolve`, so a bad number
//! gets a message in the map's terms rather than serde's.


use serde::Deserialize;
use toml::Spanned;

use crate::lint_table::TomlLintTable;
use crate::toml_file::Text;

/// `pack.toml`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlPack {
    pub format: Spanned<i64>,
    pub name: Text,
    pub ruleset: Text,
    pub start: Text,
    pub pages: Spanned<Vec<Text>>,
    #[serde(default)]
    pub books: Vec<Spanned<TomlBook>>,
    #[serde(default)]
    pub locations: Vec<Spanned<TomlLocation>>,
    #[serde(default)]
    pub joins: Vec<Spanned<TomlJoin>>,
    #[serde(default)]
    pub lint: TomlLintTable,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlBook {
    pub number: Spanned<i64>,
    pub title: Option<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlLocation {
    pub designation: Text,
    pub name: Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlJoin {
    pub from: Text,
    pub to: Text,
    pub offset: Option<Spanned<toml::Value>>,
}

/// A page file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlPage {
    pub format: Spanned<i64>,
    pub book: Spanned<i64>,
    pub page: Spanned<i64>,
    pub location: Text,
    pub title: Option<Text>,
    pub notes: Option<Text>,
    pub grid: Text,
    #[serde(default)]
    pub edges: TomlEdges,
    #[serde(default)]
    pub spaces: TomlSpaces,
    #[serde(default)]
    pub intersections: TomlIntersections,
    pub background: Option<Spanned<TomlBackground>>,
    #[serde(default)]
    pub lint: TomlLintTable,
}

/// `[background]`: a scan to trace over in the editor. Numbers are read as
/// TOML values so `scale = 100` and `scale = 99.5` are both accepted.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlBackground {
    pub image: Text,
    pub scale: Option<Spanned<toml::Value>>,
    pub offset: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    pub opacity: Option<Spanned<toml::Value>>,
    pub turn: Option<Spanned<toml::Value>>,
    pub mirrored: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlEdges {
    #[serde(default)]
    pub walls: Vec<Text>,
    #[serde(default)]
    pub red_lines: Vec<Text>,
    #[serde(default)]
    pub doors: Vec<Spanned<TomlDoor>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlDoor {
    pub number: Spanned<i64>,
    pub at: Text,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlSpaces {
    #[serde(default)]
    pub terrain: Vec<Spanned<TomlTerrain>>,
    #[serde(default)]
    pub forced_arrows: Vec<Spanned<TomlArrow>>,
    #[serde(default)]
    pub location_arrows: Vec<Spanned<TomlLocationArrow>>,
    #[serde(default)]
    pub consoles: Vec<Spanned<TomlConsole>>,
    #[serde(default)]
    pub keycards: Vec<Spanned<TomlKeycard>>,
    #[serde(default)]
    pub discoveries: Vec<Spanned<TomlDiscovery>>,
    #[serde(default)]
    pub gear_caches: Vec<Text>,
    #[serde(default)]
    pub engrams: Vec<Text>,
    #[serde(default)]
    pub objectives: Vec<Text>,
    #[serde(default)]
    pub dangerous: Vec<Text>,
    #[serde(default)]
    pub intruder_starts: Vec<Text>,
    #[serde(default)]
    pub spacer_starts: Vec<Text>,
    #[serde(default)]
    pub extraction_points: Vec<Text>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlTerrain {
    pub name: Option<Text>,
    pub spaces: Spanned<Vec<Text>>,
    pub keywords: Spanned<Vec<Text>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlArrow {
    pub at: Text,
    pub direction: Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlLocationArrow {
    pub at: Text,
    pub direction: Text,
    pub target: Text,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlConsole {
    pub number: Spanned<i64>,
    pub at: Text,
    #[serde(default)]
    pub opens: Vec<Spanned<i64>>,
    #[serde(default)]
    pub closes: Vec<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlKeycard {
    pub at: Text,
    pub opens: Spanned<Vec<Spanned<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlDiscovery {
    pub at: Text,
    pub number: Option<Spanned<i64>>,
    pub colour: Option<Text>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct TomlIntersections {
    #[serde(default)]
    pub spawn_points: Vec<Text>,
    #[serde(default)]
    pub spawn_links: Vec<Spanned<Vec<Text>>>,
    #[serde(default)]
    pub blips: Vec<Spanned<TomlArrow>>,
}
