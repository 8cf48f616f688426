//! Limits on input size, so hostile or broken files fail with a clear
//! error instead of exhausting memory or time.
//!
//! The limits every game shares live here: file size, text length, errors
//! per file, findings per check, the pictures. Each game's own (a page's
//! side, a ship's modules) live in its folder, `<game>/limits.rs`, declared
//! with `declare_limits!` like these, so [`every`] walks them all and
//! `docs/robustness.md`, which lists every limit with the error it gives, is
//! checked against them.
//!
//! A game may let a run change some of its limits ([`Settable`], listed in
//! its `SETTABLE`; the command line gives each a flag such as
//! `--max-pages`), so a benchmark or a trusted pipeline can check boards
//! larger than the defaults allow. The defaults stay what protects CI from
//! hostile input, and nothing in a file can change them.

use std::collections::BTreeMap;
use std::sync::{PoisonError, RwLock};

/// One limit as its documentation lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limit {
    /// The constant's name (`MAX_FILE_BYTES`).
    pub name: &'static str,
    /// Its value, as a number (every limit is exact in an `f64`).
    pub value: f64,
}

/// The limits of one game's folder.
#[derive(Clone, Copy, Debug)]
pub struct GameLimits {
    /// The game's folder (`enormity`).
    pub game: &'static str,
    /// Every limit its `limits.rs` declares.
    pub limits: &'static [Limit],
    /// The limits a run may change.
    pub settable: &'static [Settable],
}

/// Declares limits as public constants, each with its doc comment, and
/// lists them all in `LIMITS`: a limit declared here is one the
/// documentation's test sees.
macro_rules! declare_limits {
    ($($(#[doc = $doc:literal])* pub const $name:ident: $ty:ty = $value:expr;)*) => {
        $($(#[doc = $doc])* pub const $name: $ty = $value;)*

        /// Every limit declared in this file, by name, with its value.
        #[allow(clippy::unnecessary_cast)]
        pub const LIMITS: &[$crate::limits::Limit] = &[
            $($crate::limits::Limit { name: stringify!($name), value: $name as f64 },)*
        ];
    };
}
pub(crate) use declare_limits;

declare_limits! {
    /// Largest board file or `pack.toml` read, in bytes; checked before reading.
    pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

    /// Longest free text (names, titles, notes, lint reasons), in characters.
    pub const MAX_TEXT_CHARS: usize = 4096;

    /// Deepest nesting of lists and inline tables read in a TOML file, as
    /// `toml` allows: the parser recurses once for each level.
    pub const MAX_NESTING: u32 = 80;

    /// Most format errors reported for one file; the rest are counted in one
    /// closing "and N more" error.
    pub const MAX_ERRORS_PER_FILE: usize = 200;

    /// Most findings reported by one check on one pack; the rest are counted in
    /// one closing "and N more" finding.
    pub const MAX_FINDINGS_PER_CHECK: usize = 200;

    /// Longest stretch of a source line quoted under a diagnostic, in characters;
    /// longer lines are cut around the caret with `…`.
    pub const MAX_EXCERPT_CHARS: usize = 120;

    /// Longest word, and longest candidate, compared for a "did you mean"
    /// suggestion, in characters: comparing costs the product of the lengths.
    pub const MAX_SUGGEST_CHARS: usize = 64;

    /// Fewest pixels per space in a PNG picture (`--dpi` × `--space-size`):
    /// below that nothing on the board can be told apart.
    pub const MIN_PIXELS_PER_SPACE: f64 = 4.0;

    /// Most pixels in one PNG picture (`render`, `lint --annotate`): 600 MB of
    /// pixels at four bytes each.
    pub const MAX_PICTURE_PIXELS: u64 = 150_000_000;

    /// Most shapes and letters (each its own outline) in one SVG picture
    /// (`render -o x.svg`): a 500 × 500 page has about 500,000 shapes.
    pub const MAX_SVG_ELEMENTS: usize = 1_000_000;

    /// Largest SVG picture written, in bytes: a 500 × 500 page takes about 57 MB.
    pub const MAX_SVG_BYTES: u64 = 128 * 1024 * 1024;

    /// Most pictures `lint --annotate` writes in one run: a reviewer's artifact,
    /// whatever the number of packs and boards with problems.
    pub const MAX_ANNOTATED_PICTURES: usize = 50;

    /// Most pixels of all the pictures `lint --annotate` writes in one run (each
    /// picture stays within [`MAX_PICTURE_PIXELS`]): about 100,000 spaces.
    pub const MAX_ANNOTATED_PIXELS: u64 = 400_000_000;

    /// Most bytes of PNG `lint --annotate` writes in one run; the picture that
    /// passes it is the last.
    pub const MAX_ANNOTATED_BYTES: u64 = 64 * 1024 * 1024;
}

/// Every game's limits, in registry order.
pub fn games() -> &'static [GameLimits] {
    crate::games::GAME_LIMITS
}

/// Every limit: the shared ones (no game), then each game's.
pub fn every() -> impl Iterator<Item = (Option<&'static str>, &'static Limit)> {
    let shared = LIMITS.iter().map(|limit| (None, limit));
    let games = games()
        .iter()
        .flat_map(|game| game.limits.iter().map(|limit| (Some(game.game), limit)));
    shared.chain(games)
}

/// A limit a run may change (`--max-pages N` on the command line). Each is
/// named by its flag, which is unique among every game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settable {
    /// The command line's flag, without its dashes (`max-pages`).
    pub flag: &'static str,
    /// What it bounds, for `--help` ("Most pages one pack may list").
    pub help: &'static str,
    /// The limit unless a run sets another: its constant.
    pub default: u64,
    /// The largest value the limit can hold.
    pub most: u64,
}

/// The values runs set, by flag; a limit not here is at its default.
static SET: RwLock<BTreeMap<&'static str, u64>> = RwLock::new(BTreeMap::new());

impl Settable {
    /// The limit in force: the value this process set, else the default.
    pub fn get(&self) -> u64 {
        let set = SET.read().unwrap_or_else(PoisonError::into_inner);
        set.get(self.flag).copied().unwrap_or(self.default)
    }
}

/// Every limit a run may change, of every game.
pub fn settable() -> impl Iterator<Item = &'static Settable> {
    games().iter().flat_map(|game| game.settable.iter())
}

/// Puts limits in force, by flag, for every load of this process from now
/// on (each at most its [`Settable::most`]). Meant to be called once, before
/// anything is read (the command line does it from its flags); the limits
/// are process-wide, like the memory they protect.
pub fn set(values: impl IntoIterator<Item = (&'static str, u64)>) {
    let mut set = SET.write().unwrap_or_else(PoisonError::into_inner);
    for (flag, value) in values {
        if let Some(limit) = settable().find(|limit| limit.flag == flag) {
            set.insert(limit.flag, value.min(limit.most));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn every_game_declares_its_limits_and_no_two_share_a_name_or_flag() {
        let mut names = BTreeSet::new();
        for (game, limit) in every() {
            assert!(
                names.insert((game, limit.name)),
                "{game:?} declares {} twice",
                limit.name
            );
            assert!(limit.value > 0.0, "{} is {}", limit.name, limit.value);
        }
        let flags: Vec<&str> = settable().map(|s| s.flag).collect();
        let unique: BTreeSet<&str> = flags.iter().copied().collect();
        assert_eq!(
            unique.len(),
            flags.len(),
            "two limits share a flag: {flags:?}"
        );
        for limit in settable() {
            assert!(
                limit.default >= 1 && limit.default <= limit.most,
                "{limit:?}"
            );
        }
    }
}
