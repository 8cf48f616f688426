//! A005: Location arrows whose target page is missing or not laid where they point.

use std::collections::HashMap;

use deckplan_schema::{
    enormity::{Direction, Join, LocationPlace, Page, PageEdge, PageId, Space},
    suggest,
};

use super::location_arrow_placement::points_off;
use super::{Finding, list_some};
use crate::enormity::board::spacer::crossings;
use crate::enormity::board::{Board, PageSpace};

declare_check! {
    /// ## What it checks
    /// The page a Location arrow names must be in the pack and be joined to the edge the
    /// arrow points across, and the arrow's space must face it: at least one space of the
    /// target page lies across the edge from the arrow (with a join offset, a page may
    /// cover only part of the edge). Arrows that do not point off their page are left to
    /// `location-arrow-placement`, and joins that cannot be laid out to `impossible-join`.
    ///
    /// ## Why it matters
    /// A Spacer who stops on the arrow reveals the target page and lays it against the
    /// current one where the arrow points. A missing page, or one joined elsewhere,
    /// means the printed arrow and the pack disagree about the board.
    ///
    /// ## Example
    /// `{ at = "F12", direction = "east", target = "L2p1" }` while `pack.toml` joins
    /// `L2p1 west` to `L1p2 north`, or to `L1p2 east` with an offset that leaves row F
    /// facing nothing.
    ///
    /// ## How to fix
    /// Name the page that is joined there, or add or correct the join in `pack.toml`
    /// (`from = "L1p2 east"`, `to = "L2p1 west"`), or move the arrow to a space that faces
    /// the target page.
    code: "A005",
    name: "location-arrow-target",
    severity: Error,
}

/// Reports every Location arrow whose target is not where it points.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let pack = board.pack;
    let names: Vec<String> = pack.pages.keys().map(PageId::to_string).collect();
    // Walking an edge is linear in its length: do it once per edge and target.
    let mut facing_cache: HashMap<(PageId, Direction, PageId), Vec<String>> = HashMap::new();
    for page in pack.pages.values() {
        for (&space, arrow) in &page.spaces.location_arrows {
            let (direction, target) = (arrow.direction, arrow.target);
            let finding = |message: String, help: String| {
                super::on_page(
                    page,
                    arrow.target_span,
                    LocationPlace::space(page.id, space),
                    message,
                )
                .help(help)
            };
            if !pack.pages.contains_key(&target) {
                let help = missing_target_help(board, page.id, direction, target, &names);
                out.push(finding(
                    format!(
                        "the Location arrow on {space} leads to {target}, which is not in this pack"
                    ),
                    help,
                ));
                continue;
            }
            if !points_off(page, space, direction) {
                continue; // A004: it points across no edge.
            }
            let edge = PageEdge {
                page: page.id,
                side: direction,
            };
            let across: Vec<PageId> = board
                .layout
                .across(page.id, direction)
                .map(|(_, id)| id)
                .collect();
            if !across.contains(&target) {
                let broken = board.layout.problems.iter().any(|(i, _)| {
                    pack.joins
                        .get(*i)
                        .is_some_and(|j| connects(j, edge, target))
                });
                if broken {
                    continue; // A003 reports the join.
                }
                let message = if target == page.id {
                    format!(
                        "the Location arrow on {space} points {direction} to its own page {target}"
                    )
                } else {
                    format!(
                        "the Location arrow on {space} points {direction} to {target}, but {target} \
                         is not joined to {edge}"
                    )
                };
                out.push(finding(
                    message,
                    not_joined_help(board, edge, target, &across),
                ));
                continue;
            }
            let at = PageSpace {
                page: page.id,
                space,
            };
            let faces = crossings(pack, &board.layout, at, direction)
                .iter()
                .any(|c| c.to.page == target);
            if faces {
                continue;
            }
            let facing = facing_cache
                .entry((page.id, direction, target))
                .or_insert_with(|| facing_runs(board, page, direction, target));
            let help = if facing.is_empty() {
                "move the arrow onto a space that faces it, or change the join's offset".to_string()
            } else {
                format!(
                    "{target} lies across {} on the {direction} edge; move the arrow there, \
                     or change the join's offset",
                    list_some(facing, 3)
                )
            };
            out.push(finding(
                format!(
                    "the Location arrow on {space} points {direction} to {target}, but no space \
                     of {target} lies across from {space}"
                ),
                help,
            ));
        }
    }
}

