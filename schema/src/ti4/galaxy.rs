//! A TI4 galaxy file: the tiles of one galaxy by spiral index, its home seats,
//! custom tiles for homebrew systems and switchable adjacency modifiers.
//!
//! A TI4 pack is a folder whose `pack.toml` *is* the galaxy: one galaxy is one
//! board, so a second file would only add a reference that could dangle. Any
//! other `.toml` file with `ruleset = "ti4"` is a lone galaxy file in the same
//! format. `docs/format.md` ("Twilight Imperium 4 galaxies") documents every key.
//!
//! This module is the model, [`GalaxyFile`]. Reading it
//! ([`resolve`](super::resolve)) collects every problem with its span, a
//! [`Ti4Place`](super::place::Ti4Place) and a fix when one is clear; its
//! writer ([`write`](super::write)) is canonical (load → write of a canonical
//! file is byte-identical); [`json_schema`](super::json_schema) publishes its
//! schema.

use std::collections::BTreeMap;

use super::catalogue::{Catalogue, System, Wormhole};
use super::hex::Hex;
use super::map_string::{Galaxy, Slot};
use crate::lint_table::LintSettings;
use crate::source::Span;

/// The Creuss Gate, on the board in the Creuss seat.
pub const CREUSS_GATE: u16 = 17;

/// The Creuss home system, beside the board.
pub const CREUSS_HOME: u16 = 51;

/// A galaxy as read from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GalaxyFile {
    /// Its name.
    pub name: String,
    /// How many rings around the centre the layout has (3 for six players).
    pub rings: u32,
    /// What each listed position holds, by spiral index; unlisted positions hold no tile.
    pub tiles: BTreeMap<u32, Placed>,
    /// The players' home seats, by seat number.
    pub homes: Vec<Home>,
    /// Homebrew system tiles, numbered apart from the catalogue's.
    pub custom: Vec<CustomTile>,
    /// Systems set beside the board, reached only through their wormholes
    /// (the Creuss home 51, the Wormhole Nexus 82), by tile number.
    pub off_board: Vec<u16>,
    /// Adjacency modifiers (wormhole types joined, borders blocked).
    pub modifiers: Vec<Modifier>,
    /// Check levels set in the file's `[lint]` table.
    pub lint: LintSettings,
}

/// What one position holds, with where the file says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// A system tile, a hyperlane tile with face and rotation, or an open position.
    pub slot: Slot,
    /// The `index = value` line.
    pub span: Span,
}

/// A home seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Home {
    /// The seat number, from 1.
    pub seat: u8,
    /// Its position's spiral index.
    pub position: u32,
    /// The `[[homes]]` entry.
    pub span: Span,
}

/// A homebrew system tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomTile {
    /// The name shown for it.
    pub name: String,
    /// The system, as the catalogue's systems are described.
    pub system: System,
    /// The `[[custom]]` entry.
    pub span: Span,
}

/// What an adjacency modifier does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Systems with either wormhole type are adjacent to those with the other.
    Join(Wormhole, Wormhole),
    /// The two touching positions (spiral indexes) are not adjacent across their border.
    Block(u32, u32),
}

/// A named, switchable adjacency modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    /// What the modifier is called (a card or an agreed house rule).
    pub name: String,
    /// What it changes.
    pub effect: Effect,
    /// Whether it is in force (a switched-off modifier is kept for play-testing).
    pub enabled: bool,
    /// The `[[modifiers]]` entry.
    pub span: Span,
}

impl GalaxyFile {
    /// The built-in catalogue with this galaxy's custom tiles added.
    pub fn catalogue(&self, builtin: &Catalogue) -> Catalogue {
        builtin.with_systems(self.custom.iter().map(|c| c.system.clone()))
    }

