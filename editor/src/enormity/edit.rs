//! Every change to a map, as data: the editor's UI never mutates the pack
//! directly, it records [`Edit`]s and the app applies them after the frame.
//!
//! An edit is a "set this place to this value" with the old value kept by its
//! inverse: applying an edit returns the edit that undoes it. A
//! [`Transaction`] groups the edits of one user action (a whole drag stroke is
//! one transaction), and [`History`] keeps transactions for undo and redo.
//! Nothing here knows about egui, so apply → undo is tested without a UI.

use std::collections::BTreeMap;

use deckplan_schema::enormity::model::{
    Background, Book, Console, Discovery, DiscoveryMarker, EdgeFeature, EdgeKind, ForcedArrow,
    Join, Keycard, Location, LocationArrow, Marker, PageFile, SpawnLink, StartingBlip, TerrainTile,
};
use deckplan_schema::{
    Span,
    enormity::{Direction, Edge, Intersection, Pack, Page, PageId, Space, SpaceKind},
};

/// One change to the pack. Each variant sets one place to a value; `None`
/// removes what is there.
// The fields are always the page, the place on it and the new value; the
// variant's doc says which place.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// What a space is.
    SpaceKind {
        page: PageId,
        space: Space,
        kind: SpaceKind,
    },
    /// The wall, red line or door on an edge.
    Edge {
        page: PageId,
        edge: Edge,
        kind: Option<EdgeKind>,
    },
    /// Whether a marker is on a space.
    Marker {
        page: PageId,
        marker: Marker,
        space: Space,
        present: bool,
    },
    /// The forced arrow on a space.
    ForcedArrow {
        page: PageId,
        space: Space,
        direction: Option<Direction>,
    },
    /// The Location arrow on a space.
    LocationArrow {
        page: PageId,
        space: Space,
        arrow: Option<(Direction, PageId)>,
    },
    /// A console, by number.
    Console {
        page: PageId,
        number: u16,
        console: Option<Console>,
    },
    /// The keycard on a space and the doors it opens.
    Keycard {
        page: PageId,
        space: Space,
        opens: Option<Vec<u16>>,
    },
    /// The discovery on a space.
    Discovery {
        page: PageId,
        space: Space,
        discovery: Option<Discovery>,
    },
    /// The page's terrain tiles, all at once (there are few).
    Terrain {
        page: PageId,
        tiles: Vec<TerrainTile>,
    },
    /// Whether a spawn point is on an intersection.
    SpawnPoint {
        page: PageId,
        point: Intersection,
        present: bool,
    },
    /// Whether a spawn link joins two intersections.
    SpawnLink {
        page: PageId,
        a: Intersection,
        b: Intersection,
        present: bool,
    },
    /// The starting Blip on an intersection.
    Blip {
        page: PageId,
        point: Intersection,
        direction: Option<Direction>,
    },
    /// A page's title.
    Title { page: PageId, title: Option<String> },
    /// A page's Location designation.
    Location { page: PageId, designation: String },
    /// A page's free-text notes.
    Notes { page: PageId, notes: Option<String> },
    /// The scan traced over on a page.
    Background {
        page: PageId,
        background: Option<Background>,
    },
    /// A whole page: adds, removes or replaces it (resizing replaces it).
    Page { id: PageId, page: Option<Box<Page>> },
    /// Every join of the pack (there are few).
    Joins { joins: Vec<Join> },
    /// The page files `pack.toml` lists, in order (adding, removing and
    /// reordering pages changes it).
    PageFiles { files: Vec<PageFile> },
    /// A Location Book declared in `pack.toml`.
    Book { number: u16, book: Option<Book> },
    /// A Location declared in `pack.toml`.
    LocationName {
        designation: String,
        location: Option<Location>,
    },
    /// The page a run begins on.
    Start { page: PageId },
    /// The pack's display name.
    PackName { name: String },
}

