//! The canonical form of Battlestations files, written by `deckplan fmt`:
//! fixed key order, one blank line between tables, modules and doors in the
//! order the file lists them, a module's card rows one per line so the shape
//! of a module shows in a diff. Loading a canonical file and writing it gives
//! the same bytes.

use std::fmt::Write as _;

use super::model::*;
use super::resolve::{FORMAT_VERSION, RULESET};

use crate::toml_file::quote;

/// A door as written: `[LEVEL ]SQUARE SIDE`.
pub fn door_text(ship: &Ship, door: &Door) -> String {
    match ship.level_id(door.level) {
        Some(level) => format!("{level} {} {}", door.square, door.side),
        None => format!("{} {}", door.square, door.side),
    }
}

/// A ship file in canonical form.
pub fn write_ship(ship: &Ship) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "format = {FORMAT_VERSION}");
    let _ = writeln!(out, "ruleset = {}", quote(RULESET));
    let _ = writeln!(out, "name = {}", quote(&ship.name));
    let _ = writeln!(out, "module_size = {}", ship.module_size);
    let _ = writeln!(out, "forward = {}", quote(ship.forward.name()));
    if !ship.levels.is_empty() {
        let levels: Vec<String> = ship.levels.iter().map(|l| quote(l.as_str())).collect();
        let _ = writeln!(out, "levels = [{}]", levels.join(", "));
    }
    if !ship.doors.is_empty() {
        out.push_str("doors = [\n");
        for door in &ship.doors {
            let _ = writeln!(out, "    {},", quote(&door_text(ship, door)));
        }
        out.push_str("]\n");
    }
    for module in &ship.modules {
        let _ = write!(
            out,
            "\n[[modules]]\nid = {}\nrole = {}\n",
            quote(module.id.as_str()),
            quote(module.role.name())
        );
        if let Some(name) = &module.name {
            let _ = writeln!(out, "name = {}", quote(name));
        }
        if let Some(level) = ship.level_id(module.level) {
            let _ = writeln!(out, "level = {}", quote(level.as_str()));
        }
        let _ = writeln!(out, "at = [{}, {}]", module.at.0, module.at.1);
        if module.quarters != 0 {
            let _ = writeln!(out, "rotation = {}", u16::from(module.quarters) * 90);
        }
        let all_floor = module
            .card
            .iter()
            .all(|row| row.iter().all(|c| *c == Content::Floor));
        if !all_floor {
            out.push_str("squares = [\n");
            for row in &module.card {
                let text: String = row.iter().map(|c| c.symbol()).collect();
                let _ = writeln!(out, "    {},", quote(&text));
            }
            out.push_str("]\n");
        }
    }
    out
}
