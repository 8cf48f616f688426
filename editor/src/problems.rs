//! Live problems: the validator's findings on the document as it is being
//! edited, for any game.
//!
//! Checking takes longer than a frame on big boards, so it runs on a worker
//! thread: after every change the shell asks the open board for a
//! [`LintJob`] — a snapshot of the document and the game's own way of
//! checking it — and hands it over; the worker always runs the newest job it
//! has (older queued ones are skipped), and results for anything but the
//! newest job are dropped when they arrive. The UI never waits. The editor
//! has no rule logic of its own: every game's job asks its schema crate
//! (format) and its validator ruleset (checks).

use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use deckplan_schema::Place;
use deckplan_validator::diagnostic::{Diagnostic, Severity};

/// One problem, as the problems panel lists it and the board marks it.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// Stable code (`R001`, `F006`, `N002`).
    pub code: &'static str,
    /// Kebab-case name of the check.
    pub name: &'static str,
    /// What is wrong.
    pub message: String,
    /// How to fix it, when known.
    pub help: Option<String>,
    /// Where on the board, as the validator found it (printed `L1p2 H3`,
    /// `room cockpit`); the board jumps to it and marks it.
    pub place: Option<Place>,
    /// `file:line:col` in the file a save writes.
    pub location: String,
}

impl Problem {
    /// A diagnostic as the panel lists it.
    pub fn of(diagnostic: &Diagnostic) -> Self {
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
        Self {
            severity: diagnostic.severity,
            code: diagnostic.code,
            name: diagnostic.name,
            message: diagnostic.message.clone(),
            help: diagnostic.help.clone(),
            place: diagnostic.place,
            location,
        }
    }
}

/// Problems of diagnostics in the order the panel lists them: errors first,
/// then by `board` (a game's order of its boards, such as Enormity's pages),
/// file position and code; the same problem found twice is listed once.
pub fn listed<K: Ord>(diagnostics: &[Diagnostic], board: impl Fn(&Problem) -> K) -> Vec<Problem> {
    let mut problems: Vec<(K, Problem)> = diagnostics
        .iter()
        .map(Problem::of)
        .map(|p| (board(&p), p))
        .collect();
    problems.sort_by(|(ka, a), (kb, b)| {
        (a.severity, ka, &a.location, a.code).cmp(&(b.severity, kb, &b.location, b.code))
    });
    let mut problems: Vec<Problem> = problems.into_iter().map(|(_, p)| p).collect();
    problems.dedup();
    problems
}

/// Everything the checks said about one state of the document.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The problems, errors first, then by board and file position.
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

/// A check of one state of a document, made by its board: it owns a copy of
/// what it checks, so it runs on the worker while the document changes on.
pub type LintJob = Box<dyn FnOnce() -> Vec<Problem> + Send>;

struct Job {
    id: u64,
    run: LintJob,
}

/// Runs a job and times it.
fn report(run: LintJob) -> Report {
    let started = Instant::now();
    let problems = run();
    Report {
        problems,
        took: started.elapsed(),
    }
}

/// The background checker: hand it jobs, poll it for reports.
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

    /// Queues a check; reports for anything queued earlier will be dropped.
    pub fn submit(&mut self, run: LintJob) {
        self.sent += 1;
        let job = Job { id: self.sent, run };
        let returned = match &self.jobs {
            Some(jobs) => jobs.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        if let Some(job) = returned {
            // No worker (it could not start, or it died): check here, late but right.
            self.jobs = None;
            self.pending_inline = Some((self.sent, report(job.run)));
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
        let report = report(job.run);
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

    fn problem(code: &'static str) -> Problem {
        Problem {
            severity: Severity::Error,
            code,
            name: "test",
            message: code.to_string(),
            help: None,
            place: None,
            location: String::new(),
        }
    }

    #[test]
    fn the_worker_reports_only_the_newest_job() {
        let mut checker = Checker::new(|| {});
        checker.submit(Box::new(|| vec![problem("OLD")]));
        checker.submit(Box::new(|| vec![problem("NEW")]));
        let started = Instant::now();
        let report = loop {
            if let Some(report) = checker.poll() {
                break report;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "no report");
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(!checker.is_busy());
        assert_eq!(report.problems, vec![problem("NEW")]);
    }
}
