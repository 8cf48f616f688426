//! What the Battlestations board has open: a pack (`pack.toml` and its ship file)
//! or a lone ship file, where it lives, and its undo history — the shared
//! [`ShipDocument`](crate::ship_document::ShipDocument) over Battlestations ships and edits.

use deckplan_schema::battlestations::write::write_ship;
use deckplan_schema::battlestations::{BattlestationsFormat, Ship, Side};
use deckplan_schema::id::Id;
use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::{SourceFile, Span};

use super::edit::{Edit, History, Model};
use crate::files::Origin;
use crate::ship_document::{self, ShipText};

pub use crate::ship_document::SaveError;

/// What opening a Battlestations path gave.
pub type Opened = ship_document::Opened<BattlestationsFormat, Edit>;

/// The open pack, where it lives and its history.
pub type Document = ship_document::ShipDocument<BattlestationsFormat, Edit>;

impl ShipText for BattlestationsFormat {
    fn write_ship(ship: &Ship) -> String {
        write_ship(ship)
    }

    fn ship_name(ship: &Ship) -> &str {
        &ship.name
    }
}

impl ship_document::ShipDocument<BattlestationsFormat, Edit> {
    /// A new, unsaved pack: an empty ship called `name` with module cards
    /// of `module_size` squares a side, flying east (the drawing's right).
    pub fn new_pack(name: &str, module_size: u16, ship_path: &str) -> Self {
        let ship = Ship {
            name: name.to_string(),
            module_size,
            forward: Side::East,
            levels: Vec::<Id>::new(),
            modules: Vec::new(),
            doors: Vec::new(),
            forward_span: Span::default(),
            source: SourceFile::new(ship_path, String::new()),
        };
        let model = Model {
            name: name.to_string(),
            ship_path: ship_path.to_string(),
            lint: LintSettings::default(),
            ship,
        };
        Self::with(model, Origin::New, History::unsaved())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ship_document::checks;

    /// The bundled pack the checks run on.
    const PACK: &str = "battlestations-wayfarer";

    #[test]
    fn the_bundled_ship_writes_back_byte_for_byte() {
        checks::writes_back_byte_for_byte::<BattlestationsFormat, Edit>(PACK);
    }

    #[test]
    fn saving_writes_only_what_changed_and_keeps_a_backup() {
        let rename = Edit::ShipName("Wayfarer II".into());
        let written = "name = \"Wayfarer II\"";
        checks::saves_only_what_changed::<BattlestationsFormat, Edit>(PACK, rename, written);
    }

    #[test]
    fn a_ship_with_format_errors_opens_for_its_problems_only() {
        let broken = ("role = \"helm\"", "role = \"hlem\"");
        let why = "`hlem` is not a module role";
        checks::a_broken_ship_is_not_edited::<BattlestationsFormat, Edit>(PACK, broken, why);
    }
}
