//! Parses remembered between loads of unchanged text.
//!
//! The language server checks a whole pack again after every change to one
//! of its files; on a large pack, parsing the files that did not change would
//! be a third of each check. A loader asks [`parsed`] for a file's model: when
//! the memo is on and the same file last held the very same text, the model
//! parsed then is handed back (a clone), otherwise `parse` runs and its result
//! is kept. A model depends only on its file's text and the path it is shown
//! by (both are the key, with the model's type), so a remembered model is the
//! one parsing would give.
//!
//! Off by default: only the language server turns it on ([`enable`]); every
//! other command parses each file once anyway. It is bounded: past
//! [`MOST_FILES`] files or [`MOST_BYTES`] of text it forgets everything and
//! starts again, so a session that reads many packs cannot grow without end.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Most files remembered at once.
pub const MOST_FILES: usize = 16_384;

/// Most text, in bytes, remembered at once.
pub const MOST_BYTES: usize = 64 * 1024 * 1024;

/// A file by where it is, how it is shown, and the model parsed from it.
type Key = (PathBuf, PathBuf, TypeId);

/// The text a model was parsed from, and the model.
struct Entry {
    text: Arc<str>,
    model: Arc<dyn Any + Send + Sync>,
}

#[derive(Default)]
struct Memo {
    entries: HashMap<Key, Entry>,
    bytes: usize,
}

static MEMO: Mutex<Option<Memo>> = Mutex::new(None);

/// Remembers parses from now on.
pub fn enable() {
    if let Ok(mut memo) = MEMO.lock() {
        memo.get_or_insert_with(Memo::default);
    }
}

/// Forgets every parse and stops remembering.
pub fn disable() {
    if let Ok(mut memo) = MEMO.lock() {
        *memo = None;
    }
}

/// The model of the file at `path` (shown as `display`) holding `text`: the
/// one parsed the last time it held this text, or `parse()`, remembered.
pub fn parsed<T: Clone + Send + Sync + 'static>(
    path: &Path,
    display: &Path,
    text: &str,
    parse: impl FnOnce() -> T,
) -> T {
    let key: Key = (path.to_path_buf(), display.to_path_buf(), TypeId::of::<T>());
    // The lock is let go before anything is parsed: files load in parallel,
    // and a parse under the lock would make them wait for each other.
    let remembered = match MEMO.lock().as_deref() {
        Ok(Some(memo)) => Some(
            memo.entries
                .get(&key)
                .filter(|entry| *entry.text == *text)
                .map(|entry| Arc::clone(&entry.model)),
        ),
        Ok(None) | Err(_) => None,
    };
    let Some(remembered) = remembered else {
        return parse();
    };
    if let Some(model) = remembered.and_then(|m| m.downcast::<T>().ok()) {
        return T::clone(&model);
    }
    let model = parse();
    if let Ok(mut memo) = MEMO.lock()
        && let Some(memo) = memo.as_mut()
    {
        memo.remember(key, text, Arc::new(model.clone()));
    }
    model
}

impl Memo {
    fn remember(&mut self, key: Key, text: &str, model: Arc<dyn Any + Send + Sync>) {
        if let Some(old) = self.entries.remove(&key) {
            self.bytes -= old.text.len();
        }
        if self.entries.len() >= MOST_FILES || self.bytes + text.len() > MOST_BYTES {
            self.entries.clear();
            self.bytes = 0;
        }
        if text.len() > MOST_BYTES {
            return;
        }
        self.bytes += text.len();
        self.entries.insert(
            key,
            Entry {
                text: Arc::from(text),
                model,
            },
        );
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A model type of this test's own, so other tests' parses cannot meet it.
    #[derive(Clone, Debug, PartialEq)]
    struct Words(Vec<String>);

    /// Tests that turn the process-wide memo on or off take turns.
    static SWITCHING: Mutex<()> = Mutex::new(());

    #[test]
    fn the_same_text_is_parsed_once_and_a_changed_text_again() {
        let _turn = SWITCHING.lock();
        enable();
        let parses = AtomicUsize::new(0);
        let parse = |text: &str| {
            parses.fetch_add(1, Ordering::SeqCst);
            Words(text.split(' ').map(str::to_string).collect())
        };
        let path = Path::new("/memo-test/page.toml");
        let read = |text: &str| parsed(path, path, text, || parse(text));
        assert_eq!(read("a b"), Words(vec!["a".into(), "b".into()]));
        assert_eq!(read("a b"), Words(vec!["a".into(), "b".into()]));
        assert_eq!(
            parses.load(Ordering::SeqCst),
            1,
            "unchanged text is not parsed again"
        );
        assert_eq!(read("a c"), Words(vec!["a".into(), "c".into()]));
        assert_eq!(parses.load(Ordering::SeqCst), 2, "changed text is parsed");
        // Shown by another path, the same file is another key: its messages differ.
        let shown = Path::new("other/page.toml");
        assert_eq!(
            parsed(path, shown, "a c", || parse("a c")),
            Words(vec!["a".into(), "c".into()])
        );
        assert_eq!(parses.load(Ordering::SeqCst), 3);
    }

    #[test]
    fn nothing_is_parsed_under_the_memos_lock_whether_it_is_on_or_off() {
        let _turn = SWITCHING.lock();
        let parse = || MEMO.try_lock().is_ok();
        let path = Path::new("/memo-test/lock.toml");
        disable();
        assert!(parsed(path, path, "off", parse), "parsed while off");
        enable();
        assert!(parsed(path, path, "on", parse), "parsed while on");
    }

    #[test]
    fn past_its_bounds_the_memo_forgets_and_starts_again() {
        let mut memo = Memo::default();
        let key = |n: usize| {
            (
                PathBuf::from(format!("/f{n}")),
                PathBuf::new(),
                TypeId::of::<u8>(),
            )
        };
        for n in 0..MOST_FILES {
            memo.remember(key(n), "x", Arc::new(0u8));
        }
        assert_eq!(memo.entries.len(), MOST_FILES);
        memo.remember(key(MOST_FILES), "y", Arc::new(0u8));
        assert_eq!(memo.entries.len(), 1, "one more file starts it again");
        assert_eq!(memo.bytes, 1);
        let big = "z".repeat(MOST_BYTES);
        memo.remember(key(0), &big, Arc::new(0u8));
        assert_eq!((memo.entries.len(), memo.bytes), (1, MOST_BYTES));
        memo.remember(key(1), "w", Arc::new(0u8));
        assert_eq!(
            (memo.entries.len(), memo.bytes),
            (1, 1),
            "too many bytes start it again"
        );
    }
}
