//! Every command a user can give from a menu, the toolbar or the keyboard, in
//! one enum. Labels and shortcuts are exhaustive `match`es, so a new action
//! does not compile until it has both; menus, the toolbar, tooltips and the
//! keyboard handler all read them from here, so they never disagree.

use eframe::egui::{Key, KeyboardShortcut, Modifiers};

use crate::tools::ToolKind;

/// A constant slice of shortcuts (const fns are not promoted in `&[…]`).
macro_rules! keys {
    ($($key:expr),*) => {{
        const KEYS: &[KeyboardShortcut] = &[$($key),*];
        KEYS
    }};
}
pub(crate) use keys;

/// A user command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Start a new pack (asks for its first page).
    NewPack,
    /// Open a pack folder, `pack.toml` or page file.
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
    /// Copy the selected rectangle and clear it.
    Cut,
    /// Copy the selected rectangle.
    Copy,
    /// Paste the rectangle copied last.
    Paste,
    /// Delete what is selected.
    Delete,
    /// Clear the selection.
    Deselect,
    /// Fit the page (or the layout) to the window.
    Fit,
    /// Zoom in around the centre.
    ZoomIn,
    /// Zoom out around the centre.
    ZoomOut,
    /// Show or hide the grid lines.
    ToggleGrid,
    /// Show or hide the problems panel.
    ToggleProblems,
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
    /// Switch between editing and play-testing the map.
    TogglePlayTest,
    /// Write the shown page as a PNG or SVG picture.
    ExportPage,
    /// Write the layout of every page as a PNG or SVG picture.
    ExportLayout,
    /// Pick a drawing tool.
    Tool(ToolKind),
}

impl Action {
    /// Every action, in menu order (tools last).
    pub fn all() -> impl Iterator<Item = Self> {
        [
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
            Self::TogglePlayTest,
            Self::ExportPage,
            Self::ExportLayout,
        ]
        .into_iter()
        .chain(ToolKind::ALL.into_iter().map(Self::Tool))
    }

    /// The menu label.
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
            Self::TogglePlayTest => "Play test",
            Self::ExportPage => "Export page…",
            Self::ExportLayout => "Export pack layout…",
            Self::Tool(tool) => tool.label(),
        }
    }

    /// What it does, for tooltips.
    pub fn description(self) -> &'static str {
        match self {
            Self::NewPack => "Start a new pack with one empty page",
            Self::Open => "Open a pack folder, its pack.toml, or a single page file",
            Self::Save => "Save every changed file (the previous version is kept as .bak)",
            Self::SaveAs => "Save to another folder or file",
            Self::Quit => "Close the editor",
            Self::Undo => "Undo the last change",
            Self::Redo => "Redo the last undone change",
            Self::Cut => "Copy the selected rectangle and clear it",
            Self::Copy => "Copy the selected rectangle, with its walls, doors and features",
            Self::Paste => {
                "Paste the copied rectangle at the selection or the pointer (here or on another page)"
            }
            Self::Delete => "Delete everything on the selected place or rectangle",
            Self::Deselect => "Clear the selection",
            Self::Fit => "Fit the page, or all pages in the layout, to the window",
            Self::ZoomIn => "Zoom in",
            Self::ZoomOut => "Zoom out",
            Self::ToggleGrid => "Show or hide the grid lines",
            Self::ToggleProblems => "Show or hide the problems panel",
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
            Self::TogglePlayTest => {
                "Place figures and see where the rules let them go (nothing is saved)"
            }
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
            Self::TogglePlayTest => keys!(cmd(Key::P)),
            Self::ExportPage | Self::ExportLayout => keys!(),
            Self::Tool(tool) => tool.shortcut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique_and_labels_present() {
        let mut seen = HashSet::new();
        for action in Action::all() {
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
