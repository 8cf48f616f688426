//! A TI4 galaxy file: the tiles of one galaxy by spiral index, its home seats,
//! custom tiles for homebrew systems and switchable adjacency modifiers.
//!
//! A TI4 pack is a folder whose `pack.toml` *is* the galaxy: one galaxy is one
//! board, so a second file would only add a reference that could dangle. Any
//! other `.toml` file with `ruleset = "ti4"` is a lone galaxy file in the same
//! format. `docs/format.md` ("Twilight Imperium 4 galaxies") documents every key.
//!
//! Reading collects every problem with its span, a [`Ti4Place`] and a fix when
//! one is clear; [`write`] is canonical (load → write of a canonical file is
//! byte-identical).

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use super::catalogue::{
    Anomaly, Back, Catalogue, Expansion, Planet, System, TechSkip, Trait, Wormhole,
};
use super::hex::Hex;
use super::map_string::{self, Galaxy, MAX_RINGS, Slot};
use super::place::Ti4Place;
use crate::document::read_file;
use crate::error::{FormatCode, FormatError, Problems};
use crate::lint_table::LintSettings;
use crate::lint_table::{TomlLintTable, lint_settings};
use crate::source::{SourceFile, Span};

/// The only `format` version of galaxy files.
pub const FORMAT_VERSION: i64 = 1;

/// The ruleset name galaxy files carry.
pub const RULESET: &str = "ti4";

/// The Creuss Gate, on the board in the Creuss seat.
pub const CREUSS_GATE: u16 = 17;

/// The Creuss home system, beside the board.
pub const CREUSS_HOME: u16 = 51;

pub use crate::limits::MAX_LIST;

/// A galaxy as read from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalaxyFile {
    /// Its name.
    pub name: String,
    /// How many rings around the centre the layout has (3 for six players).
    pub rings: u32,
    /// What each listed position holds, by spiral index; unlisted positions hold no tile.
    pub tiles: BTreeMap<u32, Placed>,
    /// The players' home seats, by seat number.
    pub homes: Vec<Home>,
    /// Homebrew system tiles, numbered apart from the catalogue's.
    pub custom: Vec<CustomTile>,
    /// Systems set beside the board, reached only through their wormholes
    /// (the Creuss home 51, the Wormhole Nexus 82), by tile number.
    pub off_board: Vec<u16>,
    /// Adjacency modifiers (wormhole types joined, borders blocked).
    pub modifiers: Vec<Modifier>,
    /// Check levels set in the file's `[lint]` table.
    pub lint: LintSettings,
}

/// What one position holds, with where the file says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// A system tile, a hyperlane tile with face and rotation, or an open position.
    pub slot: Slot,
    /// The `index = value` line.
    pub span: Span,
}

/// A home seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Home {
    /// The seat number, from 1.
    pub seat: u8,
    /// Its position's spiral index.
    pub position: u32,
    /// The `[[homes]]` entry.
    pub span: Span,
}

/// A homebrew system tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomTile {
    /// The name shown for it.
    pub name: String,
    /// The system, as the catalogue's systems are described.
    pub system: System,
    /// The `[[custom]]` entry.
    pub span: Span,
}

/// What an adjacency modifier does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Systems with either wormhole type are adjacent to those with the other.
    Join(Wormhole, Wormhole),
    /// The two touching positions (spiral indexes) are not adjacent across their border.
    Block(u32, u32),
}

/// A named, switchable adjacency modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// What the modifier is called (a card or an agreed house rule).
    pub name: String,
    /// What it changes.
    pub effect: Effect,
    /// Whether it is in force (a switched-off modifier is kept for play-testing).
    pub enabled: bool,
    /// The `[[modifiers]]` entry.
    pub span: Span,
}

impl GalaxyFile {
    /// The built-in catalogue with this galaxy's custom tiles added.
    pub fn catalogue(&self, builtin: &Catalogue) -> Catalogue {
        builtin.with_systems(self.custom.iter().map(|c| c.system.clone()))
    }

    /// The positions as a map-string galaxy (unlisted positions hold no tile).
    pub fn galaxy(&self) -> Galaxy {
        let last = self.tiles.keys().next_back().copied().unwrap_or(0);
        let slot = |index: u32| self.tiles.get(&index).map_or(Slot::Off, |p| p.slot);
        Galaxy::new(slot(0), (1..=last).map(slot))
    }

    /// The rings a drawing needs: the layout's, or more when a tile lies
    /// outside them (which the linter reports).
    pub fn drawn_rings(&self) -> u32 {
        let outermost = self
            .tiles
            .keys()
            .next_back()
            .map_or(0, |&index| Hex::from_index(index).ring());
        self.rings.max(outermost)
    }

    /// What the position `hex` holds.
    pub fn slot(&self, hex: Hex) -> Slot {
        hex.index()
            .and_then(|index| self.tiles.get(&index))
            .map_or(Slot::Off, |p| p.slot)
    }

