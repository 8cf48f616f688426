//! The registry of rulesets: every game by the name its packs give, and
//! which ruleset reads a target.

use std::sync::Arc;

use deckplan_schema::sniff::{self, RulesetName};
use deckplan_schema::sources::Sources;
use deckplan_schema::{FormatCode, FormatError, suggest};

use super::Ruleset;
use crate::diagnostic::Diagnostic;

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

/// A ruleset in [`REGISTRY`](crate::REGISTRY), and whether it reads a
/// file that names no `ruleset`.
#[derive(Clone, Copy)]
pub struct Registered {
    /// The game.
    pub ruleset: &'static dyn Ruleset,
    /// Whether it reads files that name no ruleset; one game at most. The
    /// format has one kind of file without a `ruleset` key, Enormity's page
    /// files (`docs/format.md`, "Packs"); this flag, set by `[default]` in
    /// the registry, is the one place code says which game reads a file
    /// that names none.
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
    /// lone file, the file itself) names, else the default one (see
    /// [`Registered::default`]). A name no ruleset has is an error pointing at
    /// it, with the known names and a suggestion.
    pub fn for_sources(&self, sources: &Sources) -> Result<&'static dyn Ruleset, RulesetChoice> {
        // A file that cannot be read is reported by the ruleset's own loader.
        let named = sources
            .top_file()
            .ok()
            .and_then(|read| sniff::ruleset_name(&read.source).map(|name| (read.source, name)));
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
