//! The TI4 board's own actions in one enum with exhaustive label and
//! shortcut lookups, handed to the shell's menus, toolbar and keyboard as
//! [`GameAction`]s.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use crate::action::{Action, GameAction, keys};

/// A TI4 action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GalaxyAction {
    /// Write the galaxy as a PNG or SVG picture.
    ExportGalaxy,
    /// Turn the selected hyperlane a sixth clockwise.
    Rotate,
    /// Turn the selected hyperlane over (A ↔ B).
    Flip,
    /// Put a home seat on the selected position, or take it away.
    Seat,
    /// Add a ring around the layout.
    AddRing,
    /// Take the outer ring off the layout (its tiles stay, reported as T007).
    RemoveRing,
    /// Show each position's spiral number.
    ShowPositions,
    /// Copy the galaxy as a map string.
    CopyMapString,
    /// Read a map string pasted into a dialog.
    PasteMapString,
    /// Define a homebrew system tile in a dialog.
    NewCustomTile,
}

impl GalaxyAction {
    /// Every action; its place here is its [`GameAction`] number.
    pub const ALL: [Self; 10] = [
        Self::ExportGalaxy,
        Self::Rotate,
        Self::Flip,
        Self::Seat,
        Self::AddRing,
        Self::RemoveRing,
        Self::ShowPositions,
        Self::CopyMapString,
        Self::PasteMapString,
        Self::NewCustomTile,
    ];

    /// The action a shell action names, when it is one of these.
    pub fn of(action: Action) -> Option<Self> {
        let Action::Game(GameAction(number)) = action else {
            return None;
        };
        Self::ALL.get(usize::from(number)).copied()
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Self::ExportGalaxy => "Export galaxy…",
            Self::Rotate => "Turn hyperlane",
            Self::Flip => "Flip hyperlane",
            Self::Seat => "Home seat here",
            Self::AddRing => "Add ring",
            Self::RemoveRing => "Remove ring",
            Self::ShowPositions => "Position numbers",
            Self::CopyMapString => "Copy map string",
            Self::PasteMapString => "Paste map string…",
            Self::NewCustomTile => "New custom tile…",
        }
    }

    /// What it does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Self::ExportGalaxy => {
                "Render the galaxy to a PNG or SVG file, as `deckplan render` does"
            }
            Self::Rotate => "Turn the hyperlane on the selected position a sixth clockwise",
            Self::Flip => "Turn the hyperlane on the selected position over, face A to B",
            Self::Seat => "Put a home seat on the selected position, or take it away",
            Self::AddRing => "Add a ring of positions around the layout",
            Self::RemoveRing => {
                "Take the outer ring off the layout; tiles left there are reported (T007)"
            }
            Self::ShowPositions => {
                "Show each position's spiral number, as `render --coords` and `show` number them"
            }
            Self::CopyMapString => {
                "Copy the galaxy as a TTS/TTPG map string, as `deckplan export --map-string` prints it"
            }
            Self::PasteMapString => {
                "Read a TTS/TTPG map string into the galaxy, as `deckplan import --map-string` does"
            }
            Self::NewCustomTile => {
                "Define a homebrew system (planets, wormholes, anomalies) for the palette"
            }
        }
    }

    /// Keyboard shortcuts; the first is shown in menus.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const fn key(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::NONE, key)
        }
        match self {
            Self::Rotate => keys!(key(Key::R)),
            Self::Flip => keys!(key(Key::B)),
            Self::Seat => keys!(key(Key::H)),
            Self::ShowPositions => keys!(key(Key::N)),
            Self::ExportGalaxy
            | Self::AddRing
            | Self::RemoveRing
            | Self::CopyMapString
            | Self::PasteMapString
            | Self::NewCustomTile => keys!(),
        }
    }
}

impl From<GalaxyAction> for Action {
    fn from(action: GalaxyAction) -> Self {
        let number = GalaxyAction::ALL
            .iter()
            .position(|a| *a == action)
            .unwrap_or(0);
        Self::Game(GameAction(u16::try_from(number).unwrap_or(u16::MAX)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique_with_the_shells_and_actions_found_by_number() {
        let mut seen = HashSet::new();
        let shell = Action::SHELL.iter().flat_map(|a| a.shortcuts());
        let own = GalaxyAction::ALL.into_iter().flat_map(|a| {
            assert!(!a.label().is_empty() && !a.description().is_empty());
            assert_eq!(GalaxyAction::of(a.into()), Some(a));
            a.shortcuts()
        });
        for shortcut in shell.chain(own) {
            assert!(
                seen.insert((shortcut.modifiers, shortcut.logical_key)),
                "{shortcut:?}"
            );
        }
    }
}