    /// A galaxy file from a map string's galaxy. Home seats go on positions
    /// holding on-board home systems and on open (`0`) positions of the outer
    /// ring, where community strings leave the seats; seats are numbered in
    /// spiral order.
    pub fn from_galaxy(name: &str, galaxy: &Galaxy, catalogue: &Catalogue) -> GalaxyFile {
        let rings = galaxy.rings().max(1);
        // The Creuss Gate (17) stands in the Creuss seat; their home (51) is beside the board.
        let off_board = if galaxy
            .slots()
            .any(|(_, slot)| slot == Slot::System(CREUSS_GATE))
        {
            vec![CREUSS_HOME]
        } else {
            Vec::new()
        };
        let mut tiles = BTreeMap::new();
        let mut homes = Vec::new();
        for (hex, slot) in galaxy.slots() {
            let Some(index) = hex.index() else { continue };
            if slot == Slot::Off {
                continue;
            }
            let is_seat = match slot {
                Slot::System(number) => catalogue
                    .system(number)
                    .is_some_and(|s| s.home && !s.off_board),
                Slot::Open => hex.ring() == rings,
                _ => false,
            };
            if is_seat {
                let seat = u8::try_from(homes.len() + 1).unwrap_or(u8::MAX);
                homes.push(Home {
                    seat,
                    position: index,
                    span: Span::default(),
                });
            }
            tiles.insert(
                index,
                Placed {
                    slot,
                    span: Span::default(),
                },
            );
        }
        GalaxyFile {
            name: name.to_string(),
            rings,
            tiles,
            homes,
            custom: Vec::new(),
            off_board,
            modifiers: Vec::new(),
            lint: LintSettings::default(),
        }
    }
}

// ---------------------------------------------------------------- raw types

crate::raw_table! {
    /// A galaxy file, key for key.
    struct RawGalaxy {
        format: Spanned<i64>,
        ruleset: Spanned<String>,
        name: Spanned<String>,
        rings: Spanned<i64>,
        off_board: Vec<Spanned<i64>> = Vec::new(),
        tiles: BTreeMap<Spanned<String>, Spanned<toml::Value>> = BTreeMap::new(),
        homes: Vec<Spanned<RawHome>> = Vec::new(),
        custom: Vec<Spanned<RawCustom>> = Vec::new(),
        modifiers: Vec<Spanned<RawModifier>> = Vec::new(),
        lint: TomlLintTable = TomlLintTable::new(),
    }
}

crate::raw_table! {
    /// A `[[homes]]` entry.
    struct RawHome {
        seat: Spanned<i64>,
        position: Spanned<i64>,
    }
}

crate::raw_table! {
    /// A `[[custom]]` tile.
    struct RawCustom {
        number: Spanned<i64>,
        name: Spanned<String>,
        back: Option<Back>,
        home: bool = false,
        off_board: bool = false,
        wormholes: Vec<Wormhole> = Vec::new(),
        anomalies: Vec<Anomaly> = Vec::new(),
        planets: Vec<RawPlanet> = Vec::new(),
    }
}

crate::raw_table! {
    /// A planet of a custom tile, as the catalogue describes planets.
    struct RawPlanet {
        name: String,
        resources: u8,
        influence: u8,
        planet_trait as "trait": Option<Trait>,
        tech: Option<TechSkip>,
        legendary: bool = false,
    }
}

crate::raw_table! {
    /// A `[[modifiers]]` entry.
    struct RawModifier {
        name: Spanned<String>,
        join: Option<Spanned<Vec<Wormhole>>>,
        block: Option<Spanned<Vec<i64>>>,
        enabled: bool = true,
    }
}

// The catalogue's names, read through serde as the catalogue reads them.
crate::serde_values!(Back, Wormhole, Anomaly, Trait, TechSkip);

fn span_of<T>(value: &Spanned<T>) -> Span {
    Span::from_range(value.span())
}

// ---------------------------------------------------------------- reading

/// Reads and checks a galaxy file against the built-in catalogue.
pub fn parse_galaxy(
    source: &Arc<SourceFile>,
    builtin: &Catalogue,
) -> Result<GalaxyFile, Vec<FormatError>> {
    let file = read_file::<RawGalaxy>(source.text());
    let mut errors = file.problems;
    let Some(raw) = file.raw else {
        errors.sort_by_position();
        return Err(errors.into_errors());
    };
    errors.extend(crate::toml_file::version_problem(
        &raw.format,
        FORMAT_VERSION,
    ));
    if raw.ruleset.get_ref() != RULESET {
        errors.push(
            FormatError::new(
                FormatCode::InvalidValue,
                format!(
                    "a galaxy file has `ruleset = \"{RULESET}\"`, not `{}`",
                    raw.ruleset.get_ref()
                ),
                Some(span_of(&raw.ruleset)),
            )
            .with_help(format!("write `ruleset = \"{RULESET}\"`")),
        );
    }
    let rings = match u32::try_from(*raw.rings.get_ref()) {
        Ok(rings @ 1..=MAX_RINGS) => rings,
        _ => {
            errors.push(
                FormatError::new(
                    FormatCode::InvalidValue,
                    format!(
                        "`rings = {}` is out of range: a galaxy has 1 to {MAX_RINGS} rings",
                        raw.rings.get_ref()
                    ),
                    Some(span_of(&raw.rings)),
                )
                .with_help("six players use 3 rings, seven and eight use 4"),
            );
            MAX_RINGS
        }
    };
    let custom = read_custom(&raw.custom, builtin, &mut errors);
    let catalogue = builtin.with_systems(custom.iter().map(|c| c.system.clone()));
    let tiles = read_tiles(&raw.tiles, &catalogue, builtin, &mut errors);
    let homes = read_homes(&raw.homes, &tiles, &mut errors);
    let off_board = read_off_board(&raw.off_board, &tiles, &catalogue, &mut errors);
    let modifiers = read_modifiers(&raw.modifiers, &tiles, &mut errors);
    let lint = lint_settings(raw.lint, &mut errors);
    errors.sort_by_position();
    errors.finish(GalaxyFile {
        name: raw.name.into_inner(),
        rings,
        tiles,
        homes,
        custom,
        off_board,
        modifiers,
        lint,
    })
}

