//! The seam between the game-neutral toolkit and each game it knows.
//!
//! A game is a [`Ruleset`]: it reads its own files, builds its own graphs once
//! per pack, runs its own checks and draws its own boards. Everything around
//! that — finding the files a command names, diagnostics and their renderers,
//! lint levels, `explain`, writing pictures, the command line — is shared and
//! asks the ruleset through this trait. [`REGISTRY`](crate::REGISTRY), in
//! `games.rs`, holds every game, keyed by the name a pack gives in
//! `ruleset = "…"`; adding a game is one line there (see `docs/architecture.md`).
//!
//! A ruleset reads nothing but the [`Sources`] it is given: a target's file
//! texts, from disk (the command line), from an editor's open buffers (the
//! language server) or from a document in memory (the desktop editor). So
//! every caller reaches the same findings by the same call. The seam's own
//! types — what a lint found ([`LintOutcome`]), what `fmt` made of a file
//! ([`Formatted`]), what `show` and `render` ask and get ([`DrawRequest`],
//! [`DrawOptions`], [`Drawing`]), the registry — live here, beside the trait.

mod drawing;
mod formatted;
mod outcome;
mod registry;

use deckplan_schema::sources::Sources;

pub use self::drawing::{DrawCommand, DrawError, DrawOptions, DrawRequest, Drawing, NoOptions};
pub use self::formatted::Formatted;
pub use self::outcome::{Figure, LintOutcome, Noun, Tally};
pub use self::registry::{Registered, Registry, RegistryError, RulesetChoice};
use crate::check::{CheckMeta, Retired};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::lsp::support::{LanguageSupport, NoSupport};
use crate::targets::TargetError;
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

    /// The codes its checks gave once and give no more (never given again).
    fn retired(&self) -> &'static [Retired] {
        &[]
    }

    /// The families its check codes fall in, by their first letter
    /// (`('R', "Reachability")`), for `docs/checks.md`.
    fn families(&self) -> &'static [(char, &'static str)];

    /// The JSON Schema of each kind of file it reads, by kind (`page`, `pack`).
    fn schemas(&self) -> Vec<FileSchema>;

    /// Reads a target's files and checks them: format errors, then the rule
    /// checks on graphs built once for the whole pack. A board file on its
    /// own, without its pack, gets what can be checked of it alone.
    fn lint(&self, sources: &Sources) -> Result<LintOutcome, TargetError>;

    /// Every file of a target in canonical form: a pack's `pack.toml` and
    /// the files it names, or the lone file.
    fn format(&self, sources: &Sources) -> Result<Vec<Formatted>, TargetError>;

    /// Its own options of `show` and `render`, beside the shared ones of
    /// [`DrawRequest`]; it reads them back from the request with
    /// [`DrawRequest::options`]. By default none.
    fn draw_options(&self) -> DrawOptions {
        DrawOptions::NONE
    }

    /// Draws the boards a target holds in the terminal.
    fn show(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError>;

    /// Draws the boards a target holds as scenes, for PNG and SVG.
    fn render(
        &self,
        sources: &Sources,
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
        sources: &Sources,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        let _ = (sources, diagnostics, each);
        Ok(Vec::new())
    }

    /// Reads and resolves a target's files as lint would, without building
    /// graphs or running checks: only the format errors, and how many boards
    /// loaded. The yardstick `bench/run` measures lint against.
    fn read_only(&self, sources: &Sources) -> Result<LintOutcome, TargetError>;

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
