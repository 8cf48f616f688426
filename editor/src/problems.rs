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

use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use deckplan_schema::enormity::write::{write_pack, write_page};
use deckplan_schema::load::PACK_FILE;
use deckplan_schema::{
    FileError, Place, SourceFile,
    enormity::{Edge, Intersection, LocationPlace, Pack, PageEdge, PageId, Space},
};
use deckplan_validator::diagnostic::{Diagnostic, Severity};
use deckplan_validator::enormity::lint::check_pack;

/// One problem, as the problems panel lists it and the map marks it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// Stable code (`R001`, `F006`).
    pub code: &'static str,
    /// Kebab-case name of the check.
    pub name: &'static str,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when known.
    pub help: Option<String>,
    /// The page it is on.
    pub page: Option<PageId>,
    /// Where on the board, as the validator found it (printed `L1p2 H3`).
    pub place: Option<Place>,
    /// What to outline on the map for it.
    pub mark: Option<ProblemMark>,
    /// `file:line:col` in the file a save writes.
    pub location: String,
}

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

/// Everything the checks said about one state of the pack.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The problems, errors first, then by page and file position.
    pub problems: Vec<Problem>,
    /// How long checking took.
    pub took: Duration,
}

impl Report {
    /// How many problems have this severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == severity)
            .count()
    }
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
    let mut problems: Vec<Problem> = diagnostics.iter().map(problem).collect();
    problems.sort_by(|a, b| {
        (a.severity, a.page, &a.location, a.code).cmp(&(b.severity, b.page, &b.location, b.code))
    });
    problems.dedup();
    Report {
        problems,
        took: started.elapsed(),
    }
}

fn problem(diagnostic: &Diagnostic) -> Problem {
    let at = diagnostic.line_col();
    let location = match diagnostic.span {
        Some(_) => format!(
            "{}:{}:{}",
            diagnostic.file.path().display(),
            at.line,
            at.column
        ),
        None => diagnostic.file.path().display().to_string(),
    };
    let mark = diagnostic
        .place
        .as_ref()
        .and_then(Place::get::<LocationPlace>)
        .map(ProblemMark::of);
    let page = mark_page(diagnostic);
    Problem {
        severity: diagnostic.severity,
        code: diagnostic.code,
        name: diagnostic.name,
        message: diagnostic.message.clone(),
        help: diagnostic.help.clone(),
        page,
        place: diagnostic.place,
        mark,
        location,
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

struct Job {
    id: u64,
    pack: Box<Pack>,
    lone_page: bool,
}

/// The background checker: hand it packs, poll it for reports.
pub struct Checker {
    jobs: Option<Sender<Job>>,
    results: Receiver<(u64, Report)>,
    /// Id of the newest job handed over.
    sent: u64,
    /// Id of the newest report received.
    received: u64,
    /// A report made on the UI thread because the worker is gone.
    pending_inline: Option<(u64, Report)>,
}

impl Checker {
    /// Starts the worker thread. `wake` is called when a report is ready
    /// (the app passes a repaint request, so the report shows without input).
    pub fn new(wake: impl Fn() + Send + 'static) -> Self {
        let (job_tx, job_rx) = std::sync::mpsc::channel::<Job>();
        let (result_tx, result_rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("deckplan-problems".into())
            .spawn(move || worker(&job_rx, &result_tx, &wake));
        Self {
            jobs: spawned.is_ok().then_some(job_tx),
            results: result_rx,
            sent: 0,
            received: 0,
            pending_inline: None,
        }
    }

    /// Queues a check of `pack`; reports for anything queued earlier will be dropped.
    pub fn submit(&mut self, pack: &Pack, lone_page: bool) {
        self.sent += 1;
        let job = Job {
            id: self.sent,
            pack: Box::new(pack.clone()),
            lone_page,
        };
        let delivered = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(job).is_ok());
        if !delivered {
            // No worker (it could not start, or it died): check here, late but right.
            let report = check(pack, lone_page);
            self.jobs = None;
            self.pending_inline = Some((self.sent, report));
        }
    }

    /// The newest report, if one arrived for the newest job since the last poll.
    pub fn poll(&mut self) -> Option<Report> {
        let mut newest = self.pending_inline.take();
        while let Ok(result) = self.results.try_recv() {
            newest = Some(result);
        }
        let (id, report) = newest?;
        self.received = self.received.max(id);
        (id == self.sent).then_some(report)
    }

    /// Whether a check of the newest state is still running.
    pub fn is_busy(&self) -> bool {
        self.received < self.sent
    }
}

fn worker(jobs: &Receiver<Job>, results: &Sender<(u64, Report)>, wake: &dyn Fn()) {
    while let Ok(mut job) = jobs.recv() {
        // Skip to the newest queued state: the older ones are already stale.
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let report = check(&job.pack, job.lone_page);
        if results.send((job.id, report)).is_err() {
            return;
        }
        wake();
    }
}

/// The Location-map page a diagnostic's place is on, if any.
fn mark_page(diagnostic: &Diagnostic) -> Option<PageId> {
    diagnostic
        .place
        .as_ref()
        .and_then(Place::get::<LocationPlace>)
        .and_then(LocationPlace::page)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::enormity::EdgeKind;

    use super::*;
    use crate::document::Document;
    use crate::testutil::testdata;

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
        let Some(Place::Location(LocationPlace::Door {
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
        assert_eq!(door_problem.mark, Some(ProblemMark::Edge(edge)));
        // The highlight comes from the place, not the words: a reworded
        // message marks the same edge.
        let reworded = Diagnostic {
            message: "something else entirely".to_string(),
            ..diagnostic_for(door_problem)
        };
        assert_eq!(problem(&reworded).mark, Some(ProblemMark::Edge(edge)));
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

    #[test]
    fn the_worker_reports_only_the_newest_state() {
        let doc = Document::open(&testdata("demo-pack")).unwrap();
        let mut checker = Checker::new(|| {});
        checker.submit(&doc.pack, false);
        checker.submit(&doc.pack, false);
        let started = Instant::now();
        let report = loop {
            if let Some(report) = checker.poll() {
                break report;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "no report");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(!checker.is_busy());
        assert_eq!(report.problems, check(&doc.pack, false).problems);
    }
}