impl RawPlanet {
    /// The planet, as the catalogue holds planets.
    fn planet(&self) -> Planet {
        Planet {
            name: self.name.clone(),
            resources: self.resources,
            influence: self.influence,
            planet_trait: self.planet_trait,
            tech: self.tech,
            legendary: self.legendary,
        }
    }
}

/// Whether a tile token starts with a number that no published tile has.
fn names_no_published_tile(token: &str, builtin: &Catalogue) -> bool {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    token
        .get(..digits)
        .and_then(|number| number.parse::<u16>().ok())
        .is_some_and(|number| builtin.tile(number).is_none())
}

/// A spiral index written as a key or a value, or why it is not one.
fn position_of(text: &str) -> Option<u32> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    plain.then(|| text.parse().ok()).flatten()
}

fn read_tiles(
    raw: &BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    catalogue: &Catalogue,
    builtin: &Catalogue,
    errors: &mut Problems,
) -> BTreeMap<u32, Placed> {
    let mut tiles = BTreeMap::new();
    for (key, value) in raw {
        let span = Span::from_range(key.span().start..value.span().end);
        let Some(index) = position_of(key.get_ref()) else {
            errors.push(
                FormatError::new(
                    FormatCode::BadCoordinate,
                    format!(
                        "`{}` is not a position: positions are spiral indexes 0, 1, 2, …",
                        key.get_ref()
                    ),
                    Some(span_of(key)),
                )
                .with_help("0 is the centre, 1–6 ring 1 clockwise from north, 7–18 ring 2, …"),
            );
            continue;
        };
        let hex = Hex::from_index(index);
        let place = Ti4Place::System { position: index };
        // Beyond the largest layout a position cannot be a galaxy's; beyond
        // this galaxy's own rings it is a mistake the linter reports (T007).
        if hex.ring() > MAX_RINGS {
            errors.push(
                FormatError::new(
                    FormatCode::OffPage,
                    format!(
                        "position {index} is in ring {}; a galaxy has at most {MAX_RINGS} rings",
                        hex.ring()
                    ),
                    Some(span_of(key)),
                )
                .with_place(place)
                .with_help(format!(
                    "positions of {MAX_RINGS} rings run from 0 to {}",
                    super::hex::positions_within(MAX_RINGS) - 1
                )),
            );
            continue;
        }
        let token = match value.get_ref() {
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::String(s) => s.clone(),
            other => {
                errors.push(
                    FormatError::new(
                        FormatCode::InvalidValue,
                        format!("expected a tile number, `0` or a hyperlane string such as \"83A2\", found a {}", other.type_str()),
                        Some(span_of(value)),
                    )
                    .with_place(place),
                );
                continue;
            }
        };
        match map_string::read_slot(&token, catalogue) {
            Ok(Slot::Off) => errors.push(
                FormatError::new(
                    FormatCode::InvalidValue,
                    format!(
                        "position {index} is written as `-1`; a position without a tile is left out"
                    ),
                    Some(span_of(value)),
                )
                .with_place(place)
                .with_help(format!("remove the line `{} = -1`", key.get_ref())),
            ),
            Ok(slot @ Slot::Hyperlane { .. })
                if matches!(value.get_ref(), toml::Value::Integer(_)) =>
            {
                tiles.insert(index, Placed { slot, span });
            }
            Ok(slot @ (Slot::System(_) | Slot::Open))
                if matches!(value.get_ref(), toml::Value::String(_)) =>
            {
                errors.push(
                    FormatError::new(
                        FormatCode::InvalidValue,
                        format!(
                            "system tiles and open positions are numbers, not strings: `{token}`"
                        ),
                        Some(span_of(value)),
                    )
                    .with_place(place)
                    .with_help(format!("write `{} = {slot}`", key.get_ref())),
                );
            }
            Ok(slot) => {
                tiles.insert(index, Placed { slot, span });
            }
            Err((message, help)) => {
                let error =
                    FormatError::new(FormatCode::InvalidValue, message, Some(span_of(value)))
                        .with_place(place)
                        .with_optional_help(help);
                // A number no published tile has may be a custom tile that
                // a reported error left out.
                if names_no_published_tile(&token, builtin) {
                    errors.push_related(error);
                } else {
                    errors.push(error);
                }
            }
        }
    }
    tiles
}

fn read_off_board(
    raw: &[Spanned<i64>],
    tiles: &BTreeMap<u32, Placed>,
    catalogue: &Catalogue,
    errors: &mut Problems,
) -> Vec<u16> {
    let mut numbers: Vec<u16> = Vec::new();
    for entry in raw {
        let span = span_of(entry);
        let number = u16::try_from(*entry.get_ref()).ok();
        let Some((number, system)) = number.and_then(|n| catalogue.system(n).map(|s| (n, s)))
        else {
            // Related, as are the next two: a custom tile left out for a
            // reported error would be missing here.
            errors.push_related(FormatError::new(
                FormatCode::DanglingReference,
                format!(
                    "`off_board` names {}, which is not a system tile",
                    entry.get_ref()
                ),
                Some(span),
            ));
            continue;
        };
        if !system.off_board {
            errors.push_related(
                FormatError::new(
                    FormatCode::InvalidValue,
                    format!("tile {number} is not a system set beside the board"),
                    Some(span),
                )
                .with_help("off-board systems are the Creuss home (51), the Wormhole Nexus (82) and custom tiles with `off_board = true`"),
            );
            continue;
        }
        if let Some((index, _)) = tiles.iter().find(|(_, p)| p.slot == Slot::System(number)) {
            errors.push(
                FormatError::new(
                    FormatCode::Conflict,
                    format!("tile {number} is both beside the board and at position {index}"),
                    Some(span),
                )
                .with_place(Ti4Place::System { position: *index }),
            );
            continue;
        }
        if numbers.contains(&number) {
            errors.push(FormatError::new(
                FormatCode::Duplicate,
                format!("`off_board` names tile {number} twice"),
                Some(span),
            ));
            continue;
        }
        numbers.push(number);
    }
    numbers.sort_unstable();
    numbers
}

