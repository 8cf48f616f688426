//! The canonical form of Nemesis files, written by `deckplan fmt`: fixed key
//! order, one blank line between tables, items in the order the file lists
//! them (a designer's order is information). Loading a canonical file and
//! writing it gives the same bytes.

use std::fmt::Write as _;

use super::model::*;
use super::resolve::{FORMAT_VERSION, RULESET};

use crate::toml_file::quote;

fn numbers(set: Numbers) -> String {
    let items: Vec<String> = set.iter().map(|n| n.to_string()).collect();
    format!("[{}]", items.join(", "))
}

fn strings(list: &[String]) -> String {
    if list.is_empty() {
        return "[]".to_string();
    }
    let mut out = String::from("[\n");
    for item in list {
        let _ = writeln!(out, "    {},", quote(item));
    }
    out.push(']');
    out
}

/// A ship file in canonical form.
pub fn write_ship(ship: &Ship) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "format = {FORMAT_VERSION}");
    let _ = writeln!(out, "ruleset = {}", quote(RULESET));
    let _ = writeln!(out, "name = {}", quote(&ship.name));
    if let Some(board) = &ship.board {
        let _ = writeln!(out, "board = {}", quote(board));
    }
    for room in &ship.rooms {
        let _ = write!(
            out,
            "\n[[rooms]]\nid = {}\nkind = {}\n",
            quote(room.id.as_str()),
            quote(room.kind.name())
        );
        if let Some(name) = &room.name {
            let _ = writeln!(out, "name = {}", quote(name));
        }
        let _ = writeln!(out, "at = [{}, {}]", room.at.0, room.at.1);
    }
    for corridor in &ship.corridors {
        let [a, b] = corridor.rooms;
        let _ = write!(
            out,
            "\n[[corridors]]\nbetween = [{}, {}]\nnumbers = {}\n",
            quote(a.as_str()),
            quote(b.as_str()),
            numbers(corridor.numbers)
        );
        if let Some(other) = corridor.other_end {
            let _ = writeln!(out, "other_end = {}", numbers(other));
        }
        if corridor.door {
            out.push_str("door = true\n");
        }
    }
    for network in &ship.networks {
        let _ = write!(
            out,
            "\n[[networks]]\nid = {}\nat = [{}, {}]\n",
            quote(network.id.as_str()),
            network.at.0,
            network.at.1
        );
    }
    for entrance in &ship.entrances {
        let _ = write!(
            out,
            "\n[[technical_entrances]]\nroom = {}\n",
            quote(entrance.room.as_str())
        );
        if let Some(set) = entrance.numbers {
            let _ = writeln!(out, "numbers = {}", numbers(set));
        }
        if let Some(network) = entrance.network {
            let _ = writeln!(out, "network = {}", quote(network.as_str()));
        }
        if entrance.door {
            out.push_str("door = true\n");
        }
    }
    for pod in &ship.escape_pods {
        let _ = write!(
            out,
            "\n[[escape_pods]]\nnumber = {}\nsection = {}\nroom = {}\n",
            pod.number,
            quote(pod.section.name()),
            quote(pod.room.as_str())
        );
    }
    if ship.tiles.span.is_some() {
        let _ = write!(
            out,
            "\n[tiles]\none = {}\ntwo = {}\n",
            strings(&ship.tiles.one),
            strings(&ship.tiles.two)
        );
    }
    out
}