/// Why an edit could not be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The edit names a page the pack does not have.
    #[error("there is no page {0}")]
    NoSuchPage(PageId),
    /// The edit names a place off its page.
    #[error("{0} is off the page")]
    OffPage(String),
    /// A pack-wide edit was applied to one page (a bug in the caller).
    #[error("this change is not to one page")]
    NotOnAPage,
}

impl Edit {
    /// The page an edit changes, if it changes one page.
    pub fn page(&self) -> Option<PageId> {
        match self {
            Self::SpaceKind { page, .. }
            | Self::Edge { page, .. }
            | Self::Marker { page, .. }
            | Self::ForcedArrow { page, .. }
            | Self::LocationArrow { page, .. }
            | Self::Console { page, .. }
            | Self::Keycard { page, .. }
            | Self::Discovery { page, .. }
            | Self::Terrain { page, .. }
            | Self::SpawnPoint { page, .. }
            | Self::SpawnLink { page, .. }
            | Self::Blip { page, .. }
            | Self::Title { page, .. }
            | Self::Location { page, .. }
            | Self::Notes { page, .. }
            | Self::Background { page, .. } => Some(*page),
            Self::Page { id, .. } => Some(*id),
            Self::Joins { .. }
            | Self::PageFiles { .. }
            | Self::Book { .. }
            | Self::LocationName { .. }
            | Self::Start { .. }
            | Self::PackName { .. } => None,
        }
    }

    /// Applies the edit and returns the edit that undoes it.
    pub fn apply(self, pack: &mut Pack) -> Result<Edit, EditError> {
        match self {
            Self::Joins { joins } => {
                let old = std::mem::replace(&mut pack.joins, joins);
                Ok(Self::Joins { joins: old })
            }
            Self::Page { id, page } => {
                let old = set(&mut pack.pages, id, page.map(|page| *page));
                Ok(Self::Page {
                    id,
                    page: old.map(Box::new),
                })
            }
            Self::PageFiles { files } => {
                let old = std::mem::replace(&mut pack.page_files, files);
                Ok(Self::PageFiles { files: old })
            }
            Self::Book { number, book } => {
                let old = set(&mut pack.books, number, book);
                Ok(Self::Book { number, book: old })
            }
            Self::LocationName {
                designation,
                location,
            } => {
                let old = set(&mut pack.locations, designation.clone(), location);
                Ok(Self::LocationName {
                    designation,
                    location: old,
                })
            }
            Self::Start { page } => {
                let old = std::mem::replace(&mut pack.start, page);
                Ok(Self::Start { page: old })
            }
            Self::PackName { name } => {
                let old = std::mem::replace(&mut pack.name, name);
                Ok(Self::PackName { name: old })
            }
            Self::SpaceKind { page: id, .. }
            | Self::Edge { page: id, .. }
            | Self::Marker { page: id, .. }
            | Self::ForcedArrow { page: id, .. }
            | Self::LocationArrow { page: id, .. }
            | Self::Console { page: id, .. }
            | Self::Keycard { page: id, .. }
            | Self::Discovery { page: id, .. }
            | Self::Terrain { page: id, .. }
            | Self::SpawnPoint { page: id, .. }
            | Self::SpawnLink { page: id, .. }
            | Self::Blip { page: id, .. }
            | Self::Title { page: id, .. }
            | Self::Location { page: id, .. }
            | Self::Notes { page: id, .. }
            | Self::Background { page: id, .. } => {
                let page = pack.pages.get_mut(&id).ok_or(EditError::NoSuchPage(id))?;
                apply_on_page(self, page)
            }
        }
    }
}

fn on_page(page: &Page, space: Space) -> Result<(), EditError> {
    if page.size.contains(space) {
        Ok(())
    } else {
        Err(EditError::OffPage(page.place(space)))
    }
}

fn point_on_page(page: &Page, point: Intersection) -> Result<(), EditError> {
    if page.size.contains_intersection(point) {
        Ok(())
    } else {
        Err(EditError::OffPage(format!("{} {point}", page.id)))
    }
}