fn read_homes(
    raw: &[Spanned<RawHome>],
    tiles: &BTreeMap<u32, Placed>,
    errors: &mut Problems,
) -> Vec<Home> {
    let mut homes: Vec<Home> = Vec::new();
    for entry in raw {
        let span = span_of(entry);
        let home = entry.get_ref();
        let Some(seat) = u8::try_from(*home.seat.get_ref()).ok().filter(|s| *s >= 1) else {
            errors.push(FormatError::new(
                FormatCode::InvalidValue,
                format!(
                    "seat {} is out of range: seats are numbered from 1 to 255",
                    home.seat.get_ref()
                ),
                Some(span_of(&home.seat)),
            ));
            continue;
        };
        let Some(position) = u32::try_from(*home.position.get_ref()).ok() else {
            errors.push(FormatError::new(
                FormatCode::BadCoordinate,
                format!(
                    "`{}` is not a position: positions are spiral indexes 0, 1, 2, …",
                    home.position.get_ref()
                ),
                Some(span_of(&home.position)),
            ));
            continue;
        };
        let place = Ti4Place::Seat { seat, position };
        if let Some(first) = homes.iter().find(|h| h.seat == seat) {
            errors.push(
                FormatError::new(
                    FormatCode::Duplicate,
                    format!("seat {seat} is listed twice"),
                    Some(span_of(&home.seat)),
                )
                .with_place(place)
                .with_label(first.span, "first listed here")
                .with_help("number each seat once"),
            );
            continue;
        }
        if let Some(first) = homes.iter().find(|h| h.position == position) {
            errors.push(
                FormatError::new(
                    FormatCode::Duplicate,
                    format!("position {position} is already seat {}", first.seat),
                    Some(span_of(&home.position)),
                )
                .with_place(place)
                .with_label(first.span, "first listed here"),
            );
            continue;
        }
        if !tiles.contains_key(&position) {
            errors.push_related(
                FormatError::new(
                    FormatCode::DanglingReference,
                    format!("seat {seat} is at position {position}, which is not in `[tiles]`"),
                    Some(span_of(&home.position)),
                )
                .with_place(place)
                .with_help(format!(
                    "add `{position} = 0` (an open seat) or its home system to `[tiles]`"
                )),
            );
            continue;
        }
        homes.push(Home {
            seat,
            position,
            span,
        });
    }
    homes.sort_by_key(|h| h.seat);
    homes
}

fn read_custom(
    raw: &[Spanned<RawCustom>],
    builtin: &Catalogue,
    errors: &mut Problems,
) -> Vec<CustomTile> {
    if raw.len() > MAX_LIST {
        errors.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "{} custom tiles; a galaxy defines at most {MAX_LIST}",
                raw.len()
            ),
            raw.get(MAX_LIST).map(span_of),
        ));
        return Vec::new();
    }
    let mut custom: Vec<CustomTile> = Vec::new();
    for entry in raw {
        let span = span_of(entry);
        let tile = entry.get_ref();
        let Some(number) = u16::try_from(*tile.number.get_ref())
            .ok()
            .filter(|n| *n >= 1)
        else {
            errors.push(FormatError::new(
                FormatCode::InvalidValue,
                format!(
                    "tile number {} is out of range: 1 to 65535",
                    tile.number.get_ref()
                ),
                Some(span_of(&tile.number)),
            ));
            continue;
        };
        if builtin.tile(number).is_some() {
            errors.push(
                FormatError::new(
                    FormatCode::Duplicate,
                    format!("tile {number} is already a base-game or Prophecy of Kings tile"),
                    Some(span_of(&tile.number)),
                )
                .with_help("number custom tiles from 1000 up, clear of the published tiles"),
            );
            continue;
        }
        if let Some(first) = custom.iter().find(|c| c.system.number == number) {
            errors.push(
                FormatError::new(
                    FormatCode::Duplicate,
                    format!("custom tile {number} is defined twice"),
                    Some(span_of(&tile.number)),
                )
                .with_label(first.span, "first defined here"),
            );
            continue;
        }
        let back = tile
            .back
            .unwrap_or(if tile.home { Back::Green } else { Back::Blue });
        custom.push(CustomTile {
            name: tile.name.get_ref().clone(),
            system: System {
                number,
                expansion: Expansion::Homebrew,
                back,
                home: tile.home,
                faction: None,
                off_board: tile.off_board,
                wormholes: tile.wormholes.clone(),
                anomalies: tile.anomalies.clone(),
                planets: tile.planets.iter().map(RawPlanet::planet).collect(),
            },
            span,
        });
    }
    custom
}

