//! The texts a check, a format or a drawing reads: one target's files, from
//! disk or from memory.
//!
//! Every command turns file texts into findings the same way, whoever read
//! them: `deckplan lint` from disk, the language server from the buffers an
//! editor has open, the desktop editor from the document it holds. What
//! differs is only where a file's text comes from, so that is all a
//! [`Sources`] says: the [`Target`] (a pack folder, or a lone board file),
//! the texts given in memory by path, and whether files not given are read
//! from disk. A game's loader asks it for the target's top file and for each
//! file the pack names, and never opens a file itself.
//!
//! Reads keep the rules of [`confine`]: a file a pack names is read only
//! inside the pack folder (a link that leads out is refused, naming it),
//! only regular files are read, and a text held in memory is held to the
//! same size limit as a file. A text in memory is found by where the file is
//! in the pack, so a document not saved yet is read where it would be.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::confine::{self, ReadError, Root};
use crate::error::LoadError;
use crate::limits;
use crate::load::{PACK_FILE, clean};
use crate::source::SourceFile;

/// What one command reads: a pack folder with the files it names, or one
/// board file on its own.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// A pack folder: its `pack.toml` and the files that names.
    Pack(PathBuf),
    /// A board file read on its own, without its pack.
    File(PathBuf),
}

impl Target {
    /// The pack folder or the file.
    pub fn path(&self) -> &Path {
        match self {
            Self::Pack(path) | Self::File(path) => path,
        }
    }

    /// The file the target is named by: a pack's `pack.toml`, or the file.
    pub fn top_file(&self) -> PathBuf {
        match self {
            Self::Pack(dir) => dir.join(PACK_FILE),
            Self::File(path) => path.clone(),
        }
    }

    /// Whether it is a pack.
    pub fn is_pack(&self) -> bool {
        matches!(self, Self::Pack(_))
    }
}

/// A file's text as read, with where it really is.
#[derive(Clone, Debug)]
pub struct Read {
    /// The text, under the path shown in messages.
    pub source: Arc<SourceFile>,
    /// The real file, links inside the pack resolved: where `fmt` writes, so
    /// that a link stays a link. For a text held in memory, where the file
    /// is or would be.
    pub real: PathBuf,
}

/// One target's files: texts given in memory, and the rest from disk.
#[derive(Clone, Debug)]
pub struct Sources {
    target: Target,
    /// Texts in memory, by their path inside the pack folder (for a lone
    /// file, the empty path).
    texts: Arc<BTreeMap<PathBuf, Arc<str>>>,
    /// Whether files with no text in memory are read from disk.
    disk: bool,
    /// The pack folder's real path, found on the first read from disk.
    root: OnceLock<Result<Root, Arc<ReadError>>>,
}

impl Sources {
    /// A target read from disk.
    pub fn disk(target: Target) -> Self {
        Self {
            target,
            texts: Arc::default(),
            disk: true,
            root: OnceLock::new(),
        }
    }

    /// A target held in memory only: a file with no text given is missing,
    /// and nothing is read from disk (a document not saved yet).
    pub fn memory(target: Target) -> Self {
        Self {
            disk: false,
            ..Self::disk(target)
        }
    }

