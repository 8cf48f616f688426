//! What the Battlestations board has open: a pack (`pack.toml` and its ship file)
//! or a lone ship file, where it lives, and its undo history — the shared
//! [`ShipDocument`](crate::ship_document::ShipDocument) over Battlestations ships and edits.

use deckplan_schema::lint_table::LintSettings;
use deckplan_schema::battlestations::write::write_ship;
use deckplan_schema::battlestations::{BattlestationsFormat, Ship, Id, Side};
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
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::battlestations::edit::Transaction;
    use crate::testutil::{bundled, copy_dir, scratch};

    fn wayfarer() -> Document {
        match Document::open(&bundled("battlestations-wayfarer")).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        }
    }

    #[test]
    fn the_bundled_ship_writes_back_byte_for_byte() {
        let doc = wayfarer();
        let dir = bundled("battlestations-wayfarer");
        let files = doc.files();
        assert_eq!(files.len(), 2);
        for (relative, text) in files {
            assert_eq!(
                std::fs::read_to_string(dir.join(&relative)).unwrap(),
                text,
                "{}",
                relative.display()
            );
        }
    }

    #[test]
    fn saving_writes_only_what_changed_and_keeps_a_backup() {
        let dir = scratch("battlestations-save");
        copy_dir(&bundled("battlestations-wayfarer"), &dir);
        let mut doc = match Document::open(&dir).unwrap() {
            Opened::Editable(doc) => *doc,
            Opened::Broken(why) => panic!("{why}"),
        };
        assert_eq!(doc.save().unwrap(), 0);
        let mut step = Transaction::new("Rename");
        step.edits.push(super::super::edit::Edit::ShipName("Wayfarer II".into()));
        doc.apply(step).unwrap();
        assert!(doc.is_dirty());
        assert_eq!(doc.save().unwrap(), 1);
        assert!(!doc.is_dirty());
        let text = std::fs::read_to_string(dir.join("ship.toml")).unwrap();
        assert!(text.contains("name = \"Wayfarer II\""), "{text}");
        assert!(dir.join("ship.toml.bak").is_file());
        assert!(!dir.join("pack.toml.bak").exists());
    }

    #[test]
    fn a_ship_with_format_errors_opens_for_its_problems_only() {
        let dir = scratch("battlestations-broken");
        copy_dir(&bundled("battlestations-wayfarer"), &dir);
        let text = std::fs::read_to_string(dir.join("ship.toml")).unwrap();
        std::fs::write(dir.join("ship.toml"), text.replace("role = \"helm\"", "role = \"hlem\"")).unwrap();
        let Opened::Broken(why) = Document::open(&dir).unwrap() else {
            panic!("a ship with a bad role is not edited");
        };
        assert!(why.contains("hlem"), "{why}");
    }
}
