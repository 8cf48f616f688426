//! What the Nemesis board has open: a pack (`pack.toml` and its ship file)
//! or a lone ship file, where it lives, and its undo history — the shared
//! [`ShipDocument`](crate::ship_document::ShipDocument) over Nemesis ships and edits.

use deckplan_schema::SourceFile;
use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::nemesis::write::write_ship;
use deckplan_schema::nemesis::{NemesisFormat, Ship, TilePool};

use super::edit::{Edit, History, Model};
use crate::files::Origin;
use crate::ship_document::{self, ShipText};

pub use crate::ship_document::SaveError;

/// What opening a Nemesis path gave.
pub type Opened = ship_document::Opened<NemesisFormat, Edit>;

/// The open pack, where it lives and its history.
pub type Document = ship_document::ShipDocument<NemesisFormat, Edit>;

impl ShipText for NemesisFormat {
    fn write_ship(ship: &Ship) -> String {
        write_ship(ship)
    }

    fn ship_name(ship: &Ship) -> &str {
        &ship.name
    }
}

impl ship_document::ShipDocument<NemesisFormat, Edit> {
    /// A new, unsaved pack: an empty ship called `name`.
    pub fn new_pack(name: &str, board: Option<String>, ship_path: &str) -> Self {
        let ship = Ship {
            name: name.to_string(),
            board,
            rooms: Vec::new(),
            corridors: Vec::new(),
            networks: Vec::new(),
            entrances: Vec::new(),
            escape_pods: Vec::new(),
            tiles: TilePool::default(),
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
    const PACK: &str = "kestrel-relay";

    #[test]
    fn the_bundled_ship_writes_back_byte_for_byte() {
        checks::writes_back_byte_for_byte::<NemesisFormat, Edit>(PACK);
    }

    #[test]
    fn saving_writes_only_what_changed_and_keeps_a_backup() {
        let rename = Edit::ShipName("Kestrel II".into());
        let written = "name = \"Kestrel II\"";
        checks::saves_only_what_changed::<NemesisFormat, Edit>(PACK, rename, written);
    }

    #[test]
    fn a_ship_with_format_errors_opens_for_its_problems_only() {
        let broken = ("kind = \"1\"", "kind = \"7\"");
        let why = "`7` is not a room kind";
        checks::a_broken_ship_is_not_edited::<NemesisFormat, Edit>(PACK, broken, why);
    }
}
