//! Saving that cannot lose a file: write a temporary file beside the target,
//! flush it to disk, then rename it over the target in one step.

use std::io::Write;
use std::path::Path;

/// Replaces `path` with `contents` atomically: a crash leaves either the old
/// file or the new one, never a torn file.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file path"))?;
    let temp = dir.join(format!(".{}.deckplan-tmp", name.to_string_lossy()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(contents.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
