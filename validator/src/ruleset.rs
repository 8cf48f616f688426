//! The seam between the game-neutral toolkit and each game it knows.
//!
//! A game is a [`Ruleset`]: it reads its own files, builds its own graphs once
//! per pack, runs its own checks and draws its own boards. Everything around
//! that — finding the files a command names, diagnostics and their renderers,
//! lint levels, `explain`, writing pictures — is shared and asks the ruleset
//! through this trait. [`REGISTRY`] holds every game, keyed by the name a pack
//! gives in `ruleset = "…"`; adding a game is one line there (see
//! `docs/architecture.md`).

use std::path::Path;
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::sniff::{self, RulesetName};
use deckplan_schema::{FormatCode, FormatError, suggest};

use crate::battlestations::Battlestations;
use crate::check::CheckMeta;
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::enormity::Enormity;
use crate::lint::LintOutcome;
use crate::nemesis::Nemesis;
use crate::reformat::Formatted;
use crate::targets::{Target, TargetError};
use crate::ti4::Ti4;

/// One game: everything the command line asks of it.
pub trait Ruleset: Sync {
    /// The name packs give in `ruleset = "…"`, e.g. `enormity`.
    fn name(&self) -> &'static str;

    /// What the game's boards are, for help texts ("Enormity Location maps").
    fn title(&self) -> &'static str;

    /// Its checks, for `explain` and `docs/checks.md` (the shared format codes
    /// are listed once, not by each game).
    fn checks(&self) -> Vec<CheckMeta>;

    /// The JSON Schema of each kind of file it reads, by kind (`page`, `pack`).
    fn schemas(&self) -> Vec<FileSchema>;

    /// Loads a pack folder and checks it: format errors, then the rule checks
    /// on graphs built once for the whole pack.
    fn lint_pack(&self, dir: &Path) -> Result<LintOutcome, TargetError>;

    /// Loads one board file on its own, without its pack, and checks what can
    /// be checked of it alone.
    fn lint_file(&self, path: &Path) -> Result<LintOutcome, TargetError>;

    /// Every file of a pack in canonical form.
    fn format_pack(&self, dir: &Path) -> Result<Vec<Formatted>, TargetError>;

    /// One board file in canonical form.
    fn format_file(&self, path: &Path) -> Result<Formatted, TargetError>;

    /// Draws the boards a target holds in the terminal.
    fn show(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError>;

    /// Draws the boards a target holds as scenes, for PNG and SVG.
    fn render(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError>;
}

/// The JSON Schema of one kind of file.
#[derive(Clone, Debug)]
pub struct FileSchema {
    /// The kind, as `deckplan schema --kind` names it (`page`, `pack`).
    pub kind: &'static str,
    /// The schema document.
    pub schema: serde_json::Value,
}

/// What `show` and `render` draw, and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawRequest<'a> {
    /// Only this board of a pack (a page id such as `L1p2` in Enormity).
    pub only: Option<&'a str>,
    /// Every board of a pack in one picture, laid out as they join.
    pub layout: bool,
    /// A title above each board.
    pub title: bool,
    /// Coordinates in the margins.
    pub coordinates: bool,
    /// A legend of the symbols used.
    pub legend: bool,
    /// Colour (terminal drawings only).
    pub colour: bool,
}

/// Boards drawn for `show` or `render`.
#[derive(Debug, Default)]
pub struct Drawing<T> {
    /// Each board's name (`L1p2`, or the pack's name for a layout) and its drawing.
    pub boards: Vec<(String, T)>,
    /// Problems that kept files from loading; their boards are left out.
    pub problems: Vec<Diagnostic>,
}

/// Why a drawing cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DrawError {
    /// The files named could not be read.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// The request does not fit what was loaded (no such page, a layout of a lone page, …).
    #[error("{0}")]
    Refused(String),
}

/// Every game deckplan knows, in the order `explain` lists them.
pub static REGISTRY: Registry = Registry(&[&Enormity, &Nemesis, &Ti4, &Battlestations]);

/// The ruleset used for a lone file that names none: Enormity's page files
/// predate the seam and carry no `ruleset` key.
pub const DEFAULT: &str = "enormity";

