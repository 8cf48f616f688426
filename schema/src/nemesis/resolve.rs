//! Raw Nemesis files → the checked [`model`](super::model), collecting every
//! problem with its span, its [`NemesisPlace`] and a suggestion.
//!
//! What needs the whole ship to judge — the numbers around a room, a door on
//! a technical corridor, a corridor doubled — resolves without complaint and
//! is left to the validator's checks, which can be allowed with a reason.

use std::collections::BTreeMap;
use std::sync::Arc;

use toml::Spanned;

use crate::document::read_file;
use crate::error::{FormatCode, FormatError, Problems};
use crate::id::Id;
use crate::source::{SourceFile, Span};
use crate::suggest;
use crate::toml_file::text_problems;

use super::limits::MAX_SHIP_LIST;
use super::model::*;
use super::place::NemesisPlace;
use super::raw::{self, Text};

/// The only `format` version this build reads and writes.
pub const FORMAT_VERSION: i64 = 1;

/// The ruleset name the files carry.
pub const RULESET: &str = "nemesis";

/// Largest drawing coordinate of a room or network.
pub const MAX_AT: u16 = 99;

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

struct Resolver {
    /// The reader's problems, then the resolver's.
    errors: Problems,
}

impl Resolver {
    fn finish<T>(self, value: T) -> Result<T, Vec<FormatError>> {
        self.errors.finish(value)
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
        self.errors
            .extend(crate::ship_pack::ruleset_problem::<super::NemesisFormat>(
                value,
            ));
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

    /// An id that must name something in `known`; a dangling one gets a suggestion.
    fn reference(&mut self, value: &Text, known: &BTreeMap<Id, Span>, what: &str) -> Option<Id> {
        let id = self.id(value)?;
        if known.contains_key(&id) {
            return Some(id);
        }
        let names = known.keys().map(Id::as_str);
        let help = suggest::closest(id.as_str(), names)
            .map(|b| format!("did you mean `{b}`?"))
            .unwrap_or_else(|| format!("declare the {what} first, or name one that exists"));
        // Related: a room or network left out for a reported error would
        // dangle here.
        self.errors
            .related_mut(FormatError::new(
                FormatCode::DanglingReference,
                format!("there is no {what} `{id}`"),
                Some(span_of(value)),
            ))
            .help = Some(help);
        None
    }

    fn position(&mut self, value: &Spanned<Vec<Spanned<i64>>>) -> Option<(u16, u16)> {
        let bad = |r: &mut Self| {
            r.error(
                FormatCode::InvalidValue,
                "a position is two whole numbers, a column and a row",
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

    /// One or two distinct corridor numbers 1–4.
    fn numbers(
        &mut self,
        value: &Spanned<Vec<Spanned<i64>>>,
        place: NemesisPlace,
    ) -> Option<Numbers> {
        let mut set = Numbers::NONE;
        let mut ok = true;
        for n in value.get_ref() {
            match u8::try_from(*n.get_ref()).ok().and_then(Numbers::one) {
                Some(one) if set.intersection(one).is_empty() => set = set.union(one),
                Some(_) => {
                    self.error(
                        FormatCode::Duplicate,
                        format!("corridor number {} is written twice", n.get_ref()),
                        span_of(n),
                    )
                    .place = Some(place.into());
                    ok = false;
                }
                None => {
                    let e = self.error(
                        FormatCode::InvalidValue,
                        format!(
                            "corridor number {} is out of range; corridors are numbered 1 to 4",
                            n.get_ref()
                        ),
                        span_of(n),
                    );
                    e.place = Some(place.into());
                    ok = false;
                }
            }
        }
        if ok && !(1..=2).contains(&set.len()) {
            let e = self.error(
                FormatCode::InvalidValue,
                format!(
                    "a corridor end carries one or two numbers, not {}",
                    set.len()
                ),
                span_of(value),
            );
            e.place = Some(place.into());
            e.help = Some("write one or two of 1, 2, 3 and 4, like `[1, 2]`".to_string());
            ok = false;
        }
        ok.then_some(set)
    }

    /// Reports a list longer than the limit, as a problem of the whole file.
    fn count(&mut self, len: usize, what: &str) {
        if len > MAX_SHIP_LIST {
            self.errors.push(FormatError::new(
                FormatCode::LimitExceeded,
                format!("{len} {what} listed; a ship holds at most {MAX_SHIP_LIST}"),
                None,
            ));
        }
    }

    /// Resolves a ship one section at a time, in the order the file lists them;
    /// the later sections refer to the rooms and networks resolved before them.
    fn ship(&mut self, raw: raw::TomlShip, source: &Arc<SourceFile>) -> Ship {
        self.version(&raw.format);
        self.ruleset(&raw.ruleset);
        let name = self.text(&raw.name, "the ship name");
        let board = raw.board.as_ref().map(|b| self.text(b, "the board name"));
        let (one, two) = raw
            .tiles
            .as_ref()
            .map_or((0, 0), |t| (t.get_ref().one.len(), t.get_ref().two.len()));
        for (len, what) in [
            (raw.rooms.len(), "rooms"),
            (raw.corridors.len(), "corridors"),
            (raw.networks.len(), "networks"),
            (raw.technical_entrances.len(), "technical entrances"),
            (raw.escape_pods.len(), "escape pods"),
            (one, "room tiles in `tiles.one`"),
            (two, "room tiles in `tiles.two`"),
        ] {
            self.count(len, what);
        }

        let (rooms, room_ids) = self.rooms(&raw.rooms);
        let corridors = self.corridors(&raw.corridors, &room_ids);
        let (networks, network_ids) = self.networks(&raw.networks);
        let entrances = self.entrances(&raw.technical_entrances, &room_ids, &network_ids);
        let escape_pods = self.escape_pods(&raw.escape_pods, &room_ids);
        let tiles = self.tile_pool(raw.tiles.as_ref());

        Ship {
            name,
            board,
            rooms,
            corridors,
            networks,
            entrances,
            escape_pods,
            tiles,
            source: Arc::clone(source),
        }
    }

    /// The rooms, and the span of every room id declared, so that corridors,
    /// entrances and pods can name a room left out for another error without a
    /// second, misleading complaint.
    fn rooms(&mut self, raw: &[Spanned<raw::TomlRoom>]) -> (Vec<Room>, BTreeMap<Id, Span>) {
        let mut room_ids: BTreeMap<Id, Span> = BTreeMap::new();
        let mut rooms = Vec::new();
        for room in raw.iter().take(MAX_SHIP_LIST) {
            let r = room.get_ref();
            let id = self.id(&r.id);
            let kind = self.room_kind(&r.kind, id);
            let room_name = r.name.as_ref().map(|n| self.text(n, "the room name"));
            let at = self.position(&r.at);
            let Some(id) = id else { continue };
            if let Some(&first) = room_ids.get(&id) {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("room `{id}` is declared twice"),
                    span_of(&r.id),
                );
                e.place = Some(NemesisPlace::Room(id).into());
                e.labels.push((first, "first declared here".to_string()));
                continue;
            }
            room_ids.insert(id, span_of(&r.id));
            if let (Some(kind), Some(at)) = (kind, at) {
                rooms.push(Room {
                    id,
                    kind,
                    name: room_name,
                    at,
                    span: span_of(room),
                    id_span: span_of(&r.id),
                    kind_span: span_of(&r.kind),
                });
            }
        }
        (rooms, room_ids)
    }

    /// A room's kind, or an error naming the kinds there are.
    fn room_kind(&mut self, kind: &Text, id: Option<Id>) -> Option<RoomKind> {
        let parsed = RoomKind::parse(kind.get_ref());
        if parsed.is_none() {
            let help = suggest::closest(kind.get_ref(), RoomKind::NAMES)
                .map(|b| format!("did you mean `{b}`?"))
                .unwrap_or_else(|| {
                    format!(
                        "a room is a `1` or `2` slot or one of {}",
                        RoomKind::NAMES
                            .iter()
                            .skip(2)
                            .map(|n| format!("`{n}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                });
            let e = self.error(
                FormatCode::InvalidValue,
                format!("`{}` is not a room kind", kind.get_ref()),
                span_of(kind),
            );
            e.help = Some(help);
            e.place = id.map(|id| NemesisPlace::Room(id).into());
        }
        parsed
    }

    /// The corridors between two declared rooms, with their numbers at each end.
    fn corridors(
        &mut self,
        raw: &[Spanned<raw::TomlCorridor>],
        room_ids: &BTreeMap<Id, Span>,
    ) -> Vec<Corridor> {
        let mut corridors = Vec::new();
        for corridor in raw.iter().take(MAX_SHIP_LIST) {
            let c = corridor.get_ref();
            let ends: Vec<Option<Id>> = c
                .between
                .get_ref()
                .iter()
                .map(|end| self.reference(end, room_ids, "room"))
                .collect();
            let [Some(a), Some(b)] = ends.as_slice() else {
                if ends.len() != 2 {
                    self.error(
                        FormatCode::InvalidValue,
                        format!(
                            "a corridor joins two rooms, but `between` names {}",
                            ends.len()
                        ),
                        span_of(&c.between),
                    )
                    .help = Some("write `between = [\"one-room\", \"another-room\"]`".to_string());
                }
                continue;
            };
            let (a, b) = (*a, *b);
            let place = NemesisPlace::Corridor(a, b);
            let numbers = self.numbers(&c.numbers, place);
            let other_end = c.other_end.as_ref().map(|o| self.numbers(o, place));
            let (Some(numbers), Some(other_end)) =
                (numbers, other_end.unwrap_or(Some(Numbers::NONE)))
            else {
                continue;
            };
            // An other end written the same as the near end says nothing more.
            let other_end = c
                .other_end
                .as_ref()
                .map(|_| other_end)
                .filter(|o| *o != numbers);
            corridors.push(Corridor {
                rooms: [a, b],
                numbers,
                other_end,
                door: c.door.as_ref().is_some_and(|d| *d.get_ref()),
                span: span_of(corridor),
                rooms_span: span_of(&c.between),
                numbers_span: span_of(&c.numbers),
                other_end_span: c.other_end.as_ref().map(span_of),
                door_span: c.door.as_ref().map(span_of),
            });
        }
        corridors
    }

    /// The technical-corridor networks, and the span of every network id
    /// declared, for the entrances that name them.
    fn networks(
        &mut self,
        raw: &[Spanned<raw::TomlNetwork>],
    ) -> (Vec<Network>, BTreeMap<Id, Span>) {
        let mut network_ids: BTreeMap<Id, Span> = BTreeMap::new();
        let mut networks = Vec::new();
        for network in raw.iter().take(MAX_SHIP_LIST) {
            let n = network.get_ref();
            let id = self.id(&n.id);
            let at = self.position(&n.at);
            let Some(id) = id else { continue };
            if let Some(&first) = network_ids.get(&id) {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("network `{id}` is declared twice"),
                    span_of(&n.id),
                );
                e.labels.push((first, "first declared here".to_string()));
                continue;
            }
            network_ids.insert(id, span_of(&n.id));
            if let Some(at) = at {
                networks.push(Network {
                    id,
                    at,
                    span: span_of(network),
                });
            }
        }
        (networks, network_ids)
    }

    /// The technical entrances, at most one per room.
    fn entrances(
        &mut self,
        raw: &[Spanned<raw::TomlEntrance>],
        room_ids: &BTreeMap<Id, Span>,
        network_ids: &BTreeMap<Id, Span>,
    ) -> Vec<Entrance> {
        let mut entrances = Vec::new();
        let mut entrance_rooms: BTreeMap<Id, Span> = BTreeMap::new();
        for entrance in raw.iter().take(MAX_SHIP_LIST) {
            let e = entrance.get_ref();
            let Some(room) = self.reference(&e.room, room_ids, "room") else {
                continue;
            };
            let place = NemesisPlace::Entrance(room);
            if let Some(&first) = entrance_rooms.get(&room) {
                let err = self.error(
                    FormatCode::Duplicate,
                    format!("room `{room}` has two technical entrances"),
                    span_of(&e.room),
                );
                err.place = Some(place.into());
                err.labels.push((first, "first entrance here".to_string()));
                continue;
            }
            entrance_rooms.insert(room, span_of(&e.room));
            let numbers = match &e.numbers {
                Some(list) => match self.numbers(list, place) {
                    Some(set) => Some(set),
                    None => continue,
                },
                None => None,
            };
            let network = match &e.network {
                Some(n) => match self.reference(n, network_ids, "network") {
                    Some(id) => Some(id),
                    None => continue,
                },
                None => None,
            };
            entrances.push(Entrance {
                room,
                numbers,
                network,
                door: e.door.as_ref().is_some_and(|d| *d.get_ref()),
                span: span_of(entrance),
                room_span: span_of(&e.room),
                door_span: e.door.as_ref().map(span_of),
            });
        }
        entrances
    }

    /// The escape pods, numbered 1 to 4, each number once.
    fn escape_pods(
        &mut self,
        raw: &[Spanned<raw::TomlEscapePod>],
        room_ids: &BTreeMap<Id, Span>,
    ) -> Vec<EscapePod> {
        let mut escape_pods = Vec::new();
        let mut pod_numbers: BTreeMap<u8, Span> = BTreeMap::new();
        for pod in raw.iter().take(MAX_SHIP_LIST) {
            let p = pod.get_ref();
            let number = u8::try_from(*p.number.get_ref())
                .ok()
                .filter(|n| (1..=4).contains(n));
            let Some(number) = number else {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "escape pod {} is out of range; escape pods are numbered 1 to 4",
                        p.number.get_ref()
                    ),
                    span_of(&p.number),
                );
                continue;
            };
            let section = match p.section.get_ref().as_str() {
                "A" => Some(Section::A),
                "B" => Some(Section::B),
                other => {
                    let e = self.error(
                        FormatCode::InvalidValue,
                        format!("`{other}` is not an escape-pod section"),
                        span_of(&p.section),
                    );
                    e.place = Some(NemesisPlace::EscapePod(number).into());
                    e.help = Some("sections are `A` and `B`".to_string());
                    None
                }
            };
            let room = self.reference(&p.room, room_ids, "room");
            if let Some(&first) = pod_numbers.get(&number) {
                let e = self.error(
                    FormatCode::Duplicate,
                    format!("escape pod number {number} is used twice"),
                    span_of(&p.number),
                );
                e.place = Some(NemesisPlace::EscapePod(number).into());
                e.labels.push((first, "first used here".to_string()));
                continue;
            }
            pod_numbers.insert(number, span_of(&p.number));
            if let (Some(section), Some(room)) = (section, room) {
                escape_pods.push(EscapePod {
                    number,
                    section,
                    room,
                    span: span_of(pod),
                });
            }
        }
        escape_pods
    }

    /// The room tiles of the two pools, by name.
    fn tile_pool(&mut self, raw: Option<&Spanned<raw::TomlTiles>>) -> TilePool {
        match raw {
            Some(t) => {
                let mut names = |list: &[Text]| -> Vec<String> {
                    list.iter()
                        .take(MAX_SHIP_LIST)
                        .map(|n| self.text(n, "a room tile's name"))
                        .collect()
                };
                let one = names(&t.get_ref().one);
                let two = names(&t.get_ref().two);
                TilePool {
                    one,
                    two,
                    span: Some(span_of(t)),
                }
            }
            None => TilePool::default(),
        }
    }
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

    const HEAD: &str = "format = 1\nruleset = \"nemesis\"\nname = \"T\"\n";

    #[test]
    fn a_misspelt_key_gets_a_suggestion_with_its_position() {
        let text =
            format!("{HEAD}[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\nnmae = \"x\"\n");
        assert_eq!(
            errors(&text),
            ["8:1 F002 unknown key `nmae` (did you mean `name`?)"]
        );
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let text = format!(
            "{HEAD}[[rooms]]\nid = \"a\"\nkind = \"cokpit\"\nat = [0, 0]\n\n\
             [[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [5]\n\n\
             [[escape_pods]]\nnumber = 1\nsection = \"C\"\nroom = \"a\"\n"
        );
        assert_eq!(
            errors(&text),
            [
                "6:8 F003 `cokpit` is not a room kind (did you mean `cockpit`?)",
                "10:17 F007 there is no room `b` (did you mean `a`?)",
                "15:11 F003 `C` is not an escape-pod section (sections are `A` and `B`)",
            ]
        );
    }

    #[test]
    fn numbers_are_one_or_two_of_one_to_four() {
        let text = format!(
            "{HEAD}[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[rooms]]\nid = \"b\"\nkind = \"2\"\nat = [1, 0]\n\n\
             [[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [1, 2, 3]\n\n\
             [[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [0]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "16:11 F003 a corridor end carries one or two numbers, not 3 (write one or two of 1, 2, 3 and 4, like `[1, 2]`)",
                "20:12 F003 corridor number 0 is out of range; corridors are numbered 1 to 4",
            ]
        );
    }

    #[test]
    fn misspelt_keys_and_a_bad_value_are_reported_together_and_nothing_they_set_off() {
        // The corridor is left out (`numbers` is misspelt), so the entrance
        // naming room `lab` still resolves, and nothing is said about it.
        let text = format!(
            "{HEAD}[[rooms]]\nid = \"bridge\"\nkind = \"cokpit\"\nat = [0, 0]\n\n\
             [[rooms]]\nid = \"lab\"\nkind = \"1\"\nnmae = \"Lab\"\nat = [2, 0]\n\n\
             [[corridors]]\nbetween = [\"bridge\", \"lab\"]\nnumbrs = [1]\n\n\
             [[technical_entrances]]\nroom = \"lba\"\nnumbers = [2]\n"
        );
        assert_eq!(
            errors(&text),
            [
                "12:1 F002 unknown key `nmae` (did you mean `name`?)",
                "17:1 F002 unknown key `numbrs` (did you mean `numbers`?)",
                "6:8 F003 `cokpit` is not a room kind (did you mean `cockpit`?)",
            ]
        );
    }

    #[test]
    fn a_file_of_bad_numbers_stops_at_the_error_cap() {
        // 300,000 numbers on one line: each is an error, 200 are listed.
        let numbers = vec!["5"; 300_000].join(", ");
        let text = format!(
            "{HEAD}[[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[rooms]]\nid = \"b\"\nkind = \"2\"\nat = [1, 0]\n\n\
             [[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [{numbers}]\n"
        );
        let found = errors(&text);
        assert_eq!(found.len(), crate::limits::MAX_ERRORS_PER_FILE);
        assert_eq!(
            found[0],
            "16:12 F003 corridor number 5 is out of range; corridors are numbered 1 to 4"
        );
        assert_eq!(
            found[198],
            "16:606 F003 corridor number 5 is out of range; corridors are numbered 1 to 4"
        );
        assert_eq!(
            found[199],
            "F009 and 299801 more errors in this file (at most 200 are listed) (fix the errors above and run again)"
        );
    }

    #[test]
    fn networks_and_room_tiles_have_the_item_cap() {
        let networks: String = (0..=MAX_SHIP_LIST)
            .map(|n| format!("[[networks]]\nid = \"n{n}\"\nat = [0, 0]\n"))
            .collect();
        let names = vec!["\"Lab\""; MAX_SHIP_LIST + 1].join(", ");
        let text = format!("{HEAD}{networks}\n[tiles]\none = [{names}]\ntwo = [{names}]\n");
        assert_eq!(
            errors(&text),
            [
                "F009 1001 networks listed; a ship holds at most 1000",
                "F009 1001 room tiles in `tiles.one` listed; a ship holds at most 1000",
                "F009 1001 room tiles in `tiles.two` listed; a ship holds at most 1000",
            ]
        );
    }

    #[test]
    fn a_misspelt_room_reference_gets_a_suggestion() {
        let text = format!(
            "{HEAD}[[rooms]]\nid = \"storage\"\nkind = \"1\"\nat = [0, 0]\n\n\
             [[technical_entrances]]\nroom = \"storag\"\nnumbers = [2]\n"
        );
        assert_eq!(
            errors(&text),
            ["10:8 F007 there is no room `storag` (did you mean `storage`?)"]
        );
    }

    proptest::proptest! {
        /// No input makes the resolver or the writer panic, and whatever
        /// resolves writes text that resolves to the same canonical text.
        #[test]
        fn any_text_resolves_or_fails_without_panicking(tail in "[a-z_\\[\\]=\"0-9, \n]{0,200}") {
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
