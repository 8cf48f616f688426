//! The seam between the game-neutral toolkit and each game it knows.
//!
//! A game is a [`Ruleset`]: it reads its own files, builds its own graphs once
//! per pack, runs its own checks and draws its own boards. Everything around
//! that — finding the files a command names, diagnostics and their renderers,
//! lint levels, `explain`, writing pictures, the command line — is shared and
//! asks the ruleset through this trait. [`REGISTRY`](crate::REGISTRY), in
//! `games.rs`, holds every game, keyed by the name a pack gives in
//! `ruleset = "…"`; adding a game is one line there (see `docs/architecture.md`).

use std::path::Path;
use std::sync::Arc;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::sniff::{self, RulesetName};
use deckplan_schema::{FormatCode, FormatError, suggest};

use crate::check::CheckMeta;
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::lint::{LintOutcome, Noun};
use crate::lsp::support::{LanguageSupport, NoSupport};
use crate::reformat::Formatted;
use crate::targets::{Target, TargetError};
use crate::verb::GameVerb;

pub use crate::games::REGISTRY;

/// One game: everything the command line asks of it.
pub trait Ruleset: Sync {
    /// The name packs give in `ruleset = "…"`, e.g. `enormity`.
    fn name(&self) -> &'static str;

    /// The game's name in a sentence ("Enormity", "TI4").
    fn game(&self) -> &'static str;

    /// What the game's boards are, for help texts ("Enormity Location maps").
    fn title(&self) -> &'static str;

    /// What one board file is called in a count ("page", "galaxy").
    fn board(&self) -> Noun;

    /// Its checks, for `explain` and `docs/checks.md` (the shared format codes
    /// are listed once, not by each game).
    fn checks(&self) -> Vec<CheckMeta>;

    /// The families its check codes fall in, by their first letter
    /// (`('R', "Reachability")`), for `docs/checks.md`.
    fn families(&self) -> &'static [(char, &'static str)];

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

    /// Offers each board of a target that `diagnostics` point at, by name,
    /// to `each`, with a drawing of it with every problem marked and labelled
    /// with its code (`deckplan lint --annotate`). A board is drawn only when
    /// `each` calls the drawing, and one at a time, so a run that draws a few
    /// of many boards holds one scene, not all of them. Returns the problems
    /// that kept files from loading. A game that cannot mark problems offers
    /// nothing.
    fn annotate(
        &self,
        target: &Target,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        let _ = (target, diagnostics, each);
        Ok(Vec::new())
    }

    /// Reads and resolves a target's files as lint would, without building
    /// graphs or running checks: only the format errors, and how many boards
    /// loaded. The yardstick `bench/run` measures lint against.
    fn read_only(&self, target: &Target) -> Result<LintOutcome, TargetError>;

    /// The subcommands it answers (`reach`, `noise`, `export --tiled`, …),
    /// each with its own arguments.
    fn verbs(&self) -> Vec<GameVerb> {
        Vec::new()
    }

    /// What the language server (`deckplan lsp`) asks of it beyond lint:
    /// hover, definitions, symbols and the fixes it knows as text edits
    /// (see [`LanguageSupport`]). A game without its own offers the shared
    /// support only: diagnostics, the generic fixes, schema completion.
    fn language(&self) -> &'static dyn LanguageSupport {
        &NoSupport
    }
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
    /// Mark the squares outside a ship's hull (terminal drawings of games
    /// whose boards have them; the others refuse it).
    pub hull: bool,
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

/// Declares every game of the crate: its folder (`pub mod enormity;`) and its
/// ruleset in [`REGISTRY`]. Used once, in `games.rs`; `[default]` marks the
/// game whose files may name no ruleset.
#[macro_export]
macro_rules! register_rulesets {
    (@default) => { false };
    (@default $default:ident) => { true };
    ($($module:ident => $ruleset:path $([$default:ident])?),* $(,)?) => {
        $(pub mod $module;)*

        /// Every game deckplan knows, in the order `explain` lists them.
        pub static REGISTRY: $crate::ruleset::Registry = $crate::ruleset::Registry::new(&[
            $($crate::ruleset::Registered {
                ruleset: &$ruleset,
                default: $crate::register_rulesets!(@default $($default)?),
            }),*
        ]);
    };
}

/// A ruleset in [`REGISTRY`](crate::REGISTRY), and whether it reads a lone
/// file that names no `ruleset` (files that predate the key).
#[derive(Clone, Copy)]
pub struct Registered {
    /// The game.
    pub ruleset: &'static dyn Ruleset,
    /// Whether it reads files that name no ruleset; one game at most.
    pub default: bool,
}

/// A list of rulesets with distinct names, at most one of them the default.
#[derive(Clone, Copy)]
pub struct Registry(&'static [Registered]);

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

/// Why a list of rulesets is not a registry.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegistryError {
    /// Two rulesets registered under one name.
    #[error("two rulesets are registered as `{0}`")]
    Duplicate(&'static str),
    /// More than one ruleset reads files that name none.
    #[error("`{0}` and `{1}` are both registered as the default ruleset")]
    TwoDefaults(&'static str, &'static str),
}

impl Registry {
    /// A registry of `rulesets`, refused when two share a name (a pack could
    /// not say which it means) or two claim files that name none.
    pub const fn new(rulesets: &'static [Registered]) -> Self {
        Self(rulesets)
    }

    /// The registry, or why it is not one (checked by a test of every build).
    pub fn checked(self) -> Result<Self, RegistryError> {
        let mut seen = std::collections::BTreeSet::new();
        let mut default: Option<&'static str> = None;
        for registered in self.0 {
            let name = registered.ruleset.name();
            if !seen.insert(name) {
                return Err(RegistryError::Duplicate(name));
            }
            if registered.default {
                if let Some(first) = default {
                    return Err(RegistryError::TwoDefaults(first, name));
                }
                default = Some(name);
            }
        }
        Ok(self)
    }

    /// Every ruleset.
    pub fn all(&self) -> impl Iterator<Item = &'static dyn Ruleset> + use<> {
        self.0.iter().map(|registered| registered.ruleset)
    }

    /// The ruleset of files that name none.
    pub fn default_ruleset(&self) -> Option<&'static dyn Ruleset> {
        self.0.iter().find(|r| r.default).map(|r| r.ruleset)
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
    /// lone file, the file itself) names, else the default one. A name no ruleset
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
            return self.default_ruleset().ok_or(RulesetChoice::Empty);
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
#[allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::REGISTRY;

    #[test]
    fn the_registry_holds_each_name_once_and_one_default() {
        assert!(REGISTRY.checked().is_ok());
        assert!(REGISTRY.default_ruleset().is_some());
    }

    #[test]
    fn a_registry_with_two_rulesets_of_one_name_or_two_defaults_is_refused() {
        let first = REGISTRY.0.first().copied().unwrap();
        let twice: &'static [Registered] = Box::leak(Box::new([first, first]));
        assert_eq!(
            Registry::new(twice).checked().map(|_| ()),
            Err(RegistryError::Duplicate(first.ruleset.name()))
        );
        let defaults: Vec<Registered> = REGISTRY
            .0
            .iter()
            .map(|r| Registered {
                default: true,
                ..*r
            })
            .collect();
        let names: Vec<&str> = REGISTRY.names().collect();
        let defaults: &'static [Registered] = Box::leak(defaults.into_boxed_slice());
        assert_eq!(
            Registry::new(defaults).checked().map(|_| ()),
            Err(RegistryError::TwoDefaults(names[0], names[1]))
        );
    }
}
