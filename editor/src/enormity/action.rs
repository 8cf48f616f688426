//! Enormity's own actions — pages, the layout, scans, exports and the
//! drawing tools — in one enum. Labels and shortcuts are exhaustive
//! `match`es, so a new action does not compile until it has both; the board
//! hands them to the shell's menus, toolbar and keyboard handler as
//! [`GameAction`]s, by their place in [`PageAction::all`].

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use crate::action::{Action, GameAction, keys};
use crate::enormity::tools::ToolKind;

/// An Enormity action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PageAction {
    /// Switch between drawing one page and the layout of all pages.
    ToggleLayout,
    /// Add a page to the pack.
    AddPage,
    /// Remove the selected page from the pack.
    RemovePage,
    /// Change the selected page's size.
    ResizePage,
    /// Add a copy of the selected page.
    DuplicatePage,
    /// Turn the selected page a quarter clockwise, with everything on it.
    RotatePage,
    /// Swap the selected page's west and east, with everything on it.
    MirrorPageWestEast,
    /// Swap the selected page's north and south, with everything on it.
    MirrorPageNorthSouth,
    /// Move the selected page up the list.
    MovePageUp,
    /// Move the selected page down the list.
    MovePageDown,
    /// Select the page above in the list.
    PreviousPage,
    /// Select the page below in the list.
    NextPage,
    /// Load a scan to trace over the selected page.
    LoadBackground,
    /// Write the shown page as a PNG or SVG picture.
    ExportPage,
    /// Write the layout of every page as a PNG or SVG picture.
    ExportLayout,
    /// Pick a drawing tool.
    Tool(ToolKind),
}

impl PageAction {
    /// Every Enormity action, in menu order (tools last); an action's place
    /// here is its [`GameAction`] number.
    pub fn all() -> impl Iterator<Item = Self> {
        [
            Self::ToggleLayout,
            Self::AddPage,
            Self::RemovePage,
            Self::ResizePage,
            Self::DuplicatePage,
            Self::RotatePage,
            Self::MirrorPageWestEast,
            Self::MirrorPageNorthSouth,
            Self::MovePageUp,
            Self::MovePageDown,
            Self::PreviousPage,
            Self::NextPage,
            Self::LoadBackground,
            Self::ExportPage,
            Self::ExportLayout,
        ]
        .into_iter()
        .chain(ToolKind::ALL.into_iter().map(Self::Tool))
    }

    /// The action a shell action names, when it is one of Enormity's.
    pub fn of(action: Action) -> Option<Self> {
        let Action::Game(GameAction(number)) = action else {
            return None;
        };
        Self::all().nth(usize::from(number))
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Self::ToggleLayout => "Page layout",
            Self::AddPage => "Add page…",
            Self::RemovePage => "Remove page",
            Self::ResizePage => "Resize…",
            Self::DuplicatePage => "Duplicate page",
            Self::RotatePage => "Rotate clockwise",
            Self::MirrorPageWestEast => "Mirror west–east",
            Self::MirrorPageNorthSouth => "Mirror north–south",
            Self::MovePageUp => "Move up",
            Self::MovePageDown => "Move down",
            Self::PreviousPage => "Previous page",
            Self::NextPage => "Next page",
            Self::LoadBackground => "Trace a scan…",
            Self::ExportPage => "Export page…",
            Self::ExportLayout => "Export pack layout…",
            Self::Tool(tool) => tool.label(),
        }
    }

    /// What it does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Self::ToggleLayout => "Switch between drawing a page and arranging all pages",
            Self::AddPage => "Add a new page to the pack",
            Self::RemovePage => "Remove the selected page from the pack (its file is kept)",
            Self::ResizePage => "Change the number of columns and rows of the page",
            Self::DuplicatePage => "Add a copy of the page with the next free page number",
            Self::RotatePage => "Turn the page a quarter clockwise, with everything on it",
            Self::MirrorPageWestEast => "Swap the page's west and east, with everything on it",
            Self::MirrorPageNorthSouth => "Swap the page's north and south, with everything on it",
            Self::MovePageUp => "Move the page up in pack.toml's list",
            Self::MovePageDown => "Move the page down in pack.toml's list",
            Self::PreviousPage => "Show the previous page",
            Self::NextPage => "Show the next page",
            Self::LoadBackground => "Lay a PNG or JPEG scan of the printed page under the map",
            Self::ExportPage => "Render the shown page to a PNG or SVG file",
            Self::ExportLayout => "Render every page, placed by its joins, to a PNG or SVG file",
            Self::Tool(tool) => tool.hint(),
        }
    }

    /// Keyboard shortcuts; the first is shown in menus.
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
        const fn alt(key: Key) -> KeyboardShortcut {
            KeyboardShortcut::new(Modifiers::ALT, key)
        }
        match self {
            Self::ToggleLayout => keys!(cmd(Key::L)),
            Self::AddPage => keys!(cmd_shift(Key::N)),
            Self::RemovePage => keys!(),
            Self::ResizePage => keys!(cmd(Key::R)),
            Self::DuplicatePage => keys!(cmd_shift(Key::D)),
            Self::RotatePage | Self::MirrorPageWestEast | Self::MirrorPageNorthSouth => keys!(),
            Self::MovePageUp => keys!(alt(Key::ArrowUp)),
            Self::MovePageDown => keys!(alt(Key::ArrowDown)),
            Self::PreviousPage => keys!(plain(Key::PageUp)),
            Self::NextPage => keys!(plain(Key::PageDown)),
            Self::LoadBackground => keys!(),
            Self::ExportPage | Self::ExportLayout => keys!(),
            Self::Tool(tool) => tool.shortcut(),
        }
    }
}

impl From<PageAction> for Action {
    fn from(action: PageAction) -> Self {
        let number = PageAction::all().position(|a| a == action).unwrap_or(0);
        Self::Game(GameAction(u16::try_from(number).unwrap_or(u16::MAX)))
    }
}

/// How Enormity words the shared actions its selection gives meaning to.
pub fn shared_text(action: Action) -> Option<&'static str> {
    Some(match action {
        Action::Cut => "Copy the selected rectangle and clear it",
        Action::Copy => "Copy the selected rectangle, with its walls, doors and features",
        Action::Paste => {
            "Paste the copied rectangle at the selection or the pointer (here or on another page)"
        }
        Action::Delete => "Delete everything on the selected place or rectangle",
        Action::Fit => "Fit the page, or all pages in the layout, to the window",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique_with_the_shells_and_labels_present() {
        let mut seen = HashSet::new();
        let shell = Action::SHELL.iter().flat_map(|a| a.shortcuts());
        let own = PageAction::all().flat_map(|a| {
            assert!(!a.label().is_empty());
            assert!(!a.description().is_empty());
            a.shortcuts()
        });
        for shortcut in shell.chain(own) {
            assert!(
                seen.insert((shortcut.modifiers, shortcut.logical_key)),
                "{shortcut:?} is used twice"
            );
        }
    }

    #[test]
    fn every_action_is_found_again_by_its_number() {
        for action in PageAction::all() {
            assert_eq!(PageAction::of(action.into()), Some(action));
        }
    }
}
