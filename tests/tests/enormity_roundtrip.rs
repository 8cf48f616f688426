//! Enormity's pages round-trip: random valid pages write and read back
//! equal, and edges merge into runs as they are written. (Every bundled
//! file of every game is canonical: `roundtrip.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::collections::BTreeMap;

use deckplan_schema::enormity::coord::{Direction, Edge, Intersection, PageId, Size, Space};
use deckplan_schema::enormity::model::*;
use deckplan_schema::lint_table::{LintLevel, LintSetting};
use deckplan_schema::{SourceFile, enormity::write};
use proptest::prelude::*;

/// Reads bytes chosen by proptest as decisions; runs out into "no more features",
/// so shrinking the bytes shrinks the page.
struct Choices<'a> {
    bytes: &'a [u8],
}

impl Choices<'_> {
    fn next(&mut self) -> u8 {
        match self.bytes.split_first() {
            Some((first, rest)) => {
                self.bytes = rest;
                *first
            }
            None => 0,
        }
    }

    fn one_in(&mut self, n: u8) -> bool {
        self.next().is_multiple_of(n)
    }

    fn below(&mut self, n: u16) -> u16 {
        if n == 0 {
            0
        } else {
            (u16::from(self.next()) * 256 + u16::from(self.next())) % n
        }
    }

    fn space(&mut self, size: Size) -> Space {
        Space::new(self.below(size.columns), self.below(size.rows))
    }

    fn point(&mut self, size: Size) -> Intersection {
        Intersection {
            x: self.below(size.columns + 1),
            y: self.below(size.rows + 1),
        }
    }

    fn direction(&mut self) -> Direction {
        Direction::ALL[usize::from(self.next() % 4)]
    }

    fn text(&mut self) -> String {
        const PIECES: [&str; 8] = [
            "Crew",
            " deck",
            "\"quoted\"",
            "back\\slash",
            "Ré",
            "\n",
            "\t",
            "7",
        ];
        (0..self.next() % 5)
            .map(|_| PIECES[usize::from(self.next() % 8)])
            .collect()
    }
    /// Some of `doors`, each kept at even odds; with `at_least_one`, the first
    /// door when none was kept.
    fn doors(&mut self, doors: &[u16], at_least_one: bool) -> Vec<u16> {
        let mut chosen: Vec<u16> = doors.iter().copied().filter(|_| self.one_in(2)).collect();
        if at_least_one && chosen.is_empty() {
            chosen.extend(doors.first());
        }
        chosen
    }
}

/// A valid page built from proptest's choices. Each part reads its choices in
/// turn, so the same bytes always build the same page.
fn build_page(columns: u16, rows: u16, bytes: &[u8]) -> Page {
    let mut c = Choices { bytes };
    let size = Size { columns, rows };
    let mut page = Page::new(
        PageId {
            book: 1 + c.below(9),
            page: 1 + c.below(9),
        },
        "SR",
        size,
    );
    if c.one_in(2) {
        page.title = Some(c.text());
    }
    if c.one_in(3) {
        page.notes = Some(c.text());
    }
    for space in size.spaces() {
        let kind = [
            SpaceKind::Board,
            SpaceKind::Board,
            SpaceKind::OutOfBounds,
            SpaceKind::Obstacle,
        ];
        page.set_kind(space, kind[usize::from(c.next() % 4)]);
    }
    let doors = add_edges(&mut c, &mut page);
    add_terrain(&mut c, size, &mut page.spaces);
    add_arrows(&mut c, size, &mut page.spaces);
    add_door_openers(&mut c, size, &doors, &mut page.spaces);
    add_markers(&mut c, size, &mut page.spaces);
    add_intersections(&mut c, size, &mut page.intersections);
    add_lint_settings(&mut c, &mut page);
    page
}

