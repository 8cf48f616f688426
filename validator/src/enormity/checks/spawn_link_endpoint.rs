//! S004: spawn-cluster links with an end that is not a spawn point.

use deckplan_schema::enormity::{Intersection, LocationPlace, Page};

use super::Finding;
use crate::enormity::board::Board;

declare_check! {
    /// ## What it checks
    /// A spawn cluster is one or more spawn points joined by red dashed links. Each end
    /// of every `spawn_links` entry must be one of the page's `spawn_points`.
    ///
    /// ## Why it matters
    /// At setup one Blip is placed per cluster, on one of its spawn points. A link that
    /// ends on a bare intersection is a misplaced link or a forgotten spawn point, and
    /// changes how many clusters — and so how many starting Blips — the page has.
    ///
    /// ## Example
    /// ```toml
    /// spawn_points = ["C2 ne", "C5 ne"]
    /// spawn_links = [["C2 ne", "B5 ne"]]
    /// ```
    ///
    /// ## How to fix
    /// Add the end to `spawn_points`, or move the link's end onto a spawn point.
    code: "S004",
    name: "spawn-link-endpoint",
    severity: Error,
}

/// Reports every link with a bare end, naming the end.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    for page in board.pack.pages.values() {
        let points = &page.intersections.spawn_points;
        for link in &page.intersections.spawn_links {
            let bare: Vec<Intersection> = [link.a, link.b]
                .into_iter()
                .filter(|end| !points.contains_key(end))
                .collect();
            let place = LocationPlace::SpawnLink {
                page: page.id,
                from: link.a,
                to: link.b,
            };
            let (message, help) = match bare.as_slice() {
                [] => continue,
                [end] => {
                    let other = if *end == link.a { link.b } else { link.a };
                    let help = match next_to(page, *end, other) {
                        Some(near) => {
                            format!("did you mean `{near}`? If not, add `{end}` to `spawn_points`")
                        }
                        None => format!(
                            "add `{end}` to `spawn_points`, or move this end of the link onto a spawn point"
                        ),
                    };
                    (
                        format!("this spawn link ends on {end}, which is not a spawn point"),
                        help,
                    )
                }
                _ => (
                    format!(
                        "neither end of this spawn link, {} nor {}, is a spawn point",
                        link.a, link.b
                    ),
                    format!(
                        "add `{}` and `{}` to `spawn_points`, or move the link onto spawn points",
                        link.a, link.b
                    ),
                ),
            };
            out.push(super::on_page(page, link.span, place, message).help(help));
        }
    }
}

/// A spawn point one step (straight or diagonal) from `end`, other than the link's
/// other end: the likely intended end when a corner was mistyped.
fn next_to(page: &Page, end: Intersection, other: Intersection) -> Option<Intersection> {
    page.intersections
        .spawn_points
        .keys()
        .copied()
        .filter(|p| *p != other && p.x.abs_diff(end.x) <= 1 && p.y.abs_diff(end.y) <= 1)
        .min_by_key(|p| (p.x.abs_diff(end.x) + p.y.abs_diff(end.y), p.reading_order()))
}