/// Sets `map[key]` to `value` (removing it for `None`) and returns the old value.
fn set<K: Ord, V>(map: &mut BTreeMap<K, V>, key: K, value: Option<V>) -> Option<V> {
    match value {
        Some(value) => map.insert(key, value),
        None => map.remove(&key),
    }
}

/// Applies an edit of one page's content and returns its inverse; each kind
/// of feature has its own function, which checks the place is on the page.
fn apply_on_page(edit: Edit, page: &mut Page) -> Result<Edit, EditError> {
    let id = page.id;
    match edit {
        Edit::SpaceKind { space, kind, .. } => {
            on_page(page, space)?;
            let old = page.kind(space).unwrap_or(SpaceKind::Board);
            page.set_kind(space, kind);
            Ok(Edit::SpaceKind {
                page: id,
                space,
                kind: old,
            })
        }
        Edit::Edge { edge, kind, .. } => apply_edge(page, edge, kind),
        Edit::Marker {
            marker,
            space,
            present,
            ..
        } => apply_marker(page, marker, space, present),
        Edit::ForcedArrow {
            space, direction, ..
        } => apply_forced_arrow(page, space, direction),
        Edit::LocationArrow { space, arrow, .. } => apply_location_arrow(page, space, arrow),
        Edit::Console {
            number, console, ..
        } => {
            if let Some(console) = &console {
                on_page(page, console.at)?;
            }
            let old = set(&mut page.spaces.consoles, number, console);
            Ok(Edit::Console {
                page: id,
                number,
                console: old,
            })
        }
        Edit::Keycard { space, opens, .. } => apply_keycard(page, space, opens),
        Edit::Discovery {
            space, discovery, ..
        } => apply_discovery(page, space, discovery),
        Edit::Terrain { tiles, .. } => apply_terrain(page, tiles),
        Edit::SpawnPoint { point, present, .. } => apply_spawn_point(page, point, present),
        Edit::SpawnLink { a, b, present, .. } => apply_spawn_link(page, a, b, present),
        Edit::Blip {
            point, direction, ..
        } => apply_blip(page, point, direction),
        Edit::Title { title, .. } => Ok(Edit::Title {
            page: id,
            title: std::mem::replace(&mut page.title, title),
        }),
        Edit::Location { designation, .. } => Ok(Edit::Location {
            page: id,
            designation: std::mem::replace(&mut page.location, designation),
        }),
        Edit::Notes { notes, .. } => Ok(Edit::Notes {
            page: id,
            notes: std::mem::replace(&mut page.notes, notes),
        }),
        Edit::Background { background, .. } => Ok(Edit::Background {
            page: id,
            background: std::mem::replace(&mut page.background, background),
        }),
        // Pack-wide edits never reach a page; `Edit::apply` handles them first.
        Edit::Page { .. }
        | Edit::Joins { .. }
        | Edit::PageFiles { .. }
        | Edit::Book { .. }
        | Edit::LocationName { .. }
        | Edit::Start { .. }
        | Edit::PackName { .. } => Err(EditError::NotOnAPage),
    }
}

/// Sets the wall, red line or door on an edge.
fn apply_edge(page: &mut Page, edge: Edge, kind: Option<EdgeKind>) -> Result<Edit, EditError> {
    if !page.size.contains_edge(edge) {
        return Err(EditError::OffPage(format!("{} {edge}", page.id)));
    }
    let span = Span::default();
    let old = set(
        &mut page.edges,
        edge,
        kind.map(|kind| EdgeFeature { kind, span }),
    );
    Ok(Edit::Edge {
        page: page.id,
        edge,
        kind: old.map(|f| f.kind),
    })
}

/// Puts a marker on a space or takes it off; a kind of marker left on no
/// space has no entry, as the resolver builds it.
fn apply_marker(
    page: &mut Page,
    marker: Marker,
    space: Space,
    present: bool,
) -> Result<Edit, EditError> {
    on_page(page, space)?;
    let placed = page.spaces.markers.entry(marker).or_default();
    let was = if present {
        placed.insert(space, Span::default()).is_some()
    } else {
        placed.remove(&space).is_some()
    };
    if placed.is_empty() {
        page.spaces.markers.remove(&marker);
    }
    Ok(Edit::Marker {
        page: page.id,
        marker,
        space,
        present: was,
    })
}

