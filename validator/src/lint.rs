//! Linting: every target a command names, each through its ruleset, with
//! the diagnostics in one deterministic order.
//!
//! [`lint_sources`] is the one road from a target's texts to its findings:
//! the command line reads the texts from disk, the language server from the
//! buffers an editor has open, the desktop editor from its documents, and
//! all three call it. The library reports progress through the [`Progress`]
//! trait and never touches the terminal; the CLI decides whether to draw a
//! bar.

use std::path::PathBuf;

use deckplan_schema::sources::{Sources, Target};
use rayon::prelude::*;

use crate::diagnostic::Diagnostic;
use crate::ruleset::{LintOutcome, Noun, REGISTRY, RulesetChoice};
use crate::targets::{self, TargetError};

/// Hears how far a lint run has got, one step per target (a pack, with all
/// its pages, or a lone page file).
pub trait Progress: Send {
    /// The run has found `targets` things to lint.
    fn start(&mut self, targets: usize) {
        let _ = targets;
    }
    /// One target is done.
    fn advance(&mut self, target: &Target) {
        let _ = target;
    }
    /// Every target is done (also called when the run stops on an I/O error).
    fn finish(&mut self) {}
}

/// Progress that nobody watches.
impl Progress for () {}

/// Lints files, pack folders and folders of packs.
pub fn lint_paths(paths: &[PathBuf]) -> Result<LintOutcome, TargetError> {
    lint_paths_with_progress(paths, &mut ())
}

/// [`lint_paths`], telling `progress` as each target is done. Targets are
/// read from disk and checked in parallel; the output order does not depend
/// on which finishes first.
pub fn lint_paths_with_progress(
    paths: &[PathBuf],
    progress: &mut dyn Progress,
) -> Result<LintOutcome, TargetError> {
    let targets = targets::collect(paths)?;
    progress.start(targets.len());
    let shared = std::sync::Mutex::new(&mut *progress);
    let results: Vec<Result<LintOutcome, TargetError>> = targets
        .par_iter()
        .map(|target| {
            let result = lint_target(&Sources::disk(target.clone()));
            if let Ok(mut progress) = shared.lock() {
                progress.advance(target);
            }
            result
        })
        .collect();
    progress.finish();
    let mut outcome = LintOutcome::default();
    for result in results {
        outcome.merge(result?);
    }
    // Kinds of board in the order their games are registered, not the order
    // the packs happened to be found in.
    let rank = |noun: &Noun| {
        REGISTRY
            .all()
            .position(|ruleset| ruleset.board() == *noun)
            .unwrap_or(usize::MAX)
    };
    outcome.tally.sort_by_key(|tally| rank(&tally.noun));
    outcome.diagnostics.sort_by_cached_key(Diagnostic::sort_key);
    Ok(outcome)
}

/// Lints one target's texts with the ruleset they are written for: every
/// finding, in order, and what was checked.
pub fn lint_sources(sources: &Sources) -> Result<LintOutcome, TargetError> {
    let mut outcome = lint_target(sources)?;
    outcome.diagnostics.sort_by_cached_key(Diagnostic::sort_key);
    Ok(outcome)
}

/// Lints one target with the ruleset it is written for, its boards tallied
/// as that game calls them.
fn lint_target(sources: &Sources) -> Result<LintOutcome, TargetError> {
    let target = sources.target();
    let ruleset = match REGISTRY.for_sources(sources) {
        Ok(ruleset) => ruleset,
        Err(RulesetChoice::Unknown(diagnostic)) => {
            let outcome = LintOutcome {
                diagnostics: vec![*diagnostic],
                packs: usize::from(target.is_pack()),
                boards: usize::from(!target.is_pack()),
                alone: usize::from(!target.is_pack()),
                ..LintOutcome::default()
            };
            return Ok(outcome.tallied(Noun::BOARD));
        }
        Err(RulesetChoice::Empty) => return Ok(LintOutcome::default()),
    };
    let mut outcome = ruleset.lint(sources)?;
    if let Target::File(_) = target {
        outcome.alone = outcome.boards;
    }
    Ok(outcome.tallied(ruleset.board()))
}
