//! R002: areas reachable only through a door that nothing opens.

use deckplan_schema::enormity::LocationPlace;
use std::collections::{HashSet, VecDeque};

use super::Finding;
use crate::enormity::board::Board;
use crate::enormity::board::spacer::DoorRef;
use crate::movement::Node;

declare_check! {
    /// ## What it checks
    /// Doors are closed at setup and open only through an effect such as a console or a
    /// keycard. This check finds board spaces that Spacers could reach only through a
    /// door that no console or keycard they can reach opens, and names the door.
    ///
    /// ## Why it matters
    /// Unless an effect outside the map (a Mythos Book entry, an event) opens the door,
    /// the area behind it is never played.
    ///
    /// ## Example
    /// Door 3 leads to the vault, but no console lists `opens = [3]` and no keycard does.
    ///
    /// ## How to fix
    /// Add the door's number to the `opens` list of a console or keycard on the same
    /// page that Spacers can reach without passing that door — or allow the check for
    /// the page with a reason when a story effect opens it.
    code: "R002",
    name: "door-without-opener",
    severity: Warning,
}

/// Reports each door on the edge of the openable area that stays shut.
pub fn run(board: &Board<'_>, out: &mut Vec<Finding>) {
    let reach = &board.reach;
    let mut reported: HashSet<DoorRef> = HashSet::new();
    // Across a join where both pages draw a door, each shut one is named.
    let doors = board
        .spacer
        .moves()
        .steps()
        .flat_map(|(from, to, step)| step.doors().map(move |door| (from, to, door)));
    for (from, to, door) in doors {
        let leads_out = reach.openable.contains(&from)
            && !reach.openable.contains(&to)
            && reach.all_doors.contains(&to);
        // The bitmaps first: most doors lead nowhere new.
        if !leads_out || reach.opened.contains(&(door.page, door.number)) || !reported.insert(door)
        {
            continue;
        }
        let Some(page) = board.pack.pages.get(&door.page) else {
            continue;
        };
        let Some(feature) = page.edge(door.edge) else {
            continue;
        };
        let behind = count_behind(board, to);
        let place = LocationPlace::door(page, door.number, door.edge);
        let message = format!(
            "{} reachable only through {}, which nothing Spacers can reach opens",
            if behind == 1 {
                "1 board space is".to_string()
            } else {
                format!("{behind} board spaces are")
            },
            place.on_page()
        );
        let help = match reach.openers.get(&(door.page, door.number)) {
            Some(openers) => {
                let names: Vec<String> = openers
                    .iter()
                    .map(|o| match o.console {
                        Some(n) => format!("console {n} at {}", o.at),
                        None => format!("the keycard at {}", o.at),
                    })
                    .collect();
                format!(
                    "{} opens it, but lies where Spacers cannot get without it",
                    names.join(" and ")
                )
            }
            None => format!(
                "add `{}` to the `opens` list of a console or keycard on {}",
                door.number, door.page
            ),
        };
        out.push(super::on_page(page, feature.span, place, message).help(help));
    }
}

/// How many spaces lie behind a door: reachable with every door open, but not otherwise.
fn count_behind(board: &Board<'_>, start: Node) -> usize {
    let reach = &board.reach;
    let graph = board.spacer.moves();
    let mut seen: HashSet<Node> = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for (next, _) in graph.steps_from(node) {
            if reach.all_doors.contains(&next)
                && !reach.openable.contains(&next)
                && seen.insert(next)
            {
                queue.push_back(next);
            }
        }
    }
    seen.len()
}
