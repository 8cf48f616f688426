//! `deckplan intruder`: where an Intruder on a Nemesis ship goes when an
//! Event card moves it through the corridor with a number.

use std::process::ExitCode;

use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::answer;
use crate::nemesis::rules::describe::intruder_json;
use crate::nemesis::rules::state::room_arg;
use crate::nemesis::rules::{IntruderCause, intruder_move};
use serde_json::json;

use super::play::{PlayFormat, ShipState, load_ship, play_state};

/// The arguments of `deckplan intruder`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan intruder maps/kestrel-relay --room hibernatorium --corridor 3
  deckplan intruder maps/kestrel-relay --room cargo --corridor 1 --character cargo --retreating")]
pub struct IntruderArgs {
    #[command(flatten)]
    state: ShipState,
    /// The Intruder's room.
    #[arg(long, value_name = "ROOM")]
    room: String,
    /// The corridor number on the Event card (or the die, or the Intruder card).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=4))]
    corridor: u8,
    /// The Intruder retreats from Combat, or an Intruder player's Move card
    /// moves it: it moves even from a room with a Character (an Event card
    /// moves only Intruders not in a room with a Character).
    #[arg(long)]
    retreating: bool,
}

/// Answers the question.
pub fn run(args: &IntruderArgs) -> anyhow::Result<ExitCode> {
    let Some(ship) = load_ship(&args.state.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let graph = ShipGraph::new(&ship);
    let state = play_state(&graph, &args.state)?;
    let room = room_arg(&graph, &args.room)?;
    let cause = if args.retreating {
        IntruderCause::Retreat
    } else {
        IntruderCause::Event
    };
    if args.state.format == PlayFormat::Json {
        let options = intruder_move(&graph, &state, room, args.corridor, cause);
        let value = json!({
            "room": room.as_str(),
            "corridor": args.corridor,
            "retreating": args.retreating,
            "options": options.iter().map(|o| intruder_json(&graph, o)).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    for line in answer::intruder(&graph, &state, room, args.corridor, cause) {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}
