//! Turning and mirroring a page with everything on it: spaces, walls and
//! doors, arrows (which turn with the page), markers, terrain, spawn points,
//! links and Blips. The geometry is in one place, [`Transform`], and the
//! page is rebuilt from it, so a feature cannot be left behind facing the
//! old way.
//!
//! Positions count columns from the west and rows from the south, on grid
//! lines `0..=columns` and `0..=rows`; a quarter turn clockwise takes the
//! point `(x, y)` of a page `columns` wide to `(y, columns − x)`.

use std::collections::BTreeSet;

use deckplan_schema::enormity::model::{Background, Join, Offset, SpawnLink, StartingBlip};
use deckplan_schema::enormity::{
    Axis, Direction, Edge, Intersection, Pack, Page, PageEdge, PageId, Size, Space,
};
use deckplan_validator::enormity::board::layout::PackLayout;

use crate::enormity::edit::Edit;

/// A change of a page's orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transform {
    /// A quarter turn clockwise.
    RotateClockwise,
    /// West and east swapped.
    MirrorWestEast,
    /// North and south swapped.
    MirrorNorthSouth,
}

impl Transform {
    /// The undo step's name.
    pub const fn label(self) -> &'static str {
        match self {
            Self::RotateClockwise => "Rotate page",
            Self::MirrorWestEast => "Mirror page west–east",
            Self::MirrorNorthSouth => "Mirror page north–south",
        }
    }

    /// What the status bar says was done to `page`.
    fn done_to(self, page: PageId) -> String {
        match self {
            Self::RotateClockwise => format!("Rotated {page} clockwise"),
            Self::MirrorWestEast => format!("Mirrored {page} west–east"),
            Self::MirrorNorthSouth => format!("Mirrored {page} north–south"),
        }
    }

    /// Whether the page's spaces along its `side` edge come in reverse
    /// order afterwards (a mirror reverses the edges across its axis).
    const fn reverses_along(self, side: Direction) -> bool {
        matches!(
            (self, side),
            (Self::MirrorWestEast, Direction::North | Direction::South)
                | (Self::MirrorNorthSouth, Direction::East | Direction::West)
        )
    }

    /// The page's size afterwards.
    pub const fn size(self, size: Size) -> Size {
        match self {
            Self::RotateClockwise => Size {
                columns: size.rows,
                rows: size.columns,
            },
            Self::MirrorWestEast | Self::MirrorNorthSouth => size,
        }
    }

    /// Where a grid point `(x, y)` of a page of `size` goes.
    const fn point(self, size: Size, x: u16, y: u16) -> (u16, u16) {
        match self {
            Self::RotateClockwise => (y, size.columns.saturating_sub(x)),
            Self::MirrorWestEast => (size.columns.saturating_sub(x), y),
            Self::MirrorNorthSouth => (x, size.rows.saturating_sub(y)),
        }
    }

    /// Where an intersection goes.
    pub const fn intersection(self, size: Size, point: Intersection) -> Intersection {
        let (x, y) = self.point(size, point.x, point.y);
        Intersection { x, y }
    }

    /// Where a space goes: the space between the images of its corners.
    pub const fn space(self, size: Size, space: Space) -> Space {
        let (x0, y0) = self.point(size, space.col, space.row);
        let (x1, y1) = self.point(size, space.col + 1, space.row + 1);
        Space {
            col: if x0 < x1 { x0 } else { x1 },
            row: if y0 < y1 { y0 } else { y1 },
        }
    }

    /// Where an edge goes: the edge between the images of its ends.
    pub fn edge(self, size: Size, edge: Edge) -> Edge {
        let (end_x, end_y) = match edge.axis {
            Axis::Horizontal => (edge.x + 1, edge.y),
            Axis::Vertical => (edge.x, edge.y + 1),
        };
        let (x0, y0) = self.point(size, edge.x, edge.y);
        let (x1, y1) = self.point(size, end_x, end_y);
        if y0 == y1 {
            Edge::horizontal(x0.min(x1), y0)
        } else {
            Edge::vertical(x0, y0.min(y1))
        }
    }

    /// Where a page position (in spaces, not only on grid lines) goes.
    pub fn position(self, size: Size, [x, y]: [f64; 2]) -> [f64; 2] {
        let (columns, rows) = (f64::from(size.columns), f64::from(size.rows));
        match self {
            Self::RotateClockwise => [y, columns - x],
            Self::MirrorWestEast => [columns - x, y],
            Self::MirrorNorthSouth => [x, rows - y],
        }
    }

    /// The scan under a page of `size`, laid so every point of it lies where
    /// the page takes the point under it. Its corner (`offset`) moves like
    /// any point; its orientation gains the turn or mirror. With `R` a
    /// quarter turn clockwise and `M` the mirror west–east, a scan turned `q`
    /// times after a mirror (`Rᵠ·M`) becomes `Rᵠ⁺¹·M` when rotated, `R⁻ᵠ·M·M`
    /// when mirrored west–east (`M·R = R⁻¹·M`), and `R²⁻ᵠ·M·M` when mirrored
    /// north–south (that mirror is `R²·M`).
    pub fn background(self, size: Size, background: &Background) -> Background {
        let quarter = background.turn / 90 % 4;
        let (quarter, mirrored) = match self {
            Self::RotateClockwise => ((quarter + 1) % 4, background.mirrored),
            Self::MirrorWestEast => ((4 - quarter) % 4, !background.mirrored),
            Self::MirrorNorthSouth => ((6 - quarter) % 4, !background.mirrored),
        };
        let side = f64::from(deckplan_schema::enormity::limits::MAX_PAGE_SIDE);
        // To a billionth of a space, so four quarter turns give back the very
        // numbers written (`12 − (12 − 0.1)` is not quite `0.1` in binary);
        // and within what a page file accepts.
        let tidy = |v: f64| ((v * 1e9).round() / 1e9).clamp(-side, side) + 0.0;
        let [x, y] = self.position(size, background.offset);
        Background {
            offset: [tidy(x), tidy(y)],
            turn: quarter * 90,
            mirrored,
            ..background.clone()
        }
    }

    /// Which way an arrow points afterwards.
    pub const fn direction(self, direction: Direction) -> Direction {
        match (self, direction) {
            (Self::RotateClockwise, Direction::North) => Direction::East,
            (Self::RotateClockwise, Direction::East) => Direction::South,
            (Self::RotateClockwise, Direction::South) => Direction::West,
            (Self::RotateClockwise, Direction::West) => Direction::North,
            (Self::MirrorWestEast, Direction::East) => Direction::West,
            (Self::MirrorWestEast, Direction::West) => Direction::East,
            (Self::MirrorNorthSouth, Direction::North) => Direction::South,
            (Self::MirrorNorthSouth, Direction::South) => Direction::North,
            (_, same) => same,
        }
    }
}

