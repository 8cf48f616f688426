//! The edits of one user operation on a galaxy: a tile placed, moved or
//! swapped, a hyperlane turned or flipped, a seat placed or moved, a ring
//! added, a modifier added, renamed or removed, a map string pasted. Each returns the transaction (one undo step),
//! or `None` when the operation would change nothing.

use deckplan_schema::Span;
use deckplan_schema::ti4::catalogue::{Catalogue, Face};
use deckplan_schema::ti4::galaxy::{Effect, GalaxyFile, Home, Modifier};
use deckplan_schema::ti4::hex::Hex;
use deckplan_schema::ti4::limits::MAX_GALAXY_LIST;
use deckplan_schema::ti4::map_string::{self, MAX_RINGS, Slot};
use deckplan_schema::ti4::write::wormhole_name;

use super::edit::{Edit, ListEdit, Transaction};

/// What a slot is called in the Edit menu ("tile 26", "hyperlane 83A0").
pub fn slot_name(slot: Slot) -> String {
    match slot {
        Slot::Off => "no tile".to_string(),
        Slot::Open => "an open position".to_string(),
        Slot::System(number) => format!("tile {number}"),
        Slot::Hyperlane { .. } => format!("hyperlane {slot}"),
    }
}

fn at(galaxy: &GalaxyFile, index: u32) -> Option<Slot> {
    galaxy.tiles.get(&index).map(|p| p.slot)
}

fn one(label: String, edits: Vec<Edit>) -> Option<Transaction> {
    Some(Transaction { label, edits })
}

/// Puts `slot` on position `index`, replacing what was there.
pub fn place(galaxy: &GalaxyFile, index: u32, slot: Slot) -> Option<Transaction> {
    if at(galaxy, index) == Some(slot) {
        return None;
    }
    one(
        format!("Place {} at #{index}", slot_name(slot)),
        vec![Edit::Tile(index, Some(slot))],
    )
}

/// Takes the tile off position `index`.
pub fn clear(galaxy: &GalaxyFile, index: u32) -> Option<Transaction> {
    let slot = at(galaxy, index)?;
    one(
        format!("Clear #{index} ({})", slot_name(slot)),
        vec![Edit::Tile(index, None)],
    )
}

/// Moves the tile of `from` to `to`; what `to` held goes to `from`.
pub fn move_or_swap(galaxy: &GalaxyFile, from: u32, to: u32) -> Option<Transaction> {
    let moving = at(galaxy, from)?;
    if from == to {
        return None;
    }
    let there = at(galaxy, to);
    let label = match there {
        Some(other) => format!(
            "Swap #{from} and #{to} ({} and {})",
            slot_name(moving),
            slot_name(other)
        ),
        None => format!("Move {} from #{from} to #{to}", slot_name(moving)),
    };
    one(
        label,
        vec![Edit::Tile(to, Some(moving)), Edit::Tile(from, there)],
    )
}

/// Turns the hyperlane on `index` a sixth clockwise.
pub fn rotate(galaxy: &GalaxyFile, index: u32) -> Option<Transaction> {
    let Some(Slot::Hyperlane {
        number,
        face,
        rotation,
    }) = at(galaxy, index)
    else {
        return None;
    };
    let turned = Slot::Hyperlane {
        number,
        face,
        rotation: (rotation + 1) % 6,
    };
    one(
        format!("Turn hyperlane at #{index} to {turned}"),
        vec![Edit::Tile(index, Some(turned))],
    )
}

/// Turns the hyperlane on `index` over (face A ↔ B).
pub fn flip(galaxy: &GalaxyFile, index: u32) -> Option<Transaction> {
    let Some(Slot::Hyperlane {
        number,
        face,
        rotation,
    }) = at(galaxy, index)
    else {
        return None;
    };
    let face = match face {
        Face::A => Face::B,
        Face::B => Face::A,
    };
    let flipped = Slot::Hyperlane {
        number,
        face,
        rotation,
    };
    one(
        format!("Flip hyperlane at #{index} to {flipped}"),
        vec![Edit::Tile(index, Some(flipped))],
    )
}

