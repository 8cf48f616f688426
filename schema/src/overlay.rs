//! Text that stands in for a file on disk: the unsaved contents of the
//! documents a language client has open, so that `deckplan lsp` checks what
//! the author sees, not what was last saved.
//!
//! The overlay is consulted by the one function every read of a map file goes
//! through, [`confine::read_bytes`](crate::confine::read_bytes), and by
//! [`confine::Root::resolve`](crate::confine::Root::resolve) for a document
//! not saved yet. Nothing else changes: a path is confined to its pack folder
//! exactly as before (the overlay is keyed by real paths, so a document is
//! found only where the file is, or would be), and the size limit applies to
//! the overlay's text as to a file's.
//!
//! It is process-wide, like the limits: loaders run on many threads (pages
//! load in parallel), and they should all see the same documents. Only the
//! language server sets it; every other command leaves it empty, and an empty
//! overlay costs one lock per read.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// Documents by real path. Replaced whole on every change, so a reader holds
/// one consistent snapshot for as long as it needs.
type Documents = HashMap<PathBuf, Arc<str>>;

static OVERLAY: RwLock<Option<Arc<Documents>>> = RwLock::new(None);

/// The documents now in the overlay.
fn snapshot() -> Option<Arc<Documents>> {
    OVERLAY.read().map_or(None, |guard| guard.clone())
}

fn replace(change: impl FnOnce(&mut Documents)) {
    let Ok(mut guard) = OVERLAY.write() else {
        return;
    };
    let mut documents: Documents = guard.as_deref().cloned().unwrap_or_default();
    change(&mut documents);
    *guard = (!documents.is_empty()).then(|| Arc::new(documents));
}

/// The real path of `path`, links resolved — or, for a file not saved yet,
/// the real path of its folder and its name: what a document is keyed by.
pub fn real_path(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = path.canonicalize() {
        return Some(real);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Some(parent.canonicalize().ok()?.join(name))
}

/// Reads `text` in place of the file at `path` from now on. A path whose
/// folder does not exist cannot be keyed and is ignored.
pub fn set(path: &Path, text: impl Into<Arc<str>>) {
    if let Some(key) = real_path(path) {
        let text = text.into();
        replace(|documents| {
            documents.insert(key, text);
        });
    }
}

/// Reads the file at `path` from disk again.
pub fn remove(path: &Path) {
    if let Some(key) = real_path(path) {
        replace(|documents| {
            documents.remove(&key);
        });
    }
}

/// Reads every file from disk again.
pub fn clear() {
    replace(Documents::clear);
}

/// The text standing in for the file at `path`, if any.
pub fn text(path: &Path) -> Option<Arc<str>> {
    let documents = snapshot()?;
    documents.get(&real_path(path)?).cloned()
}

/// The real path `path` would have, when it is a document in the overlay that
/// is not on disk yet (a new file, not saved): the real path of its folder
/// and its name.
pub(crate) fn unsaved(path: &Path) -> Option<PathBuf> {
    let documents = snapshot()?;
    let key = real_path(path)?;
    documents.contains_key(&key).then_some(key)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::confine;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("deckplan-overlay-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_document_is_read_in_place_of_its_file_within_the_limit() {
        let dir = temp("read");
        let file = dir.join("p.toml");
        std::fs::write(&file, "on disk").unwrap();
        set(&file, "in the editor");
        let display = Path::new("p.toml");
        assert_eq!(
            confine::read_text(&file, display, 100).unwrap(),
            "in the editor"
        );
        let error = confine::read_text(&file, display, 5).unwrap_err();
        assert_eq!(
            error.to_string(),
            "`p.toml` is 13 bytes; the limit is 5 bytes"
        );
        remove(&file);
        assert_eq!(confine::read_text(&file, display, 100).unwrap(), "on disk");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_document_not_saved_yet_is_read_inside_its_pack_only() {
        let dir = temp("unsaved");
        let pack = dir.join("pack");
        std::fs::create_dir_all(&pack).unwrap();
        let new = pack.join("new.toml");
        let outside = dir.join("outside.toml");
        set(&new, "new text");
        set(&outside, "secret");
        let root = confine::Root::new(&pack).unwrap();
        let real = root.resolve(&new, Path::new("new.toml")).unwrap();
        assert_eq!(real, root.real().join("new.toml"));
        assert_eq!(
            confine::read_text(&real, Path::new("new.toml"), 100).unwrap(),
            "new text"
        );
        let escape = pack.join("../outside.toml");
        assert!(matches!(
            root.resolve(&escape, Path::new("../outside.toml")),
            Err(confine::ReadError::Escapes { .. })
        ));
        remove(&new);
        remove(&outside);
        assert!(root.resolve(&new, Path::new("new.toml")).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