/// `page` turned or mirrored, with everything on it, its scan too. Its id,
/// Location, title, notes and lint settings stay as they are.
pub fn transformed(page: &Page, how: Transform) -> Page {
    let size = page.size;
    let mut out = Page::new(page.id, page.location.clone(), how.size(size));
    out.title.clone_from(&page.title);
    out.notes.clone_from(&page.notes);
    out.background = page.background.as_ref().map(|b| how.background(size, b));
    out.lint = page.lint.clone();
    out.source = page.source.clone();
    for row in 0..size.rows {
        for col in 0..size.columns {
            let space = Space { row, col };
            if let Some(kind) = page.kind(space) {
                out.set_kind(how.space(size, space), kind);
            }
        }
    }
    out.edges = page
        .edges
        .iter()
        .map(|(edge, feature)| (how.edge(size, *edge), *feature))
        .collect();
    let space = |s: &Space| how.space(size, *s);
    let features = &page.spaces;
    let into = &mut out.spaces;
    into.terrain = features
        .terrain
        .iter()
        .map(|tile| {
            let mut tile = tile.clone();
            tile.spaces = tile.spaces.iter().map(space).collect();
            tile.spaces.sort_unstable();
            tile
        })
        .collect();
    into.forced_arrows = features
        .forced_arrows
        .iter()
        .map(|(s, arrow)| {
            let mut arrow = *arrow;
            arrow.direction = how.direction(arrow.direction);
            (space(s), arrow)
        })
        .collect();
    into.location_arrows = features
        .location_arrows
        .iter()
        .map(|(s, arrow)| {
            let mut arrow = *arrow;
            arrow.direction = how.direction(arrow.direction);
            (space(s), arrow)
        })
        .collect();
    into.consoles = features
        .consoles
        .iter()
        .map(|(n, console)| {
            let mut console = console.clone();
            console.at = space(&console.at);
            (*n, console)
        })
        .collect();
    into.keycards = features
        .keycards
        .iter()
        .map(|(s, k)| (space(s), k.clone()))
        .collect();
    into.discoveries = features
        .discoveries
        .iter()
        .map(|(s, d)| (space(s), *d))
        .collect();
    into.markers = features
        .markers
        .iter()
        .map(|(marker, spaces)| {
            let spaces = spaces.iter().map(|(s, span)| (space(s), *span)).collect();
            (*marker, spaces)
        })
        .collect();
    let point = |p: &Intersection| how.intersection(size, *p);
    let corners = &page.intersections;
    out.intersections.spawn_points = corners
        .spawn_points
        .iter()
        .map(|(p, span)| (point(p), *span))
        .collect();
    out.intersections.spawn_links = corners
        .spawn_links
        .iter()
        .map(|link| SpawnLink {
            a: point(&link.a),
            b: point(&link.b),
            ..*link
        })
        .collect();
    out.intersections.blips = corners
        .blips
        .iter()
        .map(|(p, blip)| {
            (
                point(p),
                StartingBlip {
                    direction: how.direction(blip.direction),
                    ..*blip
                },
            )
        })
        .collect();
    out
}