    /// A pack read from disk, named by its folder or its `pack.toml`.
    pub fn pack(path: &Path) -> Self {
        let dir = if path.file_name().is_some_and(|n| n == PACK_FILE) && !path.is_dir() {
            match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
                _ => PathBuf::from("."),
            }
        } else {
            path.to_path_buf()
        };
        Self::disk(Target::Pack(dir))
    }

    /// A lone board file read from disk.
    pub fn file(path: &Path) -> Self {
        Self::disk(Target::File(path.to_path_buf()))
    }

    /// With `text` read in place of the file at `path` (as given, or its
    /// real path). A path that is not a file of the target is ignored: the
    /// target never reads it.
    #[must_use]
    pub fn with_text(mut self, path: &Path, text: impl Into<Arc<str>>) -> Self {
        self.set_text(path, text);
        self
    }

    /// Reads `text` in place of the file at `path` (see [`Self::with_text`]);
    /// returns whether the path is a file of the target.
    pub fn set_text(&mut self, path: &Path, text: impl Into<Arc<str>>) -> bool {
        let Some(key) = self.key_of(path) else {
            return false;
        };
        Arc::make_mut(&mut self.texts).insert(key, text.into());
        true
    }

    /// What is read.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The pack folder, when the target is a pack.
    pub fn pack_dir(&self) -> Option<&Path> {
        match &self.target {
            Target::Pack(dir) => Some(dir),
            Target::File(_) => None,
        }
    }

    /// The target's top file: a pack's `pack.toml` (inside the folder only),
    /// or the lone file (a link there is the user's choice, and followed).
    pub fn top_file(&self) -> Result<Read, LoadError> {
        match &self.target {
            Target::Pack(_) => {
                let display = self.display(PACK_FILE);
                if !self.disk || self.texts.contains_key(Path::new(PACK_FILE)) {
                    return self
                        .read(PACK_FILE)
                        .map_err(|e| LoadError::from_read(&display, e));
                }
                // The folder is checked first, so a missing one is named as
                // the folder rather than its `pack.toml`.
                self.root()
                    .map_err(|e| LoadError::from_read(self.dir(), e))?;
                self.read(PACK_FILE)
                    .map_err(|e| LoadError::from_read(&display, e))
            }
            Target::File(path) => {
                let display = clean(path);
                let read = match self.texts.get(Path::new("")) {
                    Some(text) => held(text, &display).map(|source| Read {
                        source,
                        real: path.clone(),
                    }),
                    None if self.disk => confine::read_text(path, &display, limits::MAX_FILE_BYTES)
                        .map(|text| Read {
                            source: SourceFile::new(&display, text),
                            real: path.canonicalize().unwrap_or_else(|_| path.clone()),
                        }),
                    None => Err(missing(&display)),
                };
                read.map_err(|e| LoadError::from_read(&display, e))
            }
        }
    }

    /// A file the pack names, by its path as written there (relative to the
    /// pack folder), read inside the pack folder only. For a lone file, a
    /// path relative to its folder.
    pub fn read(&self, written: &str) -> Result<Read, ReadError> {
        let path = self.dir().join(written);
        let display = clean(&path);
        let inside = inside_lexically(Path::new(written));
        if let Some(text) = inside.as_ref().and_then(|key| self.texts.get(key)) {
            return Ok(Read {
                source: held(text, &display)?,
                real: path,
            });
        }
        if !self.disk {
            return Err(match inside {
                Some(_) => missing(&display),
                None => ReadError::Escapes { path },
            });
        }
        let root = self.root()?;
        let real = root.resolve(&path, Path::new(written))?;
        // A link inside the pack to a file held in memory reads that text.
        let held_text = real
            .strip_prefix(root.real())
            .ok()
            .and_then(|key| self.texts.get(key));
        let source = match held_text {
            Some(text) => held(text, &display)?,
            None => SourceFile::new(
                &display,
                confine::read_text(&real, &display, limits::MAX_FILE_BYTES)?,
            ),
        };
        Ok(Read { source, real })
    }

    /// How a file the pack names (as written there) is shown in messages.
    pub fn display(&self, written: &str) -> PathBuf {
        clean(&self.dir().join(written))
    }

    /// Whether a file the pack names (as written there) can be read: held in
    /// memory, or a regular file inside the pack folder.
    pub fn has(&self, written: &str) -> bool {
        let inside = inside_lexically(Path::new(written));
        if inside
            .as_ref()
            .is_some_and(|key| self.texts.contains_key(key))
        {
            return true;
        }
        self.disk
            && self.root().is_ok_and(|root| {
                root.resolve(&self.dir().join(written), Path::new(written))
                    .is_ok_and(|real| real.is_file())
            })
    }

    /// The folder the target's files are read from: the pack folder, or the
    /// lone file's folder.
    fn dir(&self) -> &Path {
        match &self.target {
            Target::Pack(dir) if dir.as_os_str().is_empty() => Path::new("."),
            Target::Pack(dir) => dir,
            Target::File(path) => match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            },
        }
    }

    /// The folder reads from disk are confined to, links resolved.
    fn root(&self) -> Result<&Root, ReadError> {
        let dir = self.dir();
        self.root
            .get_or_init(|| Root::new(dir).map_err(Arc::new))
            .as_ref()
            .map_err(|e| copy_error(e))
    }

    /// Where the file at `path` is in the target: its path inside the pack
    /// folder (the empty path for the lone file), found from the path as
    /// given or from its real path.
    fn key_of(&self, path: &Path) -> Option<PathBuf> {
        match &self.target {
            Target::Pack(dir) => {
                let lexical = clean(path)
                    .strip_prefix(clean(dir))
                    .ok()
                    .and_then(inside_lexically);
                lexical.or_else(|| {
                    let real = real_path(path)?;
                    inside_lexically(real.strip_prefix(real_path(dir)?).ok()?)
                })
            }
            Target::File(file) => {
                let same = clean(path) == clean(file)
                    || real_path(path).is_some_and(|real| Some(real) == real_path(file));
                same.then(PathBuf::new)
            }
        }
    }
}

