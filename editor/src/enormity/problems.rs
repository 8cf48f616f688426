//! Live problems: the validator's findings on the pack as it is being edited.
//!
//! Checking a pack takes longer than a frame on big maps, so it runs on a
//! worker thread: the app hands over a copy of the pack after every change,
//! the worker always works on the newest copy it has (older queued ones are
//! skipped), and results for anything but the newest copy are dropped when
//! they arrive. The UI never waits.
//!
//! The worker checks what a save would write, not just the model in memory:
//! each page is written with the canonical writer and read back, so a problem
//! the loader would refuse (two doors with one number, a keycard that opens
//! nothing) shows up while drawing, with the line it will have in the file.
//! The editor has no rule logic of its own; everything here asks the schema
//! crate (format) or the validator (checks).

use std::time::Instant;

use deckplan_schema::enormity::write::{write_pack, write_page};
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::{
    FileError, SourceFile,
    enormity::{Edge, Intersection, LocationPlace, Pack, PageEdge, PageId, Space},
};
use deckplan_validator::diagnostic::Diagnostic;
use deckplan_validator::enormity::lint::check_pack;

use crate::problems::{LintJob, Problem, Report, listed};

/// What the map outlines for a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemMark {
    /// A space.
    Space(Space),
    /// An edge (a door, a wall).
    Edge(Edge),
    /// An intersection (a spawn point, a Blip).
    Intersection(Intersection),
    /// A spawn link between two intersections.
    Link(Intersection, Intersection),
    /// A join between two page edges (drawn in the layout view).
    Join(PageEdge, PageEdge),
    /// The whole page.
    Page,
}

/// The Location-map place of a problem, if it is on one.
fn location(problem: &Problem) -> Option<&LocationPlace> {
    problem.place.as_ref()?.get::<LocationPlace>()
}

/// What to outline on the map for a problem.
pub fn mark(problem: &Problem) -> Option<ProblemMark> {
    location(problem).map(ProblemMark::of)
}

/// The page a problem is on, if any.
pub fn page(problem: &Problem) -> Option<PageId> {
    location(problem).and_then(LocationPlace::page)
}

/// The check of a pack as it is now, to run on the problems worker.
pub fn lint_job(pack: &Pack, lone_page: bool) -> LintJob {
    let pack = Box::new(pack.clone());
    Box::new(move || check(&pack, lone_page).problems)
}

/// Checks a pack as it would be saved. `lone_page` packs have no `pack.toml`
/// of their own, so it is not written and checked.
pub fn check(pack: &Pack, lone_page: bool) -> Report {
    let started = Instant::now();
    let mut checked = pack.clone();
    let mut format_errors: Vec<FileError> = Vec::new();
    if !lone_page {
        let source = SourceFile::new(PACK_FILE, write_pack(pack));
        let loaded = deckplan_schema::enormity::load::pack_file_from_source(&source);
        format_errors.extend(loaded.errors);
        if let Some(reread) = loaded.value {
            checked = Pack {
                pages: std::mem::take(&mut checked.pages),
                ..reread
            };
        }
    }
    for page in checked.pages.values_mut() {
        let source = SourceFile::new(page.source.path(), write_page(page));
        let loaded = deckplan_schema::enormity::load::page_from_source(&source);
        format_errors.extend(loaded.errors);
        if let Some(reread) = loaded.value {
            *page = reread;
        }
    }
    deckplan_schema::enormity::load::resolve_references(&checked, true, &mut format_errors);
    let format_clean = format_errors.is_empty();
    let mut diagnostics: Vec<Diagnostic> =
        format_errors.into_iter().map(Diagnostic::from).collect();
    // As `deckplan lint` does: rule checks on a pack with format errors would
    // mostly repeat them, so they run only on a clean one.
    diagnostics.extend(check_pack(&checked, format_clean));
    let problems = listed(&diagnostics, page);
    Report {
        problems,
        took: started.elapsed(),
    }
}

