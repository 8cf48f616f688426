//! A raw galaxy file → the checked [`GalaxyFile`], collecting every problem
//! with its span, a [`Ti4Place`] and a fix when one is clear.
//!
//! What needs the whole galaxy to judge — a wormhole without its pair, a
//! system a seat cannot reach, a tile outside the layout's rings — resolves
//! without complaint and is left to the validator's checks.

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use super::catalogue::{Back, Catalogue, Expansion, Planet, System};
use super::galaxy::{CustomTile, Effect, GalaxyFile, Home, Modifier, Placed};
use super::hex::Hex;
use super::limits::MAX_GALAXY_LIST;
use super::map_string::{self, MAX_RINGS, Slot};
use super::place::Ti4Place;
use super::raw::{RawCustom, RawGalaxy, RawHome, RawModifier, RawPlanet};
use crate::document::read_file;
use crate::error::{FormatCode, FormatError, Problems};
use crate::lint_table::lint_settings;
use crate::source::{SourceFile, Span};

/// The only `format` version of galaxy files.
pub const FORMAT_VERSION: i64 = 1;

/// The ruleset name galaxy files carry.
pub const RULESET: &str = "ti4";

fn span_of<T>(value: &Spanned<T>) -> Span {
    Span::from_range(value.span())
}

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
    if raw.len() > MAX_GALAXY_LIST {
        errors.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "{} custom tiles; a galaxy defines at most {MAX_GALAXY_LIST}",
                raw.len()
            ),
            raw.get(MAX_GALAXY_LIST).map(span_of),
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
    if raw.len() > MAX_GALAXY_LIST {
        errors.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "{} modifiers; a galaxy defines at most {MAX_GALAXY_LIST}",
                raw.len()
            ),
            raw.get(MAX_GALAXY_LIST).map(span_of),
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::testing::read;

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
}
