//! Which game opens a path: the validator's ruleset registry reads the
//! `ruleset` a pack (or lone file) names, and the editor's registry
//! (`games.rs`) gives that game's board. A game the editor cannot edit yet
//! opens read-only; a ruleset nobody knows is a clear message naming the
//! known ones, never a list of another game's keys.

use std::path::Path;

use deckplan_validator::diagnostic::{Diagnostic, Severity};
use deckplan_validator::ruleset::{REGISTRY, RulesetChoice};
use deckplan_validator::targets;

use crate::board::Board;
use crate::files::LoadFailure;
use crate::games::GAMES;
use crate::recovery::Found;

/// Opens a pack folder, its `pack.toml`, or a lone board file with the
/// board of the game it names.
pub fn open(path: &Path) -> Result<Box<dyn Board>, LoadFailure> {
    if let Err(error) = path.canonicalize() {
        return Err(LoadFailure::new(
            path,
            vec![format!("{}: {error}", path.display())],
        ));
    }
    let ruleset = REGISTRY
        .for_sources(&targets::sources_of(path))
        .map_err(|choice| LoadFailure::new(path, refusal(choice)))?;
    match GAMES.get(ruleset.name()) {
        Some(game) => game.open(path),
        None => crate::readonly::open(ruleset, path),
    }
}

/// Reopens an autosave with the game that wrote it.
pub fn recover(found: &Found) -> Result<Box<dyn Board>, LoadFailure> {
    let Some((source, _)) = found.source() else {
        return Err(found.incomplete());
    };
    let ruleset = match &found.manifest.ruleset {
        Some(name) => REGISTRY.get(name).ok_or_else(|| {
            LoadFailure::new(
                &found.slot,
                vec![format!(
                    "the autosave is of the ruleset `{name}`; deckplan knows {}",
                    REGISTRY.listed()
                )],
            )
        })?,
        None => REGISTRY
            .for_sources(&targets::sources_of(&source))
            .map_err(|choice| LoadFailure::new(&source, refusal(choice)))?,
    };
    match GAMES.get(ruleset.name()) {
        Some(game) => game.recover(found),
        None => Err(LoadFailure::new(
            &found.slot,
            vec![format!(
                "{} boards cannot be edited yet, so there is no unsaved work to recover",
                ruleset.game()
            )],
        )),
    }
}

/// The ruleset of files that name none: the New dialog starts with it.
pub fn default_ruleset() -> &'static str {
    REGISTRY.default_ruleset().map_or("", |r| r.name())
}

/// Why no game opens a target, in the words `deckplan lint` would use.
fn refusal(choice: RulesetChoice) -> Vec<String> {
    match choice {
        RulesetChoice::Unknown(diagnostic) => vec![diagnostic_text(&diagnostic)],
        RulesetChoice::Empty => vec!["this build of deckplan knows no games".to_string()],
    }
}

/// A diagnostic as one message: `path:line:col: error[CODE]: message`, and its help.
pub fn diagnostic_text(diagnostic: &Diagnostic) -> String {
    let at = diagnostic.line_col();
    let severity = match diagnostic.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut text = format!(
        "{}:{}:{}: {severity}[{}]: {}",
        diagnostic.file.path().display(),
        at.line,
        at.column,
        diagnostic.code,
        diagnostic.message
    );
    if let Some(help) = &diagnostic.help {
        text.push_str("\n    help: ");
        text.push_str(help);
    }
    text
}
