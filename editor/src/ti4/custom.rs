//! Custom tiles: a homebrew system added, changed or taken out, each as one
//! undo step. What the galaxy file would not read back is refused with the
//! reason, and so is taking out a tile the map still holds. A renumbered
//! tile takes its positions and its place beside the board with it.

use deckplan_schema::Span;
use deckplan_schema::ti4::catalogue::{Catalogue, Expansion};
use deckplan_schema::ti4::galaxy::{CustomTile, GalaxyFile};
use deckplan_schema::ti4::limits::MAX_GALAXY_LIST;
use deckplan_schema::ti4::map_string::Slot;

use super::edit::{Edit, ListEdit, Transaction};

/// Where custom numbers start: clear of every published tile, as the
/// format's help advises.
pub const FIRST_NUMBER: u16 = 1000;

/// The lowest number from [`FIRST_NUMBER`] up that no custom tile has.
pub fn next_number(galaxy: &GalaxyFile) -> Option<u16> {
    (FIRST_NUMBER..=u16::MAX).find(|n| galaxy.custom.iter().all(|c| c.system.number != *n))
}

/// The positions holding system tile `number`, in spiral order.
pub fn placements(galaxy: &GalaxyFile, number: u16) -> Vec<u32> {
    galaxy
        .tiles
        .iter()
        .filter(|(_, p)| p.slot == Slot::System(number))
        .map(|(index, _)| *index)
        .collect()
}

