//! The board of a whole pack, built once and shared by every check: where the
//! pages lie, the Spacer graph, the Blip lattice and the reachable areas.

pub mod lattice;
pub mod layout;
pub mod reach;
pub mod spacer;

use deckplan_schema::Pack;

pub use lattice::{BlipLattice, PageIntersection};
pub use layout::Layout;
pub use reach::{NodeSet, Reach};
pub use spacer::{PageSpace, SpacerGraph};

/// Everything derived from a pack that checks and rules read.
#[derive(Debug)]
pub struct Board<'a> {
    /// The pack itself.
    pub pack: &'a Pack,
    /// Page placement from the joins.
    pub layout: Layout,
    /// Where Spacers can step.
    pub spacer: SpacerGraph,
    /// Where Blips can move.
    pub lattice: BlipLattice,
    /// Where Spacers can get to from the start.
    pub reach: Reach,
}

impl<'a> Board<'a> {
    /// Lays out the pack and builds its graphs.
    pub fn new(pack: &'a Pack) -> Self {
        let layout = Layout::new(pack);
        let spacer = SpacerGraph::new(pack, &layout);
        let lattice = BlipLattice::new(pack, &layout);
        let reach = Reach::new(pack, &layout, &spacer);
        Self {
            pack,
            layout,
            spacer,
            lattice,
            reach,
        }
    }
}
