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

use deckplan_schema::coord::parse_side;
use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::write::{write_pack, write_page};
use deckplan_schema::{
    Edge, EdgeKind, FileError, Intersection, Pack, PageEdge, PageId, SourceFile, Space,
};
use deckplan_validator::diagnostic::{Diagnostic, Severity};
use deckplan_validator::lint::check_pack;

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
    /// The board place as the validator wrote it (`L1p2 H3`).
    pub place: Option<String>,
    /// The place read back into a position, for marking it on the map.
    pub mark: Option<Mark>,
    /// `file:line:col` in the file a save writes.
    pub location: String,
}

/// Where on a page a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
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
        let loaded = load::pack_file_from_source(&source);
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
        let loaded = load::page_from_source(&source);
        format_errors.extend(loaded.errors);
        if let Some(reread) = loaded.value {
            *page = reread;
        }
    }
    load::resolve_references(&checked, true, &mut format_errors);
    let format_clean = format_errors.is_empty();
    let mut diagnostics: Vec<Diagnostic> =
        format_errors.into_iter().map(Diagnostic::from).collect();
    // As `deckplan lint` does: rule checks on a pack with format errors would
    // mostly repeat them, so they run only on a clean one.
    diagnostics.extend(check_pack(&checked, format_clean));
    let mut problems: Vec<Problem> = diagnostics.iter().map(|d| problem(d, &checked)).collect();
    problems.sort_by(|a, b| {
        (a.severity, a.page, &a.location, a.code).cmp(&(b.severity, b.page, &b.location, b.code))
    });
    problems.dedup();
    Report {
        problems,
        took: started.elapsed(),
    }
}

fn problem(diagnostic: &Diagnostic, pack: &Pack) -> Problem {
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
        .as_deref()
        .and_then(|place| read_place(place, pack))
        .or_else(|| diagnostic.page.map(|_| Mark::Page));
    let page = diagnostic.page.or_else(|| {
        diagnostic
            .place
            .as_deref()
            .and_then(|p| p.split(' ').next())
            .and_then(|first| PageId::parse(first).ok())
    });
    Problem {
        severity: diagnostic.severity,
        code: diagnostic.code,
        name: diagnostic.name,
        message: diagnostic.message.clone(),
        help: diagnostic.help.clone(),
        page,
        place: diagnostic.place.clone(),
        mark,
        location,
    }
}

/// Reads a validator place back into a position: `L1p2 H3`, `L1p2 H3 north`,
/// `L1p2 H3 ne`, `L1p2 door 4 between …`, `L1p2 spawn link from A4 se to D6 ne`,
/// `L1p1 east / L1p2 west`. Anything else marks nothing (the problem is still listed).
pub fn read_place(place: &str, pack: &Pack) -> Option<Mark> {
    if let Some((from, to)) = place.split_once(" / ") {
        return Some(Mark::Join(
            PageEdge::parse(from).ok()?,
            PageEdge::parse(to).ok()?,
        ));
    }
    let (page, rest) = place.split_once(' ').unwrap_or((place, ""));
    let page = PageId::parse(page).ok()?;
    let rest = rest.trim();
    if rest.is_empty() {
        return Some(Mark::Page);
    }
    if let Some(door) = rest.strip_prefix("door ") {
        let number: u16 = door.split(' ').next()?.parse().ok()?;
        let edge = pack
            .pages
            .get(&page)?
            .edges
            .iter()
            .find_map(|(edge, f)| (f.kind == EdgeKind::Door(number)).then_some(*edge))?;
        return Some(Mark::Edge(edge));
    }
    if let Some(link) = rest.strip_prefix("spawn link from ") {
        let (a, b) = link.split_once(" to ")?;
        return Some(Mark::Link(
            Intersection::parse(a).ok()?,
            Intersection::parse(b).ok()?,
        ));
    }
    if let Ok(space) = Space::parse(rest) {
        return Some(Mark::Space(space));
    }
    if let Ok(point) = Intersection::parse(rest) {
        return Some(Mark::Intersection(point));
    }
    if let Ok((space, side)) = parse_side(rest) {
        return Some(Mark::Edge(space.side(side)));
    }
    // "L1p2 H3 …" with more words: the first word is still the space.
    rest.split(' ')
        .next()
        .and_then(|first| Space::parse(first).ok())
        .map(Mark::Space)
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::document::Document;
    use crate::testutil::testdata;

    #[test]
    fn places_read_back_into_marks() {
        let doc = Document::open(&testdata("demo-pack")).unwrap();
        let pack = &doc.pack;
        assert_eq!(
            read_place("L1p1 H3", pack),
            Some(Mark::Space(Space::parse("H3").unwrap()))
        );
        assert_eq!(
            read_place("L1p1 B2 east", pack),
            Some(Mark::Edge(
                Space::parse("B2")
                    .unwrap()
                    .side(deckplan_schema::Direction::East)
            ))
        );
        assert_eq!(
            read_place("L1p1 A4 se", pack),
            Some(Mark::Intersection(Intersection::parse("A4 se").unwrap()))
        );
        assert!(matches!(
            read_place("L1p1 east / L1p2 west", pack),
            Some(Mark::Join(..))
        ));
        assert_eq!(read_place("L1p1 ", pack), Some(Mark::Page));
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
        let free = Space::new(0, 0).side(deckplan_schema::Direction::North);
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