/// Positions as a list for a message: "#7", "#7 and #9", "#7, #9 and #12".
fn positions_text(positions: &[u32]) -> String {
    let names: Vec<String> = positions.iter().map(|p| format!("#{p}")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The tile as the file writes it: names trimmed, marked homebrew, no span.
fn tidied(mut tile: CustomTile) -> CustomTile {
    tile.name = tile.name.trim().to_string();
    tile.system.expansion = Expansion::Homebrew;
    tile.system.faction = None;
    for planet in &mut tile.system.planets {
        planet.name = planet.name.trim().to_string();
    }
    tile.span = Span::default();
    tile
}

/// Why the galaxy file would refuse `tile` (in place of custom tile
/// `replacing`, or added), in the words of its reader where it has them.
fn refused(
    galaxy: &GalaxyFile,
    builtin: &Catalogue,
    tile: &CustomTile,
    replacing: Option<usize>,
) -> Option<String> {
    let number = tile.system.number;
    if tile.name.is_empty() {
        return Some("a custom tile needs a name".to_string());
    }
    if number == 0 {
        return Some("tile numbers run from 1 to 65535".to_string());
    }
    if builtin.tile(number).is_some() {
        return Some(format!(
            "tile {number} is already a base-game or Prophecy of Kings tile: number custom tiles from {FIRST_NUMBER} up"
        ));
    }
    let other = galaxy
        .custom
        .iter()
        .enumerate()
        .find(|(i, c)| Some(*i) != replacing && c.system.number == number);
    if let Some((_, other)) = other {
        return Some(format!(
            "tile {number} is already the custom tile “{}”",
            other.name
        ));
    }
    if let Some(k) = tile.system.planets.iter().position(|p| p.name.is_empty()) {
        return Some(format!("planet {} needs a name", k + 1));
    }
    let was = replacing.and_then(|i| galaxy.custom.get(i));
    if let Some(was) = was
        && !tile.system.off_board
        && galaxy.off_board.contains(&was.system.number)
    {
        return Some(format!(
            "tile {} is set beside the board: untick it in the palette before it stops being an off-board system",
            was.system.number
        ));
    }
    None
}

/// Adds `tile` at the end of the galaxy's custom tiles.
pub fn add_custom(
    galaxy: &GalaxyFile,
    builtin: &Catalogue,
    tile: CustomTile,
) -> Result<Transaction, String> {
    let tile = tidied(tile);
    if galaxy.custom.len() >= MAX_GALAXY_LIST {
        return Err(format!(
            "a galaxy defines at most {MAX_GALAXY_LIST} custom tiles"
        ));
    }
    if let Some(why) = refused(galaxy, builtin, &tile, None) {
        return Err(why);
    }
    Ok(Transaction {
        label: format!("Add custom tile {} “{}”", tile.system.number, tile.name),
        edits: vec![Edit::Custom(ListEdit::Insert(galaxy.custom.len(), tile))],
    })
}

/// Puts `tile` in place of custom tile `index`; `None` when that changes
/// nothing. A new number is carried to every position holding the tile and
/// to the tiles beside the board.
pub fn change_custom(
    galaxy: &GalaxyFile,
    builtin: &Catalogue,
    index: usize,
    tile: CustomTile,
) -> Result<Option<Transaction>, String> {
    let Some(was) = galaxy.custom.get(index) else {
        return Ok(None);
    };
    let tile = tidied(tile);
    if tile.name == was.name && tile.system == was.system {
        return Ok(None);
    }
    if let Some(why) = refused(galaxy, builtin, &tile, Some(index)) {
        return Err(why);
    }
    let (old, new) = (was.system.number, tile.system.number);
    let label = if old == new {
        format!("Change custom tile {old} “{}”", tile.name)
    } else {
        format!("Renumber custom tile {old} “{}” to {new}", tile.name)
    };
    let mut edits = vec![Edit::Custom(ListEdit::Set(index, tile))];
    if old != new {
        for position in placements(galaxy, old) {
            edits.push(Edit::Tile(position, Some(Slot::System(new))));
        }
        if galaxy.off_board.contains(&old) {
            let mut numbers: Vec<u16> = galaxy
                .off_board
                .iter()
                .map(|n| if *n == old { new } else { *n })
                .collect();
            numbers.sort_unstable();
            edits.push(Edit::OffBoard(numbers));
        }
    }
    Ok(Some(Transaction { label, edits }))
}

/// Takes custom tile `index` out of the galaxy; refused while the map holds
/// it, since the positions would then name a tile that is not there.
pub fn remove_custom(galaxy: &GalaxyFile, index: usize) -> Result<Option<Transaction>, String> {
    let Some(tile) = galaxy.custom.get(index) else {
        return Ok(None);
    };
    let number = tile.system.number;
    let placed = placements(galaxy, number);
    if !placed.is_empty() {
        return Err(format!(
            "tile {number} is on the map at {}: clear it from the map first",
            positions_text(&placed)
        ));
    }
    if galaxy.off_board.contains(&number) {
        return Err(format!(
            "tile {number} is set beside the board: untick it in the palette first"
        ));
    }
    Ok(Some(Transaction {
        label: format!("Remove custom tile {number} “{}”", tile.name),
        edits: vec![Edit::Custom(ListEdit::Remove(index))],
    }))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use deckplan_schema::ti4::catalogue::{Back, Planet, System, Wormhole};
    use deckplan_schema::ti4::write;

    use super::*;
    use crate::history::History;
    use crate::ti4::document::tests::five_players;
    use crate::ti4::edit::state;

    fn builtin() -> &'static Catalogue {
        deckplan_validator::ti4::builtin_catalogue().unwrap()
    }

    fn tile(number: u16, name: &str) -> CustomTile {
        CustomTile {
            name: name.to_string(),
            system: System {
                number,
                expansion: Expansion::Homebrew,
                back: Back::Blue,
                home: false,
                faction: None,
                off_board: false,
                wormholes: vec![Wormhole::Alpha],
                anomalies: Vec::new(),
                planets: vec![Planet {
                    name: " Faria ".to_string(),
                    resources: 2,
                    influence: 1,
                    planet_trait: None,
                    tech: None,
                    legendary: false,
                }],
            },
            span: Span::default(),
        }
    }

    fn applied(galaxy: &mut GalaxyFile, history: &mut History<Edit>, step: Transaction) -> String {
        let label = step.label.clone();
        history.apply(galaxy, step).unwrap();
        label
    }

    #[test]
    fn a_tile_the_file_would_refuse_is_never_written() {
        let mut galaxy = five_players().model;
        let refused = |g: &GalaxyFile, t: CustomTile| add_custom(g, builtin(), t).unwrap_err();
        assert_eq!(
            refused(&galaxy, tile(1000, "  ")),
            "a custom tile needs a name"
        );
        assert_eq!(
            refused(&galaxy, tile(0, "Zero")),
            "tile numbers run from 1 to 65535"
        );
        assert_eq!(
            refused(&galaxy, tile(26, "Mine")),
            "tile 26 is already a base-game or Prophecy of Kings tile: number custom tiles from 1000 up"
        );
        assert_eq!(
            refused(&galaxy, tile(88, "Lane")),
            "tile 88 is already a base-game or Prophecy of Kings tile: number custom tiles from 1000 up"
        );
        let mut unnamed = tile(1000, "Far");
        unnamed.system.planets[0].name = " ".to_string();
        assert_eq!(refused(&galaxy, unnamed), "planet 1 needs a name");
        let step = add_custom(&galaxy, builtin(), tile(1000, "Far")).unwrap();
        History::new().apply(&mut galaxy, step).unwrap();
        assert_eq!(
            refused(&galaxy, tile(1000, "Near")),
            "tile 1000 is already the custom tile “Far”"
        );
        assert_eq!(next_number(&galaxy), Some(1001));
        galaxy.custom = vec![tile(1000, "Far"); MAX_GALAXY_LIST];
        assert_eq!(
            refused(&galaxy, tile(1001, "One more")),
            format!("a galaxy defines at most {MAX_GALAXY_LIST} custom tiles")
        );
    }

    #[test]
    fn a_tile_is_added_changed_and_removed_each_in_one_undoable_step_and_saved_as_written() {
        let mut galaxy = five_players().model;
        let before = state(&galaxy);
        let mut history = History::new();
        let step = add_custom(&galaxy, builtin(), tile(1000, " Far Reach ")).unwrap();
        assert_eq!(
            applied(&mut galaxy, &mut history, step),
            "Add custom tile 1000 “Far Reach”"
        );
        assert_eq!(galaxy.custom[0].system.planets[0].name, "Faria");
        let mut changed = galaxy.custom[0].clone();
        assert!(
            change_custom(&galaxy, builtin(), 0, changed.clone())
                .unwrap()
                .is_none()
        );
        changed.system.back = Back::Red;
        changed.system.planets[0].legendary = true;
        let step = change_custom(&galaxy, builtin(), 0, changed)
            .unwrap()
            .unwrap();
        assert_eq!(
            applied(&mut galaxy, &mut history, step),
            "Change custom tile 1000 “Far Reach”"
        );
        let text = write::write(&galaxy);
        let written = text.split_once("[[custom]]").unwrap().1;
        assert_eq!(
            written,
            "\nnumber = 1000\nname = \"Far Reach\"\nback = \"red\"\nwormholes = [\"alpha\"]\nplanets = [\n    { name = \"Faria\", resources = 2, influence = 1, legendary = true },\n]\n"
        );
        let step = remove_custom(&galaxy, 0).unwrap().unwrap();
        assert_eq!(
            applied(&mut galaxy, &mut history, step),
            "Remove custom tile 1000 “Far Reach”"
        );
        assert!(galaxy.custom.is_empty());
        assert!(remove_custom(&galaxy, 0).unwrap().is_none());
        while history.undo(&mut galaxy).unwrap().is_some() {}
        assert_eq!(state(&galaxy), before);
    }

    #[test]
    fn a_renumbered_tile_takes_its_positions_and_its_place_beside_the_board_with_it() {
        let mut galaxy = five_players().model;
        let mut history = History::new();
        let mut far = tile(1000, "Far");
        let mut gate = tile(1001, "Gate");
        gate.system.off_board = true;
        for t in [far.clone(), gate.clone()] {
            let step = add_custom(&galaxy, builtin(), t).unwrap();
            history.apply(&mut galaxy, step).unwrap();
        }
        for index in [7, 9] {
            let step = Transaction {
                label: "place".to_string(),
                edits: vec![Edit::Tile(index, Some(Slot::System(1000)))],
            };
            history.apply(&mut galaxy, step).unwrap();
        }
        let step = Transaction {
            label: "beside".to_string(),
            edits: vec![Edit::OffBoard(vec![82, 1001])],
        };
        history.apply(&mut galaxy, step).unwrap();
        let before = state(&galaxy);
        assert_eq!(
            remove_custom(&galaxy, 0).unwrap_err(),
            "tile 1000 is on the map at #7 and #9: clear it from the map first"
        );
        assert_eq!(
            remove_custom(&galaxy, 1).unwrap_err(),
            "tile 1001 is set beside the board: untick it in the palette first"
        );
        gate.system.off_board = false;
        assert_eq!(
            change_custom(&galaxy, builtin(), 1, gate.clone()).unwrap_err(),
            "tile 1001 is set beside the board: untick it in the palette before it stops being an off-board system"
        );
        far.system.number = 1001;
        assert_eq!(
            change_custom(&galaxy, builtin(), 0, far.clone()).unwrap_err(),
            "tile 1001 is already the custom tile “Gate”"
        );
        far.system.number = 2000;
        let step = change_custom(&galaxy, builtin(), 0, far).unwrap().unwrap();
        assert_eq!(
            applied(&mut galaxy, &mut history, step),
            "Renumber custom tile 1000 “Far” to 2000"
        );
        assert_eq!(placements(&galaxy, 2000), [7, 9]);
        assert!(placements(&galaxy, 1000).is_empty());
        gate.system.off_board = true;
        gate.system.number = 5;
        assert!(change_custom(&galaxy, builtin(), 1, gate.clone()).is_err());
        gate.system.number = 3000;
        let step = change_custom(&galaxy, builtin(), 1, gate).unwrap().unwrap();
        applied(&mut galaxy, &mut history, step);
        assert_eq!(galaxy.off_board, [82, 3000]);
        history.undo(&mut galaxy).unwrap();
        history.undo(&mut galaxy).unwrap();
        assert_eq!(state(&galaxy), before);
    }
}