/// A seat on `index` is removed; else a seat is put there, numbered with the
/// lowest number free, listed in seat order.
pub fn toggle_seat(galaxy: &GalaxyFile, index: u32) -> Option<Transaction> {
    let mut homes = galaxy.homes.clone();
    if let Some(found) = homes.iter().position(|h| h.position == index) {
        let seat = homes.remove(found).seat;
        return one(
            format!("Remove seat {seat} from #{index}"),
            vec![Edit::Homes(homes)],
        );
    }
    let seat = (1..=u8::MAX).find(|n| homes.iter().all(|h| h.seat != *n))?;
    let at = homes
        .iter()
        .position(|h| h.seat > seat)
        .unwrap_or(homes.len());
    homes.insert(
        at,
        Home {
            seat,
            position: index,
            span: Span::default(),
        },
    );
    one(
        format!("Put seat {seat} at #{index}"),
        vec![Edit::Homes(homes)],
    )
}

/// Moves seat `seat` to position `index`; a seat already there takes its place.
pub fn move_seat(galaxy: &GalaxyFile, seat: u8, index: u32) -> Option<Transaction> {
    let mut homes = galaxy.homes.clone();
    let from = homes.iter().find(|h| h.seat == seat)?.position;
    if from == index {
        return None;
    }
    for home in &mut homes {
        if home.seat == seat {
            home.position = index;
        } else if home.position == index {
            home.position = from;
        }
    }
    one(
        format!("Move seat {seat} to #{index}"),
        vec![Edit::Homes(homes)],
    )
}

/// Sets how many rings the layout has (1 to the most a map string reaches).
pub fn set_rings(galaxy: &GalaxyFile, rings: u32) -> Option<Transaction> {
    if rings == galaxy.rings || !(1..=MAX_RINGS).contains(&rings) {
        return None;
    }
    let label = if rings > galaxy.rings {
        format!("Add ring {rings}")
    } else {
        format!("Remove ring {}", galaxy.rings)
    };
    one(label, vec![Edit::Rings(rings)])
}

/// Sets a tile beside the board (51, 82) or takes it away.
pub fn toggle_off_board(galaxy: &GalaxyFile, number: u16) -> Option<Transaction> {
    let mut numbers = galaxy.off_board.clone();
    let label = if let Some(found) = numbers.iter().position(|n| *n == number) {
        numbers.remove(found);
        format!("Take tile {number} from beside the board")
    } else {
        numbers.push(number);
        numbers.sort_unstable();
        format!("Set tile {number} beside the board")
    };
    one(label, vec![Edit::OffBoard(numbers)])
}

/// Switches modifier `index` on or off.
pub fn switch_modifier(galaxy: &GalaxyFile, index: usize, enabled: bool) -> Option<Transaction> {
    let modifier = galaxy.modifiers.get(index)?;
    if modifier.enabled == enabled {
        return None;
    }
    let verb = if enabled { "on" } else { "off" };
    let switched = Modifier {
        enabled,
        ..modifier.clone()
    };
    one(
        format!("Switch “{}” {verb}", modifier.name),
        vec![Edit::Modifiers(ListEdit::Set(index, switched))],
    )
}

/// What a modifier does, in words ("joins alpha and beta", "blocks #1–#7").
pub fn effect_text(effect: Effect) -> String {
    match effect {
        Effect::Join(a, b) => format!("joins {} and {}", wormhole_name(a), wormhole_name(b)),
        Effect::Block(a, b) => format!("blocks #{a}–#{b}"),
    }
}