/// Sets the forced arrow on a space.
fn apply_forced_arrow(
    page: &mut Page,
    space: Space,
    direction: Option<Direction>,
) -> Result<Edit, EditError> {
    on_page(page, space)?;
    let value = direction.map(|direction| ForcedArrow {
        direction,
        span: Span::default(),
    });
    let old = set(&mut page.spaces.forced_arrows, space, value);
    Ok(Edit::ForcedArrow {
        page: page.id,
        space,
        direction: old.map(|a| a.direction),
    })
}

/// Sets the Location arrow on a space.
fn apply_location_arrow(
    page: &mut Page,
    space: Space,
    arrow: Option<(Direction, PageId)>,
) -> Result<Edit, EditError> {
    on_page(page, space)?;
    let value = arrow.map(|(direction, target)| LocationArrow {
        direction,
        target,
        span: Span::default(),
        target_span: Span::default(),
    });
    let old = set(&mut page.spaces.location_arrows, space, value);
    Ok(Edit::LocationArrow {
        page: page.id,
        space,
        arrow: old.map(|a| (a.direction, a.target)),
    })
}

/// Sets the keycard on a space and the doors it opens.
fn apply_keycard(
    page: &mut Page,
    space: Space,
    opens: Option<Vec<u16>>,
) -> Result<Edit, EditError> {
    on_page(page, space)?;
    let old = set(
        &mut page.spaces.keycards,
        space,
        opens.map(|opens| Keycard {
            opens,
            span: Span::default(),
        }),
    );
    Ok(Edit::Keycard {
        page: page.id,
        space,
        opens: old.map(|k| k.opens),
    })
}

/// Sets the discovery on a space.
fn apply_discovery(
    page: &mut Page,
    space: Space,
    discovery: Option<Discovery>,
) -> Result<Edit, EditError> {
    on_page(page, space)?;
    let value = discovery.map(|discovery| DiscoveryMarker {
        discovery,
        span: Span::default(),
    });
    let old = set(&mut page.spaces.discoveries, space, value);
    Ok(Edit::Discovery {
        page: page.id,
        space,
        discovery: old.map(|d| d.discovery),
    })
}

/// Replaces the page's terrain tiles, all of whose spaces must be on the page.
fn apply_terrain(page: &mut Page, tiles: Vec<TerrainTile>) -> Result<Edit, EditError> {
    if let Some(space) = tiles
        .iter()
        .flat_map(|t| t.spaces.iter())
        .find(|s| !page.size.contains(**s))
    {
        return Err(EditError::OffPage(page.place(*space)));
    }
    let old = std::mem::replace(&mut page.spaces.terrain, tiles);
    Ok(Edit::Terrain {
        page: page.id,
        tiles: old,
    })
}

/// Puts a spawn point on an intersection or takes it off.
fn apply_spawn_point(
    page: &mut Page,
    point: Intersection,
    present: bool,
) -> Result<Edit, EditError> {
    point_on_page(page, point)?;
    let points = &mut page.intersections.spawn_points;
    let was = if present {
        points.insert(point, Span::default()).is_some()
    } else {
        points.remove(&point).is_some()
    };
    Ok(Edit::SpawnPoint {
        page: page.id,
        point,
        present: was,
    })
}

