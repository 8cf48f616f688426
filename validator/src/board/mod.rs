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

    /// A board from graphs built earlier for this very pack (see [`Graphs`]).
    pub fn from_graphs(pack: &'a Pack, graphs: Graphs) -> Self {
        let Graphs {
            layout,
            spacer,
            lattice,
            reach,
        } = graphs;
        Self {
            pack,
            layout,
            spacer,
            lattice,
            reach,
        }
    }

    /// The board's graphs, let go of the pack, to be kept for the next question.
    pub fn into_graphs(self) -> Graphs {
        Graphs {
            layout: self.layout,
            spacer: self.spacer,
            lattice: self.lattice,
            reach: self.reach,
        }
    }
}

/// A board without the pack it borrows: what a caller keeps between
/// questions about one unchanged pack, since building the graphs is what a
/// board costs (seconds on a very large pack; the editor's play test asks a
/// question on every click). Only ever give them back to the pack they were
/// built from, unchanged.
#[derive(Debug)]
pub struct Graphs {
    layout: Layout,
    spacer: SpacerGraph,
    lattice: BlipLattice,
    reach: Reach,
}
