//! Fixed limits on input size, so hostile or broken files fail with a clear
//! error instead of exhausting memory or time.

/// Largest map file read, in bytes (a 5000 × 5000 grid fits with room to spare).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Most spaces along either side of a page.
pub const MAX_PAGE_SIDE: u16 = 5000;

/// Most features (markers, edges, arrows, …) listed in one page file.
pub const MAX_FEATURES_PER_PAGE: usize = 1_000_000;

/// Most pages in one pack.
pub const MAX_PAGES_PER_PACK: usize = 4096;

/// Longest free text (names, titles, notes, lint reasons), in characters.
pub const MAX_TEXT_CHARS: usize = 4096;
