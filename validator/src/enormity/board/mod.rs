//! The board of a whole pack, built once and shared by every check: where the
//! pages lie, the Spacer graph, the Blip lattice and the reachable areas.

pub mod lattice;
pub mod layout;
pub mod reach;
pub mod spacer;

use deckplan_schema::enormity::Pack;

pub use lattice::{BlipLattice, PageIntersection};
pub use layout::PackLayout;
pub use reach::{NodeSet, Reach};
pub use spacer::{PageSpace, SpacerGraph};

/// Everything derived from a pack that checks and rules read.
#[derive(Debug)]
pub struct Board<'a> {
    /// The pack itself.
    pub pack: &'a Pack,
    /// Page placement from the joins.
    pub layout: PackLayout,
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
        let layout = PackLayout::new(pack);
        // The lattice does not depend on the Spacer graph: build them side by side.
        let ((spacer, reach), lattice) = rayon::join(
            || {
                let spacer = SpacerGraph::new(pack, &layout);
                let reach = Reach::new(pack, &layout, &spacer);
                (spacer, reach)
            },
            || BlipLattice::new(pack, &layout),
        );
        Self {
            pack,
            layout,
            spacer,
            lattice,
            reach,
        }
    }

    /// A board from graphs built earlier for this very pack (see [`Graphs`]),
    /// or `None` when they were plainly built for another one (other pages,
    /// sizes or joins); the caller then builds a new board.
    pub fn from_graphs(pack: &'a Pack, graphs: Graphs) -> Option<Self> {
        let Graphs {
            layout,
            spacer,
            lattice,
            reach,
            outline,
        } = graphs;
        (outline == Outline::of(pack)).then_some(Self {
            pack,
            layout,
            spacer,
            lattice,
            reach,
        })
    }

    /// The board's graphs, let go of the pack, to be kept for the next question.
    pub fn into_graphs(self) -> Graphs {
        Graphs {
            outline: Outline::of(self.pack),
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
/// question on every click). Give them back only to the pack they were built
/// from, unchanged: [`Board::from_graphs`] refuses another pack's outline,
/// but cannot see a moved wall.
#[derive(Debug)]
pub struct Graphs {
    layout: PackLayout,
    spacer: SpacerGraph,
    lattice: BlipLattice,
    reach: Reach,
    outline: Outline,
}

/// The coarse shape of a pack — its pages, their sizes and edge counts, its
/// joins — to catch graphs handed back to the wrong pack.
#[derive(Debug, PartialEq, Eq)]
struct Outline {
    pages: Vec<(
        deckplan_schema::enormity::PageId,
        deckplan_schema::enormity::Size,
        usize,
    )>,
    joins: usize,
}

impl Outline {
    fn of(pack: &Pack) -> Self {
        Self {
            pages: pack
                .pages
                .values()
                .map(|page| (page.id, page.size, page.edges.len()))
                .collect(),
            joins: pack.joins.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enormity::rules::testing::{one_page, two_pages};

    #[test]
    fn kept_graphs_go_back_only_to_their_own_pack() {
        let grid = "B ...\nA ...\n";
        let pack = one_page(grid, "");
        let graphs = Board::new(&pack).into_graphs();
        let taken_back = Board::from_graphs(&pack, graphs);
        assert!(taken_back.is_some(), "the same pack takes its graphs back");

        let joined = two_pages(grid, grid, Some(0));
        let graphs = Board::new(&pack).into_graphs();
        assert!(Board::from_graphs(&joined, graphs).is_none());
        let walled = one_page(grid, "[edges]\nwalls = [\"A1 north\"]\n");
        let graphs = Board::new(&pack).into_graphs();
        assert!(Board::from_graphs(&walled, graphs).is_none());
    }
}
