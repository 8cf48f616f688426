//! Autosave and crash recovery.
//!
//! Every 30 seconds of unsaved work, the document is written in canonical
//! form to its own folder under the state folder
//! (`~/.local/state/deckplan/recovery/<slot>/`), laid out like the pack
//! itself, with a small `manifest.json` saying where it belongs. A normal
//! save or close deletes the folder; so a folder found at start-up is work a
//! crash would otherwise have lost, and the editor offers to recover it.
//!
//! The manifest is written last, so a crash in the middle of an autosave
//! leaves either the previous complete autosave or none to offer.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use deckplan_schema::save::write_atomically;
use serde::{Deserialize, Serialize};

use crate::files::Origin;

/// What the autosaver reads of a document, whatever its game.
pub trait Autosave {
    /// The ruleset of its game, so recovery reopens it with the same game.
    fn ruleset(&self) -> &'static str;
    /// Where it lives.
    fn origin(&self) -> &Origin;
    /// Its title, for the recovery dialog.
    fn title(&self) -> String;
    /// Whether there are unsaved changes.
    fn is_dirty(&self) -> bool;
    /// Bumped on every change.
    fn generation(&self) -> u64;
    /// Every file of the document in canonical form, by its path in the
    /// autosave folder: laid out like the pack, or a lone file under its name.
    fn files(&self) -> Vec<(PathBuf, String)>;
    /// Files the next save copies into the pack (pack-relative path → the
    /// file chosen), named in the autosave but not copied.
    fn pending_copies(&self) -> BTreeMap<String, PathBuf> {
        BTreeMap::new()
    }
}

/// How often unsaved work is autosaved.
pub const INTERVAL: Duration = Duration::from_secs(30);

const MANIFEST: &str = "manifest.json";

/// What kind of document an autosave holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A pack folder.
    Pack,
    /// A lone board file (`page` in older autosaves, which still recover).
    #[serde(alias = "page")]
    File,
    /// A pack never saved.
    New,
}

/// Where an autosave belongs and when it was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Version of this manifest.
    pub format: u32,
    /// What the folder holds.
    pub kind: Kind,
    /// The game (an autosave that names none is of the default game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// Where the document lives (the pack folder or the lone file); none for a new pack.
    pub path: Option<PathBuf>,
    /// The document's title, for the recovery dialog.
    pub title: String,
    /// When it was written (seconds since 1970).
    pub saved_at: u64,
    /// The editor process that wrote it.
    pub pid: u32,
    /// For a lone file: its name inside the slot folder (`page_file` in
    /// older autosaves).
    #[serde(alias = "page_file")]
    pub file_name: Option<String>,
    /// Scans chosen from outside the pack and not yet copied into it
    /// (pack-relative path → chosen file): the autosave names them but does
    /// not copy them, so recovering shows them from where they are.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pending_scans: BTreeMap<String, PathBuf>,
}

/// An autosave found at start-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its folder.
    pub slot: PathBuf,
    /// What it says about itself.
    pub manifest: Manifest,
}