fn read_modifiers(
    raw: &[Spanned<RawModifier>],
    tiles: &BTreeMap<u32, Placed>,
    errors: &mut Problems,
) -> Vec<Modifier> {
    if raw.len() > MAX_LIST {
        errors.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "{} modifiers; a galaxy defines at most {MAX_LIST}",
                raw.len()
            ),
            raw.get(MAX_LIST).map(span_of),
        ));
        return Vec::new();
    }
    let mut modifiers = Vec::new();
    for entry in raw {
        let span = span_of(entry);
        let modifier = entry.get_ref();
        let effect = match (&modifier.join, &modifier.block) {
            (Some(join), None) => match join.get_ref().as_slice() {
                [a, b] if a != b => Effect::Join(*a, *b),
                _ => {
                    errors.push(
                        FormatError::new(
                            FormatCode::InvalidValue,
                            "`join` names two different wormhole types",
                            Some(span_of(join)),
                        )
                        .with_help("e.g. `join = [\"alpha\", \"beta\"]`"),
                    );
                    continue;
                }
            },
            (None, Some(block)) => {
                let positions: Vec<Option<u32>> = block
                    .get_ref()
                    .iter()
                    .map(|p| u32::try_from(*p).ok())
                    .collect();
                match positions.as_slice() {
                    [Some(a), Some(b)]
                        if Hex::from_index(*a).distance(Hex::from_index(*b)) == 1 =>
                    {
                        let missing = [a, b].into_iter().find(|p| !tiles.contains_key(p));
                        if let Some(p) = missing {
                            errors.push_related(
                                FormatError::new(
                                    FormatCode::DanglingReference,
                                    format!(
                                        "`block` names position {p}, which is not in `[tiles]`"
                                    ),
                                    Some(span_of(block)),
                                )
                                .with_place(Ti4Place::System { position: *p }),
                            );
                            continue;
                        }
                        Effect::Block(*a.min(b), *a.max(b))
                    }
                    _ => {
                        errors.push(
                            FormatError::new(
                                FormatCode::InvalidValue,
                                "`block` names two touching positions, such as `[1, 7]`",
                                Some(span_of(block)),
                            )
                            .with_help(
                                "a blocked border lies between two positions whose sides touch",
                            ),
                        );
                        continue;
                    }
                }
            }
            _ => {
                // Related: a misspelt `join` or `block` is reported already.
                errors.push_related(
                    FormatError::new(
                        FormatCode::InvalidValue,
                        format!("modifier `{}` needs exactly one of `join` and `block`", modifier.name.get_ref()),
                        Some(span_of(&modifier.name)),
                    )
                    .with_help("`join = [\"alpha\", \"beta\"]` joins two wormhole types; `block = [1, 7]` closes a border"),
                );
                continue;
            }
        };
        modifiers.push(Modifier {
            name: modifier.name.get_ref().clone(),
            effect,
            enabled: modifier.enabled,
            span,
        });
    }
    modifiers
}

// ---------------------------------------------------------------- writing

/// A TOML string literal.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// The name a wormhole type has in files.
pub fn wormhole_name(wormhole: Wormhole) -> &'static str {
    match wormhole {
        Wormhole::Alpha => "alpha",
        Wormhole::Beta => "beta",
        Wormhole::Gamma => "gamma",
        Wormhole::Delta => "delta",
    }
}

/// The name an anomaly has in files.
pub fn anomaly_name(anomaly: Anomaly) -> &'static str {
    match anomaly {
        Anomaly::AsteroidField => "asteroid-field",
        Anomaly::Nebula => "nebula",
        Anomaly::Supernova => "supernova",
        Anomaly::GravityRift => "gravity-rift",
    }
}

/// The name a planet trait has in files.
pub fn trait_name(planet_trait: Trait) -> &'static str {
    match planet_trait {
        Trait::Cultural => "cultural",
        Trait::Hazardous => "hazardous",
        Trait::Industrial => "industrial",
    }
}

/// The name a technology specialty has in files.
pub fn tech_name(tech: TechSkip) -> &'static str {
    match tech {
        TechSkip::Biotic => "biotic",
        TechSkip::Cybernetic => "cybernetic",
        TechSkip::Propulsion => "propulsion",
        TechSkip::Warfare => "warfare",
    }
}

/// The name a tile back's colour has in files.
pub fn back_name(back: Back) -> &'static str {
    match back {
        Back::Green => "green",
        Back::Blue => "blue",
        Back::Red => "red",
    }
}

fn list(names: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", names.into_iter().collect::<Vec<_>>().join(", "))
}

