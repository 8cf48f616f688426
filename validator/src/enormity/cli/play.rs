//! What the play-test commands (`reach`, `blip`, `los`) share: loading the
//! pack a question is asked on, and the figures and doors it names.

use std::path::Path;

use anyhow::{Context as _, bail};
use clap::ValueEnum;

use crate::cli::print_load_errors;
use crate::targets;

/// How the `blip` and `los` commands print their answer.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// Plain sentences.
    Human,
    /// One JSON document.
    Json,
}

/// Loads the pack a rules question is asked on. Format errors are printed and
/// give `None`: nothing can be answered on a pack that did not load.
pub fn load_rules_pack(path: &Path) -> anyhow::Result<Option<deckplan_schema::enormity::Pack>> {
    let path = targets::relative_to_cwd(path);
    let loaded = deckplan_schema::enormity::load::load_pack(&targets::sources_of(&path))?;
    if !loaded.errors.is_empty() {
        print_load_errors(loaded.errors, "Fix these problems first.");
        return Ok(None);
    }
    loaded
        .value
        .map(Some)
        .with_context(|| format!("{} could not be read", path.display()))
}

/// [`load_rules_pack`] for `blip` and `los`, where a pack that did not load
/// is a failure (exit 2).
pub fn require_rules_pack(path: &Path) -> anyhow::Result<deckplan_schema::enormity::Pack> {
    load_rules_pack(path)?.with_context(|| {
        format!(
            "{} could not be read",
            targets::relative_to_cwd(path).display()
        )
    })
}

/// The figures and doors a rules question names, each flag's places as given.
#[derive(Default)]
pub struct Pieces<'a> {
    /// Spacers' spaces.
    pub spacers: &'a [String],
    /// Unsuppressed baseline Intruders' spaces.
    pub intruders: &'a [String],
    /// Blips' intersections.
    pub blips: &'a [String],
    /// Opened doors.
    pub opened: &'a [String],
    /// Welded doors.
    pub welded: &'a [String],
}

/// The play state of a rules question: Spacers and unsuppressed baseline
/// Intruders facing north, Blips, and opened and welded doors, every place
/// read by [`place_arg`](crate::enormity::rules::place_arg) against the pack.
fn play_state(
    pack: &deckplan_schema::enormity::Pack,
    pieces: &Pieces<'_>,
) -> anyhow::Result<crate::enormity::rules::PlayState> {
    use crate::enormity::rules::{DoorState, Intruder, PlayState, place_arg};
    use deckplan_schema::enormity::Direction;

    let mut state = PlayState::default();
    for text in pieces.spacers {
        let at = place_arg::parse_space(pack, text)?;
        if state.spacers.insert(at, Direction::North).is_some() {
            bail!("the Spacer on {at} is given twice with --spacer; give each Spacer once");
        }
    }
    for text in pieces.intruders {
        let intruder = Intruder {
            baseline: true,
            suppressed: false,
            facing: Direction::North,
        };
        let at = place_arg::parse_space(pack, text)?;
        if state.spacers.contains_key(&at) {
            bail!("{at} is given both a Spacer and an Intruder; a space holds one figure");
        }
        if state.intruders.insert(at, intruder).is_some() {
            bail!("the Intruder on {at} is given twice with --intruder; give each Intruder once");
        }
    }
    for text in pieces.blips {
        let at = place_arg::parse_intersection(pack, text)?;
        if !state.blips.insert(at) {
            bail!("the Blip on {at} is given twice with --blip; give each Blip once");
        }
    }
    for (texts, door, flag) in [
        (pieces.opened, DoorState::Open, "--open-door"),
        (pieces.welded, DoorState::Welded, "--welded-door"),
    ] {
        for text in texts {
            let key = place_arg::parse_door(pack, text)?;
            if let Some(before) = state.doors.insert(key, door) {
                let (page, number) = key;
                let again = if before == door {
                    format!("twice with {flag}")
                } else {
                    "both open and welded".to_string()
                };
                bail!("{page} door {number} is given {again}; give each door once");
            }
        }
    }
    Ok(state)
}

/// [`play_state`] checked against the board: every figure on a space it can
/// stand on, no Blip under two names (see [`PlayState::check`]).
///
/// [`PlayState::check`]: crate::enormity::rules::PlayState::check
pub fn checked_play_state(
    board: &crate::enormity::board::Board<'_>,
    pieces: &Pieces<'_>,
) -> anyhow::Result<crate::enormity::rules::PlayState> {
    let state = play_state(board.pack, pieces)?;
    state.check(board)?;
    Ok(state)
}