impl Found {
    /// Where it belongs and how old it is: `…/maps/derelict, autosaved 3 min ago`.
    pub fn describe(&self) -> String {
        let age = now_secs().saturating_sub(self.manifest.saved_at);
        let when = match age {
            0..60 => "less than a minute ago".to_string(),
            60..3600 => format!("{} min ago", age / 60),
            3600..86400 => format!("{} h ago", age / 3600),
            _ => format!("{} days ago", age / 86400),
        };
        match &self.manifest.path {
            Some(path) => format!("{}, autosaved {when}", crate::paths::shown(path)),
            None => format!("never saved, autosaved {when}"),
        }
    }
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The slot folder name for a document: one per path, so reopening a pack
/// after a crash finds its autosave; a new pack gets one per editor session.
pub fn slot_name(origin: &Origin, session: u64) -> String {
    match origin.path() {
        Some(path) => {
            // FNV-1a: stable across runs and platforms, unlike `DefaultHasher`.
            let hash = path
                .to_string_lossy()
                .bytes()
                .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
            format!("doc-{hash:016x}")
        }
        None => format!("new-{}-{session}", std::process::id()),
    }
}

/// Writes the document into `slot` (manifest last).
pub fn write(slot: &Path, doc: &dyn Autosave) -> std::io::Result<()> {
    std::fs::create_dir_all(slot)?;
    let (kind, file_name) = match doc.origin() {
        Origin::Pack { .. } => (Kind::Pack, None),
        Origin::New => (Kind::New, None),
        Origin::File { .. } => (Kind::File, Some(doc.title())),
    };
    for (path, text) in doc.files() {
        let path = slot.join(path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_atomically(&path, &text)?;
    }
    let manifest = Manifest {
        format: 1,
        kind,
        ruleset: Some(doc.ruleset().to_string()),
        path: doc.origin().path().map(Path::to_path_buf),
        title: doc.title(),
        saved_at: now_secs(),
        pid: std::process::id(),
        file_name,
        pending_scans: doc.pending_copies(),
    };
    let text = serde_json::to_string_pretty(&manifest).map_err(std::io::Error::other)?;
    write_atomically(&slot.join(MANIFEST), &text)
}

/// Deletes an autosave.
pub fn remove(slot: &Path) {
    let _ = std::fs::remove_dir_all(slot);
}

/// Whether another editor still running wrote this (its autosave is not
/// abandoned). Only Linux can tell; elsewhere every autosave is offered.
fn written_by_a_live_editor(manifest: &Manifest) -> bool {
    manifest.pid != std::process::id()
        && cfg!(target_os = "linux")
        && Path::new("/proc").join(manifest.pid.to_string()).exists()
}

/// The abandoned autosaves under `root`, newest first.
pub fn find(root: &Path) -> Vec<Found> {
    let Ok(entries) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    let mut found: Vec<Found> = entries
        .flatten()
        .filter_map(|entry| {
            let slot = entry.path();
            let text = std::fs::read_to_string(slot.join(MANIFEST)).ok()?;
            let manifest: Manifest = serde_json::from_str(&text).ok()?;
            (!written_by_a_live_editor(&manifest)).then_some(Found { slot, manifest })
        })
        .collect();
    found.sort_by_key(|f| std::cmp::Reverse(f.manifest.saved_at));
    found
}

impl Found {
    /// Where the autosave's files are to be opened from (its folder, or the
    /// lone file in it) and the origin the document returns to; `None` when
    /// the manifest is incomplete.
    pub fn source(&self) -> Option<(PathBuf, Origin)> {
        let manifest = &self.manifest;
        match (manifest.kind, &manifest.path, &manifest.file_name) {
            (Kind::File, Some(file), Some(name)) => {
                Some((self.slot.join(name), Origin::File { file: file.clone() }))
            }
            (Kind::Pack, Some(folder), _) => Some((
                self.slot.clone(),
                Origin::Pack {
                    folder: folder.clone(),
                },
            )),
            (Kind::New, _, _) => Some((self.slot.clone(), Origin::New)),
            _ => None,
        }
    }

    /// Why an autosave cannot be opened.
    pub fn incomplete(&self) -> crate::files::LoadFailure {
        crate::files::LoadFailure {
            title: self.manifest.title.clone(),
            problems: vec![format!(
                "{}: the autosave's manifest is incomplete",
                self.slot.display()
            )],
        }
    }
}

/// Autosaves one document on a timer.
#[derive(Debug)]
pub struct Autosaver {
    root: PathBuf,
    interval: Duration,
    session: u64,
    /// The slot written for the open document, if any.
    slot: Option<PathBuf>,
    /// The document generation last written.
    written: Option<u64>,
    last: Instant,
}

impl Autosaver {
    /// An autosaver writing under `root` every `interval`.
    pub fn new(root: PathBuf, interval: Duration) -> Self {
        Self {
            root,
            interval,
            session: 0,
            slot: None,
            written: None,
            last: Instant::now(),
        }
    }

    /// Starts over for a newly opened document (its clock starts now).
    pub fn reset(&mut self) {
        self.session += 1;
        self.slot = None;
        self.written = None;
        self.last = Instant::now();
    }

    /// Autosaves if there is unsaved work and the interval has passed; returns
    /// when the next check is due.
    pub fn tick(&mut self, doc: &dyn Autosave, now: Instant) -> Result<Duration, std::io::Error> {
        if !doc.is_dirty() {
            return Ok(self.interval);
        }
        let due = self.last + self.interval;
        if now < due {
            return Ok(due - now);
        }
        self.last = now;
        if self.written == Some(doc.generation()) && self.slot.is_some() {
            return Ok(self.interval);
        }
        let slot = self.root.join(slot_name(doc.origin(), self.session));
        if let Some(old) = self.slot.as_ref().filter(|old| **old != slot) {
            remove(old); // the document moved (Save As): its old autosave is stale
        }
        write(&slot, doc)?;
        self.slot = Some(slot);
        self.written = Some(doc.generation());
        Ok(self.interval)
    }

    /// Makes the next [`Autosaver::tick`] write at once (after recovering
    /// work, so it is protected again without waiting).
    pub fn due_now(&mut self) {
        self.last = Instant::now()
            .checked_sub(self.interval)
            .unwrap_or_else(Instant::now);
        self.written = None;
    }

    /// The work is safe on disk (saved, or deliberately discarded): the
    /// autosave goes.
    pub fn clear(&mut self) {
        if let Some(slot) = self.slot.take() {
            remove(&slot);
        }
        self.written = None;
        self.last = Instant::now();
    }

    /// The folder of the open document's autosave, if one was written.
    pub fn slot(&self) -> Option<&Path> {
        self.slot.as_deref()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn an_older_manifest_of_a_lone_file_still_recovers() {
        let text = r#"{"format": 1, "kind": "page", "path": "/maps/l1p1.toml",
            "title": "L1p1", "saved_at": 1, "pid": 1, "page_file": "l1p1.toml"}"#;
        let manifest: Manifest = serde_json::from_str(text).unwrap();
        assert_eq!(manifest.kind, Kind::File);
        let found = Found {
            slot: PathBuf::from("/autosave/doc-1"),
            manifest,
        };
        assert_eq!(
            found.source(),
            Some((
                PathBuf::from("/autosave/doc-1/l1p1.toml"),
                Origin::File {
                    file: PathBuf::from("/maps/l1p1.toml")
                }
            ))
        );
    }
}