/// Why the galaxy file would refuse this effect, as its reader words it.
fn refused_effect(galaxy: &GalaxyFile, effect: Effect) -> Option<String> {
    match effect {
        Effect::Join(a, b) if a == b => {
            Some("a join names two different wormhole types".to_string())
        }
        Effect::Join(..) => None,
        Effect::Block(a, b) if Hex::from_index(a).distance(Hex::from_index(b)) != 1 => {
            Some(format!(
                "#{a} and #{b} do not touch: a blocked border lies between two positions whose sides touch"
            ))
        }
        Effect::Block(a, b) => [a, b]
            .into_iter()
            .find(|p| !galaxy.tiles.contains_key(p))
            .map(|p| {
                format!("#{p} holds no tile: a blocked border lies between two placed positions")
            }),
    }
}

/// Adds a modifier at the end of the list; a block is stored with its lower
/// position first, as the file reads it. Refused (with the reason) when
/// the file would not read it back: an empty name, a join of one wormhole
/// type, a block between positions that do not touch or hold no tile.
pub fn add_modifier(
    galaxy: &GalaxyFile,
    name: &str,
    effect: Effect,
    enabled: bool,
) -> Result<Transaction, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a modifier needs a name".to_string());
    }
    if galaxy.modifiers.len() >= MAX_GALAXY_LIST {
        return Err(format!(
            "a galaxy defines at most {MAX_GALAXY_LIST} modifiers"
        ));
    }
    if let Some(why) = refused_effect(galaxy, effect) {
        return Err(why);
    }
    let effect = match effect {
        Effect::Block(a, b) => Effect::Block(a.min(b), a.max(b)),
        join @ Effect::Join(..) => join,
    };
    let modifier = Modifier {
        name: name.to_string(),
        effect,
        enabled,
        span: Span::default(),
    };
    Ok(Transaction {
        label: format!("Add modifier “{name}” ({})", effect_text(effect)),
        edits: vec![Edit::Modifiers(ListEdit::Insert(
            galaxy.modifiers.len(),
            modifier,
        ))],
    })
}

/// Takes modifier `index` out of the galaxy.
pub fn remove_modifier(galaxy: &GalaxyFile, index: usize) -> Option<Transaction> {
    let modifier = galaxy.modifiers.get(index)?;
    one(
        format!("Remove modifier “{}”", modifier.name),
        vec![Edit::Modifiers(ListEdit::Remove(index))],
    )
}

/// Renames modifier `index`; an empty name is refused, the same name changes nothing.
pub fn rename_modifier(
    galaxy: &GalaxyFile,
    index: usize,
    name: &str,
) -> Result<Option<Transaction>, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("a modifier needs a name".to_string());
    }
    let Some(modifier) = galaxy.modifiers.get(index) else {
        return Ok(None);
    };
    if modifier.name == name {
        return Ok(None);
    }
    let renamed = Modifier {
        name: name.to_string(),
        ..modifier.clone()
    };
    Ok(one(
        format!("Rename modifier “{}” to “{name}”", modifier.name),
        vec![Edit::Modifiers(ListEdit::Set(index, renamed))],
    ))
}

/// The galaxy as a map string, exactly as `deckplan export --map-string` prints it.
pub fn map_string(galaxy: &GalaxyFile) -> String {
    map_string::write(&galaxy.galaxy())
}

