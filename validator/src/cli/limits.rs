//! The flags that change the pack limits for one run (`--max-pages`,
//! `--max-page-spaces`, `--max-pack-spaces`), accepted by every subcommand.
//! The defaults protect CI from hostile packs; a benchmark or a trusted
//! pipeline raises them for packs larger than any printed campaign.

use deckplan_schema::limits::{self, PackLimits};

/// Limits on the size of a pack, for this run only.
#[derive(clap::Args)]
pub struct LimitArgs {
    /// Most pages one pack may list.
    #[arg(long, global = true, value_name = "N", help_heading = "Limits",
          default_value_t = limits::MAX_PAGES_PER_PACK,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_pages: usize,
    /// Most spaces on one page (a side stays at most 5000).
    #[arg(long, global = true, value_name = "N", help_heading = "Limits",
          default_value_t = limits::MAX_PAGE_SPACES,
          value_parser = clap::value_parser!(u32).range(1..))]
    max_page_spaces: u32,
    /// Most spaces on all the pages of one pack together.
    #[arg(long, global = true, value_name = "N", help_heading = "Limits",
          default_value_t = limits::MAX_PACK_SPACES,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_pack_spaces: u64,
}

impl LimitArgs {
    /// Puts the limits in force for everything this process loads.
    pub fn apply(&self) {
        limits::set_pack_limits(PackLimits {
            pages: self.max_pages,
            page_spaces: self.max_page_spaces,
            pack_spaces: self.max_pack_spaces,
        });
    }
}
