//! The Battlestations board's own actions — its tools and the ship's export — in
//! one enum with exhaustive label and shortcut lookups, handed to the
//! shell's menus, toolbar and keyboard as [`GameAction`]s.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use crate::action::{Action, GameAction, keys};

use super::tools::ToolKind;

/// A Battlestations action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShipAction {
    /// Write the ship as a PNG or SVG picture.
    ExportShip,
    /// Pick a tool.
    Tool(ToolKind),
    /// Turn the selected module a quarter turn clockwise.
    TurnModule,
    /// Tint the squares outside the hull, where characters walk in play.
    ShowHull,
}

impl ShipAction {
    /// Every action; its place here is its [`GameAction`] number.
    pub fn all() -> impl Iterator<Item = Self> {
        std::iter::once(Self::ExportShip)
            .chain(ToolKind::ALL.into_iter().map(Self::Tool))
            .chain([Self::TurnModule, Self::ShowHull])
    }

    /// The action a shell action names, when it is one of these.
    pub fn of(action: Action) -> Option<Self> {
        let Action::Game(GameAction(number)) = action else {
            return None;
        };
        Self::all().nth(usize::from(number))
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Self::ExportShip => "Export ship…",
            Self::Tool(tool) => tool.label(),
            Self::TurnModule => "Turn module 90°",
            Self::ShowHull => "Show hull squares",
        }
    }

    /// What it does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Self::ExportShip => "Render the ship to a PNG or SVG file, as `deckplan render` does",
            Self::Tool(tool) => tool.hint(),
            Self::TurnModule => "Turn the selected module card a quarter turn clockwise",
            Self::ShowHull => "Tint the squares outside the hull, where characters walk in play",
        }
    }

    /// Keyboard shortcuts; the first is shown in menus.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const fn key(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::NONE, key)
        }
        match self {
            Self::ExportShip => keys!(),
            Self::Tool(ToolKind::Select) => keys!(key(Key::V)),
            Self::Tool(ToolKind::Module) => keys!(key(Key::M)),
            Self::Tool(ToolKind::Paint) => keys!(key(Key::B)),
            Self::Tool(ToolKind::Door) => keys!(key(Key::D)),
            Self::TurnModule => keys!(key(Key::R)),
            Self::ShowHull => keys!(key(Key::H)),
        }
    }
}

impl From<ShipAction> for Action {
    fn from(action: ShipAction) -> Self {
        let number = ShipAction::all().position(|a| a == action).unwrap_or(0);
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
        let own = ShipAction::all().flat_map(|a| {
            assert!(!a.label().is_empty() && !a.description().is_empty());
            assert_eq!(ShipAction::of(a.into()), Some(a));
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