/// `relative` with `.` and `..` worked out, when it stays inside the folder
/// it is relative to; `None` for an absolute path or one that climbs out.
fn inside_lexically(relative: &Path) -> Option<PathBuf> {
    let mut inside = PathBuf::new();
    for part in relative.components() {
        match part {
            Component::Normal(name) => inside.push(name),
            Component::CurDir => {}
            Component::ParentDir => {
                if !inside.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!inside.as_os_str().is_empty()).then_some(inside)
}

/// The real path of `path`, links resolved, or for a file not saved yet the
/// real path of its folder and its name.
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

/// A text held in memory, within the size limit of a file.
fn held(text: &Arc<str>, display: &Path) -> Result<Arc<SourceFile>, ReadError> {
    let size = text.len() as u64;
    if size > limits::MAX_FILE_BYTES {
        return Err(ReadError::TooLarge {
            path: display.to_path_buf(),
            size,
            limit: limits::MAX_FILE_BYTES,
        });
    }
    Ok(SourceFile::new(display, text.to_string()))
}

/// The refusal of a file that is neither in memory nor read from disk.
fn missing(display: &Path) -> ReadError {
    ReadError::Io {
        path: display.to_path_buf(),
        reason: std::io::Error::new(std::io::ErrorKind::NotFound, "No such file or directory"),
    }
}

/// A remembered refusal of the pack folder, for each read that meets it.
fn copy_error(error: &ReadError) -> ReadError {
    match error {
        ReadError::Io { path, reason } => ReadError::Io {
            path: path.clone(),
            reason: std::io::Error::new(reason.kind(), reason.to_string()),
        },
        other => ReadError::Io {
            path: PathBuf::new(),
            reason: std::io::Error::other(other.to_string()),
        },
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::testutil::scratch as temp;

    fn text(read: Result<Read, ReadError>) -> String {
        read.unwrap().source.text().to_string()
    }

    #[test]
    fn a_text_in_memory_is_read_in_place_of_its_file_within_the_limit() {
        let dir = temp("memory");
        std::fs::write(dir.join("p.toml"), "on disk").unwrap();
        std::fs::write(dir.join("q.toml"), "q on disk").unwrap();
        let sources = Sources::disk(Target::Pack(dir.clone()));
        assert_eq!(text(sources.read("p.toml")), "on disk");
        let sources = sources.with_text(&dir.join("p.toml"), "in the editor");
        assert_eq!(text(sources.read("p.toml")), "in the editor");
        assert_eq!(text(sources.read("./q.toml")), "q on disk");
        let big = "x".repeat(usize::try_from(limits::MAX_FILE_BYTES).unwrap() + 1);
        let sources = sources.with_text(&dir.join("p.toml"), big);
        assert!(matches!(
            sources.read("p.toml"),
            Err(ReadError::TooLarge { .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_text_not_saved_yet_is_read_inside_its_pack_only() {
        let dir = temp("unsaved");
        let pack = dir.join("pack");
        std::fs::create_dir_all(&pack).unwrap();
        std::fs::write(dir.join("outside.toml"), "secret").unwrap();
        let mut sources = Sources::disk(Target::Pack(pack.clone()));
        assert!(sources.set_text(&pack.join("new.toml"), "new text"));
        assert!(
            !sources.set_text(&dir.join("outside.toml"), "other"),
            "a file outside the pack is not the pack's"
        );
        let read = sources.read("new.toml").unwrap();
        assert_eq!(read.source.text(), "new text");
        assert_eq!(read.source.path(), clean(&pack.join("new.toml")));
        assert!(matches!(
            sources.read("../outside.toml"),
            Err(ReadError::Escapes { .. })
        ));
        assert!(sources.has("new.toml"));
        assert!(!sources.has("missing.toml"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_target_in_memory_reads_nothing_from_disk() {
        let dir = temp("virtual");
        std::fs::write(dir.join("pack.toml"), "on disk").unwrap();
        std::fs::write(dir.join("ship.toml"), "on disk").unwrap();
        let sources = Sources::memory(Target::Pack(dir.clone()))
            .with_text(&dir.join("pack.toml"), "in memory");
        assert_eq!(sources.top_file().unwrap().source.text(), "in memory");
        let error = sources.read("ship.toml").unwrap_err();
        assert!(
            matches!(&error, ReadError::Io { reason, .. } if reason.kind() == std::io::ErrorKind::NotFound),
            "{error:?}"
        );
        assert!(matches!(
            sources.read("../x.toml"),
            Err(ReadError::Escapes { .. })
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_inside_the_pack_reads_the_text_held_for_its_file() {
        let dir = temp("link");
        std::fs::write(dir.join("real.toml"), "on disk").unwrap();
        std::os::unix::fs::symlink("real.toml", dir.join("link.toml")).unwrap();
        let sources =
            Sources::disk(Target::Pack(dir.clone())).with_text(&dir.join("real.toml"), "held");
        let read = sources.read("link.toml").unwrap();
        assert_eq!(read.source.text(), "held");
        assert_eq!(read.real, dir.canonicalize().unwrap().join("real.toml"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_lone_file_is_read_from_memory_or_disk() {
        let dir = temp("lone");
        let file = dir.join("page.toml");
        std::fs::write(&file, "on disk").unwrap();
        let sources = Sources::file(&file);
        assert_eq!(sources.top_file().unwrap().source.text(), "on disk");
        let sources = sources.with_text(&file, "held");
        assert_eq!(sources.top_file().unwrap().source.text(), "held");
        let missing = Sources::file(&dir.join("none.toml"));
        assert!(matches!(missing.top_file(), Err(LoadError::Io { .. })));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn paths_that_climb_out_are_not_inside() {
        assert_eq!(
            inside_lexically(Path::new("a/./b/../c.toml")),
            Some(PathBuf::from("a/c.toml"))
        );
        assert_eq!(inside_lexically(Path::new("../c.toml")), None);
        assert_eq!(inside_lexically(Path::new("/etc/passwd")), None);
        assert_eq!(inside_lexically(Path::new("a/../../c.toml")), None);
    }
}
