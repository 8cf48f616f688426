//! Which game a file is written for, read before the file is read as that
//! game's format: `ruleset = "…"` at the top of `pack.toml` (or of a lone
//! board file) picks the ruleset whose loader reads the rest.

use serde::Deserialize;
use toml::Spanned;

use crate::source::{SourceFile, Span};

/// The ruleset a file names, with where it names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetName {
    /// The name as written, e.g. `enormity`.
    pub name: String,
    /// The span of the quoted value.
    pub span: Span,
}

/// Only the key that picks the game; every other key is left to its loader.
#[derive(Deserialize)]
struct Sniff {
    ruleset: Option<Spanned<String>>,
}

/// The `ruleset` a TOML file names, or `None` when it names none or is not
/// TOML at all (the loader then reports the syntax error with its position).
pub fn ruleset_name(source: &SourceFile) -> Option<RulesetName> {
    let sniff: Sniff = toml::from_str(source.text()).ok()?;
    sniff.ruleset.map(|value| RulesetName {
        span: Span::from_range(value.span()),
        name: value.into_inner(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_ruleset_key_is_read_with_its_span() {
        let source = SourceFile::new("pack.toml", "format = 1\nruleset = \"ti4\"\n".to_string());
        let name = ruleset_name(&source).unwrap();
        assert_eq!(name.name, "ti4");
        assert_eq!(
            source
                .text()
                .get(name.span.start as usize..name.span.end as usize),
            Some("\"ti4\"")
        );
    }

    #[test]
    fn broken_toml_or_no_key_names_no_ruleset() {
        for text in ["ruleset = ", "format = 1\n", "ruleset = 3\n"] {
            let source = SourceFile::new("pack.toml", text.to_string());
            assert_eq!(ruleset_name(&source), None, "{text:?}");
        }
    }
}
