//! Limits on input size, so hostile or broken files fail with a clear
//! error instead of exhausting memory or time. `docs/robustness.md` lists
//! every limit with the error it gives; keep the two in step.
//!
//! Three of them — pages per pack, spaces per page and spaces per pack — can
//! be changed for one run ([`set_pack_limits`], the command line's
//! `--max-pages`, `--max-page-spaces` and `--max-pack-spaces`), so a benchmark
//! or a trusted pipeline can check packs larger than the defaults allow. The
//! defaults stay what protects CI from hostile input.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// Largest map file (page or `pack.toml`) read, in bytes; checked before reading.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Largest Tiled file (`.tmj` map or `.world`) read, in bytes; checked before reading.
pub const MAX_TILED_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// Largest scan (a page's background image) read, in bytes; checked before reading.
pub const MAX_SCAN_BYTES: u64 = 128 * 1024 * 1024;

/// Most spaces along either side of a page.
pub const MAX_PAGE_SIDE: u16 = 5000;

/// Most spaces on one page (columns × rows): a 2000 × 2000 page, the largest
/// the checks are benchmarked on. Each space costs about 250 bytes across the
/// model and the graphs, so this bounds a lint at about 1 GB.
pub const MAX_PAGE_SPACES: u32 = 4_000_000;

/// Most spaces on all the pages of one pack together (as many as the largest page).
pub const MAX_PACK_SPACES: u64 = 4_000_000;

/// Most features (markers, edges, arrows, …) listed in one page file.
pub const MAX_FEATURES_PER_PAGE: usize = 250_000;

/// Most pages in one pack.
pub const MAX_PAGES_PER_PACK: usize = 4096;

/// The pack limits in force: the defaults above unless a run set others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackLimits {
    /// Most pages in one pack ([`MAX_PAGES_PER_PACK`] by default).
    pub pages: usize,
    /// Most spaces on one page ([`MAX_PAGE_SPACES`] by default; a page side
    /// stays limited to [`MAX_PAGE_SIDE`]).
    pub page_spaces: u32,
    /// Most spaces on all pages of a pack ([`MAX_PACK_SPACES`] by default).
    pub pack_spaces: u64,
}

impl Default for PackLimits {
    fn default() -> Self {
        Self {
            pages: MAX_PAGES_PER_PACK,
            page_spaces: MAX_PAGE_SPACES,
            pack_spaces: MAX_PACK_SPACES,
        }
    }
}

static PAGES_PER_PACK: AtomicUsize = AtomicUsize::new(MAX_PAGES_PER_PACK);
static PAGE_SPACES: AtomicU32 = AtomicU32::new(MAX_PAGE_SPACES);
static PACK_SPACES: AtomicU64 = AtomicU64::new(MAX_PACK_SPACES);

/// The pack limits every load of this process uses from now on. Meant to be
/// called once, before anything is read (the command line does it from its
/// flags); the limits are process-wide, like the memory they protect.
pub fn set_pack_limits(limits: PackLimits) {
    PAGES_PER_PACK.store(limits.pages, Ordering::Relaxed);
    PAGE_SPACES.store(limits.page_spaces, Ordering::Relaxed);
    PACK_SPACES.store(limits.pack_spaces, Ordering::Relaxed);
}

/// The pack limits in force.
pub fn pack_limits() -> PackLimits {
    PackLimits {
        pages: PAGES_PER_PACK.load(Ordering::Relaxed),
        page_spaces: PAGE_SPACES.load(Ordering::Relaxed),
        pack_spaces: PACK_SPACES.load(Ordering::Relaxed),
    }
}

/// Longest free text (names, titles, notes, lint reasons), in characters.
pub const MAX_TEXT_CHARS: usize = 4096;

/// Most rooms, corridors, networks, technical entrances or escape pods in
/// one Nemesis ship file, and most names in each of its room-tile lists.
pub const MAX_ITEMS: usize = 1000;

/// Most modules, and most doors, in one Battlestations ship file.
pub const MAX_MODULES: usize = 400;

/// Most custom tiles, and most adjacency modifiers, one TI4 galaxy defines.
pub const MAX_LIST: usize = 256;

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

/// Most steps of one Blip move (`deckplan blip --steps`): a die roll or a
/// patrol speed is a few steps, and the work grows with the square of the
/// length. (`deckplan reach --move` needs no limit: its work grows with the
/// board, not the move.)
pub const MAX_MOVE_STEPS: u32 = 1000;

/// Fewest pixels per space in a PNG picture (`--dpi` × `--space-size`):
/// below that nothing on the page can be told apart.
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
/// whatever the number of packs and pages with problems.
pub const MAX_ANNOTATED_PICTURES: usize = 50;

/// Most pixels of all the pictures `lint --annotate` writes in one run (each
/// picture stays within [`MAX_PICTURE_PIXELS`]): about 100,000 spaces.
pub const MAX_ANNOTATED_PIXELS: u64 = 400_000_000;

/// Most bytes of PNG `lint --annotate` writes in one run; the picture that
/// passes it is the last.
pub const MAX_ANNOTATED_BYTES: u64 = 64 * 1024 * 1024;

/// Most spaces along either side of a page drawn in the terminal (`show`, `reach`).
pub const MAX_SHOW_SIDE: u16 = 400;

/// Widest or tallest scan the editor decodes, in pixels.
pub const MAX_SCAN_SIDE: u32 = 8192;

/// Most memory a scan may take when decoded, in bytes.
pub const MAX_SCAN_DECODED_BYTES: u64 = 256 * 1024 * 1024;
