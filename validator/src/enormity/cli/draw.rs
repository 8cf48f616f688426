//! Enormity's own options of `deckplan show` and `deckplan render`: one page
//! of a pack, or a whole pack laid out by its joins.

use crate::ruleset::DrawOptions;
use crate::verb::args_of;

/// Enormity's options of `show`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ShowOptions {
    /// With a pack, draw only this page (e.g. `L1p2`).
    #[arg(long)]
    pub page: Option<String>,
}

/// Enormity's options of `render`.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct RenderOptions {
    /// With a pack, draw only this page (e.g. `L1p2`).
    #[arg(long, conflicts_with = "layout")]
    pub page: Option<String>,
    /// With a pack, lay all pages out by their joins in one picture.
    #[arg(long)]
    pub layout: bool,
}

impl RenderOptions {
    /// Whether the options ask for one picture of a pack: one page of it, or
    /// all of them laid out.
    pub fn one_picture(&self) -> bool {
        self.page.is_some() || self.layout
    }
}

/// Enormity's drawing options.
pub fn draw_options() -> DrawOptions {
    DrawOptions {
        show: args_of::<ShowOptions>,
        render: args_of::<RenderOptions>,
        ..DrawOptions::NONE
    }
}