/// A list of rulesets with distinct names.
#[derive(Clone, Copy)]
pub struct Registry(&'static [&'static dyn Ruleset]);

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Two rulesets registered under one name.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("two rulesets are registered as `{0}`")]
pub struct DuplicateRuleset(pub &'static str);

impl Registry {
    /// A registry of `rulesets`, refused when two share a name (a pack could
    /// not say which it means).
    pub fn new(rulesets: &'static [&'static dyn Ruleset]) -> Result<Self, DuplicateRuleset> {
        let mut seen = std::collections::BTreeSet::new();
        for ruleset in rulesets {
            if !seen.insert(ruleset.name()) {
                return Err(DuplicateRuleset(ruleset.name()));
            }
        }
        Ok(Self(rulesets))
    }

    /// Every ruleset.
    pub fn all(&self) -> impl Iterator<Item = &'static dyn Ruleset> + use<> {
        self.0.iter().copied()
    }

    /// Every ruleset's name.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.all().map(|r| r.name())
    }

    /// The ruleset of this name.
    pub fn get(&self, name: &str) -> Option<&'static dyn Ruleset> {
        self.all().find(|r| r.name() == name)
    }

    /// The ruleset a target is written for: the one its `pack.toml` (or, for a
    /// lone file, the file itself) names, else [`DEFAULT`]. A name no ruleset
    /// has is an error pointing at it, with the known names and a suggestion.
    pub fn for_target(&self, target: &Target) -> Result<&'static dyn Ruleset, RulesetChoice> {
        let file = match target {
            Target::Pack(dir) => dir.join(PACK_FILE),
            Target::Page(path) => path.clone(),
        };
        let display = crate::targets::relative_to_cwd(&file);
        // A file that cannot be read is reported by the ruleset's own loader;
        // a pack's `pack.toml` is read only inside the pack.
        let read = match target {
            Target::Pack(dir) => load::read_pack_source(dir, &file, &display).map(|(_, s)| s),
            Target::Page(_) => load::read_source(&file, &display),
        };
        let named = read
            .ok()
            .and_then(|source| sniff::ruleset_name(&source).map(|name| (source, name)));
        let Some((source, RulesetName { name, span })) = named else {
            return self.get(DEFAULT).ok_or(RulesetChoice::Empty);
        };
        self.get(&name).ok_or_else(|| {
            let error = FormatError::new(
                FormatCode::InvalidValue,
                format!("unknown ruleset `{name}`; deckplan knows {}", self.listed()),
                Some(span),
            )
            .with_optional_help(
                suggest::closest(&name, self.names()).map(|b| format!("did you mean `{b}`?")),
            );
            RulesetChoice::Unknown(Box::new(Diagnostic::from(deckplan_schema::FileError {
                source: Arc::clone(&source),
                error,
            })))
        })
    }

    /// The names in a sentence: `` `enormity` ``, `` `enormity` and `ti4` ``.
    pub fn listed(&self) -> String {
        let names: Vec<String> = self.names().map(|n| format!("`{n}`")).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            Some((last, _)) => last.clone(),
            None => "no rulesets".to_string(),
        }
    }
}

/// Why no ruleset can read a target.
#[derive(Debug)]
pub enum RulesetChoice {
    /// The file names a ruleset deckplan does not know (the diagnostic says which it knows).
    Unknown(Box<Diagnostic>),
    /// No rulesets are registered at all.
    Empty,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_holds_each_name_once() {
        let names: Vec<&str> = REGISTRY.names().collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{names:?}");
        assert!(Registry::new(REGISTRY.0).is_ok());
    }

    #[test]
    fn a_registry_with_two_rulesets_of_one_name_is_refused() {
        static TWICE: [&dyn Ruleset; 2] = [&Enormity, &Enormity];
        assert_eq!(
            Registry::new(&TWICE).map(|_| ()),
            Err(DuplicateRuleset("enormity"))
        );
    }

    #[test]
    fn the_default_ruleset_is_registered() {
        assert_eq!(REGISTRY.get(DEFAULT).map(|r| r.name()), Some(DEFAULT));
    }
}
