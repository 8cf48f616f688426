//! `deckplan noise` on a Nemesis ship: what a Noise roll does in a room, for
//! a die face (1–4, danger, silence), or for every face at once.

use std::process::ExitCode;

use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::answer;
use crate::nemesis::rules::describe::outcome_json;
use crate::nemesis::rules::state::room_arg;
use crate::nemesis::rules::{Face, Roller, noise_roll, roller_in_combat};
use anyhow::bail;
use serde_json::json;

use super::play::{PlayFormat, ShipState, load_ship, play_state};

/// The arguments of `deckplan noise`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan noise maps/kestrel-relay --room cargo --roll 3 --noise hibernatorium/cargo
  deckplan noise maps/kestrel-relay --room cargo --roll silence --slime --intruder engine-2 --character engine-2")]
pub struct NoiseArgs {
    #[command(flatten)]
    state: ShipState,
    /// The room the roll is made in.
    #[arg(long, value_name = "ROOM")]
    room: Option<String>,
    /// The die face: 1, 2, 3, 4, danger or silence (every face when left out).
    #[arg(long, value_name = "FACE")]
    roll: Option<String>,
    /// The Character rolling carries a Slime marker: Silence counts as Danger.
    #[arg(long)]
    slime: bool,
}

/// Answers the question.
pub fn run(args: &NoiseArgs) -> anyhow::Result<ExitCode> {
    let Some(room_text) = args.room.as_deref() else {
        bail!("name the room the roll is made in with --room");
    };
    let Some(ship) = load_ship(&args.state.pack)? else {
        return Ok(ExitCode::from(1));
    };
    let graph = ShipGraph::new(&ship);
    let state = play_state(&graph, &args.state)?;
    let room = room_arg(&graph, room_text)?;
    let faces = match &args.roll {
        Some(text) => match Face::parse(text) {
            Some(face) => vec![face],
            None => bail!("`{text}` is not a Noise die face; use 1, 2, 3, 4, danger or silence"),
        },
        None => answer::every_face(),
    };
    let roller = Roller { slimed: args.slime };
    if args.state.format != PlayFormat::Json {
        for line in answer::noise(&graph, &state, room, &faces, roller) {
            println!("{line}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    // A Character in a room with an Intruder is in Combat and rolls no Noise.
    if roller_in_combat(&state, room) {
        let value = json!({ "room": room.as_str(), "in_combat": true, "rolls": [] });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(ExitCode::SUCCESS);
    }
    let counted = |face: Face| {
        let as_counted = face.counted_for(roller);
        (as_counted != face).then_some(as_counted)
    };
    let rolls: Vec<_> = faces
        .iter()
        .map(|face| {
            let options = noise_roll(&graph, &state, room, *face, roller);
            json!({
                "roll": face.to_string(),
                "counts_as": counted(*face).map(|f| f.to_string()),
                "options": options.iter().map(|o| outcome_json(&graph, o)).collect::<Vec<_>>(),
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::to_string_pretty(
            &json!({ "room": room.as_str(), "slimed": args.slime, "in_combat": false, "rolls": rolls })
        )?
    );
    Ok(ExitCode::SUCCESS)
}
