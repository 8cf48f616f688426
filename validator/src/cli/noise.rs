//! `deckplan noise`: what a Noise roll does in a room of a Nemesis ship, for
//! a die face (1–4, danger, silence), or for every face at once; on an
//! Enormity pack, how the Blips move on the dice assigned to them
//! (`noise_enormity`).

use std::process::ExitCode;

use anyhow::bail;
use deckplan_validator::nemesis::graph::ShipGraph;
use deckplan_validator::nemesis::rules::describe::{outcome_json, outcome_text};
use deckplan_validator::nemesis::rules::state::room_arg;
use deckplan_validator::nemesis::rules::{Face, noise_roll};
use serde_json::json;

use super::nemesis_play::{PlayFormat, ShipState, load_ship, play_state};

/// The arguments of `deckplan noise`.
#[derive(clap::Args)]
#[command(after_help = "Examples:
  deckplan noise maps/kestrel-relay --room cargo --roll 3 --noise hibernatorium/cargo
  deckplan noise maps/derelict-meridian-tithe --spacer L1p1:E3 --blip \"L1p1:I9 ne=2\" --blip \"L1p1:A1 sw=1\"")]
pub struct NoiseArgs {
    #[command(flatten)]
    state: ShipState,
    /// Nemesis: the room the roll is made in.
    #[arg(long, value_name = "ROOM")]
    room: Option<String>,
    /// Nemesis: the die face: 1, 2, 3, 4, danger or silence (every face when left out).
    #[arg(long, value_name = "FACE")]
    roll: Option<String>,
    /// Enormity: a Spacer's space; the first given made the Noise (repeatable).
    #[arg(long = "spacer", value_name = "PAGE:SPACE")]
    spacers: Vec<String>,
    /// Enormity: a Blip and the Noise on the die assigned to it, e.g.
    /// `L1p1:C3 ne=2` (0 for a quiet die; repeatable).
    #[arg(long = "blip", value_name = "PLACE=DIE")]
    blips: Vec<String>,
    /// Enormity: a welded door, e.g. `L1p1:2` (repeatable).
    #[arg(long = "welded-door", alias = "weld-door", value_name = "PAGE:NUMBER")]
    welded: Vec<String>,
}

/// Answers the question.
pub fn run(args: &NoiseArgs) -> anyhow::Result<ExitCode> {
    use deckplan_validator::ruleset::REGISTRY;
    use deckplan_validator::targets::{self, Target};

    let target = Target::of(&targets::relative_to_cwd(&args.state.ship));
    if REGISTRY
        .for_target(&target)
        .is_ok_and(|ruleset| ruleset.name() == "enormity")
    {
        if args.room.is_some() || args.roll.is_some() {
            bail!(
                "--room and --roll are for Nemesis ships; on an Enormity pack give --spacer and --blip"
            );
        }
        return super::noise_enormity::run(&super::noise_enormity::Question {
            pack: &args.state.ship,
            spacers: &args.spacers,
            blips: &args.blips,
            welded: &args.welded,
            json: args.state.format == PlayFormat::Json,
        });
    }
    if !args.spacers.is_empty() || !args.blips.is_empty() || !args.welded.is_empty() {
        bail!("--spacer, --blip and --welded-door are for Enormity packs");
    }
    let Some(room_text) = args.room.as_deref() else {
        bail!("name the room the roll is made in with --room");
    };
    let Some(ship) = load_ship(&args.state.ship)? else {
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