/// Page `id` of `pack` turned or mirrored `how`, with its joins (see
/// [`turned_joins`]), as the edits of one undo step; `None` when there is no
/// such page.
pub fn turn_page(pack: &Pack, id: PageId, how: Transform) -> Option<PageTurn> {
    let page = pack.pages.get(&id)?;
    let mut edits = vec![Edit::Page {
        id,
        page: Some(Box::new(transformed(page, how))),
    }];
    let joins = turned_joins(pack, id, how);
    if joins.joins != pack.joins {
        edits.push(Edit::Joins {
            joins: joins.joins.clone(),
        });
    }
    Some(PageTurn {
        edits,
        message: joins_message(id, how, &joins),
    })
}

/// "Mirrored L1p3 west–east; its join to L1p2 was moved to meet the same
/// spaces; its join to L1p4 was removed: …", or `None` when the page has no joins.
fn joins_message(id: PageId, how: Transform, joins: &TurnedJoins) -> Option<String> {
    if joins.kept.is_empty() && joins.removed.is_empty() {
        return None;
    }
    let mut parts = vec![how.done_to(id)];
    if !joins.kept.is_empty() {
        let (noun, verb) = plural(joins.kept.len());
        parts.push(format!(
            "its {noun} to {} {verb} moved to meet the same spaces",
            pages(joins.kept.iter())
        ));
    }
    let removed = |wanted: fn(&LostJoin) -> bool| {
        joins
            .removed
            .iter()
            .filter(|(_, why)| wanted(why))
            .collect::<Vec<_>>()
    };
    let turned = removed(|why| matches!(why, LostJoin::Turned { .. }));
    if let [(other, LostJoin::Turned { was, now })] = turned.as_slice() {
        parts.push(format!(
            "its join to {other} was removed: {id}'s {was} edge now faces {now}, and a join lays \
             east against west or north against south"
        ));
    } else if !turned.is_empty() {
        let (noun, _) = plural(turned.len());
        parts.push(format!(
            "its {noun} to {} were removed: its joined edges now face other ways, and a join \
             lays east against west or north against south",
            pages(turned.iter().map(|(p, _)| p))
        ));
    }
    let disagree = removed(|why| *why == LostJoin::Disagrees);
    if !disagree.is_empty() {
        let (noun, verb) = plural(disagree.len());
        parts.push(format!(
            "its {noun} to {} {verb} removed: {} with the other joins",
            pages(disagree.iter().map(|(p, _)| p)),
            if disagree.len() == 1 {
                "it no longer agrees"
            } else {
                "they no longer agree"
            }
        ));
    }
    let mut message = parts.join("; ");
    if !joins.removed.is_empty() {
        message.push_str(" (Undo brings them back)");
    }
    Some(message)
}

