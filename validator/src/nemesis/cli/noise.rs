//! `deckplan noise` on a Nemesis ship: what a Noise roll does in a room, for
//! a die face (1–4, danger, silence), or for every face at once.

use std::process::ExitCode;

use anyhow::bail;
use crate::nemesis::graph::ShipGraph;
use crate::nemesis::rules::describe::{outcome_json, outcome_text};
use crate::nemesis::rules::state::room_arg;
use crate::nemesis::rules::{Face, noise_roll};
use serde_json::json;

use super::play::{PlayFormat, ShipState, load_ship, play_state};

/// The arguments of `deckplan noise`.
#[derive(clap::Args)]
#[command(after_help = "Example:
  deckplan noise maps/kestrel-relay --room cargo --roll 3 --noise hibernatorium/cargo")]
pub struct NoiseArgs {
    #[command(flatten)]
    state: ShipState,
    /// The room the roll is made in.
    #[arg(long, value_name = "ROOM")]
    room: Option<String>,
    /// The die face: 1, 2, 3, 4, danger or silence (every face when left out).
    #[arg(long, value_name = "FACE")]
    roll: Option<String>,
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
        None => [1, 2, 3, 4]
            .map(Face::Number)
            .into_iter()
            .chain([Face::Danger, Face::Silence])
            .collect(),
    };
    let results: Vec<_> = faces
        .iter()
        .map(|face| (*face, noise_roll(&graph, &state, room, *face)))
        .collect();
    if args.state.format == PlayFormat::Json {
        let rolls: Vec<_> = results
            .iter()
            .map(|(face, options)| {
                json!({
                    "roll": face.to_string(),
                    "options": options.iter().map(|o| outcome_json(&graph, o)).collect::<Vec<_>>(),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({ "room": room.as_str(), "rolls": rolls }))?
        );
        return Ok(ExitCode::SUCCESS);
    }
    for (face, options) in &results {
        match options.as_slice() {
            [one] => println!("{face} in {room}: {}", outcome_text(&graph, one)),
            many => {
                println!("{face} in {room}: the players choose one of");
                for option in many {
                    println!("  - {}", outcome_text(&graph, option));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
