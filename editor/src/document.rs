//! What the editor has open: a pack folder or a single page file, loaded
//! through the schema crate and flattened into the list of pages the side
//! panel shows, plus every problem the load reported.
//!
//! Loading never fails outright here: a path that cannot be read or a file
//! with format errors still gives a [`Document`], whose `problems` the window
//! shows, so the user sees *why* nothing is drawn instead of a closed window.

use std::collections::BTreeMap;
use std::path::Path;

use deckplan_schema::load::{self, PACK_FILE};
use deckplan_schema::{FileError, Page};

/// An opened pack or page, ready to browse.
#[derive(Debug, Default)]
pub struct Document {
    /// What the window title and side panel call it: the pack's name, or the page file's path.
    pub title: String,
    /// The pages that resolved, in book and page order.
    pub pages: Vec<Page>,
    /// Location names by designation (`SR` → `Solar Ring`); empty for a lone page.
    pub locations: BTreeMap<String, String>,
    /// Every problem the load found, one message per entry (first line `path:line:col: …`).
    pub problems: Vec<String>,
}

impl Document {
    /// Opens `path`: a pack folder or its `pack.toml` loads the whole pack,
    /// anything else is read as one page file.
    pub fn open(path: &Path) -> Self {
        if is_pack(path) {
            Self::open_pack(path)
        } else {
            Self::open_page(path)
        }
    }

    fn open_pack(path: &Path) -> Self {
        let loaded = match load::load_pack(path) {
            Ok(loaded) => loaded,
            Err(error) => return Self::unreadable(path, &error),
        };
        let problems = loaded.errors.iter().map(problem_text).collect();
        match loaded.value {
            Some(pack) => Self {
                title: pack.name,
                pages: pack.pages.into_values().collect(),
                locations: pack
                    .locations
                    .into_iter()
                    .map(|(designation, location)| (designation, location.name))
                    .collect(),
                problems,
            },
            None => Self {
                title: path.display().to_string(),
                problems,
                ..Self::default()
            },
        }
    }

    fn open_page(path: &Path) -> Self {
        let loaded = match load::load_page(path) {
            Ok(loaded) => loaded,
            Err(error) => return Self::unreadable(path, &error),
        };
        Self {
            title: path.display().to_string(),
            pages: loaded.value.into_iter().collect(),
            locations: BTreeMap::new(),
            problems: loaded.errors.iter().map(problem_text).collect(),
        }
    }

    fn unreadable(path: &Path, error: &dyn std::fmt::Display) -> Self {
        Self {
            title: path.display().to_string(),
            problems: vec![error.to_string()],
            ..Self::default()
        }
    }

    /// The side panel's line for a page: `L1p1 · SR · Bridge` (the title only when it has one).
    pub fn page_label(page: &Page) -> String {
        match &page.title {
            Some(title) => format!("{} · {} · {title}", page.id, page.location),
            None => format!("{} · {}", page.id, page.location),
        }
    }
}

/// Whether `path` names a pack (its folder or its `pack.toml`) rather than a page file.
fn is_pack(path: &Path) -> bool {
    path.is_dir() || path.file_name().is_some_and(|name| name == PACK_FILE)
}

/// A problem as the user should read it: the compiler-style first line, then the fix if known.
fn problem_text(error: &FileError) -> String {
    match &error.error.help {
        Some(help) => format!("{error}\n    help: {help}"),
        None => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn testdata(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("testdata")
            .join(name)
    }

    #[test]
    fn opens_a_pack_folder_with_its_pages_in_order() {
        let doc = Document::open(&testdata("demo-pack"));
        assert_eq!(doc.problems, Vec::<String>::new());
        assert_eq!(doc.title, "Editor demo");
        let labels: Vec<String> = doc.pages.iter().map(Document::page_label).collect();
        assert_eq!(
            labels,
            ["L1p1 · SR · Docking ring", "L1p2 · SR · Spinal corridor"]
        );
        assert_eq!(
            doc.locations.get("SR").map(String::as_str),
            Some("Solar Ring")
        );
    }

    #[test]
    fn opens_a_lone_page_file() {
        let doc = Document::open(&testdata("demo-pack/book1/page2.toml"));
        assert_eq!(doc.problems, Vec::<String>::new());
        assert_eq!(doc.pages.len(), 1);
    }

    #[test]
    fn a_missing_file_becomes_a_problem_not_a_crash() {
        let doc = Document::open(&testdata("no-such-page.toml"));
        assert!(doc.pages.is_empty());
        assert_eq!(doc.problems.len(), 1);
        assert!(
            doc.problems.iter().all(|p| p.contains("no-such-page.toml")),
            "{:?}",
            doc.problems
        );
    }

    #[test]
    fn format_errors_are_reported_with_their_place() {
        let doc = Document::open(&testdata("broken-page.toml"));
        assert!(doc.pages.is_empty());
        assert!(
            doc.problems
                .iter()
                .any(|p| p.contains("broken-page.toml:") && p.contains("error[")),
            "{:?}",
            doc.problems
        );
    }
}
