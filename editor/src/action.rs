//! Every command a user can give from a menu, the toolbar or the keyboard.
//!
//! The shell's own actions are one enum whose labels and shortcuts are
//! exhaustive `match`es, so a new action does not compile until it has both;
//! a game's actions ([`GameAction`]) are its own enum, with its own
//! exhaustive lookups, which the open board hands the shell as
//! [`ActionText`](crate::board::ActionText). Menus, the toolbar, tooltips
//! and the keyboard handler all read them from there, so they never disagree.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

/// A constant slice of shortcuts (const fns are not promoted in `&[…]`).
macro_rules! keys {
    ($($key:expr),*) => {{
        const KEYS: &[KeyboardShortcut] = &[$($key),*];
        KEYS
    }};
}
pub(crate) use keys;

/// One of the open game's own actions, by its number in the game's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameAction(pub u16);

/// A user command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a new pack (the game first, then its fields).
    NewPack,
    /// Open a pack folder, `pack.toml` or a lone board file.
    Open,
    /// Save to where the document came from.
    Save,
    /// Save somewhere else.
    SaveAs,
    /// Close the window.
    Quit,
    /// Undo the last step.
    Undo,
    /// Redo the last undone step.
    Redo,
    /// Copy what is selected and delete it.
    Cut,
    /// Copy what is selected.
    Copy,
    /// Paste what was copied last.
    Paste,
    /// Delete what is selected.
    Delete,
    /// Clear the selection.
    Deselect,
    /// Fit the board to the window.
    Fit,
    /// Zoom in around the centre.
    ZoomIn,
    /// Zoom out around the centre.
    ZoomOut,
    /// Show or hide the grid lines.
    ToggleGrid,
    /// Show or hide the problems panel.
    ToggleProblems,
    /// Switch between editing and play-testing the board.
    TogglePlayTest,
    /// One of the open game's own actions.
    Game(GameAction),
}

impl Action {
    /// The shell's own actions, in menu order.
    pub const SHELL: [Self; 18] = [
        Self::NewPack,
        Self::Open,
        Self::Save,
        Self::SaveAs,
        Self::Quit,
        Self::Undo,
        Self::Redo,
        Self::Cut,
        Self::Copy,
        Self::Paste,
        Self::Delete,
        Self::Deselect,
        Self::Fit,
        Self::ZoomIn,
        Self::ZoomOut,
        Self::ToggleGrid,
        Self::ToggleProblems,
        Self::TogglePlayTest,
    ];

    /// The menu label of a shell action (a game's action is labelled by its board).
    pub fn label(self) -> &'static str {
        match self {
            Self::NewPack => "New pack…",
            Self::Open => "Open…",
            Self::Save => "Save",
            Self::SaveAs => "Save As…",
            Self::Quit => "Quit",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::Cut => "Cut",
            Self::Copy => "Copy",
            Self::Paste => "Paste",
            Self::Delete => "Delete",
            Self::Deselect => "Deselect",
            Self::Fit => "Fit to window",
            Self::ZoomIn => "Zoom in",
            Self::ZoomOut => "Zoom out",
            Self::ToggleGrid => "Grid",
            Self::ToggleProblems => "Problems",
            Self::TogglePlayTest => "Play test",
            Self::Game(_) => "",
        }
    }

    /// What a shell action does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Self::NewPack => "Start a new pack: choose its game, then its name and size",
            Self::Open => "Open a pack folder, its pack.toml, or a single board file",
            Self::Save => "Save every changed file (the previous version is kept as .bak)",
            Self::SaveAs => "Save to another folder or file",
            Self::Quit => "Close the editor",
            Self::Undo => "Undo the last change",
            Self::Redo => "Redo the last undone change",
            Self::Cut => "Copy what is selected and delete it",
            Self::Copy => "Copy what is selected",
            Self::Paste => "Paste what was copied last",
            Self::Delete => "Delete what is selected",
            Self::Deselect => "Clear the selection",
            Self::Fit => "Fit the board to the window",
            Self::ZoomIn => "Zoom in",
            Self::ZoomOut => "Zoom out",
            Self::ToggleGrid => "Show or hide the grid lines",
            Self::ToggleProblems => "Show or hide the problems panel",
            Self::TogglePlayTest => {
                "Place figures and see where the rules let them go (nothing is saved)"
            }
            Self::Game(_) => "",
        }
    }

    /// Keyboard shortcuts of a shell action; the first is shown in menus.
    pub fn shortcuts(self) -> &'static [KeyboardShortcut] {
        const fn cmd(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::COMMAND, key)
        }
        const fn cmd_shift(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), key)
        }
        const fn plain(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::NONE, key)
        }
        match self {
            Self::NewPack => keys!(cmd(Key::N)),
            Self::Open => keys!(cmd(Key::O)),
            Self::Save => keys!(cmd(Key::S)),
            Self::SaveAs => keys!(cmd_shift(Key::S)),
            Self::Quit => keys!(cmd(Key::Q)),
            Self::Undo => keys!(cmd(Key::Z)),
            Self::Redo => keys!(cmd_shift(Key::Z), cmd(Key::Y)),
            Self::Cut => keys!(cmd(Key::X)),
            Self::Copy => keys!(cmd(Key::C)),
            Self::Paste => keys!(cmd(Key::V)),
            Self::Delete => keys!(plain(Key::Delete), plain(Key::Backspace)),
            Self::Deselect => keys!(plain(Key::Escape)),
            Self::Fit => keys!(cmd(Key::Num0), plain(Key::F)),
            Self::ZoomIn => keys!(cmd(Key::Equals), cmd(Key::Plus)),
            Self::ZoomOut => keys!(cmd(Key::Minus)),
            Self::ToggleGrid => keys!(cmd(Key::G)),
            Self::ToggleProblems => keys!(cmd_shift(Key::M)),
            Self::TogglePlayTest => keys!(cmd(Key::P)),
            Self::Game(_) => keys!(),
        }
    }

    /// Whether the shell applies the action itself: files, history, the
    /// problems panel and the play-test switch. The others are the board's.
    pub const fn is_shell_owned(self) -> bool {
        matches!(
            self,
            Self::NewPack
                | Self::Open
                | Self::Save
                | Self::SaveAs
                | Self::Quit
                | Self::Undo
                | Self::Redo
                | Self::ToggleGrid
                | Self::ToggleProblems
                | Self::TogglePlayTest
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shell_shortcuts_are_unique_and_labels_present() {
        let mut seen = HashSet::new();
        for action in Action::SHELL {
            assert!(!action.label().is_empty());
            assert!(!action.description().is_empty());
            for shortcut in action.shortcuts() {
                assert!(
                    seen.insert((shortcut.modifiers, shortcut.logical_key)),
                    "{action:?} reuses a shortcut"
                );
            }
        }
    }
}