/// Adds or removes the spawn link between two intersections, kept with its
/// ends and the list in reading order, as the resolver keeps them.
fn apply_spawn_link(
    page: &mut Page,
    a: Intersection,
    b: Intersection,
    present: bool,
) -> Result<Edit, EditError> {
    point_on_page(page, a)?;
    point_on_page(page, b)?;
    let (a, b) = if a.reading_order() <= b.reading_order() {
        (a, b)
    } else {
        (b, a)
    };
    let links = &mut page.intersections.spawn_links;
    let at = links.iter().position(|l| l.a == a && l.b == b);
    let was = at.is_some();
    match (present, at) {
        (true, None) => {
            links.push(SpawnLink {
                a,
                b,
                span: Span::default(),
            });
            links.sort_by_key(|l| (l.a.reading_order(), l.b.reading_order()));
        }
        (false, Some(index)) => {
            links.remove(index);
        }
        _ => {}
    }
    Ok(Edit::SpawnLink {
        page: page.id,
        a,
        b,
        present: was,
    })
}

/// Sets the starting Blip on an intersection.
fn apply_blip(
    page: &mut Page,
    point: Intersection,
    direction: Option<Direction>,
) -> Result<Edit, EditError> {
    point_on_page(page, point)?;
    let value = direction.map(|direction| StartingBlip {
        direction,
        span: Span::default(),
    });
    let old = set(&mut page.intersections.blips, point, value);
    Ok(Edit::Blip {
        page: page.id,
        point,
        direction: old.map(|b| b.direction),
    })
}

/// The edits of one user action on a pack.
pub type Transaction = crate::history::Transaction<Edit>;

/// Undo and redo of a pack's edits.
pub type History = crate::history::History<Edit>;

pub use crate::history::StrokeId;

impl crate::history::Edit for Edit {
    type Target = Pack;
    type Error = EditError;

    fn apply(self, pack: &mut Pack) -> Result<Self, EditError> {
        Edit::apply(self, pack)
    }
}