    /// The positions as a map-string galaxy (unlisted positions hold no tile).
    pub fn galaxy(&self) -> Galaxy {
        let last = self.tiles.keys().next_back().copied().unwrap_or(0);
        let slot = |index: u32| self.tiles.get(&index).map_or(Slot::Off, |p| p.slot);
        Galaxy::new(slot(0), (1..=last).map(slot))
    }

    /// The rings a drawing needs: the layout's, or more when a tile lies
    /// outside them (which the linter reports).
    pub fn drawn_rings(&self) -> u32 {
        let outermost = self
            .tiles
            .keys()
            .next_back()
            .map_or(0, |&index| Hex::from_index(index).ring());
        self.rings.max(outermost)
    }

    /// What the position `hex` holds.
    pub fn slot(&self, hex: Hex) -> Slot {
        hex.index()
            .and_then(|index| self.tiles.get(&index))
            .map_or(Slot::Off, |p| p.slot)
    }

    /// A galaxy file from a map string's galaxy. Home seats go on positions
    /// holding on-board home systems and on open (`0`) positions of the outer
    /// ring, where community strings leave the seats; seats are numbered in
    /// spiral order.
    pub fn from_galaxy(name: &str, galaxy: &Galaxy, catalogue: &Catalogue) -> GalaxyFile {
        let rings = galaxy.rings().max(1);
        // The Creuss Gate (17) stands in the Creuss seat; their home (51) is beside the board.
        let off_board = if galaxy
            .slots()
            .any(|(_, slot)| slot == Slot::System(CREUSS_GATE))
        {
            vec![CREUSS_HOME]
        } else {
            Vec::new()
        };
        let mut tiles = BTreeMap::new();
        let mut homes = Vec::new();
        for (hex, slot) in galaxy.slots() {
            let Some(index) = hex.index() else { continue };
            if slot == Slot::Off {
                continue;
            }
            let is_seat = match slot {
                Slot::System(number) => catalogue
                    .system(number)
                    .is_some_and(|s| s.home && !s.off_board),
                Slot::Open => hex.ring() == rings,
                _ => false,
            };
            if is_seat {
                let seat = u8::try_from(homes.len() + 1).unwrap_or(u8::MAX);
                homes.push(Home {
                    seat,
                    position: index,
                    span: Span::default(),
                });
            }
            tiles.insert(
                index,
                Placed {
                    slot,
                    span: Span::default(),
                },
            );
        }
        GalaxyFile {
            name: name.to_string(),
            rings,
            tiles,
            homes,
            custom: Vec::new(),
            off_board,
            modifiers: Vec::new(),
            lint: LintSettings::default(),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::map_string;
    use crate::ti4::testing::{builtin, read};
    use crate::ti4::write::write;

    #[test]
    fn map_strings_become_galaxies_and_come_back_unchanged() {
        let five = "77 40 41 85A0 39 65 67 60 70 66 74 88A0 75 87A0 68 72 73 69 0 62 76 0 79 71 0 80 83A0 86A0 84A0 63 0 64 78 0 61 59";
        let braced = "{46} 47 18 50 41 77 43";
        for text in [five, braced] {
            let parsed = map_string::parse(text, builtin()).unwrap();
            let galaxy = GalaxyFile::from_galaxy("g", &parsed, builtin());
            let reread = read(&write(&galaxy)).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(map_string::write(&reread.galaxy()), text);
        }
        let parsed = map_string::parse(five, builtin()).unwrap();
        let seats: Vec<u32> = GalaxyFile::from_galaxy("g", &parsed, builtin())
            .homes
            .iter()
            .map(|h| h.position)
            .collect();
        assert_eq!(seats, vec![19, 22, 25, 31, 34]);
    }

    #[test]
    fn the_creuss_gate_brings_the_creuss_home_beside_the_board() {
        let parsed = map_string::parse("17 19 20", builtin()).unwrap();
        let galaxy = GalaxyFile::from_galaxy("g", &parsed, builtin());
        assert_eq!(galaxy.off_board, vec![CREUSS_HOME]);
    }
}
