//! Enormity's limits: pages, packs, the files it imports and the scans a
//! page is traced over (see [`crate::limits`] for those every game shares).
//!
//! Three of them — pages per pack, spaces per page and spaces per pack — can
//! be changed for one run ([`SETTABLE`], the command line's `--max-pages`,
//! `--max-page-spaces` and `--max-pack-spaces`), so a benchmark or a trusted
//! pipeline can check packs larger than the defaults allow.

use crate::limits::{Settable, declare_limits};

declare_limits! {
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

    /// Largest Tiled file (`.tmj` map or `.world`) read, in bytes; checked before reading.
    pub const MAX_TILED_FILE_BYTES: u64 = 32 * 1024 * 1024;

    /// Largest scan (a page's background image) read, in bytes; checked before reading.
    pub const MAX_SCAN_BYTES: u64 = 128 * 1024 * 1024;

    /// Widest or tallest scan the editor decodes, in pixels.
    pub const MAX_SCAN_SIDE: u32 = 8192;

    /// Most memory a scan may take when decoded, in bytes.
    pub const MAX_SCAN_DECODED_BYTES: u64 = 256 * 1024 * 1024;

    /// Most steps of one Blip move (`deckplan blip --steps`): a die roll or a
    /// patrol speed is a few steps, and the work grows with the square of the
    /// length. (`deckplan reach --move` needs no limit: its work grows with the
    /// board, not the move.)
    pub const MAX_BLIP_STEPS: u32 = 1000;

    /// Most spaces along either side of a page drawn in the terminal (`show`, `reach`).
    pub const MAX_SHOW_SIDE: u16 = 400;
}

/// `--max-pages`: most pages one pack may list ([`MAX_PAGES_PER_PACK`] by default).
pub const PAGES_PER_PACK: Settable = Settable {
    flag: "max-pages",
    help: "Most pages one pack may list",
    default: MAX_PAGES_PER_PACK as u64,
    most: usize::MAX as u64,
};

/// `--max-page-spaces`: most spaces on one page ([`MAX_PAGE_SPACES`] by
/// default; a side stays limited to [`MAX_PAGE_SIDE`]).
pub const PAGE_SPACES: Settable = Settable {
    flag: "max-page-spaces",
    help: "Most spaces on one page (a side stays at most 5000)",
    default: MAX_PAGE_SPACES as u64,
    most: u32::MAX as u64,
};

/// `--max-pack-spaces`: most spaces on all pages of a pack ([`MAX_PACK_SPACES`] by default).
pub const PACK_SPACES: Settable = Settable {
    flag: "max-pack-spaces",
    help: "Most spaces on all the pages of one pack together",
    default: MAX_PACK_SPACES,
    most: u64::MAX,
};

/// The limits a run may change.
pub const SETTABLE: &[Settable] = &[PAGES_PER_PACK, PAGE_SPACES, PACK_SPACES];

/// The pack limits in force: the defaults above unless a run set others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackLimits {
    /// Most pages in one pack.
    pub pages: usize,
    /// Most spaces on one page.
    pub page_spaces: u32,
    /// Most spaces on all pages of a pack.
    pub pack_spaces: u64,
}

/// The pack limits in force.
pub fn pack_limits() -> PackLimits {
    PackLimits {
        pages: usize::try_from(PAGES_PER_PACK.get()).unwrap_or(usize::MAX),
        page_spaces: u32::try_from(PAGE_SPACES.get()).unwrap_or(u32::MAX),
        pack_spaces: PACK_SPACES.get(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_of_page_spaces_names_the_side_limit() {
        assert!(PAGE_SPACES.help.contains(&MAX_PAGE_SIDE.to_string()));
    }
}