/// Walls, red lines and doors, one feature per edge; returns the door
/// numbers, counted from 1.
fn add_edges(c: &mut Choices, page: &mut Page) -> Vec<u16> {
    let size = page.size;
    let mut doors = Vec::new();
    for _ in 0..c.next() % 24 {
        let space = c.space(size);
        let edge = space.side(c.direction());
        let kind = match c.next() % 3 {
            0 => EdgeKind::Wall,
            1 => EdgeKind::RedLine,
            _ => {
                let number = doors.len() as u16 + 1;
                EdgeKind::Door(number)
            }
        };
        if let std::collections::btree_map::Entry::Vacant(slot) = page.edges.entry(edge) {
            slot.insert(EdgeFeature {
                kind,
                span: Default::default(),
            });
            if let EdgeKind::Door(n) = kind {
                doors.push(n);
            }
        }
    }
    doors
}

/// Terrain tiles that share no space, never both destructible and
/// indestructible, sorted as the resolver sorts them.
fn add_terrain(c: &mut Choices, size: Size, spaces: &mut SpaceFeatures) {
    let mut tiled = std::collections::BTreeSet::new();
    for _ in 0..c.next() % 4 {
        let mut tile_spaces = Vec::new();
        for _ in 0..1 + c.next() % 3 {
            let space = c.space(size);
            if tiled.insert(space) {
                tile_spaces.push(space);
            }
        }
        if tile_spaces.is_empty() {
            continue;
        }
        tile_spaces.sort_by_key(|s| s.reading_order());
        let mut keywords: Vec<Keyword> = Keyword::ALL.into_iter().filter(|_| c.one_in(3)).collect();
        if keywords.contains(&Keyword::Destructible) {
            keywords.retain(|k| *k != Keyword::Indestructible);
        }
        let name = (c.one_in(2)).then(|| c.text());
        spaces.terrain.push(TerrainTile {
            name,
            spaces: tile_spaces,
            keywords,
            span: Default::default(),
        });
    }
    spaces
        .terrain
        .sort_by_key(|t| t.spaces.first().map(|s| s.reading_order()));
}

/// Forced arrows, then Location arrows to small page ids.
fn add_arrows(c: &mut Choices, size: Size, spaces: &mut SpaceFeatures) {
    for _ in 0..c.next() % 4 {
        let at = c.space(size);
        spaces.forced_arrows.insert(
            at,
            ForcedArrow {
                direction: c.direction(),
                span: Default::default(),
            },
        );
    }
    for _ in 0..c.next() % 3 {
        let at = c.space(size);
        let target = PageId {
            book: 1 + c.below(3),
            page: 1 + c.below(3),
        };
        let arrow = LocationArrow {
            direction: c.direction(),
            target,
            span: Default::default(),
            target_span: Default::default(),
        };
        spaces.location_arrows.insert(at, arrow);
    }
}

/// Consoles, then keycards (only when the page has a door, as a keycard opens
/// at least one), naming doors of the page.
fn add_door_openers(c: &mut Choices, size: Size, doors: &[u16], spaces: &mut SpaceFeatures) {
    for number in 1..=c.next() % 3 {
        let at = c.space(size);
        let (opens, closes) = (c.doors(doors, false), c.doors(doors, false));
        spaces.consoles.insert(
            u16::from(number),
            Console {
                at,
                opens,
                closes,
                span: Default::default(),
            },
        );
    }
    if !doors.is_empty() {
        for _ in 0..c.next() % 3 {
            let at = c.space(size);
            let opens = c.doors(doors, true);
            spaces.keycards.insert(
                at,
                Keycard {
                    opens,
                    span: Default::default(),
                },
            );
        }
    }
}

