//! The edits of one user operation on a ship: a module placed with a fresh
//! id, moved, turned, a square painted, a door put on or taken off, a level
//! added, removed, renamed or moved (which renumbers the modules and doors
//! on the levels it shifts). Each returns the edits of one undo step.

use deckplan_schema::Span;
use deckplan_schema::battlestations::{Content, Door, Module, Role, Ship, Side, Square};
use deckplan_schema::id::Id;

use super::edit::{Edit, ListEdit};
use super::selection::card_position;

/// Most levels a ship has (the format's limit).
pub const MAX_LEVELS: usize = 8;

/// The first id of the form `base`, `base-2`, `base-3`… no module has.
/// `base` is a role's name, which is always an id.
pub fn fresh_module_id(ship: &Ship, base: &str) -> Option<Id> {
    // Of these `modules + 1` names, at least one is free.
    (1..=ship.modules.len() + 1)
        .map(|n| {
            if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            }
        })
        .filter_map(|text| Id::new(&text).ok())
        .find(|id| ship.module(*id).is_none())
}

/// A new module card of `role`, all floor, at a slot of a level.
pub fn new_module(
    ship: &Ship,
    role: Role,
    name: Option<String>,
    level: usize,
    at: (u16, u16),
) -> Option<Module> {
    let size = usize::from(ship.module_size);
    Some(Module {
        id: fresh_module_id(ship, role.name())?,
        role,
        name,
        level,
        at,
        quarters: 0,
        card: vec![vec![Content::Floor; size]; size],
        span: Span::default(),
        id_span: Span::default(),
        role_span: Span::default(),
        at_span: Span::default(),
        row_spans: Vec::new(),
    })
}

/// The module of an id, with its index.
fn find(ship: &Ship, id: Id) -> Option<(usize, &Module)> {
    ship.modules.iter().enumerate().find(|(_, m)| m.id == id)
}

/// Changes one module.
pub fn change_module(ship: &Ship, id: Id, change: impl FnOnce(&mut Module)) -> Vec<Edit> {
    let Some((index, module)) = find(ship, id) else {
        return Vec::new();
    };
    let mut changed = module.clone();
    change(&mut changed);
    if changed == *module {
        return Vec::new();
    }
    vec![Edit::Modules(ListEdit::Set(index, changed))]
}

/// The module another card already holds a slot of a level with, if any.
pub fn slot_holder(
    ship: &Ship,
    level: usize,
    at: (u16, u16),
    except: Option<Id>,
) -> Option<&Module> {
    ship.modules
        .iter()
        .find(|m| m.level == level && m.at == at && Some(m.id) != except)
}

/// Sets what stands on a ship square of a module (through its card).
pub fn paint(ship: &Ship, index: usize, square: Square, content: Content) -> Vec<Edit> {
    let Some(module) = ship.modules.get(index) else {
        return Vec::new();
    };
    let (x, y) = card_position(module, ship.module_size, square);
    if module.card.get(y).and_then(|r| r.get(x)) == Some(&content) {
        return Vec::new();
    }
    let mut changed = module.clone();
    if let Some(slot) = changed.card.get_mut(y).and_then(|r| r.get_mut(x)) {
        *slot = content;
    }
    vec![Edit::Modules(ListEdit::Set(index, changed))]
}

/// Puts an external door on a side of a square, or takes it off.
pub fn toggle_door(ship: &Ship, level: usize, square: Square, side: Side) -> Vec<Edit> {
    match ship
        .doors
        .iter()
        .position(|d| d.level == level && d.square == square && d.side == side)
    {
        Some(index) => vec![Edit::Doors(ListEdit::Remove(index))],
        None => vec![Edit::Doors(ListEdit::Insert(
            ship.doors.len(),
            Door {
                level,
                square,
                side,
                span: Span::default(),
            },
        ))],
    }
}

/// A level id of the form `level-N` the ship does not use, N counting from
/// the new level's place (`level-3` for a third).
fn fresh_level_id(levels: &[Id]) -> Option<Id> {
    (levels.len() + 1..=2 * levels.len() + 1)
        .filter_map(|n| Id::new(&format!("level-{n}")).ok())
        .find(|id| !levels.contains(id))
}

/// Adds a level above the others (a ship of one level becomes one of two).
pub fn add_level(ship: &Ship) -> Vec<Edit> {
    let mut levels = ship.levels.clone();
    if levels.len() >= MAX_LEVELS {
        return Vec::new();
    }
    let wanted = if levels.is_empty() {
        2
    } else {
        levels.len() + 1
    };
    while levels.len() < wanted {
        match fresh_level_id(&levels) {
            Some(id) => levels.push(id),
            None => return Vec::new(),
        }
    }
    vec![Edit::Levels(levels)]
}