/// Calls `f` on every scan a step of `history` would lay under a page (as
/// its own edit, or inside a whole page it restores), so a scan renamed when
/// it is copied into the pack stays named the same by undo and redo.
pub fn for_each_background(history: &mut History, mut f: impl FnMut(PageId, &mut Background)) {
    for edit in history.edits_mut() {
        match edit {
            Edit::Background {
                page,
                background: Some(background),
            } => f(*page, background),
            Edit::Page {
                id,
                page: Some(page),
            } => {
                if let Some(background) = &mut page.background {
                    f(*id, background);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::lint_table::LintSettings;
    use deckplan_schema::{SourceFile, enormity::Size};
    use proptest::prelude::*;

    use super::*;

    const L1P1: PageId = PageId { book: 1, page: 1 };

    fn pack() -> Pack {
        let mut page = Page::new(
            L1P1,
            "SR",
            Size {
                columns: 6,
                rows: 4,
            },
        );
        page.set_kind(Space::new(0, 3), SpaceKind::OutOfBounds);
        Pack {
            name: "Test".into(),
            start: L1P1,
            start_span: Span::default(),
            books: BTreeMap::new(),
            locations: BTreeMap::new(),
            page_files: Vec::new(),
            pages: BTreeMap::from([(L1P1, page)]),
            joins: Vec::new(),
            lint: LintSettings::default(),
            source: SourceFile::new("pack.toml", String::new()),
        }
    }

    /// Every kind of edit, at a place chosen by proptest.
    fn any_edit() -> impl Strategy<Value = Edit> {
        let space = (0u16..6, 0u16..4).prop_map(|(c, r)| Space::new(c, r));
        let point = (0u16..7, 0u16..5).prop_map(|(x, y)| Intersection { x, y });
        let direction = prop_oneof![
            Just(Direction::North),
            Just(Direction::East),
            Just(Direction::South),
            Just(Direction::West)
        ];
        let edge = (space.clone(), direction.clone()).prop_map(|(s, d)| s.side(d));
        prop_oneof![
            (space.clone(), 0u8..3).prop_map(|(space, k)| Edit::SpaceKind {
                page: L1P1,
                space,
                kind: [
                    SpaceKind::Board,
                    SpaceKind::OutOfBounds,
                    SpaceKind::Obstacle
                ][usize::from(k)],
            }),
            (edge, 0u8..4).prop_map(|(edge, k)| Edit::Edge {
                page: L1P1,
                edge,
                kind: [
                    None,
                    Some(EdgeKind::Wall),
                    Some(EdgeKind::RedLine),
                    Some(EdgeKind::Door(1))
                ][usize::from(k)],
            }),
            (space.clone(), any::<bool>(), 0usize..7).prop_map(|(space, present, m)| {
                Edit::Marker {
                    page: L1P1,
                    marker: Marker::ALL[m],
                    space,
                    present,
                }
            }),
            (space.clone(), proptest::option::of(direction.clone())).prop_map(
                |(space, direction)| Edit::ForcedArrow {
                    page: L1P1,
                    space,
                    direction
                }
            ),
            (point.clone(), any::<bool>()).prop_map(|(point, present)| Edit::SpawnPoint {
                page: L1P1,
                point,
                present
            }),
            (point.clone(), point.clone(), any::<bool>()).prop_map(|(a, b, present)| {
                Edit::SpawnLink {
                    page: L1P1,
                    a,
                    b,
                    present,
                }
            }),
            (point, proptest::option::of(direction)).prop_map(|(point, direction)| Edit::Blip {
                page: L1P1,
                point,
                direction
            }),
            (space, proptest::option::of(Just(vec![1u16]))).prop_map(|(space, opens)| {
                Edit::Keycard {
                    page: L1P1,
                    space,
                    opens,
                }
            }),
        ]
    }

    fn pages(pack: &Pack) -> &BTreeMap<PageId, Page> {
        &pack.pages
    }

    proptest! {
        #[test]
        fn apply_then_undo_restores_the_pack(edits in proptest::collection::vec(any_edit(), 1..40)) {
            let mut pack = pack();
            let before = pages(&pack).clone();
            let mut history = History::new();
            for edit in edits {
                let mut step = Transaction::new("edit");
                step.edits.push(edit);
                history.apply(&mut pack, step).unwrap();
            }
            let after = pages(&pack).clone();
            while history.undo(&mut pack).unwrap().is_some() {}
            prop_assert_eq!(pages(&pack), &before);
            while history.redo(&mut pack).unwrap().is_some() {}
            prop_assert_eq!(pages(&pack), &after);
        }
    }

    /// The name of an edit's kind; exhaustive, so a new kind must be named
    /// here and then covered by `every_kind_of_edit_undoes`.
    fn kind(edit: &Edit) -> &'static str {
        match edit {
            Edit::SpaceKind { .. } => "SpaceKind",
            Edit::Edge { .. } => "Edge",
            Edit::Marker { .. } => "Marker",
            Edit::ForcedArrow { .. } => "ForcedArrow",
            Edit::LocationArrow { .. } => "LocationArrow",
            Edit::Console { .. } => "Console",
            Edit::Keycard { .. } => "Keycard",
            Edit::Discovery { .. } => "Discovery",
            Edit::Terrain { .. } => "Terrain",
            Edit::SpawnPoint { .. } => "SpawnPoint",
            Edit::SpawnLink { .. } => "SpawnLink",
            Edit::Blip { .. } => "Blip",
            Edit::Title { .. } => "Title",
            Edit::Location { .. } => "Location",
            Edit::Notes { .. } => "Notes",
            Edit::Background { .. } => "Background",
            Edit::Page { .. } => "Page",
            Edit::Joins { .. } => "Joins",
            Edit::PageFiles { .. } => "PageFiles",
            Edit::Book { .. } => "Book",
            Edit::LocationName { .. } => "LocationName",
            Edit::Start { .. } => "Start",
            Edit::PackName { .. } => "PackName",
        }
    }

    /// Everything an edit can change, for comparing packs (which have no `PartialEq`).
    fn state(pack: &Pack) -> impl PartialEq + std::fmt::Debug + use<> {
        (
            pack.name.clone(),
            pack.start,
            pack.books.clone(),
            pack.locations.clone(),
            pack.page_files.clone(),
            pack.pages.clone(),
            pack.joins.clone(),
        )
    }

    fn every_kind_of_edit() -> Vec<Edit> {
        use deckplan_schema::enormity::model::{Book, Location, Offset, PageFile};
        use deckplan_schema::enormity::{Background, PageEdge};
        let space = Space::new(1, 2);
        let point = Intersection { x: 2, y: 1 };
        let l1p2 = PageId { book: 1, page: 2 };
        let mut page = Page::new(
            l1p2,
            "SR",
            Size {
                columns: 3,
                rows: 3,
            },
        );
        page.title = Some("Second".into());
        vec![
            Edit::SpaceKind {
                page: L1P1,
                space,
                kind: SpaceKind::Obstacle,
            },
            Edit::Edge {
                page: L1P1,
                edge: space.side(Direction::East),
                kind: Some(EdgeKind::Door(4)),
            },
            Edit::Marker {
                page: L1P1,
                marker: Marker::Objective,
                space,
                present: true,
            },
            Edit::ForcedArrow {
                page: L1P1,
                space,
                direction: Some(Direction::West),
            },
            Edit::LocationArrow {
                page: L1P1,
                space: Space::new(5, 1),
                arrow: Some((Direction::East, l1p2)),
            },
            Edit::Console {
                page: L1P1,
                number: 3,
                console: Some(Console {
                    at: space,
                    opens: vec![4],
                    closes: vec![],
                    span: Span::default(),
                }),
            },
            Edit::Keycard {
                page: L1P1,
                space,
                opens: Some(vec![4]),
            },
            Edit::Discovery {
                page: L1P1,
                space,
                discovery: Some(Discovery::Numbered(9)),
            },
            Edit::Terrain {
                page: L1P1,
                tiles: vec![TerrainTile {
                    name: Some("Crates".into()),
                    spaces: vec![space, Space::new(2, 2)],
                    keywords: vec![deckplan_schema::enormity::model::Keyword::Cover],
                    span: Span::default(),
                }],
            },
            Edit::SpawnPoint {
                page: L1P1,
                point,
                present: true,
            },
            Edit::SpawnLink {
                page: L1P1,
                // In reading order (top line first), as links are kept.
                a: Intersection { x: 4, y: 3 },
                b: point,
                present: true,
            },
            Edit::Blip {
                page: L1P1,
                point,
                direction: Some(Direction::North),
            },
            Edit::Title {
                page: L1P1,
                title: Some("Renamed".into()),
            },
            Edit::Location {
                page: L1P1,
                designation: "AB".into(),
            },
            Edit::Notes {
                page: L1P1,
                notes: Some("A note\non two lines".into()),
            },
            Edit::Background {
                page: L1P1,
                background: Some(Background::new("scans/a.png")),
            },
            Edit::Page {
                id: l1p2,
                page: Some(Box::new(page)),
            },
            Edit::Joins {
                joins: vec![Join {
                    from: PageEdge {
                        page: L1P1,
                        side: Direction::East,
                    },
                    to: PageEdge {
                        page: l1p2,
                        side: Direction::West,
                    },
                    offset: Offset::spaces(1),
                    span: Span::default(),
                    from_span: Span::default(),
                    to_span: Span::default(),
                    offset_span: None,
                }],
            },
            Edit::PageFiles {
                files: vec![PageFile {
                    path: "book1/page2.toml".into(),
                    span: Span::default(),
                }],
            },
            Edit::Book {
                number: 2,
                book: Some(Book {
                    number: 2,
                    title: Some("Two".into()),
                    span: Span::default(),
                }),
            },
            Edit::LocationName {
                designation: "AB".into(),
                location: Some(Location {
                    designation: "AB".into(),
                    name: "Aft Bay".into(),
                    span: Span::default(),
                }),
            },
            Edit::Start { page: l1p2 },
            Edit::PackName {
                name: "Renamed pack".into(),
            },
        ]
    }

    #[test]
    fn every_kind_of_edit_undoes() {
        let edits = every_kind_of_edit();
        let kinds: std::collections::BTreeSet<&str> = edits.iter().map(kind).collect();
        assert_eq!(kinds.len(), 23, "one edit of each kind: {kinds:?}");
        let mut all = pack();
        let original = state(&all);
        let mut history = History::new();
        for edit in edits {
            // Each on its own: apply changes the pack, its inverse restores it exactly.
            let mut alone = pack();
            let before = state(&alone);
            let inverse = edit.clone().apply(&mut alone).unwrap();
            assert_ne!(state(&alone), before, "{} changed nothing", kind(&edit));
            let redo = inverse.apply(&mut alone).unwrap();
            assert_eq!(state(&alone), before, "{} did not undo", kind(&edit));
            assert_eq!(redo, edit, "{}: undoing the undo is the edit", kind(&edit));
            // And all in one history, undone at once.
            let mut step = Transaction::new(kind(&edit));
            step.edits.push(edit);
            history.apply(&mut all, step).unwrap();
        }
        let changed = state(&all);
        while history.undo(&mut all).unwrap().is_some() {}
        assert_eq!(state(&all), original);
        while history.redo(&mut all).unwrap().is_some() {}
        assert_eq!(state(&all), changed);
    }

    #[test]
    fn a_gesture_is_one_step_and_a_new_gesture_another() {
        let mut pack = pack();
        let before = state(&pack);
        let mut history = History::new();
        let paint = |col: u16| {
            let mut part = Transaction::new("Paint");
            part.edits.push(Edit::SpaceKind {
                page: L1P1,
                space: Space::new(col, 1),
                kind: SpaceKind::Obstacle,
            });
            part
        };
        for col in 0..3 {
            history
                .apply_stroke(&mut pack, StrokeId(1), paint(col))
                .unwrap();
        }
        history.close_stroke();
        history
            .apply_stroke(&mut pack, StrokeId(1), paint(4))
            .unwrap();
        assert_eq!(history.undo(&mut pack).unwrap().as_deref(), Some("Paint"));
        assert_eq!(
            pack.pages[&L1P1].kind(Space::new(2, 1)),
            Some(SpaceKind::Obstacle)
        );
        history.undo(&mut pack).unwrap();
        assert_eq!(state(&pack), before);
        assert_eq!(history.undo(&mut pack).unwrap(), None);
    }

    #[test]
    fn a_stroke_is_one_undo_step_and_dirtiness_follows_the_save() {
        let mut pack = pack();
        let mut history = History::new();
        assert!(!history.is_dirty());
        let mut stroke = Transaction::new("Paint wall");
        for col in 0..4 {
            stroke.edits.push(Edit::Edge {
                page: L1P1,
                edge: Space::new(col, 1).side(Direction::North),
                kind: Some(EdgeKind::Wall),
            });
        }
        history.apply(&mut pack, stroke).unwrap();
        assert_eq!(pack.pages[&L1P1].edges.len(), 4);
        assert!(history.is_dirty());
        history.mark_saved();
        assert!(!history.is_dirty());
        assert_eq!(
            history.undo(&mut pack).unwrap().as_deref(),
            Some("Paint wall")
        );
        assert!(pack.pages[&L1P1].edges.is_empty());
        assert!(history.is_dirty());
        history.redo(&mut pack).unwrap();
        assert!(!history.is_dirty());
    }

    #[test]
    fn a_failing_edit_leaves_the_pack_unchanged() {
        let mut pack = pack();
        let before = pack.pages.clone();
        let mut step = Transaction::new("Paint");
        step.edits.push(Edit::SpaceKind {
            page: L1P1,
            space: Space::new(1, 1),
            kind: SpaceKind::Obstacle,
        });
        step.edits.push(Edit::SpaceKind {
            page: L1P1,
            space: Space::new(9, 9),
            kind: SpaceKind::Obstacle,
        });
        let error = History::new().apply(&mut pack, step).unwrap_err();
        assert_eq!(error, EditError::OffPage("L1p1 J10".to_string()));
        assert_eq!(pack.pages, before);
    }
}