/// Discoveries, then some of every simple marker.
fn add_markers(c: &mut Choices, size: Size, spaces: &mut SpaceFeatures) {
    for _ in 0..c.next() % 4 {
        let at = c.space(size);
        let discovery = match c.next() % 4 {
            0 => Discovery::Coloured(DiscoveryColour::Blue),
            1 => Discovery::Coloured(DiscoveryColour::Red),
            2 => Discovery::Coloured(DiscoveryColour::Yellow),
            _ => Discovery::Numbered(1 + c.below(998)),
        };
        spaces.discoveries.insert(
            at,
            DiscoveryMarker {
                discovery,
                span: Default::default(),
            },
        );
    }
    for marker in Marker::ALL {
        let placed: BTreeMap<Space, _> = (0..c.next() % 4)
            .map(|_| (c.space(size), Default::default()))
            .collect();
        if !placed.is_empty() {
            spaces.markers.insert(marker, placed);
        }
    }
}

/// Spawn points, spawn links (each once, never from a point to itself,
/// sorted as the resolver sorts them) and starting Blips.
fn add_intersections(c: &mut Choices, size: Size, points: &mut IntersectionFeatures) {
    for _ in 0..c.next() % 5 {
        points
            .spawn_points
            .insert(c.point(size), Default::default());
    }
    for _ in 0..c.next() % 3 {
        let (a, b) = (c.point(size), c.point(size));
        let (a, b) = if a.reading_order() <= b.reading_order() {
            (a, b)
        } else {
            (b, a)
        };
        let duplicate = points.spawn_links.iter().any(|l| (l.a, l.b) == (a, b));
        if a != b && !duplicate {
            points.spawn_links.push(SpawnLink {
                a,
                b,
                span: Default::default(),
            });
        }
    }
    points
        .spawn_links
        .sort_by_key(|l| (l.a.reading_order(), l.b.reading_order()));
    for _ in 0..c.next() % 3 {
        points.blips.insert(
            c.point(size),
            StartingBlip {
                direction: c.direction(),
                span: Default::default(),
            },
        );
    }
}

/// Lint settings, at most one per check name.
fn add_lint_settings(c: &mut Choices, page: &mut Page) {
    for _ in 0..c.next() % 3 {
        let name = ["misaligned-join", "unreachable-space", "x_y"][usize::from(c.next() % 3)];
        let level = LintLevel::ALL[usize::from(c.next() % 3)];
        let reason = format!("because {}", c.text());
        page.lint.checks.insert(
            name.to_string(),
            LintSetting {
                level,
                reason,
                name_span: Default::default(),
            },
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_pages_write_and_read_back_equal(
        columns in 1u16..=14,
        rows in 1u16..=30,
        bytes in proptest::collection::vec(any::<u8>(), 0..600),
    ) {
        let page = build_page(columns, rows, &bytes);
        let text = write::write_page(&page);
        let source = SourceFile::new("generated.toml", text.clone());
        let loaded = deckplan_schema::enormity::load::page_from_source(&source);
        prop_assert!(loaded.errors.is_empty(), "{text}\n{:?}", loaded.errors);
        let mut back = loaded.value.unwrap();
        back.clear_spans();
        prop_assert_eq!(&back, &page, "{}", text);
        prop_assert_eq!(write::write_page(&back), text, "writing is not idempotent");
    }
}

#[test]
fn edges_merge_into_runs_across_the_page_outline() {
    let mut page = Page::new(
        PageId { book: 1, page: 1 },
        "SR",
        Size {
            columns: 3,
            rows: 2,
        },
    );
    for col in 0..3 {
        page.edges.insert(
            Edge::horizontal(col, 2),
            EdgeFeature {
                kind: EdgeKind::Wall,
                span: Default::default(),
            },
        );
    }
    page.edges.insert(
        Edge::vertical(0, 0),
        EdgeFeature {
            kind: EdgeKind::Wall,
            span: Default::default(),
        },
    );
    page.edges.insert(
        Edge::vertical(0, 1),
        EdgeFeature {
            kind: EdgeKind::Wall,
            span: Default::default(),
        },
    );
    let text = write::write_page(&page);
    assert!(
        text.contains("walls = [\n    \"B1-B3 north\",\n    \"A1-B1 west\",\n]\n"),
        "{text}"
    );
}
