//! Reading Nemesis packs and ship files from disk: the shared reader of packs
//! that name one board file (`ship_pack.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{FormatError, LoadError};
use crate::load::Loaded;
use crate::ship_pack::{self, OnePack};
use crate::source::{SourceFile, Span};

use super::model::{Ship, ShipPack};
use super::resolve;

impl OnePack for ShipPack {
    type Board = Ship;

    fn parse_pack(source: &Arc<SourceFile>) -> Result<Self, Vec<FormatError>> {
        resolve::parse_pack(source)
    }

    fn parse_board(source: &Arc<SourceFile>) -> Result<Ship, Vec<FormatError>> {
        resolve::parse_ship(source)
    }

    fn board_file(&self) -> (&str, Span) {
        (&self.ship_path, self.ship_span)
    }

    fn set_board(&mut self, board: Option<Ship>) {
        self.ship = board;
    }
}

/// Resolves a ship file from text already read.
pub fn ship_from_source(source: &Arc<SourceFile>) -> Loaded<Ship> {
    ship_pack::loaded(source, resolve::parse_ship(source))
}

/// Resolves a Nemesis `pack.toml` from text already read, without its ship.
pub fn pack_from_source(source: &Arc<SourceFile>) -> Loaded<ShipPack> {
    ship_pack::loaded(source, resolve::parse_pack(source))
}

/// Reads and resolves one ship file on its own.
pub fn load_ship(path: &Path) -> Result<Loaded<Ship>, LoadError> {
    ship_pack::load_board::<ShipPack>(path)
}

/// The ship file a pack names, as a path.
pub fn ship_path(dir: &Path, pack: &ShipPack) -> PathBuf {
    dir.join(&pack.ship_path)
}

/// Reads a pack folder (or its `pack.toml`) and its ship file.
pub fn load_pack(path: &Path) -> Result<Loaded<ShipPack>, LoadError> {
    ship_pack::load_pack(path)
}