/// The canonical text of a galaxy file.
pub fn write(galaxy: &GalaxyFile) -> String {
    let mut out = format!(
        "format = {FORMAT_VERSION}\nruleset = {}\nname = {}\nrings = {}\n",
        quoted(RULESET),
        quoted(&galaxy.name),
        galaxy.rings
    );
    if !galaxy.off_board.is_empty() {
        let numbers = galaxy.off_board.iter().map(ToString::to_string);
        out.push_str(&format!("off_board = {}\n", list(numbers)));
    }
    out.push_str("\n[tiles]\n");
    for (index, placed) in &galaxy.tiles {
        let value = match placed.slot {
            Slot::Hyperlane { .. } => quoted(&placed.slot.to_string()),
            slot => slot.to_string(),
        };
        out.push_str(&format!("{index} = {value}\n"));
    }
    for home in &galaxy.homes {
        out.push_str(&format!(
            "\n[[homes]]\nseat = {}\nposition = {}\n",
            home.seat, home.position
        ));
    }
    for tile in &galaxy.custom {
        let system = &tile.system;
        out.push_str(&format!(
            "\n[[custom]]\nnumber = {}\nname = {}\n",
            system.number,
            quoted(&tile.name)
        ));
        let default_back = if system.home { Back::Green } else { Back::Blue };
        if system.back != default_back {
            out.push_str(&format!("back = {}\n", quoted(back_name(system.back))));
        }
        if system.home {
            out.push_str("home = true\n");
        }
        if system.off_board {
            out.push_str("off_board = true\n");
        }
        if !system.wormholes.is_empty() {
            let names = system.wormholes.iter().map(|w| quoted(wormhole_name(*w)));
            out.push_str(&format!("wormholes = {}\n", list(names)));
        }
        if !system.anomalies.is_empty() {
            let names = system.anomalies.iter().map(|a| quoted(anomaly_name(*a)));
            out.push_str(&format!("anomalies = {}\n", list(names)));
        }
        if !system.planets.is_empty() {
            out.push_str("planets = [\n");
            for planet in &system.planets {
                let mut fields = vec![
                    format!("name = {}", quoted(&planet.name)),
                    format!("resources = {}", planet.resources),
                    format!("influence = {}", planet.influence),
                ];
                if let Some(t) = planet.planet_trait {
                    fields.push(format!("trait = {}", quoted(trait_name(t))));
                }
                if let Some(t) = planet.tech {
                    fields.push(format!("tech = {}", quoted(tech_name(t))));
                }
                if planet.legendary {
                    fields.push("legendary = true".to_string());
                }
                out.push_str(&format!("    {{ {} }},\n", fields.join(", ")));
            }
            out.push_str("]\n");
        }
    }
    for modifier in &galaxy.modifiers {
        out.push_str(&format!(
            "\n[[modifiers]]\nname = {}\n",
            quoted(&modifier.name)
        ));
        match modifier.effect {
            Effect::Join(a, b) => out.push_str(&format!(
                "join = [{}, {}]\n",
                quoted(wormhole_name(a)),
                quoted(wormhole_name(b))
            )),
            Effect::Block(a, b) => out.push_str(&format!("block = [{a}, {b}]\n")),
        }
        if !modifier.enabled {
            out.push_str("enabled = false\n");
        }
    }
    crate::lint_table::write_lint(&mut out, &galaxy.lint);
    out
}

// ---------------------------------------------------------------- JSON Schema