/// Reads a map string into the galaxy as `deckplan import --map-string`
/// does (seats on home systems and on open positions of the outer ring);
/// the galaxy keeps its name, custom tiles, modifiers and check levels.
/// Errors are the ones `import` prints, one a line.
pub fn paste_map_string(
    galaxy: &GalaxyFile,
    text: &str,
    catalogue: &Catalogue,
) -> Result<Option<Transaction>, String> {
    let parsed = map_string::parse(text.trim(), catalogue).map_err(|errors| {
        errors
            .iter()
            .map(|e| format!("map string: {e}"))
            .collect::<Vec<_>>()
            .join("\n")
    })?;
    let read = GalaxyFile::from_galaxy(&galaxy.name, &parsed, catalogue);
    let pasted = GalaxyFile {
        custom: galaxy.custom.clone(),
        modifiers: galaxy.modifiers.clone(),
        lint: galaxy.lint.clone(),
        ..read
    };
    if super::edit::state(&pasted) == super::edit::state(galaxy) {
        return Ok(None);
    }
    Ok(one(
        "Paste map string".to_string(),
        vec![Edit::Galaxy(Box::new(pasted))],
    ))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::history::History;
    use crate::ti4::document::tests::five_players;
    use crate::ti4::edit::state;

    fn applied(galaxy: &mut GalaxyFile, op: impl Fn(&GalaxyFile) -> Option<Transaction>) -> String {
        let step = op(galaxy).unwrap();
        let label = step.label.clone();
        History::new().apply(galaxy, step).unwrap();
        label
    }

    #[test]
    fn moves_swaps_turns_and_flips_change_exactly_their_positions() {
        let mut galaxy = five_players().model;
        // #4 holds 85A0, #5 holds 39.
        assert_eq!(
            applied(&mut galaxy, |g| move_or_swap(g, 4, 5)),
            "Swap #4 and #5 (hyperlane 85A0 and tile 39)"
        );
        assert_eq!(
            galaxy.slot(deckplan_schema::ti4::hex::Hex::from_index(4)),
            Slot::System(39)
        );
        assert_eq!(
            applied(&mut galaxy, |g| rotate(g, 5)),
            "Turn hyperlane at #5 to 85A1"
        );
        assert_eq!(
            applied(&mut galaxy, |g| flip(g, 5)),
            "Flip hyperlane at #5 to 85B1"
        );
        assert!(rotate(&galaxy, 4).is_none(), "a system does not turn");
        assert_eq!(applied(&mut galaxy, |g| clear(g, 4)), "Clear #4 (tile 39)");
        assert_eq!(
            applied(&mut galaxy, |g| move_or_swap(g, 5, 4)),
            "Move hyperlane 85B1 from #5 to #4"
        );
        assert!(move_or_swap(&galaxy, 5, 4).is_none(), "nothing to move");
    }

    #[test]
    fn seats_take_the_lowest_free_number_and_swap_when_moved_onto_each_other() {
        let mut galaxy = five_players().model;
        assert_eq!(
            applied(&mut galaxy, |g| toggle_seat(g, 22)),
            "Remove seat 2 from #22"
        );
        assert_eq!(
            applied(&mut galaxy, |g| toggle_seat(g, 20)),
            "Put seat 2 at #20"
        );
        assert_eq!(
            applied(&mut galaxy, |g| move_seat(g, 1, 20)),
            "Move seat 1 to #20"
        );
        let seats: Vec<(u8, u32)> = galaxy.homes.iter().map(|h| (h.seat, h.position)).collect();
        assert_eq!(seats, [(1, 20), (2, 19), (3, 25), (4, 31), (5, 34)]);
    }

    #[test]
    fn a_pasted_map_string_is_one_step_and_a_bad_one_says_what_import_says() {
        let mut galaxy = five_players().model;
        let catalogue = deckplan_validator::ti4::builtin_catalogue().unwrap();
        let before = state(&galaxy);
        let text = map_string(&galaxy);
        assert!(
            paste_map_string(&galaxy, &text, catalogue)
                .unwrap()
                .is_none()
        );
        let step = paste_map_string(&galaxy, "26 39 25", catalogue)
            .unwrap()
            .unwrap();
        let mut history = History::new();
        history.apply(&mut galaxy, step).unwrap();
        assert_eq!(map_string(&galaxy), "26 39 25");
        history.undo(&mut galaxy).unwrap();
        assert_eq!(state(&galaxy), before);
        let error = paste_map_string(&galaxy, "26 999 25", catalogue).unwrap_err();
        assert!(error.starts_with("map string: "), "{error}");
    }

    #[test]
    fn modifiers_are_added_renamed_and_removed_each_in_one_undoable_step() {
        use deckplan_schema::ti4::catalogue::Wormhole;
        let mut galaxy = five_players().model;
        let before = state(&galaxy);
        let mut history = History::new();
        let join = Effect::Join(Wormhole::Alpha, Wormhole::Beta);
        let step = add_modifier(&galaxy, "  Reconstruction ", join, false).unwrap();
        assert_eq!(
            step.label,
            "Add modifier “Reconstruction” (joins alpha and beta)"
        );
        history.apply(&mut galaxy, step).unwrap();
        let step = add_modifier(&galaxy, "Wall", Effect::Block(7, 1), true).unwrap();
        assert_eq!(step.label, "Add modifier “Wall” (blocks #1–#7)");
        history.apply(&mut galaxy, step).unwrap();
        let added: Vec<_> = galaxy
            .modifiers
            .iter()
            .map(|m| (m.name.as_str(), m.effect, m.enabled))
            .collect();
        assert_eq!(
            added,
            [
                ("Reconstruction", join, false),
                ("Wall", Effect::Block(1, 7), true)
            ]
        );
        assert!(rename_modifier(&galaxy, 1, "Wall").unwrap().is_none());
        let step = rename_modifier(&galaxy, 1, "Rift").unwrap().unwrap();
        assert_eq!(step.label, "Rename modifier “Wall” to “Rift”");
        history.apply(&mut galaxy, step).unwrap();
        assert_eq!(
            galaxy.modifiers.get(1).map(|m| m.name.as_str()),
            Some("Rift")
        );
        let step = remove_modifier(&galaxy, 0).unwrap();
        assert_eq!(step.label, "Remove modifier “Reconstruction”");
        history.apply(&mut galaxy, step).unwrap();
        assert_eq!(galaxy.modifiers.len(), 1);
        assert!(remove_modifier(&galaxy, 1).is_none());
        history.undo(&mut galaxy).unwrap();
        assert_eq!(
            galaxy.modifiers.first().map(|m| m.name.as_str()),
            Some("Reconstruction")
        );
        history.undo(&mut galaxy).unwrap();
        history.undo(&mut galaxy).unwrap();
        history.undo(&mut galaxy).unwrap();
        assert_eq!(state(&galaxy), before);
    }

    #[test]
    fn a_modifier_the_file_would_refuse_is_never_written() {
        use deckplan_schema::ti4::catalogue::Wormhole;
        let mut galaxy = five_players().model;
        let refused =
            |g: &GalaxyFile, name: &str, effect| add_modifier(g, name, effect, true).unwrap_err();
        let join = Effect::Join(Wormhole::Alpha, Wormhole::Beta);
        assert_eq!(refused(&galaxy, " ", join), "a modifier needs a name");
        assert_eq!(
            refused(
                &galaxy,
                "Same",
                Effect::Join(Wormhole::Beta, Wormhole::Beta)
            ),
            "a join names two different wormhole types"
        );
        assert_eq!(
            refused(&galaxy, "Far", Effect::Block(1, 4)),
            "#1 and #4 do not touch: a blocked border lies between two positions whose sides touch"
        );
        galaxy.tiles.remove(&7);
        assert_eq!(
            refused(&galaxy, "Empty", Effect::Block(1, 7)),
            "#7 holds no tile: a blocked border lies between two placed positions"
        );
        let step = add_modifier(&galaxy, "Ok", join, true).unwrap();
        History::new().apply(&mut galaxy, step).unwrap();
        assert_eq!(
            rename_modifier(&galaxy, 0, "").unwrap_err(),
            "a modifier needs a name"
        );
    }

    #[test]
    fn rings_stay_within_what_a_map_string_reaches() {
        let galaxy = five_players().model;
        assert_eq!(set_rings(&galaxy, 4).unwrap().label, "Add ring 4");
        assert_eq!(set_rings(&galaxy, 2).unwrap().label, "Remove ring 3");
        assert!(set_rings(&galaxy, 0).is_none());
        assert!(set_rings(&galaxy, MAX_RINGS + 1).is_none());
    }
}
