//! Suggested swaps searched on a worker thread: on a large galaxy the search
//! takes a good part of a second, so the window keeps drawing, shows how
//! many pairs are tried, and can stop it.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;

use deckplan_schema::ti4::catalogue::Catalogue;
use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_validator::ti4::balance::{self, Swap, Watch};

/// A search for swaps of one state of the galaxy.
pub struct SwapSearch {
    /// The document generation it searches.
    pub generation: u64,
    watch: Arc<Watch>,
    worker: Option<JoinHandle<Option<Vec<Swap>>>>,
}

impl SwapSearch {
    /// Starts searching a copy of the galaxy for at most `limit` swaps.
    pub fn start(
        generation: u64,
        galaxy: &GalaxyFile,
        catalogue: &Catalogue,
        limit: usize,
    ) -> Self {
        let watch = Arc::new(Watch::default());
        let (galaxy, catalogue, seen) = (galaxy.clone(), catalogue.clone(), Arc::clone(&watch));
        let worker = std::thread::Builder::new()
            .name("deckplan-swaps".to_string())
            .spawn(move || balance::suggest_swaps_watched(&galaxy, &catalogue, limit, &seen))
            .ok();
        Self {
            generation,
            watch,
            worker,
        }
    }

    /// Pairs tried so far, and in all (0 until they are chosen).
    pub fn progress(&self) -> (usize, usize) {
        (
            self.watch.tried.load(Ordering::Relaxed),
            self.watch.total.load(Ordering::Relaxed),
        )
    }

    /// Asks the worker to stop; it ends at its next pair.
    pub fn cancel(&self) {
        self.watch.cancel.store(true, Ordering::Relaxed);
    }

    /// The swaps, once the search has ended: `Some(None)` when it was
    /// stopped or could not run, `None` while it runs.
    pub fn finished(&mut self) -> Option<Option<Vec<Swap>>> {
        if self.worker.as_ref().is_some_and(|w| !w.is_finished()) {
            return None;
        }
        Some(self.worker.take().and_then(|w| w.join().ok()).flatten())
    }
}

impl Drop for SwapSearch {
    /// A search no one waits for any more is stopped, not left running.
    fn drop(&mut self) {
        self.cancel();
    }
}
