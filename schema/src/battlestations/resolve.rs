//! Raw Battlestations files → the checked [`model`](super::model), collecting
//! every problem with its span, its [`BattlestationsPlace`] and a suggestion.
//!
//! What needs the whole ship to judge — overlapping modules, a door that is
//! not on the hull, the facing rules, reachability — resolves without
//! complaint and is left to the validator's checks.

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use crate::document::read_file;
use crate::error::{FormatCode, FormatError, Problems};
use crate::id::Id;
use crate::source::{SourceFile, Span};
use crate::suggest;
use crate::toml_file::text_problems;

use super::limits::MAX_MODULES;
use super::model::*;
use super::place::BattlestationsPlace;
use super::raw::{self, Text};
use super::square::{Side, Square};

/// The only `format` version this build reads and writes.
pub const FORMAT_VERSION: i64 = 1;

/// The ruleset name the files carry.
pub const RULESET: &str = "battlestations";

/// Most levels in one ship.
pub const MAX_LEVELS: usize = 8;

/// Largest module-grid coordinate.
pub const MAX_AT: u16 = 39;

/// Smallest and largest module side, in squares.
pub const MODULE_SIZES: std::ops::RangeInclusive<u16> = 3..=9;

/// Reads and resolves a ship file, reporting every problem in it.
pub fn parse_ship(source: &Arc<SourceFile>) -> Result<Ship, Vec<FormatError>> {
    let file = read_file::<raw::TomlShip>(source.text());
    let Some(raw) = file.raw else {
        return Err(file.problems.into_errors());
    };
    let mut resolver = Resolver {
        errors: file.problems,
    };
    let ship = resolver.ship(raw, source);
    resolver.finish(ship)
}

fn span_of<T>(value: &Spanned<T>) -> Span {
    Span::from_range(value.span())
}

/// Reads a door as written: `[LEVEL ]SQUARE SIDE`, e.g. `A3 west` or `upper C1 north`.
pub fn parse_door(text: &str) -> Result<(Option<&str>, Square, Side), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (level, square, side) = match words.as_slice() {
        [square, side] => (None, *square, *side),
        [level, square, side] => (Some(*level), *square, *side),
        _ => {
            return Err(format!(
                "`{text}` is not a door: write a square and a side, like `A3 west` (with the level first on a ship of several levels)"
            ));
        }
    };
    let square = Square::parse(square).map_err(|e| e.0)?;
    let side = Side::parse(side).ok_or_else(|| {
        format!("`{side}` is not a side: doors are on the `north`, `east`, `south` or `west` side of a square")
    })?;
    Ok((level, square, side))
}

struct Resolver {
    /// The reader's problems, then the resolver's.
    errors: Problems,
}

impl Resolver {
    fn finish<T>(self, value: T) -> Result<T, Vec<FormatError>> {
        self.errors.finish(value)
    }

    /// A problem that judges a value against another part of the ship (its
    /// levels, its module size, a module's other keys), held back when the
    /// file read only in part ([`Problems::related_mut`]).
    fn related(
        &mut self,
        code: FormatCode,
        message: impl Into<String>,
        span: Span,
    ) -> &mut FormatError {
        self.errors
            .related_mut(FormatError::new(code, message, Some(span)))
    }

    fn error(
        &mut self,
        code: FormatCode,
        message: impl Into<String>,
        span: Span,
    ) -> &mut FormatError {
        self.errors
            .push_mut(FormatError::new(code, message, Some(span)))
    }

    fn version(&mut self, format: &Spanned<i64>) {
        self.errors
            .extend(crate::toml_file::version_problem(format, FORMAT_VERSION));
    }

    fn ruleset(&mut self, value: &Text) {
        self.errors.extend(crate::ship_pack::ruleset_problem::<
            super::BattlestationsFormat,
        >(value));
    }

    fn text(&mut self, value: &Text, what: &str) -> String {
        self.errors.extend(text_problems(value, what, true));
        value.get_ref().clone()
    }

    fn id(&mut self, value: &Text) -> Option<Id> {
        Id::new(value.get_ref())
            .map_err(|e| {
                self.error(FormatCode::InvalidValue, e.0, span_of(value));
            })
            .ok()
    }