/// "join", "was" or "joins", "were".
const fn plural(count: usize) -> (&'static str, &'static str) {
    if count == 1 {
        ("join", "was")
    } else {
        ("joins", "were")
    }
}

/// "L1p1", "L1p1 and L1p2", "L1p1, L1p2 and L2p1".
fn pages<'a>(pages: impl Iterator<Item = &'a PageId>) -> String {
    let names: Vec<String> = pages.map(PageId::to_string).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A page turned or mirrored in the pack, with the joins that touch it: one
/// undo step and what the status bar says about the joins.
#[derive(Clone, Debug, PartialEq)]
pub struct PageTurn {
    /// The page and, when any join changed, the pack's joins.
    pub edits: Vec<Edit>,
    /// What happened to the page's joins (`None` when it had none).
    pub message: Option<String>,
}

/// Why a join of a turned page could not be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LostJoin {
    /// The page's joined edge now faces `now`, and no longer lies against
    /// the other page's edge (a join lays east against west, north against south).
    Turned {
        /// The page's edge that was joined.
        was: Direction,
        /// Which way that edge faces afterwards.
        now: Direction,
    },
    /// The join still lays two edges together, but puts a page somewhere
    /// the other joins do not (a loop of joins that no longer closes).
    Disagrees,
}

/// What turning or mirroring a page does to the pack's joins.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnedJoins {
    /// The pack's joins afterwards, in their order.
    pub joins: Vec<Join>,
    /// The pages still joined to the turned page, along the same printed spaces.
    pub kept: Vec<PageId>,
    /// The pages whose join was removed, and why.
    pub removed: Vec<(PageId, LostJoin)>,
}