/// What a Location arrow naming a page the pack lacks should name instead:
/// the page joined across the edge it points over, if any; else the closest
/// page name other than the arrow's own page (an arrow never reveals the page
/// it is printed on).
fn missing_target_help(
    board: &Board<'_>,
    own: PageId,
    direction: Direction,
    target: PageId,
    names: &[String],
) -> String {
    let across: Vec<String> = board
        .layout
        .across(own, direction)
        .map(|(_, id)| id)
        .filter(|id| *id != own)
        .map(|id| id.to_string())
        .collect();
    let edge = PageEdge {
        page: own,
        side: direction,
    };
    if let Some(first) = across.first() {
        return format!(
            "{} is joined to {edge}: did you mean `{first}`?",
            list_some(&across, 3)
        );
    }
    let own_name = own.to_string();
    let others = names.iter().map(String::as_str).filter(|n| *n != own_name);
    match suggest::closest(&target.to_string(), others) {
        Some(best) => format!("did you mean `{best}`?"),
        None => {
            let others: Vec<String> = names.iter().filter(|n| **n != own_name).cloned().collect();
            match others.as_slice() {
                [] => format!("{own} is the only page of this pack; add the target page"),
                _ => format!("pages in this pack: {}", list_some(&others, 8)),
            }
        }
    }
}

/// How to lay the target page where the arrow points.
fn not_joined_help(board: &Board<'_>, edge: PageEdge, target: PageId, across: &[PageId]) -> String {
    let there: Vec<String> = across.iter().map(PageId::to_string).collect();
    if target == edge.page {
        return match there.as_slice() {
            [] => {
                format!("name the page to be laid against {edge}, and join it there in pack.toml")
            }
            _ => format!(
                "{} is joined to {edge}: name it as the target",
                list_some(&there, 3)
            ),
        };
    }
    let facing = PageEdge {
        page: target,
        side: edge.side.opposite(),
    };
    let join = format!("add a `[[joins]]` entry with `from = \"{edge}\"` and `to = \"{facing}\"`");
    if !there.is_empty() {
        return format!(
            "{} is joined to {edge}: name it as the target, or {join}",
            list_some(&there, 3)
        );
    }
    let elsewhere = Direction::ALL.into_iter().find(|d| {
        board
            .layout
            .across(edge.page, *d)
            .any(|(_, id)| id == target)
    });
    match elsewhere {
        Some(side) => format!(
            "{target} is joined to the {side} edge of {}: point the arrow {side} from a space \
             on that edge, or move the join to `from = \"{edge}\"`, `to = \"{facing}\"`",
            edge.page
        ),
        None => join,
    }
}

/// Whether a join lays `target` against `edge`.
fn connects(join: &Join, edge: PageEdge, target: PageId) -> bool {
    (join.from == edge && join.to.page == target) || (join.to == edge && join.from.page == target)
}

/// The runs of edge spaces on the `direction` edge of `page` that face `target`,
/// like `A5-A9`.
fn facing_runs(
    board: &Board<'_>,
    page: &Page,
    direction: Direction,
    target: PageId,
) -> Vec<String> {
    let last_col = page.size.columns.saturating_sub(1);
    let last_row = page.size.rows.saturating_sub(1);
    let edge_spaces: Vec<Space> = match direction {
        Direction::North => (0..page.size.columns)
            .map(|c| Space::new(c, last_row))
            .collect(),
        Direction::South => (0..page.size.columns).map(|c| Space::new(c, 0)).collect(),
        Direction::East => (0..page.size.rows)
            .map(|r| Space::new(last_col, r))
            .collect(),
        Direction::West => (0..page.size.rows).map(|r| Space::new(0, r)).collect(),
    };
    let mut runs: Vec<(Space, Space)> = Vec::new();
    let mut open = false;
    for space in edge_spaces {
        let at = PageSpace {
            page: page.id,
            space,
        };
        let faces = crossings(board.pack, &board.layout, at, direction)
            .iter()
            .any(|c| c.to.page == target);
        match (faces, open, runs.last_mut()) {
            (true, true, Some((_, last))) => *last = space,
            (true, _, _) => runs.push((space, space)),
            _ => {}
        }
        open = faces;
    }
    runs.into_iter()
        .map(|(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            }
        })
        .collect()
}