/// The JSON Schema of a galaxy file (`deckplan schema --ruleset ti4`).
pub fn galaxy_schema() -> serde_json::Value {
    use serde_json::json;
    let wormhole = json!({ "enum": ["alpha", "beta", "gamma", "delta"] });
    let planet = json!({
                                "type": "object",
                                "additionalProperties": false,
                                "required": ["name", "resources", "influence"],
                                "properties": {
                                    "name": { "type": "string" },
                                    "resources": { "type": "integer", "minimum": 0, "maximum": 255 },
                                    "influence": { "type": "integer", "minimum": 0, "maximum": 255 },
                                    "trait": { "enum": ["cultural", "hazardous", "industrial"] },
                                    "tech": { "enum": ["biotic", "cybernetic", "propulsion", "warfare"] },
                                    "legendary": { "type": "boolean" }
                                }
    });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://deckplan.dev/schema/ti4-galaxy-1.json",
        "title": "deckplan TI4 galaxy",
        "description": "A Twilight Imperium 4 galaxy: tiles by spiral index, home seats, custom tiles and adjacency modifiers (docs/format.md, \"Twilight Imperium 4 galaxies\").",
        "type": "object",
        "additionalProperties": false,
        "required": ["format", "ruleset", "name", "rings"],
        "properties": {
            "format": { "const": FORMAT_VERSION },
            "ruleset": { "const": RULESET },
            "name": { "type": "string" },
            "rings": { "type": "integer", "minimum": 1, "maximum": MAX_RINGS },
            "off_board": {
                "description": "Systems set beside the board, reached only through their wormholes, by tile number.",
                "type": "array",
                "items": { "type": "integer", "minimum": 1, "maximum": 65535 }
            },
            "tiles": {
                "description": "What each position holds, keyed by spiral index (0 = centre): a system tile number, 0 for an open position, or a hyperlane as \"83A2\" (tile, face, sixths turned clockwise).",
                "type": "object",
                "propertyNames": { "pattern": "^(0|[1-9][0-9]*)$" },
                "additionalProperties": {
                    "oneOf": [
                        { "type": "integer", "minimum": 0, "maximum": 65535 },
                        { "type": "string", "pattern": "^[1-9][0-9]*[AB][0-5]$" }
                    ]
                }
            },
            "homes": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["seat", "position"],
                    "properties": {
                        "seat": { "type": "integer", "minimum": 1, "maximum": 255 },
                        "position": { "type": "integer", "minimum": 0 }
                    }
                }
            },
            "custom": {
                "type": "array",
                "maxItems": MAX_LIST,
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["number", "name"],
                    "properties": {
                        "number": { "type": "integer", "minimum": 1, "maximum": 65535 },
                        "name": { "type": "string" },
                        "back": { "enum": ["green", "blue", "red"] },
                        "home": { "type": "boolean" },
                        "off_board": { "type": "boolean" },
                        "wormholes": { "type": "array", "items": wormhole },
                        "anomalies": { "type": "array", "items": { "enum": ["asteroid-field", "nebula", "supernova", "gravity-rift"] } },
                        "planets": { "type": "array", "items": planet }
                    }
                }
            },
            "modifiers": {
                "type": "array",
                "maxItems": MAX_LIST,
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["name"],
                    "properties": {
                        "name": { "type": "string" },
                        "join": { "type": "array", "items": wormhole, "minItems": 2, "maxItems": 2 },
                        "block": { "type": "array", "items": { "type": "integer", "minimum": 0 }, "minItems": 2, "maxItems": 2 },
                        "enabled": { "type": "boolean" }
                    },
                    "oneOf": [ { "required": ["join"] }, { "required": ["block"] } ]
                }
            },
            "lint": crate::lint_table::lint_table("Check levels for this galaxy")
        }
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    const SIX: &str = include_str!("../../../maps/ti4-six-players/pack.toml");
    const FIVE: &str = include_str!("../../../maps/ti4-five-hyperlanes/pack.toml");

    fn builtin() -> &'static Catalogue {
        Catalogue::builtin().unwrap()
    }

    fn read(text: &str) -> Result<GalaxyFile, Vec<FormatError>> {
        parse_galaxy(&SourceFile::new("pack.toml", text.to_string()), builtin())
    }

    /// Each error as `code line:col message | help`.
    fn errors(text: &str) -> Vec<String> {
        let source = SourceFile::new("pack.toml", text.to_string());
        read(text)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| {
                let at = e.span.map_or("-".to_string(), |s| {
                    let lc = source.line_col(s.start);
                    format!("{}:{}", lc.line, lc.column)
                });
                format!(
                    "{} {at} {} | {}",
                    e.code,
                    e.message,
                    e.help.unwrap_or_default()
                )
            })
            .collect()
    }

    fn file(body: &str) -> String {
        format!("format = 1\nruleset = \"ti4\"\nname = \"test\"\nrings = 3\n{body}")
    }

    #[test]
    fn the_bundled_galaxies_are_canonical() {
        for text in [SIX, FIVE] {
            let galaxy = read(text).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(write(&galaxy), text);
        }
    }

    #[test]
    fn every_feature_survives_writing_and_reading() {
        let text = file(
            "off_board = [51, 82]\n\n[tiles]\n0 = 18\n1 = \"83A2\"\n2 = 1000\n19 = 0\n\n[[homes]]\nseat = 1\nposition = 19\n\n\
             [[custom]]\nnumber = 1000\nname = \"Far Reach\"\nback = \"red\"\nwormholes = [\"alpha\"]\nanomalies = [\"nebula\"]\nplanets = [\n    \
             { name = \"Vey\", resources = 2, influence = 1, trait = \"cultural\", tech = \"biotic\", legendary = true },\n]\n\n\
             [[modifiers]]\nname = \"Wall\"\nblock = [0, 2]\nenabled = false\n\n[[modifiers]]\nname = \"Reconstruction\"\njoin = [\"alpha\", \"beta\"]\n",
        );
        let galaxy = read(&text).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(write(&galaxy), text);
        assert_eq!(galaxy.off_board, vec![51, 82]);
        assert_eq!(galaxy.modifiers[0].effect, Effect::Block(0, 2));
        assert!(!galaxy.modifiers[0].enabled);
        assert_eq!(galaxy.custom[0].system.planets[0].resources, 2);
    }

    #[test]
    fn map_strings_become_galaxies_and_come_back_unchanged() {
        let five = "77 40 41 85A0 39 65 67 60 70 66 74 88A0 75 87A0 68 72 73 69 0 62 76 0 79 71 0 80 83A0 86A0 84A0 63 0 64 78 0 61 59";
        let braced = "{46} 47 18 50 41 77 43";
        for text in [five, braced] {
            let parsed = map_string::parse(text, builtin()).unwrap();
            let galaxy = GalaxyFile::from_galaxy("g", &parsed, builtin());
            let reread = read(&write(&galaxy)).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(map_string::write(&reread.galaxy()), text);
        }
        let parsed = map_string::parse(five, builtin()).unwrap();
        let seats: Vec<u32> = GalaxyFile::from_galaxy("g", &parsed, builtin())
            .homes
            .iter()
            .map(|h| h.position)
            .collect();
        assert_eq!(seats, vec![19, 22, 25, 31, 34]);
    }

    #[test]
    fn the_creuss_gate_brings_the_creuss_home_beside_the_board() {
        let parsed = map_string::parse("17 19 20", builtin()).unwrap();
        let galaxy = GalaxyFile::from_galaxy("g", &parsed, builtin());
        assert_eq!(galaxy.off_board, vec![CREUSS_HOME]);
    }

    #[test]
    fn mistakes_are_reported_where_they_are_with_a_fix() {
        let text =
            file("[tiles]\n0 = 18\nx = 19\n300 = 20\n1 = \"84C0\"\n2 = -1\n3 = \"25\"\n4 = 250\n");
        assert_eq!(
            errors(&text),
            vec![
                "F004 7:1 `x` is not a position: positions are spiral indexes 0, 1, 2, … | 0 is the centre, 1–6 ring 1 clockwise from north, 7–18 ring 2, …",
                "F005 8:1 position 300 is in ring 10; a galaxy has at most 8 rings | positions of 8 rings run from 0 to 216",
                "F003 9:5 `C` is not a hyperlane face: faces are A and B | did you mean `84A0` or `84B0`?",
                "F003 10:5 position 2 is written as `-1`; a position without a tile is left out | remove the line `2 = -1`",
                "F003 11:5 system tiles and open positions are numbers, not strings: `25` | write `3 = 25`",
                "F003 12:5 there is no tile 250 in the base game or Prophecy of Kings | ",
            ]
        );
    }

    #[test]
    fn misspelt_keys_and_a_bad_value_are_reported_together_and_nothing_they_set_off() {
        // `jion` is misspelt: the modifier is not also said to have neither
        // `join` nor `block`; the custom tile left out (its `number` is
        // misspelt) is not said to be missing where `2 = 1000` places it.
        let text = file(
            "of_board = [51]\n\n[tiles]\n0 = 18\n1 = \"84C0\"\n2 = 1000\n\n\
             [[custom]]\nnumbr = 1000\nname = \"Far Reach\"\n\n\
             [[modifiers]]\nname = \"Reconstruction\"\njion = [\"alpha\", \"beta\"]\n",
        );
        assert_eq!(
            errors(&text),
            vec![
                "F002 5:1 unknown key `of_board` | did you mean `off_board`?",
                "F003 9:5 `C` is not a hyperlane face: faces are A and B | did you mean `84A0` or `84B0`?",
                "F002 13:1 unknown key `numbr` | did you mean `number`?",
                "F002 18:1 unknown key `jion` | did you mean `join`?",
            ]
        );
    }

    #[test]
    fn a_long_off_board_list_stops_at_the_error_cap() {
        let numbers = vec!["5"; 300_000].join(", ");
        let found = errors(&file(&format!(
            "off_board = [{numbers}]\n\n[tiles]\n0 = 18\n"
        )));
        assert_eq!(found.len(), crate::limits::MAX_ERRORS_PER_FILE);
        assert_eq!(
            found[0],
            "F003 5:14 tile 5 is not a system set beside the board | off-board systems are the Creuss home (51), the Wormhole Nexus (82) and custom tiles with `off_board = true`"
        );
        assert_eq!(
            found[199],
            "F009 - and 299801 more errors in this file (at most 200 are listed) | fix the errors above and run again"
        );
    }

    #[test]
    fn seats_custom_tiles_and_modifiers_are_checked() {
        let text = file(
            "[tiles]\n0 = 18\n19 = 1\n\n[[homes]]\nseat = 1\nposition = 19\n\n[[homes]]\nseat = 1\nposition = 22\n\n[[homes]]\nseat = 2\nposition = 20\n\n[[custom]]\nnumber = 25\nname = \"Mine\"\n\n[[modifiers]]\nname = \"Both\"\njoin = [\"alpha\", \"beta\"]\nblock = [0, 1]\n\n[[modifiers]]\nname = \"Far\"\nblock = [0, 19]\n\n[[modifiers]]\nname = \"Same\"\njoin = [\"alpha\", \"alpha\"]\n",
        );
        assert_eq!(
            errors(&text),
            vec![
                "F006 14:8 seat 1 is listed twice | number each seat once",
                "F007 19:12 seat 2 is at position 20, which is not in `[tiles]` | add `20 = 0` (an open seat) or its home system to `[tiles]`",
                "F006 22:10 tile 25 is already a base-game or Prophecy of Kings tile | number custom tiles from 1000 up, clear of the published tiles",
                "F003 26:8 modifier `Both` needs exactly one of `join` and `block` | `join = [\"alpha\", \"beta\"]` joins two wormhole types; `block = [1, 7]` closes a border",
                "F003 32:9 `block` names two touching positions, such as `[1, 7]` | a blocked border lies between two positions whose sides touch",
                "F003 36:8 `join` names two different wormhole types | e.g. `join = [\"alpha\", \"beta\"]`",
            ]
        );
    }

    #[test]
    fn unknown_keys_get_a_suggestion_and_rings_a_range() {
        assert_eq!(
            errors(&file("tile = 3\n")),
            vec!["F002 5:1 unknown key `tile` | did you mean `tiles`?"]
        );
        assert_eq!(
            errors("format = 1\nruleset = \"ti4\"\nname = \"x\"\nrings = 9\nrings2 = 1\n"),
            vec![
                "F003 4:9 `rings = 9` is out of range: a galaxy has 1 to 8 rings | six players use 3 rings, seven and eight use 4",
                "F002 5:1 unknown key `rings2` | did you mean `rings`?",
            ]
        );
        assert_eq!(
            errors("format = 2\nruleset = \"ti5\"\nname = \"x\"\nrings = 0\n"),
            vec![
                "F011 1:10 `format = 2` is not supported; this version of deckplan reads `format = 1` | upgrade deckplan, or write the file in format 1 (see docs/format.md)",
                "F003 2:11 a galaxy file has `ruleset = \"ti4\"`, not `ti5` | write `ruleset = \"ti4\"`",
                "F003 4:9 `rings = 0` is out of range: a galaxy has 1 to 8 rings | six players use 3 rings, seven and eight use 4",
            ]
        );
    }

    #[test]
    fn the_json_schema_accepts_the_bundled_galaxies_and_refuses_a_stray_key() {
        let schema = galaxy_schema();
        jsonschema::meta::validate(&schema).unwrap();
        let validator = jsonschema::validator_for(&schema).unwrap();
        for text in [SIX, FIVE] {
            let value: serde_json::Value = toml::from_str(text).unwrap();
            let problems: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert_eq!(problems, Vec::<String>::new());
        }
        let stray: serde_json::Value = toml::from_str(&file("tile = 3\n")).unwrap();
        assert!(!validator.is_valid(&stray));
    }
}
