//! Saving that cannot lose a file and cannot be steered by links: write a
//! temporary file beside the target, flush it to disk, then rename it over
//! the target in one step.
//!
//! - The temporary file has an unpredictable name and is created exclusively
//!   (`create_new`), which never follows a link: a link committed beside the
//!   target cannot redirect the write.
//! - The rename replaces whatever is at the target, a link included, without
//!   following it. To write through a link that stays inside a pack, resolve
//!   it first ([`crate::confine::Root::resolve`]) and save to the real path.
//! - The target's permission bits are kept.

use std::hash::{BuildHasher as _, Hasher as _};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Replaces `path` with `contents` atomically: a crash leaves either the old
/// file or the new one, never a torn file.
pub fn write_atomically(path: &Path, contents: &str) -> std::io::Result<()> {
    write_bytes_atomically(path, contents.as_bytes())
}

/// [`write_atomically`] for bytes (pictures).
pub fn write_bytes_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other("not a file path"))?;
    let existing = std::fs::symlink_metadata(path)
        .ok()
        .filter(std::fs::Metadata::is_file);
    let (temp, mut file) = create_temp(dir, &name.to_string_lossy())?;
    let result = (|| {
        if let Some(existing) = existing {
            file.set_permissions(existing.permissions())?;
        }
        file.write_all(contents)?;
        file.sync_all()?;
        drop(file);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// Creates a new, empty temporary file in `dir` with an unpredictable name.
fn create_temp(dir: &Path, name: &str) -> std::io::Result<(PathBuf, std::fs::File)> {
    let mut last = None;
    for attempt in 0..16u32 {
        // `RandomState` is seeded from the operating system's randomness.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        hasher.write_u32(attempt);
        let token = hasher.finish();
        let temp = dir.join(format!(".{name}.{token:016x}.deckplan-tmp"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("cannot create a temporary file")))
}

/// Creates `base/relative` folder by folder, refusing to go through a link
/// (or anything but a folder) that is already there, so an output folder
/// cannot be redirected by a link planted in it. `base` itself, the folder
/// the user named, may be a link. Returns the folder.
pub fn create_dir_within(base: &Path, relative: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(base)?;
    let mut dir = base.to_path_buf();
    for part in relative.components() {
        let std::path::Component::Normal(part) = part else {
            return Err(std::io::Error::other(format!(
                "`{}` must lead down from `{}`",
                relative.display(),
                base.display()
            )));
        };
        dir.push(part);
        match std::fs::create_dir(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let metadata = std::fs::symlink_metadata(&dir)?;
                if !metadata.is_dir() {
                    return Err(std::io::Error::other(format!(
                        "`{}` is already there and is not a folder (links are not followed)",
                        dir.display()
                    )));
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(dir)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::testutil::scratch as temp;

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept_and_no_temporary_file_is_left() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = temp("mode");
        let file = dir.join("p.toml");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&file, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["p.toml"]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_target_is_replaced_not_followed() {
        let dir = temp("link");
        let outside = dir.join("outside.txt");
        std::fs::write(&outside, "keep").unwrap();
        std::fs::create_dir(dir.join("out")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("out/p.png")).unwrap();
        write_atomically(&dir.join("out/p.png"), "new").unwrap();
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        assert!(
            !std::fs::symlink_metadata(dir.join("out/p.png"))
                .unwrap()
                .is_symlink()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn an_output_folder_does_not_follow_a_planted_link() {
        let dir = temp("dirs");
        std::fs::create_dir(dir.join("elsewhere")).unwrap();
        std::fs::create_dir(dir.join("out")).unwrap();
        std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("out/pack")).unwrap();
        let error = create_dir_within(&dir.join("out"), Path::new("pack")).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "`{}` is already there and is not a folder (links are not followed)",
                dir.join("out/pack").display()
            )
        );
        assert_eq!(
            create_dir_within(&dir.join("out"), Path::new("a/b")).unwrap(),
            dir.join("out/a/b")
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