/// Renumbers the modules and doors whose level `renumber` moves.
fn renumber(ship: &Ship, renumber: impl Fn(usize) -> usize) -> Vec<Edit> {
    let mut edits = Vec::new();
    for (index, module) in ship.modules.iter().enumerate() {
        let level = renumber(module.level);
        if level != module.level {
            let mut changed = module.clone();
            changed.level = level;
            edits.push(Edit::Modules(ListEdit::Set(index, changed)));
        }
    }
    for (index, door) in ship.doors.iter().enumerate() {
        let level = renumber(door.level);
        if level != door.level {
            let mut changed = *door;
            changed.level = level;
            edits.push(Edit::Doors(ListEdit::Set(index, changed)));
        }
    }
    edits
}

/// Removes a level with its modules and doors; the levels above move down.
/// A ship left with one level lists none.
pub fn remove_level(ship: &Ship, level: usize) -> Vec<Edit> {
    if ship.levels.len() < 2 || level >= ship.levels.len() {
        return Vec::new();
    }
    // Renumber first, while the indices are those of the file; then remove
    // from the end, so each index still names the same item.
    let mut edits = renumber(ship, |l| if l > level { l - 1 } else { l });
    for (index, _) in ship
        .modules
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, m)| m.level == level)
    {
        edits.push(Edit::Modules(ListEdit::Remove(index)));
    }
    for (index, _) in ship
        .doors
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, d)| d.level == level)
    {
        edits.push(Edit::Doors(ListEdit::Remove(index)));
    }
    let mut levels = ship.levels.clone();
    levels.remove(level);
    if levels.len() < 2 {
        levels.clear();
    }
    edits.push(Edit::Levels(levels));
    edits
}

/// Swaps a level with the one above (`up`) or below it, with their modules and doors.
pub fn move_level(ship: &Ship, level: usize, up: bool) -> Vec<Edit> {
    let other = if up { level + 1 } else { level.wrapping_sub(1) };
    if level >= ship.levels.len() || other >= ship.levels.len() {
        return Vec::new();
    }
    let mut edits = renumber(ship, |l| match l {
        l if l == level => other,
        l if l == other => level,
        l => l,
    });
    let mut levels = ship.levels.clone();
    levels.swap(level, other);
    edits.push(Edit::Levels(levels));
    edits
}

/// Renames a level; `Err` says why the name cannot be used.
pub fn rename_level(ship: &Ship, level: usize, name: &str) -> Result<Vec<Edit>, String> {
    let id = Id::new(name.trim()).map_err(|e| e.0)?;
    if ship.levels.get(level) == Some(&id) {
        return Ok(Vec::new());
    }
    if ship.levels.contains(&id) {
        return Err(format!("level `{id}` already exists"));
    }
    let mut levels = ship.levels.clone();
    match levels.get_mut(level) {
        Some(slot) => *slot = id,
        None => return Ok(Vec::new()),
    }
    Ok(vec![Edit::Levels(levels)])
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::battlestations::document::{Document, Opened};
    use crate::testutil::bundled;

    fn wayfarer() -> Document {
        match Document::open(&bundled("battlestations-wayfarer")).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        }
    }

    fn apply(doc: &mut Document, edits: Vec<Edit>) {
        let mut step = super::super::edit::Transaction::new("t");
        step.edits = edits;
        doc.apply(step).unwrap();
    }

    #[test]
    fn removing_the_lower_level_keeps_the_upper_one_alone_and_undoes_whole() {
        let mut doc = wayfarer();
        let before = doc.ship_text();
        let edits = remove_level(doc.ship(), 0);
        apply(&mut doc, edits);
        let ship = doc.ship();
        assert!(ship.levels.is_empty());
        let ids: Vec<&str> = ship.modules.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["observation", "quarters"]);
        assert!(ship.modules.iter().all(|m| m.level == 0));
        assert_eq!(ship.doors.len(), 1);
        assert_eq!(doc.ship_text().matches("H1 north").count(), 1);
        doc.undo().unwrap();
        assert_eq!(doc.ship_text(), before);
    }

    #[test]
    fn swapping_levels_renumbers_modules_and_doors() {
        let mut doc = wayfarer();
        let edits = move_level(doc.ship(), 0, true);
        apply(&mut doc, edits);
        let text = doc.ship_text();
        assert!(text.contains("levels = [\"upper\", \"lower\"]"), "{text}");
        assert!(text.contains("\"upper H1 north\""), "{text}");
        assert_eq!(doc.ship().modules[0].level, 1);
    }

    #[test]
    fn a_level_is_added_and_renamed_and_a_taken_name_refused() {
        let mut doc = wayfarer();
        let edits = add_level(doc.ship());
        apply(&mut doc, edits);
        assert_eq!(doc.ship().levels.len(), 3);
        assert_eq!(doc.ship().levels[2].as_str(), "level-3");
        assert_eq!(
            rename_level(doc.ship(), 2, "upper").unwrap_err(),
            "level `upper` already exists"
        );
        let edits = rename_level(doc.ship(), 2, "bridge").unwrap();
        apply(&mut doc, edits);
        assert_eq!(doc.ship().levels[2].as_str(), "bridge");
    }
}