    /// A level named by a module or a door: required on a multilevel ship,
    /// refused on a ship of one level.
    fn level(&mut self, value: Option<(&str, Span)>, levels: &[Id], at: Span) -> Option<usize> {
        match (value, levels.is_empty()) {
            (None, true) => Some(0),
            (None, false) => {
                self.related(
                    FormatCode::InvalidValue,
                    "this ship has several levels, so this needs a level",
                    at,
                )
                .help = Some(format!(
                    "name one of {}",
                    levels
                        .iter()
                        .map(|l| format!("`{l}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                None
            }
            (Some((name, span)), true) => {
                self.related(
                    FormatCode::InvalidValue,
                    format!("level `{name}` is named, but the ship declares no `levels`"),
                    span,
                )
                .help = Some(
                    "add `levels = [\"lower\", \"upper\"]` at the top, or leave the level out"
                        .to_string(),
                );
                None
            }
            (Some((name, span)), false) => {
                if let Some(index) = levels.iter().position(|l| l.as_str() == name) {
                    return Some(index);
                }
                let help = suggest::closest(name, levels.iter().map(Id::as_str))
                    .map(|b| format!("did you mean `{b}`?"))
                    .unwrap_or_else(|| "name a level listed in `levels`".to_string());
                self.related(
                    FormatCode::DanglingReference,
                    format!("there is no level `{name}`"),
                    span,
                )
                .help = Some(help);
                None
            }
        }
    }

    fn module_size(&mut self, value: Option<&Spanned<i64>>) -> u16 {
        let Some(value) = value else {
            return DEFAULT_MODULE_SIZE;
        };
        match u16::try_from(*value.get_ref())
            .ok()
            .filter(|n| MODULE_SIZES.contains(n))
        {
            Some(size) => size,
            None => {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "a module of {} squares a side is not supported",
                        value.get_ref()
                    ),
                    span_of(value),
                )
                .help = Some(format!(
                    "write a size from {} to {} (the original cards are 5 squares a side)",
                    MODULE_SIZES.start(),
                    MODULE_SIZES.end()
                ));
                DEFAULT_MODULE_SIZE
            }
        }
    }

    fn levels(&mut self, value: Option<&Spanned<Vec<Text>>>) -> Vec<Id> {
        let Some(value) = value else {
            return Vec::new();
        };
        let list = value.get_ref();
        if list.len() < 2 || list.len() > MAX_LEVELS {
            self.error(
                FormatCode::InvalidValue,
                format!(
                    "`levels` lists {} levels; a multilevel ship has 2 to {MAX_LEVELS}",
                    list.len()
                ),
                span_of(value),
            )
            .help = Some("leave `levels` out for a ship of one level".to_string());
        }
        let mut ids: Vec<Id> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        for name in list.iter().take(MAX_LEVELS) {
            let Some(id) = self.id(name) else { continue };
            if let Some(first) = ids.iter().position(|l| *l == id) {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("level `{id}` is listed twice"),
                    span_of(name),
                );
                if let Some(span) = spans.get(first) {
                    e.labels.push((*span, "first listed here".to_string()));
                }
                continue;
            }
            ids.push(id);
            spans.push(span_of(name));
        }
        ids
    }

    fn position(&mut self, value: &Spanned<Vec<Spanned<i64>>>) -> Option<(u16, u16)> {
        let bad = |r: &mut Self| {
            r.error(
                FormatCode::InvalidValue,
                "a module's place is two whole numbers, a column and a row of the module grid",
                span_of(value),
            )
            .help = Some(format!(
                "write `at = [column, row]` with both from 0 to {MAX_AT}"
            ));
            None
        };
        let [x, y] = value.get_ref().as_slice() else {
            return bad(self);
        };
        let coord = |v: &Spanned<i64>| u16::try_from(*v.get_ref()).ok().filter(|n| *n <= MAX_AT);
        match (coord(x), coord(y)) {
            (Some(x), Some(y)) => Some((x, y)),
            _ => bad(self),
        }
    }

    fn rotation(&mut self, value: Option<&Spanned<i64>>, place: BattlestationsPlace) -> u8 {
        let Some(value) = value else { return 0 };
        match *value.get_ref() {
            0 => 0,
            90 => 1,
            180 => 2,
            270 => 3,
            other => {
                let e = self.error(
                    FormatCode::InvalidValue,
                    format!("a module turns in quarter turns, not {other} degrees"),
                    span_of(value),
                );
                e.place = Some(place.into());
                e.help = Some("write `rotation` as 0, 90, 180 or 270 (clockwise)".to_string());
                0
            }
        }
    }

    /// A module card's rows: `size` rows of `size` legend characters.
    fn card(
        &mut self,
        value: Option<&Spanned<Vec<Text>>>,
        size: u16,
        place: BattlestationsPlace,
    ) -> Option<(Vec<Vec<Content>>, Vec<Span>)> {
        let n = usize::from(size);
        let Some(value) = value else {
            return Some((vec![vec![Content::Floor; n]; n], Vec::new()));
        };
        let rows = value.get_ref();
        let mut ok = true;
        if rows.len() != n {
            let e = self.related(
                FormatCode::InvalidValue,
                format!(
                    "a module card has {n} rows of squares, but `squares` has {}",
                    rows.len()
                ),
                span_of(value),
            );
            e.place = Some(place.into());
            e.help = Some(format!(
                "write {n} rows of {n} characters, top row first (or set `module_size`)"
            ));
            ok = false;
        }
        let mut card = Vec::new();
        for row in rows.iter().take(n) {
            let text = row.get_ref();
            let mut cells = Vec::new();
            let mut row_ok = true;
            // Each symbol is located by its own byte offset, found in the
            // same pass: a row of a million bad symbols costs one pass.
            for (byte, symbol) in text.char_indices() {
                match Content::parse(symbol) {
                    Some(content) => cells.push(content),
                    None if self.errors.is_full() => {
                        self.errors.count_unlisted(1);
                        row_ok = false;
                    }
                    None => {
                        // One past the opening quote.
                        let offset = byte + 1;
                        let e = self.error(
                            FormatCode::InvalidValue,
                            format!("`{symbol}` is not a square symbol"),
                            span_of(row).sub(offset, symbol.len_utf8()),
                        );
                        e.place = Some(place.into());
                        e.help = Some(legend());
                        row_ok = false;
                    }
                }
            }
            if cells.len() != n && row_ok {
                let e = self.related(
                    FormatCode::InvalidValue,
                    format!(
                        "a row of a module card has {n} squares, but this one has {}",
                        text.chars().count()
                    ),
                    span_of(row),
                );
                e.place = Some(place.into());
                row_ok = false;
            }
            ok &= row_ok;
            card.push(cells);
        }
        ok.then(|| (card, rows.iter().map(span_of).collect()))
    }

    fn ship(&mut self, raw: raw::TomlShip, source: &Arc<SourceFile>) -> Ship {
        self.version(&raw.format);
        self.ruleset(&raw.ruleset);
        let name = self.text(&raw.name, "the ship name");
        let module_size = self.module_size(raw.module_size.as_ref());
        let forward = Side::parse(raw.forward.get_ref()).unwrap_or_else(|| {
            let help = suggest::closest(raw.forward.get_ref(), Side::NAMES)
                .map(|b| format!("did you mean `{b}`?"))
                .unwrap_or_else(|| {
                    "the ship flies toward `north`, `east`, `south` or `west`".to_string()
                });
            self.error(
                FormatCode::InvalidValue,
                format!("`{}` is not a direction", raw.forward.get_ref()),
                span_of(&raw.forward),
            )
            .help = Some(help);
            Side::North
        });
        let levels = self.levels(raw.levels.as_ref());
        for (len, what) in [(raw.modules.len(), "modules"), (raw.doors.len(), "doors")] {
            if len > MAX_MODULES {
                self.errors.push(FormatError::new(
                    FormatCode::LimitExceeded,
                    format!("{len} {what} listed; a ship holds at most {MAX_MODULES}"),
                    None,
                ));
            }
        }

        let mut module_ids: BTreeMap<Id, Span> = BTreeMap::new();
        let mut modules = Vec::new();
        for module in raw.modules.iter().take(MAX_MODULES) {
            let m = module.get_ref();
            let id = self.id(&m.id);
            let place = id.map_or(BattlestationsPlace::Ship, BattlestationsPlace::Module);
            let role = Role::parse(m.role.get_ref());
            if role.is_none() {
                let help = suggest::closest(m.role.get_ref(), Role::ALL.map(Role::name))
                    .map(|b| format!("did you mean `{b}`?"))
                    .unwrap_or_else(|| {
                        "use `role = \"custom\"` with a `name` for a module of another kind"
                            .to_string()
                    });
                let e = self.error(
                    FormatCode::InvalidValue,
                    format!("`{}` is not a module role", m.role.get_ref()),
                    span_of(&m.role),
                );
                e.help = Some(help);
                e.place = Some(place.into());
            }
            let module_name = m.name.as_ref().map(|n| self.text(n, "the module name"));
            if role == Some(Role::Custom) && module_name.is_none() {
                let e = self.related(
                    FormatCode::InvalidValue,
                    "a custom module needs a `name`",
                    span_of(&m.role),
                );
                e.place = Some(place.into());
                e.help = Some("add `name = \"Brig\"` (what the card says)".to_string());
            }
            let level = self.level(
                m.level.as_ref().map(|l| (l.get_ref().as_str(), span_of(l))),
                &levels,
                span_of(&m.id),
            );
            let at = self.position(&m.at);
            let quarters = self.rotation(m.rotation.as_ref(), place);
            let card = self.card(m.squares.as_ref(), module_size, place);
            let Some(id) = id else { continue };
            if let Some(&first) = module_ids.get(&id) {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("module `{id}` is declared twice"),
                    span_of(&m.id),
                );
                e.place = Some(place.into());
                e.labels.push((first, "first declared here".to_string()));
                continue;
            }
            module_ids.insert(id, span_of(&m.id));
            if let (Some(role), Some(level), Some(at), Some((card, row_spans))) =
                (role, level, at, card)
            {
                modules.push(Module {
                    id,
                    role,
                    name: module_name,
                    level,
                    at,
                    quarters,
                    card,
                    span: span_of(module),
                    id_span: span_of(&m.id),
                    role_span: span_of(&m.role),
                    at_span: span_of(&m.at),
                    row_spans,
                });
            }
        }

        let mut doors: Vec<Door> = Vec::new();
        for text in raw.doors.iter().take(MAX_MODULES) {
            let (level_name, square, side) = match parse_door(text.get_ref()) {
                Ok(door) => door,
                Err(message) => {
                    self.error(FormatCode::InvalidValue, message, span_of(text));
                    continue;
                }
            };
            let Some(level) = self.level(
                level_name.map(|l| (l, span_of(text))),
                &levels,
                span_of(text),
            ) else {
                continue;
            };
            if let Some(first) = doors
                .iter()
                .find(|d| d.level == level && d.square == square && d.side == side)
            {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("door {square} {side} is listed twice"),
                    span_of(text),
                );
                e.labels.push((first.span, "first listed here".to_string()));
                continue;
            }
            doors.push(Door {
                level,
                square,
                side,
                span: span_of(text),
            });
        }