impl ProblemMark {
    /// What to outline for a board place: a door its edge, a join both page edges.
    pub const fn of(place: &LocationPlace) -> Self {
        match *place {
            LocationPlace::Page(_) => Self::Page,
            LocationPlace::Space { space, .. } => Self::Space(space),
            LocationPlace::Edge { edge, .. } | LocationPlace::Door { edge, .. } => Self::Edge(edge),
            LocationPlace::Intersection { point, .. } => Self::Intersection(point),
            LocationPlace::SpawnLink { from, to, .. } => Self::Link(from, to),
            LocationPlace::Join { from, to } => Self::Join(from, to),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::enormity::EdgeKind;

    use super::*;
    use crate::enormity::document::Document;
    use crate::testutil::testdata;
    use deckplan_schema::Place;

    #[test]
    fn problems_are_marked_from_typed_places_whatever_their_message_says() {
        let doc = Document::open(&testdata("demo-pack")).unwrap();
        let report = check(&doc.pack, false);
        // The demo pack has a door nothing opens (R002).
        let door_problem = report
            .problems
            .iter()
            .find(|p| p.code == "R002")
            .unwrap_or_else(|| panic!("{:#?}", report.problems));
        let Some(Place::Enormity(LocationPlace::Door {
            page, number, edge, ..
        })) = door_problem.place
        else {
            panic!("R002 is placed on a door: {door_problem:#?}")
        };
        let on_map = doc.pack.pages[&page].edges[&edge].kind;
        assert_eq!(
            on_map,
            EdgeKind::Door(number),
            "the place is the door's own edge"
        );
        assert_eq!(mark(door_problem), Some(ProblemMark::Edge(edge)));
        // The highlight comes from the place, not the words: a reworded
        // message marks the same edge.
        let reworded = Diagnostic {
            message: "something else entirely".to_string(),
            ..diagnostic_for(door_problem)
        };
        assert_eq!(mark(&Problem::of(&reworded)), Some(ProblemMark::Edge(edge)));
    }

    fn diagnostic_for(problem: &Problem) -> Diagnostic {
        Diagnostic {
            code: problem.code,
            name: problem.name,
            severity: problem.severity,
            message: problem.message.clone(),
            file: SourceFile::new("book1/page1.toml", String::new()),
            span: None,
            place: problem.place,
            help: problem.help.clone(),
            labels: Vec::new(),
        }
    }

    #[test]
    fn every_kind_of_place_has_its_mark() {
        let page = PageId { book: 1, page: 1 };
        let h3 = Space::parse("H3").unwrap();
        let from = PageEdge::parse("L1p1 east").unwrap();
        let to = PageEdge::parse("L1p2 west").unwrap();
        let a = Intersection::parse("A4 se").unwrap();
        let b = Intersection::parse("D6 ne").unwrap();
        let north = h3.side(deckplan_schema::enormity::Direction::North);
        let cases = [
            (LocationPlace::Page(page), ProblemMark::Page),
            (LocationPlace::space(page, h3), ProblemMark::Space(h3)),
            (
                LocationPlace::Edge { page, edge: north },
                ProblemMark::Edge(north),
            ),
            (
                LocationPlace::Door {
                    page,
                    number: 2,
                    edge: north,
                    between: None,
                },
                ProblemMark::Edge(north),
            ),
            (
                LocationPlace::Intersection { page, point: a },
                ProblemMark::Intersection(a),
            ),
            (
                LocationPlace::SpawnLink {
                    page,
                    from: a,
                    to: b,
                },
                ProblemMark::Link(a, b),
            ),
            (
                LocationPlace::Join { from, to },
                ProblemMark::Join(from, to),
            ),
        ];
        for (place, mark) in cases {
            assert_eq!(ProblemMark::of(&place), mark, "{place}");
        }
    }

    #[test]
    fn a_duplicate_door_number_is_a_live_format_problem() {
        let mut doc = Document::open(&testdata("demo-pack")).unwrap();
        let id = PageId { book: 1, page: 1 };
        let before = check(&doc.pack, false);
        assert!(!before.problems.iter().any(|p| p.code == "F006"));
        let page = doc.pack.pages.get_mut(&id).unwrap();
        let door = *page
            .edges
            .iter()
            .find(|(_, f)| matches!(f.kind, EdgeKind::Door(_)))
            .unwrap()
            .1;
        let free = Space::new(0, 0).side(deckplan_schema::enormity::Direction::North);
        page.edges.insert(free, door);
        let report = check(&doc.pack, false);
        assert!(
            report.problems.iter().any(|p| p.code == "F006"),
            "{:#?}",
            report.problems
        );
    }

    #[test]
    fn the_bundled_pack_has_no_live_problems() {
        let pack = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps/derelict-meridian-tithe");
        let doc = Document::open(&pack).unwrap();
        let report = check(&doc.pack, false);
        assert_eq!(report.problems, Vec::new());
    }
}
