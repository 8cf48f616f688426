//! What the Nemesis play-test commands (`move`, `noise`, `intruder`) share:
//! loading the ship a question is asked on, and the play state they name.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::ValueEnum;
use deckplan_schema::nemesis::Ship;

use crate::cli::print_problems;
use crate::nemesis::Nemesis;
use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::PlayState;
use crate::nemesis::rules::state::{door_arg, room_arg, way_arg};
use crate::ship_game;
use crate::targets;

/// How the Nemesis play-test commands print their answer.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayFormat {
    /// Plain sentences.
    Human,
    /// One JSON document.
    Json,
}

/// The ship and the state of play, as every Nemesis play-test command takes them.
#[derive(clap::Args)]
pub struct ShipState {
    /// A Nemesis pack folder, its `pack.toml`, or a ship file.
    pub pack: PathBuf,
    /// A room with a Character in it; repeatable.
    #[arg(long = "character", value_name = "ROOM")]
    pub characters: Vec<String>,
    /// A room with an Intruder in it; repeatable.
    #[arg(long = "intruder", value_name = "ROOM")]
    pub intruders: Vec<String>,
    /// A door's state, e.g. `lab/dock=destroyed` (a Door token in the ship
    /// file stands closed, a corridor without one is open); repeatable.
    #[arg(long = "door", value_name = "ROOM/ROOM=STATE")]
    pub doors: Vec<String>,
    /// A Noise marker: in a corridor (`lab/dock`) or on a technical network's
    /// shared space (its id); repeatable.
    #[arg(long = "noise", value_name = "ROOM/ROOM|NETWORK")]
    pub noise: Vec<String>,
    /// An explored slot room (special rooms always are); repeatable.
    #[arg(long = "explored", value_name = "ROOM")]
    pub explored: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PlayFormat::Human)]
    pub format: PlayFormat,
}

/// Loads the ship a question is asked on. Format errors are printed and give
/// `None`: nothing can be answered on a ship that did not load.
pub fn load_ship(path: &Path) -> anyhow::Result<Option<Ship>> {
    let path = targets::relative_to_cwd(path);
    let (ship, problems) = ship_game::load_ship::<Nemesis>(&targets::sources_of(&path))?;
    if !problems.is_empty() {
        print_problems(&problems, "Fix these problems first.");
        return Ok(None);
    }
    ship.map(Some)
        .with_context(|| format!("{} could not be read", path.display()))
}

/// The play state the arguments name, read against the ship.
pub fn play_state(graph: &ShipGraph<'_>, args: &ShipState) -> anyhow::Result<PlayState> {
    let mut state = PlayState::default();
    for text in &args.characters {
        *state.characters.entry(room_arg(graph, text)?).or_default() += 1;
    }
    for text in &args.intruders {
        *state.intruders.entry(room_arg(graph, text)?).or_default() += 1;
    }
    for text in &args.doors {
        let (corridor, door) = door_arg(graph, text)?;
        state.doors.insert(corridor, door);
    }
    for text in &args.noise {
        state.noise.insert(way_arg(graph, text)?);
    }
    for text in &args.explored {
        state.explored.insert(room_arg(graph, text)?);
    }
    Ok(state)
}