        Ship {
            name,
            module_size,
            forward,
            levels,
            modules,
            doors,
            forward_span: span_of(&raw.forward),
            source: Arc::clone(source),
        }
    }
}

/// The legend of `squares` characters, as a help text.
fn legend() -> String {
    let symbols: Vec<String> = Content::ALL
        .iter()
        .map(|c| format!("`{}` {}", c.symbol(), c.name()))
        .collect();
    format!("use {}", symbols.join(", "))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn errors(text: &str) -> Vec<String> {
        let source = SourceFile::new("ship.toml", text.to_string());
        match parse_ship(&source) {
            Ok(_) => Vec::new(),
            Err(errors) => errors
                .iter()
                .map(|e| {
                    let at = e.span.map(|s| source.line_col(s.start));
                    let at = at.map_or(String::new(), |a| format!("{}:{} ", a.line, a.column));
                    format!(
                        "{at}{} {}{}",
                        e.code,
                        e.message,
                        e.help.as_ref().map_or(String::new(), |h| format!(" ({h})"))
                    )
                })
                .collect(),
        }
    }

    const HEAD: &str = "format = 1\nruleset = \"battlestations\"\nname = \"T\"\nmodule_size = 3\nforward = \"north\"\n";

    #[test]
    fn a_misspelt_key_gets_a_suggestion_with_its_position() {
        let text = format!(
            "{HEAD}\n[[modules]]\nid = \"a\"\nrole = \"helm\"\nat = [0, 0]\nrotaton = 90\n"
        );
        assert_eq!(
            errors(&text),
            ["11:1 F002 unknown key `rotaton` (did you mean `rotation`?)"]
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let text = format!(
            "{HEAD}doors = [\"A1 up\", \"lower A1 west\"]\n\n[[modules]]\nid = \"a\"\nrole = \"hlem\"\nat = [0, 40]\n\
             rotation = 45\nsquares = [\"..X\", \"...\", \"...\"]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "10:8 F003 `hlem` is not a module role (did you mean `helm`?)",
                "11:6 F003 a module's place is two whole numbers, a column and a row of the module grid (write `at = [column, row]` with both from 0 to 39)",
                "12:12 F003 a module turns in quarter turns, not 45 degrees (write `rotation` as 0, 90, 180 or 270 (clockwise))",
                "13:15 F003 `X` is not a square symbol (use `.` floor, `#` blocked, `C` battlestation console, `B` barrel, `H` ladder)",
                "6:10 F003 `up` is not a side: doors are on the `north`, `east`, `south` or `west` side of a square",
                "6:19 F003 level `lower` is named, but the ship declares no `levels` (add `levels = [\"lower\", \"upper\"]` at the top, or leave the level out)",
            ]
        );
    }

    #[test]
    fn levels_are_required_on_a_multilevel_ship_and_checked() {
        let text = format!(
            "{HEAD}levels = [\"lower\", \"upper\"]\ndoors = [\"uper A1 west\"]\n\n\
             [[modules]]\nid = \"a\"\nrole = \"helm\"\nat = [0, 0]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "10:6 F003 this ship has several levels, so this needs a level (name one of `lower`, `upper`)",
                "7:10 F007 there is no level `uper` (did you mean `upper`?)",
            ]
        );
    }

    #[test]
    fn misspelt_keys_and_a_bad_value_are_reported_together_and_nothing_they_set_off() {
        // The custom module's `name` is misspelt: it is not also said to
        // have no name.
        let text = format!(
            "{HEAD}\n[[modules]]\nid = \"a\"\nrole = \"hlem\"\nat = [0, 0]\nrotaton = 90\n\n\
             [[modules]]\nid = \"b\"\nrole = \"custom\"\nnmae = \"Brig\"\nat = [1, 0]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "11:1 F002 unknown key `rotaton` (did you mean `rotation`?)",
                "16:1 F002 unknown key `nmae` (did you mean `name`?)",
                "9:8 F003 `hlem` is not a module role (did you mean `helm`?)",
            ]
        );
    }

    #[test]
    fn a_row_of_bad_symbols_is_read_once_and_stops_at_the_error_cap() {
        // Each symbol is found by its own offset, not by reading the row
        // again from its start: 200,000 of them took 20 s that way.
        let row = "X".repeat(200_000);
        let text = format!(
            "{HEAD}\n[[modules]]\nid = \"a\"\nrole = \"helm\"\nat = [0, 0]\nsquares = [\"...\", \"...\", \"{row}\"]\n"
        );
        let found = errors(&text);
        assert_eq!(found.len(), crate::limits::MAX_ERRORS_PER_FILE);
        let symbol = |column: usize| {
            format!(
                "11:{column} F003 `X` is not a square symbol (use `.` floor, `#` blocked, `C` battlestation console, `B` barrel, `H` ladder)"
            )
        };
        assert_eq!(found[0], symbol(27));
        assert_eq!(found[198], symbol(27 + 198));
        assert_eq!(
            found[199],
            "F009 and 199801 more errors in this file (at most 200 are listed) (fix the errors above and run again)"
        );
    }

    #[test]
    fn a_card_has_the_ship_s_module_size() {
        let text = format!(
            "{HEAD}\n[[modules]]\nid = \"a\"\nrole = \"custom\"\nat = [0, 0]\nsquares = [\"....\", \"...\"]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "9:8 F003 a custom module needs a `name` (add `name = \"Brig\"` (what the card says))",
                "11:11 F003 a module card has 3 rows of squares, but `squares` has 2 (write 3 rows of 3 characters, top row first (or set `module_size`))",
                "11:12 F003 a row of a module card has 3 squares, but this one has 4",
            ]
        );
    }

    proptest::proptest! {
        /// No input makes the resolver or the writer panic, and whatever
        /// resolves writes text that resolves to the same canonical text.
        #[test]
        fn any_text_resolves_or_fails_without_panicking(tail in "[a-z_\\[\\]=\"0-9CBH#., \n]{0,200}") {
            let text = format!("{HEAD}{tail}");
            let source = SourceFile::new("ship.toml", text);
            if let Ok(ship) = parse_ship(&source) {
                let written = super::super::write::write_ship(&ship);
                let again = parse_ship(&SourceFile::new("ship.toml", written.clone())).unwrap();
                proptest::prop_assert_eq!(super::super::write::write_ship(&again), written);
            }
        }
    }
}