/// The joins after page `id` is turned or mirrored `how`.
///
/// The printed edges that met another page keep meeting it where the
/// format allows: each join's side on the page turns with the page, and a
/// join along an edge that a mirror reverses gets the offset that lays the
/// other page against the same printed spaces, mirrored. The format lays
/// only opposite edges together, so a quarter turn (or a mirror across the
/// joined edge) leaves the other page facing an edge it cannot meet unless
/// it turns too; such joins are removed, and so are joins that would no
/// longer agree with the rest of the layout, rather than leaving joins the
/// checks then reject.
pub fn turned_joins(pack: &Pack, id: PageId, how: Transform) -> TurnedJoins {
    let mut out = TurnedJoins::default();
    let length = |page: PageId, side: Direction| {
        pack.pages.get(&page).map(|p| match side {
            Direction::North | Direction::South => i32::from(p.size.columns),
            Direction::East | Direction::West => i32::from(p.size.rows),
        })
    };
    // The joins that touch the page: index in `out.joins`, index in
    // `pack.joins`, and the other page.
    let mut touching: Vec<(usize, usize, PageId)> = Vec::new();
    for (original, join) in pack.joins.iter().enumerate() {
        if join.from.page != id && join.to.page != id {
            out.joins.push(join.clone());
            continue;
        }
        let turn = |edge: PageEdge| PageEdge {
            side: if edge.page == id {
                how.direction(edge.side)
            } else {
                edge.side
            },
            ..edge
        };
        let (from, to) = (turn(join.from), turn(join.to));
        let (mine, other) = if join.from.page == id {
            (join.from, join.to.page)
        } else {
            (join.to, join.from.page)
        };
        if from.side.opposite() != to.side {
            out.removed.push((
                other,
                LostJoin::Turned {
                    was: mine.side,
                    now: how.direction(mine.side),
                },
            ));
            continue;
        }
        let mut offset = join.offset;
        if how.reverses_along(mine.side)
            && join.from.page != join.to.page
            && let (Some(from_length), Some(to_length)) = (
                length(join.from.page, join.from.side),
                length(join.to.page, join.to.side),
            )
        {
            // The other page's run along the edge is mirrored about the
            // page's middle: `o' = −(o + to − from)`, in hundredths.
            offset = Offset {
                hundredths: -(offset.hundredths + (to_length - from_length) * 100),
            };
        }
        touching.push((out.joins.len(), original, other));
        out.joins.push(Join {
            from,
            to,
            offset,
            ..join.clone()
        });
    }
    if touching.is_empty() {
        return out;
    }
    // A changed join that no longer agrees with the others is removed, one
    // at a time (removing one may settle the rest). Joins that disagreed
    // before the turn are the user's to sort out, and stay.
    let before: BTreeSet<usize> = PackLayout::new(pack)
        .problems
        .iter()
        .map(|(i, _)| *i)
        .collect();
    let mut after = pack.clone();
    if let Some(page) = pack.pages.get(&id) {
        after.pages.insert(id, transformed(page, how));
    }
    loop {
        after.joins.clone_from(&out.joins);
        let layout = PackLayout::new(&after);
        let bad = layout.problems.iter().find_map(|(index, _)| {
            touching
                .iter()
                .position(|(i, original, _)| i == index && !before.contains(original))
        });
        let Some(at) = bad else {
            break;
        };
        let (index, _, other) = touching.remove(at);
        out.joins.remove(index);
        for (i, _, _) in &mut touching {
            if *i > index {
                *i -= 1;
            }
        }
        out.removed.push((other, LostJoin::Disagrees));
    }
    out.kept = touching.into_iter().map(|(_, _, other)| other).collect();
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::enormity::EdgeKind;
    use deckplan_schema::enormity::write::write_page;

    const L1P2: PageId = PageId { book: 1, page: 2 };
    const L1P3: PageId = PageId { book: 1, page: 3 };

    fn edge(page: PageId, side: Direction) -> PageEdge {
        PageEdge { page, side }
    }

    /// The pack after `turn`'s edits.
    fn after(pack: &Pack, turn: &PageTurn) -> Pack {
        let mut pack = pack.clone();
        for edit in &turn.edits {
            match edit {
                Edit::Page {
                    id,
                    page: Some(page),
                } => {
                    pack.pages.insert(*id, (**page).clone());
                }
                Edit::Joins { joins } => pack.joins.clone_from(joins),
                other => panic!("unexpected edit {other:?}"),
            }
        }
        pack
    }

    /// The spaces along `page`'s `side` edge (counted from the west or the
    /// south) that touch `other` as the pack is laid out.
    fn touching(pack: &Pack, page: PageId, other: PageId, side: Direction) -> Vec<i64> {
        let layout = PackLayout::new(pack);
        let (a, b) = (layout.placements[&page], layout.placements[&other]);
        let (start, length, other_start, other_length) = match side {
            Direction::North | Direction::South => (a.x, a.width, b.x, b.width),
            Direction::East | Direction::West => (a.y, a.height, b.y, b.height),
        };
        (0..length / 100)
            .filter(|i| {
                let at = start + i * 100;
                at >= other_start && at + 100 <= other_start + other_length
            })
            .collect()
    }

    #[test]
    fn a_mirrored_page_meets_its_neighbour_along_the_same_printed_spaces() {
        let pack = crate::enormity::testutil::bundled_pack();
        let columns = i64::from(pack.pages[&L1P3].size.columns);
        let before = touching(&pack, L1P3, L1P2, Direction::South);
        assert_eq!(before, (0..10).collect::<Vec<_>>());
        let turn = turn_page(&pack, L1P3, Transform::MirrorWestEast).unwrap();
        let turned = after(&pack, &turn);
        // L1p2 north → L1p3 south at offset 2 (L1p2 12 columns, L1p3 11):
        // mirrored about L1p3's middle, −(2 + 11 − 12) = −1.
        let join = turned.joins.iter().find(|j| j.to.page == L1P3).unwrap();
        assert_eq!(
            (join.from, join.to, join.offset),
            (
                edge(L1P2, Direction::North),
                edge(L1P3, Direction::South),
                Offset::spaces(-1)
            )
        );
        let mut mirrored: Vec<i64> = before.iter().map(|i| columns - 1 - i).collect();
        mirrored.sort_unstable();
        assert_eq!(touching(&turned, L1P3, L1P2, Direction::South), mirrored);
        // Its east edge now faces west and cannot lie against L1p4's west edge.
        assert!(!turned.joins.iter().any(|j| j.from.page == L1P3));
        assert_eq!(turned.joins.len(), pack.joins.len() - 1);
        assert_eq!(
            turn.message.as_deref(),
            Some(
                "Mirrored L1p3 west–east; its join to L1p2 was moved to meet the same spaces; \
                 its join to L1p4 was removed: L1p3's east edge now faces west, and a join lays \
                 east against west or north against south (Undo brings them back)"
            )
        );
        // Mirrored back, the kept join is the one written.
        let back = turn_page(&turned, L1P3, Transform::MirrorWestEast).unwrap();
        let back = after(&turned, &back);
        assert_eq!(
            back.joins
                .iter()
                .find(|j| j.to.page == L1P3)
                .unwrap()
                .offset,
            Offset::spaces(2)
        );
    }

    #[test]
    fn a_page_mirrored_north_south_keeps_its_east_and_west_joins() {
        let pack = crate::enormity::testutil::bundled_pack();
        let l2p1 = PageId { book: 2, page: 1 };
        let l1p1 = PageId { book: 1, page: 1 };
        let rows = i64::from(pack.pages[&L1P2].size.rows);
        let turn = turn_page(&pack, L1P2, Transform::MirrorNorthSouth).unwrap();
        let turned = after(&pack, &turn);
        for (other, side) in [(l1p1, Direction::West), (l2p1, Direction::East)] {
            let mut mirrored: Vec<i64> = touching(&pack, L1P2, other, side)
                .iter()
                .map(|i| rows - 1 - i)
                .collect();
            mirrored.sort_unstable();
            assert!(!mirrored.is_empty());
            assert_eq!(touching(&turned, L1P2, other, side), mirrored, "{other}");
        }
        assert_eq!(
            turn.message.as_deref(),
            Some(
                "Mirrored L1p2 north–south; its joins to L1p1 and L2p1 were moved to meet the \
                 same spaces; its join to L1p3 was removed: L1p2's north edge now faces south, \
                 and a join lays east against west or north against south (Undo brings them back)"
            )
        );
    }

    #[test]
    fn a_quarter_turn_removes_every_join_of_the_page_and_says_so() {
        let pack = crate::enormity::testutil::bundled_pack();
        let joins = turned_joins(&pack, L1P2, Transform::RotateClockwise);
        assert_eq!(joins.kept, Vec::<PageId>::new());
        let removed: Vec<String> = joins
            .removed
            .iter()
            .map(|(page, why)| format!("{page} {why:?}"))
            .collect();
        assert_eq!(
            removed,
            [
                "L1p1 Turned { was: West, now: North }",
                "L1p3 Turned { was: North, now: East }",
                "L2p1 Turned { was: East, now: South }",
            ]
        );
        let untouched: Vec<&Join> = pack
            .joins
            .iter()
            .filter(|j| j.from.page != L1P2 && j.to.page != L1P2)
            .collect();
        assert_eq!(joins.joins.iter().collect::<Vec<_>>(), untouched);
        let turn = turn_page(&pack, L1P2, Transform::RotateClockwise).unwrap();
        assert_eq!(
            turn.message.as_deref(),
            Some(
                "Rotated L1p2 clockwise; its joins to L1p1, L1p3 and L2p1 were removed: its \
                 joined edges now face other ways, and a join lays east against west or north \
                 against south (Undo brings them back)"
            )
        );
        // A page with no joins turns without a word about joins.
        let l2p4 = PageId { book: 2, page: 4 };
        let mut lone = pack.clone();
        lone.joins
            .retain(|j| j.from.page != l2p4 && j.to.page != l2p4);
        let turn = turn_page(&lone, l2p4, Transform::RotateClockwise).unwrap();
        assert_eq!(turn.message, None);
        assert_eq!(turn.edits.len(), 1);
    }

    #[test]
    fn a_kept_join_that_no_longer_closes_a_loop_is_removed() {
        // F (2 × 6) has C and E against its west edge; A lies between
        // them, C north of it and E south. C is wider than A and centred on
        // it, E is not: mirrored, A would put E where F does not.
        let mut pack = crate::enormity::testutil::bundled_pack();
        let id = |page| PageId { book: 3, page };
        let (a, c, e, f) = (id(1), id(2), id(3), id(4));
        pack.pages.clear();
        for (page, columns, rows) in [(a, 4, 2), (c, 6, 2), (e, 4, 2), (f, 2, 6)] {
            pack.pages
                .insert(page, Page::new(page, "TD", Size { columns, rows }));
        }
        let join = |from: PageEdge, to: PageEdge, offset: i32| Join {
            from,
            to,
            offset: Offset::spaces(offset),
            span: deckplan_schema::Span::default(),
            from_span: deckplan_schema::Span::default(),
            to_span: deckplan_schema::Span::default(),
            offset_span: None,
        };
        pack.start = f;
        pack.joins = vec![
            join(edge(c, Direction::East), edge(f, Direction::West), -4),
            join(edge(e, Direction::East), edge(f, Direction::West), 0),
            join(edge(a, Direction::North), edge(c, Direction::South), -1),
            join(edge(a, Direction::South), edge(e, Direction::North), 1),
        ];
        assert!(PackLayout::new(&pack).problems.is_empty());
        let joins = turned_joins(&pack, a, Transform::MirrorWestEast);
        assert_eq!(joins.kept, [c]);
        assert_eq!(joins.removed, [(e, LostJoin::Disagrees)]);
        assert_eq!(joins.joins.len(), 3);
        let mut turned = pack.clone();
        turned.joins = joins.joins;
        assert!(PackLayout::new(&turned).problems.is_empty());
    }

    fn l1p1() -> Page {
        let pack = crate::enormity::testutil::bundled_pack();
        pack.pages[&PageId { book: 1, page: 1 }].clone()
    }

    /// The page as a save writes it: what must come back unchanged.
    fn written(page: &Page) -> String {
        write_page(page)
    }

    #[test]
    fn four_quarter_turns_and_two_mirrors_give_the_page_back() {
        let page = l1p1();
        let mut turned = page.clone();
        for _ in 0..4 {
            turned = transformed(&turned, Transform::RotateClockwise);
        }
        assert_eq!(written(&turned), written(&page));
        for mirror in [Transform::MirrorWestEast, Transform::MirrorNorthSouth] {
            let twice = transformed(&transformed(&page, mirror), mirror);
            assert_eq!(written(&twice), written(&page));
        }
    }

    /// L1p1 with a scan laid under it at an awkward place and orientation.
    fn traced(turn: u16, mirrored: bool) -> Page {
        let mut page = l1p1();
        page.background = Some(Background {
            scale: 118.5,
            offset: [-0.3, 0.7],
            opacity: 0.4,
            turn,
            mirrored,
            ..Background::new("../scans/L1p1.png")
        });
        page
    }

    #[test]
    fn four_quarter_turns_and_two_mirrors_give_the_scan_back() {
        for (turn, mirrored) in [(0, false), (90, true), (180, false), (270, true)] {
            let page = traced(turn, mirrored);
            let mut turned = page.clone();
            for _ in 0..4 {
                turned = transformed(&turned, Transform::RotateClockwise);
            }
            assert_eq!(written(&turned), written(&page));
            assert_eq!(turned.background, page.background);
            for mirror in [Transform::MirrorWestEast, Transform::MirrorNorthSouth] {
                let twice = transformed(&transformed(&page, mirror), mirror);
                assert_eq!(twice.background, page.background);
            }
        }
    }

    #[test]
    fn a_turned_page_writes_its_scan_turned() {
        let turned = transformed(&traced(0, false), Transform::RotateClockwise);
        // L1p1 is 12 columns wide: the corner at (−0.3, 0.7) goes to (0.7, 12.3).
        assert!(
            written(&turned).ends_with(
                "[background]\nimage = \"../scans/L1p1.png\"\nscale = 118.5\noffset = [0.7, 12.3]\nopacity = 0.4\nturn = 90\n"
            ),
            "{}",
            written(&turned)
        );
        let mirrored = transformed(&traced(90, false), Transform::MirrorNorthSouth);
        let background = mirrored.background.unwrap();
        assert_eq!((background.turn, background.mirrored), (90, true));
        assert_eq!(background.offset, [-0.3, f64::from(l1p1().size.rows) - 0.7]);
    }

    #[test]
    fn a_scan_point_under_a_space_stays_under_that_space_turned() {
        use crate::enormity::background::Placement;
        let size = l1p1().size;
        let pixels = [[0.0, 0.0], [600.0, 500.0], [1199.0, 17.0], [35.5, 980.25]];
        for (turn, mirrored) in [(0, false), (90, false), (180, true), (270, true)] {
            let page = traced(turn, mirrored);
            let before = Placement::of(page.background.as_ref().unwrap(), [1200, 1000]);
            for how in [
                Transform::RotateClockwise,
                Transform::MirrorWestEast,
                Transform::MirrorNorthSouth,
            ] {
                let moved = transformed(&page, how);
                let after = Placement::of(moved.background.as_ref().unwrap(), [1200, 1000]);
                for pixel in pixels {
                    let [x, y] = before.page_point(pixel);
                    let expected = how.position(size, [x, y]);
                    let got = after.page_point(pixel);
                    assert!(
                        (got[0] - expected[0]).abs() < 1e-6 && (got[1] - expected[1]).abs() < 1e-6,
                        "{how:?} of a scan turned {turn} mirrored {mirrored}: pixel {pixel:?} at {got:?}, not {expected:?}"
                    );
                    // The space under the pixel is the image of the one it was under.
                    let space = |[x, y]: [f64; 2]| Space::new(x.floor() as u16, y.floor() as u16);
                    if (0.0..f64::from(size.columns)).contains(&x)
                        && (0.0..f64::from(size.rows)).contains(&y)
                        && x.fract().abs() > 1e-3
                        && y.fract().abs() > 1e-3
                    {
                        assert_eq!(space(got), how.space(size, space([x, y])));
                    }
                }
            }
        }
    }

    #[test]
    fn a_quarter_turn_moves_corners_walls_and_arrows_clockwise() {
        let size = Size {
            columns: 12,
            rows: 10,
        };
        let turn = Transform::RotateClockwise;
        assert_eq!(
            turn.size(size),
            Size {
                columns: 10,
                rows: 12
            }
        );
        // The south-west space A1 goes to the north-west corner: L1 on a 12-row page.
        assert_eq!(turn.space(size, Space::new(0, 0)), Space::new(0, 11));
        // The north-west space J1 goes to the north-east: L10.
        assert_eq!(turn.space(size, Space::new(0, 9)), Space::new(9, 11));
        // A1's north side becomes L1's east side.
        assert_eq!(
            turn.edge(size, Edge::horizontal(0, 1)),
            Edge::vertical(1, 11)
        );
        assert_eq!(turn.direction(Direction::North), Direction::East);
        assert_eq!(
            turn.intersection(size, Intersection { x: 0, y: 0 }),
            Intersection { x: 0, y: 12 }
        );
    }

    #[test]
    fn a_mirrored_page_keeps_every_feature() {
        let page = l1p1();
        let mirrored = transformed(&page, Transform::MirrorWestEast);
        let doors = |p: &Page| {
            p.edges
                .values()
                .filter(|f| matches!(f.kind, EdgeKind::Door(_)))
                .count()
        };
        assert_eq!(doors(&mirrored), doors(&page));
        assert_eq!(mirrored.edges.len(), page.edges.len());
        assert_eq!(mirrored.spaces.consoles.len(), page.spaces.consoles.len());
        assert_eq!(
            mirrored.intersections.spawn_points.len(),
            page.intersections.spawn_points.len()
        );
        // Console 1 on H5 of a 12-column page goes to H8.
        assert_eq!(page.spaces.consoles[&1].at, Space::new(4, 7));
        assert_eq!(mirrored.spaces.consoles[&1].at, Space::new(7, 7));
    }
}
